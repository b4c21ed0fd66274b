"""Every move seen and heard, in Chromium (app.table.motion, app.table.sound): a tile
travels from its player's place to where it lands (a copy over the page marked ``data-moving="1"``
while it flies, then gone), for the person's own move and the computer players'; with reduced
motion nothing travels. Sound starts only after a tap (an AudioContext made then, never
before: watched by a spy put in before the page's scripts), each move is heard, the sound
button silences it, and the sound button and the volume survive a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_steps import (
    SHOTS,
    open_saved_table,
    saved_table,
    take_a_turn,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser

TABLE_KEY = "rally-dominoes:table"

# Counts AudioContexts made and oscillators started, and every travelling tile added to
# the page (with whether a player's card was lit as it set off, and where it started).
SPY = """(() => {
  const spy = window.motionSpy = {contexts: 0, oscillators: 0, moving: [], landed: 0,
                                  shot: false};
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      constructor(...a) { super(...a); spy.contexts += 1; }
      createOscillator() { spy.oscillators += 1; return super.createOscillator(); }
    };
  }
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.dataset && n.dataset.moving === '1') {
        const lit = document.querySelector('.seat.moving-from');
        const felt = document.querySelector('.felt-svg').getBoundingClientRect();
        spy.moving.push({from: lit ? lit.dataset.seat : 'hand', box: felt.toJSON(),
                         drawn: n.dataset.drawn === '1'});
      }
    }
    for (const r of records) for (const n of r.removedNodes)
      if (n.nodeType === 1 && n.dataset && n.dataset.moving === '1') spy.landed += 1;
  }).observe(document, {childList: true, subtree: true});
})()"""


def spy(page) -> dict:
    return page.evaluate("() => window.motionSpy")


def heard(page) -> list:
    return page.evaluate("() => window.rallySounds || []")


def open_table(browser, open_game, width, height, reduced=False, pace="normal"):
    ctx, page = open_saved_table(browser, open_game, width, height,
                                 saved_table("mexican-train", moves=10, pace=pace, seed=11),
                                 [SPY], reduced=reduced)
    return ctx, page


def play_until_a_computer_tile_travelled(page, turns=8) -> None:
    for _ in range(turns):
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count():
            break
        if any(m["from"] != "hand" and not m["drawn"] for m in spy(page)["moving"]):
            break
        take_a_turn(page)
    wait_for_my_turn_or_a_dialog(page)


def test_tiles_travel_and_are_heard_after_a_tap_and_mute_and_volume_are_kept(
        browser, open_game):
    ctx, page = open_table(browser, open_game, 1280, 800)
    try:
        page.wait_for_timeout(1500)
        assert spy(page)["contexts"] == 0  # no tap yet: no sound made
        # the person's own move: a tile travels from the hand, then is gone
        tile = page.get_by_role("group", name="Your tiles").locator(".hand-tile.playable").first
        tile.click()
        assert spy(page)["contexts"] == 1  # the first tap starts the page's sound
        page.get_by_role("group", name="The table").get_by_role("button").first.click()
        page.wait_for_function("window.motionSpy.moving.length >= 1", timeout=5_000)
        page.wait_for_function("window.motionSpy.landed >= 1", timeout=5_000)
        assert spy(page)["moving"][0]["from"] == "hand"
        # the computer players' moves travel from their cards
        play_until_a_computer_tile_travelled(page)
        moving = spy(page)["moving"]
        assert any(m["from"] not in ("hand", None) and not m["drawn"] for m in moving), moving
        assert len({str(m["box"]) for m in moving}) == 1  # the table never moved
        expect(page.locator("[data-moving='1']")).to_have_count(0, timeout=5_000)
        seen = spy(page)
        assert seen["landed"] == len(seen["moving"])  # every one gone once it landed
        sounds = heard(page)
        assert "place" in sounds or "double" in sounds, sounds
        assert spy(page)["oscillators"] > 0 and spy(page)["contexts"] == 1
        # muted: the computers' moves are not heard
        sound = page.get_by_role("button", name="Sound")
        expect(sound).to_have_attribute("aria-pressed", "true")
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", "false")
        before = (len(heard(page)), spy(page)["oscillators"])
        take_a_turn(page)
        wait_for_my_turn_or_a_dialog(page)
        assert (len(heard(page)), spy(page)["oscillators"]) == before
        # the volume, in Settings
        page.get_by_role("button", name="Settings").click()
        page.get_by_role("radio", name="Loud").check()
        page.get_by_role("button", name="Done").click()
        # both kept across a reload
        page.reload()
        page.wait_for_function("document.documentElement.dataset.boot === 'ready'",
                               timeout=90_000)
        expect(page.get_by_role("button", name="Sound")).to_have_attribute(
            "aria-pressed", "false")
        page.get_by_role("button", name="Settings").click()
        expect(page.get_by_role("radio", name="Loud")).to_be_checked()
        assert spy(page)["contexts"] == 0  # muted: a tap makes no sound either
        page.get_by_role("button", name="Done").click()
    finally:
        ctx.close()


def test_a_draw_flies_a_tile_from_the_boneyard_to_the_drawer(browser, open_game):
    """Draws, the person's own and the computers', are seen: a tile face down flies to
    the drawer (a computer's card lit meanwhile) and is gone once it lands."""
    ctx, page = open_table(browser, open_game, 1280, 800, pace="slow")
    try:
        shot = False
        for _ in range(20):
            wait_for_my_turn_or_a_dialog(page)
            if page.get_by_role("dialog").count() or (shot and any(
                    m["drawn"] for m in spy(page)["moving"])):
                break
            take_a_turn(page)
            if not shot:  # one caught in flight, for a screenshot to look at
                try:
                    page.wait_for_selector(".travel.drawn", state="attached", timeout=4_000)
                    page.screenshot(path=str(_shot("motion-draw-1280x800")))
                    shot = True
                except Exception:
                    pass
        wait_for_my_turn_or_a_dialog(page)
        drawn = [m for m in spy(page)["moving"] if m["drawn"]]
        assert drawn, spy(page)["moving"]
        expect(page.locator(".travel.drawn")).to_have_count(0, timeout=5_000)
        seen = spy(page)
        assert seen["landed"] == len(seen["moving"])
    finally:
        ctx.close()


def test_with_reduced_motion_nothing_travels(browser, open_game):
    ctx, page = open_table(browser, open_game, 390, 844, reduced=True)
    try:
        take_a_turn(page)
        play_until_a_computer_tile_travelled(page, turns=3)
        expect(page.locator(".felt-svg .placed.fresh")).to_have_count(1)
        assert spy(page)["moving"] == []
    finally:
        ctx.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_tile_mid_flight(browser, open_game, width, height):
    """A computer's tile caught in flight from its card (a phone: its chip in the strip
    under the table), at Slow, for a screenshot to look at."""
    ctx, page = open_table(browser, open_game, width, height, pace="slow")
    try:
        page.evaluate("""() => new MutationObserver((records, obs) => {
            for (const r of records) for (const n of r.addedNodes)
              if (n.nodeType === 1 && n.dataset && n.dataset.moving === '1'
                  && document.querySelector('.seat.moving-from')) {
                window.motionSpy.shot = true; obs.disconnect(); }
          }).observe(document.body, {childList: true})""")
        for _ in range(8):
            wait_for_my_turn_or_a_dialog(page)
            take_a_turn(page)
            try:
                page.wait_for_function("window.motionSpy.shot", timeout=10_000, polling=20)
            except Exception:
                continue
            page.screenshot(path=str(_shot(f"motion-{width}x{height}")))
            break
        assert spy(page)["shot"]
    finally:
        ctx.close()


def _shot(name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"
