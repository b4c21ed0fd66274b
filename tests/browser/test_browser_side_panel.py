"""The side panel beside the table (web/style.css): the players' cards never cut what
they say with "…" (tiles left, the train's marker, the level, the name: they wrap), and
the Moves list shows moves, at 1024 x 768 and 1280 x 800, in normal and large print."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browser_steps import saved_table, shot, wait_for_my_turn_or_a_dialog

pytestmark = pytest.mark.browser

CUT = """() => [...document.querySelectorAll('.side .seat, .side .seat *')]
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
            && getComputedStyle(e).display !== 'inline')
    .map(e => [e.className, e.textContent, e.scrollWidth, e.clientWidth])"""
ELLIPSIS = """() => [...document.querySelectorAll('.side .seat, .side .seat *')]
    .filter(e => getComputedStyle(e).textOverflow === 'ellipsis').map(e => e.className)"""


def table(large: bool) -> str:
    data = json.loads(saved_table("mexican-train", moves=14))
    data["settings"]["numerals"] = large
    return json.dumps(data)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=["1024", "1280"])
def test_the_side_cards_cut_nothing_and_the_moves_list_shows_moves(sized_page, size, large):
    w, h = size
    page, watch = sized_page(w, h, storage={"rally-dominoes:table": table(large)})
    wait_for_my_turn_or_a_dialog(page)
    expect(page.locator("html[data-large='1']")).to_have_count(1 if large else 0)
    cards = page.locator(".side .seat")
    expect(cards).to_have_count(4)
    shot(page, f"side-panel-{w}x{h}-{'large' if large else 'normal'}")
    assert page.evaluate(CUT) == []
    assert page.evaluate(ELLIPSIS) == []
    for card in cards.all():  # what each card says is all there to read
        text = card.inner_text()
        assert "tile" in text and "\u2026" not in text, text
    if not large:  # the level and the train's marker are there to read in full
        ann = cards.nth(1).inner_text()
        assert "computer, easy" in ann and "train" in ann, ann
    # the Moves list: its newest moves in view in the side panel
    side = page.locator(".side")
    moves = page.locator(".side .move-log li")
    assert moves.count() >= 1
    first, panel = moves.first.bounding_box(), side.bounding_box()
    assert first is not None and first["height"] > 0
    assert first["y"] + first["height"] <= panel["y"] + panel["height"], (first, panel)
    watch.assert_clean()
