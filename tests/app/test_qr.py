"""app.browser.qr: QR codes as inline SVG (segno), their sizes, and what a rally sheet needs.

`pytest tests/app/test_qr.py -s -k measure` prints the table of payload sizes against QR
versions quoted in docs/rally.md."""

import base64
import json
import re
import xml.etree.ElementTree as ET
import zlib

import pytest

pytest.importorskip("segno", reason="segno is in the dev extras (pyproject.toml)")

import segno  # noqa: E402

from app.browser.qr import QUIET_ZONE, ensure_segno, qr_svg, qr_version  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")


def dark_modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """(side of the viewBox, the dark modules the path draws), from the SVG text."""
    root = ET.fromstring(svg)
    x0, y0, w, h = (int(v) for v in root.get("viewBox").split())
    assert (x0, y0) == (0, 0) and w == h
    path = root.find(f"{SVG}path").get("d")
    assert RUN.sub("", path) == "", "the path is runs of whole modules, nothing else"
    dark = set()
    for x, y, n, back in RUN.findall(path):
        assert n == back
        dark |= {(int(x) + i, int(y)) for i in range(int(n))}
    return w, dark


def test_ensure_segno_is_nothing_to_do_where_segno_is_installed():
    # Done at its first step, never waiting, the page's bridge untouched. (Stepped by hand:
    # a browser test in the same worker may hold an event loop.)
    with pytest.raises(StopIteration):
        ensure_segno(js=object()).send(None)


@pytest.mark.parametrize("text", ["hello", "a" * 100, "Table 3, round 7: 45 points"])
def test_the_svg_draws_exactly_segnos_modules_inside_a_quiet_zone_of_four(text):
    svg = qr_svg(text, title="Table 3's sheet")
    side, dark = dark_modules(svg)
    code = segno.make_qr(text, error="m")
    assert side == code.symbol_size(border=0)[0] + 2 * QUIET_ZONE
    assert side == 17 + 4 * qr_version(text) + 8  # version v is 17 + 4v modules a side
    expected = {(x + QUIET_ZONE, y + QUIET_ZONE) for y, row in enumerate(code.matrix)
                for x, bit in enumerate(row) if bit & 1}
    assert dark == expected
    # Nothing dark in the quiet zone; the finder pattern's corner right inside it.
    assert all(QUIET_ZONE <= c < side - QUIET_ZONE for xy in dark for c in xy)
    assert {(QUIET_ZONE, QUIET_ZONE), (side - QUIET_ZONE - 1, QUIET_ZONE)} <= dark


def test_dark_on_white_sized_by_css_named_for_a_screen_reader():
    svg = qr_svg("hello", title='Sheet of "Table 3" <Smiths & Joneses>')
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == 'Sheet of "Table 3" <Smiths & Joneses>'
    assert root.find(f"{SVG}title").text == 'Sheet of "Table 3" <Smiths & Joneses>'
    assert root.get("class") == "qr-code"
    assert root.get("width") is None and root.get("height") is None  # CSS sizes it
    assert "style" not in svg  # the page's policy allows no style attributes
    rect = root.find(f"{SVG}rect")
    assert (rect.get("fill"), rect.get("width")) == ("#fff", root.get("viewBox").split()[2])
    assert root.find(f"{SVG}path").get("fill") == "#000"


def test_non_ascii_names_go_in_as_utf8():
    text = "Zoë Ødegård, José, Łucja: 1st"
    _, dark = dark_modules(qr_svg(text, title="t"))
    code = segno.make_qr(text.encode("utf-8"), error="m")
    assert dark == {(x + QUIET_ZONE, y + QUIET_ZONE) for y, row in enumerate(code.matrix)
                    for x, bit in enumerate(row) if bit & 1}
    assert code.mode == "byte"
    # The size follows the UTF-8 bytes: 14 of them fill version 1 at level M, 15 do not.
    assert qr_version("é" * 7) == 1 and qr_version("é" * 7 + "a") == 2


