"""The player's hand in CPython (app.game.hand): its order (arranged, sorted, kept with the
save, never an error when damaged or out of date) and the size its tiles are drawn at
(every tile across the width, rows whose height holds while their number does)."""

from __future__ import annotations

import json
import math
import re

import pytest

from app.game import hand
from app.game.hand import arrange, by_number, fit, moved, order_from_save
from app.game.seats import Seat
from app.game.session import Session
from app.table import views
from app.table.position import Position
from bones.moves import NEXT, Move
from bones.tiles import parse_tile
from pagestub import NoPage

T = parse_tile


def tiles(*names: str):
    return [T(n) for n in names]


def test_a_hand_stands_in_order_by_number_until_its_player_moves_a_tile():
    held = tiles("3-1", "12-5", "6-6", "12-12", "0-0")
    assert arrange(held, None) == tiles("12-12", "12-5", "6-6", "3-1", "0-0")
    assert arrange(held, []) == by_number(held)
    mine = tiles("0-0", "6-6", "12-5", "3-1", "12-12")
    assert arrange(held, mine) == mine


def test_an_order_out_of_date_keeps_what_it_can_and_new_tiles_join_at_the_end():
    """A tile played (no longer in the hand) is left out; a tile drawn since joins after
    the arranged ones, in order by number; a tile named twice counts once."""
    order = tiles("0-0", "9-9", "6-6", "0-0", "3-1")  # 9-9 was played
    held = tiles("3-1", "6-6", "0-0", "12-1", "5-4")  # 12-1 and 5-4 drawn since
    assert arrange(held, order) == tiles("0-0", "6-6", "3-1", "12-1", "5-4")


@pytest.mark.parametrize("to,expected", [
    (0, ["6-6", "12-12", "12-5", "3-1"]),
    (2, ["12-12", "12-5", "6-6", "3-1"]),
    (3, ["12-12", "12-5", "3-1", "6-6"]),
    (99, ["12-12", "12-5", "3-1", "6-6"]),
    (-4, ["6-6", "12-12", "12-5", "3-1"]),
])
def test_a_moved_tile_takes_the_place_it_is_given(to, expected):
    hand_ = tiles("12-12", "12-5", "6-6", "3-1")
    assert moved(hand_, T("6-6"), to) == tiles(*expected)
    assert moved(hand_, T("9-9"), 0) == hand_  # not in the hand: nothing moves


def session(seed=3) -> Session:
    return Session.new("mexican-train", "gs-mt",
                       [Seat("You", "human"), Seat("Ann"), Seat("Bob")], seed=seed)


def test_the_players_order_is_kept_with_the_save_and_sort_puts_it_back():
    s = session()
    start = s.hand_in_order()
    assert start == by_number(start)
    last = start[-1]
    assert s.move_in_hand(last, 0) == 0
    assert s.move_in_hand(start[0], 99) == len(start) - 1
    mine = s.hand_in_order()
    assert mine[0] == last and mine[-1] == start[0] and sorted(mine) == sorted(start)
    again = Session.from_json(s.to_json())
    assert again.hand_in_order() == mine
    html = views.hand_markup(again, Position.of(again, None))
    assert re.findall(r'data-tile="([^"]+)" data-hand-tile="1"', html) == [str(t) for t in mine]
    again.sort_hand()
    assert again.hand_in_order() == start
    assert "order" not in json.loads(again.to_json())  # nothing arranged, nothing saved
    assert s.move_in_hand(T("12-12") if T("12-12") not in start else T("0-0"), 0) is None


def test_a_new_round_starts_in_order_by_number():
    s = session()
    h = s.hand_in_order()
    s.move_in_hand(h[-1], 0)
    g = s.game
    while not g.round_over:
        g.play(g.legal_moves()[0])
    assert s.order
    s.play(Move(NEXT))
    assert s.order == {} and s.hand_in_order() == by_number(s.hand_in_order())


