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
    if c.house.st.asking:  # rules some tables cannot play: saved for those that can
        c.act("house-save:limited")


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
    # a number of players it rules out: said once, under who can play
    problem = re.search(r'class="field-problem house-limits">(.*?)</p>',
                        unescape(c.page.html)).group(1)
    assert problem.startswith("Tables of 5 to 8 players cannot play these rules")
    assert "double-9 set has 55" in problem
    c.act("house-save")  # no name yet: refused, said beside the name, nothing kept
    assert c.house.st.page == "edit" and "Give the house rules a name" in text(c)
    assert c.page.focused == '[data-house-field="name"]'
    assert HouseStore(c.storage()).rules == []
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value="Nines"))
    c.act("house-save")
    c.act("house-save:limited")
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
    assert "x.house.json was not brought in. " in c.house.st.error
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
        if c.house.st.asking:
            c.act("house-save:limited")
        assert c.house.st.page == "list", (base, c.house.st.error)
        c.act("house-play:0")
        form = c.start_screen.form
        form.resize(min(h.seats))
        c.act("start")
        assert c.session is not None and c.session.game.house == HouseStore(
            c.storage()).rules[0], (base, form.error)


def fresh_form() -> Controller:
    c = page()
    c.act("house")
    c.act("house-new")
    return c


def test_a_fresh_form_says_nothing_of_the_name_until_typed_and_clears_it_as_typed():
    c = fresh_form()
    assert "field-problem" not in c.page.html and "Give the house rules a name" not in text(c)
    c.act("house-save")  # Save pressed: now it is said, once, beside the name
    assert text(c).count("Give the house rules a name") == 1 and c.house.st.error == ""
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value="S"))
    # the first letter takes it away, in place: the field is not drawn again under the typing
    assert c.page.texts["house-name-said"] == ""
    assert "Give the house rules a name" not in unescape(c.house.markup())
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value=""))
    assert "Give the house rules a name" in c.page.texts["house-name-said"]


def test_the_form_is_a_form_the_page_s_policy_lets_be():
    """No inline handler (onsubmit=...): the page's policy refuses every one, and says so
    in the console at every redraw."""
    c = fresh_form()
    assert not re.search(r"\son\w+=", c.page.html)


def tables_of_4_cannot_play(c: Controller) -> None:
    """A double-9 set with 15 tiles each: only two players can be dealt from 55."""
    c.house.on_input(Control(tag="INPUT", data={"houseField": "name"}, value="Fifteens"))
    setting(c, "set_high", 9)
    setting(c, "first_double", 9)
    for n in range(2, 9):
        change(c, "15", houseField="size", setting="hand_sizes", players=str(n))


def test_rules_a_table_of_4_cannot_play_say_so_once_and_are_saved_only_when_asked():
    c = fresh_form()
    tables_of_4_cannot_play(c)
    assert c.house.st.draft.seats == (2, 3)
    html = unescape(c.page.html)
    problems = re.findall(r'class="field-problem[^"]*">(.*?)</p>', html)
    assert len(problems) == 1, problems  # one message, not a box for each number
    (said,) = problems
    assert said.startswith("Tables of 4 to 8 players cannot play these rules; only 2 and 3 "
                           "players can.")
    assert said.endswith("To let them play, change Tiles each.")
    c.act("house-save")  # not saved: asked, with the same words
    assert HouseStore(c.storage()).rules == [] and c.house.st.page == "edit"
    assert "saved" not in c.house.st.note
    html = unescape(c.page.html)
    assert len(re.findall(r"Tables of 4 to 8 players", html)) == 1
    assert 'role="alert"><p>Tables of 4 to 8' in html
    assert "Save them for 2 and 3 players only" in text(c)
    assert c.page.focused == '[data-act="house-limited-no"]'
    c.act("house-limited-no")  # back to the setting to change, nothing saved
    assert c.page.focused.startswith('[data-setting="hand_sizes"]')
    assert HouseStore(c.storage()).rules == []
    c.act("house-save")
    c.act("house-save:limited")  # asked and answered: kept for the tables that can
    (kept,) = HouseStore(c.storage()).rules
    assert kept.seats == (2, 3)
    assert c.house.st.note == "Fifteens saved (edition 1), for 2 and 3 players only."


def test_a_change_after_the_question_takes_it_away_and_rules_all_can_play_save_at_once():
    c = fresh_form()
    tables_of_4_cannot_play(c)
    c.act("house-save")
    assert c.house.st.asking
    for n in range(2, 9):
        change(c, "5", houseField="size", setting="hand_sizes", players=str(n))
    assert not c.house.st.asking and "field-problem" not in c.page.html
    assert "2 to 8 players." in text(c)
    c.act("house-save")
    assert c.house.st.note == "Fifteens saved (edition 1)."


def file_said(body, name="big.json") -> str:
    c = page()
    c.act("house")
    own_loop.run(c.house._read_file(SimpleNamespace(name=name, text=body)))
    return c.house.st.error


def test_a_file_too_large_broken_or_with_numbers_as_text_is_refused_in_plain_sentences():
    good = HouseRules("Club", "gs-mt", {"rounds": 7}).to_json()
    big = json.dumps({**good, "name": "x" * 200_000})
    said = file_said(big)
    assert said == (f"big.json was not brought in. This file is {len(big):,} characters; a "
                    "house-rules file is at most 4,000. Nothing here was changed.")
    said = file_said('{"format": "rally-dominoes-house-rules", "version": 1, }')
    assert said == ("big.json was not brought in. This file is not house rules that this "
                    "page can read: it may be damaged, or be another kind of file. Nothing "
                    "here was changed.")
    assert "Expecting" not in said and "line 1" not in said
    said = file_said(json.dumps({**good, "changes": {"rounds": "7"}}))
    assert 'Rounds is written as the text "7"' in said and said.endswith(
        "without quotes: 7. Nothing here was changed.")
    said = file_said(json.dumps({**good, "changes": {"hand_sizes": {"2": "9"}}}))
    assert 'Tiles each is written as the text "9"' in said
    # every message is sentences: nothing run on without its full stop
    for body in (big, "[", json.dumps({**good, "edition": 0}),
                 json.dumps({k: v for k, v in good.items() if k != "name"})):
        said = file_said(body)
        assert re.search(r"[.!?] Nothing here was changed\.$", said), said


def test_an_impossible_value_far_down_the_form_is_brought_into_view_with_its_field():
    c = page()
    c.act("house")
    c.act("house-new")
    change(c, "30", houseField="size", setting="hand_sizes", players="4")
    assert "a number of tiles" in text(c)
    # its whole card: the heading, the field and the message under it
    assert c.page.revealed == ['.house-setting[data-setting="hand_sizes"]']
    change(c, "12", houseField="size", setting="hand_sizes", players="4")  # taken: no scroll
    assert len(c.page.revealed) == 1
    row = next(r for r in c.house.st.draft.form() if r["control"] == "number")
    setting(c, row["field"], row["high"] + 1000)
    assert c.page.revealed[-1] == f'.house-setting[data-setting="{row["field"]}"]'
