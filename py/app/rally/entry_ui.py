"""A rally table's entry page in the browser: the actions that enter a round's points
(the number pad, the boxes, "Did not show their bones"), correct a round already
entered, take a late arrival (G7) and correct a name. Every one goes through the
``bones.rally.Event``, so a refused entry is the engine's ``RallyError`` and changes
nothing.
"""

from __future__ import annotations

from app.rally.state import Changed, Draft, RallyDesk, new_draft, table_title
from bones.rally import NO_SHOW, RallyError, loads, parse_points
from bones.rulebook import cite

MAX_DIGITS = 4


class EntryActions:
    """Part of the rally screen (app.rally.ui.RallyScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for, and return the selector to
    focus after drawing, or what they changed of the screen's (app.rally.state's
    ``Changed``: the pages' fields, a save), which the screen applies. The screen gives it
    the ``desk`` it reads (app.rally.state.RallyDesk: the event, the pages) and ``draft()``:
    the round being typed in at the table shown (``Draft``, whose figures the number pad
    and the boxes change)."""

    def __init__(self, desk: RallyDesk, *, draft):
        self.desk = desk
        self.draft = draft

    # ---- entering a round ---------------------------------------------------------------

    def _names(self) -> list[str]:
        return self.desk.event.seated(self.desk.ui.table, self.draft().round)

    def do_pick(self, arg, el):
        d = self.draft()
        d.active = max(0, min(int(arg), len(self._names()) - 1))
        return f'[data-act="rally-pick:{d.active}"]'

    def do_noshow(self, arg, el):
        """G10: a player marked as not showing their bones scores the table's highest
        plus 10, so the mark is asked about first (a big button is easily brushed); a
        mark is taken away at once."""
        d = self.draft()
        names = self._names()
        n = names[int(arg)]
        if n in d.no_show:
            d.no_show.discard(n)
            return f'[data-act="rally-noshow:{arg}"]'
        d.asking = n
        return f'[data-act="rally-noshow-no:{arg}"]'  # the answer that changes nothing

    def do_noshow_yes(self, arg, el):
        d = self.draft()
        names = self._names()
        n = names[int(arg)]
        if d.asking == n:
            d.no_show.add(n)
            d.points.pop(n, None)
        d.asking = None
        return f'[data-act="rally-noshow:{arg}"]'

    def do_noshow_no(self, arg, el):
        self.draft().asking = None
        return f'[data-act="rally-noshow:{arg}"]'

    def do_key(self, arg, el):
        d = self.draft()
        names = self._names()
        i = min(d.active, len(names) - 1)
        n = names[i]
        if arg == "enter":
            if n not in d.no_show:
                v = d.points.get(n, "").strip()
                if not v:
                    raise RallyError(f"Enter {n}'s points first (0 for a player who went out)")
                ev, ui = self.desk.event, self.desk.ui
                parse_points(v, ev.rules.fives, f"{table_title(ui.table)}, {n}")
            if i < len(names) - 1:
                d.active = i + 1
                return '[data-act="rally-key:enter"]'
            return self.do_save(arg, el)
        if n in d.no_show:
            raise RallyError(f"{n} did not show their bones: press that button again to "
                             "type points instead")
        cur = d.points.get(n, "")
        if arg == "back":
            d.points[n] = cur[:-1]
        elif arg.isdigit() and len(cur) < MAX_DIGITS:
            d.points[n] = ("" if cur == "0" else cur) + arg
        return f'[data-act="rally-key:{arg}"]'

    def do_save(self, arg, el):
        ev, t = self.desk.event, self.desk.ui.table
        d = self.draft()
        names = self._names()
        pts = []
        for i, n in enumerate(names):
            if n in d.no_show:
                pts.append(NO_SHOW)
                continue
            v = d.points.get(n, "").strip()
            d.active = i
            if not v:
                raise RallyError(f"Enter {n}'s points first (0 for a player who went out)")
            parse_points(v, ev.rules.fives, f"{table_title(t)}, {ev.rules.word} {d.round}, {n}")
            pts.append(v)
        if ev.sheet(t)["rounds"][d.round - 1]["entered"]:
            note, changed = self._correct(d, names, pts)
        else:
            ev.enter_round(t, d.round, pts)
            note, changed = ev.history()[-1]["text"] + ".", True
        nxt = ev.next_round(t)
        if nxt is None:
            note += f" Every {ev.rules.word} at {table_title(t)} is entered."
        drafts = {**self.desk.ui.drafts, t: new_draft(ev, t, nxt or d.round)}
        return Changed("#entry-title", ui={"drafts": drafts, "note": note}, save=changed)

    def _correct(self, d: Draft, names: list[str], pts: list) -> tuple[str, bool]:
        """A round already entered: each score that differs from the sheet becomes one
        correction (G10 marks too), every one kept in the history; what to say, and
        whether the sheet changed."""
        ev, t = self.desk.event, self.desk.ui.table
        was = new_draft(ev, t, d.round)
        fixes = []
        for n, v in zip(names, pts):
            if v == NO_SHOW:
                if n not in was.no_show:
                    fixes.append((n, None))
            elif n in was.no_show or int(v) != int(was.points.get(n, "-1")):
                fixes.append((n, v))
        # All or nothing: tried on a copy first, so a refused one changes nothing.
        for target in (loads(ev.dumps()), ev):
            for n, v in fixes:
                if v is None:
                    target.no_show(t, d.round, n)
                else:
                    target.correct(t, d.round, n, v)
        n0 = len(ev.log) - len(fixes)
        done = ev.history()[n0:]
        if not done:
            return f"Nothing to correct: {ev.rules.word} {d.round} is as entered.", False
        return " ".join(h["text"] + "." for h in done), True

    # ---- a late arrival, a name ---------------------------------------------------------
    def do_rename_open(self, arg, el):
        return Changed("#rally-rename-seat", ui={"rename_open": True, "rename_name": ""})

    def do_rename_cancel(self, arg, el):
        return Changed(ui={"rename_open": False, "rename_name": ""})

    def do_rename(self, arg, el):
        ev, t = self.desk.event, self.desk.ui.table
        try:
            seat = int(self.desk.ui.rename_seat)
        except ValueError:
            seat = 1
        old = ev.sheet(t)["players"][seat - 1]["name"] if 1 <= seat <= len(
            ev.sheet(t)["players"]) else "?"
        ev.rename(t, seat, self.desk.ui.rename_name)
        new = ev.sheet(t)["players"][seat - 1]["name"]
        drafts = {k: v for k, v in self.desk.ui.drafts.items() if k != t}  # keyed by names
        return Changed("#entry-title", save=True, ui={
            "drafts": drafts, "rename_open": False, "rename_name": "",
            "note": f"{old} is now {new} on {table_title(t)}'s sheet."})

    def do_late_open(self, arg, el):
        return Changed("#rally-late-name", ui={"late_open": True})

    def do_late_cancel(self, arg, el):
        return Changed(ui={"late_open": False, "late_name": ""})

    def do_late(self, arg, el):
        ev, t = self.desk.event, self.desk.ui.table
        name = self.desk.ui.late_name
        n = ev.late_arrival(t, name)
        row = ev.sheet(t)["players"][-1]
        r = ev.log[n - 1]["round"]
        return Changed("#entry-title", save=True, ui={
            "late_open": False, "late_name": "",
            "note": (f"{row['name']} joins {table_title(t)} at round {r} with "
                     f"{row['start']}, the table's highest total "
                     f"({cite('G7', ev.preset)}).")})
