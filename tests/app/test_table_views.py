"""The play screen's table as markup: open ends marked, names at a fixed
size in CSS px, every total beside its player, the rule sheet in the header."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import bones
from app.game.seats import Seat, Settings
from app.game.session import Session
from app.shared import markup
from app.table import dialog_views, felt, views
from bones.moves import PLAY

SVG = "{http://www.w3.org/2000/svg}"


def played(game: str, seats: int, moves: int, seed: int = 4) -> Session:
    s = Session.new(game, bones.GAMES[game].default_preset,
                    [Seat("You", "human")] + [Seat(f"P{i}") for i in range(1, seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.game.round_over:
            break
        ms = s.game.legal_moves()
        s.game.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    return s


def test_every_open_end_is_marked_and_nothing_else():
    for game, seats in (("mexican-train", 8), ("chicken-foot", 6), ("all-fives", 4)):
        for moves in (0, 5, 30, 60):
            s = played(game, seats, moves)
            lay = felt.lanes_layout(s, 960, 514)
            root = ET.fromstring(felt.table_svg(s, lay, selected=None, targets=set()))
            marked = [g.find(f"{SVG}g").get("data-tile")
                      for g in root.iter(f"{SVG}g") if g.get("data-open-end") == "1"]
            drawn = [str(p.tile) for p in lay.tiles()]
            # each open lane's last tile, or for an empty lane the double it grows from
            # (the hub, or a Chicken Foot double lying in another lane), marked once
            want = {str(tv.tiles[-1].tile) if tv.tiles else f"{tv.target.value}-{tv.target.value}"
                    for tv in lay.trains if tv.target is not None}
            assert sorted(marked) == sorted(w for w in want if w in drawn), (game, moves)
            assert len(marked) == len(set(marked))
            assert len(lay.trains) == 0 or marked


def test_lane_names_and_fold_counts_are_drawn_at_18_css_px_whatever_the_scale():
    s = played("mexican-train", 6, 60)
    for w, h in ((1640, 760), (704, 500), (390, 470)):
        lay = felt.lanes_layout(s, w, h)
        svg = felt.table_svg(s, lay, selected=None, targets=set())
        sizes = [float(x) * lay.scale for x in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and all(abs(px - 18) < 0.05 for px in sizes)
        assert "textLength" not in svg  # a long name is shortened, never squeezed


def test_each_player_has_the_running_total_beside_the_name():
    s = played("mexican-train", 6, 10)
    s.game.totals[2] = 37
    html = views.seats_markup(s)
    assert html.count('class="seat-total"') == 6
    assert re.search(r'data-seat="2"><span class="seat-name">P2</span><span class="seat-total">'
                     r'<span class="word">Total</span> <strong>37</strong>', html)


def test_the_header_names_the_rule_sheet():
    s = played("chicken-foot", 4, 0)
    assert views.game_title(s) == "Chicken Foot: " + bones.PRESETS[s.game.preset].title
    assert f'<h1 class="game-title">{markup.e(views.game_title(s))}</h1>' in views.topbar_markup(s)


def test_a_new_game_over_one_in_progress_asks_first():
    s = played("mexican-train", 4, 6)
    html = dialog_views.confirm_new_dialog(s, "quick")
    assert 'data-act="resume"' in html and 'data-act="confirm-new:quick"' in html
    assert "cannot be resumed" in html


def test_round_summary_tiles_are_big_enough_to_count():
    s = played("mexican-train", 4, 400)
    assert s.game.round_over
    html = dialog_views.round_end_dialog(s)
    heights = {int(h) for h in re.findall(r'class="domino-svg"[^>]* height="(\d+)"', html)}
    assert heights == {88}


def test_an_all_fives_score_shows_beside_the_tile_that_made_it():
    """A4: "+15" stays at the end where it was made until the next move."""
    s = played("all-fives", 2, 0, seed=1)
    rng = random.Random(2)
    for _ in range(200):
        if s.game.round_over:
            break
        ms = s.game.legal_moves()
        move = s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
        pts = sum(x.points for x in s.last_scores)
        if move.kind == PLAY and pts:
            lay = felt.lanes_layout(s, 960, 514)
            svg = felt.table_svg(s, lay, selected=None, targets=set(), fresh=move.tile)
            assert f">+{pts}</text>" in svg
            assert "score-pop" not in felt.table_svg(s, lay, selected=None, targets=set())
            return
    raise AssertionError("no scoring play in the round")


def test_the_knock_button_speaks_up_when_a_forgotten_knock_costs_tiles():
    """S5 / C7 (Samboree tournament, Candela): a forgotten knock costs two tiles, so the
    play down to one tile offers Knock first; G6 (no penalty) keeps it plain."""
    for preset, loud in (("st-mt", True), ("wc-mt", True), ("gs-mt", False)):
        # with "Knock for me" off: on (the default) the page knocks itself
        found = False
        for seed in range(40):
            s = Session.new("mexican-train", preset,
                            [Seat("You", "human"), Seat("Ann"), Seat("Bob")], seed=seed)
            rng = random.Random(seed)
            for _ in range(300):
                g = s.game
                if g.round_over:
                    break
                moves = g.legal_moves()
                if g.turn == 0 and len(g.hands[0]) == 2 and bones.Move("knock") in moves:
                    found = True
                    break
                s.play(rng.choice([m for m in moves if m.kind == PLAY] or moves))
            if found:
                break
        assert found
        assert "Knock first!" not in views.actions_markup(s)
        s.settings.knock_for_me = False
        html = views.actions_markup(s)
        assert ("Knock first!" in html) is loud, preset


def test_the_move_log_lists_the_rounds_latest_moves_newest_first():
    s = played("mexican-train", 4, 12)
    words = [s.wording.move_words(m, seat) for m, seat, _t in s.game.history][::-1][:8]
    html = views.move_log_markup(s)
    assert re.findall(r"<li>(.*?)</li>", re.sub(r'<span class="tn">(.*?)</span>', r"\1",
                                                html)) == [markup.e(w) for w in words]
    assert views.move_log_markup(played("mexican-train", 4, 0)) == ""


def test_large_print_writes_each_number_upright_instead_of_pips():
    from app.game.seats import Settings
    from app.shared.render import domino_group
    from bones.tiles import Tile

    g = domino_group(Tile(12, 6), angle=90, numerals=True)
    assert "<circle" not in g
    assert re.findall(r'rotate\(-90 [\d.]+ [\d.]+\)"[^>]*>(\d+)</text>', g) == ["12", "6"]
    s = played("mexican-train", 4, 8)
    s.settings = Settings(numerals=True)
    svg = felt.table_svg(s, felt.lanes_layout(s, 960, 514), selected=None, targets=set())
    assert 'class="numeral"' in svg and not re.search(r"<circle[^>]* fill=", svg)  # no pips
    assert "Large print" in dialog_views.settings_dialog(s)
    assert Session.from_json(s.to_json()).settings.numerals is True


def _two_tiles_and_a_play(preset: str) -> Session:
    """Seat 0 (a person) to play with two tiles left, a knock allowed."""
    for seed in range(60):
        s = Session.new("mexican-train", preset,
                        [Seat("You", "human"), Seat("Ann"), Seat("Bob")], seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            g = s.game
            if g.round_over:
                break
            moves = g.legal_moves()
            if g.turn == 0 and len(g.hands[0]) == 2 and bones.Move("knock") in moves:
                return s
            s.play(rng.choice([m for m in moves if m.kind == PLAY] or moves))
    raise LookupError(preset)


@pytest.mark.parametrize("on", [True, False])
def test_knock_for_me_knocks_as_the_play_leaves_one_tile(on, monkeypatch):
    """S5 (Samboree tournament): a forgotten knock costs two tiles; with the setting on
    (the default) the page knocks before the play, and says so."""
    from pagestub import NoPage

    s = _two_tiles_and_a_play("st-mt")
    s.settings.knock_for_me = on
    page = NoPage(s)
    monkeypatch.setattr(page, "schedule", lambda: None)
    play = next(m for m in s.my_moves() if m.kind == PLAY)
    page.table.play(play)
    kinds = [m.kind for m, seat, _t in s.game.history[-2:]]
    assert kinds == (["knock", "play"] if on else [kinds[0], "play"])
    assert ("knock" in kinds) is on
    assert (page.table.state.hint == "Knocked for you: one tile left.") is on
    assert Settings().knock_for_me is True


def _after_others_drew(seed_range=range(60)):
    """A Mexican Train round where, since You last moved, another player drew (and
    maybe passed): plays preferred, as in ``played``."""
    for seed in seed_range:
        s = played("mexican-train", 4, 0, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            g = s.game
            if g.round_over:
                break
            ms = g.legal_moves()
            s.game.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
            drew = [seat for m, seat, _t in g.history if m.kind == "draw" and seat != 0]
            if g.turn == 0 and drew and any(seat != 0 for m, seat, _t in g.history[-3:]
                                            if m.kind == "draw"):
                return s
    raise AssertionError("no round where another player drew")


def test_what_others_did_since_your_move_stays_beside_their_train_and_in_the_hint_band():
    """A draw, a pass or a knock flashed past in the status line; it now stays
    beside the player's train and in the hint band until you move again."""
    s = _after_others_drew()
    since = s.wording.since_viewer()
    assert since and 0 not in since
    seat, words = next(iter(since.items()))
    assert "drew" in words
    lay = felt.lanes_layout(s, 1200, 700)
    svg = felt.table_svg(s, lay, selected=None, targets=set())
    assert f'<tspan class="lane-event">: {words}</tspan>' in svg
    assert f"{s.name(seat)} {words}." in views.topbar_markup(s)
    assert f"{s.name(seat)} {words}." not in views.topbar_markup(s, hint="Hint: play 6-6")
    s.game.play(s.game.legal_moves()[0])  # You move: the news is old
    assert s.wording.since_viewer() == {} and "lane-event" not in felt.table_svg(
        s, felt.lanes_layout(s, 1200, 700), selected=None, targets=set())


def test_being_caught_is_said_with_you_not_your_name():
    s = played("mexican-train", 3, 0)
    s.game.history.append((bones.Move("call", target=0), 1, None))
    assert s.wording.since_viewer() == {1: "caught you"}


def test_narrow_screens_open_the_move_log_and_score_sheet_in_a_dialog():
    """Up to 900 px wide the side panel is a strip of totals; its Moves button opens the
    move log and the score sheet."""
    s = played("chicken-foot", 4, 12)
    assert 'data-act="sheet"' in views.actions_markup(s)
    d = dialog_views.sheet_dialog(s)
    assert 'role="dialog"' in d and 'class="move-log"' in d and 'class="scores"' in d
    fresh = played("chicken-foot", 4, 0)
    assert "No moves yet this round." in dialog_views.sheet_dialog(fresh)
