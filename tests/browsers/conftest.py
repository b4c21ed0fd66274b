"""The smoke tests in WebKit and Firefox: fixtures.

    browser_site    dist/ served under /rally-dominoes/ with a watch script in the page,
                    one server per test (a test may stop it to go offline)
    other_browser   open_browser(name) -> a drivers.Driver, closed after the test; a failing
                    test leaves its screenshot in test-results/

The page is served with one extra line: ``<script src="test-watch.js">`` at the top of its
head (allowed by the page's policy, 'self'), which records console errors, uncaught errors
and policy violations from the very start, and turns off the start-up snapshot's making
(a second Python start in a worker, minutes in WebKit on this machine). Playwright's init
scripts do this for Chromium; these drivers have none.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest

import drivers

WATCH_JS = """(function () {
  "use strict";
  var w = window.testWatch = { errors: [], csp: [], warnings: [] };
  window.rallyNoSnapshot = true;
  document.addEventListener("securitypolicyviolation", function (e) {
    w.csp.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " +
               (e.sourceFile || "?") + ":" + e.lineNumber);
  });
  window.addEventListener("error", function (e) {
    var t = e.target, url = t && t !== window && (t.src || t.href);
    w.errors.push(url ? "could not load " + url : "uncaught: " + (e.message || e.error));
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    w.errors.push("unhandled rejection: " + ((r && (r.stack || r.message)) || r));
  });
  function wrap(level, into) {
    var real = console[level];
    console[level] = function () {
      into.push(Array.prototype.map.call(arguments, String).join(" "));
      return real.apply(console, arguments);
    };
  }
  wrap("error", w.errors);
  wrap("warn", w.warnings);
})();
"""
WATCH_TAG = '<script src="test-watch.js"></script>'
ROOT = Path(__file__).resolve().parents[2]
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')


def watched_page(html: str) -> str:
    """index.html with the watch script right after its policy, before any script."""
    found = CSP_META.search(html)
    assert found, "index.html has no policy meta tag"
    return html[:found.end()] + "\n" + WATCH_TAG + html[found.end():]


@pytest.fixture(scope="session")
def dist_dir(rally_build):
    import os

    if os.environ.get("RALLY_DIST_BUILT") != "1":
        rally_build.build_if_stale()
    return rally_build.DIST


@pytest.fixture
def browser_site(rally_build, dist_dir):
    page = watched_page((dist_dir / "index.html").read_text()).encode()
    extra = {"": page, "index.html": page, "test-watch.js": WATCH_JS.encode()}
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX,
                                    extra=extra).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def display():
    """A virtual screen for WebKitGTK, one for the whole run."""
    screen = None

    def get() -> str:
        nonlocal screen
        if screen is None:
            screen = drivers.Display()
        return screen.name

    yield get
    if screen is not None:
        screen.close()


@pytest.fixture
def other_browser(display, tmp_path, request):
    """other_browser(name) -> a Driver for "webkit" or "firefox", closed after the test.
    A browser missing here fails the test (build.py test installs them), unless
    RALLY_OTHER_BROWSERS=skip says to leave them out."""
    import os

    opened: list[drivers.Driver] = []

    def open_(name: str) -> drivers.Driver:
        lacks = drivers.missing(name)
        if lacks and os.environ.get("RALLY_OTHER_BROWSERS") == "skip":
            pytest.skip(f"{name}: not installed ({', '.join(lacks)})")
        assert not lacks, (f"{name} cannot run here: {', '.join(lacks)} missing "
                           "(python3 build.py test installs them with apt)")
        log = tmp_path / f"{name}-driver.log"
        driver = drivers.open_browser(name, display() if name == "webkit" else None, log)
        opened.append(driver)
        return driver

    yield open_
    failed = getattr(request.node, "rep_call", None)
    for driver in opened:
        if failed is not None and failed.failed:
            failure_shot(driver, request.node.nodeid)
        driver.close()


def failure_shot(driver: drivers.Driver, nodeid: str) -> None:
    """The page as the test left it, in test-results/ (a dead browser gives none)."""
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", f"{nodeid}-{driver.name}")[-120:]
    with contextlib.suppress(Exception):
        driver.screenshot(out / f"{name}.png")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report


def pytest_collection_modifyitems(items):
    """The other browsers' tests first: the longest piece of the run (WebKit's start-ups)
    starts at once on one worker while the others share the Chromium tests, instead of
    running on alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("other_browsers") is None)
