"""Moves and their short text notation (see docs/notation.md).

A move is a small immutable value. ``kind`` is one of the verbs below;
``tile`` and ``target`` are set for plays (and ``target`` for calls).
What a target number means belongs to each game: in Mexican Train it is a
seat's train or ``MEXICAN`` (-1); in Chicken Foot a line of play; in All
Fives an open end.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalMove
from .tiles import Tile, parse_tile

PLAY = "play"
DRAW = "draw"
PASS = "pass"
KNOCK = "knock"
CALL = "call"
NEXT = "next"
JOIN = "join"

VERBS = (DRAW, PASS, KNOCK, NEXT, JOIN)


class Move(NamedTuple):
    kind: str
    tile: Tile | None = None
    target: int | None = None


def play(t: Tile, target: int) -> Move:
    return Move(PLAY, t, target)


DRAW_MOVE = Move(DRAW)
PASS_MOVE = Move(PASS)
KNOCK_MOVE = Move(KNOCK)
NEXT_MOVE = Move(NEXT)
JOIN_MOVE = Move(JOIN)


def format_move(move: Move, target_name) -> str:
    """``target_name(int) -> str`` is the game's name for a target."""
    if move.kind == PLAY:
        return f"{move.tile}@{target_name(move.target)}"
    if move.kind == CALL:
        return f"call@{move.target}"
    return move.kind


def parse_move(text: str, target_number) -> Move:
    """``target_number(str) -> int`` reads the game's name for a target."""
    s = text.strip().lower()
    if s in VERBS:
        return Move(s)
    head, sep, where = s.partition("@")
    if not sep or not where:
        raise IllegalMove(
            f"cannot read the move {text!r}: write a play as TILE@TARGET (like 12-5@M), "
            "or one of draw, pass, knock, call@SEAT, next, join",
            rule="notation",
        )
    if head == "call":
        try:
            return Move(CALL, None, int(where))
        except ValueError:
            raise IllegalMove(f"cannot read the move {text!r}: call@SEAT needs a seat number",
                              rule="notation") from None
    try:
        t = parse_tile(head)
    except ValueError as e:
        raise IllegalMove(f"cannot read the move {text!r}: {e}", rule="notation") from None
    return Move(PLAY, t, target_number(where))
