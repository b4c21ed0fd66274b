"""What one redraw of the table reads of the position, worked out once per event and
handed to every part that draws it (the hand, the buttons, the felt): the person's
moves, what their seat may see, the places the chosen tile may go."""

from __future__ import annotations

from dataclasses import dataclass

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
                   frozenset(m.target for m in moves if m.kind == PLAY and m.tile == selected),
                   frozenset(m.tile for m in moves if m.kind == PLAY))
