"""The rally event in the browser, outside a table's entry page: the actions that set up
a new event (its form, then its tables), create a playoff, and open a file's event or
start a new one in place of the event here.
"""

from __future__ import annotations

from app.rally.state import RallyState, fives, table_title
from bones.rally import Event
from bones.rally.values import to_target


class EventActions:
    """Mixed into app.rally.ui.RallyScreen (which gives ``event``, ``ui``, ``save``,
    ``clock`` and ``_replace``)."""

    event: Event | None
    ui: RallyState

    # ---- setting up ---------------------------------------------------------------------
    def do_game(self, arg, el):
        self.ui.setup.set_game(arg)
        return f'input[name=rally-game][value="{arg}"]'

    def do_preset(self, arg, el):
        self.ui.setup.set_preset(arg)
        return f'input[name=rally-preset][value="{arg}"]'

    def do_create(self, arg, el):
        f = self.ui.setup
        af = to_target(f.game)
        self.event = Event.create(
            f.title, f.game, f.preset, rounds=f.rounds.strip() or None,
            first_double=None if af else (f.first.strip() or None), clock=self.clock)
        self.ui = RallyState(setup=f)
        self.ui.new_names = ["", "", "", ""] if not af else ["", ""]
        self.save()
        self.ui.note = f"{self.event.title} is ready: add its tables."
        return "#rally-name-0"

    def do_seats(self, arg, el):
        n = len(self.ui.new_names) + (1 if arg == "1" else -1)
        hi = 4 if self.event is not None and fives(self.event) else 8
        n = max(2, min(hi, n))
        self.ui.new_names = (self.ui.new_names + [""] * n)[:n]
        return f'[data-act="rally-seats:{arg}"]'

    def do_add_table(self, arg, el):
        ev = self.event
        label = ev.add_table(list(self.ui.new_names))
        self.save()
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        self.ui.note = f"{table_title(label)} added: {names}."
        self.ui.new_names = [""] * len(self.ui.new_names)
        return "#rally-name-0"

    # ---- playoff ------------------------------------------------------------------------
    def do_po_kind(self, arg, el):
        self.ui.po_kind = arg if arg in ("winners", "ties") else None
        return f'input[name=rally-po-kind][value="{arg}"]'

    def do_playoff(self, arg, el):
        ev = self.event
        ui = self.ui
        if fives(ev):
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
        ev = self.ui.pending_import
        if ev is not None:
            self._replace(ev, self.ui.pending_name)
            self.ui.page = "tables"

    def do_import_no(self, arg, el):
        self.ui.pending_import = None
        self.ui.note = "The file was not opened; the event here is unchanged."

    def do_new(self, arg, el):
        self.ui.confirm_new = True

    def do_new_no(self, arg, el):
        self.ui.confirm_new = False

    def do_new_yes(self, arg, el):
        self.event = None
        self.ui = RallyState(unsaved=self.ui.unsaved)
        self.save()
        self.ui.note = "A new event: fill in its title, game and rounds."
        return "#rally-title"
