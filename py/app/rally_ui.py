"""The rally scorekeeper in the browser (issue 9): which rally page shows, what the
official pressed, and the few calls to the page (local storage, print, file reading).

The event itself is a ``bones.rally.Event`` (docs/rally.md): every entry goes through
it, so every refusal is the engine's ``RallyError`` in plain words, shown in the page's
role="alert" line, and a refused entry changes nothing. The markup comes from the pure
functions of app.rally_views. The controller (app.controller) forwards every
``data-act="rally-..."`` press and the rally page's input and change events here.

Runs in CPython too (tests/app/test_rally_views.py drives it with a stand-in
controller): the browser is reached only through ``controller.js`` and
``controller.storage()``.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from app.rally_state import Draft, RallyState, entry_round, fives, new_draft, table_title, word
from app.rally_views import rally_screen
from app.storage import KEEP_LIMIT, read, remove, set_aside, write
from app.sync_ui import DEVICE_BAD_KEY, DEVICE_KEY, SyncActions
from app.sync_views import SyncState
from bones.rally import NO_SHOW, Event, RallyError, loads, parse_points
from bones.rally.sync import TableDevice
from bones.rally.values import to_target
from bones.rulebook import cite

SAVE_KEY = "rally-dominoes:rally"
BAD_SAVE_KEY = "rally-dominoes:rally-bad-save"
MAX_DIGITS = 4


def _nothing(x) -> bool:
    """JavaScript's null and undefined, as Pyodide hands them over (see app.controller)."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def _attr(el, name: str, default: str = "") -> str:
    v = getattr(el, name, None)
    return default if _nothing(v) else str(v)


def _data(el, name: str, default: str = "") -> str:
    ds = getattr(el, "dataset", None)
    if _nothing(ds):
        return default
    v = getattr(ds, name, None)
    return default if _nothing(v) else str(v)


