"""What comes in from outside (saves, kiosk settings, the rally
store and its files, names) ends in a clear message or a refusal, and a bad save never
stops the page from starting (docs/security.md)."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest

from app.game.seats import NAME_LIMIT, BadName, Seat, clean_name
from app.game.session import Session
from app.kiosk.settings import SETTINGS_KEY, KioskSettings, load_settings, parse_settings
from app.rally.ui import BAD_SAVE_KEY as RALLY_BAD_KEY
from app.rally.ui import SAVE_KEY as RALLY_KEY
from app.rally.ui import RallyScreen
from app.table import saving
from app.table.dialogs import DamagedSave
from bones.errors import BadData, BadSave
from bones.inbound import MAX_DEPTH, letters
from bones.rally import Event, loads
from fakepage import FakePage
from pagestub import NoPage

DEEP = "[" * 10_000 + "]" * 10_000  # once fatal to Pyodide's stack
JUST_TOO_DEEP = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)  # json.loads reads it fine
REFUSED = "nested too deeply|far too large"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"


class Storage(dict):
    """localStorage as the page sees it, with a quota: setItem past it raises as
    Chromium does (QuotaExceededError)."""

    def __init__(self, items=(), quota: int = 5_000_000):
        super().__init__(items)
        self.quota = quota

    def getItem(self, k):
        return self.get(k)

    def setItem(self, k, v):
        used = sum(len(a) + len(b) for a, b in self.items() if a != k)
        if used + len(k) + len(v) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self[k] = v

    def removeItem(self, k):
        self.pop(k, None)


class Table(NoPage):
    """The page's controller over a given storage (nothing drawn)."""

    def __init__(self, st):
        super().__init__(None)
        self.st = st
        self.screen = "start"

    def storage(self):
        return self.st

    def focus(self, selector):
        pass


# ---- 1. deep nesting ------------------------------------------------------------------------
@pytest.mark.parametrize("text", [DEEP, JUST_TOO_DEEP])
def test_deep_nesting_is_refused_before_it_is_parsed_on_every_path(text):
    """Refused with the depth in words, on each path, whatever json.loads would do."""
    for read in (Session.from_json, loads):
        with pytest.raises(BadData, match="nested too deeply"):
            read(text)
    settings, problems = parse_settings(text)  # far smaller: refused by its size first
    assert settings == KioskSettings() and re.search(REFUSED, problems[0])


def test_a_deep_save_is_put_aside_and_the_table_starts_clean():
    st = Storage({saving.SAVE_KEY: DEEP})
    c = Table(st)
    assert c._load() is None and "nested too deeply" in c.dialog.problem
    assert saving.SAVE_KEY not in st and st[saving.BAD_SAVE_KEY] == DEEP
    assert Table(st)._load() is None  # the next load starts clean
    assert Table(st).dialog is None


def test_deep_kiosk_settings_are_removed_and_bad_fields_rewritten():
    st = Storage({SETTINGS_KEY: DEEP, "other": "kept"})
    s, problems = load_settings(st)
    assert s == KioskSettings() and re.search(REFUSED, problems[0])
    assert SETTINGS_KEY not in st and st["other"] == "kept"
    st[SETTINGS_KEY] = json.dumps({"level": "godlike", "rally": True})
    s, problems = load_settings(st)
    assert s.rally and s.level == "normal" and problems
    assert json.loads(st[SETTINGS_KEY])["level"] == "normal"  # the next load is clean
    assert load_settings(st)[1] == []


def test_a_deep_rally_store_is_put_aside_and_the_scorekeeper_opens():
    c = RallyHost(Storage({RALLY_KEY: DEEP}))
    c.rally.open()
    assert c.rally.event is None and "nested too deeply" in c.rally.ui.error
    assert RALLY_KEY not in c.st and c.st[RALLY_BAD_KEY] == DEEP


def test_a_deep_import_is_refused_and_changes_nothing():
    c = RallyHost(Storage())
    c.rally.open()
    c.rally.import_data(DEEP.encode(), "deep.json")
    assert "deep.json was not imported" in c.rally.ui.error
    assert "nested too deeply" in c.rally.ui.error and c.rally.event is None


