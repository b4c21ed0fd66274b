"""Learn to play: a short guided round of each game on the real table (docs/lessons.md).

A lesson is data (``app.lessons.data``): a game and its sheet, the seats, a stacked deal
(every hand and the boneyard's order, as ``bones.new_game(deal=...)`` takes it) and the
round's moves in order, each one step. The person's steps carry the sentence that says
what to do and why, and what to say once it is done; the computer's steps are played as
written. While a lesson runs, the person may make only the step's move: it is the only
tile lit, the only place to tap, the only button; any other tap is answered with why
(the engine's reason, in the lesson's words) and the step again.

The lesson in play is the number of moves made (``len(match.history)``): a save and a
reload carry it with the match, nothing else. Pure Python, tested in CPython
(tests/app/test_lessons.py) and played through by tapping in Chromium
(tests/browser/test_browser_lessons.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import bones
from bones.deals import as_tile
from bones.moves import DRAW, KNOCK, PASS, PLAY, Move


@dataclass(frozen=True)
class Step:
    move: str  # the move in the engine's notation (docs/notation.md): "9-5@0", "draw"
    say: str = ""  # the person's step: what to do, and why ("" for a computer's step:
    #                the table says what the computer did, as in any game)
    done: str = ""  # said once the person's move is made: what it did at the table


@dataclass(frozen=True)
class Lesson:
    id: str  # "mexican-train": its button's and its save's name
    game: str
    preset: str
    title: str  # "Mexican Train"
    blurb: str  # one line under its button
    names: tuple[str, ...]  # the seats' names; the first is the person ("You")
    hands: tuple[tuple[str, ...], ...]  # every seat's tiles
    draws: tuple[str, ...]  # the first tiles drawn from the boneyard, in order
    steps: tuple[Step, ...]
    end: str  # said when the round is over: what it scored, and why
    options: tuple[tuple[str, object], ...] = ()  # the sheet's options changed (partners)

    @property
    def seats(self) -> int:
        return len(self.names)

    def deal(self) -> dict:
        """The stacked deal: the hands, then the boneyard with ``draws`` drawn first and
        the rest of the set in order behind them."""
        game = bones.new_game(self.game, seats=self.seats, preset=self.preset,
                              options=dict(self.options) or None, seed=0)
        hands = [[str(as_tile(t)) for t in h] for h in self.hands]
        draws = [str(as_tile(t)) for t in self.draws]
        held = {t for h in hands for t in h} | set(draws)
        # what the engine deals: every tile but a double placed before the deal
        pool = [str(t) for h in game.hands for t in h] + [str(t) for t in game.boneyard]
        rest = sorted((t for t in pool if t not in held), key=as_tile)
        return {"hands": hands, "boneyard": draws + rest, "first": 0}

    def new_game(self):
        return bones.new_game(self.game, seats=self.seats, preset=self.preset,
                              options=dict(self.options) or None, deal=self.deal(), seed=0)

    def mine(self) -> list[int]:
        """The person's steps (those with words), by their place in ``steps``."""
        return [i for i, s in enumerate(self.steps) if s.say]


class LessonRun:
    """A lesson at its step in a match: what the person may do, what is said."""

    def __init__(self, lesson: Lesson, game):
        self.lesson = lesson
        self.g = game

    @property
    def at(self) -> int:
        return len(self.g.history)

    @property
    def over(self) -> bool:
        return self.g.round_over or self.at >= len(self.lesson.steps)

    @property
    def on_path(self) -> bool:
        """Every move made is the lesson's own, in its order (a save that strayed is
        refused: ``lesson_in_save``; this guards the words all the same)."""
        return self.at <= len(self.lesson.steps) and all(
            m == self.g.parse(s.move) for (m, _seat, _t), s in zip(self.g.history,
                                                                   self.lesson.steps))

    def step(self) -> Step | None:
        return None if self.over else self.lesson.steps[self.at]

    def move(self) -> Move | None:
        """The step's move, as the engine reads it (None once the lesson is over)."""
        s = self.step()
        return None if s is None else self.g.parse(s.move)

    def allowed(self, legal: tuple[Move, ...]) -> tuple[Move, ...]:
        """What the person may do now: the step's move only."""
        m = self.move()
        return (m,) if m is not None and m in legal else ()

    def number(self) -> tuple[int, int]:
        """(this step's number among the person's, how many there are)."""
        mine = self.lesson.mine()
        done = sum(1 for i in mine if i < self.at)
        return min(done + 1, len(mine)), len(mine)

    def line(self, turn_is_mine: bool) -> str:
        """The lesson's sentence now: at the person's step, what to do; while the
        computers play, what the person's last move did; at the end, the end."""
        if self.over:
            return self.end()
        if turn_is_mine:
            k, n = self.number()
            return f"Step {k} of {n}. {self.step().say}"
        last = next((s.done for s in reversed(self.lesson.steps[:self.at]) if s.done), "")
        return last

    def end(self) -> str:
        """The lesson's end as written, when the round went as written; else "" (the
        table then says what did happen in the round, as in any game)."""
        written = self.g.round_over and self.at == len(self.lesson.steps) and self.on_path
        return self.lesson.end if written else ""

    def status(self) -> str:
        """The status line's "what to do" at the person's step: the step's move alone
        (the game's own line would offer a draw or a pass the lesson does not take)."""
        m = self.move()
        if m is None:
            return ""
        if m.kind == PLAY:
            return f"play your {m.tile}"
        return {DRAW: "draw a tile", PASS: "pass", KNOCK: "knock"}.get(m.kind, m.kind)

    def refusal(self, tile, legal: list[Move]) -> str:
        """Why a tile other than the step's is not the one to tap, kindly, and the step."""
        want = self.step()
        again = f" {want.say}" if want is not None else ""
        fits = [m for m in legal if m.kind == PLAY and m.tile == tile]
        if fits:
            return f"{tile} could go there too, but this lesson shows another move.{again}"
        return f"{tile} does not match any open end just now.{again}"