@pytest.mark.parametrize("bad", [
    "not a record", ["12-5"], {"0": "12-5"}, {"0": ["12-5", 7]}, {"0": ["12-5", "13-99"]},
    {"0": ["x-y"]}, {"zero": ["12-5"]}, {"9": ["12-5"]}, {"0": ["12-5"] * 500},
    {"0": [["12", "5"]]}, {"0": None}, {str(i): [] for i in range(40)},
])
def test_a_damaged_order_never_stops_the_game_from_loading(bad):
    """The order is a preference: whatever cannot be read in it is left out, and the
    game loads as it was saved."""
    s = session()
    data = json.loads(s.to_json())
    data["order"] = bad
    again = Session.from_json(json.dumps(data))
    assert again.game == s.game and again.seats == s.seats
    assert again.hand_in_order() == s.hand_in_order()
    assert all(0 <= seat < len(again.seats) for seat in again.order)


def test_an_order_naming_other_tiles_is_read_but_places_only_the_hands_own():
    s = session()
    held = s.hand_in_order()
    data = json.loads(s.to_json())
    data["order"] = {"0": ["0-0", "12-12", str(held[-1])], "2": [str(held[0])]}
    again = Session.from_json(json.dumps(data))
    assert again.hand_in_order()[0] == held[-1]
    assert order_from_save(data["order"]) == {0: tiles("0-0", "12-12", str(held[-1])),
                                              2: [held[0]]}


def test_shift_and_an_arrow_key_move_the_focused_tile_and_say_where():
    s = session()
    c = NoPage(s)
    h = s.hand_in_order()
    c.table.step_tile(h[2], -1)
    assert s.hand_in_order()[1] == h[2]
    assert c.page.said[-1] == f"{h[2]} moved to place 2 of {len(h)}."
    c.table.step_tile(h[0], -1)  # the first stays first
    assert s.hand_in_order()[0] == h[0]
    c.table.do_sort("", None)
    assert s.hand_in_order() == h and "in order by number" in c.page.said[-1]


# ---- size ------------------------------------------------------------------------------
SCREENS = [(1920, 1080), (1280, 800), (1024, 768), (768, 1024), (390, 844)]


def area(w: int) -> int:
    return w  # the hand's area is the whole width of the screen


@pytest.mark.parametrize("w,h", SCREENS)
@pytest.mark.parametrize("large", [False, True])
def test_every_tile_fits_across_at_least_44_px_and_large_print_is_no_smaller(w, h, large):
    phone = w < hand.PHONE_WIDTH
    edge, gap, pad = ((hand.PHONE_EDGE, hand.PHONE_GAP, hand.PHONE_PAD) if phone
                      else (hand.EDGE, hand.GAP, hand.PAD))
    least = hand.PHONE_LEAST if phone else hand.LEAST
    for n in range(1, 25):
        f = fit(area(w), h, n, large=large, screen_w=w)
        across = (area(w) - 2 * pad + gap) // (f.tile + edge + gap)
        assert f.tile >= least
        assert math.ceil(n / across) <= f.rows, (n, f)  # every tile in its rows
        assert f.height >= f.rows * (2 * f.tile + edge) + (f.rows - 1) * gap
        if large:
            assert f.tile >= fit(area(w), h, n, screen_w=w).tile, n


@pytest.mark.parametrize("w,h", SCREENS[:4])
def test_the_hands_height_holds_while_its_rows_do(w, h):
    """Off a phone, the area's height depends on its rows alone: a tile drawn or played
    never moves the table above unless a row comes or goes."""
    heights: dict[int, set[int]] = {}
    for n in range(1, 25):
        f = fit(area(w), h, n, screen_w=w)
        heights.setdefault(f.rows, set()).add(f.height)
    assert all(len(hs) == 1 for hs in heights.values()), heights


def test_the_sizes_the_screens_get():
    """The figures docs/table.md gives: hand tiles' short side (and rows) at each screen
    for hands of 8, 12, 15 and 21 tiles, normal print then large."""
    got = {(w, h): [(fit(w, h, n, screen_w=w).tile, fit(w, h, n, large=True, screen_w=w).tile)
                    for n in (8, 12, 15, 21)] for w, h in SCREENS}
    assert got == FIGURES


FIGURES = {(1920, 1080): [(83, 96), (83, 96), (83, 96), (74, 74)],
           (1280, 800): [(61, 73), (61, 73), (61, 68), (44, 49)],
           (1024, 768): [(59, 70), (59, 67), (51, 51), (44, 47)],
           (768, 1024): [(64, 76), (62, 72), (62, 72), (52, 52)],
           (390, 844): [(36, 36), (36, 43), (36, 36), (36, 36)]}