class RallyHost:

    def __init__(self, st):
        self.page = FakePage()  # the browser, faked (tests/app/fakepage.py)
        self.st = st
        self.screen = "rally"
        self.rally = RallyScreen(self)

    def storage(self):
        return self.st

    def render(self):
        self.html = self.rally.markup()

    def focus(self, selector):
        pass


# ---- 2. a huge save --------------------------------------------------------------------------
def test_a_huge_save_does_not_stop_the_start_and_is_not_copied_aside():
    """3,000,000 characters under the save: once its copy overflowed the quota
    and every start failed."""
    st = Storage({saving.SAVE_KEY: "x" * 3_000_000, "other": "kept"})
    c = Table(st)
    assert c._load() is None and "too large" in c.dialog.problem
    assert saving.SAVE_KEY not in st and saving.BAD_SAVE_KEY not in st and st["other"] == "kept"
    assert c.bad_save is None  # nothing to offer: the dialog says it was not kept
    html = c.dialog.markup(c)
    assert "Download" not in html and "too large to keep" in html


def test_a_huge_rally_store_is_kept_aside_whole_and_the_scorekeeper_opens():
    c = RallyHost(Storage({RALLY_KEY: "{" + "x" * 3_000_000, "other": "kept"}))
    c.rally.open()
    assert "kept on this machine until you download it" in c.rally.ui.error
    assert c.st == {"other": "kept", RALLY_BAD_KEY: "{" + "x" * 3_000_000}
    c.render()
    assert "Download the damaged save" in c.html and "Create the event" in c.html


def test_no_storage_failure_stops_the_start():
    class Broken(Storage):
        def getItem(self, k):
            raise RuntimeError("SecurityError: storage is disabled")

    assert Table(Broken())._load() is None
    st = Storage({saving.SAVE_KEY: '{"format": "rally'}, quota=20)  # no room for the copy
    c = Table(st)
    assert c._load() is None and st == {} and "not valid JSON" in c.dialog.problem


def test_the_copy_aside_goes_once_downloaded_or_the_game_starts_fresh():
    st = Storage({saving.SAVE_KEY: '{"format": "rally'})
    c = Table(st)
    c._load()
    assert st[saving.BAD_SAVE_KEY] == '{"format": "rally'
    c.forget_bad_save()
    assert saving.BAD_SAVE_KEY not in st and c.bad_save is None
    c = RallyHost(Storage({RALLY_KEY: '{"format": "rally'}))
    c.rally.open()
    assert RALLY_BAD_KEY in c.st
    c.rally.act("rally-new-yes", "")
    assert RALLY_BAD_KEY in c.st  # the official's damaged event goes only once downloaded
    c.rally.act("rally-download-bad", "")
    assert RALLY_BAD_KEY not in c.st


# ---- 3. a save is checked whole -----------------------------------------------------------------
def saved(**changes) -> str:
    d = json.loads(Session.quick(seed=3).to_json())
    for path, v in changes.items():
        *keys, last = path.split("__")
        box = d
        for k in keys:
            box = box[int(k) if k.isdigit() else k]
        box[int(last) if last.isdigit() else last] = v
    return json.dumps(d)


@pytest.mark.parametrize("change, words", [
    ({"seats__1__level": "godlike"}, "level"),
    ({"seats__1__kind": None}, "kind"),
    ({"seats__1__name": 5}, "name"),
    ({"seats__1__name": "x" * 300}, "name"),
    ({"seats__1__extra": 1}, "unknown field"),
    ({"settings__speed": "warp"}, "unknown field 'speed'"),
    ({"settings": [1]}, "settings"),
    ({"shown": 99}, "shown"),
    ({"started": "no"}, "started"),
    ({"match__seed": [1]}, "seed"),
    ({"match__deal": "x"}, "deal"),
    ({"spare": 1}, "unknown field"),
])
def test_every_value_of_a_save_is_checked_when_it_loads(change, words):
    with pytest.raises(BadSave, match=words):
        Session.from_json(saved(**change))


