"""Deals anyone can check, on the page (app.game.deal_codes; docs/records.md): the start form
shows the first deal's code before the deal and takes a cut; the code stays on the table
through the round; between rounds the next deal's code is shown and cut; once a round is
over its deal is shown whole, and the test checks it independently: the code is the
SHA-256 of the secret shown, the seed is the SHA-256 of the secret and the cut, and the
hands shown are the hands the round was played with."""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from html import unescape
from pathlib import Path

import pytest

from app.controller import Controller
from app.game.deal_codes import BadCut, last_deal, read_cut
from app.game.session import Session
from bones import fair
from fakepage import FakePage
from test_hostile_input import Storage


def page() -> Controller:
    c = Controller(FakePage(Storage()))
    c.table.turns.schedule = lambda: None
    c.start()
    return c


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def code_shown(html: str) -> str:
    found = re.search(r'<strong class="code">((?:[0-9A-F]{4} ){3}[0-9A-F]{4})</strong>', html)
    return found.group(1)


def play_round_out(s: Session) -> None:
    while not s.game.round_over:
        s.play(s.game.legal_moves()[0])


def test_the_first_deal_is_cut_from_the_code_the_form_showed():
    c = page()
    shown = code_shown(c.page.html)
    c.page.values["cut-first"] = "417"
    c.act("start")
    g = c.session.game
    assert fair.code_now(g) == shown and g.fair[0].cut == 417
    assert f"Deal code: {shown}" in text(c.table.markup())  # on the table all round
    c.act("home")
    assert code_shown(c.page.html) != shown  # the next game's own secret


def test_a_cut_that_is_no_number_is_refused_in_plain_words_and_no_game_starts():
    c = page()
    c.page.values["cut-first"] = "seven"
    c.act("start")
    assert c.session is None
    assert "The cut is a whole number from 0 to 999,999,999, not 'seven'." in text(c.page.html)


def test_between_rounds_the_next_code_is_shown_cut_and_dealt_from():
    c = page()
    c.act("start")
    s = c.session
    play_round_out(s)
    c.render()
    html = c.page.html
    first = s.game.fair[0]
    assert (f'This deal\'s code was <strong class="code">{first.code}</strong>, cut 0.'
            in html)
    nxt = re.findall(r"next deal's code: <strong class=\"code\">([0-9A-F ]{19})<", html)[0]
    c.page.values["cut-next"] = "12x"
    c.act("next")
    assert s.game.round_over and "The cut is a whole number" in text(c.page.html)
    assert nxt in c.page.html  # the same code: nothing was dealt
    c.page.values["cut-next"] = "123,456"
    c.act("next")
    assert s.game.round_number == 2 and not s.game.round_over
    assert s.game.fair[1].code == nxt and s.game.fair[1].cut == 123456


def test_a_reload_between_rounds_keeps_the_next_code_and_a_bad_one_is_made_anew():
    c = page()
    c.act("start")
    play_round_out(c.session)
    c.render()
    nxt = re.findall(r"next deal's code: <strong class=\"code\">([0-9A-F ]{19})<", c.page.html)[0]
    saved = json.loads(c.session.to_json())
    back = Session.from_json(json.dumps(saved))  # a reload: the players' code stands
    assert back.next_code() == nxt
    back.next_round("5")
    assert back.game.fair[1].code == nxt and back.game.fair[1].cut == 5
    for bad in ("", "zz" * 32, "A" * 64, 7, ["x"], "0" * 63):  # not a secret: a new one
        damaged = Session.from_json(json.dumps({**saved, "next": bad}))
        assert damaged.next_code() not in (None, nxt)
    saved.pop("next")  # a save from before: a new code, still before the deal
    assert Session.from_json(json.dumps(saved)).next_code() not in (None, nxt)


