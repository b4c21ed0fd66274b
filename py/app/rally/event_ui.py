"""The rally event in the browser, outside a table's entry page: the actions that set up
a new event (its form, then its tables), create a playoff, and open a file's event or
start a new one in place of the event here.
"""

from __future__ import annotations

from app.rally.state import RallyState, table_title
from bones.rally import Event
from bones.rally.values import to_target


class EventActions:
    """Part of the rally screen (app.rally.ui.RallyScreen, ``screen``), which holds it:
    its ``do_`` methods answer the presses the screen has no method for. The screen
    gives ``event``, ``ui``, ``save``,
    ``clock`` and ``_replace``."""

    def __init__(self, screen):
        self.screen = screen


    # ---- setting up ---------------------------------------------------------------------
    def do_game(self, arg, el):
        self.screen.ui.setup.set_game(arg)
        return f'input[name=rally-game][value="{arg}"]'

    def do_preset(self, arg, el):
        self.screen.ui.setup.set_preset(arg)
        return f'input[name=rally-preset][value="{arg}"]'

    def do_house(self, arg, el):
        f = self.screen.ui.setup
        try:
            f.set_house(f.houses[int(arg)])
        except (ValueError, IndexError):
            return None
        return f'input[name=rally-preset][value="house-{arg}"]'

    def do_create(self, arg, el):
        f = self.screen.ui.setup
        af = to_target(f.game)
        self.screen.event = Event.create(
            f.title, f.game, f.preset, rounds=f.rounds.strip() or None,
            first_double=None if af else (f.first.strip() or None), clock=self.screen.clock,
            house=f.house)
        self.screen.ui = RallyState(setup=f)
        self.screen.ui.new_names = ["", "", "", ""] if not af else ["", ""]
        self.screen.save()
        self.screen.ui.note = f"{self.screen.event.title} is ready: add its tables."
        return "#rally-name-0"

    def do_seats(self, arg, el):
        n = len(self.screen.ui.new_names) + (1 if arg == "1" else -1)
        ev = self.screen.event
        hi = ev.rules.max_seats if ev is not None else 8
        n = max(2, min(hi, n))
        self.screen.ui.new_names = (self.screen.ui.new_names + [""] * n)[:n]
        return f'[data-act="rally-seats:{arg}"]'

    def do_add_table(self, arg, el):
        ev = self.screen.event
        label = ev.add_table(list(self.screen.ui.new_names))
        self.screen.save()
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        self.screen.ui.note = f"{table_title(label)} added: {names}."
        self.screen.ui.new_names = [""] * len(self.screen.ui.new_names)
        return "#rally-name-0"

    # ---- playoff ------------------------------------------------------------------------
    def do_po_kind(self, arg, el):
        self.screen.ui.po_kind = arg if arg in ("winners", "ties") else None
        return f'input[name=rally-po-kind][value="{arg}"]'

    def do_playoff(self, arg, el):
        ev = self.screen.event
        ui = self.screen.ui
        if ev.rules.fives:  # played to a target: games, no starting double (A8)
            label = ev.create_playoff(rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        else:
            label = ev.create_playoff(first_double=ui.po_first.strip() or None,
                                      rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        self.screen.save()
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        ui.note = f"{table_title(label)} is set: {names}."
        ui.po_kind = None
        ui.page = "table"
        ui.table = label
        return "#entry-title"

    # ---- a file's event, a new event ----------------------------------------------------
    def do_import_yes(self, arg, el):
        ev = self.screen.ui.pending_import
        if ev is not None:
            self.screen._replace(ev, self.screen.ui.pending_name)
            self.screen.ui.page = "tables"

    def do_import_no(self, arg, el):
        self.screen.ui.pending_import = None
        self.screen.ui.note = "The file was not opened; the event here is unchanged."

    def do_new(self, arg, el):
        self.screen.ui.confirm_new = True

    def do_new_no(self, arg, el):
        self.screen.ui.confirm_new = False

    def do_new_yes(self, arg, el):
        self.screen.event = None
        self.screen.ui = RallyState(unsaved=self.screen.ui.unsaved)
        self.screen.save()
        self.screen.ui.note = "A new event: fill in its title, game and rounds."
        return "#rally-title"
