"""The page's sentences: escaped, and tile names kept whole on a narrow screen."""

from __future__ import annotations

import pytest

from app.game.seats import Seat
from app.game.session import Session
from app.shared.markup import prose
from app.table.views import actions_markup


def test_tile_names_do_not_break_at_their_hyphen():
    out = prose("Hint: play 9-12 on seat 2's train. 0-0 can go on: line 3.")
    assert '<span class="tn">9-12</span>' in out
    assert '<span class="tn">0-0</span>' in out
    assert "seat 2&#x27;s train" in out


def test_prose_escapes_and_leaves_other_numbers_alone():
    assert prose("<b>5-5</b>") == '&lt;b&gt;<span class="tn">5-5</span>&lt;/b&gt;'
    assert prose("Saved 2026-11-24, 3 players") == "Saved 2026-11-24, 3 players"
    assert prose("a 2-player game") == "a 2-player game"
    assert prose("") == ""


@pytest.mark.parametrize("game,preset,knock", [
    ("mexican-train", "gs-mt", True), ("chicken-foot", "gs-cf", True),
    ("all-fives", "gs-af", False)])
def test_the_knock_button_shows_where_the_sheet_asks_for_a_knock(game, preset, knock):
    s = Session.new(game, preset, [Seat("You", "human"), Seat("Ann")], seed=3)
    html = actions_markup(s)
    assert ('data-act="knock"' in html) is knock
    assert 'data-act="draw"' in html


def test_a_sheets_item_cited_in_brackets_is_kept_on_one_line():
    out = prose("9-9 is placed (The Play 1). Ann leads (Good Sam's Mexican Train, General 5).")
    assert '(<span class="nb">The Play 1</span>)' in out
    assert 'Train, <span class="nb">General 5</span>)' in out
    assert prose("play 5-4 on Mexican Train") == 'play <span class="tn">5-4</span> on Mexican Train'
