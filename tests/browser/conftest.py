"""Browser tests: dist/ served like GitHub Pages, real Chromium, a clean-page watch.

Fixtures for any browser test:
    site_url        http://127.0.0.1:PORT/rally-dominoes/ serving dist/ (session-wide)
    open_game       open_game(page, query="", storage=None) -> page, once Python has drawn
                    the table (``storage``: localStorage items set before the page loads)
    page_watch      console errors, page errors, failed and foreign requests of ``page``
    watch_page      watch_page(page, origin=None) -> a PageWatch, for pages of your own contexts
    wait_for_boot   wait_for_boot(page) -> "ready" or "failed", once start-up has ended
    drawn_domino    drawn_domino(page) -> "a-b": a domino in #table whose pips match its tile
    snapshot_site_url  the site on a server whose page itself starts from the run's shared
                    start-up snapshot (for a Chromium not driven by Playwright)
(Test modules cannot import this conftest by name; other folders have one too.)
A failing test leaves a screenshot in test-results/.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from browser_steps import BOOT_TIMEOUT_MS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def dist_dir(rally_build):
    """dist/, rebuilt if its sources changed (`build.py test` has just built it)."""
    if os.environ.get("RALLY_DIST_BUILT") != "1":
        rally_build.build_if_stale()
    return rally_build.DIST


# Files served beside dist/ for the tests only (the shared start-up snapshot, below).
SITE_EXTRA: dict[str, bytes] = {}


@pytest.fixture(scope="session")
def site(rally_build, dist_dir):
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX,
                                    extra=SITE_EXTRA).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url(site) -> str:
    return site.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, rally_build):
    """Debian's headless shell, else its Chromium (Playwright cannot download here), else
    Playwright's own (build.find_test_chromium)."""
    chromium = rally_build.find_test_chromium()
    args = {**browser_type_launch_args}
    args["args"] = [*args.get("args", []), *rally_build.CHROMIUM_ARGS]
    if chromium:
        args["executable_path"] = chromium
    return args


SHARED_SNAPSHOT = "test-snapshot.bin"  # under the site's prefix, from SITE_EXTRA
# In every page of the site: no snapshot made, the shared one given (web/pyodide-boot.mjs).
GIVEN_SNAPSHOT = """window.rallyNoSnapshot = true;
if (location.pathname.startsWith(%s)) {
  window.rallyGivenSnapshot = fetch(new URL(%s, location.origin + %s))
    .then(r => r.ok ? r.arrayBuffer() : null)
    .catch(() => null);  // offline (a test that stops its server): a normal start
}"""
SNAPSHOT_CACHE = ROOT / ".cache" / "test-snapshots"


def _real_new_context():
    from playwright.sync_api import Browser

    return Browser.new_context


_NEW_CONTEXT = None


