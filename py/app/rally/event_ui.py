"""The rally event in the browser, outside a table's entry page: the actions that set up
a new event (its form, then its tables), create a playoff, and open a file's event or
start a new one in place of the event here.
"""

from __future__ import annotations

from app.rally.state import Changed, RallyDesk, RallyState, table_title
from bones.rally import Event
from bones.rally.values import to_target


class EventActions:
    """Part of the rally screen (app.rally.ui.RallyScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for, and return what they changed
    of the screen's (app.rally.state's ``Changed``: the event, the pages, the save), which
    the screen applies. The screen gives it the ``desk`` it reads (app.rally.state.RallyDesk:
    the event, the pages), how to read the ``clock``, and ``replace`` (a file's event in
    place of this one, said and saved)."""

    def __init__(self, desk: RallyDesk, *, clock, replace):
        self.desk = desk
        self.clock, self.replace = clock, replace

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
        ev = Event.create(
            f.title, f.game, f.preset, rounds=f.rounds.strip() or None,
            first_double=None if af else (f.first.strip() or None), clock=self.clock,
            house=f.house)
        return Changed("#rally-name-0", fresh=RallyState(setup=f), event=ev, save=True,
                       ui={"new_names": ["", "", "", ""] if not af else ["", ""],
                           "note": f"{ev.title} is ready: add its tables."})

    def do_seats(self, arg, el):
        n = len(self.desk.ui.new_names) + (1 if arg == "1" else -1)
        ev = self.desk.event
        hi = ev.rules.max_seats if ev is not None else 8
        n = max(2, min(hi, n))
        return Changed(f'[data-act="rally-seats:{arg}"]',
                       ui={"new_names": (self.desk.ui.new_names + [""] * n)[:n]})

    def do_add_table(self, arg, el):
        ev = self.desk.event
        label = ev.add_table(list(self.desk.ui.new_names))
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        return Changed("#rally-name-0", save=True,
                       ui={"note": f"{table_title(label)} added: {names}.",
                           "new_names": [""] * len(self.desk.ui.new_names)})

    # ---- playoff ------------------------------------------------------------------------
    def do_po_kind(self, arg, el):
        return Changed(f'input[name=rally-po-kind][value="{arg}"]',
                       ui={"po_kind": arg if arg in ("winners", "ties") else None})

    def do_playoff(self, arg, el):
        ev = self.desk.event
        ui = self.desk.ui
        if ev.rules.fives:  # played to a target: games, no starting double (A8)
            label = ev.create_playoff(rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        else:
            label = ev.create_playoff(first_double=ui.po_first.strip() or None,
                                      rounds=ui.po_rounds.strip() or None, kind=ui.po_kind)
        names = ", ".join(p["name"] for p in ev.sheet(label)["players"])
        return Changed("#entry-title", save=True,
                       ui={"note": f"{table_title(label)} is set: {names}.",
                           "po_kind": None, "page": "table", "table": label})

    # ---- a file's event, a new event ----------------------------------------------------
    def do_import_yes(self, arg, el):
        ev = self.desk.ui.pending_import
        if ev is None:
            return None
        self.replace(ev, self.desk.ui.pending_name)  # the event and the pages made anew
        return Changed(ui={"page": "tables"})

    def do_import_no(self, arg, el):
        return Changed(ui={"pending_import": None,
                           "note": "The file was not opened; the event here is unchanged."})

    def do_new(self, arg, el):
        return Changed(ui={"confirm_new": True})

    def do_new_no(self, arg, el):
        return Changed(ui={"confirm_new": False})

    def do_new_yes(self, arg, el):
        return Changed("#rally-title", fresh=RallyState(unsaved=self.desk.ui.unsaved),
                       event=None, save=True,
                       ui={"note": "A new event: fill in its title, game and rounds."})
