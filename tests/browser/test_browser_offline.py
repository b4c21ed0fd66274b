"""Offline play: after one visit the service worker alone boots Python and draws the table."""

import pytest

pytestmark = pytest.mark.browser


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
    try:
        page.goto(server.url)
        assert wait_for_boot(page) == "ready"
        # The worker installs after the first boot, precaches everything, then claims the page.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        cache = page.evaluate("caches.keys()")
        assert len(cache) == 1 and cache[0].startswith("rally-dominoes-")
    finally:
        server.stop()

    watch = watch_page(page, origin=server.url.split("/rally-dominoes/")[0])
    page.reload()
    assert wait_for_boot(page) == "ready"
    drawn_domino(page)
    watch.assert_clean()

    # A link with a query (here a start-up failure on purpose) is still served offline.
    page.goto(server.url + "?boot-fail=1")
    assert wait_for_boot(page) == "failed"
