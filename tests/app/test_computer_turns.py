"""The computer's turns on the page (app.table.turns' loop), in CPython with a stand-in
for the page: the computer thinks while the pace between moves runs, and a choice made
for a table that has since changed (an undo, a new game) is thrown away."""

from __future__ import annotations

import asyncio

import pytest

import own_loop
from app.game.seats import Seat
from app.game.session import Session
from app.table import turns
from pagestub import NoPage

PACE_S = 0.25
THINK_S = 0.2


class Page(NoPage):
    """Choosing takes ``think`` seconds (as Hard in its worker). ``events`` lists, in
    order, when each choice began and ended and when each pause between moves ended."""

    def __init__(self, session: Session, think: float):
        super().__init__(session)
        self.table.turns = StandInTurns(self.table)
        self.think = think
        self.asked: list[int] = []  # history lengths the computer was asked at
        self.events: list[str] = []
        self.during = None  # called once, while the first choice is being thought about

    async def choose(self, s, seat):
        self.asked.append(len(s.game.history))
        self.events.append("think")
        await asyncio.sleep(self.think)
        self.events.append("chose")
        if self.during is not None:
            self.during, during = None, self.during
            during()
        return next(m for m in s.game.legal_moves())



class StandInTurns(turns.Turns):
    """The computer's turns with the page's stand-in choice."""

    async def choose(self, s, seat):
        return await self.t.c.choose(s, seat)


class PacedAsyncio:
    """``asyncio`` as app.table.turns sees it, with each pause of the pace's length noted
    in ``page.events`` when it ends."""

    def __init__(self, page: Page):
        self.page = page

    def __getattr__(self, name):
        return getattr(asyncio, name)

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)
        if abs(seconds - PACE_S) < 1e-9:
            self.page.events.append("paced")


def computers_only(seed=3) -> Session:
    s = Session.new("chicken-foot", "gs-cf", [Seat(n) for n in ("Ann", "Bob", "Cy")],
                    seed=seed)
    s.started = True
    return s


def play_for(page: Page, seconds: float) -> None:
    """Run the computer's loop for ``seconds``, then leave the table."""

    async def run():
        task = asyncio.ensure_future(page.turns.loop())
        await asyncio.sleep(seconds)
        page.session = None  # leaving the table stops the loop at its next look
        await task

    own_loop.run(run())


@pytest.fixture
def quick_pace(monkeypatch):
    monkeypatch.setitem(turns.PACES, "normal", PACE_S * 1000)


def test_the_computer_thinks_while_the_pace_runs(quick_pace, monkeypatch):
    """Each choice starts with the pause before its move, not after it (a move every
    max(pace, thinking time), not pace + thinking time): Hard's search in its worker
    overlaps the pause the player reads the table in."""
    page = Page(computers_only(), THINK_S)
    monkeypatch.setattr(turns, "asyncio", PacedAsyncio(page))
    s = page.session
    before = len(s.game.history)
    play_for(page, 1.6)
    made = len(s.game.history) - before
    # For every move the choice begins before its pause ends (the old loop paused first
    # and then began to choose: "paced", "think", "chose").
    ev = page.events
    assert made >= 3 and not page.errors, (made, ev, page.errors)
    starts = [e for e in ev if e in ("think", "paced")][:2 * made]
    assert starts == ["think", "paced"] * made, ev


def test_a_choice_for_a_table_that_changed_is_not_played(quick_pace):
    """An undo while the computer thinks (here: the last move taken back and another
    made in its place, so the game is as long as before) voids its choice; it thinks
    again about the table as it is."""
    page = Page(computers_only(seed=5), THINK_S)
    s = page.session
    g = s.game
    s.play(next(m for m in g.legal_moves()))  # a move to take back
    played = []

    real_play = s.play
    made = []

    def undo_and_replay():
        g.undo()
        m = next(m for m in reversed(g.legal_moves()))
        real_play(m)
        played.append((len(g.history), m))

    page.during = undo_and_replay

    def play(m):
        made.append((len(g.history), m))
        real_play(m)

    s.play = play
    play_for(page, 1.2)
    assert played, page.errors
    n_undo, _m = played[0]
    # The first choice was asked at n_undo (the same length after the undo and the new
    # move) and then thrown away: nothing was played at that length by the loop except
    # after it was asked again.
    assert page.asked[0] == n_undo and page.asked[1] == n_undo
    assert made and made[0][0] == n_undo == page.asked[1]
    assert not page.errors
