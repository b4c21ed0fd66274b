"""The dialogs as values (app.table.dialogs): each kind draws its own dialog over the
screen, with its title; kinds that need a game draw nothing without one; a kiosk says a
damaged save its own way."""

from __future__ import annotations

import re

import pytest

from app.game.seats import Seat
from app.game.session import Session
from app.kiosk import dialogs as kiosk_dialogs
from app.table import dialogs
from pagestub import NoPage

TITLE = re.compile(r'<h2 id="dialog-title" tabindex="-1">(.*?)</h2>')

KINDS = [
    (dialogs.Rules("gs-cf"), "The rules"),
    (dialogs.DamagedSave("it is not valid JSON"), "The saved game could not be opened"),
    (dialogs.ConfirmNew("start"), "new game"),
    (dialogs.Settings(), "Settings"),
    (dialogs.Sheet(), "Moves"),
    (dialogs.Join(), "Round 1 is over"),
]


def table(over: bool = False) -> NoPage:
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann")], seed=4)
    if over:  # a late arrival joins between rounds
        while not s.game.round_over:
            s.game.play(s.game.legal_moves()[0])
    return NoPage(s)


@pytest.mark.parametrize(("dialog", "title"), KINDS, ids=lambda x: type(x).__name__)
def test_each_dialog_draws_itself_with_its_title(dialog, title):
    c = table(over=isinstance(dialog, dialogs.Join))
    html = dialog.markup(c)
    assert html.count('role="dialog"') == 1
    assert title.lower() in TITLE.search(html).group(1).lower()
    if isinstance(dialog, dialogs.Rules):  # the sheet it was asked for
        assert "Chicken Foot" in html and "Mexican Train" not in html


@pytest.mark.parametrize("dialog", [dialogs.ConfirmNew("start"), dialogs.Settings(),
                                    dialogs.Sheet(), dialogs.Join()])
def test_a_dialog_about_the_game_draws_nothing_without_one(dialog):
    c = table()
    c.session = None
    assert dialog.markup(c) == ""


def test_dialogs_are_equal_when_they_say_the_same_and_cannot_be_changed():
    assert dialogs.ConfirmNew("start") == dialogs.ConfirmNew("start")
    assert dialogs.ConfirmNew("start") != dialogs.ConfirmNew("rematch")
    assert dialogs.Settings() != dialogs.Sheet()
    with pytest.raises(AttributeError):
        dialogs.Rules("gs-mt").preset = "gs-cf"


def test_a_damaged_save_offers_its_download_only_when_it_was_kept():
    c = table()
    said = dialogs.DamagedSave("it is not valid JSON")
    c.bad_save = None
    assert "Download" not in said.markup(c)
    c.bad_save = '{"format": "rally'
    assert "Download the damaged save" in said.markup(c)
    kiosk = kiosk_dialogs.KioskDamagedSave(said.problem).markup(c)
    assert "Download" not in kiosk and "not valid JSON" in kiosk
