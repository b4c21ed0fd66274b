"""Text for a QR code: a payload of JSON made compact and versioned, which fits a QR code
or a file. Rally hand-outs and sheets (bones.rally.wire) and house rules (bones.house)
travel this way.

A payload is JSON with short keys, compressed with zlib and written in Base45 (RFC 9285),
whose 45 characters are exactly QR's alphanumeric set: a QR code then carries 5.5 bits a
character instead of 8, and any camera library reads it back as plain text. The text
starts with a prefix naming its kind and version (``RDH1:`` a hand-out, ``RDS1:`` a
table's sheet, ``RDR1:`` a house rule set, ``RDO1:`` and ``RDA1:`` the two codes that link
a player's device to a table), so a code from another app, or from a newer version of
this one, is told apart before anything is decompressed.

Everything read here comes from outside: its size is checked before and after
decompressing (no zlib bomb), then its JSON through ``inbound.read_json``.
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

from .errors import BadData
from .inbound import read_json

B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_B45_INDEX = {c: i for i, c in enumerate(B45)}
WIRE_VERSION = 1
KINDS = {"H": "a table's hand-out", "S": "a table's sheet", "R": "a house rule set",
         "O": "a table's code to join it", "A": "a player's answer to a table's code"}
MAX_WIRE = 8_000  # characters: a QR code holds at most 4,296 alphanumeric characters
MAX_JSON = 60_000  # characters once decompressed


def b45encode(data: bytes) -> str:
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        c, n = divmod(n, 45 * 45)
        e, d = divmod(n, 45)
        out.append(B45[d] + B45[e] + B45[c])
    if len(data) % 2:
        e, d = divmod(data[-1], 45)
        out.append(B45[d] + B45[e])
    return "".join(out)


def b45decode(text: str) -> bytes:
    try:
        vals = [_B45_INDEX[c] for c in text]
    except KeyError as e:
        raise ValueError(f"the character {e.args[0]!r} is not Base45") from None
    if len(vals) % 3 == 1:
        raise ValueError("its length is wrong")
    out = bytearray()
    for i in range(0, len(vals), 3):
        chunk = vals[i:i + 3]
        n = sum(v * 45 ** k for k, v in enumerate(chunk))
        if len(chunk) == 3:
            if n > 0xFFFF:
                raise ValueError("it holds a number too large")
            out += n.to_bytes(2, "big")
        else:
            if n > 0xFF:
                raise ValueError("it holds a number too large")
            out.append(n)
    return bytes(out)


def encode(kind: str, body: dict) -> str:
    """``body`` as a payload of ``kind`` (one of ``KINDS``)."""
    raw = json.dumps({"v": WIRE_VERSION, **body}, ensure_ascii=False,
                     separators=(",", ":")).encode()
    return f"RD{kind}{WIRE_VERSION}:" + b45encode(zlib.compress(raw, 9))


_HEAD = re.compile(r"RD([A-Z])([0-9]{1,3}):")


def decode(text: Any, want: str, error: type[BadData] = BadData) -> dict:
    """The body of a payload of kind ``want``; ``error`` in plain words for anything
    else (another app's code, a newer version, a damaged or oversized one)."""
    what = KINDS[want]
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", "replace")
    if not isinstance(text, str):
        raise error(f"This is not {what}")
    text = text.strip()
    if len(text) > MAX_WIRE:
        raise error(f"This code is far too long ({len(text):,} characters) to be {what}")
    m = _HEAD.match(text)
    if not m:
        raise error(f"This code is not from Rally Dominoes: it should be {what}")
    kind, version = m.group(1), int(m.group(2))
    if kind != want:
        raise error(f"This code is {KINDS.get(kind, 'something else')}, not {what}")
    if version != WIRE_VERSION:
        raise error(f"This code is version {version}; this page reads version "
                    f"{WIRE_VERSION}" + (" (update the page on this device)"
                                         if version > WIRE_VERSION else ""))
    try:
        packed = b45decode(text[m.end():])
        z = zlib.decompressobj()
        raw = z.decompress(packed, MAX_JSON * 4)
        if z.unconsumed_tail or not z.eof:
            raise ValueError("it is cut short or far too large")
    except (ValueError, zlib.error) as e:
        raise error(f"This code is damaged ({e}): scan it again") from None
    body = read_json(raw, f"The code's contents ({what})", MAX_JSON, error)
    if not isinstance(body, dict) or body.get("v") != WIRE_VERSION:
        raise error(f"This code's contents are not {what}")
    return body
