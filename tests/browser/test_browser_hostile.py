"""In the real page: hostile data in local storage and in an imported file ends
in a clear message, the page stays usable, and nothing else stored is touched
(the whole corpus runs in CPython: tests/app/test_fuzz_inputs.py)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_steps import (
    BOOT_TIMEOUT_MS,
    set_pace,
    take_a_turn,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser

DEEP = "[" * 10_000 + "]" * 10_000  # once brought Pyodide down
HUGE = "x" * 3_000_000  # its copy aside overflowed the quota: every start failed
OTHERS = {  # stored by the official and by someone else's page: never to change
    "rally-dominoes:kiosk": json.dumps({"enabled": False, "level": "easy", "rally": True}),
    "someone-else:notes": "\u202eevil\u202c \U0001F468\u200d\U0001F469\u200d\U0001F467 {[",
}


def stored(page, key: str):
    return page.evaluate("k => localStorage.getItem(k)", key)


def store_and_reload(page, items: dict) -> None:
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v) }", items)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)


def test_hostile_storage_and_files_end_in_a_message_and_the_page_plays_on(
        page, open_game, page_watch):
    open_game(page)
    store_and_reload(page, {**OTHERS, "rally-dominoes:table": DEEP,
                            "rally-dominoes:rally": DEEP})
    dialog = page.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_contain_text("nested too deeply")
    dialog.get_by_role("button", name="Start fresh").click()
    assert stored(page, "rally-dominoes:table") is None
    assert stored(page, "rally-dominoes:bad-save") is None  # started fresh: not kept

    # The rally store, then the same brackets as an imported file.
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The saved event could not be opened")
    expect(alert).to_contain_text("nested too deeply")
    page.get_by_label("Import an event file (JSON or CSV)").set_input_files(
        files=[{"name": "deep.json", "mimeType": "application/json", "buffer": DEEP.encode()}])
    expect(alert).to_contain_text("deep.json was not imported")
    expect(alert).to_contain_text("nested too deeply")
    expect(page.get_by_role("button", name="Create the event")).to_be_visible()

    # Three megabytes of save: the page starts (back on the scorekeeper, where it was),
    # says so over it, keeps no copy.
    store_and_reload(page, {"rally-dominoes:table": HUGE})
    dialog = page.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_contain_text("too large")
    expect(dialog.get_by_role("button", name="Download the damaged save")).to_have_count(0)
    dialog.get_by_role("button", name="Start fresh").click()
    assert stored(page, "rally-dominoes:table") is None
    assert stored(page, "rally-dominoes:bad-save") is None
    page.get_by_role("button", name="Leave the scorekeeper").click()

    # Still a game: a Quick game starts and the computer players move.
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    page.get_by_role("button", name="Start round 1").click()
    set_pace(page, "Very fast")
    moved = re.compile(r"(Ann|Bob|Cora) (played|drew|passed)")
    log = page.get_by_role("region", name="Moves").get_by_role("listitem")
    for _ in range(6):  # a draw keeps the turn: act until the computers have had theirs
        wait_for_my_turn_or_a_dialog(page)
        if moved.search(page.locator("#table").inner_text()) or \
                page.get_by_role("dialog").count():
            break
        before = log.count()
        take_a_turn(page)
        expect(log).not_to_have_count(before)  # the move is made before the next look
    expect(page.locator("#table")).to_contain_text(moved)
    assert {k: stored(page, k) for k in OTHERS} == OTHERS  # byte for byte
    page_watch.assert_clean()
