"""A tap at the table, module by module (docs/app.md, "A tap on a tile"): the browser's
click reaches the controller, which hands it to the table screen; from there it goes to
the engine and back to the table screen, which writes the page itself. Once the table
screen has the event no method of the controller is called: in CPython with the fake
page, every method of the controller, the table screen, its board, the game and the
page's writes recorded in the order they run."""

from __future__ import annotations

import inspect
from types import SimpleNamespace

import pytest

from app.controller import Controller
from app.dom import Control
from app.game.session import Session
from app.table.board import Board
from app.table.ui import TableScreen
from bones.moves import PLAY
from test_render_counts import _find


class Pressed:
    """The element tapped, as the browser hands it over: its closest ``[data-act]`` is
    itself (the fake page reads a Control as it is)."""

    def __init__(self, ctl: Control):
        self.ctl = ctl

    def closest(self, selector: str):
        return self.ctl


def _record(monkeypatch, cls, label: str, path: list[str]) -> None:
    """Every method ``cls`` defines (its own, not inherited, properties left alone) notes
    ``label.name`` in ``path`` when called."""
    for name, fn in list(vars(cls).items()):
        if not inspect.isfunction(fn) or (name.startswith("__") and name != "__init__"):
            continue

        def noted(*args, _fn=fn, _name=f"{label}.{name}", **kwargs):
            path.append(_name)
            return _fn(*args, **kwargs)

        monkeypatch.setattr(cls, name, noted)


@pytest.fixture
def traced(monkeypatch):
    """A table at the person's turn with a tile to play, and the path of each event."""
    c, move = _find(PLAY)
    path: list[str] = []
    for cls, label in ((Controller, "controller"), (TableScreen, "table"), (Board, "board")):
        _record(monkeypatch, cls, label, path)
    real_play = Session.play

    def engine(self, m):
        path.append("engine.play")
        return real_play(self, m)

    monkeypatch.setattr(Session, "play", engine)
    page = c.page
    for name in ("set_html", "replace"):
        real = getattr(page, name)
        monkeypatch.setattr(page, name, lambda *a, _r=real, _n=name: (
            path.append(f"page.{_n}"), _r(*a))[1])
    return c, move, path


def tap(c: Controller, ctl: Control) -> None:
    """A click as the browser sends it: to each of the document's click listeners."""
    event = SimpleNamespace(target=Pressed(ctl))
    for target, kind, fn in list(c.page.listeners):
        if target == "document" and kind == "click":
            fn(event)


def after_the_table(path: list[str]) -> list[str]:
    """What ran once the table screen had the event (its ``act``), which the controller
    handed it (the listener's ``on_click`` was bound before the recording began: its
    ``act`` is the controller's step)."""
    at = path.index("table.act")
    assert "controller.act" in path[:at], path
    return path[at:]


def test_a_tap_on_a_hand_tile_goes_to_the_table_and_the_page_never_back(traced):
    c, move, path = traced
    tap(c, Control("BUTTON", {"act": "select", "tile": str(move.tile)}))
    assert c.table.state.selected == move.tile
    later = after_the_table(path)
    assert [s for s in later if s.startswith("controller.")] == [], later
    assert "table.do_select" in later and "board.redraw" in later
    assert later.count("page.set_html") == 1
    assert later.index("table.do_select") < later.index("board.redraw") \
        < later.index("page.set_html")


def test_a_tap_on_a_train_goes_to_the_engine_and_back_to_the_table_never_the_controller(
        traced):
    c, move, path = traced
    tap(c, Control("BUTTON", {"act": "select", "tile": str(move.tile)}))
    path.clear()
    tap(c, Control("BUTTON", {"act": "target", "target": str(move.target)}))
    assert c.session.game.history[-1][0] == move
    later = after_the_table(path)
    assert [s for s in later if s.startswith("controller.")] == [], later
    steps = [s for s in later if s in ("table.do_target", "table.play", "engine.play",
                                       "table.moved", "table.save", "board.redraw",
                                       "page.set_html")]
    assert steps == ["table.do_target", "table.play", "engine.play", "table.moved",
                     "table.save", "board.redraw", "page.set_html"], steps


def test_the_path_check_catches_a_step_back_through_the_controller(traced, monkeypatch):
    """Were the table to draw through the controller again, the check would say so."""
    c, move, path = traced
    monkeypatch.setattr(TableScreen, "redraw", lambda t: t.c.render())
    tap(c, Control("BUTTON", {"act": "select", "tile": str(move.tile)}))
    assert "controller.render" in after_the_table(path)


def test_a_screen_named_but_not_made_draws_the_table_once_and_never_loops():
    """The controller names a screen whose object was never made (a phone's hand after
    a reload): the table is what shows, drawn once through the controller's own path,
    not handed back and forth between the two."""
    from test_render_counts import table

    c = table()
    c.screen, c.together = "hand", None
    drawn = c.page.renders
    c.render()
    assert c.page.renders == drawn + 1 and c.page.flags["screen"] == "table"


def test_the_move_that_ends_the_match_is_kept_with_the_past_games_never_the_controller(
        monkeypatch):
    """The last move of a one-round game: the table plays it, saves it and hands the
    finished game to the past games' keeper it was given (app.past.keeping), so the game
    is kept and no method of the controller runs."""
    from app.game.seats import Seat
    from app.past import store
    from test_render_counts import table

    for seed in range(1, 80):
        c = table("mexican-train", seed)
        s = Session.new("mexican-train", None, [Seat("You", "human"), Seat("Ann", "easy")],
                        seed=seed, options={"rounds": 1})
        s.started = True
        c.begin(s)
        g = s.game
        last = None
        while not g.round_over:
            moves = g.legal_moves()
            if g.turn == 0 and len(g.hands[0]) == 1:
                last = next((m for m in moves if m.kind == PLAY), None)
                if last is not None:
                    break
            s.play(moves[-1] if g.turn else moves[0])
        if last is not None:
            break
    else:
        pytest.fail("no deal in 80 where the person's last tile ends the game")
    c.render()
    before = len(store.load(c.storage())[0]["games"])
    path: list[str] = []
    for cls, label in ((Controller, "controller"), (TableScreen, "table")):
        _record(monkeypatch, cls, label, path)
    tap(c, Control("BUTTON", {"act": "select", "tile": str(last.tile)}))
    path.clear()
    tap(c, Control("BUTTON", {"act": "target", "target": str(last.target)}))
    assert g.match_over
    later = after_the_table(path)
    assert [p for p in later if p.startswith("controller.")] == [], later
    kept = store.load(c.storage())[0]["games"]
    assert len(kept) == before + 1, "the finished game was not kept with the past games"
    assert kept[-1]["game"] == "mexican-train" and kept[-1].get("finished", True)
