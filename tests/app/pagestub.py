"""The page's controller with the page taken away, for the CPython tests of what it
does over time (the computer's turns, Hard's hints): nothing is drawn or saved, and
what it would write to the console is kept in ``errors``."""

from __future__ import annotations

from app import controller
from app.game.session import Session
from fakepage import FakePage


class NoPage(controller.Controller):
    def __init__(self, session: Session):
        super().__init__(FakePage())
        self.errors = self.page.errors
        self.session = session
        self.screen = "table"
        # the table draws and saves itself (app.table.ui): nothing drawn or saved here either
        self.table.board.redraw = lambda above, dialog: None
        self.table.saver.save = lambda s: ""
        self.table.finished = lambda s: None

    @property
    def turns(self):
        """The table's computer players (app.table.turns)."""
        return self.table.turns

    def render(self):
        pass

    def save(self):
        pass