class RallyScreen(SyncActions):
    def __init__(self, controller, mode: str = "official"):
        self.c = controller
        self.mode = mode  # "official": the whole event; "table": one table's own device
        self.event: Event | None = None
        self.device: TableDevice | None = None
        self.ui = RallyState(page_only=mode == "table")
        self.sync = SyncState()
        self.loaded = False
        self.bad_text: str | None = None
        self.save_key = SAVE_KEY if mode == "official" else DEVICE_KEY
        self.bad_key = BAD_SAVE_KEY if mode == "official" else DEVICE_BAD_KEY

    # ---- the browser --------------------------------------------------------------------
    @property
    def js(self):
        return getattr(self.c, "js", None)

    def clock(self) -> str:
        """Local time for the history ("2025-05-14 14:05")."""
        js = self.js
        if js is not None:
            try:
                d = js.Date.new()
                return (f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-"
                        f"{int(d.getDate()):02d} {int(d.getHours()):02d}:"
                        f"{int(d.getMinutes()):02d}")
            except Exception:
                pass
        return datetime.now().strftime("%Y-%m-%d %H:%M")

    def render(self, focus: str | None = None, caret: bool = False) -> None:
        self.c.render()
        if focus:
            self.c._focus(focus)
            if caret:
                root = getattr(self.c, "root", None)
                el = None if root is None else root.querySelector(focus)
                if not _nothing(el):
                    n = len(_attr(el, "value"))
                    try:
                        el.setSelectionRange(n, n)
                    except Exception:
                        pass

    def warn(self, text: str) -> None:
        js = self.js
        if js is not None:
            js.console.warn(text)

    # ---- opening, saving ----------------------------------------------------------------
    def open(self) -> None:
        """Called each time the start screen's "Rally scorekeeper" is pressed: the saved
        event is read once; a damaged save is put aside, offered as a download, and a
        clean start is ready."""
        self.ui.error = ""
        self.ui.note = ""
        if self.loaded:
            return
        self.loaded = True
        st = self.c.storage()
        text = read(st, self.save_key)
        if not text:
            return
        try:
            if self.mode == "table":
                self.device = TableDevice.loads(text, clock=self.clock)
                self.event = self.device.event
                self.ui.page, self.ui.table = "table", self.device.table
            else:
                self.event = loads(text, clock=self.clock)
        except Exception as exc:  # RallyError; anything else must not close the page
            if not isinstance(exc, RallyError):
                self.warn(f"Rally Dominoes: the saved event could not be read: {exc!r}")
                exc = RallyError(f"it could not be read ({exc!r})")  # a message safe to show
            set_aside(st, self.save_key, self.bad_key, text)
            kept = len(text) <= KEEP_LIMIT  # in storage when there was room; this visit
            self.bad_text = text if kept else None
            self.event = None
            self.ui.bad_save = kept
            self.ui.error = (f"The saved event could not be opened: {exc}. "
                             + ("It is kept aside until you download it (below) or start "
                                "a new event; " if kept else
                                "It was too large to keep, so it was removed; ")
                             + "a clean start is ready.")
            return
        self.event.clock = self.clock

    def forget_bad_save(self) -> None:
        """The damaged event is no longer kept (downloaded, or a new event began)."""
        remove(self.c.storage(), self.bad_key)

    def save(self) -> None:
        st = self.c.storage()
        if st is None:
            self.ui.error = ("This browser does not let the page save: export the event "
                             "to keep it.")
            return
        if self.event is None:
            remove(st, self.save_key)
            return
        self.forget_bad_save()  # a new event took the damaged one's place
        text = self.device.dumps() if self.mode == "table" and self.device else \
            self.event.dumps()
        if not write(st, self.save_key, text):  # quota: keep going, say so
            self.ui.error = "Could not save on this machine: export the event."
            self.warn("Rally Dominoes: could not save the rally event")

    # ---- markup and events ---------------------------------------------------------------
    def markup(self) -> str:
        device = self.device.table if self.mode == "table" and self.device else None
        return rally_screen(self.event, self.ui, pages=self.sync_pages(), device=device)

    def act(self, name: str, arg: str, el=None) -> None:
        handler = getattr(self, "do_" + name.removeprefix("rally-").replace("-", "_"), None)
        if handler is None:
            return
        self.ui.error = ""
        self.ui.note = ""
        focus = None
        try:
            focus = handler(arg, el)
        except RallyError as exc:
            self.ui.error = str(exc)
        self.render(focus)

    def on_input(self, el) -> None:
        field = _data(el, "rallyField")
        value = _attr(el, "value")
        if self.sync_input(field, value):
            return
        ui = self.ui
        f = ui.setup
        if field in ("title", "rounds", "first"):
            f.type_in(field, value)
            if field != "title":  # the preview of the starting doubles follows
                self.render(f"#rally-{field}", caret=True)
        elif field == "name":
            i = int(_data(el, "i", "0"))
            if 0 <= i < len(ui.new_names):
                ui.new_names[i] = value
        elif field == "late-name":
            ui.late_name = value
        elif field == "rename-name":
            ui.rename_name = value
        elif field == "po-first":
            ui.po_first = value
        elif field == "po-rounds":
            ui.po_rounds = value
        elif field == "pts" and self.event is not None and ui.table is not None:
            i = int(_data(el, "i", "0"))
            d = self.draft()
            names = self.event.seated(ui.table, d.round)
            if 0 <= i < len(names):
                d.points[names[i]] = value
                if d.active != i:
                    d.active = i
                    self.render(f"#rally-pts-{i}", caret=True)

    def on_change(self, el) -> None:
        field = _data(el, "rallyField")
        if self.sync_change(field, el):
            return
        if field == "round" and self.event is not None and self.ui.table is not None:
            try:
                r = int(_attr(el, "value"))
            except ValueError:
                return
            t = self.ui.table
            if not 1 <= r <= len(self.event.sheet(t)["rounds"]):
                return
            self.ui.drafts[t] = new_draft(self.event, t, r)
            self.ui.error = ""
            self.render("#rally-round")
        elif field == "rename-seat":
            self.ui.rename_seat = _attr(el, "value", "1")
        elif field == "import":
            files = getattr(el, "files", None)
            if _nothing(files) or not int(files.length):
                return
            asyncio.ensure_future(self._import(files.item(0)))

    async def _import(self, file) -> None:
        name = _attr(file, "name", "The file")
        try:
            try:
                buf = await file.arrayBuffer()
                data = bytes(buf.to_bytes())
            except AttributeError:
                data = str(await file.text())
            self.import_data(data, name)
        except Exception as exc:  # never a silent failure
            self.ui.error = f"{name} could not be read: {exc}. Nothing here was changed."
        self.render()

    def import_data(self, data: str | bytes, name: str) -> None:
        """A file's content: refused with the engine's reason (nothing touched), opened
        when there is no event yet, else held until the official confirms."""
        self.ui.error = ""
        self.ui.note = ""
        try:
            ev = loads(data, clock=self.clock)
        except RallyError as exc:
            self.ui.error = (f"{name} was not imported: {exc}. Nothing here was changed.")
            return
        if self.event is None:
            self._replace(ev, name)
        else:
            self.ui.pending_import = ev
            self.ui.pending_name = name

    def _replace(self, ev: Event, name: str) -> None:
        ev.clock = self.clock
        self.event = ev
        self.ui = RallyState(setup=self.ui.setup)
        self.ui.note = f"{name} imported: {ev.title}, {len(ev.tables())} tables."
        self.save()

    # ---- the handlers: return a selector to focus after drawing, or None -------------------
    def do_home(self, arg, el):
        self.c.screen = "start"

    def do_page(self, arg, el):
        pages = ("table", "history", "send") if self.mode == "table" else (
            "tables", "standings", "history", "playoff", "devices", "files")
        if arg in pages:
            self.ui.page = arg
            self.ui.late_open = self.ui.rename_open = False
        return f'[data-act="rally-page:{arg}"]'

    def do_open(self, arg, el):
        if self.event is not None and arg in self.event.tables():
            self.ui.page = "table"
            self.ui.table = arg
            self.ui.late_open = self.ui.rename_open = False
        return "#entry-title"

    # setting up
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

    # entering a round
    def draft(self) -> Draft:
        t = self.ui.table
        d = self.ui.drafts.get(t)
        r = entry_round(self.event, t, d)
        if d is None or d.round != r:
            d = self.ui.drafts[t] = new_draft(self.event, t, r)
        return d

    def _names(self) -> list[str]:
        return self.event.seated(self.ui.table, self.draft().round)

    def do_pick(self, arg, el):
        d = self.draft()
        d.active = max(0, min(int(arg), len(self._names()) - 1))
        return f'[data-act="rally-pick:{d.active}"]'

    def do_noshow(self, arg, el):
        d = self.draft()
        names = self._names()
        n = names[int(arg)]
        if n in d.no_show:
            d.no_show.discard(n)
        else:
            d.no_show.add(n)
            d.points.pop(n, None)
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
                parse_points(v, fives(self.event), f"{table_title(self.ui.table)}, {n}")
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
        ev, t = self.event, self.ui.table
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
            parse_points(v, fives(ev), f"{table_title(t)}, {word(ev)} {d.round}, {n}")
            pts.append(v)
        if ev.sheet(t)["rounds"][d.round - 1]["entered"]:
            note = self._correct(d, names, pts)
        else:
            ev.enter_round(t, d.round, pts)
            self.save()
            note = ev.history()[-1]["text"] + "."
        nxt = ev.next_round(t)
        if nxt is None:
            note += f" Every {'game' if fives(ev) else 'round'} at {table_title(t)} is entered."
        self.ui.drafts[t] = new_draft(ev, t, nxt or d.round)
        self.ui.note = note
        return "#entry-title"

    def _correct(self, d: Draft, names: list[str], pts: list) -> str:
        """A round already entered: each score that differs from the sheet becomes one
        correction (G10 marks too), every one kept in the history."""
        ev, t = self.event, self.ui.table
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
            return f"Nothing to correct: {word(ev)} {d.round} is as entered."
        self.save()
        return " ".join(h["text"] + "." for h in done)

    def do_undo(self, arg, el):
        n = self.event.undo(int(arg) if arg else None)
        self.save()
        self.ui.note = self.event.history()[n - 1]["text"] + "."
        return '[data-act="rally-undo"]' if not arg else '[data-act="rally-page:history"]'

    def do_rename_open(self, arg, el):
        self.ui.rename_open = True
        self.ui.rename_name = ""
        return "#rally-rename-seat"

    def do_rename_cancel(self, arg, el):
        self.ui.rename_open = False
        self.ui.rename_name = ""

    def do_rename(self, arg, el):
        ev, t = self.event, self.ui.table
        try:
            seat = int(self.ui.rename_seat)
        except ValueError:
            seat = 1
        old = ev.sheet(t)["players"][seat - 1]["name"] if 1 <= seat <= len(
            ev.sheet(t)["players"]) else "?"
        ev.rename(t, seat, self.ui.rename_name)
        self.save()
        new = ev.sheet(t)["players"][seat - 1]["name"]
        self.ui.drafts.pop(t, None)  # the form is keyed by names
        self.ui.rename_open = False
        self.ui.rename_name = ""
        self.ui.note = f"{old} is now {new} on {table_title(t)}'s sheet."
        return "#entry-title"

    def do_late_open(self, arg, el):
        self.ui.late_open = True
        return "#rally-late-name"

    def do_late_cancel(self, arg, el):
        self.ui.late_open = False
        self.ui.late_name = ""

    def do_late(self, arg, el):
        ev, t = self.event, self.ui.table
        name = self.ui.late_name
        n = ev.late_arrival(t, name)
        self.save()
        row = ev.sheet(t)["players"][-1]
        self.ui.late_open = False
        self.ui.late_name = ""
        r = ev.log[n - 1]["round"]
        self.ui.note = (f"{row['name']} joins {table_title(t)} at round {r} with "
                        f"{row['start']}, the table's highest total "
                        f"({cite('G7', ev.preset)}).")
        return "#entry-title"

    # playoff
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

    # files, print
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
        self.forget_bad_save()
        self.ui = RallyState()
        self.save()
        self.ui.note = "A new event: fill in its title, game and rounds."
        return "#rally-title"

    def do_print(self, arg, el):
        self.ui.printed_at = self.clock()
        self.c.render()
        js = self.js
        if js is not None:
            js.window.print()

    def do_download_bad(self, arg, el):
        text = self.bad_text or read(self.c.storage(), BAD_SAVE_KEY) or ""
        js = self.js
        if js is None:
            return
        a = js.document.createElement("a")
        a.href = "data:application/json;charset=utf-8," + js.encodeURIComponent(text)
        a.download = "rally-dominoes-damaged-event.json"
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        self.bad_text = text or None  # kept for this visit; no longer in storage
        self.forget_bad_save()
