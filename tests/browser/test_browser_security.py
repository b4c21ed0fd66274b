"""The page's Content-Security-Policy (docs/csp.md): everything the game does
runs under it with no violation, in the page and in the AI worker."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_steps import BOOT_TIMEOUT_MS, take_a_turn, wait_for_my_turn_or_a_dialog

pytestmark = pytest.mark.browser

# Recorded on window before any of the page's own scripts run.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}`
                            + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def csp_page(browser, watch_page):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    watch = watch_page(page)
    yield page, watch, warnings
    context.close()


def assert_no_violations(page, watch, warnings) -> None:
    assert page.evaluate("window.cspViolations") == []
    # A blocked worker or eval shows as an error, or as our warning that Hard fell back.
    assert not [w for w in warnings if "AI worker" in w or "Content Security" in w]
    watch.assert_clean()


def open_page(page, url, wait_for_boot):
    page.goto(url)
    assert wait_for_boot(page) == "ready"
    assert "default-src 'self'" in page.locator(
        "meta[http-equiv=Content-Security-Policy]").get_attribute("content")


def test_a_game_against_hard_with_hints_runs_under_the_policy(csp_page, site_url,
                                                              wait_for_boot):
    page, watch, warnings = csp_page
    open_page(page, site_url, wait_for_boot)
    page.get_by_role("radio", name="Chicken Foot", exact=True).check()  # it offers Hard
    page.get_by_label("Who plays for player 2").select_option("computer")
    page.get_by_label("Level of player 2").select_option("hard")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name=re.compile("^Hard's choice")).check()
    page.get_by_role("radio", name="Very fast").check()
    page.get_by_role("button", name="Done").click()
    hint = page.locator(".hint-line")
    hinted = 0
    for _ in range(40):  # until Hard has moved and a Hint was thought out in the worker
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count():
            page.get_by_role("dialog").get_by_role("button").first.click()
            continue
        page.get_by_role("button", name="Hint").click()
        expect(hint).to_contain_text("Hint:")
        expect(hint).not_to_contain_text("thinking", timeout=60_000)
        if "likely deals" in hint.inner_text():
            hinted += 1
        if hinted and page.evaluate("(window.rallyAiTimes || []).some(t => t[0] === 'hard')"):
            break
        take_a_turn(page)
    assert hinted, "no Hint came from Hard's worker"
    assert page.evaluate("(window.rallyAiTimes || []).some(t => t[0] === 'hard')")
    assert_no_violations(page, watch, warnings)


def test_the_scorekeeper_and_the_kiosk_run_under_the_policy(csp_page, site_url, wait_for_boot):
    page, watch, warnings = csp_page
    open_page(page, site_url, wait_for_boot)
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")
    page.get_by_role("navigation", name="Rally pages").get_by_role("button").last.click()
    open_page(page, site_url + "?kiosk=1&attract-pace=50", wait_for_boot)
    expect(page.locator("html")).to_have_attribute("data-screen", "attract")
    page.wait_for_function("document.querySelectorAll('#attract-bg .placed').length > 4",
                           timeout=BOOT_TIMEOUT_MS)
    # a tap: full screen asked
    page.get_by_role("group", name="Games").get_by_role("button", name="Mexican Train").click()
    wait_for_my_turn_or_a_dialog(page)
    assert_no_violations(page, watch, warnings)

