"""The past games' questions before something is deleted: a frozen value the controller
holds in ``Controller.dialog`` (app.screen.Dialog)."""

from __future__ import annotations

from dataclasses import dataclass

from app.past import views as past_views
from app.screen import Dialog


@dataclass(frozen=True)
class ConfirmDelete(Dialog):
    """"Delete this game?" (``game``: its id), or every past game (``game`` empty)."""

    game: str = ""
    what: str = ""  # the game in words ("Mexican Train on 14 May 2025 at 14:05")
    count: int = 0  # how many would go (every game)

    def markup(self, c) -> str:
        return past_views.confirm_delete(self.game, self.what, self.count)