@pytest.mark.parametrize("nbytes,version", [(14, 1), (15, 2), (213, 10), (214, 11),
                                            (666, 20), (667, 21), (2331, 40)])
def test_level_m_byte_capacities_of_the_qr_standard(nbytes, version):
    # Byte mode at level M holds 14 bytes in version 1, 213 in 10, 666 in 20, 2331 in 40
    # (ISO/IEC 18004, table 7). At level L the same bytes would need smaller versions.
    assert qr_version("x" * nbytes) == version


def test_bad_input_is_refused_in_words():
    with pytest.raises(ValueError, match="2332 bytes do not fit in one QR code"):
        qr_svg("x" * 2332, title="too much")
    with pytest.raises(ValueError, match="needs a title"):
        qr_svg("hello", title="  ")
    with pytest.raises(TypeError, match="holds text, not bytes"):
        qr_version(b"hello")


# ---------------------------------------------------------------- measured: a rally sheet

NAMES = ["Margaret O'Brien", "Bob Kowalski", "Dolores Hernández", "Jim Nakamura",
         "Ruth Ann Swanson", "Gene Fairbanks", "Zoë Lindqvist", "Harold 'Hal' Price",
         "Bev Okafor", "Lou Marchetti"]


def sheet(players: int, rounds: int, names: int = 16) -> str:
    """A table's sheet as compact JSON: title, game, table, names, a score a player a
    round. Made up, shaped like what a table device hands back."""
    scores = [[(r * 7 + p * 13) % 97 for p in range(players)] for r in range(rounds)]
    return json.dumps({"v": 1, "e": "Good Sam Samboree 2026", "g": "mexican", "t": 3,
                       "p": [n[:names] for n in NAMES[:players]], "s": scores},
                      separators=(",", ":"), ensure_ascii=False)


def base45(data: bytes) -> str:
    """RFC 9285: two bytes as three characters of the QR code's alphanumeric set."""
    chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
    out = []
    for i in range(0, len(data), 2):
        n = int.from_bytes(data[i:i + 2], "big")
        digits = 3 if i + 1 < len(data) else 2
        out += [chars[n // 45 ** k % 45] for k in range(digits)]
    return "".join(out)


def test_measure_a_table_of_eight_over_thirteen_rounds():
    rows = []
    for players, rounds in ((4, 13), (6, 13), (8, 8), (8, 13)):
        text = sheet(players, rounds)
        packed = zlib.compress(text.encode(), 9)
        b45 = base45(packed)
        b64 = base64.urlsafe_b64encode(packed).decode()
        rows.append((f"{players} players x {rounds} rounds", len(text.encode()),
                     qr_version(text), len(b64), qr_version(b64), len(b45), qr_version(b45)))
    print("\nA table's sheet as compact JSON, QR version at level M (byte mode unless said):")
    print(f"  {'sheet':26}{'JSON B':>7}{'v':>4}{'zlib+b64':>10}{'v':>4}"
          f"{'zlib+b45 (alnum)':>18}{'v':>4}")
    for name, n, v, n64, v64, n45, v45 in rows:
        print(f"  {name:26}{n:>7}{v:>4}{n64:>10}{v64:>4}{n45:>18}{v45:>4}")
    print("Any text of n bytes (byte mode), level M: n -> version (modules a side)")
    steps = {n: qr_version("x" * n) for n in range(450, 701, 50)}
    print("  " + ", ".join(f"{n} -> {v} ({17 + 4 * v})" for n, v in steps.items()))
    assert list(steps.values()) == [16, 17, 18, 19, 20, 21]
    full = rows[-1]
    # 8 players over 13 rounds is 450 to 700 bytes of JSON; at level M it stays within
    # version 21 (101 modules a side), and squeezed into the alphanumeric set it is smaller.
    assert 450 <= full[1] <= 700
    assert 18 <= full[2] <= 21
    assert full[6] < full[2]
    assert segno.make_qr(base45(b"\x00\xff"), error="m").mode == "alphanumeric"
