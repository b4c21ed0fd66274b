"""One event, one redraw (docs/app.md): a tile chosen, a tile played, a Draw, a Knock and
a computer's move each draw the screen once, write the felt once, and work out the
position's legal moves at most twice, in CPython with the page faked; the move's check,
its words, its sound and the redraw read one view of the position (app.table.position),
made at most once per event, and the person's moves (``Session.my_moves``) are worked out
at most once per event."""

from __future__ import annotations

import pytest

from app.controller import Controller
from app.dom import Control
from app.game.seats import Seat
from app.game.session import Session
from bones.core import Match
from bones.moves import DRAW, KNOCK, PLAY
from fakepage import FakePage
from test_hostile_input import Storage

FELT = (700, 480)  # the felt's size the fake page answers


class CountingPage(FakePage):
    """A page that has a felt of ``FELT``'s size and counts the screen drawn whole
    (``set_html``) and the felt written: drawn with the screen (an empty one counts:
    it is written and then thrown away) or put in place (``replace``)."""

    def __init__(self):
        super().__init__(Storage())
        self.renders = 0
        self.felts = 0

    def set_html(self, html: str) -> None:
        self.renders += 1
        self.felts += html.count('class="felt-svg"')  # a felt drawn with the screen
        super().set_html(html)

    def size_of(self, selector: str):
        return FELT if "felt" in selector else (1024, 768)

    def replace(self, selector: str, html: str) -> None:
        if "felt" in selector:
            self.felts += 1


@pytest.fixture
def computed(monkeypatch):
    """How often any match worked its legal moves out (not read from its cache)."""
    count = [0]
    for cls in {type(m) for m in _matches()}:
        real = cls._round_moves

        def counted(self, _real=real):
            count[0] += 1
            return _real(self)

        monkeypatch.setattr(cls, "_round_moves", counted)
    return count


def _matches() -> list[Match]:
    out = []
    for game in ("mexican-train", "chicken-foot", "all-fives"):
        s = Session.new(game, None, [Seat("You", "human"), Seat("Ann", "easy")], seed=1)
        out.append(s.game)
    return out


def table(game: str = "mexican-train", seed: int = 5) -> Controller:
    c = Controller(CountingPage())
    c.table.turns.schedule = lambda: None  # the computer's turns are played by the test
    c.start()
    s = Session.new(game, None, [Seat("You", "human"), Seat("Ann", "easy")], seed=seed)
    s.started = True
    c.begin(s)
    return c


def counts(c: Controller, computed: list[int], act) -> tuple[int, int, int]:
    page = c.page
    r0, f0, k0 = page.renders, page.felts, computed[0]
    act()
    return page.renders - r0, page.felts - f0, computed[0] - k0


def _find(kind: str, game: str = "mexican-train"):
    """A table at the person's turn where a move of ``kind`` is theirs to make (and,
    for a play, another move too): rounds played on by the first move that is not
    ``kind`` until it comes."""
    for seed in range(1, 60):
        c = table(game, seed)
        s = c.session
        while not s.game.round_over:
            moves = s.game.legal_moves()
            if s.game.turn == 0:
                found = [m for m in moves if m.kind == kind]
                if found and (kind != PLAY or len(moves) > 1):
                    c.render()
                    return c, found[0]
            others = [m for m in moves if m.kind != kind] or moves
            s.play(others[-1])
    pytest.fail(f"no deal in 60 with a {kind} for the person")


def test_choosing_a_tile_draws_once(computed):
    c, move = _find(PLAY)
    got = counts(c, computed, lambda: c.act("select", Control("BUTTON", {"tile": str(move.tile)})))
    assert got[0] == 1 and got[1] == 1 and got[2] <= 2, got


def test_playing_a_tile_draws_once(computed):
    c, move = _find(PLAY)
    c.act("select", Control("BUTTON", {"tile": str(move.tile)}))
    target = Control("BUTTON", {"target": str(move.target)})
    got = counts(c, computed, lambda: c.act("target", target))
    assert c.session.game.history[-1][0] == move
    assert got[0] == 1 and got[1] == 1 and got[2] <= 2, got


