"""What a player or official reads cites the printed sheet's own words ("General 9",
"The Play 10", "To Start 6", "Final Tiles"), never our rule IDs (G7, S5, ...): every
screen that cites a rule is rendered here and its text searched for an ID.

The IDs stay in code and tests; docs/rules.md, "Where each rule stands on the
printed sheet", maps them to the sheets, and bones.rulebook holds that map."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

import bones
from app.game.seats import Seat
from app.game.session import Session
from app.rally.state import RallyState
from app.rally.ui import RallyScreen
from app.rally.views import rally_screen
from app.table import dialog_views, views
from bones.rally import NO_SHOW, Event, RallyError
from bones.rulebook import cite, rules_for
from fakepage import FakePage

RULE_ID = re.compile(r"\b[GMSCFA]\d+\b")
READ_ATTRS = ("aria-label", "title", "placeholder", "alt", "value")
# A deal's code ("4C32 3ABC ...") and its full hash are random hex: a group such as
# "C323" reads like a rule ID but is none, so codes are left out before IDs are looked for.
HEX_CODE = re.compile(r"\b[0-9A-F]{4}(?: [0-9A-F]{4})+\b|\b[0-9a-fA-F]{16,}\b")


class _Reader(HTMLParser):
    """The words of a page a person reads or hears: text, and the attributes a screen
    reader speaks or a pointer shows."""

    def __init__(self):
        super().__init__()
        self.words: list[str] = []
        self.skip = 0  # inside an SVG's <title>: its aria-label says it already

    def handle_starttag(self, tag, attrs):
        self.words += [f" {v} " for k, v in attrs if k in READ_ATTRS and v]
        if tag in ("p", "li", "h2", "tr", "td", "th", "button", "legend", "label"):
            self.words.append(" ")
        self.skip += tag == "title"

    def handle_endtag(self, tag):
        self.skip -= tag == "title" and self.skip > 0

    def handle_data(self, data):
        if not self.skip:
            self.words.append(data)


def read(html: str) -> str:
    r = _Reader()
    r.feed(html)
    return " ".join("".join(r.words).split())


def assert_no_ids(html: str, where: str) -> str:
    text = read(html)
    found = sorted(set(RULE_ID.findall(HEX_CODE.sub(" ", text))))
    assert not found, f"{where} shows rule IDs {found}: {text[:300]}"
    return text


# ---- the map ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rule,preset,words", [
    ("G7", "gs-mt", "General 9"),  # late arrival: General 9 on the Good Sam's sheets
    ("G5", "gs-mt", "General 7"),
    ("G9", "gs-mt", "The Play 9"),
    ("G9", "gs-cf", "The Play 8"),  # the same rule stands one item earlier on GS-CF
    ("G10", "gs-cf", "The Play 9"),
    ("M5", "gs-mt", "The Play 6"),
    ("F6", "gs-cf", "The Play 7"),
    ("S5", "st-mt", "To Start 6"),
    ("S6", "st-mt", "To Start 9"),
    ("C7", "wc-mt", "Final Tiles"),
    ("C2", "wc-mt", "Getting Started"),
    ("A7", "gs-af", "Blocking the Game"),
    ("A2", "gs-af", "The Shuffle; Drawing"),
    # a rule a preset takes from another sheet names that sheet
    ("G7", "st-mt", "Good Sam's Mexican Train, General 9"),
    ("G3", "st-mt", "Good Sam's Mexican Train, General 5"),
])
def test_each_rule_is_cited_where_it_stands_on_the_presets_sheet(rule, preset, words):
    assert cite(rule, preset) == words


def test_every_rule_of_every_preset_has_a_citation_without_an_id():
    for name, p in bones.PRESETS.items():
        for rid in p.rules:
            assert not RULE_ID.search(cite(rid, name)), (name, rid)
        assert [r[0] for r in rules_for(name)] == list(p.rules)


# ---- the table ---------------------------------------------------------------------------------
TRAIN_PRESETS = [("mexican-train", "gs-mt"), ("mexican-train", "st-mt"),
                 ("mexican-train", "wc-mt"), ("chicken-foot", "gs-cf")]
ALL_PRESETS = TRAIN_PRESETS + [("all-fives", "gs-af")]


def finish_round(s: Session, rng: random.Random) -> None:
    while not s.game.round_over:
        s.play(rng.choice(s.game.legal_moves()))


@pytest.mark.parametrize("name", sorted(bones.PRESETS))
def test_the_rules_panel_cites_the_sheet_not_our_ids(name):
    text = assert_no_ids(dialog_views.rules_dialog(name), f"the rules panel of {name}")
    for rid in bones.PRESETS[name].rules:
        assert cite(rid, name) in text


@pytest.mark.parametrize("game,preset", ALL_PRESETS)
def test_the_start_the_round_summary_and_the_sheets_cite_no_ids(game, preset):
    seats = [Seat("You", "human"), Seat("Ann"), Seat("Bob")]
    s = Session.new(game, preset, seats, seed=11,
                    options=None if game == "all-fives" else {"rounds": 2})
    assert_no_ids(dialog_views.first_draw_dialog(s), f"the start of {preset}")
    rng = random.Random(11)
    finish_round(s, rng)
    assert_no_ids(dialog_views.round_end_dialog(s), f"the round summary of {preset}")
    if game == "all-fives":
        return
    # A late arrival: the join form, then the sheets with a late start marked.
    text = assert_no_ids(dialog_views.round_end_dialog(s, joining=True), f"the join form, {preset}")
    assert "General 9" in text
    s.join("Zed", "computer")
    s.play("next")
    assert_no_ids(views.scores_markup(s), f"the score panel of {preset}")
    finish_round(s, rng)
    assert s.game.match_over
    assert_no_ids(dialog_views.round_end_dialog(s), f"the last round summary of {preset}")
    assert_no_ids(dialog_views.match_end_dialog(s), f"the match end of {preset}")


# ---- the rally scorekeeper -----------------------------------------------------------------------
def rally_event(preset="gs-mt") -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", preset, rounds=2, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve"])
    ev.enter_round(1, 1, [10, 0, 25])
    ev.late_arrival(1, "Fay")
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    ev.enter_round(2, 1, [13, 20])
    ev.enter_round(2, 2, [10, 20])
    return ev


class _Controller:
    screen = "rally"

    def __init__(self):
        self.page = FakePage()  # the browser, faked (tests/app/fakepage.py)
        self.st = {}
        self.html = ""

    def storage(self):
        return None

    def render(self):
        self.html = self.rally.markup()

    def focus(self, selector):
        pass


@pytest.mark.parametrize("preset", ["gs-mt", "st-mt", "gs-cf"])
def test_every_rally_screen_cites_the_sheet_not_our_ids(preset):
    game = bones.PRESETS[preset].game
    ev = rally_event(preset) if game == "mexican-train" else None
    if ev is None:
        ev = Event.create("Spring Samboree", game, preset, rounds=2)
        ev.add_table(["Ann", "Bob", "Cy"])
        ev.enter_round(1, 1, [10, 0, 25])
        ev.late_arrival(1, "Fay")
        ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    screens = {"setup": rally_screen(None, RallyState())}
    for page in ("tables", "standings", "history", "playoff", "files"):
        screens[page] = rally_screen(ev, RallyState(page=page))
    ui = RallyState(page="table", table="1", late_open=True)
    screens["table with the late-arrival form"] = rally_screen(ev, ui)
    c = _Controller()
    c.rally = r = RallyScreen(c)
    r.event = ev
    r.ui = RallyState(page="table", table="1")
    r.act("rally-noshow", "0")
    r.act("rally-noshow-yes", "0")
    screens["table with a no-show marked"] = r.markup()
    for where, html in screens.items():
        assert_no_ids(html, f"the rally {where} page ({preset})")
    assert "General 9" in read(screens["table with the late-arrival form"]) or preset == "st-mt"


def test_the_rally_history_and_a_playoff_cite_no_ids():
    ev = rally_event("st-mt")
    ev.create_playoff(first_double=6, rounds=1)
    for page in ("standings", "history", "playoff", "tables"):
        assert_no_ids(rally_screen(ev, RallyState(page=page)), f"the {page} page")
    assert "To Start 9" in read(rally_screen(ev, RallyState(page="standings")))


def with_playoff() -> Event:
    ev = rally_event("st-mt")
    ev.create_playoff(first_double=6, rounds=1)
    return ev


def all_fives() -> Event:
    ev = Event.create("x", "all-fives", "gs-af", rounds=1)
    ev.add_table(["Ann", "Bob"])
    return ev


@pytest.mark.parametrize("refuse,words", [
    (lambda: with_playoff().late_arrival("P1", "Zed"), "join the tables, not a playoff"),
    (lambda: all_fives().late_arrival(1, "Zed"), "(Players): no late arrivals"),
    (lambda: rally_event().late_arrival(1, "Zed", round=1), "(General 9)"),
    (lambda: rally_event().late_arrival(1, "Zed"), "too late to join (General 9)"),
    (lambda: rally_event().add_player(1, "Zed"), "as a late arrival (General 9)"),
    (lambda: all_fives().enter_round(1, 1, [NO_SHOW, 5]), "not an All Fives rule"),
    (lambda: rally_event().create_playoff(rounds=2), "starting double and rounds"),
])
def test_the_scorekeepers_refusals_cite_no_ids(refuse, words):
    with pytest.raises(RallyError) as exc:
        refuse()
    assert words in str(exc.value)
    assert not RULE_ID.search(str(exc.value)), str(exc.value)
