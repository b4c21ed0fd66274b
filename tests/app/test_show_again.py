""""Show again" (app.table.show_again), in CPython with the fake page: the others' moves since the
player's own, shown one at a time on the table with their words said, the tiles travelling
(or fading in with reduced motion), the game untouched, stopped by any tap or key, and the
button disabled when there is nothing to show."""

from __future__ import annotations

import asyncio

import pytest

from app.dom import NO_CONTROL
from app.game.session import Session
from app.table import dialog_views, views
from app.table import show_again as replay
from app.table.motion import seat_card
from app.table.show_again import NOW, TRAVEL_MS, WAITING, felt_tile
from bones.moves import PLAY
from own_loop import run
from pagestub import NoPage

CARD_AT = (1030.0, 90.0, 230.0, 60.0)


class Table(NoPage):
    """The controller on the fake page: every line said in the page's live region is
    kept, and ``on_say`` may act on one (a tap in the middle of a showing)."""

    def __init__(self, session):
        super().__init__(session)
        self.all_said: list[str] = []
        self.on_say = None
        self.table.turns.schedule = lambda: None
        self.page.say = self.heard

    def heard(self, text: str) -> None:
        self.all_said.append(text)
        if self.on_say is not None:
            self.on_say(text)


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch):
    monkeypatch.setattr(replay, "STEP_S", 0)


def after_the_others(seed: int = 3) -> Table:
    """A Quick game at the person's turn again after their own move, the others having
    moved since, a tile among their moves."""
    s = Session.quick(seed=seed)
    s.started = True
    c = Table(s)
    for seat in range(len(s.seats)):
        c.page.motion.rects[seat_card(seat)] = CARD_AT
    mine = 0
    for _ in range(400):
        if s.game.turn == 0:
            if mine and any(m.kind == PLAY for m, _ in s.wording.moves_since_viewer()):
                return c
            s.play(s.my_moves()[0])
            mine += 1
        else:
            s.play(s.game.legal_moves()[0])
    raise AssertionError("no table with the others' tiles to show")


def show_all(c: Table) -> None:
    async def go():
        c.table.replay.do_show_again("", NO_CONTROL)
        while c.table.replay.running:
            await asyncio.sleep(0)
    run(go())


def test_the_moves_since_mine_are_the_others_moves_after_my_last_in_order():
    c = after_the_others()
    s = c.session
    hist = [(m, seat) for m, seat, _t in s.game.history]
    mine = max(i for i, (_m, seat) in enumerate(hist) if seat == 0)
    assert s.wording.moves_since_viewer() == hist[mine + 1:]
    assert all(seat != 0 for _m, seat in s.wording.moves_since_viewer())


def test_show_again_says_each_move_in_order_and_flies_each_tile_from_its_players_card():
    c = after_the_others()
    s = c.session
    moves = s.wording.moves_since_viewer()
    before = (list(s.game.history), s.observation())
    show_all(c)
    words = [s.wording.move_words(m, seat) + "." for m, seat in moves]
    assert c.all_said[1:-1] == words
    assert c.all_said[0].startswith("Showing again the ")
    assert c.all_said[-1] == "That is all. The table is as it was."
    plays = [(m, seat) for m, seat in moves if m.kind == PLAY]
    assert c.page.motion.travels == [(CARD_AT, felt_tile(m.tile), TRAVEL_MS, seat_card(seat))
                                     for m, seat in plays]
    # every tile to come was dimmed first, and nothing is left marked
    first = c.page.motion.marks[:len(plays)]
    assert first == [(felt_tile(m.tile), WAITING, True) for m, _ in plays]
    assert c.page.motion.marked == set()
    assert (list(s.game.history), s.observation()) == before
    assert not c.table.replay.running


def test_with_reduced_motion_the_tiles_fade_in_and_are_outlined_one_at_a_time():
    c = after_the_others()
    c.session.settings.reduce_motion = True
    plays = [m for m, _ in c.session.wording.moves_since_viewer() if m.kind == PLAY]
    show_all(c)
    assert c.page.motion.travels == []
    assert c.page.motion.fades == [(felt_tile(m.tile), TRAVEL_MS) for m in plays]
    outlined = [sel for sel, cls, on in c.page.motion.marks if cls == NOW and on]
    assert [sel for sel in outlined if sel.startswith(".felt-svg")] == \
        [felt_tile(m.tile) for m in plays]


def test_any_tap_or_key_stops_it_and_the_table_is_as_before():
    c = after_the_others()
    moves = c.session.wording.moves_since_viewer()
    first = c.session.wording.move_words(*moves[0]) + "."
    c.on_say = lambda text: c.table.replay.interrupt() if text == first else None
    show_all(c)
    assert c.all_said[-1] == first  # nothing after the tap
    assert c.page.motion.marked == set()
    assert not c.table.replay.running
    # the press that stopped it does not start it again
    c.on_say = None
    said = len(c.all_said)
    show_all(c)
    assert len(c.all_said) == said


def test_a_move_meanwhile_ends_the_showing():
    c = after_the_others()
    moves = c.session.wording.moves_since_viewer()
    first = c.session.wording.move_words(*moves[0]) + "."
    s = c.session

    def move_now(text):
        if text == first:
            s.play(s.my_moves()[0])
    c.on_say = move_now
    show_all(c)
    assert c.all_said[-1] == first
    assert c.page.motion.marked == set()


def test_the_button_is_enabled_with_moves_and_disabled_with_nothing_to_show():
    c = after_the_others()
    s = c.session
    html = views.actions_markup(s)
    assert s.wording.moves_since_viewer()
    assert 'data-act="show-again" aria-label="Show again">Show again<' in html
    s.play(s.my_moves()[0])  # the player moved: nothing of the others' since
    while s.computer_to_move():
        html = views.actions_markup(s)
        assert 'aria-label="Show again" disabled' in html
        s.play(s.game.legal_moves()[0])
    if not s.wording.moves_since_viewer():
        assert 'aria-label="Show again" disabled' in views.actions_markup(s)
    fresh = Table(Session.quick(seed=3))
    assert fresh.table.replay.moves() == [] or fresh.session.game.turn != 0
    said = len(fresh.all_said)
    fresh.session.started = True
    if not fresh.table.replay.moves():
        show_all(fresh)
        assert len(fresh.all_said) == said


def test_the_moves_dialog_offers_it_and_pressing_it_there_shows_the_moves_on_the_table():
    """A narrow screen's action row has no room for the button (web/style.css): the "Moves and
    scores" dialog has it, and pressing it there closes the dialog first, so the moves
    are shown on the table rather than stopped at once by the open dialog."""
    c = after_the_others()
    s = c.session
    moves = s.wording.moves_since_viewer()
    c.act("sheet")
    assert c.dialog is not None
    html = dialog_views.sheet_dialog(s)
    assert 'data-act="show-again" aria-label="Show again">Show again<' in html
    show_all(c)
    assert c.dialog is None
    assert c.all_said[1:-1] == [s.wording.move_words(m, seat) + "." for m, seat in moves]
    assert c.all_said[-1] == "That is all. The table is as it was."
