"""The page's controller with the page taken away, for the CPython tests of what it
does over time (the computer's turns, Hard's hints): nothing is drawn or saved, and
what it would write to the console is kept in ``errors``."""

from __future__ import annotations

from types import SimpleNamespace

from app import controller
from app.session import Session


class NoPage(controller.Controller):
    def __init__(self, session: Session):
        self.errors: list[str] = []
        js = SimpleNamespace(document=SimpleNamespace(getElementById=lambda _i: None),
                             console=SimpleNamespace(error=self.errors.append,
                                                     warn=self.errors.append))
        super().__init__(js, lambda f: f)
        self.session = session
        self.screen = "table"

    def render(self):
        pass

    def save(self):
        pass