def test_a_round_s_deal_is_shown_whole_and_checks_independently():
    c = page()
    c.page.values["cut-first"] = "2026"
    c.act("start")
    s = c.session
    start_hands = [sorted(map(str, h)) for h in s.game.hands]
    play_round_out(s)
    c.act("deal")
    html = unescape(c.page.html)
    assert "The deal of round 1" in html and "It checks:" in html
    secret = re.search(r'<dd class="hex">([0-9a-f]{64})</dd>', html).group(1)
    digest = hashlib.sha256(secret.encode()).hexdigest().upper()
    assert " ".join(digest[i:i + 4] for i in range(0, 16, 4)) == s.game.fair[0].code
    seed = hashlib.sha256(f"{secret}:2026".encode()).hexdigest()
    assert seed in html
    dealt = html.split('class="sheet deal-hands"')[1]
    for name, hand in zip((x.name for x in s.seats), start_hands, strict=True):
        row = re.search(rf"<th scope=\"row\">{re.escape(name)}</th><td>(.*?)</td>", dealt)
        assert sorted(re.sub(r"<[^>]+>", "", row.group(1)).split(", ")) == hand
    c.act("deal-file")
    body, name, _mime = c.page.downloads[-1]
    assert name == f"rally-dominoes-deal-{s.game.fair[0].code.replace(' ', '')}.json"
    assert fair.verify(json.loads(body)) == []
    c.act("deal-back")
    assert c.dialog is None and "Round 1 is over" in text(c.page.html)


def test_seeded_games_and_lessons_have_no_codes():
    s = Session.new("all-fives", "gs-af", Session.quick().seats[:2], seed=3)
    assert s.deal_code() is None and s.next_code() is None
    assert Session.for_lesson("chicken-foot").deal_code() is None
    assert Session.quick().deal_code() is not None  # a person's game has one


def test_a_kiosk_shows_the_deal_but_offers_no_file():
    from app.kiosk.ui import KioskScreen

    c = page()
    c.kiosk = k = KioskScreen(c)
    c.act("start")
    play_round_out(c.session)
    k.active = True
    c.act("deal")
    assert "It checks:" in c.page.html and 'data-act="deal-file"' not in c.page.html


@pytest.mark.parametrize("typed,cut", [(" 12 ", 12), ("31,415", 31415), ("1 000", 1000),
                                       ("", 0), (None, 0), ("０７", 7),
                                       ("999,999,999", 999_999_999)])
def test_a_cut_is_read_from_decimal_digits(typed, cut):
    assert read_cut(typed) == cut


@pytest.mark.parametrize("typed", ["²", "①", "-3", "3.5", "1e3", "½", "x7", "1,000,000,000",
                                   "\u202e12", "\x1b[2J"])
def test_a_cut_that_is_no_whole_number_is_refused_in_plain_words(typed):
    with pytest.raises(BadCut, match=r"^The cut is a whole number from 0 to 999,999,999, not '"):
        read_cut(typed)
    with pytest.raises(BadCut) as e:
        read_cut(typed)
    assert not any(unicodedata.category(ch)[0] == "C" for ch in str(e.value))


@pytest.mark.parametrize("typed", ["²", "①", "-3"])
def test_a_bad_cut_between_rounds_is_said_beside_the_cut_and_nothing_is_dealt(typed):
    c = page()
    c.act("start")
    c.act("begin")
    play_round_out(c.session)
    c.render()
    code = c.session.next_code()
    c.page.values["cut-next"] = typed
    c.act("next")
    assert c.session.game.round_number == 1 and c.session.next_code() == code
    shown = text(c.page.html)
    assert f"The cut is a whole number from 0 to 999,999,999, not '{typed}'." in shown
    assert "Sorry, something went wrong" not in shown


# ---- every game's first deal is made from a code shown before it --------------------------

def _finish(s: Session) -> None:
    while not s.game.match_over:
        play_round_out(s)
        if not s.game.match_over:
            s.next_round("")


def test_quick_game_is_dealt_from_the_code_the_start_screen_showed_and_its_cut():
    c = page()
    shown = code_shown(c.page.html)
    c.page.values["cut-first"] = "2,718"
    c.act("quick")
    g = c.session.game
    assert g.fair[0].code == shown and g.fair[0].cut == 2718
    first = text(c.page.html)  # "Who plays first", before any move
    assert re.search(rf"Dealt from code {shown} ?, cut 2,718\.", first) and not g.history
    c.act("home")
    assert code_shown(c.page.html) != shown  # the next game's own


