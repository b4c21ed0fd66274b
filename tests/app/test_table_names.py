"""Players' names written whole: a lane's name above its lane on a phone's felt (regular
weight where bold would cut it, app.table.felt.plain_names) and the players' cards beside
the table (a card a row where a name's word is too long for two a row)."""

from __future__ import annotations

import random
import re

import bones
from app.game.seats import Seat
from app.game.session import Session
from app.table import felt, views
from bones.moves import PLAY

LONG = ("You", "Christabelle", "Bartholomew", "Maximilianus")


def mid_round(names, moves: int = 14, seed: int = 3) -> Session:
    s = Session.new("mexican-train", bones.GAMES["mexican-train"].default_preset,
                    [Seat(names[0], "human")] + [Seat(n, "computer", "easy") for n in names[1:]],
                    seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        ms = s.game.legal_moves()
        s.game.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    return s


def labels(svg: str) -> list[tuple[str, str]]:
    return [(cls, re.sub(r"<[^>]+>", "", text)) for cls, text in
            re.findall(r'<text class="(train-label[^"]*)"[^>]*>(.*?)</text>', svg)]


def test_a_phone_felt_in_large_print_writes_every_lane_name_whole():
    """A 390 px phone's felt in large print (390 x 270 px) cut 'Christabel\u2026',
    'Maximilian\u2026' and 'Mexican Tr\u2026' in bold: in regular weight, at the same 18 px,
    each is whole."""
    s = mid_round(LONG)
    lay = felt.lanes_layout(s, 390, 270)
    got = labels(felt.table_svg(s, lay, selected=None, targets=set()))
    assert {t for _c, t in got} >= {"Christabelle", "Maximilianus", "Mexican Train"}, got
    assert not [t for _c, t in got if "\u2026" in t], got
    assert {c for c, _t in got} == {"train-label plain"}, got  # every name alike


def test_a_felt_with_room_keeps_the_names_in_bold():
    s = mid_round(LONG)
    for w, h in ((390, 470), (960, 514)):
        lay = felt.lanes_layout(s, w, h)
        got = labels(felt.table_svg(s, lay, selected=None, targets=set()))
        assert got and {c for c, _t in got} == {"train-label"}, (w, h, got)
        assert not [t for _c, t in got if "\u2026" in t], (w, h, got)


def test_a_long_name_takes_a_card_a_row_beside_the_table():
    """Two cards a row broke 'Christabelle' mid-word at 1024 x 768 (web/style.css gives
    .long-names a card a row); short names keep two a row."""
    long = views.seats_markup(mid_round(LONG))
    short = views.seats_markup(mid_round(("You", "Ann", "Bob", "Cora")))
    assert 'class="seat-list seats-4 long-names"' in long
    assert 'class="seat-list seats-4"' in short
