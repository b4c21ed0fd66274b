"""The game registry: each game is one registered bundle.

A game module (mexican.py, chicken.py, allfives.py) ends by registering a ``GameType``:
its rules (the ``Match`` subclass) and the few facts the other layers ask about (the
word for a round, whether a pass puts up a marker, ...). Every layer looks a game up
here, by the id a save and a preset carry, instead of asking ``if game == "..."``.
The registry describes the game only: its table registers itself in bones.layout
(layout/tables.py), its computer player in bones.ai (ai/levels.py: ``POLICIES``).

    >>> import bones
    >>> from bones.games import game, games
    >>> [g.id for g in games()]
    ['mexican-train', 'chicken-foot', 'all-fives']
    >>> game("all-fives").title, game("all-fives").round_word
    ('All Fives', 'hand')
    >>> sorted(presets_of("chicken-foot"))
    ['gs-cf']
    >>> game("dominoes")
    Traceback (most recent call last):
    ...
    ValueError: no game called 'dominoes': choose one of mexican-train, chicken-foot, all-fives
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .presets import PRESETS, Preset

ROUNDS, TARGET = "rounds", "target"  # how long a match lasts: a number of rounds, a score


@dataclass(frozen=True)
class GameType:
    """One game, as every layer sees it: its rules and plain facts."""

    id: str  # "mexican-train": what saves, presets, rally events and URLs carry
    title: str  # "Mexican Train": its name on screen and on score sheets
    match: type  # the Match subclass: the rules, its presets and options type
    set_high: Callable[[Any], int]  # options -> the highest number of the set played with
    round_word: str = "round"  # what one deal is called: "hand" in All Fives (A1)
    length: str = ROUNDS  # ROUNDS (G1) or TARGET (A8): how long a match lasts
    markers: bool = False  # a pass puts up the seat's marker (M3)
    counts_ends: bool = False  # the open ends are counted after every play (A4)
    seat_trains: bool = False  # each seat has a train of its own on the table (M2)
    order: int = 0  # where the game is listed on screen, lowest first
    # What a club may change for house rules, in the order a form shows it: Settings
    # (bones.house_settings; kept as plain values here, as the registry imports no layer).
    house_settings: tuple[Any, ...] = ()


_GAMES: dict[str, GameType] = {}
MATCHES: dict[str, type] = {}  # id -> Match subclass (``bones.GAMES``), kept in step


def register(spec: GameType) -> GameType:
    """Add a game; its id must be the one its ``Match`` subclass plays under."""
    if spec.id in _GAMES:
        raise ValueError(f"the game {spec.id!r} is registered twice")
    if spec.match.game != spec.id:
        raise ValueError(f"{spec.match.__name__} plays {spec.match.game!r}, not {spec.id!r}")
    if spec.length not in (ROUNDS, TARGET):
        raise ValueError(f"a match lasts {ROUNDS!r} or {TARGET!r}, not {spec.length!r}")
    _GAMES[spec.id] = spec
    MATCHES[spec.id] = spec.match
    return spec


def game(game_id: str) -> GameType:
    """The registered game called ``game_id``; ValueError names the choices."""
    spec = _GAMES.get(game_id)
    if spec is None:
        choices = ", ".join(g.id for g in games())
        raise ValueError(f"no game called {game_id!r}: choose one of {choices}")
    return spec


def games() -> list[GameType]:
    """Every registered game, in the order the screens list them."""
    return sorted(_GAMES.values(), key=lambda g: g.order)


def presets_of(game_id: str) -> dict[str, Preset]:
    """The presets a game is played by, in the order they were registered."""
    return {name: p for name, p in PRESETS.items() if p.game == game_id}


def preset_of(game_id: str, name: str | None) -> Preset | None:
    """The preset ``name`` if it is one of ``game_id``'s, else None."""
    return presets_of(game_id).get(name) if name else None
