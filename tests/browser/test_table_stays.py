"""A table that stays put, in the page: part of a Quick game at 1280x800, every drawing of
the felt watched as it happens (a MutationObserver), the computer players' moves too.

It used to rearrange itself early in each round: the centre tile jumped from the middle
of the felt to its left edge once the first computer player had moved, and a lane's tiles
slid along it with every tile added. Now every tile keeps its place (within 2 px) unless
its lane folds its older tiles (its ``data-folded`` changes) or the whole table rescales
(the SVG's viewBox changes), and in these first turns neither happens to the centre tile.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_steps import set_pace, status, take_a_turn, wait_for_my_turn_or_a_dialog

pytestmark = pytest.mark.browser

WATCH = """() => {
  const seen = new Map();
  const first = document.querySelectorAll('.felt-svg .placed .domino');
  // the centre tile: alone on the table when the round starts
  const hub = first.length === 1 ? first[0].dataset.tile : null;
  window.tableWatch = {moves: [], boxes: new Set(), draws: 0, hub: [], hubTile: hub};
  const look = () => {
    const svg = document.querySelector('.felt-svg');
    if (!svg || !svg.querySelector('.placed')) return;
    const w = window.tableWatch;
    const box = svg.getAttribute('viewBox');
    w.boxes.add(box);
    w.draws += 1;
    for (const p of svg.querySelectorAll('.placed')) {
      const tile = p.querySelector('.domino').dataset.tile;
      const lane = p.closest('.lane-group');
      const where = lane ? lane.getAttribute('aria-label') + ':' + lane.dataset.folded : 'hub';
      const r = p.getBoundingClientRect();
      const at = [r.x + r.width / 2, r.y + r.height / 2];
      if (tile === hub) w.hub.push(at);
      const before = seen.get(tile);
      if (before && before.box === box && before.where.split(':')[1] === where.split(':')[1]
          && (Math.abs(before.at[0] - at[0]) > 2 || Math.abs(before.at[1] - at[1]) > 2))
        w.moves.push([tile, before.at, at]);
      seen.set(tile, {box, where, at});
    }
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  look();
}"""


def test_the_table_stays_put_through_the_first_turns_at_1280x800(page, open_game, page_watch):
    open_game(page)
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    expect(page.get_by_role("dialog", name="Who plays first")).to_be_visible()
    expect(page.locator(".felt-svg .placed")).to_have_count(1)  # the centre tile, alone
    page.evaluate(WATCH)
    page.get_by_role("button", name="Start round 1").click()
    set_pace(page, "Very fast")
    mine = 0
    for _ in range(60):
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count() or mine == 5:
            break
        if status(page).startswith("Your turn"):
            take_a_turn(page)
            mine += 1
    watch = page.evaluate("""() => ({moves: window.tableWatch.moves, draws:
        window.tableWatch.draws, boxes: [...window.tableWatch.boxes],
        hub: window.tableWatch.hub})""")
    assert mine >= 3 and watch["draws"] >= 10 and watch["hub"], watch["draws"]
    assert watch["moves"] == [], watch["moves"][:5]
    assert len(watch["boxes"]) == 1, watch["boxes"]  # no rescale at all
    xs = [x for x, _y in watch["hub"]]
    ys = [y for _x, y in watch["hub"]]
    assert max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2  # the centre tile stays
    page_watch.assert_clean()