def test_quick_game_with_a_bad_cut_starts_nothing_and_says_why():
    c = page()
    c.page.values["cut-first"] = "①"
    c.act("quick")
    assert c.session is None
    assert "The cut is a whole number from 0 to 999,999,999, not '①'." in text(c.page.html)


def test_play_again_is_dealt_from_the_next_game_s_code_shown_at_the_end():
    c = page()
    c.act("start")
    s = c.session
    _finish(s)
    c.render()
    html = c.page.html
    nxt = re.findall(r"next game's code: <strong class=\"code\">([0-9A-F ]{19})<",
                     html)[0]
    c.page.values["cut-next"] = "-3"
    c.act("again")
    assert c.session is s and "not '-3'" in text(c.page.html)
    c.page.values["cut-next"] = "99"
    c.act("again")
    assert c.session is not s
    assert c.session.game.fair[0].code == nxt and c.session.game.fair[0].cut == 99


def test_a_lesson_s_real_game_is_dealt_from_the_code_its_end_showed():
    c = page()
    c.act("learn:chicken-foot")
    s = c.session
    run = s.lesson_run
    while not s.game.round_over:
        moves = run.allowed(s.game.legal_moves()) if s.game.turn == 0 else s.game.legal_moves()
        s.play(moves[0])
        run = s.lesson_run
    c.render()
    html = c.page.html
    nxt = re.findall(r"next game's code: <strong class=\"code\">([0-9A-F ]{19})<",
                     html)[0]
    c.page.values["cut-next"] = "5"
    c.act("lesson-real")
    g = c.session.game
    assert not c.session.lesson and g.fair[0].code == nxt and g.fair[0].cut == 5


def test_the_full_hash_can_be_copied_where_the_code_is_shown():
    c = page()
    code = code_shown(c.page.html)
    full = re.search(r'<details class="full-hash"><summary>The full hash</summary>'
                     r'<p class="hex">([0-9a-f]{64})</p>', c.page.html).group(1)
    assert full.upper().startswith(code.replace(" ", ""))


def test_a_kiosk_game_is_dealt_from_the_code_its_attract_screen_showed():
    from app.kiosk.settings import KioskSettings
    from app.kiosk.ui import KioskScreen

    c = Controller(FakePage(Storage()))
    c.table.turns.schedule = lambda: None
    c.kiosk = k = KioskScreen(c)
    k.settings = KioskSettings()
    k.attract.start_attract = lambda: None  # the computers' game behind: not here
    c.screen = "attract"
    c.render()
    shown = code_shown(c.page.html)
    assert f"Your game is dealt from code {shown}" in text(c.page.html)
    c.act("kiosk-play:all-fives")
    g = c.session.game
    assert c.screen == "table" and g.fair[0].code == shown and not g.history
    assert f"Dealt from code {shown}." in text(c.page.html)  # the line under the table
    c.screen = "attract"
    c.render()
    assert code_shown(c.page.html) != shown  # the next player's own


def test_a_save_and_a_deal_file_of_8_digit_codes_still_load_and_check(tmp_path, capsys):
    """A save keeps each round's full hash, secret and cut (never the code shown), so a
    table saved when the page showed 8 digits loads and shows the same code, longer; its
    deal file, with the 8-digit code, still checks."""
    from bones.__main__ import main as cli

    old = json.loads((Path(__file__).parent / "deals_8_digits.json").read_text())
    s = Session.from_json(old["save"])
    assert s.next_code().startswith(old["next_code"]) and len(s.next_code()) == 19
    deal = last_deal(s.game)
    assert deal["problems"] == [] and deal["code"].startswith(old["deal_file"]["code"])
    assert len(old["deal_file"]["code"]) == 9 and fair.verify(old["deal_file"]) == []
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(old["deal_file"]), encoding="utf-8")
    assert cli(["check-deal", str(path)]) == 0
    assert f"The deal checks: code {old['deal_file']['code']} " in capsys.readouterr().out
    s.next_round("7")
    assert s.game.fair[1].code.startswith(old["next_code"])
