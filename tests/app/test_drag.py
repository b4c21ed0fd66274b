"""Dragging a tile (app.table.drag), in CPython with a stand-in for the page: a press on a
tile becomes a drag only once the pointer has moved, a playable tile is chosen and shown
under the finger, and letting go over a place plays it there; letting go over another
tile of the hand puts it in that tile's place; the click that ends a drag is not taken
as a tap, and a drag the browser takes over leaves no ghost. The page is
tests/app/fakepage.py's."""

from __future__ import annotations

from types import SimpleNamespace

from app.game.seats import Seat
from app.game.session import Session
from app.table.drag import START_PX, Drag
from app.table.state import TableState
from fakepage import FakePage


class El:
    """An element as the event hands it over: ``matches`` is the selectors it answers
    to in ``closest``."""

    def __init__(self, matches=(), **data):
        self.matches = set(matches)
        self.dataset = SimpleNamespace(**data)

    def closest(self, selector):
        return self if selector in self.matches else None


class Table:
    """The table screen as a drag sees it (app.table.ui): its page, game and state, and
    what a drop asks of it, noted."""

    def __init__(self, session):
        self.page = FakePage()
        self.session = session
        self.chosen: list = []
        self.played: list[int] = []
        self.moved: list = []
        self.state = TableState()

    def select(self, t, render=True):
        self.chosen.append(str(t))

    def play_on(self, target):
        self.played.append(target)

    def move_tile(self, t, to):
        self.moved.append((str(t), to))


def page():
    session = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann")],
                          seed=1)
    t = Table(session)
    return t, Drag(t)


def at(x, y, target=None):
    return SimpleNamespace(clientX=x, clientY=y, target=target)


TILE = El({".hand-tile", ".hand-tile.playable"}, tile="12-5")


def test_a_drag_onto_a_train_plays_the_tile_there_and_its_click_is_no_tap():
    c, drag = page()
    drag.on_pointer_down(at(100, 100, TILE))
    drag.on_pointer_move(at(100 + START_PX - 1, 100))  # not yet a drag
    assert c.chosen == [] and c.page.ghosts == []
    drag.on_pointer_move(at(100 + START_PX, 100))
    assert c.chosen == ["12-5"]
    ghost = c.page.ghosts[0]
    assert "<svg" in ghost.html
    drag.on_pointer_move(at(200, 300))
    assert ghost.at == (170, 240)  # under the finger
    c.page.at = El({"[data-target],[data-drop]"}, target="3")
    drag.on_pointer_up(at(200, 300))
    assert ghost.removed and c.played == [3]
    assert drag.swallow_click() and not drag.swallow_click()  # once only


def test_a_press_that_does_not_move_is_a_tap_and_a_taken_over_drag_leaves_no_ghost():
    c, drag = page()
    drag.on_pointer_down(at(10, 10, TILE))
    drag.on_pointer_up(at(10, 10))
    assert c.played == [] and not drag.swallow_click()
    drag.on_pointer_down(at(10, 10, TILE))
    drag.on_pointer_move(at(40, 10))
    drag.on_pointer_cancel(at(40, 10))  # a scroll, a second finger
    assert c.page.ghosts[0].removed and drag.held is None and c.played == []


def test_letting_go_off_the_trains_plays_nothing():
    c, drag = page()
    drag.on_pointer_down(at(10, 10, TILE))
    drag.on_pointer_move(at(40, 10))
    c.page.at = El()  # the felt, not a place
    drag.on_pointer_up(at(40, 10))
    assert c.played == [] and c.page.ghosts[0].removed and drag.swallow_click()


def test_a_tile_let_go_over_another_takes_its_place_and_is_never_played():
    """A player arranges their hand: a tile (playable or not) dropped on another tile of
    the hand goes to that tile's place; over the hand past its tiles, to the end."""
    c, drag = page()
    order = c.session.hand_in_order()
    first, third = order[0], order[2]
    for playable in (True, False):
        marks = {".hand-tile", ".hand-tile.playable"} if playable else {".hand-tile"}
        c.chosen.clear()
        drag.on_pointer_down(at(10, 10, El(marks, tile=str(first))))
        drag.on_pointer_move(at(60, 10))
        assert c.chosen == ([str(first)] if playable else [])
        c.page.at = El({".hand-tile", ".hand"}, tile=str(third))
        drag.on_pointer_up(at(60, 10))
        assert c.moved[-1] == (str(first), 2) and c.played == []
    drag.on_pointer_down(at(10, 10, El({".hand-tile"}, tile=str(first))))
    drag.on_pointer_move(at(60, 10))
    c.page.at = El({".hand"})  # the hand's area, past its last tile
    drag.on_pointer_up(at(60, 10))
    assert c.moved[-1] == (str(first), len(order))
    drag.on_pointer_down(at(10, 10, El({".hand-tile"}, tile=str(first))))
    drag.on_pointer_move(at(60, 10))
    c.page.at = El({"[data-target],[data-drop]"}, target="3")  # not playable: no play
    drag.on_pointer_up(at(60, 10))
    assert c.played == [] and len(c.moved) == 3
