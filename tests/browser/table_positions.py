"""Saved tables to open in the page: positions built with the engine, saved as the page
saves them (``Session.to_json`` under the controller's SAVE_KEY in localStorage).

Each position waits on the player at the screen (seat 0, the only person), so nothing
moves while a test measures it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

import bones  # noqa: E402
from app.game.seats import Seat  # noqa: E402
from app.game.session import Session  # noqa: E402
from bones.moves import PLAY  # noqa: E402

SAVE_KEY = "rally-dominoes:table"
NAMES = ("You", "Ann", "Bob", "Cora", "Dale", "Edna", "Fran", "Gus")


def _tiles_on_table(g) -> int:
    if g.game == "mexican-train":
        return sum(len(t) for t in g.trains)
    if g.game == "chicken-foot":
        return sum(len(d["tiles"]) for d in g.layout())
    return sum(len(a["tiles"]) for a in g.layout().get("arms", ()))


def _want(kind: str, g) -> bool:
    if g.turn != 0 or g.round_over or not any(m.kind == PLAY for m in g.legal_moves()):
        return False
    n = _tiles_on_table(g)
    if kind == "long":
        return not g.pending and n >= 30
    if kind == "double":
        return bool(g.pending) and n >= 12
    if kind == "toes":  # a later double with its toes growing, and one waiting
        lines = g.layout()
        grown = [d for d in lines if d["stem"] != -1 and d["tiles"]]
        return len(grown) >= 2 and bool(g.pending) and n >= 25
    if kind == "feet":  # two feet: the centre double's and one later double's, toes growing
        toes = [d for d in g.layout() if d["stem"] != -1]
        return (len(toes) == 3 and sum(bool(d["tiles"]) for d in toes) >= 2
                and not g.pending and n >= 16)
    if kind == "crowd":  # a late round with many lines open (toes of several doubles)
        return sum(1 for d in g.layout() if d["open"]) >= 16
    if kind == "spinner":  # the spinner's four arms open, each with tiles
        lay = g.layout()
        arms = [a for a in lay["arms"] if a["open"]]
        return len(arms) >= 4 and sum(bool(a["tiles"]) for a in arms) >= 4 and n >= 12
    raise ValueError(kind)


GAMES = {"long": "mexican-train", "double": "mexican-train", "toes": "chicken-foot",
         "feet": "chicken-foot",
         "crowd": "chicken-foot", "spinner": "all-fives"}


def position(kind: str, players: int, seed: int = 1) -> Session:
    """A session at a ``kind`` of position ("long", "double", "toes", "feet", "crowd",
    "spinner") with ``players`` seats, seat 0 (a person) to play."""
    game = GAMES[kind]
    for k in range(400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(NAMES[0], "human")] + [Seat(n) for n in NAMES[1:players]],
                        seed=seed * 1000 + k)
        s.started = True
        g = s.game
        rng = random.Random(k)
        for _ in range(400):
            if _want(kind, g):
                return s
            if g.round_over:
                break
            moves = g.legal_moves()
            plays = [m for m in moves if m.kind == PLAY]
            g.play(rng.choice(plays or moves))
    raise LookupError(f"no {kind} position for {players} players")


def saved(kind: str, players: int, seed: int = 1) -> str:
    return position(kind, players, seed).to_json()


# Names as long as the table must show whole (12 letters), for the hand's positions.
LONG_NAMES = ("You", "Christabelle", "Bartholomew", "Maximilianus")
HAND_GAMES = ("mexican-train", "chicken-foot", "all-fives")


def hand_position(game: str, tiles: int, players: int = 4, seed: int = 1,
                  names: tuple[str, ...] = LONG_NAMES) -> Session:
    """A session mid-round with ``tiles`` tiles in the hand of seat 0 (a person), who is
    to play and has a tile that fits: a set deal gives seat 0 one tile more and the first
    turn, it plays one, and the others play at random until its turn comes again."""
    from bones.tiles import full_set, tile

    preset = bones.GAMES[game].default_preset
    for k in range(400):
        rng = random.Random(seed * 1000 + k)
        options = {"partners": False} if game == "all-fives" else None
        probe = bones.new_game(game, seats=players, preset=preset, options=options)
        pool = full_set(probe.options.set_high if game != "all-fives" else 6)
        if game != "all-fives":  # round 1's double is placed before the deal (G8)
            pool.remove(tile(probe.options.round_double(1), probe.options.round_double(1)))
        rng.shuffle(pool)
        others = min(7, (len(pool) - tiles - 1) // (players - 1))
        hands = [pool[:tiles + 1]]
        for i in range(1, players):
            hands.append(pool[tiles + 1 + (i - 1) * others:tiles + 1 + i * others])
        deal = {"hands": [[str(t) for t in h] for h in hands]}
        deal["leader" if game == "all-fives" else "first"] = 0
        g = bones.new_game(game, seats=players, preset=preset, options=options,
                           seed=seed * 1000 + k, deal=deal)
        s = Session(g, [Seat(names[0], "human")] + [Seat(n) for n in names[1:players]])
        s.started = True
        g = s.game
        if g.turn != 0:
            continue
        plays = [m for m in g.legal_moves() if m.kind == PLAY]
        if not plays:
            continue
        g.play(rng.choice(plays))
        for _ in range(40):
            if g.round_over or g.turn == 0:
                break
            moves = g.legal_moves()
            g.play(rng.choice([m for m in moves if m.kind == PLAY] or moves))
        if (not g.round_over and g.turn == 0 and len(g.hands[0]) == tiles
                and any(m.kind == PLAY for m in g.legal_moves())):
            return s
    raise LookupError(f"no {game} position with {tiles} tiles in hand")


def round_over_position(game: str, seed: int = 1, names: tuple[str, ...] = LONG_NAMES,
                        humans: int = 1) -> Session:
    """A session whose first round (hand) has just ended, someone else than seat 0 having
    gone out: the round's summary is up."""
    for k in range(400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(n, "human" if i < humans else "computer")
                         for i, n in enumerate(names)], seed=seed * 1000 + k)
        s.started = True
        g = s.game
        rng = random.Random(k)
        while not g.round_over:
            moves = g.legal_moves()
            g.play(rng.choice([m for m in moves if m.kind == PLAY] or moves))
        out = g.out if getattr(g, "out", None) is not None else getattr(g, "winner", None)
        if not g.match_over and out not in (None, 0):
            return s
    raise LookupError(f"no {game} round ending")
