"""The page's icons (web/icons/*.png), drawn with the standard library: `build.py icons`."""

from __future__ import annotations

import struct
import sys
import zlib

from .common import PY_SRC, ROOT, WEB, say


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF
        )

    raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw_icon(size: int) -> bytes:
    """A double-six on green felt, anti-aliased from distance fields; safe for masks."""
    sys.path.insert(0, str(PY_SRC))
    from app.shared.render import pip_positions

    felt, ivory, ink = (30, 90, 60), (255, 253, 244), (34, 34, 34)
    w, h = 0.30, 0.60  # the domino, in units of the icon (inside the maskable 80% circle)
    x0, y0, corner = 0.5 - w / 2, 0.5 - h / 2, 0.05
    pips = [(x0 + px * w, y0 + py * w + half * w) for half in (0, 1)
            for px, py in pip_positions(6)]
    pip_r = 0.09 * w
    px_size = 1 / size

    def mix(a, b, t):
        return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))

    def cover(d: float) -> float:  # signed distance -> pixel coverage
        return min(1.0, max(0.0, 0.5 - d / px_size))

    rows = []
    for j in range(size):
        y = (j + 0.5) / size
        row = bytearray()
        for i in range(size):
            x = (i + 0.5) / size
            # rounded rectangle
            qx = abs(x - 0.5) - (w / 2 - corner)
            qy = abs(y - 0.5) - (h / 2 - corner)
            outside = ((max(qx, 0) ** 2 + max(qy, 0) ** 2) ** 0.5) + min(max(qx, qy), 0)
            d_face = outside - corner
            colour = felt
            t = cover(d_face + 0.006)
            if t:
                colour = mix(colour, (59, 59, 59), t)  # outline
                colour = mix(colour, ivory, cover(d_face + 0.012))
                d_bar = max(abs(y - 0.5) - 0.006, abs(x - 0.5) - w * 0.38)
                colour = mix(colour, ink, cover(d_bar))
                d_pip = min(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for cx, cy in pips) - pip_r
                colour = mix(colour, ink, cover(d_pip))
            row += bytes(colour)
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


def cmd_icons() -> int:
    for size in (192, 512):
        out = WEB / "icons" / f"icon-{size}.png"
        out.write_bytes(draw_icon(size))
        say(f"wrote {out.relative_to(ROOT)}")
    return 0
