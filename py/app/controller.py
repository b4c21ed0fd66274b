"""The page's controller: one listener per kind of event on the whole document, each
event routed to the screen it is for (app.screen: ``markup``, ``drawn``, ``act``,
``on_change``, ``on_input``), and that screen drawn again. A press reads ``data-act``, so
markup can be redrawn freely: ``rally-``, ``kiosk-``, ``house-`` and ``past-`` presses go
to their screens, the rest to the table (app.table.ui) or the start form (app.start.ui).
Here: which screen shows, the dialog over it, the page-wide presses and a game's
beginning. Focus kept through redraws is app.shared.focus, the page-wide keys
app.shared.keyboard. The table screen (app.table.ui) owns its world: its computer
players, moves seen and heard, dragging, keys, what it last said, its save
(app.table.saving) and its drawing: a press at the table is handed to it and never comes
back here (``render`` hands the table its own ``redraw``). The browser is reached only
through ``page`` (app.browser.page, made by app.boot).
"""

from __future__ import annotations

import asyncio

from app.browser.page import Page
from app.dom import NO_CONTROL, Control, nothing
from app.dom import closest as _closest
from app.game.session import Session
from app.past.keeping import Keeper
from app.screen import Dialog, DialogSlot, Screen
from app.shared.keyboard import Keyboard
from app.start.ui import StartScreen
from app.table import dialogs, saving
from app.table.ui import TableScreen
from app.together.views import over_table
from bones.errors import IllegalMove


