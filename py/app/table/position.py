"""What the table reads of the position, worked out once per position and handed to
every part that reads it (the checks of a move, the words said, the hand, the buttons, the
felt): the person's moves, what their seat may see, the places the chosen tile may go.
``position_key`` says when the position changed, so the view is worked out again."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bones.moves import PLAY, Move
from bones.tiles import Tile


@dataclass(frozen=True)
class Position:
    moves: tuple[Move, ...]  # what the person at the screen may do now (Session.my_moves)
    obs: dict  # what the seat at the screen may see (Session.observation)
    hand: tuple[Tile, ...]  # their tiles, in their own order (app.game.hand)
    selected: Tile | None  # the tile chosen in the hand
    targets: frozenset[int]  # where the chosen tile may go
    playable: frozenset[Tile]  # the tiles that may be played now

    @classmethod
    def of(cls, s, selected: Tile | None) -> Position:
        moves = s.my_moves()
        obs = s.observation()
        return cls(moves, obs, tuple(s.hand_in_order(obs)), selected,
                   _targets(moves, selected),
                   frozenset(m.tile for m in moves if m.kind == PLAY))

    def choosing(self, selected: Tile | None) -> Position:
        """The same position with another tile chosen (its places lit)."""
        return replace(self, selected=selected, targets=_targets(self.moves, selected))


def _targets(moves: tuple[Move, ...], selected: Tile | None) -> frozenset[int]:
    return frozenset(m.target for m in moves if m.kind == PLAY and m.tile == selected)


def position_key(s) -> tuple:
    """What the view of ``s`` (an app.game.session ``Session``) depends on: the game and
    its moves, the seats, who is at the screen and their hand's order, the lesson."""
    g = s.game
    h = g.history
    v = s.viewer()
    return (id(s), id(g), g.round_number, len(h), h[-1][:2] if h else None, len(s.seats),
            s.shown, s.started, v, tuple(s.order.get(v) or ()), s.lesson)
