"""The Hint button on the page (a hint shows the Normal or the Hard choice), in
CPython with a stand-in for the page. Hard's hint is thought out in the worker while the
page stays free; it is dropped if the table changes before it is ready."""

from __future__ import annotations

import asyncio
import json

import pytest

import own_loop
from app.game.seats import Seat, Settings
from app.game.session import Session
from app.table.worker import AiWorker
from bones import ai
from bones.moves import PLAY
from pagestub import NoPage


class Page(NoPage):
    """``worker`` is the AI worker the page has (None: no worker, so Hard thinks on the
    page)."""

    def __init__(self, session: Session, worker=None):
        super().__init__(session)
        self.worker = worker
        self.turns.worker = PagesWorker(self)


class PagesWorker(AiWorker):
    """app.table.worker's AiWorker over the page's ``worker``, which stands in for the
    started one."""

    def __init__(self, page: Page):
        super().__init__(page.page)
        self.table = page

    async def ready(self):
        return self.table.worker


class SlowWorker:
    """The worker's ``hint`` (web/ai-worker.py) in CPython, taking ``delay`` seconds;
    ``during`` is called once while it thinks."""

    def __init__(self, delay: float, during=None):
        self.delay = delay
        self.during = during
        self.calls = 0

    async def hint(self, save_json, seat, seed, budget_ms):
        self.calls += 1
        await asyncio.sleep(self.delay)
        if self.during is not None:
            self.during, during = None, self.during
            during()
        return json.dumps(ai.hint_from_json(save_json, int(seat), "hard", seed=str(seed),
                                            worlds=12))


def my_turn(game="chicken-foot", preset="gs-cf", hints="hard") -> Session:
    """A table where the human (seat 0) is to move with at least two plays."""
    seats = [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cy")]
    for seed in range(40):
        s = Session.new(game, preset, seats, seed=seed, settings=Settings(hints=hints))
        s.started = True
        g = s.game
        while not g.round_over and g.turn != 0:
            g.play(ai.choose(g, g.turn, "normal", seed=len(g.history)))
        if not g.round_over and sum(m.kind == PLAY for m in s.my_moves()) >= 2:
            return s
    raise AssertionError("no deal gives the human a choice")


def run(coro_fn):
    return own_loop.run(coro_fn())


def test_a_hard_hint_is_thought_out_off_the_page_and_then_shown(monkeypatch):
    """The Hint button with Hard's hints: the hint line says it is thinking straight
    away (the page is not held up), then names Hard's choice and what it did in likely
    deals, and chooses the tile as Normal's hint does."""
    s = my_turn()
    worker = SlowWorker(0.05)
    page = Page(s, worker)

    async def go():
        page.table.do_hint(None, None)
        assert page.table.state.hint.startswith("Hint: thinking")
        page.table.do_hint(None, None)  # a second tap while it thinks asks nothing more
        while page.turns.hinting:
            await asyncio.sleep(0.01)

    run(go)
    assert worker.calls == 1 and not page.errors
    said = page.table.state.hint
    assert said.startswith("Hint: ") and "likely deals of the hidden tiles" in said
    h = ai.hint(s.game, 0, "hard", seed=len(s.game.history), worlds=12)
    table = page.table.state
    assert h.move.kind == PLAY and table.selected == h.move.tile == table.hinted
    assert page.table.state.hint.endswith("Tap where it goes to play it.")


def test_a_hard_hint_without_a_worker_thinks_on_the_page():
    s = my_turn()
    page = Page(s, worker=None)

    async def go():
        page.table.do_hint(None, None)
        while page.turns.hinting:
            await asyncio.sleep(0.01)

    run(go)
    assert "likely deals" in page.table.state.hint and not page.errors
    assert page.table.state.selected in {m.tile for m in s.my_moves()}


def test_a_hard_hint_for_a_table_that_changed_is_dropped():
    """The player makes a move while the hint is thought out: the hint, made for the
    table before the move, is not shown (and chooses no tile)."""
    s = my_turn()
    page = Page(s, None)
    played = []

    def play_meanwhile():
        m = next(m for m in s.my_moves() if m.kind == PLAY)
        s.play(m)
        played.append(m)

    page.worker = SlowWorker(0.05, during=play_meanwhile)

    async def go():
        page.table.do_hint(None, None)
        while page.turns.hinting:
            await asyncio.sleep(0.01)

    run(go)
    assert played and page.table.state.hint.startswith("Hint: thinking")
    assert page.table.state.selected is None and not page.errors


def test_a_worker_that_fails_leaves_a_hint_all_the_same():
    class Broken:
        async def hint(self, *a):
            raise RuntimeError("worker gone")

    s = my_turn()
    page = Page(s, Broken())

    async def go():
        page.table.do_hint(None, None)
        while page.turns.hinting:
            await asyncio.sleep(0.01)

    run(go)
    assert page.table.state.hint.startswith("Hint: ") and "likely deals" in page.table.state.hint
    assert any("worker gone" in e for e in page.errors)


def test_normal_hints_stay_instant():
    s = my_turn(hints="normal")
    page = Page(s, SlowWorker(0.05))
    page.table.do_hint(None, None)  # no event loop needed: nothing is awaited
    want = ai.hint(s.game, 0, "normal", seed=len(s.game.history))
    said = page.table.state.hint
    assert said.startswith("Hint: ") and "likely deals" not in said
    assert page.table.state.selected == (want.move.tile if want.move.kind == PLAY else None)
    assert page.worker.calls == 0


def test_the_hints_setting_is_saved_and_a_damaged_one_is_mended():
    s = my_turn(hints="hard")
    back = Session.from_json(s.to_json())
    assert back.settings.hints == "hard"
    data = json.loads(s.to_json())
    data["settings"] = {"pace": "warp", "hints": "genius", "coloured": "no"}
    mended = Session.from_json(json.dumps(data)).settings
    assert (mended.pace, mended.hints) == ("normal", "normal")
    data["settings"] = {}  # a save from before the setting existed
    assert Session.from_json(json.dumps(data)).settings == Settings()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_settings_dialog_offers_both_hints(level):
    from app.table import dialog_views

    s = my_turn(hints=level)
    html = dialog_views.settings_dialog(s)
    assert "The Hint button shows" in html
    assert f'value="{level}" checked' in html
    assert html.count('name="hints"') == 2


def test_mexican_train_offers_and_plays_normal_s_hints_where_hard_is_no_stronger():
    """Hard is not offered in Mexican Train (docs/ai.md, "Levels offered"): the settings
    offer Normal's choice only, and a setting of Hard's (from another game) gives
    Normal's there, and Hard's again in Chicken Foot."""
    from app.table.dialog_views import settings_dialog

    s = my_turn("mexican-train", "gs-mt", hints="hard")
    assert s.hint_level == "normal"
    html = settings_dialog(s)
    assert 'data-act="hints:hard"' not in html
    assert 'value="normal" checked data-act="hints:normal"' in html
    cf = my_turn("chicken-foot", "gs-cf", hints="hard")
    assert cf.hint_level == "hard" and 'data-act="hints:hard"' in settings_dialog(cf)
