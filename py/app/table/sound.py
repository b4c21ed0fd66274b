"""The table's sounds, made in the page with the Web Audio API (app.browser.page's ``tones``): no
sound file is shipped or fetched. Each cue is a few short soft notes, a sine or a
triangle wave with a quick rise and a gentle fall; this module says which notes, the page
only plays them.

A note is ``(start s, frequency Hz, end frequency Hz, length s, wave, level)``; ``level``
is its peak as a fraction of full scale at the "loud" volume, and ``LEVELS`` scales it
for the player's volume. Notes of a cue never overlap (``peak`` checks it), so a cue's
peak is its loudest note's: at most 0.25 of full scale (-12 dBFS) at "loud", 0.06 at
"soft"."""

from __future__ import annotations

from typing import NamedTuple

from bones.moves import DRAW, KNOCK, PLAY

LEVELS = {"soft": 0.25, "medium": 0.5, "loud": 1.0}  # app.game.seats.VOLUMES
LOUDEST = 0.25  # no note is louder than this fraction of full scale, at "loud"
GAP_S = 0.08  # between two cues said together


class Note(NamedTuple):
    start: float
    freq: float
    end_freq: float
    length: float
    wave: str
    level: float


CUES: dict[str, tuple[Note, ...]] = {
    # a tile put down: a short low wooden tock
    "place": (Note(0.0, 520, 300, 0.09, "triangle", 0.25),),
    # a tile drawn: a soft slide upward
    "draw": (Note(0.0, 300, 420, 0.12, "sine", 0.16),),
    # a knock: two low taps
    "knock": (Note(0.0, 180, 140, 0.07, "triangle", 0.25),
              Note(0.13, 180, 140, 0.07, "triangle", 0.25)),
    # a double to satisfy: two notes, the second higher, asking for a tile
    "double": (Note(0.0, 392, 392, 0.12, "sine", 0.18),
               Note(0.16, 587, 587, 0.16, "sine", 0.18)),
    # your turn: a gentle two-note chime, falling
    "turn": (Note(0.0, 784, 784, 0.14, "sine", 0.14),
             Note(0.18, 659, 659, 0.2, "sine", 0.14)),
    # the end of a round: three notes rising
    "round": (Note(0.0, 523, 523, 0.14, "sine", 0.16),
              Note(0.17, 659, 659, 0.14, "sine", 0.16),
              Note(0.34, 784, 784, 0.26, "sine", 0.16)),
}


def cues_for(session, move, seat, was_turn, mine: tuple | None = None) -> list[str]:
    """The cues a move is heard by (in order): the round's end; else a double to satisfy,
    a knock, a tile placed or drawn; then "your turn" when the move passed the turn to
    the person at the screen (``was_turn``: whose turn it was before the move; ``mine``:
    the person's moves now, when worked out already)."""
    g = session.game
    out: list[str] = []
    if move is None:
        return out
    if g.round_over:
        return ["round"]
    if move.kind == PLAY:
        double = move.tile.is_double and bool(getattr(g, "pending", ()))
        out.append("double" if double else "place")
    elif move.kind == DRAW:
        out.append("draw")
    elif move.kind == KNOCK:
        out.append("knock")
    if was_turn != g.turn and (session.my_moves() if mine is None else mine):
        out.append("turn")
    return out


def notes(cues: list[str], volume: str) -> list[Note]:
    """The notes of ``cues`` one after another, scaled for ``volume``."""
    scale = LEVELS.get(volume, LEVELS["medium"])
    out: list[Note] = []
    at = 0.0
    for cue in cues:
        ns = CUES[cue]
        out.extend(n._replace(start=at + n.start, level=n.level * scale) for n in ns)
        at += max(n.start + n.length for n in ns) + GAP_S
    return out


def peak(ns: list[Note]) -> float:
    """The loudest moment of ``ns`` as a fraction of full scale: notes that sound at
    once add up."""
    edges = sorted({n.start for n in ns})
    return max((sum(n.level for n in ns if n.start <= t < n.start + n.length)
                for t in edges), default=0.0)
