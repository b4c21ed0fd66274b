"""A saved match stepped through move by move, forward and back, every hand face up.

``Replay`` keeps one live match and a cursor: going to move k plays the moves ahead of
the cursor or takes back those behind it (``Match.undo`` is exact), so a step costs one
move and a jump its distance, whatever the match's length.

    >>> import bones
    >>> g = bones.new_game("mexican-train", seats=2, seed=3)
    >>> for _ in range(5): _ = g.play(g.legal_moves()[0])
    >>> r = Replay(g)
    >>> len(r), r.move(0), r.at(5) == g, r.at(0).history
    (5, (1, '9-4@1'), True, [])
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .core import Match
from .fair import played_problems, round_deal
from .moves import NEXT
from .record import from_json


class Round(NamedTuple):
    """Round ``number``'s moves are ``start`` to ``end`` - 1 (positions: the number of
    moves played); ``end`` is None while the round is unfinished."""

    number: int
    start: int
    end: int | None


class Replay:
    """Every position of a match. ``source``: a save (``bones.dumps`` text, or its
    dict) or a match (copied, never changed). ``finished_only``: stop at the end of the
    last finished round, so a game in progress shows no hand of the round being played.
    """

    def __init__(self, source: Match | str | dict, *, finished_only: bool = False):
        final = from_json(source.to_json() if isinstance(source, Match) else source)
        self._moves = [(seat, final.notation(m)) for m, seat, _t in final.history]
        self._rounds = _rounds(final)
        if finished_only:
            done = [r for r in self._rounds if r.end is not None]
            last = done[-1].end if done else 0
            self._rounds = done
            while len(final.history) > last:
                final.undo()
            del self._moves[last:]
        self.final = final
        start = final.to_json()
        start["moves"] = []
        self._live = from_json(start)
        self._at = 0

    def __len__(self) -> int:
        """The number of moves: positions run from 0 (the deal) to ``len``."""
        return len(self._moves)

    def move(self, i: int) -> tuple[int | None, str]:
        """Move ``i`` (from 0): the seat that made it (None: between rounds) and its
        notation. It leads from position ``i`` to position ``i + 1``."""
        return self._moves[i]

    def moves(self) -> list[tuple[int | None, str]]:
        return list(self._moves)

    def at(self, k: int) -> Match:
        """The match after ``k`` moves. It is the replay's own: read it, do not play on it
        (``clone()`` for a copy to change)."""
        if not 0 <= k <= len(self._moves):
            raise IndexError(f"no position {k}: this game has positions 0 to "
                             f"{len(self._moves)}")
        m = self._live
        while self._at > k:
            m.undo()
            self._at -= 1
        while self._at < k:
            m.play(self._moves[self._at][1])
            self._at += 1
        return m

    def hands(self, k: int) -> list[list]:
        """Every seat's hand after ``k`` moves, face up (copies)."""
        return [list(h) for h in self.at(k).hands]

    def rounds(self) -> list[Round]:
        """Each round's first and last positions."""
        return list(self._rounds)

    def round_of(self, k: int) -> Round:
        """The round that position ``k`` belongs to (a round's end position is its own)."""
        return next(r for r in reversed(self._rounds) if r.start <= k)

    def seat_moves(self, seat: int) -> list[int]:
        """The moves ``seat`` made (their indexes), for the coach's marks."""
        return [i for i, (s, _n) in enumerate(self._moves) if s == seat]

    def deal(self, number: int) -> dict[str, Any] | None:
        """Round ``number``'s whole deal (``fair.round_deal``) once it is over, with
        ``played``: what differs between it and the round as replayed (empty: they
        agree). None when the round had no deal code. The replay stays where it was: the
        round's start is looked at on the way, and the cursor is put back (a match read
        from ``at`` before is the same position after)."""
        deal = round_deal(self.final, number)
        if deal is not None:
            was = self._at
            deal["played"] = played_problems(deal, self.at(self._rounds[number - 1].start))
            self.at(was)
        return deal


def _rounds(final: Match) -> list[Round]:
    out, start, number = [], 0, 1
    for i, (move, _seat, _token) in enumerate(final.history):
        if move.kind == NEXT:
            out.append(Round(number, start, _end(final, start, i)))
            start, number = i + 1, number + 1
    end = len(final.history) if final.round_over else None
    out.append(Round(number, start, _end(final, start, end) if end is not None else None))
    return out


def _end(final: Match, start: int, stop: int) -> int:
    """The position where the round begun at ``start`` was over: ``stop``, less the late
    arrivals who joined after it ended."""
    while stop > start and final.history[stop - 1][1] is None:
        stop -= 1
    return stop
