"""The levels each game offers: Hard in Chicken Foot and All Fives, where it plays better
than Normal, not in Mexican Train, where it scored no better (docs/ai.md, "Levels
offered"). The start screen lists a game's levels with what each does; a save, a kiosk
setting or a late arrival that names Hard in Mexican Train plays at Normal, and a
resumed save says so."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from app.controller import Controller
from app.game.games_ui import level_for, words
from app.game.seats import Seat
from app.game.session import Session
from app.kiosk import views as kiosk_views
from app.kiosk.settings import KioskSettings, player_session
from app.start.views import StartForm, start_screen
from app.table import saving
from fakepage import FakePage
from test_hostile_input import Storage


def offered(html: str, seat: int) -> list[str]:
    """The levels the start screen's select for player ``seat`` offers."""
    sel = re.search(rf'aria-label="Level of player {seat}"[^>]*>(.*?)</select>', html).group(1)
    return re.findall(r'<option value="(\w+)"', sel)


def level_lines(html: str) -> list[str]:
    block = re.search(r'<ul class="level-words"[^>]*>(.*?)</ul>', html).group(1)
    return [unescape(x) for x in re.findall(r"<li>(.*?)</li>", block)]


def test_the_start_screen_offers_mexican_train_easy_and_normal_and_says_what_each_does():
    html = start_screen(StartForm(), can_resume=False)  # Mexican Train first
    assert offered(html, 2) == ["easy", "normal"]
    lines = level_lines(html)
    assert len(lines) == 2 and lines[0].startswith("Easy is a beginner")
    assert lines[1].startswith("Normal is the strongest")
    assert "Hard" not in " ".join(lines)


@pytest.mark.parametrize("game,edge", [
    ("chicken-foot", "It ends a round with fewer points than Normal."),
    ("all-fives", "Against Normal it wins about 6 games in 10.")])
def test_the_start_screen_offers_hard_where_it_beats_normal_and_says_by_how_much(game, edge):
    f = StartForm()
    f.set_game(game)
    html = start_screen(f, can_resume=False)
    assert offered(html, 2) == ["easy", "normal", "hard"]
    lines = level_lines(html)
    assert [x.split()[0] for x in lines] == ["Easy", "Normal", "Hard"]
    assert lines[2].endswith(edge)


def test_a_hard_seat_chosen_for_all_fives_becomes_normal_when_the_game_becomes_mexican_train():
    f = StartForm()
    f.set_game("all-fives")
    f.seats[1].level = "hard"
    f.set_game("mexican-train")
    assert f.seats[1].level == "normal"
    assert 'value="normal" selected' in start_screen(f, can_resume=False)


def test_a_new_mexican_train_game_asked_for_hard_seats_normal():
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann", level="hard"),
                                               Seat("Bob", level="easy")], seed=1)
    assert [x.level for x in s.seats[1:]] == ["normal", "easy"]


@pytest.mark.parametrize("game,preset", [("chicken-foot", "gs-cf"), ("all-fives", "gs-af")])
def test_chicken_foot_and_all_fives_keep_hard_and_a_level_nobody_knows_is_normal(game, preset):
    s = Session.new(game, preset, [Seat("Ann", level="hard"), Seat("Bob", level="godlike")],
                    seed=1)
    assert [x.level for x in s.seats] == ["hard", "normal"]
    assert level_for(game, "hard") == "hard" and level_for("mexican-train", "hard") == "normal"
    assert words(game).levels == ("easy", "normal", "hard")


def test_a_late_arrival_asked_for_hard_in_mexican_train_plays_normal():
    s = Session.quick(seed=9)
    while not s.game.round_over:
        s.play(s.game.legal_moves()[0])
    s.join("Zed", "computer", "hard")
    assert s.seats[-1] == Seat("Zed", "computer", "normal")


def hard_save(game: str, preset: str) -> str:
    """A save from before: two computer seats at Hard."""
    s = Session.new(game, preset, [Seat("You", "human"), Seat("Ann"), Seat("Bob")], seed=2)
    data = json.loads(s.to_json())
    data["seats"][1]["level"] = data["seats"][2]["level"] = "hard"
    return json.dumps(data)


def test_a_saved_mexican_train_game_with_hard_seats_loads_at_normal_and_says_so():
    s = Session.from_json(hard_save("mexican-train", "gs-mt"))
    assert [x.level for x in s.seats] == ["normal", "normal", "normal"]
    assert s.notes == ["Ann and Bob play at Normal now: in Mexican Train the computer's Hard "
                       "played no better than Normal, so Normal is its strongest level."]
    again = Session.from_json(s.to_json())  # saved again: Normal, nothing more to say
    assert again.notes == [] and again.seats == s.seats


@pytest.mark.parametrize("game,preset", [("chicken-foot", "gs-cf"), ("all-fives", "gs-af")])
def test_a_saved_game_keeps_its_hard_seats_where_the_game_offers_hard(game, preset):
    s = Session.from_json(hard_save(game, preset))
    assert [x.level for x in s.seats] == ["normal", "hard", "hard"] and s.notes == []


def test_the_page_resumes_a_saved_hard_train_game_and_the_table_line_says_what_changed():
    st = Storage({saving.SAVE_KEY: hard_save("mexican-train", "gs-mt")})
    c = Controller(FakePage(st))
    c.start()
    assert c.screen == "table" and c.dialog is None  # resumed, not refused as damaged
    assert [x.level for x in c.session.seats] == ["normal", "normal", "normal"]
    assert "Ann and Bob play at Normal now: in Mexican Train" in unescape(c.table.markup())


def test_a_kiosk_set_to_hard_plays_normal_in_mexican_train_and_hard_in_the_others():
    st = KioskSettings(level="hard")
    levels = {g: {x.level for x in player_session(st, g, seed=1).seats if not x.human}
              for g in ("mexican-train", "chicken-foot", "all-fives")}
    assert levels == {"mexican-train": {"normal"}, "chicken-foot": {"hard"},
                      "all-fives": {"hard"}}
    html = unescape(kiosk_views.official_settings(st, active=True))
    assert "Hard (Chicken Foot and All Fives; Normal in Mexican Train)" in html
