"""Playing by keyboard and by screen reader: a whole Mexican Train round, a
Chicken Foot round and an All Fives hand with the keyboard alone (no mouse event at all),
focus never dropped to <body> between moves; dialogs that take focus, keep Tab inside and
give it back; the live region's words over computer moves; the trains' names in
Chromium's accessibility tree."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_steps import saved_table, wait_for_my_turn_or_a_dialog

pytestmark = pytest.mark.browser

TABLE_KEY = "rally-dominoes:table"
FOCUSED = """() => { const a = document.activeElement;
    return {tag: a ? a.tagName : null, body: !a || a === document.body,
            name: a ? (a.getAttribute('aria-label') || a.textContent.trim()).slice(0, 60) : '',
            act: a && a.dataset ? (a.dataset.act || '') : '',
            playable: !!(a && a.classList && a.classList.contains('playable')),
            inDialog: !!(a && a.closest && a.closest('[role=dialog]'))}; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def fresh_table(game: str) -> str:
    """A new round of ``game``, you against three Easy computers at the fastest pace,
    before its start is shown (the "Who plays first" dialog comes first)."""
    data = json.loads(saved_table(game, moves=0, seed=11))
    data["started"] = False
    return json.dumps(data)


def no_mouse(page) -> list[str]:
    """Records every mouse or pointer event the page sees (a keyboard test has none)."""
    page.add_init_script("""window.mouseEvents = [];
        for (const kind of ['mousedown', 'mouseup', 'click', 'pointerdown', 'pointerup'])
            addEventListener(kind, e => { if (e.detail > 0 || e.pointerType)
                window.mouseEvents.push(kind); }, true);""")


def play_one_turn_by_keyboard(page) -> str:
    """From wherever focus is, by keys only: a playable tile (Shift+Tab back into the
    hand, then arrows), Enter chooses it, focus is on a lit place, Enter plays; else D
    draws, else P passes."""
    hand = page.get_by_role("group", name=re.compile("tiles$"))
    if hand.locator(".playable").count():
        for _ in range(30):
            if focused(page)["act"] == "select":
                break
            page.keyboard.press("Shift+Tab")
        for _ in range(30):
            if focused(page)["playable"]:
                break
            page.keyboard.press("ArrowRight")
        tile = focused(page)
        assert tile["playable"], tile
        page.keyboard.press("Enter")
        expect(page.locator("[data-act=target]").first).to_be_visible()
        place = focused(page)
        assert place["act"] == "target", place
        page.keyboard.press("Enter")
        return f"played {tile['name']} on {place['name']}"
    if page.get_by_role("button", name="Draw").is_enabled():
        page.keyboard.press("d")
        return "drew"
    page.keyboard.press("p")
    return "passed"


@pytest.mark.parametrize("game,over", [("mexican-train", "Round 1 is over"),
                                       ("chicken-foot", "Round 1 is over"),
                                       ("all-fives", "Hand 1 is over")])
def test_a_whole_round_by_keyboard_alone(page, open_game, page_watch, game, over):
    no_mouse(page)
    open_game(page, storage={TABLE_KEY: fresh_table(game)})
    start = page.get_by_role("dialog", name="Who plays first")
    expect(start).to_be_visible()
    assert focused(page)["inDialog"], "the first dialog takes focus"
    page.keyboard.press("Enter")
    moves = []
    for _ in range(400):
        wait_for_my_turn_or_a_dialog(page)
        assert not focused(page)["body"], f"focus on <body> after {moves[-3:]}"
        if page.get_by_role("dialog").count():
            break
        moves.append(play_one_turn_by_keyboard(page))
    expect(page.get_by_role("dialog", name=over)).to_be_visible()
    assert focused(page)["inDialog"], "the round's summary takes focus"
    assert any(m.startswith("played") for m in moves), moves
    assert page.evaluate("window.mouseEvents") == []
    page_watch.assert_clean()


def test_dialogs_take_focus_keep_tab_inside_and_give_it_back(page, open_game, page_watch):
    open_game(page, storage={TABLE_KEY: saved_table("mexican-train", moves=6)})
    wait_for_my_turn_or_a_dialog(page)
    for button, name in (("Rules", "The rules"), ("Settings", "Settings")):
        page.get_by_role("button", name=button, exact=True).focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog", name=name)
        expect(dialog).to_be_visible()
        assert focused(page)["inDialog"], name
        for key in ["Tab"] * 12 + ["Shift+Tab"] * 12:
            page.keyboard.press(key)
            assert focused(page)["inDialog"], (name, key, focused(page))
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        assert focused(page)["name"] == button
    page_watch.assert_clean()


def test_escape_puts_a_chosen_tile_back_and_shortcuts_are_on_the_tooltips(page, open_game):
    open_game(page, storage={TABLE_KEY: saved_table("mexican-train", moves=6)})
    wait_for_my_turn_or_a_dialog(page)
    tile = page.locator(".hand-tile.playable").first
    name = tile.inner_text().strip()  # its name: "Domino 9-3, playable"
    assert name.startswith("Domino ")
    tile.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-act=target]").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("[data-act=target]")).to_have_count(0)
    expect(page.get_by_role("button", name=name, exact=True)).to_be_focused()
    for button, key in (("Draw", "D"), ("Pass", "P"), ("Knock", "K"), ("Hint", "H")):
        expect(page.get_by_role("button", name=button, exact=True)).to_have_attribute(
            "title", f"Key: {key}")
    page.keyboard.press("h")
    expect(page.locator(".hint-line")).to_contain_text("Hint:")
    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("dialog", name="The rules")).to_contain_text(
        "D draws, P passes, K knocks, H asks for a hint")


