"""What a screen reader hears: each move with what it changed, a double owed
(M6 / C5), the round's scores; every train, line or end named with its open end, its
marker and whether you may play there; the keys on the buttons and in the rules."""

from __future__ import annotations

import random
import re
from html import unescape

import bones
from app.game.seats import Seat
from app.game.session import Session
from app.table import dialog_views, felt, views
from bones.moves import PLAY


def new(game: str, seed: int = 3) -> Session:
    s = Session.new(game, bones.GAMES[game].default_preset,
                    [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cora")],
                    seed=seed)
    s.started = True
    return s


def plays(s: Session, rng: random.Random):
    """Random moves (plays first) until the round ends: (move, seat, what is said)."""
    while not s.game.round_over:
        seat = s.game.turn
        ms = s.game.legal_moves()
        move = s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
        yield move, seat, s.wording.move_said(move, seat)


def test_a_play_is_said_with_the_open_end_it_leaves():
    for game in ("mexican-train", "chicken-foot", "all-fives"):
        s = new(game)
        for move, seat, said in plays(s, random.Random(1)):
            if move.kind == PLAY:
                end = s.wording.open_end(move.target)
                assert said.startswith(f"{s.wording.move_words(move, seat)}")
                if end is not None:
                    assert f", which now ends in {end}." in said, said
                    assert end in (move.tile.hi, move.tile.lo)  # the new end is the tile's


def test_a_mexican_train_play_reads_like_the_table():
    s = new("mexican-train")
    said = [x for _m, _s, x in plays(s, random.Random(2))]
    assert any(re.match(r"^Cora played \d+-\d+ on (Mexican Train|\w+'s train|your train), "
                        r"which now ends in \d+\.", x) for x in said), said[:10]


def test_a_double_owed_is_said_until_it_is_satisfied():
    """M6 (Mexican Train) and C5 (Chicken Foot): a double left open must be satisfied."""
    for game in ("mexican-train", "chicken-foot"):
        seen = 0
        for seed in range(6):
            s = new(game, seed)
            for _m, _seat, said in plays(s, random.Random(seed)):
                if s.game.pending and not s.game.round_over:
                    assert s.wording.double_owed() in said and "must be satisfied" in said
                    seen += 1
                elif not s.game.round_over:
                    assert "must be satisfied" not in said
        assert seen, game


def test_the_end_of_a_round_says_who_went_out_and_the_scores():
    s = new("mexican-train")
    *_, (_m, _seat, said) = plays(s, random.Random(4))
    assert s.wording.round_end_text() in said
    assert re.search(r"Scores this round: You \d+, Ann \d+, Bob \d+, Cora \d+\. "
                     r"Totals: You \d+", said), said


def test_each_line_is_named_with_its_end_marker_and_whether_you_may_play():
    s = new("mexican-train")
    rng = random.Random(5)
    for _ in range(12):
        ms = s.game.legal_moves()
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    html = views.lines_list(s, set())
    items = re.findall(r'<li data-line="(-?\d+)" aria-label="([^"]*)">', html)
    assert [int(t) for t, _ in items] == [0, 1, 2, 3, bones.MEXICAN]
    mine = {m.target for m in s.my_moves() if m.kind == PLAY}
    for t, name in items:
        t = int(t)
        name = unescape(name)
        assert f"ends in {s.game.end_of(t)}" in name
        assert ("you may play here" in name) == (t in mine)
        if t >= 0:
            assert ("marker up" if s.game.markers[t] else "marker down") in name


def test_the_whole_table_is_read_in_order():
    s = new("chicken-foot")
    rng = random.Random(6)
    for _ in range(10):
        ms = s.game.legal_moves()
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    said = s.wording.table_said()
    lines = [words for _t, words in s.wording.lines_said()]
    assert said.startswith(f"The table. In the middle: {s.game.hub}.")
    positions = [said.index(x) for x in lines]
    assert positions == sorted(positions) and len(lines) == len(s.game.lines)
    assert f"Boneyard: {len(s.game.boneyard)}." in said


def test_the_table_tiles_are_named_and_the_keys_are_shown():
    s = new("all-fives")
    rng = random.Random(7)
    for _ in range(6):
        ms = s.game.legal_moves()
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    lay = felt.lanes_layout(s, 960, 514)
    svg = felt.table_svg(s, lay, selected=None, targets=set())
    named = re.findall(r'role="img" aria-label="Domino (\d+-\d+)"', svg)
    assert len(named) == len(list(lay.tiles())) > 0
    html = views.actions_markup(s) + views.topbar_markup(s)
    for act, key in (("draw", "D"), ("pass", "P"), ("hint", "H")):
        assert re.search(rf'data-act="{act}"[^>]*aria-keyshortcuts="{key}" title="Key: {key}"',
                         html), act
    assert "D draws, P passes, K knocks, H asks for a hint" in dialog_views.rules_dialog("gs-mt")
