"""The game's dialogs (app.screen's ``Dialog``): a preset's rules, a damaged save, a new
game over one in play, the settings, the score sheet, a late arrival. Each is a frozen
class carrying what it is about and draws itself (``markup(c)``, given the controller,
with app.table.dialog_views); two dialogs are equal when they say the same. Kiosk mode's
own are app.kiosk.dialogs."""

from __future__ import annotations

from dataclasses import dataclass

from app.screen import Dialog
from app.table import dialog_views


@dataclass(frozen=True)
class Rules(Dialog):
    """A preset's rule sheet, in the sheet's own words; by ``house`` rules (bones.house),
    the sheet with each rule they change marked and their value beside it."""
    preset: str
    house: object = None

    def markup(self, c) -> str:
        if self.house is not None:
            return dialog_views.house_rules_dialog(self.house)
        return dialog_views.rules_dialog(self.preset)


@dataclass(frozen=True)
class DamagedSave(Dialog):
    """The saved game could not be opened: why, and a download of it when it was kept."""
    problem: str

    def markup(self, c) -> str:
        return dialog_views.bad_save_dialog(self.problem, kept=c.bad_save is not None)


@dataclass(frozen=True)
class ConfirmNew(Dialog):
    """A new game would put the one being played away: ask first. ``what``: the
    start form's action that asked ("start", "rematch", ...)."""
    what: str

    def markup(self, c) -> str:
        return "" if c.session is None else dialog_views.confirm_new_dialog(c.session, self.what)


@dataclass(frozen=True)
class Settings(Dialog):
    """The table's settings (look, pace, hints)."""

    def markup(self, c) -> str:
        if c.session is None:
            return ""
        return dialog_views.settings_dialog(c.session, storage=c.page.read_flag("storage"),
                                            ios=c.page.read_flag("ios"),
                                            voices=c.page.motion.voices())


@dataclass(frozen=True)
class Sheet(Dialog):
    """The moves and the score sheet so far."""

    def markup(self, c) -> str:
        return "" if c.session is None else dialog_views.sheet_dialog(c.session)


@dataclass(frozen=True)
class Join(Dialog):
    """A late arrival's name, between rounds (G7)."""

    def markup(self, c) -> str:
        if c.session is None:
            return ""
        return dialog_views.round_end_dialog(c.session, joining=True,
                                             error=c.table.state.join_error)

