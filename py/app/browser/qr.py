"""QR codes for handing rally sheets between devices: drawn by Python with
segno, read by the camera through web/qr-scan.mjs. Neither is loaded at start-up.

Drawing::

    await ensure_segno()                  # once, before the first code (no-op in CPython)
    svg = qr_svg(text, title="Table 3's sheet")   # an inline <svg>, sized by CSS
    qr_version(text)                      # 1..40: how dense the code is

Reading (in the page only)::

    result = await scan(video)            # a <video> element the screen shows
    if result.status == "read": ...result.text...
    else: show result.message             # plain words: no camera, camera refused, ...
    stop_scan()                           # the screen closes: scan() returns "stopped"

segno is a pure-Python package shipped as py/segno.zip (build.py, pinned by version and
hash); web/qr-scan.mjs uses the browser's BarcodeDetector where it reads QR codes, else the
vendored jsQR. docs/rally.md, "QR codes: libraries", says why these and what they weigh.
What a scan reads is text from outside: parse it as untrusted (docs/security.md).
"""

from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass
from html import escape

SEGNO_ZIP = "py/segno.zip"  # relative to the page: the site lives under a sub-path
SCANNER_MODULE = "web/qr-scan.mjs"
# Level M restores up to 15% of the code: enough for a phone screen's glare, a thumb over a
# corner or a scuffed screen protector, and a version or two smaller than Q (25%) for the
# same sheet. segno raises the level further when the same version has room to spare.
ERROR_LEVEL = "m"
QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks

_segno_loading: asyncio.Future | None = None


class QRUnavailable(RuntimeError):
    """The QR code maker could not be loaded (the page lost its network before the file
    was ever fetched, or the file is damaged)."""


async def ensure_segno(js=None) -> None:
    """Make ``import segno`` work: in the page, fetch py/segno.zip once and put it on
    ``sys.path`` (zipimport). In CPython, where segno is installed, nothing to do.

    Several callers at once share one download. Raises QRUnavailable, with words for the
    screen, when the file cannot be had."""
    global _segno_loading
    try:
        import segno  # noqa: F401
        return
    except ImportError:
        pass
    if _segno_loading is None or (_segno_loading.done() and _segno_loading.exception()):
        _segno_loading = asyncio.ensure_future(_load_segno(js))
    await asyncio.shield(_segno_loading)


async def _load_segno(js) -> None:
    if js is None:
        import js  # the page's bridge; only there
    url = str(js.URL.new(SEGNO_ZIP, js.document.baseURI).href)
    try:
        response = await js.fetch(url)
        if not response.ok:
            raise QRUnavailable(f"The server answered {response.status} for {url}.")
        data = (await response.arrayBuffer()).to_bytes()
    except QRUnavailable:
        raise
    except Exception as exc:  # offline before the service worker kept the file
        raise QRUnavailable("The QR code maker could not be loaded. Connect to the "
                            f"internet once and try again. ({exc})") from exc
    path = os.path.abspath("segno.zip")
    with open(path, "wb") as f:
        f.write(data)
    if path not in sys.path:
        sys.path.insert(0, path)
    import importlib

    importlib.invalidate_caches()
    import segno  # noqa: F401  (fails here, not later, if the zip is damaged)


def _make(text: str):
    import segno

    if not isinstance(text, str):
        raise TypeError(f"a QR code holds text, not {type(text).__name__}")
    # Non-ASCII text (a player named Zoë) goes in as UTF-8 bytes: readers take byte mode
    # as UTF-8, while segno's default for such text is ISO 8859-1 where it fits.
    content = text if text.isascii() else text.encode("utf-8")
    try:
        return segno.make_qr(content, error=ERROR_LEVEL)
    except segno.DataOverflowError as exc:
        raise ValueError(f"{len(text.encode())} bytes do not fit in one QR code") from exc


def qr_version(text: str) -> int:
    """The QR version (1 to 40; version v is 17 + 4v modules a side) ``text`` needs at
    level M or better. Needs segno loaded (ensure_segno)."""
    return _make(text).version


def qr_svg(text: str, *, title: str) -> str:
    """An inline ``<svg>`` of ``text`` as a QR code: black modules on white with a quiet
    zone of 4 modules, one unit per module in the viewBox, so CSS gives it its size
    (class ``qr-code``). role="img" and ``title`` name it for a screen reader. Needs segno
    loaded (ensure_segno)."""
    if not title.strip():
        raise ValueError("a QR code needs a title: it is what a screen reader says")
    code = _make(text)
    rows = list(code.matrix_iter(scale=1, border=QUIET_ZONE))
    side = len(rows)
    runs = []  # one "M x y h n v1 h-n z" per run of dark modules in a row
    for y, row in enumerate(rows):
        x = 0
        while x < side:
            if row[x]:
                start = x
                while x < side and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    name = escape(title, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 {side} {side}"'
        f' role="img" aria-label="{name}" shape-rendering="crispEdges"'
        f' data-qr-version="{code.version}"><title>{name}</title>'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


# ---------------------------------------------------------------- reading, in the page


@dataclass(frozen=True)
class ScanResult:
    """How a scan ended. ``status``: "read" (``text`` holds what the code says),
    "stopped" (stop_scan, or a new scan began), or why it could not read: "no-camera",
    "denied", "in-use", "insecure", "no-reader", "failed"; ``message`` then says so in
    plain words for the screen."""

    status: str
    text: str = ""
    message: str = ""


async def load_scanner(js=None):
    """web/qr-scan.mjs, imported the first time (script-src 'self' allows a module of our
    own; the URL is made absolute, as import() resolves against PyScript's own file).
    Returns the module's ``rallyQR`` object."""
    if js is None:
        import js
    if not _nothing(getattr(js.globalThis, "rallyQR", None)):
        return js.globalThis.rallyQR
    from pyscript import js_import

    url = str(js.URL.new(SCANNER_MODULE, js.document.baseURI).href)
    (module,) = await js_import(url)
    return module.rallyQR


async def scan(video, js=None) -> ScanResult:
    """Show the back camera in ``video`` (a <video> element) and wait until a QR code is
    read, the scan is stopped, or the camera cannot be had."""
    scanner = await load_scanner(js)
    result = await scanner.start(video)
    return ScanResult(status=str(result.status), text=_text(result, "text"),
                      message=_text(result, "message"))


def stop_scan(js=None) -> None:
    """Stop the camera, if a scan is on: its scan() returns status "stopped"."""
    if js is None:
        import js
    scanner = getattr(js.globalThis, "rallyQR", None)
    if not _nothing(scanner):
        scanner.stop()


def _nothing(x) -> bool:
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def _text(obj, name: str) -> str:
    value = getattr(obj, name, None)
    return "" if _nothing(value) else str(value)
