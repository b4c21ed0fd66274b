"""All Fives' scoring helpers: the score sheet's lines and who scores at a hand's end.

Points come during a hand (A4, counted by ``bones.allfives_arms.open_ends``) and at its
end (A6 going out, A7 blocked). The match (``bones.allfives.AllFives``) credits them
and writes each to its score log as a ``ScoreEntry``; the computer's light play-outs
score a hand's end by ``hand_end`` too.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile


class ScoreEntry(NamedTuple):
    """One line of the score sheet."""

    hand: int  # the round number
    seat: int | None  # who scored (None: a blocked hand where nobody did)
    side: int | None  # their side: the seat itself, or 0 / 1 in partnership play
    points: int  # the pips counted, always a multiple of five
    value: int  # what it adds to the total: points, or points / 5 counting in fives
    reason: str  # "ends 15", "domino: opponents 23 -> 25", "blocked: ..."
    total: int  # the scorer's (side's) total after it


def round_to_five(pips: int) -> int:
    """A6 / A7: to the nearest five (22 -> 20, 23 -> 25)."""
    return (pips + 2) // 5 * 5


def hand_pips(hand: list[Tile]) -> int:
    """The pips left in a hand (A6, A7)."""
    return sum(t.hi + t.lo for t in hand)


def hand_end(hands: list, sides, out: int | None) -> tuple[int | None, int, int, int]:
    """Who scores at the end of a hand, and what: ``(seat, opponents' pips, those pips to
    the nearest five, the low side's pips)``. ``out`` is the seat that went out (A6: it
    scores the opponents' pips; a partner's do not count), or None for a blocked hand
    (A7: the player or side with the fewest pips scores the others'; a tie for the
    fewest: seat None, nobody scores). Also what Hard's light play-outs score by."""
    n = len(hands)
    if out is not None:
        opp = sum(hand_pips(hands[i]) for i in range(n) if sides[i] != sides[out])
        return out, opp, round_to_five(opp), 0
    side_pips: dict[int, int] = {}
    for i in range(n):
        side_pips[sides[i]] = side_pips.get(sides[i], 0) + hand_pips(hands[i])
    low = min(side_pips.values())
    low_sides = [x for x, p in side_pips.items() if p == low]
    if len(low_sides) > 1:
        return None, 0, 0, low
    w = low_sides[0]
    seat = min((i for i in range(n) if sides[i] == w), key=lambda i: hand_pips(hands[i]))
    opp = sum(p for x, p in side_pips.items() if x != w)
    return seat, opp, round_to_five(opp), low
