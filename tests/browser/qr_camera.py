"""A fake camera for browser tests that scan QR codes.

Chromium's fake capture device plays a Y4M file (``--use-file-for-fake-video-capture``)
as the camera, looping it, and ``--use-fake-ui-for-media-stream`` answers the permission
prompt with yes. What was measured here (Chromium 156, Debian):

    The file is opened anew each time a capture starts: at getUserMedia() when no track
    of the camera is live. So rewriting the file changes what the *next* capture shows,
    and one browser, even one page, can be shown several codes in turn, provided the page
    stops its tracks between scans (web/qr-scan.mjs does, on success and on stop()). A
    getUserMedia() while another track is still live joins that capture and shows the old
    picture. No new context or browser is needed per code.

    (tests/browser/test_qr_scan.py asserts exactly this: two codes in turn in one page.)

    camera_browser(playwright, y4m) -> Browser    a Chromium whose camera is ``y4m``
    show_to_camera(y4m, png)                     put a picture (PNG bytes) before it
    decode_qr(browser_or_page, png) -> str       what a QR code in a PNG says (jsQR)
    png_gray(png) -> (width, height, bytes)      a PNG's grey levels (stdlib only)
"""

from __future__ import annotations

import base64
import contextlib
import os
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
FRAME = (640, 480)  # the camera's picture: 4:3, even sides (4:2:0 chroma halves them)
CAMERA_ARGS = [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
]


@contextlib.contextmanager
def camera_browser(playwright, y4m: Path, rally_build=None):
    """A Chromium of its own (the suite's executable and flags) whose only camera plays
    ``y4m``, permission granted. A white frame is put there first if it is missing."""
    if rally_build is None:
        import sys

        rally_build = sys.modules["rally_build"]
    y4m = Path(y4m)
    if not y4m.exists():
        write_y4m(y4m, *FRAME, bytes([255]) * (FRAME[0] * FRAME[1]))
    opts = {"headless": True, "args": [*rally_build.CHROMIUM_ARGS, *CAMERA_ARGS,
                                        f"--use-file-for-fake-video-capture={y4m}"]}
    chromium = rally_build.find_test_chromium()
    if chromium:
        opts["executable_path"] = chromium
    browser = playwright.chromium.launch(**opts)
    try:
        yield browser
    finally:
        browser.close()


def camera_context(browser, origin: str, **kw):
    """A context of ``browser`` with the camera granted to ``origin``."""
    context = browser.new_context(**kw)
    context.grant_permissions(["camera"], origin=origin)
    return context


# ---------------------------------------------------------------- pictures


def png_gray(png: bytes) -> tuple[int, int, bytes]:
    """(width, height, grey levels row by row) of an 8-bit, non-interlaced PNG: grey,
    grey + alpha, RGB or RGBA (what Chromium's screenshots are). Alpha is laid on white."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos:pos + 4])
        kind, data = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            idat.append(data)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 4: 2, 2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"PNG of depth {depth}, colour type {colour}, interlace {interlace}:"
                         " only 8-bit non-interlaced grey or RGB(A) is read here")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    prev = bytearray(stride)
    out = bytearray()
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        _unfilter(kind, line, prev, channels)
        for x in range(0, stride, channels):
            px = line[x:x + channels]
            if channels >= 3:
                grey = (299 * px[0] + 587 * px[1] + 114 * px[2]) // 1000
            else:
                grey = px[0]
            if channels in (2, 4):  # on white
                alpha = px[-1]
                grey = (grey * alpha + 255 * (255 - alpha)) // 255
            out.append(grey)
        prev = line
    return width, height, bytes(out)


def _unfilter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> None:
    """Undo one scan line's PNG filter in place (the five of the PNG specification)."""
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + b) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 0xFF
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise ValueError(f"unknown PNG filter {kind}")


def framed(width: int, height: int, grey: bytes, frame=FRAME) -> bytes:
    """The picture in the middle of a white frame (cropped if larger than it)."""
    fw, fh = frame
    out = bytearray([255]) * (fw * fh)
    x0, y0 = max(0, (fw - width) // 2), max(0, (fh - height) // 2)
    sx, sy = max(0, (width - fw) // 2), max(0, (height - fh) // 2)
    w, h = min(width, fw), min(height, fh)
    for y in range(h):
        src = (sy + y) * width + sx
        out[(y0 + y) * fw + x0:(y0 + y) * fw + x0 + w] = grey[src:src + w]
    return bytes(out)


def write_y4m(path: Path, width: int, height: int, grey: bytes) -> None:
    """One 4:2:0 frame: the grey levels as luma, neutral chroma (128). Written beside and
    renamed into place, so a capture starting meanwhile reads a whole file, old or new."""
    if width % 2 or height % 2 or len(grey) != width * height:
        raise ValueError("a 4:2:0 frame needs even sides and one grey level per pixel")
    chroma = bytes([128]) * (width // 2 * height // 2)
    data = (f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
            + b"FRAME\n" + grey + chroma + chroma)
    tmp = Path(str(path) + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def show_to_camera(path: Path, png: bytes, frame=FRAME) -> None:
    """Make the fake camera at ``path`` show ``png`` (say, a screenshot of a QR code the
    page drew) in the middle of a white frame. Seen from the next capture on."""
    width, height, grey = png_gray(png)
    write_y4m(Path(path), *frame, framed(width, height, grey, frame))


# ---------------------------------------------------------------- reading a picture


def decode_qr(browser_or_page, png: bytes) -> str:
    """What the QR code in ``png`` says, read by the vendored jsQR in a blank page of its
    own (no policy there); raises AssertionError when it finds no code."""
    own = not hasattr(browser_or_page, "goto")
    page = browser_or_page.new_page() if own else browser_or_page
    try:
        if own:
            page.goto("about:blank")
        if not page.evaluate("typeof window.jsQR === 'function'"):
            page.add_script_tag(content=JSQR.read_text())
        found = page.evaluate(
            """async (src) => {
                const img = new Image();
                img.src = src;
                await img.decode();
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth;
                canvas.height = img.naturalHeight;
                const ctx = canvas.getContext('2d');
                ctx.drawImage(img, 0, 0);
                const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
                const code = jsQR(data.data, data.width, data.height);
                if (!code) return null;
                try {
                    return new TextDecoder('utf-8', {fatal: true})
                        .decode(new Uint8Array(code.binaryData));
                } catch { return code.data; }
            }""",
            "data:image/png;base64," + base64.b64encode(png).decode(),
        )
    finally:
        if own:
            page.close()
    assert found is not None, "no QR code could be read in the picture"
    return found
