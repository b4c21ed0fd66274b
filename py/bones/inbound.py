"""The one gate for data from outside: saves in local storage, imported files, kiosk
settings, the AI worker's answers, names people type (docs/security.md).

Pyodide runs Python on a far smaller stack than CPython: 10,000 nested ``[`` brought the
whole runtime down ("Maximum call stack size exceeded"), before ``json.loads`` could raise.
So ``read_json`` measures the text first, its size and how deeply its brackets nest, with
a linear scan that never recurses, and only then parses it. Every refusal is a ``BadData``
(or the caller's subclass of it) saying in plain words what is wrong.

Names are counted as people count letters: an emoji made of several code points joined
by zero-width joiners (a family, a flag) is one letter and stays whole; controls that
could disguise a name (direction overrides, invisible formatting) are not names.
"""

from __future__ import annotations

import json
import re
import unicodedata
from itertools import accumulate
from typing import Any

from .errors import BadData

MAX_DEPTH = 16  # brackets inside brackets: our own files use at most 5
MAX_DIGITS = 20  # a number longer than this is no count, seed or score of ours

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# outside strings: a run of more than MAX_DIGITS digits, or an exponent of 3 digits (1e999)
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}|[eE][-+]?[0-9]{{3,}}")


def _depth(bare: str) -> int:
    """How deeply the brackets of JSON text nest (its strings taken out). A linear scan
    in C (regular expressions, ``accumulate``): no recursion, whatever the text."""
    brackets = _NOT_BRACKET.sub("", bare)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check_text(data: Any, what: str, max_chars: int, error: type[BadData] = BadData) -> str:
    """``data`` as text (bytes are read as UTF-8) of at most ``max_chars`` characters."""
    if isinstance(data, bytes | bytearray):
        if len(data) > 4 * max_chars:
            raise error(f"{what} is far too large ({len(data):,} bytes)")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise error(f"{what} is not text (UTF-8)") from None
    if not isinstance(data, str):
        raise error(f"{what} is not text")
    if len(data) > max_chars:
        raise error(f"{what} is far too large ({len(data):,} characters; at most "
                    f"{max_chars:,})")
    return data.lstrip("\ufeff")


def _constant(name: str) -> Any:
    raise BadData(f"the number {name}")


def read_json(data: Any, what: str, max_chars: int, error: type[BadData] = BadData) -> Any:
    """JSON text from outside, parsed only once it is safe to parse: at most ``max_chars``
    characters, at most MAX_DEPTH levels of brackets, numbers finite (no NaN or Infinity)
    and at most MAX_DIGITS digits. Otherwise raises ``error`` whose message begins with
    ``what`` ("the saved game is nested too deeply ...")."""
    text = check_text(data, what, max_chars, error)
    bare = _STRING.sub("", text)
    if _depth(bare) > MAX_DEPTH:
        raise error(f"{what} is nested too deeply (more than {MAX_DEPTH} levels of "
                    f"brackets)")
    long = _LONG_NUMBER.search(bare)
    if long:
        raise error(f"{what} has a number no game of ours writes: {long.group()[:24]}")
    try:
        return json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise error(f"{what} is not valid JSON ({e.msg}: line {e.lineno}, column "
                    f"{e.colno})") from None
    except BadData as e:
        raise error(f"{what} has a number no game of ours writes: {e}") from None
    except (ValueError, RecursionError) as e:  # a last line: never an unexplained failure
        raise error(f"{what} could not be read ({e})") from None


def fields(data: Any, what: str, required: set[str], optional: set[str] = frozenset(),
           error: type[BadData] = BadData) -> dict:
    """``data`` as a JSON object with every required key and no key it does not know."""
    if not isinstance(data, dict):
        raise error(f"{what} is not a record ({type(data).__name__})")
    missing = sorted(required - set(data))
    if missing:
        raise error(f"{what} lacks its {missing[0]!r}")
    unknown = sorted(str(k)[:40] for k in set(data) - required - set(optional))
    if unknown:
        raise error(f"{what} has an unknown field {unknown[0]!r}")
    return data


# ---- names ----------------------------------------------------------------------------------
ZWJ = "\u200d"
_KEEP_FORMAT = {ZWJ, "\u200c"}  # joiners: emoji sequences, Persian and Indic spelling
# Direction overrides, embeddings and isolates, marks, invisible formatting: Cf, plus the
# controls (Cc), surrogates (Cs), private use (Co) and unassigned code points (Cn).
_HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn")


def _tag(cp: int) -> bool:
    return 0xE0020 <= cp <= 0xE007F  # the tag letters of a flag like England's


def _regional(cp: int) -> bool:
    return 0x1F1E6 <= cp <= 0x1F1FF


def unsafe(ch: str) -> bool:
    """A character that has no place in a name: invisible, or able to reorder the text
    around it (U+202E and its kind)."""
    return (unicodedata.category(ch) in _HIDDEN and ch not in _KEEP_FORMAT
            and not _tag(ord(ch)))


def letters(text: str) -> list[str]:
    """``text`` cut where a reader sees letters: a base with its combining marks, variation
    selectors, skin tones and tags, a zero-width-joined emoji sequence, a flag's pair of
    regional indicators. Close to Unicode's grapheme clusters, enough to count and cut
    names by."""
    out: list[str] = []
    joined = False
    for ch in text:
        cp = ord(ch)
        glue = out and (joined or ch in _KEEP_FORMAT or _tag(cp)
                        or unicodedata.category(ch) in ("Mn", "Mc", "Me")
                        or 0x1F3FB <= cp <= 0x1F3FF
                        or (_regional(cp) and len(out[-1]) == 1 and _regional(ord(out[-1]))))
        if glue:
            out[-1] += ch
        else:
            out.append(ch)
        joined = ch == ZWJ
    return out


def one_line(text: str) -> str:
    """``text`` on one line, runs of spaces collapsed, in NFC: how names are compared."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_text(raw: Any) -> str:
    """A typed name made tidy: one line, spaces collapsed, NFC, hidden characters taken
    out (joiners kept, so a family emoji stays one). Its length is for the caller to
    check with ``letters``."""
    text = one_line(str(raw or ""))
    return " ".join("".join(ch for ch in text if not unsafe(ch)).split())


# ---- spreadsheet cells ------------------------------------------------------------------------
FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may read as a formula


def to_cell(text: str) -> str:
    """A text cell for a CSV file, neutralised as spreadsheet security guides (OWASP)
    recommend: a cell a spreadsheet would run as a formula gets a leading apostrophe
    (which spreadsheets show as text). An apostrophe already before such a start gets one
    more, so ``from_cell`` always gives the same text back."""
    return "'" + text if text.lstrip("'").startswith(FORMULA) else text


def from_cell(text: str) -> str:
    """A text cell read back: the apostrophe ``to_cell`` added is taken away."""
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA):
        return text[1:]
    return text