def test_a_draw_draws_once(computed):
    c, _move = _find(DRAW)
    n = len(c.session.game.history)
    got = counts(c, computed, lambda: c.act("draw"))
    assert len(c.session.game.history) == n + 1
    assert got[0] == 1 and got[1] == 1 and got[2] <= 2, got


def test_a_knock_draws_once(computed):
    c, _move = _find(KNOCK)
    got = counts(c, computed, lambda: c.act("knock"))
    assert c.session.game.history[-1][0].kind == KNOCK
    assert got[0] == 1 and got[1] == 1 and got[2] <= 2, got


def test_a_computers_move_draws_once(computed):
    c = table()
    s = c.session
    while s.game.turn == 0 and not s.game.round_over:
        s.play(s.game.legal_moves()[0])
    c.render()
    move = s.game.legal_moves()[0]

    def computer() -> None:  # as the computer's loop makes it (app.table.turns)
        c.table.play(move, person=False)

    got = counts(c, computed, computer)
    assert got[0] == 1 and got[1] == 1 and got[2] <= 2, got


def test_legal_moves_cannot_be_changed_by_a_caller():
    s = Session.new("mexican-train", None, [Seat("You", "human"), Seat("Ann", "easy")],
                    seed=3)
    moves = s.game.legal_moves()
    with pytest.raises((TypeError, AttributeError)):
        moves.append(moves[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize("event", ["choose", "play", "draw", "knock", "computer"])
def test_each_event_works_the_position_out_once_for_its_redraw(event, monkeypatch):
    """The move's check, its words and sound, the hand, the buttons and the felt read one
    view of the position (the person's moves, the observation, the hand in order:
    app.table.position), made at most once per event (a tile chosen reuses the one drawn:
    the position is the same), and the person's moves are worked out at most once."""
    from app.table import position

    made = [0]
    mine = [0]
    real = position.Position.of.__func__
    real_mine = Session.my_moves

    def counted(cls, *args):
        made[0] += 1
        return real(cls, *args)

    def my_moves(self):
        mine[0] += 1
        return real_mine(self)

    kind = {"play": PLAY, "choose": PLAY, "draw": DRAW, "knock": KNOCK}.get(event)
    if kind is not None:
        c, move = _find(kind)
    else:
        c = table()
        s = c.session
        while s.game.turn == 0 and not s.game.round_over:
            s.play(s.game.legal_moves()[0])
        c.render()
        move = s.game.legal_moves()[0]
    if event == "play":
        c.act("select", Control("BUTTON", {"tile": str(move.tile)}))
    monkeypatch.setattr(position.Position, "of", classmethod(counted))
    monkeypatch.setattr(Session, "my_moves", my_moves)
    act = {"choose": lambda: c.act("select", Control("BUTTON", {"tile": str(move.tile)})),
           "play": lambda: c.act("target", Control("BUTTON", {"target": str(move.target)})),
           "draw": lambda: c.act("draw"), "knock": lambda: c.act("knock"),
           "computer": lambda: c.table.play(move, person=False)}[event]
    page = c.page
    r0 = page.renders
    act()
    got = (page.renders - r0, made[0], mine[0])
    assert got[0] == 1 and made[0] <= 1 and mine[0] <= 1, got
    if event != "choose":  # a move makes a new position: worked out once, for all
        assert made[0] == 1, got


def test_a_new_game_is_drawn_from_its_own_view_never_the_last_ones():
    """The view is kept while the position stays; a game begun in its place (even one
    that lands at the same place in memory) is worked out anew."""
    c = table(seed=5)
    for seed in range(6, 16):
        s = Session.new("mexican-train", None, [Seat("You", "human"), Seat("Ann", "easy")],
                        seed=seed)
        s.started = True
        c.begin(s)
        assert c.table.view().hand == tuple(s.hand_in_order())
        assert c.table.view().moves == s.my_moves()
