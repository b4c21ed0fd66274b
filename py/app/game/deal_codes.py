"""Deals anyone can check, on the page (bones.fair; docs/records.md): before each deal
the page shows the code of its secret number and the player may cut (a number typed);
the round is dealt from the two. The code stays on the table through the round; once the
round is over its deal is shown whole, checked, and can be saved as a file for
``python -m bones check-deal``.

Every person's game is dealt so, from a code shown before its first deal: the start
screen's (Start game and Quick game, with the cut typed there), the game's or lesson's
end (Play again, "Play a real game", with the cut typed there), the kiosk's attract
screen (one tap, no cut). "Who plays first" and the table repeat it before the first
move. A seeded game (tests) or a lesson's stacked deal has none, and a game begun
without codes goes on without them. Pure Python.
"""

from __future__ import annotations

import json

from bones import fair

CUT_WORDS = f"a whole number from 0 to {fair.CUT_MAX:,}"


class BadCut(ValueError):
    """A cut that is not a number the deal can take; its message is the page's words."""


def read_cut(text: str | None) -> int:
    """The cut as typed ("" or nothing: no cut, 0); BadCut in plain words otherwise."""
    t = (text or "").strip().replace(",", "").replace(" ", "")
    if not t:
        return 0
    # decimal digits only: "²" and "①" are digits to str.isdigit but no number to int()
    if not t.isdecimal() or len(t) > len(str(fair.CUT_MAX)) or int(t) > fair.CUT_MAX:
        shown = fair.printable((text or "").strip()[:20])
        raise BadCut(f"The cut is {CUT_WORDS}, not '{shown}'.")
    return int(t)


def sealed(secret: str, cut_text: str | None):
    """The round's seal from the page's secret and the cut as typed (BadCut if bad)."""
    return fair.seal(secret, read_cut(cut_text))


def saved_secret(value) -> str:
    """The next deal's secret as a save keeps it (its code may have been shown and cut
    already), or "" when it is not 64 lowercase hex digits: a new one is made then."""
    ok = isinstance(value, str) and len(value) == 64 and set(value) <= set("0123456789abcdef")
    return value if ok else ""


def code_of(secret: str) -> str:
    """The code shown before the deal: "60E0 5BD1"."""
    return fair.short_code(fair.commitment(secret))


def full_hash(secret: str) -> str:
    """The whole hash a code is the start of, to copy and compare (closed at first)."""
    return ('<details class="full-hash"><summary>The full hash</summary><p class="hex">'
            f"{fair.commitment(secret)}</p></details>")


def last_deal(match) -> dict | None:
    """The deal of the round just over (or of the last one played), as ``round_deal``
    gives it, with ``problems`` (``verify``'s: empty when it checks); None when it had no
    code or is still being played."""
    n = match.round_number
    if not match.round_over:
        n -= 1
    if n < 1 or fair.revealed(match, n) is None:
        return None
    deal = fair.round_deal(match, n)
    return {**deal, "problems": fair.verify(deal)}


def deal_file(deal: dict) -> str:
    """The deal as the file ``python -m bones check-deal`` reads."""
    return json.dumps({k: v for k, v in deal.items() if k != "problems"}, indent=1)