def test_a_setting_it_cannot_use_gets_its_default():
    assert Session.from_json(saved(settings__pace=[1], settings__coloured="no")).settings == (
        Session.quick().settings)


def test_a_godlike_computer_is_refused_with_the_bad_save_flow():
    st = Storage({saving.SAVE_KEY: saved(seats__1__level="godlike")})
    c = Table(st)
    assert c._load() is None and isinstance(c.dialog, DamagedSave) and "level" in c.dialog.problem


# ---- 4. spreadsheet formulas ---------------------------------------------------------------
EVIL = ['=HYPERLINK("http://e.vil/","Click")', "+1+2", "@SUM(A1:A9)", "-2", "'=quoted",
        "''@twice"]


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised_and_read_back():
    ev = Event.create("=1+1 Samboree", "mexican-train", "gs-mt", rounds=1)
    ev.add_table(EVIL[:3])
    ev.add_table(EVIL[3:])
    text = ev.to_csv()
    import csv
    import io

    cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@") or c.startswith("-")]
    assert "'=1+1 Samboree" in cells and "'+1+2" in cells and "'''@twice" in cells
    back = loads(text)
    assert back == ev and back.title == "=1+1 Samboree"
    assert [p["name"] for p in back.sheet(1)["players"]] == EVIL[:3]
    assert loads(back.to_csv()).to_csv() == text


# ---- 5. names -------------------------------------------------------------------------------
def test_a_family_emoji_stays_whole_and_counts_as_one_letter():
    assert clean_name(f"Gran {FAMILY}", "x") == f"Gran {FAMILY}"
    assert len(letters(FAMILY)) == 1 and len(letters("🇨🇦e\u0301")) == 2
    flag = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
    assert clean_name(flag * NAME_LIMIT, "x") == flag * NAME_LIMIT


def test_a_name_too_long_is_refused_saying_so_not_cut():
    with pytest.raises(BadName, match=f"longer than {NAME_LIMIT}"):
        clean_name("Bartholomew Fitzgerald", "x")
    with pytest.raises(BadName, match="Player 2"):
        Session.new("mexican-train", "gs-mt", [Seat("Ann"), Seat("a" * 21)])
    assert clean_name("A" * NAME_LIMIT, "x") == "A" * NAME_LIMIT


def test_direction_overrides_and_hidden_controls_are_taken_out():
    name = clean_name("\u202eAnn\u2066\u200b\x00 Lee\u200f", "x")
    assert name == "Ann Lee"
    assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in name)


def test_the_start_form_says_why_a_name_is_refused():
    c = Table(Storage())
    form = c.start_screen.form
    form.seats[1].name = "Bartholomew Fitzgerald"
    c.act("start")  # the Start button
    assert c.session is None and "Player 2" in form.error and "20" in form.error
    assert "Player 2" in c.start_screen.markup().split("role=\"alert\"")[1]


def test_a_megabyte_of_brackets_is_refused_by_its_size_or_depth():
    for text in (DEEP * 20, "[" * 1_000_000, "{" * 4_000_000):
        with pytest.raises(BadData, match="too"):
            loads(text)


# ---- the AI worker's answers -------------------------------------------------------------------
@pytest.mark.parametrize("answer", [
    '{"move": "13-13@M", "reason": "trust me", "level": "hard"}',  # not a legal move
    DEEP, '{"move": "draw", "reason": NaN, "level": "hard"}', "not json at all"])
def test_a_workers_answer_that_does_not_hold_is_set_aside_for_the_pages_own(answer):
    import asyncio

    from test_hints import Page, my_turn, run

    class Liar:
        async def hint(self, *a):
            return answer

    s = my_turn()  # Chicken Foot: Hard's hints come from the worker there
    page = Page(s, Liar())

    async def go():
        page.table.do_hint(None, None)
        while page.turns.hinting:
            await asyncio.sleep(0.01)

    run(go)
    assert page.table.state.hint.startswith("Hint: ") and "likely deals" in page.table.state.hint
    assert any("the AI worker's" in e for e in page.errors)
