"""A return visit starts Python from a memory snapshot made in this browser, and
a bad snapshot is a normal start with nothing shown."""

import re

import pytest
from playwright.sync_api import expect

from browser_steps import BOOT_TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.snapshot]

SNAPSHOT = "document.documentElement.dataset.snapshot"


def test_return_visit_starts_from_the_snapshot_and_a_bad_one_is_ignored(
        page, open_game, page_watch, drawn_domino, wait_for_boot):
    open_game(page)
    page.wait_for_function(f"{SNAPSHOT} === 'saved'", timeout=3 * BOOT_TIMEOUT_MS)

    page.reload()
    assert wait_for_boot(page) == "ready"
    assert page.evaluate(SNAPSHOT) == "used"
    drawn_domino(page)
    # A screen whose modules were not imported at start-up still loads from the bundle.
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")
    page.get_by_role("button", name="Leave the scorekeeper").click()

    # The saved snapshot damaged (a wrong build, a broken disk): a normal start.
    page.evaluate("""async () => {
        const cache = await caches.open("rally-snapshot");
        const [key] = await cache.keys();
        await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""")
    page.reload()
    assert wait_for_boot(page) == "ready"
    assert page.evaluate(SNAPSHOT) == "refused"
    drawn_domino(page)
    expect(page.locator("#boot-error")).to_be_hidden()
    page_watch.assert_clean()


def test_a_start_that_fails_after_the_snapshot_drops_it(page, open_game, site_url,
                                                       wait_for_boot):
    """Should a snapshot start fail later on (here on purpose, ?boot-fail=1), the next
    start goes without it instead of failing the same way again."""
    open_game(page)
    page.wait_for_function(f"{SNAPSHOT} === 'saved'", timeout=3 * BOOT_TIMEOUT_MS)
    page.goto(site_url + "?boot-fail=1")
    assert wait_for_boot(page) == "failed"
    assert page.evaluate(SNAPSHOT) == "used"
    page.wait_for_function("""() => {
        caches.has("rally-snapshot").then(kept => { window.snapshotKept = kept; });
        return window.snapshotKept === false;
    }""")
