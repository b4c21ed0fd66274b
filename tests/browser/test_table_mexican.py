"""Mexican Train at the table, driven the way a person does: by roles, names and text."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_steps import (
    BOOT_TIMEOUT_MS,
    PLAYABLE,
    SIZES,
    assert_labels_clear_of_table,
    assert_reads_well,
    set_pace,
    shot,
    status,
    table_snapshot,
    take_a_turn,
    take_turns,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser



def quick_game(page, pace="Very fast"):
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    expect(page.get_by_role("dialog", name="Who plays first")).to_be_visible()
    page.get_by_role("button", name="Start round 1").click()
    if pace:
        set_pace(page, pace)


def test_a_whole_round_against_three_computers_then_the_next(page, open_game, page_watch):
    open_game(page)
    quick_game(page)
    done = []
    for _ in range(400):
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog", name=re.compile("Round 1 is over")).count():
            break
        if status(page).startswith("Your turn"):
            done.append(take_a_turn(page))
    summary = page.get_by_role("dialog", name="Round 1 is over")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("This round")
    assert any(d.startswith("played") for d in done)
    rows = summary.get_by_role("row")
    assert rows.count() == 5  # a header and four players, every hand shown
    page.get_by_role("button", name="Next round").click()
    expect(page.get_by_role("region", name="Score sheet")).to_contain_text("Round 2 of 10")
    # round 1's tiles are gone: on the felt the new round's double and what has been
    # played in the round since, drawn or folded into a lane's "+N", as the move log has
    # it (read together, and again while the computers may still be moving)
    wait_for_my_turn_or_a_dialog(page)
    seen = """() => ({
        felt: [...document.querySelectorAll('.felt-svg .placed')]
            .map(p => p.getAttribute('aria-label')),
        folded: [...document.querySelectorAll('.felt-svg [data-folded]')]
            .reduce((n, g) => n + Number(g.dataset.folded), 0),
        played: [...document.querySelectorAll('.side .move-log li')]
            .map(li => li.textContent).filter(t => t.includes(' played ')),
        status: document.querySelector('.status').textContent})"""
    try:
        page.wait_for_function(f"""() => {{ const s = ({seen})();
            return s.felt.length + s.folded === 1 + s.played.length; }}""", timeout=10_000)
    except Exception as exc:
        raise AssertionError(f"the felt and the move log disagree: {page.evaluate(seen)}") from exc
    shot(page, "round-2-start-1280x800")
    page_watch.assert_clean()


def test_the_candela_start_is_told_as_its_sheet_has_it_C2(page, open_game, page_watch):
    """wc-mt: whoever holds 12-12 (or draws it) places it and leads; nothing moves and
    nobody is said to be playing until the start is dismissed."""
    open_game(page)
    page.get_by_role("radio", name="Mexican Train", exact=True).check()
    page.get_by_role("radio", name="General rules (Candela)").check()
    page.get_by_role("button", name="Start game").click()
    start = page.get_by_role("dialog", name="Who plays first")
    drew = "Nobody held 12-12" in start.inner_text()  # else one of the deals held it
    expect(start).to_contain_text("Nobody held 12-12, so everyone drew from the boneyard"
                                  if drew else "held 12-12 and placed it in the middle "
                                  "(Getting Started)")
    expect(start).not_to_contain_text("highest pip total")
    lead = start.locator(".lead").inner_text()
    assert re.fullmatch(r"You play first\.|(Ann|Bob|Cora) plays first\.", lead), lead
    expect(page.locator(".status")).to_have_text(f"Round 1: {lead}")
    expect(page.locator(".seat.turn .seat-name")).to_have_text(lead.split(" ")[0])
    expect(page.locator(".felt-svg .placed")).to_have_count(1)  # 12-12 alone
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator(".status")).not_to_contain_text("plays first")
    page_watch.assert_clean()


def test_a_reload_in_the_middle_of_a_round_finds_the_same_table(page, open_game, page_watch):
    open_game(page)
    quick_game(page)
    take_turns(page, 3)

    snapshot = functools.partial(table_snapshot, page)
    before = snapshot()
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert snapshot() == before
    page_watch.assert_clean()


def test_hotseat_players_never_see_each_others_tiles(page, open_game, page_watch):
    open_game(page)
    page.get_by_role("button", name="One player fewer").click()
    page.get_by_role("button", name="One player fewer").click()
    page.get_by_label("Name of player 1").fill("Ann")
    page.get_by_label("Name of player 2").fill("Bob")
    page.get_by_label("Who plays for player 2").select_option("human")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Start round 1").click()
    seen: dict[str, set[str]] = {}
    for i in range(6):
        dialog = page.get_by_role("dialog", name=re.compile("^Pass to "))
        expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)  # after the computer's turn
        who = page.locator("#dialog-title").inner_text().removeprefix("Pass to ")
        # Behind the pass screen no tile of anybody's hand is on the page.
        assert page.locator(".hand-tile").count() == 0
        page.get_by_role("button", name=f"I am {who}: show my tiles").click()
        if i == 0:
            set_pace(page)  # the computer seat plays quickly between the two people
        hand = page.get_by_role("group", name=f"{who}'s tiles")
        labels = hand.get_by_role("button").evaluate_all(
            "els => els.map(e => e.querySelector('.vh').textContent.split(',')[0])")
        seen.setdefault(who, set()).update(labels)
        other = "Bob" if who == "Ann" else "Ann"
        assert page.get_by_role("group", name=f"{other}'s tiles").count() == 0
        take_a_turn_named(page, who)
    assert set(seen) == {"Ann", "Bob"}
    assert not (seen["Ann"] & seen["Bob"])  # no tile was ever in both hands on screen
    page_watch.assert_clean()


def take_a_turn_named(page, who):
    """Act for ``who`` until the turn passes: a double, or a draw, keeps it going."""
    for _ in range(8):
        if page.get_by_role("dialog").count() or not status(page).startswith(
                f"{who}, your turn"):
            return
        take_a_turn(page, group=f"{who}'s tiles")


def test_keyboard_alone_can_play_a_tile(page, open_game):
    open_game(page)
    quick_game(page)
    tiles = page.get_by_role("group", name="Your tiles").get_by_role("button", name=PLAYABLE)
    for _ in range(30):  # the deal is random: draw (by keyboard too) until a tile plays
        wait_for_my_turn_or_a_dialog(page)
        assert not page.get_by_role("dialog").count(), "the round ended before a tile played"
        if tiles.count():
            break
        button = page.get_by_role("button", name="Draw")
        if not button.is_enabled():
            button = page.get_by_role("button", name="Pass")
        button.focus()
        page.keyboard.press("Enter")
    hand = page.get_by_role("group", name="Your tiles")
    tile = "Domino " + tiles.first.get_attribute("data-tile")  # its name: "Domino 6-4, ..."
    held = hand.get_by_role("button", name=re.compile("^Domino ")).count()
    tiles.first.focus()
    page.keyboard.press("Enter")
    spot = page.get_by_role("group", name="The table").get_by_role("button").first
    spot.focus()
    page.keyboard.press("Enter")
    # the tile left the hand for the table (the computers may have played on since)
    expect(hand.get_by_role("button", name=re.compile(f"^{tile},"))).to_have_count(0)
    expect(hand.get_by_role("button", name=re.compile("^Domino "))).to_have_count(held - 1)
    # on the table, by its name (a full lane may fold older tiles: the count need not grow,
    # and after the computers' moves a long round may have folded this one too: then the
    # move log says where it went)
    played = f"You played {tile.removeprefix('Domino ')} on "
    try:
        page.wait_for_function(
            """([name, said]) => [...document.querySelectorAll('.felt .felt-svg .placed')]
                .some(e => e.getAttribute('aria-label') === name)
                || document.querySelector('#table').textContent.includes(said)""",
            arg=[tile, played])
    except Exception:
        on_felt = page.evaluate("[...document.querySelectorAll('.felt .felt-svg .placed')]"
                                ".map(e => e.getAttribute('aria-label'))")
        raise AssertionError(f"{tile} is neither on the felt ({on_felt}) nor in the log: "
                             + page.locator("#table").inner_text()[:2000]) from None


def test_a_damaged_save_gives_a_message_a_download_and_a_fresh_start(page, open_game):
    open_game(page, storage={"rally-dominoes:table": '{"format": "rally-domi'})
    dialog = page.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_contain_text("damaged")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the damaged save").click()
    assert Path(dl.value.path()).read_text() == '{"format": "rally-domi'
    page.get_by_role("button", name="Start fresh").click()
    expect(page.get_by_role("button", name=re.compile("^Quick game"))).to_be_visible()


def test_rules_panel_cites_the_sheets_own_items(page, open_game):
    open_game(page)
    quick_game(page, pace=None)
    page.get_by_role("button", name="Rules").click()
    rules = page.get_by_role("dialog", name="The rules")
    expect(rules).to_contain_text("Good Sam's Samboree & Rally")
    items = rules.get_by_role("listitem")
    # G3, G7, M5, M6 as the Good Sam's Mexican Train sheet numbers them
    for text, place in (("the highest pip total plays first", "General 5"),
                        ("A late arrival may join", "General 9"),
                        ("Play a double and you must play another tile", "The Play 6"),
                        ("must be satisfied by the next player", "The Play 7")):
        expect(items.filter(has_text=text)).to_contain_text(f"({place})")
    expect(rules).not_to_contain_text(re.compile(r"\b[GM]\d+\b"))
    page.keyboard.press("Escape")
    expect(rules).to_have_count(0)


@pytest.mark.parametrize("width,height", SIZES)
def test_screens_fit_and_read_well_at_each_size(sized_page, width, height):
    page, watch = sized_page(width, height)
    shot(page, f"start-{width}x{height}")
    assert_reads_well(page, width, "start")
    quick_game(page)
    take_turns(page, 4)
    shot(page, f"table-{width}x{height}")
    assert_reads_well(page, width, "table")
    assert_labels_clear_of_table(page)
    felt = page.locator(".felt-svg").bounding_box()
    assert felt["width"] > 200 and felt["height"] > 150
    watch.assert_clean()


def test_a_hint_shows_the_computers_choice_on_the_table(page, open_game, page_watch):
    open_game(page)
    quick_game(page)
    wait_for_my_turn_or_a_dialog(page)
    page.get_by_role("button", name="Hint").click()
    hint = page.locator(".hint-line")
    expect(hint).to_contain_text("Hint:")
    if "Hint: play" in hint.inner_text():  # the tile is chosen and its train lit
        hand = page.get_by_role("group", name="Your tiles")
        expect(hand.locator("[aria-pressed=true]")).to_have_count(1)
        table = page.get_by_role("group", name="The table")
        expect(table.get_by_role("button")).not_to_have_count(0)
        expect(hint).to_contain_text("Tap where it goes")
        # Tapping the hinted tile (not the spot) keeps it chosen and says where it goes.
        hand.locator("[aria-pressed=true]").click()
        expect(hand.locator("[aria-pressed=true]")).to_have_count(1)
        expect(hint).to_contain_text("can go on")
    page_watch.assert_clean()
