"""The rally scorekeeper's markup (app.rally.views) and its screen logic (app.rally.ui)
in CPython: no browser, a stand-in controller with a dict for local storage."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

import bones
from app.dom import Control
from app.game.session import Session
from app.rally.entry_views import table_page
from app.rally.event_views import csv_export, files_page, json_export
from app.rally.sheet_views import history_page, standings_block
from app.rally.state import RallyState
from app.rally.ui import BAD_SAVE_KEY, SAVE_KEY, RallyScreen
from app.rally.views import print_sheets, rally_screen
from app.shared.sheet import sheet_table
from app.table import dialog_views, views
from bones.rally import NO_SHOW, Event, loads, match_sheet
from fakepage import FakePage


def event() -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=3, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve"])
    ev.enter_round(1, 1, [10, 0, 25])
    ev.late_arrival(1, "Fay")
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    ev.enter_round(2, 1, [13, 40])
    return ev


def cells(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html)]


# ---- the shared sheet -----------------------------------------------------------------------
def test_sheet_marks_the_no_show_the_late_start_and_places():
    html = sheet_table(event().sheet(1))
    assert 'class="sheet rally-sheet"' in html
    assert "Round 1<small class=\"dbl\">12-12</small>" in html
    assert "Start <small>(General 9)</small>" in html  # G7
    assert '<td class="no-show"' in html and "22<sup>*</sup>" in html  # G10
    assert "(The Play 10)" in html
    assert "joined round 2 (General 9)" in html
    row = cells(html)
    fay = row.index("Fay joined round 2 (General 9)")
    assert row[fay:fay + 7] == ["Fay joined round 2 (General 9)", "25", "&ndash;not seated",
                                "12", "", "37", "4th"]


def test_compact_sheet_shows_only_entered_rounds_without_start_or_place():
    html = sheet_table(event().sheet(1), compact=True)
    assert "Start" not in html and "Place" not in html
    assert '<abbr title="Round 2">2</abbr>' in html and "Round 3" not in html


def test_the_in_game_score_panel_uses_the_shared_sheet():
    s = Session.quick(seed=3)
    html = views.scores_markup(s)
    assert 'aria-label="Score sheet"' in html and "Round 1 of" in html
    assert html.count("<tr>") + html.count("<tr ") == 1 + len(s.seats)
    assert 'class="sheet compact"' in html
    sh = match_sheet(s.game, [x.name for x in s.seats])
    assert sheet_table(sh, compact=True) in html


# ---- pages ----------------------------------------------------------------------------------
def test_no_event_shows_the_setup_form_and_the_import():
    html = rally_screen(None, RallyState())
    for text in ("A new event", "Event title", "Create the event", "Import an event file",
                 "Starting doubles: 9-9, 8-8, 7-7", 'role="alert"'):
        assert text in html
    assert 'class="print-sheets"' not in html


def test_entry_page_has_a_big_pad_a_box_and_a_no_show_button_per_player():
    ev = event()
    ui = RallyState(page="table", table="1")
    html = table_page(ev, ui)
    assert "Table 1: Round 3" in html and "starting double 10-10" in html
    assert len(re.findall(r'data-act="rally-key:', html)) == 12
    for n in ("Ann", "Bob", "Cy", "Fay"):
        assert f'aria-label="Points for {n}"' in html
        assert f'aria-label="{n} did not show their bones"' in html
    assert "Late arrival</button>" in html  # G7
    assert 'aria-label="Number pad for Ann"' in html


def test_all_fives_entry_has_no_g7_or_g10_buttons():
    ev = Event.create("Fives", "all-fives", rounds=2)
    ev.add_table(["Ann & Cy", "Bob & Dee"])
    html = table_page(ev, RallyState(page="table", table="1"))
    assert "Game 1" in html and "did not show" not in html and "Late arrival" not in html


def test_standings_flag_a_tie_for_first_and_name_decided_places():
    ev = Event.create("T", "mexican-train", "gs-mt", rounds=1)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.enter_round(1, 1, [5, 5, 9])
    html = standings_block(ev.standings(), "Standings", "st")
    assert html.count("Tie: play-off needed") == 2 + 2  # two podium lines, two rows
    ev2 = Event.create("T", "mexican-train", "gs-mt", rounds=1)
    ev2.add_table(["Ann", "Bob", "Cy"])
    ev2.enter_round(1, 1, [5, 7, 9])
    html2 = standings_block(ev2.standings(), "Standings", "st")
    assert "tie-flag" not in html2 and "tied" not in html2
    assert '<span class="medal">1st</span> Ann' in html2
    assert '<span class="medal">2nd</span> Bob' in html2


def test_history_lists_every_change_with_undo_and_redo():
    ev = event()
    n = ev.undo()
    html = history_page(ev, RallyState())
    assert html.count('<li class="change') == len(ev.log)
    assert f'aria-label="Redo: cancel change {n}"' in html
    assert f"undone by change {n}" in html
    assert 'aria-label="Undo change 1"' not in html  # creating the event stays


def test_exports_are_data_urls_that_load_back():
    ev = event()
    href, name = json_export(ev)
    assert name == "spring-samboree-rally.json"
    text = unquote(href.split(",", 1)[1])
    assert text == ev.dumps() and loads(text).log == ev.log
    href, name = csv_export(ev)
    text = unquote(href.split(",", 1)[1])
    assert name.endswith(".csv") and text.startswith("\ufeffrecord,table")
    assert loads(text) == ev
    html = files_page(ev, RallyState())
    assert 'download="spring-samboree-rally.json"' in html and "Download CSV" in html


def test_print_has_one_sheet_a_table_and_the_standings():
    html = print_sheets(event(), RallyState())
    assert html.count('class="print-sheet"') == 3
    assert "Standings (The Play 11)" in html and "Official:" in html  # G11


# ---- the screen's logic with a stand-in browser ---------------------------------------------
class Storage(dict):
    def getItem(self, k):
        return self.get(k)

    def setItem(self, k, v):
        self[k] = v

    def removeItem(self, k):
        self.pop(k, None)


class FakeController:

    def __init__(self):
        self.page = FakePage()  # the browser, faked (tests/app/fakepage.py)
        self.st = Storage()
        self.screen = "rally"
        self.rally = None
        self.html = ""

    def storage(self):
        return self.st

    def render(self):
        self.html = self.rally.markup()

    def focus(self, selector):
        pass


def el(field, value, i=None):
    """The field ``data-rally-field=field`` (``data-i=i``) holding ``value``."""
    data = {"rallyField": field}
    if i is not None:
        data["i"] = str(i)
    return Control(data=data, value=value)


@pytest.fixture
def screen():
    c = FakeController()
    r = c.rally = RallyScreen(c)
    r.open()
    return r


def setup(r, game="mexican-train", names=("Ann", "Bob", "Cy")):
    r.act("rally-game", game)
    r.on_input(el("title", "Spring Samboree"))
    r.on_input(el("rounds", "3"))
    r.act("rally-create", "")
    assert r.ui.error == ""
    while len(r.ui.new_names) > len(names):
        r.act("rally-seats", "-1")
    for i, n in enumerate(names):
        r.on_input(el("name", n, i))
    r.act("rally-add-table", "")
    r.act("rally-open", "1")


def saved(r) -> Event:
    return loads(r.c.st[SAVE_KEY])


def test_keypad_entry_saves_after_every_change(screen):
    r = screen
    setup(r)
    assert saved(r).tables() == ["1"]
    for k in ("1", "0", "enter", "0", "enter", "2", "5", "back", "5"):
        r.act("rally-key", k)
    assert r.ui.error == ""
    r.act("rally-key", "enter")  # the last player: saves the round
    assert "Table 1, round 1 entered: Ann 10, Bob 0, Cy 25" in r.ui.note
    assert saved(r).sheet(1)["players"][2]["total"] == 25
    assert "Table 1: Round 2" in r.c.html


@pytest.mark.parametrize("bad,message", [
    ("abc", "Points must be whole numbers 0 or more: 'abc'"),
    ("-5", "Points must be whole numbers 0 or more: '-5'"),
    ("", "Enter Bob's points first"),
])
def test_nonsense_is_refused_with_a_message_and_nothing_saved(screen, bad, message):
    r = screen
    setup(r)
    before = r.c.st[SAVE_KEY]
    r.on_input(el("pts", "10", 0))
    r.on_input(el("pts", bad, 1))
    r.on_input(el("pts", "7", 2))
    r.act("rally-save", "")
    assert message in r.ui.error
    assert 'role="alert">' + message[:20] in r.c.html.replace("&#x27;", "'")
    assert r.c.st[SAVE_KEY] == before
    assert r.ui.drafts["1"].points == {"Ann": "10", "Bob": bad, "Cy": "7"}  # kept to fix


def test_all_fives_points_come_in_fives(screen):
    r = screen
    setup(r, "all-fives", ("Ann", "Bob"))
    r.on_input(el("pts", "12", 0))
    r.on_input(el("pts", "15", 1))
    r.act("rally-save", "")
    assert "All Fives points come in fives: 12" in r.ui.error


def test_an_entered_round_opens_with_its_scores_and_saves_only_corrections(screen):
    r = screen
    setup(r)
    for i, v in enumerate(("1", "2", "3")):
        r.on_input(el("pts", v, i))
    r.act("rally-save", "")
    n_before = len(saved(r).log)
    r.on_change(el("round", "1"))
    assert r.ui.drafts["1"].points == {"Ann": "1", "Bob": "2", "Cy": "3"}
    assert "Save corrections to round 1" in r.c.html
    assert 'value="2"' in r.c.html
    r.act("rally-save", "")  # nothing changed: nothing logged
    assert "Nothing to correct: round 1 is as entered" in r.ui.note
    assert len(saved(r).log) == n_before
    r.on_change(el("round", "1"))
    r.on_input(el("pts", "12", 1))
    r.act("rally-noshow", "2")
    r.act("rally-noshow-yes", "2")
    r.act("rally-save", "")
    assert r.ui.error == ""
    assert "Bob corrected to 12" in r.ui.note and "Cy did not show" in r.ui.note
    ev = saved(r)
    assert [p["total"] for p in ev.sheet(1)["players"]] == [1, 12, 22]  # G10: 12 + 10
    assert [h["op"] for h in ev.history()[-2:]] == ["correct", "no_show"]
    r.on_change(el("round", "1"))
    r.on_input(el("pts", "x", 0))
    r.act("rally-save", "")
    assert "Points must be whole numbers" in r.ui.error
    assert saved(r).log == ev.log  # a refused correction changes nothing
    r.act("rally-undo", "")  # the last correction, on its own
    assert [p["total"] for p in saved(r).sheet(1)["players"]] == [1, 12, 3]


def test_a_name_is_corrected_on_the_sheet_and_refused_when_taken(screen):
    r = screen
    setup(r)
    r.act("rally-rename-open", "")
    assert "Whose name" in r.c.html
    r.on_change(el("rename-seat", "2"))
    r.on_input(el("rename-name", "  Robert  "))
    r.act("rally-rename", "")
    assert r.ui.error == ""
    assert r.ui.note == "Bob is now Robert on Table 1's sheet."
    assert [p["name"] for p in saved(r).sheet(1)["players"]] == ["Ann", "Robert", "Cy"]
    assert "Points for Robert" in r.c.html and "Whose name" not in r.c.html
    r.act("rally-rename-open", "")
    r.on_change(el("rename-seat", "3"))
    r.on_input(el("rename-name", "ann"))
    r.act("rally-rename", "")
    assert "Table 1 already has a player called 'Ann'" in r.ui.error
    assert [p["name"] for p in saved(r).sheet(1)["players"]] == ["Ann", "Robert", "Cy"]
    assert "Whose name" in r.c.html  # the form stays open to fix the entry
    r.act("rally-rename-cancel", "")
    assert "Whose name" not in r.c.html


def test_late_arrival_no_show_and_undo(screen):
    r = screen
    setup(r)
    for i, v in enumerate(("10", "0", "25")):
        r.on_input(el("pts", v, i))
    r.act("rally-save", "")
    r.act("rally-late-open", "")
    r.on_input(el("late-name", "Fay"))
    r.act("rally-late", "")
    assert "Fay joins Table 1 at round 2 with 25" in r.ui.note
    r.act("rally-noshow", "1")
    r.act("rally-noshow-yes", "1")
    for i, v in ((0, "3"), (2, "0"), (3, "12")):
        r.on_input(el("pts", v, i))
    r.act("rally-save", "")
    assert "Bob did not show (The Play 10)" in r.ui.note  # G10
    assert saved(r).sheet(1)["players"][1]["total"] == 22
    r.act("rally-undo", "")
    assert "Undo of change" in r.ui.note
    assert saved(r).sheet(1)["players"][1]["total"] == 0
    assert saved(r).history()[-1]["op"] == "undo"


def test_playoff_from_the_form(screen):
    r = screen
    setup(r, names=("Ann", "Bob"))
    r.act("rally-page", "tables")
    r.ui.new_names = ["Dee", "Eve"]
    r.act("rally-add-table", "")
    for t, rows in (("1", ("5", "9")), ("2", ("7", "3"))):
        r.act("rally-open", t)
        for _ in range(3):
            for i, v in enumerate(rows):
                r.on_input(el("pts", v, i))
            r.act("rally-save", "")
    r.act("rally-page", "playoff")
    r.act("rally-po-kind", "winners")
    assert "They would play: <strong>Ann, Eve</strong>" in r.c.html
    r.act("rally-playoff", "")
    assert "starting double" in r.ui.error
    r.on_input(el("po-first", "6"))
    r.on_input(el("po-rounds", "2"))
    r.act("rally-playoff", "")
    assert r.ui.error == "" and r.ui.table == "P1"
    assert saved(r).sheet("P1")["rounds"][0]["double"] == 6


def test_a_bad_import_changes_nothing_and_a_good_one_asks_first(screen):
    r = screen
    setup(r)
    before = r.c.st[SAVE_KEY]
    r.import_data('{"format": "rally-dominoes-event", "version": 4, "log": []}', "x.json")
    assert "x.json was not imported" in r.ui.error and "version 4" in r.ui.error
    r.import_data(b"\x89PNG\x00\xff", "p.png")
    assert "not text" in r.ui.error
    assert r.c.st[SAVE_KEY] == before
    other = event()
    r.import_data(other.to_csv(), "other.csv")
    assert r.ui.pending_import == other and r.c.st[SAVE_KEY] == before
    r.act("rally-page", "files")
    assert "Replace with the file's event" in r.c.html
    r.act("rally-import-yes", "")
    assert saved(r) == other and "other.csv imported" in r.ui.note


def test_the_save_survives_a_new_screen_and_a_damaged_one_is_kept_aside():
    c = FakeController()
    c.rally = RallyScreen(c)
    c.rally.open()
    c.st[SAVE_KEY] = event().dumps()
    fresh = RallyScreen(c)
    fresh.open()
    assert fresh.event == event()
    c.st[SAVE_KEY] = '{"format": "rally-dominoes-ev'
    c.rally = broken = RallyScreen(c)
    broken.open()
    assert broken.event is None and "could not be opened" in broken.ui.error
    assert c.st[BAD_SAVE_KEY] == '{"format": "rally-dominoes-ev' and SAVE_KEY not in c.st
    c.render()
    assert "Download the damaged save" in c.html and "Create the event" in c.html


def test_match_end_dialog_shows_the_whole_sheet():
    g = bones.new_game("mexican-train", seats=2, seed=4, options={"rounds": 1})
    s = Session.quick(seed=1)
    s.game = g
    s.seats = s.seats[:2]
    while not g.match_over:
        g.play(g.legal_moves()[0])
    html = dialog_views.match_end_dialog(s)
    assert "<caption>Score sheet</caption>" in html and "Place" in html


# ---- a new event's defaults follow the chosen sheet ----------------------------------
def form_fields(r) -> tuple[str, str]:
    f = r.ui.setup
    return f.rounds, f.first


def test_G5_a_good_sams_event_starts_at_9_9_as_its_sheet_does(screen):
    r = screen
    assert r.ui.setup.preset == "gs-mt"
    assert form_fields(r) == ("10", "9")  # General 7: play begins with double 9's
    r.c.render()
    assert "Starting doubles: 9-9, 8-8, 7-7" in r.c.html


@pytest.mark.parametrize("game,preset,fields", [
    ("mexican-train", "st-mt", ("4", "12")),  # S2: four rounds from 12-12 (To Start 2)
    ("mexican-train", "wc-mt", ("13", "12")),
    ("mexican-train", "gs-mt", ("10", "9")),  # G5
    ("chicken-foot", "gs-cf", ("10", "9")),  # G5
    ("all-fives", "gs-af", ("1", "")),
])
def test_S2_G5_the_defaults_follow_the_rules_chosen_on_the_form(screen, game, preset, fields):
    r = screen
    r.act("rally-game", game)
    r.act("rally-preset", "st-mt" if game == "mexican-train" else preset)
    r.act("rally-preset", preset)
    assert form_fields(r) == fields
    r.on_input(el("title", "Spring Samboree"))
    r.act("rally-create", "")
    ev = saved(r)
    assert ev.preset == preset
    assert ev.state()["doubles"] == Event.create("x", game, preset).state()["doubles"]


def test_what_the_official_typed_stays_when_the_rules_change(screen):
    """Decision: a field the official has edited is theirs; a later choice of rules
    fills in only the fields left as they were (and one emptied again). A change of game
    starts the form over: its rounds and doubles mean something else there."""
    r = screen
    r.on_input(el("rounds", "3"))
    r.act("rally-preset", "st-mt")
    assert form_fields(r) == ("3", "12")
    r.on_input(el("first", "10"))
    r.act("rally-preset", "wc-mt")
    assert form_fields(r) == ("3", "10")
    r.on_input(el("rounds", ""))  # emptied: the sheet's again
    r.act("rally-preset", "gs-mt")
    assert form_fields(r) == ("10", "10")
    assert "Starting doubles: 10-10, 9-9" in r.c.html
    assert "the sheet starts at 9-9 (General 7)" in r.c.html
    r.act("rally-game", "chicken-foot")
    assert form_fields(r) == ("10", "9")
    r.act("rally-game", "mexican-train")
    assert form_fields(r) == ("10", "9")


def test_did_not_show_their_bones_asks_before_the_penalty_is_added(screen):
    """G10's button is big and easily brushed: the first press only asks; "No" leaves the
    player's points as they are, "Yes" marks them; a mark is taken away at once."""
    r = screen
    setup(r)
    r.on_input(el("pts", "7", 1))
    r.act("rally-noshow", "1")
    assert r.ui.drafts["1"].no_show == set() and r.ui.drafts["1"].points["Bob"] == "7"
    assert "Did Bob not show their bones?" in r.c.html
    assert "table's highest plus 10" in r.c.html and "The Play 10" in r.c.html
    r.act("rally-noshow-no", "1")
    assert r.ui.drafts["1"].no_show == set() and "Did Bob not show" not in r.c.html
    r.act("rally-noshow", "1")
    r.act("rally-noshow-yes", "1")
    assert r.ui.drafts["1"].no_show == {"Bob"} and "Bob" not in r.ui.drafts["1"].points
    assert 'aria-label="Bob did not show their bones" aria-pressed="true"' in r.c.html
    r.act("rally-noshow", "1")  # taken away without a question
    assert r.ui.drafts["1"].no_show == set() and "Did Bob not show" not in r.c.html
    r.act("rally-noshow-yes", "2")  # a "yes" never asked for marks nobody
    assert r.ui.drafts["1"].no_show == set()


def test_late_arrivals_follow_the_events_house_rules_not_only_its_sheet():
    """G7: an event on house rules that take no late arrivals offers no late-arrival
    button (the entry itself refuses one), though its sheet (Good Sam's) takes them."""
    from bones.house import HouseRules
    house = HouseRules("Club", "gs-mt", {"late_arrivals": False})
    ev = Event.create("Club night", "mexican-train", house=house, rounds=3, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy"])
    plain = Event.create("Club night", "mexican-train", "gs-mt", rounds=3, first_double=12)
    plain.add_table(["Ann", "Bob", "Cy"])
    assert 'data-act="rally-late-open"' in table_page(plain, RallyState(table="1"))
    assert 'data-act="rally-late-open"' not in table_page(ev, RallyState(table="1"))
