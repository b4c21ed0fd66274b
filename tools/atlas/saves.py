"""The saves the atlas starts its screens from, made with the project's own packages
(py/): games mid-round, at a round's end and one move from the end, lessons, past
games, house rules, a rally and a kiosk's settings."""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(390, 844), (430, 932), (768, 1024), (1024, 768), (1280, 800), (1920, 1080)]
PRINTS = ("normal", "large")
OUT = ROOT / "build" / "atlas"  # test-results/ is emptied by every pytest run
TIMEOUT_MS = 10_000  # a guard against a hang, never a measure
READY = "document.documentElement.dataset.ready === '1'"
BOOT_MS = 90_000

TABLE, PAST, HOUSE = ("rally-dominoes:table", "rally-dominoes:past-games",
                      "rally-dominoes:house-rules")
RALLY, KIOSK = "rally-dominoes:rally", "rally-dominoes:kiosk"
LONG_NAMES = ("You", "Christabelle", "Bartholomew", "Maximilianus")
GAMES = {"mexican-train": "Mexican Train", "chicken-foot": "Chicken Foot",
         "all-fives": "All Fives"}
LESSONS = {"mexican-train": "Mexican Train", "tournament": "Mexican Train: the tournament sheet",
           "chicken-foot": "Chicken Foot", "all-fives": "All Fives"}
KIOSK_PIN = "2468"
# "\u2026" that ends a text where nothing was cut: a button that opens more, a wait.
WHOLE_WITH_ELLIPSIS = {"House rules\u2026": "a button that opens a screen of its own",
                       "Drawing the code\u2026": "a line that says a code is coming"}


# ---- saves, made with the engine (py/) -------------------------------------------------
def _py() -> None:
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))


def _settings(large: bool):
    _py()
    from app.game.seats import Settings

    return Settings(pace="very fast", numerals=large)


def _play_until(s, rng, done: Callable) -> None:
    from bones.moves import NEXT, PLAY

    g = s.game
    for _ in range(2000):
        if done(g) or g.round_over:
            return
        ms = [m for m in g.legal_moves() if m.kind != NEXT]
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))


def _mine_to_play(g) -> bool:
    from bones.moves import PLAY

    return g.turn == 0 and any(m.kind == PLAY for m in g.legal_moves())


@functools.cache
def mid_round(game: str, large: bool) -> str:
    """Four players with names of 12 letters, 10 moves or more in, the person (seat 0)
    to play a tile, the computers having moved since: "Show again" has moves to show."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    for seed in range(1, 200):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human")] + [Seat(n, "computer", "easy")
                                                          for n in LONG_NAMES[1:]],
                        seed=seed, settings=_settings(large))
        s.started = True
        rng = random.Random(seed)
        _play_until(s, rng, lambda g: len(g.history) >= 14 and _mine_to_play(g))
        if not s.game.round_over and _mine_to_play(s.game):
            return s.to_json()
    raise LookupError(f"no mid-round position of {game}")


@functools.cache
def round_over(game: str, large: bool) -> str:
    """The first round just over, a computer player having gone out: the summary."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    for seed in range(1, 400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human")] + [Seat(n, "computer", "easy")
                                                          for n in LONG_NAMES[1:]],
                        seed=seed, settings=_settings(large))
        s.started = True
        _play_until(s, random.Random(seed), lambda g: False)
        g = s.game
        out = getattr(g, "out", None)
        out = out if out is not None else getattr(g, "winner", None)
        if g.round_over and not g.match_over and out not in (None, 0):
            return s.to_json()
    raise LookupError(f"no round's end of {game}")


@functools.cache
def last_move(game: str, large: bool) -> str:
    """A one-round game (All Fives: to 5 points) where the person holds one tile and is
    to play it: the play ends the game."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    options = {"target": 5} if game == "all-fives" else {"rounds": 1}
    for seed in range(1, 400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human"), Seat(LONG_NAMES[1], "computer",
                                                            "easy")],
                        seed=seed, options=options, settings=_settings(large))
        s.started = True
        _play_until(s, random.Random(seed),
                    lambda g: len(g.hands[0]) == 1 and _mine_to_play(g))
        g = s.game
        if not g.round_over and len(g.hands[0]) == 1 and _mine_to_play(g):
            return s.to_json()
    raise LookupError(f"no last move of {game}")


@functools.cache
def lesson_last_step(lesson: str, large: bool) -> str:
    """A lesson played up to its last step of the person's."""
    _py()
    from app.game.session import Session
    from app.lessons.data import LESSONS as ALL

    x = ALL[lesson]
    s = Session.for_lesson(lesson, _settings(large))
    for step in x.steps[:x.mine()[-1]]:
        s.game.play(s.game.parse(step.move))
    return s.to_json()


@functools.cache
def lesson_start(lesson: str, large: bool) -> str:
    """A lesson as its button starts it, at the pace "Very fast"."""
    _py()
    from app.game.session import Session

    return Session.for_lesson(lesson, _settings(large)).to_json()


@functools.cache
def finished_game() -> tuple[str, int]:
    """Past games holding one finished one-round game of Mexican Train (you against
    Bartholomew), and its number of moves."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session
    from app.past import store
    from bones import archive

    def played(seed):
        s = Session.new("mexican-train", bones.GAMES["mexican-train"].default_preset,
                        [Seat("You", "human"), Seat("Bartholomew", "computer", "easy")],
                        seed=seed, options={"rounds": 1}, settings=_settings(False))
        s.started = True
        _play_until(s, random.Random(seed), lambda g: False)
        return s

    # a short one (about 30 moves): the replay's middle is a few steps away
    s = min((played(seed) for seed in range(1, 30)),
            key=lambda s: abs(len(s.game.history) - 30))
    assert s.game.match_over
    rec = store.record(s, "2026-05-01T15:30:00")
    kept, _ = archive.add(archive.empty(), rec)
    return archive.dumps(kept), len(s.game.history)


@functools.cache
def house_rules() -> tuple[str, str]:
    """House rules kept on the device (one set), and a file of another to bring in."""
    _py()
    from app.shared.house_store import FORMAT
    from bones.house import HouseRules

    kept = HouseRules.start("gs-mt", "Sun Lakes Tuesday").with_change("rounds", 1)
    other = HouseRules.start("gs-mt", "Prairie Winds Friday").with_change("rounds", 5)
    return (json.dumps({"format": FORMAT, "rules": [kept.to_dict()]}), other.dumps())


@functools.cache
def rally_event() -> str:
    _py()
    from bones.rally import Event

    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=10, first_double=12)
    ev.add_table(["Christabelle", "Bartholomew", "Maximilianus", "Dee", "Eve", "Flo",
                  "Gus", "Hal"])
    ev.add_table(["Ivy", "Jo", "Kay"])
    for r in range(1, 6):
        ev.enter_round(1, r, [r, 10, "no-show", 0, 25, 7, 3, 12])
    return ev.dumps()


@functools.cache
def kiosk_settings() -> str:
    _py()
    from app.kiosk.settings import KioskSettings, pin_record

    return KioskSettings(enabled=True, pin=pin_record(KIOSK_PIN)).to_json()
