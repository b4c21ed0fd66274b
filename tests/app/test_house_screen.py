"""House rules on the page (docs/house-rules.md, "On the page"): made from a sheet on
the house rules screen, every refusal said beside its field and nothing unplayable saved,
kept on the device, offered on the start form, played with the header, the Rules panel
and the score sheet naming them, shared by file and code (a name clash asks first), and
a damaged list set aside, not lost."""

from __future__ import annotations

import json
import re
from html import unescape
from types import SimpleNamespace

import own_loop
from app.controller import Controller
from app.dom import Control
from app.shared import house_store
from app.shared.house_store import HouseStore
from bones.house import HouseRules
from fakepage import FakePage
from test_hostile_input import Storage


def page(st=None) -> Controller:
    c = Controller(FakePage(Storage() if st is None else st))
    c.start()
    return c


def text(c: Controller) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", c.page.html)).split())


def change(c: Controller, value, **data) -> None:
    c.house.on_change(Control(tag="SELECT", data=data, value=str(value)))


def setting(c: Controller, field: str, value) -> None:
    """Set a field as the form does: a select by the place of its choice, a box by text."""
    row = next(r for r in c.house.st.draft.form() if r["field"] == field)
    if "choices" in row:
        value = next(i for i, ch in enumerate(row["choices"]) if ch["value"] == value)
    change(c, value, houseField="set", setting=field)


def make(c: Controller, name: str, base: str = "gs-mt", **values) -> None:
    c.act("house")
    change(c, base, houseField="base")
    c.act("house-new")
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value=name))
    for f, v in values.items():
        setting(c, f, v)
    c.act("house-save")


def test_made_on_the_screen_kept_on_the_device_and_listed_with_what_changes():
    c = page()
    make(c, "Sun Lakes Tuesday", first_double=6, rounds=7)
    assert c.screen == "house" and c.house.st.page == "list"
    said = text(c)
    assert "Sun Lakes Tuesday saved (edition 1)." in said
    assert "First double: 6-6 (the sheet: 9-9)" in said and "Rounds: 7 (the sheet: 10)" in said
    kept = HouseStore(c.storage()).rules
    assert [(h.name, dict(h.changes)) for h in kept] == [
        ("Sun Lakes Tuesday", {"first_double": 6, "rounds": 7})]
    # a new page on the same device finds them
    assert HouseStore(page(c.storage()).storage()).get("sun lakes tuesday") is not None


def test_a_refused_value_is_said_beside_its_field_and_nothing_unplayable_is_saved():
    c = page()
    c.act("house")
    c.act("house-new")
    setting(c, "set_high", 9)
    setting(c, "first_double", 9)
    change(c, "25", houseField="size", setting="hand_sizes", players="2")  # past 20 each
    html = unescape(c.page.html)
    problem = re.search(r'data-setting="hand_sizes".*?</li>', html, re.S).group(0)
    assert "a number of tiles, 1 to 20" in problem
    change(c, "14", houseField="size", setting="hand_sizes", players="8")
    problem = re.search(r'data-setting="hand_sizes".*?</li>', unescape(c.page.html),
                        re.S).group(0)
    assert "8 players with 14 tiles each" in problem and "double-9 set has 55" in problem
    c.act("house-save")  # no name yet: refused, said, nothing kept
    assert c.house.st.page == "edit" and c.house.st.error.startswith("Not saved: ")
    assert HouseStore(c.storage()).rules == []
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value="Nines"))
    c.act("house-save")
    kept = HouseStore(c.storage()).get("Nines")
    assert kept is not None and 8 not in kept.seats and 2 in kept.seats


def test_a_second_set_with_the_same_name_is_refused_and_an_edit_goes_up_an_edition():
    c = page()
    make(c, "Club", rounds=7)
    make(c, "club", rounds=5)
    assert c.house.st.page == "edit" and "already house rules called Club" in c.house.st.error
    c.act("house-cancel")
    c.act("house-edit:0")
    setting(c, "rounds", 5)
    c.act("house-save")
    (h,) = HouseStore(c.storage()).rules
    assert (h.name, h.edition, h.value("rounds")) == ("Club", 2, 5)


def test_played_from_the_start_form_the_header_rules_panel_and_sheet_name_them():
    c = page()
    make(c, "Sun Lakes Tuesday", first_double=6, rounds=7)
    c.act("house-play:0")
    assert c.screen == "start" and c.start_screen.form.house == "Sun Lakes Tuesday"
    said = text(c)
    assert "House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)" in said
    assert "Rounds: 7 (the house rules)." in said
    c.act("start")
    g = c.session.game
    assert (g.house.name, g.hub, g.options.rounds) == ("Sun Lakes Tuesday", (6, 6), 7)
    table = unescape(c.table.markup())
    assert "House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)" in table
    c.act("rules")
    panel = unescape(c.page.html)
    marked = re.findall(r'<li data-rule="(\w+)" class=changed>', panel)
    assert marked == ["G5"]  # General 7: the rounds and their doubles, with the house values
    assert "House rule: Rounds: 7 (the sheet: 10)" in panel
    # the game's sheet (the end dialog's) lists the changes; a reload keeps the rules
    from app.table.score_views import score_sheet
    assert "House rules: Sun Lakes Tuesday" in unescape(score_sheet(c.session))
    again = page(c.storage())
    assert again.session.game.house == g.house


def test_the_form_refuses_a_number_of_players_the_house_rules_cannot_seat():
    c = page()
    make(c, "Twelves", set_high=9, hand_sizes={2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 12,
                                                8: 12})
    c.act("house-play:0")
    form = c.start_screen.form
    assert len(form.seats) <= 4  # fitted to what the rules seat
    form.resize(6)
    form.seats.extend([])
    c.act("start")
    assert c.session is None and "can be played by 2 to 4 players" in form.error


