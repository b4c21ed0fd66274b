"""Chicken Foot's lines have one name each, the same everywhere: on the felt (each lane's
name and its group's label in the SVG), in the move log, in the hints, on the places to
play, in the screen reader's list of lines. A name is the double a line grows from and
which of its paths it is ("9-9 toe 1", "9-9 spur", "8-8 toe 2"), fixed for the round.
A double waiting for its toes is drawn once, where it was played."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import bones
import bones.ai
from app.game.seats import Seat
from app.game.session import Session
from app.table import felt
from bones.moves import PLAY

SVG = "{http://www.w3.org/2000/svg}"
FELTS = [(1600, 774), (960, 514), (704, 482), (768, 588), (390, 514)]


def session(seats: int, seed: int, paths: int = 4) -> Session:
    s = Session.new("chicken-foot", "gs-cf", [Seat("You", "human")]
                    + [Seat(n) for n in ("Ann", "Bob", "Cora", "Dale", "Edna")[:seats - 1]],
                    seed=seed, options={"centre_paths": paths})
    s.started = True
    return s


def moves(s: Session, most: int = 400):
    """Each move of a round as the computer players would make it, before it is made."""
    g = s.game
    for i in range(most):
        if g.round_over:
            return
        yield bones.ai.choose(g, g.turn, "normal", seed=i)


def lanes(svg: str) -> dict[str, list[str]]:
    """Each lane group of the felt: its label and the tiles drawn in it."""
    root = ET.fromstring(svg)
    return {g.get("aria-label"): [d.get("data-tile") for d in g.iter(f"{SVG}g")
                                  if d.get("class") == "domino"]
            for g in root.iter(f"{SVG}g") if g.get("class") == "lane-group"}


def shown_names(svg: str) -> list[str]:
    """The lanes' names as drawn (one line or two)."""
    root = ET.fromstring(svg)
    return [" ".join("".join(t.itertext()).split()) if not list(t) else
            " ".join(sp.text for sp in t) for t in root.iter(f"{SVG}text")
            if t.get("class") == "train-label"]


@pytest.mark.parametrize("seats,paths", [(4, 4), (6, 4), (3, 6)])
def test_the_log_the_hints_and_the_felt_name_a_line_alike(seats, paths):
    s = session(seats, 5, paths)
    g = s.game
    lays = dict.fromkeys(FELTS)
    plays = 0
    for m in moves(s):
        seat = g.turn
        if m.kind == PLAY:
            name = s.wording.target_label(m.target)
            assert re.fullmatch(r"\d+-\d+ (toe [123]|spur|path [1-6])", name), name
            # the hint for it, and the place to play it, say that name
            assert s.wording.hint_words(m) == f"play {m.tile} on {name}"
            if seat == 0:
                lay = felt.lanes_layout(s, 960, 514)
                svg = felt.table_svg(s, lay, selected=m.tile, targets={m.target})
                assert f'aria-label="{name}" data-act="target" data-target="{m.target}"' in svg
        s.play(m)
        for w, h in FELTS:
            lays[w, h] = felt.lanes_layout(s, w, h, before=lays[w, h])
        if m.kind != PLAY:
            continue
        plays += 1
        name = s.wording.target_label(m.target)
        assert s.wording.move_words(m, seat).endswith(f"played {m.tile} on {name}")
        assert any(text.startswith(f"{name}:") for _t, text in s.wording.lines_said())
        for (w, h), lay in lays.items():
            svg = felt.table_svg(s, lay, selected=None, targets=set())
            groups = lanes(svg)
            # the tile just played lies in a lane; that lane is the line it was played on,
            # or (a double) the line its first toe is
            holder = [label for label, tiles in groups.items() if str(m.tile) in tiles]
            assert len(holder) == 1, (w, h, m)
            if m.tile.hi != m.tile.lo or g.round_over:
                assert holder == [name], (w, h, m, holder)
            # every lane's name is drawn whole, on every felt
            assert sorted(shown_names(svg)) == sorted(groups), (w, h)
    assert plays > 30


def test_names_are_fixed_through_the_round_and_never_repeat():
    for seed in range(4):
        s = session(4, seed)
        g = s.game
        first: dict[int, str] = {}
        for m in moves(s):
            g.play(m)
            names = [s.wording.target_label(t) for t in range(len(g.line_info))]
            assert len(set(names)) == len(names)
            for t, n in enumerate(names):
                assert first.setdefault(t, n) == n
        assert len(first) > 7


def test_a_double_waiting_for_its_toes_is_drawn_once():
    """It used to be drawn at the head of each empty toe's lane (2 or 3 times); now it
    lies once where it was played, and its other toes' lanes show its number."""
    waits = 0
    for seed in range(4):
        s = session(4, seed)
        g = s.game
        lays = dict.fromkeys(FELTS)
        for m in moves(s):
            g.play(m)
            for w, h in FELTS:
                lays[w, h] = felt.lanes_layout(s, w, h, before=lays[w, h])
            if not g.pending or g.line_info[g.pending[0]].stem < 0:
                continue
            waits += 1
            double = str(g.line_info[g.pending[0]].double)
            for (w, h), lay in lays.items():
                svg = felt.table_svg(s, lay, selected=None, targets=set())
                drawn = [d for tiles in lanes(svg).values() for d in tiles]
                assert len(drawn) == len(set(drawn)), (w, h)  # no tile drawn twice
                assert drawn.count(double) <= 1
                if m.kind == PLAY and m.tile.hi == m.tile.lo:
                    assert drawn.count(double) == 1, (w, h)
                # its empty toes say what to play there
                for t in g.pending:
                    if not g.lines[t]:
                        tv = lay.train(t)
                        if not tv.tiles:
                            number = f'>{g.end_of(t)}</text>'
                            assert number in svg
    assert waits > 10