def test_the_live_region_says_each_move_and_the_trains_are_named(page, open_game):
    open_game(page, storage={TABLE_KEY: saved_table("mexican-train", moves=6)})
    wait_for_my_turn_or_a_dialog(page)
    live = page.get_by_role("log", name="What happens")
    handle = live.element_handle()
    page.locator(".hand-tile").first.focus()
    for _ in range(3):
        play_one_turn_by_keyboard(page)
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count():
            break
    said = live.locator("p").all_inner_texts()
    # The region is the same element throughout: redraws never replace it.
    assert page.evaluate("h => h.isConnected && h === document.getElementById('live')",
                         handle)
    computer = [x for x in said if re.match(r"^(Ann|Bob|Cora) (played|drew|passed)", x)]
    assert computer, said
    assert any(re.search(r"^(Ann|Bob|Cora) played \d+-\d+ on .+, which now ends in \d+\.",
                         x) for x in said), said
    assert any(x.startswith("You played") for x in said), said
    # The trains, named in Chromium's own accessibility tree.
    cdp = page.context.new_cdp_session(page)
    names = [n.get("name", {}).get("value", "")
             for n in cdp.send("Accessibility.getFullAXTree")["nodes"]
             if n.get("role", {}).get("value") == "listitem"]
    trains = [x for x in names
              if re.match(r"^(Your|Ann.s|Bob.s|Cora.s) train: |^Mexican Train: ", x)]
    assert len(trains) == 5, names
    assert all(re.search(r"ends in \d+", x) for x in trains), trains
    assert any("you may play here" in x for x in trains), trains
    assert all("marker" in x for x in trains if not x.startswith("Mexican")), trains
    # The table's tiles are named too, and T reads the whole table.
    expect(page.get_by_role("img", name=re.compile(r"^Domino \d+-\d+$")).first).to_be_attached()
    page.keyboard.press("t")
    expect(live.locator("p").last).to_contain_text("The table. In the middle:")


def test_the_start_screen_keeps_focus_through_its_redraws(page, open_game, page_watch):
    """"One more player" redraws the form: focus stays on it; "Start game" and "Start
    round 1" hand focus on to the dialog, then to a tile (never to <body>)."""
    no_mouse(page)
    open_game(page)
    more = page.get_by_role("button", name="One more player")
    more.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".seat-row")).to_have_count(5)
    expect(more).to_be_focused()
    page.get_by_label("Name of player 5").focus()
    page.keyboard.type("Dot")
    page.get_by_label("Who plays for player 5").focus()
    page.keyboard.press("ArrowDown")  # a select's change redraws the form too
    expect(page.get_by_label("Who plays for player 5")).to_be_focused()
    page.get_by_role("button", name="Start game").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Who plays first")).to_be_visible()
    assert focused(page)["inDialog"]
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_have_count(0)
    wait_for_my_turn_or_a_dialog(page)
    assert not focused(page)["body"], focused(page)
    assert page.evaluate("window.mouseEvents") == []
    page_watch.assert_clean()
