"""The rally event in the browser, outside a table's entry page: the actions that set up
a new event (its form, then its tables), create a playoff, and open a file's event or
start a new one in place of the event here.
"""

from __future__ import annotations

from app.rally.state import RallyDesk, RallyState, table_title
from bones.rally import Event
from bones.rally.values import to_target


class EventActions:
    """Part of the rally screen (app.rally.ui.RallyScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for. The screen gives it the
    ``desk`` it works on (app.rally.state.RallyDesk: the event, the pages), how to
    ``save`` and read the ``clock``, and ``replace`` (a file's event in place of this one,
    said and saved)."""

    def __init__(self, desk: RallyDesk, *, save, clock, replace):
        self.desk = desk
        self.save, self.clock, self.replace = save, clock, replace

    # ---- setting up ---------------------------------------------------------------------
    def do_game(self, arg, el):
        self.desk.ui.setup.set_game(arg)
        return f'input[name=rally-game][value="{arg}"]'

    def do_preset(self, arg, el):
        self.desk.ui.setup.set_preset(arg)
        return f'input[name=rally-preset][value="{arg}"]'

    def do_house(self, arg, el):
        f = self.desk.ui.setup
        try:
            f.set_house(f.houses[int(arg)])
        except (ValueError, IndexError):
            return None
        return f'input[name=rally-preset][value="house-{arg}"]'

    def do_create(self, arg, el):
        f = self.desk.ui.setup
        af = to_target(f.game)
        self.desk.event = Event.create(
            f.title, f.game, f.preset, rounds=f.rounds.strip() or None,
            first_double=None if af else (f.first.strip() or None), clock=self.clock,
            house=f.house)
        self.desk.ui = RallyState(setup=f)
        self.desk.ui.new_names = ["", "", "", ""] if not af else ["", ""]
        self.save()
        self.desk.ui.note = f"{self.desk.event.title} is ready: add its tables."
        return "#rally-name-0"

    def do_seats(self, arg, el):
        n = len(self.desk.ui.new_names) + (1 if arg == "1" else -1)
        ev = self.desk.event
        hi = ev.rules.max_seats if ev is not None else 8
        n = max(2, min(hi, n))
        self.desk.ui.new_names = (self.desk.ui.new_names + [""] * n)[:n]
        return f'[data-act="rally-seats:{arg}"]'

    def do_add_table(self, arg, el):
        ev = self.desk.event
        label = ev.add_table(list(self.desk.ui.new_names))
        self.save()
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        self.desk.ui.note = f"{table_title(label)} added: {names}."
        self.desk.ui.new_names = [""] * len(self.desk.ui.new_names)
        return "#rally-name-0"

    # ---- playoff ------------------------------------------------------------------------
    def do_po_kind(self, arg, el):
        self.desk.ui.po_kind = arg if arg in ("winners", "ties") else None
        return f'input[name=rally-po-kind][value="{arg}"]'

    def do_playoff(self, arg, el):
        ev = self.desk.event
        ui = self.desk.ui
        if ev.rules.fives:  # played to a target: games, no starting double (A8)
            label = ev.create_playoff(rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        else:
            label = ev.create_playoff(first_double=ui.po_first.strip() or None,
                                      rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        self.save()
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        ui.note = f"{table_title(label)} is set: {names}."
        ui.po_kind = None
        ui.page = "table"
        ui.table = label
        return "#entry-title"

    # ---- a file's event, a new event ----------------------------------------------------
    def do_import_yes(self, arg, el):
        ev = self.desk.ui.pending_import
        if ev is not None:
            self.replace(ev, self.desk.ui.pending_name)
            self.desk.ui.page = "tables"

    def do_import_no(self, arg, el):
        self.desk.ui.pending_import = None
        self.desk.ui.note = "The file was not opened; the event here is unchanged."

    def do_new(self, arg, el):
        self.desk.ui.confirm_new = True

    def do_new_no(self, arg, el):
        self.desk.ui.confirm_new = False

    def do_new_yes(self, arg, el):
        self.desk.event = None
        self.desk.ui = RallyState(unsaved=self.desk.ui.unsaved)
        self.save()
        self.desk.ui.note = "A new event: fill in its title, game and rounds."
        return "#rally-title"
