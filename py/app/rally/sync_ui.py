"""Tables that keep their own sheets, in the browser (docs/rally.md, "Table devices"): the
handlers the rally screen (app.rally.ui) takes on for hand-outs, receiving sheets, round
codes and the camera. The official's device and a table's device are the same screen in
two modes: ``official`` (the whole event) and ``table`` (a ``TableDevice``: one table).

Everything that arrives (a scanned code, a file, a typed code) goes through bones.rally's
checks, so a bad one is refused with a message and nothing here changes."""

from __future__ import annotations

import asyncio

from app.browser import qr
from app.rally.state import Changed, RallyDesk
from app.rally.sync_views import SyncState, device_start, devices_page, send_page
from bones.rally import NO_SHOW, RallyError
from bones.rally.sync import Merge, TableDevice, handout
from bones.rally.wire import read_round_code

DEVICE_KEY = "rally-dominoes:table-device"
DEVICE_BAD_KEY = "rally-dominoes:table-device-bad-save"


class SyncActions:
    """Part of the rally screen (app.rally.ui.RallyScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for. It keeps the table-device
    pages' own state (``state``, a ``SyncState``); the screen gives it the page (its files),
    its mode ("official" or "table"), the ``desk`` it works on (app.rally.state.RallyDesk:
    the event, the device, the pages) to read, ``apply`` for what it changed of the
    screen's (app.rally.state's ``Changed``, which its ``do_`` methods return instead),
    and how to ``render``, read the ``clock`` and find the camera's reader
    (``scanner()``); never the controller."""

    def __init__(self, page, mode: str, desk: RallyDesk, *, apply, render, clock, scanner):
        self.page, self.mode, self.desk = page, mode, desk
        self.scanner = scanner  # the camera's QR reader (app.shared.scan), or None
        self.apply, self.render, self.clock = apply, render, clock
        self.state = SyncState()

    # ---- markup -----------------------------------------------------------------------
    def sync_pages(self) -> dict[str, str]:
        """Markup of the pages this module draws, for the page that shows now."""
        ev, ui, s = self.desk.event, self.desk.ui, self.state
        if self.mode == "table":
            if ev is None or self.desk.device is None:
                return {"start": device_start(s)}
            if ui.page == "send":
                text = self.desk.device.sheet()
                return {"send": send_page(self.desk.device, s, self._qr(
                    text, f"Table {self.desk.device.table}'s sheet as a QR code"))}
            return {}
        if ev is not None and ui.page == "devices":
            text = qr_for = ""
            if s.handout is not None and s.handout in ev.tables():
                text = handout(ev, s.handout)
                qr_for = self._qr(text, f"Table {s.handout}'s hand-out as a QR code")
            return {"devices": devices_page(ev, s, qr_for, text)}
        return {}

    def _qr(self, text: str, title: str) -> str:
        try:
            import segno  # noqa: F401  (py/segno.zip, loaded on first use)
        except ImportError:
            asyncio.ensure_future(self._load_qr())
            return '<p class="qr-wait" role="status">Drawing the code&hellip;</p>'
        return qr.qr_svg(text, title=title)

    async def _load_qr(self) -> None:
        try:
            await qr.ensure_segno()
        except Exception as exc:  # offline before it was ever cached: say so, keep going
            self.apply(Changed(ui={"error": f"The QR code could not be drawn here ({exc}): "
                                            "use the file instead."}))
        self.render()

    # ---- the official's device ---------------------------------------------------------
    def do_handout(self, arg, el):
        if self.desk.event is None or arg not in self.desk.event.tables():
            return None
        handout(self.desk.event, arg)  # a playoff is refused here, in words
        self.state.handout = arg
        return "#ho-title"

    def do_handout_done(self, arg, el):
        self.state.handout = None
        return '[data-act="rally-page:devices"]'

    def receive_sheet(self, text: str, name: str) -> None:
        """A table's sheet, from the camera or a file: checked, then shown for review."""
        self.apply(self._sheet(text, name))

    def _sheet(self, text: str, name: str) -> Changed:
        if self.desk.event is None:
            raise RallyError("Start or open the event first")
        try:
            m = Merge(self.desk.event, text)
        except RallyError as exc:
            raise RallyError(f"The sheet from {name} was not taken: {exc}. Nothing here "
                             f"was changed.") from None
        if m.status == "nothing" or m.status == "clean" and not m.added:
            m.apply()  # records the sheet as read: nothing to review
            self.state.merge = None
            return Changed(save=True, ui={"note": m.summary() + "."})
        self.state.merge, self.state.merge_name = m, name
        return Changed(ui={"page": "devices"})

    def do_merge(self, arg, el):
        m = self.state.merge
        if m is None or self.desk.event is None:
            return None
        n = m.apply("official" if arg == "official" else "table")
        self.state.merge = None
        kept = ("this device's sheet kept" if arg == "official" and m.status == "conflict"
                else f"{n - 1} change{'s' if n != 2 else ''} added")  # n: with the record
        return Changed("#recv-title", save=True, ui={
            "note": f"{m.title}'s sheet received: {kept}. The standings are up to date."})

    def do_merge_cancel(self, arg, el):
        self.state.merge = None
        return Changed("#recv-title", ui={
            "note": "The table's sheet was put aside: nothing was changed."})

    def do_round_code(self, arg, el):
        if self.desk.event is None:
            return None
        table, rnd, pts = read_round_code(self.state.code_text)
        if table not in self.desk.event.tables():
            raise RallyError(f"The code is for Table {table}: this event has no such table")
        self.desk.event.enter_round(table, rnd, pts)
        self.state.code_text = ""
        shown = ", ".join("no-show" if v == NO_SHOW else str(v) for v in pts)
        word = self.desk.event.rules.word
        return Changed("#rally-round-code", save=True, ui={
            "note": f"Table {table}, {word} {rnd} entered: {shown}."})

    # ---- the table's device ----------------------------------------------------------------
    def take_handout(self, text: str, name: str) -> None:
        """The official's hand-out, from the camera or a file: this device keeps that
        table's sheet (asked first when it would lose the sheet it keeps)."""
        self.apply(self._handout(text, name))

    def _handout(self, text: str, name: str) -> Changed:
        try:
            dev = TableDevice.from_handout(text, clock=self.clock)
        except RallyError as exc:
            raise RallyError(f"The hand-out from {name} was not taken: {exc}. Nothing here "
                             f"was changed.") from None
        old = self.desk.device
        if old is not None and len(old.event._log) > old.floor and not (
                old.hand["e"] == dev.hand["e"] and old.table == dev.table
                and dev.hand["b"] >= old.hand["b"] and old.event == dev.event):
            self.state.pending = dev  # the sheet here would be lost: ask first, on the page
            # that shows this sheet's code, to hand it back first
            return Changed(ui={"page": "send"})
        return self._use_device(dev)

    def _use_device(self, dev: TableDevice, focus: str | None = None) -> Changed:
        self.state.pending = None
        return Changed(focus, device=dev, event=dev.event, save=True, ui={
            "page": "table", "table": dev.table, "page_only": True, "drafts": {},
            "note": f"You keep Table {dev.table}'s sheet of {dev.title} on this device."})

    def do_handout_yes(self, arg, el):
        if self.state.pending is not None:
            return self._use_device(self.state.pending, "#entry-title")
        return "#entry-title"

    def do_handout_no(self, arg, el):
        self.state.pending = None
        return Changed(ui={"note": "The sheet on this device is kept as it was."})

    # ---- scanning and files ---------------------------------------------------------------
    def do_scan(self, arg, el):
        what = "the official's code" if arg == "handout" else "a table's sheet"
        scanner = self.scanner()
        if scanner is None:
            raise RallyError("This browser cannot use a camera here: open the file instead")

        def got(text: str) -> None:
            self.apply(Changed(ui={"error": "", "note": ""}))
            try:
                if arg == "handout":
                    self.take_handout(text, "the camera")
                else:
                    self.receive_sheet(text, "the camera")
            except RallyError as exc:
                self.apply(Changed(ui={"error": str(exc)}))
            self.render("#merge-title" if self.state.merge is not None else None)

        def failed(message: str) -> None:
            self.apply(Changed(ui={"error": message}))
            self.render()

        scanner.start(f"Hold the camera up to {what}", got, failed)
        return None

    def sync_change(self, field: str, el) -> bool:
        """A file chosen for a hand-out or a sheet; False for any other field."""
        if field not in ("sheet-file", "handout-file"):
            return False
        if el.files:
            asyncio.ensure_future(self._read_file(el.files[0], field))
        return True

    async def _read_file(self, file, field: str) -> None:
        name = self.page.file_name(file) or "the file"
        self.apply(Changed(ui={"error": "", "note": ""}))
        try:
            text = await self.page.read_text(file)
            self.sync_text(text, field, name)
        except RallyError as exc:
            self.apply(Changed(ui={"error": str(exc)}))
        except Exception as exc:  # never a silent failure
            self.apply(Changed(ui={
                "error": f"{name} could not be read: {exc}. Nothing here was changed."}))
        self.render("#merge-title" if self.state.merge is not None else None)

    def sync_text(self, text: str, field: str, name: str) -> None:
        if field == "handout-file":
            self.take_handout(text, name)
        else:
            self.receive_sheet(text, name)

    def sync_input(self, field: str, value: str) -> bool:
        if field == "round-code":
            self.state.code_text = value
            return True
        return False