@pytest.fixture(scope="session")
def shared_snapshot(browser, site, dist_dir, rally_build) -> bytes:
    """The start-up snapshot, made once in a page of this Chromium and kept in
    .cache/ under its build's key and the browser's version (xdist workers wait for the
    first to make it), then given to every test page: Python's start-up was most of each
    browser test's time. The key changes with the runtime, the bundle or the loader."""
    key = re.search(r"\.\./snapshot/([0-9a-f]+)",
                    (dist_dir / rally_build.SNAPSHOT_MODULE).read_text()).group(1)
    path = SNAPSHOT_CACHE / f"{key}-chromium-{browser.version}.bin"
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    import fcntl

    with open(SNAPSHOT_CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            for old in SNAPSHOT_CACHE.glob("*.bin"):
                old.unlink()
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(_make_snapshot(browser, site.url))
            tmp.replace(path)
    data = path.read_bytes()
    SITE_EXTRA[SHARED_SNAPSHOT] = data
    return data


def _make_snapshot(browser, url: str) -> bytes:
    """Open the game in a fresh context, as a first visit, until the page has saved its
    snapshot; read it back out of Cache Storage through a request the test catches."""
    context = (_NEW_CONTEXT or _real_new_context())(browser, service_workers="block")
    got: list[bytes] = []

    def take(route) -> None:
        got.append(route.request.post_data_buffer)
        route.fulfill(status=204)

    try:
        context.route("**/test-snapshot-upload", take)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "['saved', 'not-saved'].includes(document.documentElement.dataset.snapshot)",
            timeout=4 * BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.snapshot") == "saved"
        page.evaluate("""async () => {
            const cache = await caches.open("rally-snapshot");
            const [key] = await cache.keys();
            const body = await (await cache.match(key)).arrayBuffer();
            await fetch("test-snapshot-upload", {method: "POST", body});
        }""")
    finally:
        context.close()
    assert got and len(got[0]) > 1_000_000, "the start-up snapshot did not come back"
    return got[0]


SNAPSHOT_JS = "test-snapshot.js"  # GIVEN_SNAPSHOT as a file, for pages without init scripts
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>')


@pytest.fixture(scope="session")
def snapshot_site_url(rally_build, dist_dir, shared_snapshot):
    """The site's URL on a server of its own whose page starts from the shared start-up
    snapshot and makes none (index.html with ``<script src="test-snapshot.js">`` right
    after its policy, which allows it): for a Chromium the tests do not drive through
    Playwright, whose pages get no init script (the kiosk's watchdog starts its own)."""
    html = (dist_dir / "index.html").read_text()
    found = CSP_META.search(html)
    assert found, "index.html has no policy meta tag"
    page = (html[:found.end()] + f'\n<script src="{SNAPSHOT_JS}"></script>'
            + html[found.end():]).encode()
    prefix = json.dumps(rally_build.SITE_PREFIX)
    script = GIVEN_SNAPSHOT % (prefix, json.dumps(SHARED_SNAPSHOT), prefix)
    extra = {"": page, "index.html": page, SNAPSHOT_JS: script.encode(),
             SHARED_SNAPSHOT: shared_snapshot}
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX,
                                    extra=extra).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def snapshot_script(request, rally_build) -> str:
    """The script before every test page's own: make no snapshot, start from the shared
    one. A module's own context (a page kept for a module's tests) adds it itself: it is
    made before ``_no_snapshot_making`` patches ``new_context`` for each test."""
    if os.environ.get("RALLY_SHARED_SNAPSHOT") == "0":  # 0: every page a first visit
        return "window.rallyNoSnapshot = true;"
    request.getfixturevalue("shared_snapshot")
    prefix = json.dumps(rally_build.SITE_PREFIX)
    return GIVEN_SNAPSHOT % (prefix, json.dumps(SHARED_SNAPSHOT), prefix)


@pytest.fixture(autouse=True)
def _no_snapshot_making(request, monkeypatch, rally_build):
    """Every browser context a test opens skips making the start-up snapshot,
    a second Python start in a worker a few seconds after each page is ready, and starts
    from the snapshot made once for the run (``shared_snapshot``): a return visit's
    start-up, in a fraction of a first visit's time. Tests marked ``snapshot`` start as a
    first visit and make their own."""
    if request.node.get_closest_marker("snapshot"):
        return
    global _NEW_CONTEXT
    from playwright.sync_api import Browser

    new_context = _NEW_CONTEXT = _NEW_CONTEXT or Browser.new_context
    script = request.getfixturevalue("snapshot_script")

    def without_snapshot(self, *args, **kwargs):
        context = new_context(self, *args, **kwargs)
        context.add_init_script(script)
        return context

    monkeypatch.setattr(Browser, "new_context", without_snapshot)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # The service worker precaches ~14 MB after each boot; only the offline tests want it.
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800},
            "service_workers": "block"}


