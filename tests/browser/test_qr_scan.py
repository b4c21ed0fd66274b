"""QR codes in the real page: Python draws a code with segno, fetched only then;
a fake camera shows it; web/qr-scan.mjs reads it, twice in one page; the camera's
refusals come back in plain words. The rally screens that use this are tested elsewhere."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from app.browser.qr import qr_svg
from qr_camera import camera_browser, camera_context, decode_qr, show_to_camera, write_y4m

pytestmark = pytest.mark.browser

# The page's own Python, reached the way PyScript offers it to JavaScript (whenDefined):
# the test runs code in the interpreter that runs the game, under the page's policy.
RUN_PYTHON = """async (code) => {
  const core = await import(new URL('pyscript/core.js', document.baseURI).href);
  const py = await core.whenDefined('py');
  const out = await py.interpreter.runPythonAsync(code);
  return out && out.toJs ? out.toJs() : out;
}"""
SCANNER = "new URL('web/qr-scan.mjs', document.baseURI).href"
FIRST = "rally:table 3"
# A table's sheet as a table device might hand it back: 8 players, 13 rounds, and names
# that are not ASCII (523 bytes of UTF-8: QR version 18 at level M).
NAMES = ["Zoë Lindqvist", "José Hernández", "Łucja Nowak", "Bob O'Brien", "Ruth Ann Swanson",
         "Gene Fairbanks", "Hal Price", "Bev Okafor"]
SECOND = ('{"v":1,"e":"Samboree 2026 – Mexican Train","t":3,"p":' + str(NAMES).replace("'", '"')
          + ',"s":[' + ",".join(str([(r * 7 + p * 13) % 97 for p in range(8)])
                                .replace(" ", "") for r in range(13)) + "]}")


def run_python(page, code: str):
    return page.evaluate(RUN_PYTHON, code)


def draw(page, text: str, title: str) -> bytes:
    """Python in the page draws ``text`` as a QR code; returns a screenshot of it."""
    page.evaluate("""() => document.getElementById('qr-test') ||
        document.body.appendChild(Object.assign(document.createElement('div'), {id: 'qr-test'}))""")
    run_python(page, f"""
from app.browser.qr import ensure_segno, qr_svg
import js
await ensure_segno()
js.document.getElementById("qr-test").innerHTML = qr_svg({text!r}, title={title!r})
""")
    code = page.get_by_role("img", name=title)
    expect(code).to_be_visible()
    return code.screenshot()


SCAN = """
from app.browser.qr import scan
import js
result = await scan(js.document.querySelector("video.qr-camera"))
[result.status, result.text, result.message]
"""


def scan(page):
    """Python in the page scans with a <video> on the page; [status, text, message]."""
    page.evaluate("""() => document.querySelector('video.qr-camera') || document.body
        .appendChild(Object.assign(document.createElement('video'), {className: 'qr-camera'}))""")
    return run_python(page, SCAN)


@pytest.fixture(scope="module")
def camera(playwright, rally_build, tmp_path_factory):
    """(browser, y4m): a Chromium of its own whose camera shows the file y4m."""
    y4m = tmp_path_factory.mktemp("camera") / "camera.y4m"
    with camera_browser(playwright, y4m, rally_build) as browser:
        yield browser, y4m


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def page(camera, site_url):
    """A phone-sized page of the camera's browser, camera allowed (named ``page`` so a
    failure leaves its screenshot, as every browser test's does)."""
    browser, _ = camera
    context = camera_context(browser, _origin(site_url), service_workers="block",
                             viewport={"width": 390, "height": 844}, has_touch=True)
    yield context.new_page()
    context.close()


def test_python_draws_codes_the_camera_reads_in_turn_in_one_page(
        page, camera, open_game, watch_page):
    _, y4m = camera
    watch = watch_page(page)
    open_game(page)
    qr_files = ("/py/segno.zip", "/web/qr-scan.mjs", "/web/jsqr/jsQR.js")
    # A first visit is no heavier: nothing of the QR code's is fetched to start the game.
    assert not [u for u in watch.requests if u.endswith(qr_files)]

    first = draw(page, FIRST, "Table 3's hand-out")
    assert decode_qr(page.context.browser, first) == FIRST
    show_to_camera(y4m, first)
    assert scan(page) == ["read", FIRST, ""]
    # The camera is let go once the code is read.
    assert page.evaluate("document.querySelector('video.qr-camera').srcObject === null")

    # A second, denser code, in the same page: the fake camera reads its file anew for
    # each capture (tests/browser/qr_camera.py).
    second = draw(page, SECOND, "Table 3's sheet")
    assert run_python(page, f"from app.browser.qr import qr_version\nqr_version({SECOND!r})") >= 18
    assert decode_qr(page.context.browser, second) == SECOND
    show_to_camera(y4m, second)
    assert scan(page) == ["read", SECOND, ""]

    fetched = [u for u in watch.requests if u.endswith(qr_files)]
    assert sum(u.endswith("/py/segno.zip") for u in fetched) == 1  # loaded once, kept
    assert sum(u.endswith("/web/qr-scan.mjs") for u in fetched) == 1
    reader = page.evaluate("rallyQR.reader")
    assert reader in ("BarcodeDetector", "jsQR")
    assert any(u.endswith("/web/jsqr/jsQR.js") for u in fetched) == (reader == "jsQR")
    watch.assert_clean()  # no policy violation, no console error


