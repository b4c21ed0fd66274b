"""The rally scorekeeper in the browser: which rally page shows, what the
official pressed, and the few calls to the page (local storage, print, file reading).

The event itself is a ``bones.rally.Event`` (docs/rally.md): every entry goes through
it, so every refusal is the engine's ``RallyError`` in plain words, shown in the page's
role="alert" line, and a refused entry changes nothing. The markup comes from the pure
functions of app.rally.views. The actions of a table's entry page are in
app.rally.entry_ui, those that set up the event in app.rally.event_ui, those for table
devices in app.rally.sync_ui: ``RallyScreen`` holds one of each (``entry``, ``setup``,
``devices``) and a press goes to the first of them with its ``do_`` method. The controller
(app.controller) forwards every ``data-act="rally-..."`` press and the rally page's input
and change events here.

Runs in CPython too (tests/app/test_rally_views.py drives it with a stand-in
controller): the browser is reached only through the controller's page (app.browser.page) and
``controller.storage()``.
"""

from __future__ import annotations

import asyncio

from app.dom import NO_CONTROL, Control
from app.rally.entry_ui import EntryActions
from app.rally.event_ui import EventActions
from app.rally.state import KEEP, Changed, Draft, RallyDesk, RallyState, entry_round, new_draft
from app.rally.sync_ui import DEVICE_BAD_KEY, DEVICE_KEY, SyncActions
from app.rally.sync_views import SyncState
from app.rally.views import DEVICE_PAGES, PAGES, rally_screen
from app.screen import Screen
from app.shared.house_store import HouseStore
from app.shared.storage import FULL, move, read, remove, store, unsaved_words
from bones.rally import Event, RallyError, loads
from bones.rally.sync import TableDevice

SAVE_KEY = "rally-dominoes:rally"
BAD_SAVE_KEY = "rally-dominoes:rally-bad-save"