@dataclass
class PageWatch:
    """What went wrong on a page: console errors, uncaught errors, bad or foreign requests."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page) -> PageWatch:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        # On the context, so service-worker requests are seen too.
        page.context.on("request", self._on_request)
        page.context.on("requestfailed", self._on_failed)
        page.context.on("response", self._on_response)
        return self

    def _on_console(self, msg) -> None:
        # The test harness's own fetch of the shared snapshot (GIVEN_SNAPSHOT) fails in
        # tests that stop their server; the page then starts as it would without one.
        if msg.type == "error" and not msg.location.get("url", "").endswith(
                "/" + SHARED_SNAPSHOT):
            self.console_errors.append(msg.text)

    def _on_request(self, request) -> None:
        self.requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss"):
            if f"{parts.scheme}://{parts.netloc}" != self.origin:
                self.foreign.append(request.url)

    def _on_failed(self, request) -> None:
        # The start-up snapshot's worker downloads the runtime again while the
        # page is idle; a reload or a closed page cuts those downloads off. That is the
        # browser stopping them, not the server failing them.
        if request.url.endswith("/" + SHARED_SNAPSHOT):
            return  # the harness's, not the page's (above)
        if request.failure == "net::ERR_ABORTED" and (
                "/pyodide/" in request.url or request.url.endswith("/snapshot-worker.mjs")):
            return
        self.failed.append(f"{request.url} {request.failure}")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} {response.status}")

    def assert_clean(self) -> None:
        problems = {
            "console errors": self.console_errors,
            "page errors": self.page_errors,
            "failed requests": self.failed,
            "requests to another origin": self.foreign,
        }
        found = {k: v for k, v in problems.items() if v}
        assert not found, f"the page was not clean: {found}"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def watch_page(site_url):
    def watch(page, origin: str | None = None) -> PageWatch:
        return PageWatch(origin or origin_of(site_url)).attach(page)

    return watch


@pytest.fixture
def page_watch(page, watch_page) -> PageWatch:
    return watch_page(page)


def _wait_for_boot(page, timeout: float = BOOT_TIMEOUT_MS) -> str:
    """Wait until start-up ends, ready or failed; returns ``data-boot``."""
    page.wait_for_function(
        "['ready', 'failed'].includes(document.documentElement.dataset.boot)", timeout=timeout
    )
    return page.evaluate("document.documentElement.dataset.boot")


@pytest.fixture
def wait_for_boot():
    return _wait_for_boot


def _drawn_domino(page) -> str:
    """The first domino drawn on the table, checked: one SVG circle per pip."""
    domino = page.locator("#table [data-tile]").first
    domino.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    name = domino.get_attribute("data-tile")
    hi, lo = (int(half) for half in name.split("-"))
    assert domino.locator("circle").count() == hi + lo, f"pips of {name}"
    return name


@pytest.fixture
def drawn_domino():
    return _drawn_domino


def seed_storage(page, items: dict[str, str]) -> None:
    """Put ``items`` in localStorage before the page's own scripts first run, so no Python
    start-up is spent on it. Once per tab: a reload finds what the page made of them."""
    page.add_init_script(
        "(items => { if (sessionStorage.getItem('test:seeded')) return;"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        " sessionStorage.setItem('test:seeded', '1'); })(" + json.dumps(items) + ")")


@pytest.fixture
def open_game(site_url):
    """open_game(page, query="", storage=None) navigates to the game, with ``storage``
    (key -> text) in localStorage first when given, and waits for Python to draw it."""

    def open_(page, query: str = "", storage: dict[str, str] | None = None):
        if storage:
            seed_storage(page, storage)
        page.goto(site_url + query)
        state = _wait_for_boot(page)
        if state != "ready":
            text = page.locator("#boot-error").inner_text()
            raise AssertionError(f"the game did not start:\n{text}")
        return page

    return open_


@pytest.fixture
def sized_page(browser, open_game, watch_page):
    """sized_page(width, height, query="", touch=None, storage=None) -> (page, watch): the
    game open in a context of that size (a touch screen when asked, else below 1100 px wide), its
    console and requests watched."""
    contexts = []

    def open_(width: int, height: int, query: str = "", touch: bool | None = None,
              storage: dict[str, str] | None = None):
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  service_workers="block",
                                  has_touch=width < 1100 if touch is None else touch)
        contexts.append(ctx)
        page = ctx.new_page()
        watch = watch_page(page)
        open_game(page, query, storage)
        return page, watch

    yield open_
    for ctx in contexts:
        ctx.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    page = getattr(item, "funcargs", {}).get("page")
    if report.when == "call" and report.failed and page is not None:
        out = ROOT / "test-results"
        out.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", item.nodeid)[-120:]
        try:
            page.screenshot(path=str(out / f"{name}.png"), full_page=True)
        except Exception as exc:  # a crashed page cannot be photographed; keep the report
            report.sections.append(("screenshot", f"no screenshot: {exc}"))


@pytest.fixture(scope="module")
def camera(playwright, rally_build, tmp_path_factory):
    """(browser, y4m): a Chromium of its own whose camera shows the y4m file
    (tests/browser/qr_camera.py), for the tests that scan QR codes; one per module."""
    from qr_camera import camera_browser

    y4m = tmp_path_factory.mktemp("camera") / "camera.y4m"
    with camera_browser(playwright, y4m, rally_build) as browser:
        yield browser, y4m


def pytest_collection_modifyitems(items):
    """test_table_sizes.py keeps one page per screen size for its module: each size's tests
    go to one worker (``--dist loadgroup``), so each size starts its page once."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        size = callspec.params.get("table") if callspec else None
        if isinstance(size, tuple):
            item.add_marker(pytest.mark.xdist_group(f"table-{size[0]}x{size[1]}"))