class Controller:
    def __init__(self, page: Page):
        self.page = page  # the browser, reached only through it (app.browser.page)
        self.session: Session | None = None
        self.start_screen = StartScreen(self)  # the form that sets up a game (app.start.ui)
        self.screen = "start"
        self.slot = DialogSlot()  # the one dialog over the screen (``dialog``)
        self.bad_save: str | None = None  # a damaged save, for its download
        self.rally = None  # the rally scorekeeper's screen (app.rally.ui), made when opened
        self.rally_modes: dict = {}  # "official" and "table" (a table's own device)
        self.house = None  # the house rules screen (app.house.ui), made when opened
        self.scanner = None  # the camera's QR reader (app.shared.scan), made in the browser
        self.kiosk = None  # kiosk mode (app.kiosk.ui): attract screen, idle time-out, PIN
        self.keeper = Keeper(page.clock, self.storage)  # games kept with the past games
        self.keys = Keyboard(self)  # page-wide keys, and focus kept through redraws
        # the game at the table (app.table.ui), and its parts: it draws and saves itself
        self.table = TableScreen(self, self.keys.focus, self.slot,
                                 above=lambda: over_table(self),  # Play together's line
                                 finished=self.keeper.keep_game)
        self.past = None  # past games (app.past.ui): kept, replayed, counted; made when needed
        self.together = None  # Play together (app.together.ui): made when first needed

    @property
    def dialog(self) -> Dialog | None:
        """The dialog over the screen, or None (kept in ``slot``, which the table holds)."""
        return self.slot.dialog

    @dialog.setter
    def dialog(self, dialog: Dialog | None) -> None:
        self.slot.dialog = dialog

    @property
    def unsaved(self) -> str | None:
        """Why the game's last save failed (app.shared.storage), or None."""
        return self.table.saver.unsaved

    # ---- start-up -----------------------------------------------------------------------
    def start(self) -> None:
        on = self.listen
        # first: a tap or key lets the page's sound start (browsers allow it only then)
        table = self.table
        on("document", "click", table.motion.gesture)
        on("document", "keydown", table.motion.gesture)
        # then: any tap or key stops "Show again" (app.table.show_again), before what it does
        on("document", "click", self.table.replay.interrupt)
        on("document", "keydown", self.table.replay.interrupt)
        on("document", "click", self.on_click)
        on("document", "keydown", self.keys.on_key)
        on("document", "change", self.on_change)
        on("document", "input", self.on_input)
        on("document", "pointerdown", table.drag.on_pointer_down)
        on("document", "pointermove", table.drag.on_pointer_move)
        on("document", "pointerup", table.drag.on_pointer_up)
        on("document", "pointercancel", table.drag.on_pointer_cancel)
        on("window", "resize", lambda _e: self.render())
        on("window", "storage", self.on_storage)
        self.session = self._load()
        if self.session is not None and not self.session.game.match_over:
            self.screen = "table"
        from app.kiosk.ui import KioskScreen

        self.kiosk = KioskScreen(self)
        self.kiosk.start()  # in kiosk mode the attract screen may come first
        was = saving.open_screen(self.storage())
        if not self.kiosk.active and was in ("rally", "rally-table"):
            said = self.dialog  # a damaged save is still said, over the scorekeeper
            self.do_rally("table" if was == "rally-table" else "", None)  # back to it
            self.dialog = said
        self.render()
        self.schedule()

    def _remember_screen(self) -> None:
        """Which screen is open, so a reload comes back to the rally scorekeeper."""
        saving.remember_screen(self.storage(), "game" if self.screen != "rally" else (
            "rally-table" if getattr(self.rally, "mode", "") == "table" else "rally"))

    def listen(self, target: str, kind: str, fn) -> None:
        """``fn(event)`` on ``kind`` events of ``target`` ("document", "window" or an
        element's id: app.browser.page's ``listen``), guarded: a failure is said, not fatal."""
        def guarded(event):
            try:
                fn(event)
            except Exception as exc:  # a bug must not leave a dead table: say so, carry on
                self.page.error(f"Rally Dominoes: {kind} failed: {exc!r}")
                self.table.state.tell("Sorry, something went wrong there. Please try again.")
                try:
                    self.render()
                except Exception:
                    pass

        self.page.listen(target, kind, guarded)

    # ---- saving -------------------------------------------------------------------------
    def storage(self):
        return self.page.storage()

    def _load(self) -> Session | None:
        """The saved game, or None. A damaged one is taken away, kept aside for a
        download when it is small enough, and explained (app.table.saving)."""
        session, kept, problem = saving.load(self.storage(), self.page)
        if problem is not None:
            self.bad_save = kept  # this visit's copy
            self.dialog = dialogs.DamagedSave(problem)
        if session is not None and session.notes:  # e.g. a train game's Hard now Normal
            self.table.state.tell(" ".join(session.notes))
        return session

    def forget_bad_save(self) -> None:
        """The damaged save is no longer kept (downloaded, or the player started fresh)."""
        saving.forget_bad_save(self.storage())
        self.bad_save = None

    def save(self) -> None:
        """Save the game (the table's save); while saving fails, the table shows why
        (``unsaved``)."""
        self.table.save()

    def on_storage(self, event) -> None:
        """The game open in another tab saved: this tab takes up that game, so it never
        writes its older table over the newer one."""
        if (self.kiosk is not None and self.kiosk.active) or self.screen == "rally":
            return
        session = saving.from_other_tab(event, self.session)
        if session is None:  # not the game's save, the same game, or one that won't load
            return
        self.session = session
        if self.screen == "table" and session.game.match_over:
            self.screen = "start"  # elsewhere (the start screen) the player stays put
        self.dialog = None
        self.table.state.forget()
        self.render()
        self.schedule()

    # ---- drawing ------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw the screen on show; focus stays on the same control (or the next
        sensible one: app.shared.focus) and a new hint is said in the live region. The
        table draws itself (``TableScreen.redraw``), as it does after its own presses."""
        screen = self.current()
        if screen is self.table and self.table.on_show():
            self.table.redraw()
            return
        before = self.keys.focus.key()
        self._remember_screen()
        self.table.drag.clear_ghosts()
        self.page.set_html(screen.markup() + self._dialog_markup())
        self.page.flag("screen", screen.name)
        screen.drawn()
        self.keys.focus.settle(before)
        self.table.say_hint()  # a new line under the table, said once

    def current(self) -> Screen:
        """The screen on show: a kiosk's attract screen (in kiosk mode, the start screen
        too), the rally scorekeeper, the start form, or the table."""
        if self.kiosk is not None and self.kiosk.claims(self.screen):
            return self.kiosk
        if self.screen == "rally" and self.rally is not None:
            return self.rally
        if self.screen == "house" and self.house is not None:
            return self.house
        if self.screen == "past" and self.past is not None:
            return self.past
        if self.screen in ("together", "hand") and self.together is not None:
            return self.together
        if self.screen == "start" or self.session is None:
            return self.start_screen
        return self.table

    def _dialog_markup(self) -> str:
        if self.dialog is None:  # the table's own (the round's end), when it is up
            on_table = self.session is not None and self.screen == "table"
            return self.table.dialog_markup() if on_table else ""
        return self.dialog.markup(self)

    def can_resume(self) -> bool:
        return self.session is not None and not self.session.game.match_over

    # ---- events -------------------------------------------------------------------------
    def on_click(self, event) -> None:
        if self.table.drag.swallow_click():
            return
        el = _closest(event.target, "[data-act]")
        if nothing(el):
            return
        ctl = self.page.control(el)
        if ctl.disabled or ctl.tag == "INPUT":  # radios and checkboxes act on change
            return
        self.act(ctl.data.get("act", ""), ctl)

    def on_change(self, event) -> None:
        ctl = self.page.control(event.target)
        if ctl.data.get("act"):
            self.act(ctl.data["act"], ctl)
            return
        self._form_screen().on_change(ctl)

    def on_input(self, event) -> None:
        self._form_screen().on_input(self.page.control(event.target))

    def _form_screen(self) -> Screen:
        """The screen whose form fields are on show: the rally's, house rules', or the
        start form's (the table and a kiosk's attract screen have none)."""
        if self.screen == "rally" and self.rally is not None:
            return self.rally
        if self.screen == "house" and self.house is not None:
            return self.house
        return self.start_screen

    def focus(self, selector: str) -> None:
        self.page.focusing.focus(selector)

    def shown(self) -> None:
        """The page is on screen (start-up's end): a dialog drawn while it was hidden
        takes focus now (app.shared.keyboard)."""
        on_table = self.current() is self.table
        self.keys.focus.shown(self.table.keys.fallback_focus if on_table else None)

    def say(self, text: str) -> None:
        """Say ``text`` in the page's one live region (index.html's #live): it is never
        redrawn, so a screen reader hears each line once. The last few lines stay."""
        self.table.say(text)  # and aloud at the table, with "Read the moves aloud" on

    # ---- what a press means -------------------------------------------------------------
    def act(self, act: str, el: Control = NO_CONTROL) -> None:
        name, _, arg = act.partition(":")
        if name.startswith("rally-") and self.rally is not None:
            self.rally.act(name, arg, el)
            return
        if name.startswith("kiosk-") and self.kiosk is not None:
            self.kiosk.act(name, arg, el)
            return
        if name.startswith("house-") and self.house is not None:
            self.house.act(name, arg, el)
            return
        if name.startswith("past-"):
            self.past_games().act(name, arg, el)
            return
        if name.startswith("together-"):
            from app.together.ui import TogetherScreen  # Play together, made when needed
            self.together = self.together or TogetherScreen(self)
            return self.together.act(name, arg, el)
        handler = getattr(self, "do_" + name.replace("-", "_"), None)  # the page's own
        if handler is None and self.table.handler(name) is not None:
            self.table.act(name, arg, el)  # the table's, handled there to its redraw
            return
        handler = handler or self.start_screen.handler(name)
        if handler is None:
            return
        try:
            handler(arg, el)
        except IllegalMove as exc:
            self.table.state.tell(f"Not allowed: {exc}")
            self.render()

    def do_rules(self, arg, el) -> None:
        """The rules: a sheet's (``arg`` its preset), house rules kept here (``arg``
        "house-N", as the start form lists them), or the game's in play."""
        s = self.session
        if arg.startswith("house-"):
            h = self.start_screen.house_at(arg.removeprefix("house-"))
            self.dialog = dialogs.Rules(h.base, h) if h is not None else None
        elif arg:
            self.dialog = dialogs.Rules(arg)
        elif s is not None:
            self.dialog = dialogs.Rules(s.game.preset, s.game.house)
        else:
            self.dialog = dialogs.Rules(self.start_screen.form.preset)
        self.render()

    def do_settings(self, arg, el) -> None:
        self.dialog = dialogs.Settings()
        self.render()

    def do_keep_storage(self, arg, el) -> None:
        """Settings: the player asks the browser to keep saved games (it may ask them)."""
        async def ask() -> None:
            await self.page.keep_storage()
            self.render()

        asyncio.ensure_future(ask())

    def do_sheet(self, arg, el) -> None:
        self.dialog = dialogs.Sheet()
        self.render()

    def do_close(self, arg, el) -> None:
        self.dialog = None
        self.render()
        self.schedule()

    def do_download_bad(self, arg, el) -> None:
        """The damaged save as a file; once downloaded it is no longer kept in storage
        (this visit keeps it, so the button still works)."""
        text = self.bad_save or saving.bad_save(self.storage()) or ""
        self.page.download(text, "rally-dominoes-damaged-save.json")
        saving.forget_bad_save(self.storage())
        self.bad_save = text or None

    def do_start_fresh(self, arg, el) -> None:
        self.forget_bad_save()
        self.do_close(arg, el)

    def do_scanner_stop(self, arg, el) -> None:
        if self.scanner is not None:
            self.scanner.stop()

    def do_rally(self, arg, el) -> None:
        """Open the rally scorekeeper: its own screens, same page."""
        from app.rally.ui import RallyScreen

        mode = "table" if arg == "table" else "official"
        if mode not in self.rally_modes:
            self.rally_modes[mode] = RallyScreen(self, mode)
        self.rally = self.rally_modes[mode]
        self.rally.open()
        self._show("rally")

    def do_house(self, arg, el) -> None:
        """House rules, from the start form or the rally's set-up (``arg`` "rally")."""
        from app.house.ui import HouseScreen

        self.house = self.house or HouseScreen(self)
        self.house.open("rally" if arg == "rally" else "start")
        self._show("house")
        self.focus("#house-title")

    def _show(self, screen: str) -> None:
        """A screen that may use the camera's panel (app.shared.scan) for QR codes."""
        if self.scanner is None:
            from app.shared.scan import Scanner
            self.scanner = Scanner(self)
        self.screen, self.dialog = screen, None
        self.render()

    def past_games(self):
        """The past games screen (app.past.ui), made when first needed: not at start-up."""
        if self.past is None:
            from app.past.ui import PastScreen
            self.past = PastScreen(self)
        return self.past

    def do_home(self, arg, el) -> None:
        self.screen = "start"
        self.dialog = None
        self.render()

    def do_resume(self, arg, el) -> None:
        self.screen = "table"
        self.dialog = None
        self.render()
        self.schedule()

    def begin(self, session: Session) -> None:
        if self.session is not None:  # a game put away part way is kept, abandoned
            said = self.keeper.keep_game(self.session)
            if said:
                self.say(said)
        self.session = session
        self.screen = "table"
        self.dialog = None
        self.table.state.drop_choice()
        self.save()
        self.render()
        self.table.turns.warm_up()  # while the players read who plays first

    # ---- the computer's turns -----------------------------------------------------------
    def schedule(self) -> None:
        self.table.turns.schedule()
