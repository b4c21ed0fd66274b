"""A session's deal codes (app.game.deal_codes; docs/records.md), for ``Session``: the next
deal's code shown before it (between rounds, and at a game's or a lesson's end the next
game's, for Play again and "Play a real game"), and the seal that deal is made from once
the player has cut. ``s`` is the Session (app.game.session, which calls these). Pure Python."""

from __future__ import annotations

from app.game.deal_codes import code_of, sealed
from bones import fair
from bones.moves import NEXT, Move


def next_is_a_game(s) -> bool:
    """What comes next is a new game (Play again, or a lesson's "Play a real game"), not
    the next round of this one."""
    g = s.game
    return g.match_over or bool(s.lesson and g.round_over)


def next_code(s) -> str | None:
    """The next deal's code, shown before it (its secret made now and kept in
    ``next_secret`` until the deal): between rounds of a game with codes, and at a game's
    or a lesson's end for the next game's first deal; None otherwise."""
    g = s.game
    between = (g.round_over and not g.match_over and not s.lesson
               and len(g.fair) == g.round_number)
    if not between and not next_is_a_game(s):
        return None
    if not s.next_secret:
        s.next_secret = fair.new_secret()
    return code_of(s.next_secret)


def next_seal(s, cut_text: str | None) -> fair.Sealed:
    """The next deal's seal from its code's secret and the cut typed; BadCut (saying
    why) for a cut that is no number."""
    next_code(s)
    return sealed(s.next_secret, cut_text)


def next_round(s, cut_text: str | None) -> None:
    """Deal the next round: from its code and the cut typed, when the game has codes."""
    if next_code(s) is not None:
        fair.seal_next(s.game, next_seal(s, cut_text))
    s.next_secret = ""
    s.play(Move(NEXT))