def test_shared_as_a_file_and_a_code_and_brought_in_on_another_device():
    c = page()
    make(c, "Sun Lakes Tuesday", knock_penalty=2)
    c.act("house-share:0")
    c.act("house-file")
    name, body = c.page.downloads[-1][1], c.page.downloads[-1][0]
    assert name == "sun-lakes-tuesday.house.json"
    other = page()
    other.act("house")
    other.house.bring_in(body.encode(), name)
    (h,) = HouseStore(other.storage()).rules
    assert h == HouseStore(c.storage()).rules[0]
    # the code, over a clash: asks first; "No" keeps the device's own
    code = h.with_change("rounds", 3).to_code()
    other.house.bring_in(code, "The code")
    other.render()
    assert other.house.st.pending is not None and "Replace them" in text(other)
    other.act("house-replace-no")
    assert HouseStore(other.storage()).rules[0].value("rounds") == 10
    other.house.bring_in(code, "The code")
    other.act("house-replace-yes")
    assert HouseStore(other.storage()).rules[0].value("rounds") == 3


def test_a_bad_file_is_refused_in_plain_words_and_nothing_kept_is_lost():
    c = page()
    make(c, "Club", rounds=7)
    before = c.storage()[house_store.KEY]
    bad = json.dumps({"format": "rally-dominoes-house-rules", "version": 1, "name": "X",
                      "base": "gs-mt", "edition": 1, "changes": {"rounds": 0}})
    file = SimpleNamespace(name="x.house.json", text=bad)
    own_loop.run(c.house._read_file(file))
    assert "x.house.json was not brought in: " in c.house.st.error
    assert "Rounds: a whole number from 1 to 100" in c.house.st.error
    own_loop.run(c.house._read_file(SimpleNamespace(name="y.json", text="[" * 500)))
    assert "y.json was not brought in" in c.house.st.error
    assert c.storage()[house_store.KEY] == before


def test_a_damaged_list_is_set_aside_and_said_not_lost():
    st = Storage({house_store.KEY: "{not json"})
    store = HouseStore(st)
    assert store.rules == [] and "set aside" in store.problem
    assert st[house_store.BAD_KEY] == "{not json" and house_store.KEY not in st
    good = HouseRules("Good", "gs-cf", {"rounds": 5}).to_dict()
    st = Storage({house_store.KEY: json.dumps({"format": house_store.FORMAT, "version": 1,
                                               "rules": [good, {"name": "?"}]})})
    store = HouseStore(st)
    assert [h.name for h in store.rules] == ["Good"] and "1 of the house rules" in store.problem


def test_a_full_storage_says_the_rules_were_not_saved_and_keeps_the_form():
    c = page(Storage(quota=50))
    make(c, "Club", rounds=7)
    assert c.house.st.page == "edit"
    assert c.house.st.error == "Not saved: The house rules were not saved: the browser's " \
                               "storage is full."


def test_a_rally_event_is_set_up_by_house_rules_and_its_sheets_name_them():
    c = page()
    make(c, "Sun Lakes Tuesday", first_double=6, rounds=3, late_arrivals=False)
    c.act("house-back")
    c.act("rally")
    said = text(c)
    assert "House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)" in said
    c.act("rally-house:0")
    f = c.rally.ui.setup
    assert (f.rounds, f.first) == ("3", "6")  # the house rules' length and first double
    assert "Starting doubles: 6-6, 5-5, 4-4" in text(c)
    f.title = "Fall Samboree"
    c.act("rally-create")
    ev = c.rally.event
    assert ev is not None, c.rally.ui.error
    assert ev.house.name == "Sun Lakes Tuesday" and not ev.rules.late_ok
    said = text(c)
    assert "Mexican Train, House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)" \
        in said
    c.rally.ui.new_names = ["Ann", "Bob", "Cy"]
    c.act("rally-add-table")
    printed = " ".join(unescape(re.sub(r"<[^>]+>", "", c.page.html.split(
        'class="print-sheets"')[1])).split())
    assert "House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train), edition 1" in printed
    assert "Late arrivals: may not join" in printed


def test_every_sheet_s_form_takes_each_setting_and_a_game_starts_by_it():
    """Each preset's form: every setting changed on the page to another allowed value
    (one at a time, as a person would), the rule set saved and a game started by it."""
    import bones

    for base in bones.PRESETS:
        c = page()
        c.act("house")
        change(c, base, houseField="base")
        c.act("house-new")
        c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value=f"C {base}"))
        for row in c.house.st.draft.form():
            f = row["field"]
            if row["control"] == "sizes":
                n = row["sizes"][0]["players"]
                change(c, row["sizes"][0]["tiles"] - 1, houseField="size", setting=f,
                       players=str(n))
            elif row["control"] == "number":
                change(c, row["low"] if row["value"] != row["low"] else row["high"],
                       houseField="set", setting=f)
            else:
                other = next(i for i, ch in enumerate(row["choices"])
                             if ch["value"] != row["value"])
                change(c, other, houseField="set", setting=f)
            if c.house.st.draft.ready and f in dict(c.house.st.draft.changes):
                continue
            c.act(f"house-reset:{f}")  # one this sheet cannot take with the others: back
        h = c.house.st.draft
        assert h.changes and not c.house.st.errors, (base, c.house.st.errors)
        c.act("house-save")
        assert c.house.st.page == "list", (base, c.house.st.error)
        c.act("house-play:0")
        form = c.start_screen.form
        form.resize(min(h.seats))
        c.act("start")
        assert c.session is not None and c.session.game.house == HouseStore(
            c.storage()).rules[0], (base, form.error)
