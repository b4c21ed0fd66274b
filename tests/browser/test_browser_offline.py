"""Offline play and updates: after one visit the service worker alone boots
Python and draws the table, quietly; a new version waits until the page reloads."""

import os
import shutil
import time

import pytest
from playwright.sync_api import expect

from browser_steps import wait_for_my_turn_or_a_dialog

pytestmark = [pytest.mark.browser, pytest.mark.snapshot]  # as a player gets it

CONTROLLED = "navigator.serviceWorker.controller !== null"
WAITING = "navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))"
AI_WORKER = "fetch('web/ai-worker.py').then(r => r.text())"
MARK_B = "# version B of the site (a test)\n"


@pytest.fixture
def sw_context(browser, rally_build):
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def test_reload_with_the_server_gone_still_plays(
    sw_context, rally_build, dist_dir, watch_page, wait_for_boot, drawn_domino
):
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX).start()
    page = sw_context.new_page()
    first = watch_page(page, origin=server.url.split("/rally-dominoes/")[0])
    pages: list[int] = []  # the page's downloads during the first visit (a 304 has no body)
    sw_context.on("requestfinished", lambda r: pages.append(r.sizes()["responseBodySize"])
                  if r.url in (server.url, server.url + "index.html")
                  and r.sizes()["responseBodySize"] else None)
    try:
        page.goto(server.url)
        assert wait_for_boot(page) == "ready"
        # The worker installs after the first boot, precaches everything, then claims the page.
        page.wait_for_function(CONTROLLED, timeout=60_000)
        # And the start-up snapshot is made, so no download of it is cut off.
        page.wait_for_function("['saved', 'not-saved'].includes("
                               "document.documentElement.dataset.snapshot)", timeout=180_000)
        # One cache of the game's files (and maybe the start-up snapshot's).
        cache = [c for c in page.evaluate("caches.keys()") if c != "rally-snapshot"]
        assert len(cache) == 1 and cache[0].startswith("rally-dominoes-")
        assert cache[0] == page.evaluate("document.documentElement.dataset.version")
    finally:
        server.stop()
    assert len(pages) == 1, f"a first visit downloads index.html once, not {len(pages)} times"
    first.assert_clean()

    watch = watch_page(page, origin=server.url.split("/rally-dominoes/")[0])
    methods: list[str] = []
    sw_context.on("request", lambda r: methods.append(r.method))
    # A slow machine: start-up takes longer than the 6 s after which a page served by the
    # server checks its files (HEAD requests, refused offline: six console errors).
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    page.reload()
    assert wait_for_boot(page, timeout=150_000) == "ready"
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    drawn_domino(page)
    assert "HEAD" not in methods
    watch.assert_clean()

    # A link with a query (here a start-up failure on purpose) is still served offline,
    # and so is index.html by name.
    page.goto(server.url + "?boot-fail=1")
    assert wait_for_boot(page) == "failed"
    page.goto(server.url + "index.html")
    assert wait_for_boot(page) == "ready"


@pytest.fixture
def two_versions(rally_build, dist_dir, tmp_path):
    """(serve, A, B): version A is dist/; B is A with a changed file. serve(X) puts X's
    files on the site, which is served at site.url all along."""
    page = rally_build.page_html()
    versions = {}
    for name in ("a", "b"):
        shutil.copytree(dist_dir, tmp_path / name)
        if name == "b":
            with open(tmp_path / name / "web" / "ai-worker.py", "a") as f:
                f.write(MARK_B)
        versions[name] = rally_build.stamp_version(tmp_path / name, page)
    # B is published a minute later: the server's Last-Modified tells its files apart
    # (a real site's are apart by far more than the one-second grain).
    later = time.time() + 60
    for f in (tmp_path / "b").rglob("*"):
        os.utime(f, (later, later))
    site = tmp_path / "site"

    def serve(name: str) -> None:
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(tmp_path / name, site)

    serve("a")
    server = rally_build.SiteServer(site, prefix=rally_build.SITE_PREFIX).start()
    yield server, serve, versions["a"], versions["b"]
    server.stop()


def version_of(page) -> str:
    return page.evaluate("document.documentElement.dataset.version")


def test_a_new_version_waits_for_the_reload_the_banner_offers(
        sw_context, two_versions, watch_page, wait_for_boot):
    server, serve, a, b = two_versions
    page = sw_context.new_page()
    page.goto(server.url)
    assert wait_for_boot(page) == "ready"
    page.wait_for_function(CONTROLLED, timeout=60_000)
    banner = page.get_by_role("status").filter(has_text="A new version is ready")
    expect(banner).to_be_hidden()
    watch = watch_page(page, origin=server.url.split("/rally-dominoes/")[0])

    serve("b")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(banner).to_be_visible(timeout=60_000)  # B fetched whole, installed, waiting
    assert page.evaluate(WAITING)
    # No mixing: this page keeps A's files, its game goes on, a Hard player's worker
    # would load A's script.
    assert version_of(page) == a
    assert MARK_B not in page.evaluate(AI_WORKER)
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    wait_for_my_turn_or_a_dialog(page)
    assert version_of(page) == a and MARK_B not in page.evaluate(AI_WORKER)

    banner.get_by_role("button", name="Reload").click()
    page.wait_for_function(f"document.documentElement.dataset.version === '{b}'",
                           timeout=60_000)
    assert wait_for_boot(page) == "ready"
    assert MARK_B in page.evaluate(AI_WORKER)
    kept = [c for c in page.evaluate("caches.keys()") if c != "rally-snapshot"]
    assert kept == [b]  # A's files are gone with A
    expect(banner).to_be_hidden()
    # The game started under A carries on under B.
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    watch.assert_clean()


def test_a_kiosk_takes_a_new_version_at_its_attract_screen_never_mid_game(
        sw_context, two_versions, watch_page, wait_for_boot):
    server, serve, a, b = two_versions
    page = sw_context.new_page()
    page.goto(server.url + "?kiosk=1&attract-pace=50")
    assert wait_for_boot(page) == "ready"
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.get_by_role("group", name="Games").get_by_role("button", name="Mexican Train").click()
    wait_for_my_turn_or_a_dialog(page)

    serve("b")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_function(WAITING, timeout=60_000)
    # Mid-game: no banner for a stranger to press, and the page stays on A.
    expect(page.get_by_text("A new version is ready")).to_be_hidden()
    page.get_by_role("group", name="Your tiles").get_by_role("button").first.wait_for()
    assert version_of(page) == a and MARK_B not in page.evaluate(AI_WORKER)

    page.get_by_role("button", name="New game").click()  # back to the attract screen
    page.wait_for_function(f"document.documentElement.dataset.version === '{b}'",
                           timeout=60_000)
    assert wait_for_boot(page) == "ready"
    expect(page.locator("html")).to_have_attribute("data-screen", "attract")
    assert MARK_B in page.evaluate(AI_WORKER)
