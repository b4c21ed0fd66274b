"""Which dialog is over the screen, as a value: the controller keeps one in
``Controller.dialog`` (None when there is none). Each kind is a frozen class carrying
what it is about, and draws itself (``markup(c)``, given the controller): no layer reads
a dialog out of a prefixed string, and two dialogs are equal when they say the same."""

from __future__ import annotations

from dataclasses import dataclass

from app.kiosk import views as kiosk_views
from app.shared import dialog_views


class Dialog:
    """A dialog over any screen. ``markup(c)``: its HTML ("" when the screen has
    nothing for it, e.g. a game's settings with no game)."""

    def markup(self, c) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Rules(Dialog):
    """A preset's rule sheet, in the sheet's own words."""
    preset: str

    def markup(self, c) -> str:
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
                                            ios=c.page.read_flag("ios"))


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
        return dialog_views.round_end_dialog(c.session, joining=True, error=c.join_error)


@dataclass(frozen=True)
class KioskStill(Dialog):
    """A kiosk's "Still playing?" before the idle time-out puts the game away."""

    def markup(self, c) -> str:
        return "" if c.kiosk is None else c.kiosk.still_playing_markup()


@dataclass(frozen=True)
class KioskDamagedSave(Dialog):
    """A kiosk's damaged save: said in fewer words, with no download (no files there)."""
    problem: str

    def markup(self, c) -> str:
        return kiosk_views.bad_save_dialog(self.problem)