class RallyScreen(Screen):
    name, prefix = "rally", "rally-"

    def __init__(self, controller, mode: str = "official"):
        self.c = controller
        self.mode = mode  # "official": the whole event; "table": one table's own device
        # the event, a table's device and the pages: what the parts below work on too
        self.desk = RallyDesk(RallyState(page_only=mode == "table"))
        self.loaded = False
        self.bad_text: str | None = None  # this visit's damaged event, for its download
        self.bad_kept = False  # a damaged event is kept (in storage or this visit)
        self.bad_in_place = False  # ... under the save's own key: no room to move it
        self.save_key = SAVE_KEY if mode == "official" else DEVICE_KEY
        self.bad_key = BAD_SAVE_KEY if mode == "official" else DEVICE_BAD_KEY
        d = self.desk
        self.entry = EntryActions(d, draft=self.draft)  # a table's entry page (entry_ui)
        # setting up the event, a playoff, a file's event (app.rally.event_ui)
        self.setup = EventActions(d, clock=self.clock, replace=self._replace)
        # tables' own devices (app.rally.sync_ui)
        self.devices = SyncActions(controller.page, mode, d, apply=self.apply,
                                   render=self.render, clock=self.clock,
                                   scanner=lambda: getattr(self.c, "scanner", None))

    def parts(self) -> tuple:
        return self.entry, self.setup, self.devices

    # ---- what the screen holds: the desk's, the devices' ------------------------------
    @property
    def event(self) -> Event | None:
        return self.desk.event

    @event.setter
    def event(self, ev: Event | None) -> None:
        self.desk.event = ev

    @property
    def device(self) -> TableDevice | None:
        return self.desk.device

    @device.setter
    def device(self, dev: TableDevice | None) -> None:
        self.desk.device = dev

    @property
    def ui(self) -> RallyState:
        return self.desk.ui

    @ui.setter
    def ui(self, ui: RallyState) -> None:
        self.desk.ui = ui

    @property
    def sync(self) -> SyncState:
        return self.devices.state

    def draft(self) -> Draft:
        """The round being typed in at the table shown: kept while it is that table's
        round to enter (or the round chosen), else a fresh one."""
        t = self.ui.table
        d = self.ui.drafts.get(t)
        r = entry_round(self.event, t, d)
        if d is None or d.round != r:
            d = self.ui.drafts[t] = new_draft(self.event, t, r)
        return d

    # ---- the browser --------------------------------------------------------------------
    def clock(self) -> str:
        """Local time for the history ("2025-05-14 14:05")."""
        return self.c.page.clock()

    def render(self, focus: str | None = None, caret: bool = False) -> None:
        self.c.render()
        if focus:
            self.c.focus(focus)
            if caret:
                self.c.page.focusing.caret_to_end(focus)

    def warn(self, text: str) -> None:
        self.c.page.warn(text)

    # ---- opening, saving ----------------------------------------------------------------
    def open(self) -> None:
        """Called each time the start screen's "Rally scorekeeper" is pressed: the saved
        event is read once. One that cannot be opened is never deleted, whatever its size:
        it is moved aside (or left where it is when there is no room to move it) and
        offered as a download until it is downloaded; a clean start is ready."""
        self.ui.error = ""
        self.ui.note = ""
        if self.loaded:
            return
        self.loaded = True
        st = self.c.storage()
        self.bad_kept = self._bad_stored() is not None  # from an earlier visit
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
                self.warn(f"Rally Dominoes: the saved event could not be opened: {exc!r}")
                exc = RallyError(f"it could not be read ({exc!r})")  # a message safe to show
            self.bad_text = text  # this visit's copy
            free = next((k for k in self._bad_keys() if read(st, k) is None), None)
            self.bad_in_place = free is None or not move(st, self.save_key, free, text)
            self.bad_kept = True
            self.event = self.device = None
            what = "saved event" if self.mode == "official" else "table's saved sheet"
            self.ui.error = (f"The {what} could not be opened: {exc}. It is kept on this "
                             "machine until you download it (below); a clean start is "
                             "ready.")
            return
        self.event.clock = self.clock

    def _bad_keys(self) -> list[str]:
        """Where damaged events are kept for their download: one key, then numbered ones."""
        return [self.bad_key] + [f"{self.bad_key}-{i}" for i in range(2, 10)]

    def _bad_stored(self) -> str | None:
        """The first key that keeps a damaged event, if any."""
        st = self.c.storage()
        return next((k for k in self._bad_keys() if read(st, k) is not None), None)

    def save(self) -> None:
        """Save the event after every change. While that fails, the page says why and what
        to do (``ui.unsaved``), until a save succeeds."""
        st = self.c.storage()
        official = self.mode == "official"
        if self.bad_in_place:  # the damaged event fills the storage: never written over
            why = FULL
        elif self.event is None:
            remove(st, self.save_key)
            why = None
        else:
            text = self.device.dumps() if not official and self.device else \
                self.event.dumps()
            why = store(st, self.save_key, text)
        if why is None:
            self.ui.unsaved = ""
            return
        said, _todo = unsaved_words(why, "The event" if official else "This table's sheet")
        todo = ("Export it now to keep it (Import / export)." if official else
                "Send it to the official now (Send to the official).")
        if self.bad_in_place:
            todo = ("The damaged event fills this machine's storage: download it (below) "
                    "to make room. " + todo)
        self.ui.unsaved = f"{said} {todo}"
        if self.event is not None:
            self.ui.error = self.ui.unsaved  # said now (the banner stays while it fails)
        self.warn(f"Rally Dominoes: could not save the rally event (storage {why})")

    # ---- markup and events ---------------------------------------------------------------
    def markup(self) -> str:
        self.ui.bad_save = self.bad_kept
        if self.event is None:  # the set-up offers the house rules kept on this device
            f = self.ui.setup
            f.houses = HouseStore(self.c.storage()).of_game(f.game)
            if f.house is not None and not any(h == f.house for h in f.houses):
                f.set_preset(f.preset)
        device = self.device.table if self.mode == "table" and self.device else None
        pages = self.devices.sync_pages()
        return rally_screen(self.event, self.ui, pages=pages, device=device,
                            storage=self.c.page.read_flag("storage"))

    def act(self, name: str, arg: str, el: Control = NO_CONTROL) -> bool:
        handler = self.handler(name)
        if handler is None:
            return False
        self.ui.error = ""
        self.ui.note = ""
        focus = None
        try:
            focus = self.apply(handler(arg, el))
        except RallyError as exc:
            self.ui.error = str(exc)
        self.render(focus)
        return True

    def apply(self, got: Changed | str | None) -> str | None:
        """What a part's press changed (app.rally.state's ``Changed``), made so here; the
        control to focus after drawing (a press may return only that, or None)."""
        if not isinstance(got, Changed):
            return got
        if got.fresh is not None:
            self.ui = got.fresh
        if got.event is not KEEP:
            self.event = got.event
        if got.device is not KEEP:
            self.device = got.device
        for name, value in got.ui.items():
            setattr(self.ui, name, value)
        if got.save:
            self.save()
        return got.focus

    def on_input(self, el) -> None:
        field = el.data.get("rallyField", "")
        value = el.value
        if self.devices.sync_input(field, value):
            return
        ui = self.ui
        f = ui.setup
        if field in ("title", "rounds", "first"):
            f.type_in(field, value)
            if field != "title":  # the preview of the starting doubles follows
                self.render(f"#rally-{field}", caret=True)
        elif field == "name":
            i = int(el.data.get("i", "0"))
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
            i = int(el.data.get("i", "0"))
            d = self.draft()
            names = self.event.seated(ui.table, d.round)
            if 0 <= i < len(names):
                d.points[names[i]] = value
                if d.active != i:
                    d.active = i
                    self.render(f"#rally-pts-{i}", caret=True)

    def on_change(self, el) -> None:
        field = el.data.get("rallyField", "")
        if self.devices.sync_change(field, el):
            return
        if field == "round" and self.event is not None and self.ui.table is not None:
            try:
                r = int(el.value)
            except ValueError:
                return
            t = self.ui.table
            if not 1 <= r <= len(self.event.sheet(t)["rounds"]):
                return
            self.ui.drafts[t] = new_draft(self.event, t, r)
            self.ui.error = ""
            self.render("#rally-round")
        elif field == "rename-seat":
            self.ui.rename_seat = el.value or "1"
        elif field == "import":
            if el.files:
                asyncio.ensure_future(self._import(el.files[0]))

    async def _import(self, file) -> None:
        page = self.c.page
        name = page.file_name(file) or "The file"
        try:
            try:
                data = await page.read_bytes(file)
            except AttributeError:
                data = await page.read_text(file)
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
    # (Pages, undo, print and the damaged save here; a table's entry page in
    # app.rally.entry_ui, setting up, playoffs and a new event in app.rally.event_ui.)
    def do_home(self, arg, el):
        self.c.screen = "start"

    def do_page(self, arg, el):
        if arg in (DEVICE_PAGES if self.mode == "table" else PAGES):
            self.ui.page = arg
            self.ui.late_open = self.ui.rename_open = False
        return f'[data-act="rally-page:{arg}"]'

    def do_open(self, arg, el):
        if self.event is not None and arg in self.event.tables():
            self.ui.page = "table"
            self.ui.table = arg
            self.ui.late_open = self.ui.rename_open = False
        return "#entry-title"

    def do_undo(self, arg, el):
        n = self.event.undo(int(arg) if arg else None)
        self.save()
        self.ui.note = self.event.history()[n - 1]["text"] + "."
        return '[data-act="rally-undo"]' if not arg else '[data-act="rally-page:history"]'

    def do_print(self, arg, el):
        self.ui.printed_at = self.clock()
        self.c.render()
        self.c.page.print()

    def do_download_bad(self, arg, el):
        """The damaged event as a file. Once downloaded it is no longer kept in storage
        (this visit keeps it, so the button still works); the next one kept, if any, is
        offered next."""
        st = self.c.storage()
        if self.bad_in_place:
            key, text = self.save_key, self.bad_text or ""
        else:
            key = self._bad_stored()
            text = read(st, key) if key else self.bad_text or ""
        self.c.page.download(text or "", "rally-dominoes-damaged-event.json")
        if key is not None:
            remove(st, key)
        if self.bad_in_place:
            self.bad_in_place = False
            self.save()  # the room it took is this event's now
        if key != self.save_key and text == self.bad_text:
            self.bad_text = text  # kept for this visit
        self.bad_kept = self.bad_text is not None or self._bad_stored() is not None
