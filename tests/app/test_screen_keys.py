"""Each screen's keys are its own (app.screen's ``on_key``), in CPython with the fake page:
the page-wide keys (app.shared.keyboard) close a dialog with Escape, a kiosk's PIN pad
takes its own Escape (its Cancel) before any dialog's, and a key at the table goes to the
table (Escape puts the chosen tile back)."""

from __future__ import annotations

from types import SimpleNamespace

from app.controller import Controller
from app.dom import Control
from app.table import dialogs
from bones.moves import PLAY
from test_render_counts import _find


def key(c: Controller, name: str) -> None:
    """A key pressed on the page, as the browser hands it to the keydown listener."""
    c.keys.on_key(SimpleNamespace(key=name, target=None, shiftKey=False, ctrlKey=False,
                                  altKey=False, metaKey=False,
                                  preventDefault=lambda: None))


def test_escape_at_the_table_puts_the_chosen_tile_back():
    c, move = _find(PLAY)
    c.act("select", Control("BUTTON", {"tile": str(move.tile)}))
    assert c.table.state.selected == move.tile and c.table.view().targets
    drawn = c.page.renders
    key(c, "Escape")
    assert c.table.state.selected is None and not c.table.view().targets
    assert c.page.renders == drawn + 1  # drawn again, by the table


def test_escape_closes_a_dialog_over_the_table_and_the_table_keeps_its_tile():
    c, move = _find(PLAY)
    c.act("select", Control("BUTTON", {"tile": str(move.tile)}))
    c.act("settings")
    assert c.dialog == dialogs.Settings() and 'role="dialog"' in c.page.html
    key(c, "Escape")
    assert c.dialog is None and 'role="dialog"' not in c.page.html
    assert c.table.state.selected == move.tile  # the dialog's Escape, not the table's


def test_the_pin_pads_escape_is_its_cancel_before_a_dialogs():
    c, _move = _find(PLAY)
    c.kiosk.attract.start_attract = lambda: None  # no attract game behind it here
    c.act("kiosk-open")  # the start screen's "Kiosk mode": the official's PIN pad
    assert c.kiosk.panel in ("pin", "new-pin")
    c.dialog = dialogs.Settings()  # a dialog left under it
    key(c, "Escape")
    assert c.kiosk.panel is None  # the pad's Cancel
    assert c.screen == "start"  # kiosk mode off: back to the start screen
