"""Kiosk mode's own dialogs (app.screen's ``Dialog``): "Still playing?" and a damaged save
said in fewer words."""

from __future__ import annotations

from dataclasses import dataclass

from app.kiosk import views as kiosk_views
from app.screen import Dialog


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
