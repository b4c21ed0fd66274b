"""Deals anyone can check, through the real page in Chromium (docs/records.md, "Deal
codes on the table"): the code shown before the deal, a cut typed, the code on the table
through the hand, and after it the deal shown whole. The test checks it with nothing but
hashlib: the code is the SHA-256 of the secret shown, the seed the SHA-256 of the secret,
a colon and the cut; and the hand shown as yours is the hand you were dealt."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from playwright.sync_api import expect

import bones
from bones import fair
from browser_steps import SHOTS, assert_reads_well, set_pace, shot, take_turns

pytestmark = pytest.mark.browser


def test_a_hand_s_deal_code_is_cut_kept_and_checks(sized_page, tmp_path):
    page, watch = sized_page(390, 844)
    code = page.locator(".cut .code").inner_text()
    assert re.fullmatch(r"([0-9A-F]{4} ){3}[0-9A-F]{4}", code)
    page.get_by_role("radio", name="All Fives", exact=True).check()
    page.get_by_role("button", name="One player fewer").click()
    page.get_by_role("button", name="One player fewer").click()
    page.get_by_label("Cut the deck: a number").fill("31,415")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    dealt = sorted(page.locator(".hand-tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)"))
    set_pace(page)
    # a phone: the score panel is in the Moves dialog
    page.get_by_role("button", name="Moves and scores").click()
    expect(page.get_by_role("dialog").locator(".deal-code")).to_have_text(f"Deal code: {code}")
    page.get_by_role("button", name="Close").click()
    for _ in range(4):
        take_turns(page, 40)
        if page.get_by_role("dialog", name=re.compile("is over")).count():
            break
    summary = page.get_by_role("dialog", name=re.compile("is over"))
    expect(summary).to_contain_text(f"This deal's code was {code}, cut 31,415.")
    summary.get_by_role("button", name=re.compile("^Show the deal")).click()
    deal = page.get_by_role("dialog", name=re.compile("^The deal of hand 1"))
    expect(deal.locator(".deal-check")).to_have_text(re.compile("^It checks:"))
    assert_reads_well(page, 390, "the deal shown")
    shot(page, "deal-shown-390x844", full_page=True)
    full, secret, seed = deal.locator("dd.hex").all_inner_texts()
    digest = hashlib.sha256(secret.encode()).hexdigest()
    assert full == digest and digest.upper().startswith(code.replace(" ", ""))
    assert seed == hashlib.sha256(f"{secret}:31415".encode()).hexdigest()
    mine = deal.locator("table.deal-hands tr").first.locator("td").inner_text()
    assert sorted(mine.split(", ")) == dealt
    with page.expect_download() as dl:
        deal.get_by_role("button", name="Save the deal as a file").click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    assert fair.verify(json.loads(path.read_text())) == []
    deal.get_by_role("button", name="Back").click()
    expect(summary).to_be_visible()
    watch.assert_clean()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_quick_game_shows_its_code_before_the_deal_and_deals_from_it(sized_page, width, height):
    """Quick game: the code on the start screen, then "Who plays first" says it before
    any move; the hand on the table is the one the secret behind that code deals (the
    secret read from the save, the code and the deal checked with hashlib and the rules)."""
    page, watch = sized_page(width, height)
    size = f"{width}x{height}"
    cut = page.locator(".cut")
    code = cut.locator(".code").inner_text()
    assert re.fullmatch(r"([0-9A-F]{4} ){3}[0-9A-F]{4}", code)
    cut.get_by_text("The full hash").click()  # opens: all 64 digits, to copy
    full = cut.locator("details.full-hash p.hex")
    expect(full).to_have_text(re.compile("^[0-9a-f]{64}$"))
    assert full.inner_text().upper().startswith(code.replace(" ", ""))
    cut.screenshot(path=str(SHOTS / f"deal-code-start-{size}.png"))
    assert_reads_well(page, width, "the full hash open")
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    first = page.get_by_role("dialog", name="Who plays first")
    expect(first.locator(".deal-code")).to_have_text(f"Dealt from code {code}, cut 0.")
    shot(page, f"deal-code-who-plays-first-{size}")
    first.get_by_role("button").click()
    shot(page, f"deal-code-table-{size}")
    dealt = sorted(page.locator(".hand-tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)"))
    saved = json.loads(page.evaluate("localStorage.getItem('rally-dominoes:table')"))
    match = bones.from_json(saved["match"])
    secret = match.fair[0].secret
    assert hashlib.sha256(secret.encode()).hexdigest().upper().startswith(
        code.replace(" ", ""))
    deal = fair.round_deal(match, 1, reveal=True)
    assert deal["seed"] == hashlib.sha256(f"{secret}:0".encode()).hexdigest()
    assert fair.verify(deal) == []
    mine = sorted(deal["hands"][0])
    hub = str(match.hub)
    assert dealt == mine or sorted(dealt + [hub]) == mine  # the double may lead from it
    watch.assert_clean()
