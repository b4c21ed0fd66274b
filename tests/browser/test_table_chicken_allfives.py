"""Chicken Foot and All Fives at the table, played through the page as a person would."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_steps import (
    BOOT_TIMEOUT_MS,
    SIZES,
    assert_labels_clear_of_table,
    assert_reads_well,
    set_pace,
    shot,
    start_from_form,
    status,
    table_snapshot,
    take_a_turn,
    take_turns,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser



def reload_and_compare(page) -> bool:
    """Reload at the player's turn (not over a dialog) and find the same table."""
    wait_for_my_turn_or_a_dialog(page)
    if page.get_by_role("dialog").count() or not status(page).startswith("Your turn"):
        return False
    before = table_snapshot(page)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert table_snapshot(page) == before
    return True


def test_a_whole_chicken_foot_round_with_a_reload_in_the_middle(page, open_game, page_watch):
    open_game(page)
    start_from_form(page, "Chicken Foot", length=1)
    set_pace(page)
    turns = 0
    reloaded = False
    for _ in range(500):
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog", name="The game is over").count():
            break
        if page.get_by_role("dialog").count():
            page.get_by_role("dialog").get_by_role("button").first.click()
            continue
        take_a_turn(page)
        turns += 1
        if turns >= 3 and not reloaded:
            reloaded = reload_and_compare(page)
    end = page.get_by_role("dialog", name="The game is over")
    expect(end).to_be_visible()
    expect(end).to_contain_text(re.compile(r"wins?\b|Tied"))
    assert turns >= 3 and reloaded
    # The feet: the centre double's paths and later doubles' toes are on the table.
    assert page.locator(".felt-svg .placed").count() > 4
    page_watch.assert_clean()


def test_a_whole_all_fives_game_to_fifty_with_scoring_announced(page, open_game, page_watch):
    open_game(page)
    start_from_form(page, "All Fives", players=[("You", "human"), ("Ann", "computer")],
                    length=50)
    set_pace(page)
    expect(page.get_by_label(re.compile("^Count on the table"))).to_be_visible()
    announced = set()
    turns = 0
    reloaded = False
    for _ in range(400):
        wait_for_my_turn_or_a_dialog(page)
        hint = page.locator(".hint-line").inner_text()
        if hint:
            announced.add(hint)
        if page.get_by_role("dialog", name="The game is over").count():
            break
        hand_over = page.get_by_role("dialog", name=re.compile(r"^Hand \d+ is over"))
        if hand_over.count():
            hand_over.get_by_role("button", name="Next hand").click()
            continue
        take_a_turn(page)
        turns += 1
        if turns >= 2 and not reloaded:
            reloaded = reload_and_compare(page)
    end = page.get_by_role("dialog", name="The game is over")
    expect(end).to_be_visible()
    log = page.get_by_role("list", name="Scoring plays")
    assert log.get_by_role("listitem").count() >= 1  # every score written down with why
    totals = page.get_by_role("list", name=re.compile("first to 50 wins"))
    best = max(int(t) for t in totals.locator("strong").all_inner_texts())
    assert best >= 50
    assert any(re.search(r"scores? \d+", a) for a in announced)
    assert reloaded
    page_watch.assert_clean()


@pytest.mark.parametrize("game,players", [
    ("Chicken Foot", [("You", "human"), ("Ann", "computer"), ("Bob", "computer"),
                      ("Cy", "computer"), ("Di", "computer"), ("Ed", "computer")]),
    ("All Fives", [("You", "human"), ("Ann", "computer"), ("Bob", "computer"),
                   ("Cy", "computer")]),
])
@pytest.mark.parametrize("width,height", SIZES)
def test_screenshots_of_both_games_at_each_size(sized_page, game, players, width, height):
    page, watch = sized_page(width, height)
    start_from_form(page, game, players=players)
    set_pace(page)
    take_turns(page, 6)
    shot(page, f"{game.lower().replace(' ', '-')}-{width}x{height}")
    assert_reads_well(page, width)
    assert_labels_clear_of_table(page)
    felt = page.locator(".felt-svg").bounding_box()
    assert felt["width"] > 200 and felt["height"] > 150
    watch.assert_clean()


def test_hints_can_show_the_hard_players_choice(page, open_game, page_watch):
    """Settings: the Hint button shows Hard's choice. It is thought out in the worker
    (the page says so meanwhile), then names the play, what it did in likely deals,
    and chooses the tile on the table."""
    open_game(page)
    start_from_form(page, "Chicken Foot", length=1)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name=re.compile("^Hard's choice")).check()
    page.get_by_role("radio", name="Very fast").check()
    shot(page, "settings-1280x800")
    page.get_by_role("button", name="Done").click()
    hint = page.locator(".hint-line")
    for _ in range(60):  # a turn where the choice is not forced
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count():
            page.get_by_role("dialog").get_by_role("button").first.click()
            continue
        page.get_by_role("button", name="Hint").click()
        expect(hint).to_contain_text("Hint:")
        expect(hint).not_to_contain_text("thinking", timeout=60_000)
        if "likely deals" in hint.inner_text():
            break
        take_a_turn(page)
    expect(hint).to_contain_text(re.compile(r"In \d+ likely deals of the hidden tiles this "
                                            r"did best \(you were left with \d+ points"))
    if "Hint: play" in hint.inner_text():
        hand = page.get_by_role("group", name="Your tiles")
        expect(hand.locator("[aria-pressed=true]")).to_have_count(1)
        expect(hint).to_contain_text("Tap where it goes")
    shot(page, "hard-hint-1280x800")
    page_watch.assert_clean()
