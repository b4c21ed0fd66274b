"""The start of a game tells what its own sheet says happens: who placed which
double and why, who drew and how many tiles, who plays first ("You play first", never
"You plays first"); no computer moves while that start is still on the screen."""

from __future__ import annotations

import re

import pytest

import own_loop
from app.game.seats import Seat
from app.game.session import Session
from app.table import dialog_views, views
from app.table.position import Position
from pagestub import NoPage
from test_citations import read

FOUR = [Seat("You", "human"), Seat("Ann"), Seat("Bob"), Seat("Cora")]


def start(game: str, preset: str, seed: int, seats=FOUR) -> tuple[Session, str]:
    s = Session.new(game, preset, seats, seed=seed)
    return s, " ".join(read(dialog_views.first_draw_dialog(s)).split())


def lead(text: str) -> str:
    """The last "... play(s) first." of the text: the line in bold."""
    return re.findall(r"\w+ plays? first\.", text)[-1]


# ---- the Candela sheet: the holder of 12-12 places it and leads (C2, Getting Started) ----------
def test_C2_nobody_holds_12_12_everyone_draws_in_turn_and_the_finder_places_it_and_leads():
    s, text = start("mexican-train", "wc-mt", seed=3)
    g = s.game  # wc-mt, seed 3: Ann began the drawing (she drew the highest bone)
    assert g.setup_draws == [3, 4, 3, 3] and g.leader == 1  # a deal where nobody had it
    assert "Everyone was dealt 15 tiles. Nobody held 12-12" in text
    assert "(Getting Started)" in text
    # in the order they drew, from Ann: Ann's fourth tile was the 12-12
    assert ("Ann drew 4 tiles, the last one 12-12 Domino 12-12 Bob drew 3 tiles Cora drew 3 "
            "tiles You drew 3 tiles") in text
    assert "Ann placed 12-12 in the middle" in text
    assert lead(text) == "Ann plays first."
    assert [len(h) for h in g.hands] == [18] * 4  # 15 + the drawn (Ann: less the 12-12)
    assert "highest pip total" not in text  # no bone draw for first player on this sheet


def test_C2_you_drew_it_so_you_place_it_and_play_first():
    s, text = start("mexican-train", "wc-mt", seed=6)
    assert s.game.leader == 0
    assert "You drew 8 tiles, the last one 12-12 Domino 12-12" in text
    assert "You placed 12-12 in the middle" in text
    assert lead(text) == "You play first."
    assert "You plays" not in text and "You drew 8 tiles" in text


def test_C2_the_holder_places_it_and_leads_without_drawing():
    s, text = start("mexican-train", "wc-mt", seed=0)
    assert s.game.setup_draws == [0, 0, 0, 0] and s.game.leader == 3
    assert "Cora held 12-12 and placed it in the middle (Getting Started)." in text
    assert lead(text) == "Cora plays first." and "drew" not in text
    s, text = start("mexican-train", "wc-mt", seed=2)
    assert "You held 12-12 and placed it in the middle" in text
    assert lead(text) == "You play first."


# ---- the Good Sam's and tournament sheets: the double is placed, a bone draw picks the lead --
@pytest.mark.parametrize("game,preset,placed,draw", [
    ("mexican-train", "gs-mt", "9-9 is placed face up in the middle before the deal "
                               "(The Play 1).", "(General 5)"),
    ("chicken-foot", "gs-cf", "9-9 is placed face up in the middle before the deal "
                              "(The Play 1).", "(General 5)"),
    ("mexican-train", "st-mt", "12-12 is already in place, as in the Samboree tournament "
                               "(To Start 2).", "(Good Sam's Mexican Train, General 5)"),
])
def test_G8_S3_G3_the_placed_double_and_the_draw_for_who_plays_first(game, preset, placed,
                                                                      draw):
    s, text = start(game, preset, seed=4)
    assert placed in text
    assert f"Everyone drew one bone: the highest pip total plays first {draw}." in text
    who = s.name(s.game.leader)
    assert lead(text) == ("You play first." if who == "You" else f"{who} plays first.")
    assert s.game.turn == s.game.leader


def test_A2_all_fives_the_highest_double_else_the_highest_tile_leads():
    s, text = start("all-fives", "gs-af", seed=4, seats=FOUR[:2])
    assert ("Everyone drew one tile: the highest double, else the highest tile, plays "
            "first (The Shuffle; Drawing).") in text
    assert "The tiles were shuffled again and everyone drew 7 (The Shuffle; Drawing)." in text
    assert lead(text) == ("You play first." if s.game.leader == 0 else "Ann plays first.")


@pytest.mark.parametrize("game,preset", [
    ("mexican-train", "gs-mt"), ("mexican-train", "st-mt"), ("mexican-train", "wc-mt"),
    ("chicken-foot", "gs-cf"), ("all-fives", "gs-af")])
def test_the_start_names_the_engines_first_player_in_plain_grammar(game, preset):
    seats = FOUR[:2] if game == "all-fives" else FOUR
    seen = set()
    for seed in range(30):
        s, text = start(game, preset, seed, seats)
        who = s.name(s.game.leader)
        assert s.game.turn == s.game.leader
        assert lead(text) == ("You play first." if who == "You" else f"{who} plays first.")
        assert "You plays" not in text and "You holds" not in text
        assert s.wording.start_summary().endswith(lead(text))
        seen.add(who)
    assert "You" in seen and len(seen) > 1


# ---- nothing moves behind the start -----------------------------------------------------------
def test_no_computer_moves_while_the_start_is_on_the_screen():
    """wc-mt seed 3: Ann, a computer, leads; until the start is dismissed she waits, and
    the line above the table does not say she is playing."""
    s, _text = start("mexican-train", "wc-mt", seed=3)
    assert s.game.turn == 1 and not s.started
    assert not s.computer_to_move()
    assert "playing" not in s.wording.status() and s.wording.status().endswith("Ann plays first.")
    page = NoPage(s)
    page.schedule()
    own_loop.run(page.turns.loop())
    assert s.game.history == []
    s.started = True
    assert s.computer_to_move()


def test_the_score_panel_keeps_how_the_round_started():
    s, _text = start("mexican-train", "wc-mt", seed=3)
    text = read(views.scores_markup(s))
    assert "Nobody held 12-12" in text and "Ann drew 4" in text
    assert "Ann plays first." in text


def test_a_player_called_you_reads_in_plain_grammar_at_a_shared_screen():
    """Hotseat: the start form's first name "You" beside other people at one screen."""
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann", "human")],
                    seed=5)
    s.started = True
    while s.name(s.game.turn) != "You":
        s.take_seat()
        s.play(s.game.legal_moves()[0])
    text = read(dialog_views.handoff_dialog(s))
    assert "Your turn" in text and "You's" not in text
    # never "Pass to You" / "I am You" / "Pass the screen to You"
    assert "to You" not in text and "I am You" not in text and "Show my tiles" in text
    assert s.wording.status() == "Your turn: take the screen"
    s.take_seat()
    assert s.wording.status().startswith("Your turn: ")
    assert 'aria-label="Your tiles"' in views.hand_markup(s, Position.of(s, None))