def light_page(context, site_url):
    """A page of the site that is not the game (its manifest): the scanner module runs
    there without booting Python."""
    page = context.new_page()
    page.goto(site_url + "manifest.webmanifest")
    return page


def test_stop_ends_a_scan_and_lets_the_camera_go(camera, site_url):
    browser, y4m = camera
    write_y4m(y4m, 640, 480, bytes([255]) * 640 * 480)  # nothing to read
    context = camera_context(browser, _origin(site_url))
    page = light_page(context, site_url)
    try:
        out = page.evaluate(f"""async () => {{
            await import({SCANNER});
            const video = document.createElement('video');
            document.body.append(video);
            const scan = rallyQR.start(video);
            while (!video.srcObject) await new Promise(r => setTimeout(r, 50));
            const tracks = video.srcObject.getTracks();
            const before = tracks.map(t => t.readyState);
            rallyQR.stop();
            return [await scan, before, tracks.map(t => t.readyState), video.srcObject];
        }}""")
    finally:
        context.close()
    assert out == [{"status": "stopped"}, ["live"], ["ended"], None]


FAKE_DETECTOR = """formats => {
  window.detectorCalls = 0;
  window.BarcodeDetector = class {
    static async getSupportedFormats() { return formats; }
    constructor(options) { this.options = options; }
    async detect(source) {
      window.detectorCalls += 1;
      return [{format: 'qr_code', rawValue: 'read by ' + this.options.formats.join()}];
    }
  };
}"""


@pytest.mark.parametrize("formats,reader", [(["qr_code", "ean_13"], "BarcodeDetector"),
                                            (["ean_13"], "jsQR")])
def test_the_browsers_barcode_detector_reads_when_it_knows_qr_codes_else_jsqr(
        camera, site_url, formats, reader):
    browser, y4m = camera
    page0 = browser.new_page()
    page0.set_content("<body style='margin:0; width:290px'>"  # drawn by CPython
                      + qr_svg("hello", title="hello"))
    show_to_camera(y4m, page0.locator("svg").screenshot())
    page0.close()
    context = camera_context(browser, _origin(site_url))
    requested = []
    context.on("request", lambda r: requested.append(r.url))
    page = light_page(context, site_url)
    try:
        page.evaluate(FAKE_DETECTOR, formats)
        out = page.evaluate(f"""async () => {{
            await import({SCANNER});
            const video = document.createElement('video');
            document.body.append(video);
            return [await rallyQR.start(video), rallyQR.reader, window.detectorCalls];
        }}""")
    finally:
        context.close()
    result, used, calls = out
    assert used == reader
    assert any(u.endswith("/web/jsqr/jsQR.js") for u in requested) == (reader == "jsQR")
    if reader == "BarcodeDetector":
        assert result == {"status": "read", "text": "read by qr_code"} and calls >= 1
    else:
        assert result == {"status": "read", "text": "hello"} and calls == 0


@pytest.mark.parametrize("camera_flags,code", [
    ([], "no-camera"),  # the suite's own Chromium has no camera at all
    (["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream=deny"], "denied"),
])
def test_no_camera_or_a_refused_one_is_said_in_plain_words(
        playwright, rally_build, site_url, camera_flags, code):
    opts = {"headless": True, "args": [*rally_build.CHROMIUM_ARGS, *camera_flags]}
    if rally_build.find_test_chromium():
        opts["executable_path"] = rally_build.find_test_chromium()
    browser = playwright.chromium.launch(**opts)
    context = browser.new_context()
    if not camera_flags:  # allowed, yet there is nothing to allow
        context.grant_permissions(["camera"], origin=_origin(site_url))
    page = light_page(context, site_url)
    try:
        out = page.evaluate(f"""async () => {{
            await import({SCANNER});
            const said = [];
            const video = document.createElement('video');
            const result = await rallyQR.start(video, null, (m, c) => said.push([m, c]));
            return [result, said];
        }}""")
    finally:
        browser.close()
    result, said = out
    assert result["status"] == code
    assert said == [[result["message"], code]]
    words = {"no-camera": "No camera was found", "denied": "Allow the camera"}[code]
    assert words in result["message"] and "file or the short code" in result["message"]


def test_after_one_visit_codes_are_drawn_and_read_with_no_network(
        camera, rally_build, dist_dir, wait_for_boot):
    """The service worker keeps segno, the scanner and jsQR with the rest of the game,
    though the first visit never asked for them: offline, both ways still work."""
    browser, y4m = camera
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX).start()
    context = camera_context(browser, _origin(server.url), service_workers="allow",
                             viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(server.url)
        assert wait_for_boot(page) == "ready"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    finally:
        server.stop()
    try:
        context.set_offline(True)
        code = draw(page, "offline hand-out", "Table 1's hand-out")
        show_to_camera(y4m, code)
        assert scan(page) == ["read", "offline hand-out", ""]
    finally:
        context.close()
