"""Kiosk mode in the browser: attract screen, idle time-out, the official's PIN.

``KioskScreen`` is kiosk mode's switch and its hold on the page, and keeps kiosk mode's
state; it holds three parts, each answering its own presses: the attract game
(``attract``, app.kiosk.attract_ui), the idle time-out (``idle``, app.kiosk.idle_ui) and
the official's PIN and settings (``official``, app.kiosk.official_ui).

Made by the controller at start-up. The controller forwards every ``data-act="kiosk-..."``
press here, draws ``markup()`` for the "attract" screen and ``dialog_markup()`` for
"kiosk-..." dialogs; everything else this object does through the controller's own
calls (``listen``, ``render``, ``save``, ``begin``, ``schedule``) and the page.

- Kiosk mode is on when the official's settings say so; ``?kiosk=1`` / ``?kiosk=0`` in
  the URL switch it on or off for good (it is saved). In kiosk mode: no text selection,
  context menu or zoom, full screen on the first tap, "start" means the attract screen.
- Two asyncio loops: the idle timer (every half second, app.kiosk.settings.idle_state) and the
  attract screen's computer-only game, which is never saved: the player's table under
  ``rally-dominoes:table`` stays as it was, to be resumed.
- ``window.rallyAttractGames`` counts the attract games finished (the soak benchmark).
"""

from __future__ import annotations

from app.game.session import GAME_TITLES
from app.kiosk import dialogs as kiosk_dialogs
from app.kiosk import views as kiosk_views
from app.kiosk.attract_ui import AttractGame
from app.kiosk.idle_ui import IdleTimeout, now
from app.kiosk.official_ui import OfficialPanel
from app.kiosk.settings import (
    SCREEN_KEY,
    KioskSettings,
    UrlOptions,
    countdown_for,
    load_settings,
    seconds_left,
    url_options,
)
from app.screen import Screen
from app.shared.storage import read, write
from app.table import dialogs

NO_ZOOM = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no"
ZOOM_KEYS = ("+", "-", "=", "0", "_")


class KioskScreen(Screen):
    name, prefix = "attract", "kiosk-"  # the attract screen (and a kiosk's start)

    def __init__(self, controller):
        self.c = controller
        self.url = UrlOptions()
        self.active = False
        self._where: str | None = None
        self._guarded_history = False
        # the official's PIN and settings, and the settings themselves (official_ui)
        self.official = OfficialPanel(controller.page, active=self.is_active,
                                      switch=self.switch, games_changed=self._games_changed,
                                      render=lambda: self.c.render(), go_to=self.go_to,
                                      open_rally=self.open_rally,
                                      game_unsaved=self.game_unsaved)
        told = {"active": self.is_active, "url": self.url_options, "where": self._set_where}
        # the idle time-out and "Still playing?" (app.kiosk.idle_ui)
        self.idle = IdleTimeout(controller.page, self.official, controller.slot,
                                showing=self.showing, game=lambda: self.c.session,
                                render=lambda: self.c.render(),
                                schedule=lambda: self.c.schedule(),
                                put_away=self.put_away, **told)
        # the computers' game behind the attract screen (app.kiosk.attract_ui)
        self.attract = AttractGame(controller.page, self.official, showing=self.showing,
                                   start_game=self.start_game,
                                   start_lesson=self.start_lesson,
                                   host_table=self.host_table, **told)

    def parts(self) -> tuple:
        return self.idle, self.attract, self.official

    # ---- what the parts are told ------------------------------------------------------
    def is_active(self) -> bool:
        return self.active

    def url_options(self) -> UrlOptions:
        return self.url

    def switch(self, on: bool) -> None:
        """The official turned kiosk mode on or off."""
        if on and not self.active:
            self.enter()
        elif not on and self.active:
            self.leave()

    def go_to(self, screen: str, close_dialog: bool = False) -> None:
        """The screen behind the official's panel: the attract screen or the start form."""
        self.c.screen = screen
        if close_dialog:
            self.c.dialog = None

    def showing(self) -> str:
        """The screen on show, by its name in the controller ("attract", "table", ...)."""
        return self.c.screen

    def put_away(self, save: bool) -> None:
        """The game put away (saved, to resume, when ``save``), nothing chosen at the
        table, no dialog: the attract screen is the one shown (drawn by the caller)."""
        c = self.c
        if save and c.session is not None:
            c.save()
        c.dialog = None
        c.table.state.drop_choice()
        c.screen = "attract"

    def start_game(self, s, line: str) -> None:
        """A player's game at the table, begun by one tap: its start told in ``line``."""
        c = self.c
        c.begin(s)
        c.table.state.tell(line)
        c.render()
        c.schedule()

    def host_table(self, s) -> None:
        """A table for players' phones: its code and seats shown (app.together)."""
        self.c.begin(s)
        self.c.act("together-open")

    def start_lesson(self, s) -> None:
        """A lesson at the table, its first sentence said."""
        self.c.begin(s)
        self.c.say(s.lesson_line())

    def open_rally(self) -> None:
        self.c.do_rally("", None)

    def game_unsaved(self) -> str | None:
        return self.c.unsaved

    def _games_changed(self, games) -> None:
        self.attract.keep_offered(games)

    # ---- the official's settings and panel, kept by ``official`` ------------------------
    @property
    def settings(self) -> KioskSettings:
        return self.official.settings

    @settings.setter
    def settings(self, settings: KioskSettings) -> None:
        self.official.settings = settings

    @property
    def panel(self) -> str | None:
        return self.official.panel

    @panel.setter
    def panel(self, panel: str | None) -> None:
        self.official.panel = panel

    @property
    def message(self) -> str:
        return self.official.message

    @property
    def settings_unsaved(self) -> str | None:
        return self.official.settings_unsaved

    # ---- start-up and the switch ----------------------------------------------------------
    def start(self) -> None:
        c = self.c
        self.url = url_options(c.page.query())
        self.settings, problems = load_settings(c.storage())
        for p in problems:
            c.page.warn(f"Rally Dominoes: {p}")
        if self.url.kiosk is not None and self.url.kiosk != self.settings.enabled:
            self.settings.enabled = self.url.kiosk
            self.official.save_settings()
        on = c.listen
        for kind in ("pointerdown", "keydown"):
            on("document", kind, self.on_touch)
        on("document", "pointerup", self.on_activation)  # a tap's end, or a click
        on("document", "contextmenu", self.on_blocked)
        on("document", "dragstart", self.on_blocked)
        on("document", "selectstart", self.on_select)
        on("window", "popstate", self.on_popstate)
        self._no_wheel_zoom()
        if self.settings.enabled:
            self.enter(boot=True)

    def enter(self, boot: bool = False) -> None:
        """Switch kiosk mode on: the attract screen, unless a game was in progress when
        the page went away (a power cut, a reload): then that game, as it was."""
        c = self.c
        self.active = True
        c.page.flag("kiosk", "1")
        c.page.set_viewport(NO_ZOOM)  # the page's own comes back on leaving
        if not self._guarded_history:  # "back" (a mouse button, a swipe) stays on the page
            self._guarded_history = True
            c.page.push_history()
        if isinstance(c.dialog, dialogs.DamagedSave):  # said the kiosk's way: no download
            c.dialog = kiosk_dialogs.KioskDamagedSave(c.dialog.problem)
        where = self._stored_where() if boot else None
        if not (boot and c.screen == "table" and where == "table"):
            c.screen = "attract"
        self.idle.touched()
        self.idle.start()

    def leave(self) -> None:
        c = self.c
        self.active = False
        c.page.flag("kiosk", None)
        c.page.restore_viewport()

    # ---- storage ----------------------------------------------------------------------
    def _stored_where(self) -> str | None:
        return read(self.c.storage(), SCREEN_KEY)

    def _set_where(self, where: str) -> None:
        """Remember which screen a kiosk shows, for after a power cut."""
        if not self.active or where == self._where:
            return
        self._where = where
        write(self.c.storage(), SCREEN_KEY, where)

    # ---- what the controller asks -----------------------------------------------------
    def on_key(self, event, key: str) -> bool:
        """Escape on the official's PIN pad is its Cancel, over whichever screen shows
        (app.shared.keyboard asks the kiosk first, before a dialog's Escape)."""
        if key == "Escape" and self.official.panel in ("pin", "new-pin", "again-pin"):
            self.act("kiosk-cancel", "")
            return True
        return False

    def claims(self, screen: str) -> bool:
        """Whether this object draws ``screen``: the attract screen, and in kiosk mode the
        start screen too (players never see the full set-up form)."""
        if screen == "attract":
            return True
        if screen == "start" and self.active:
            self.c.screen = "attract"
            return True
        return False

    def markup(self) -> str:
        c = self.c
        s = c.session
        can_resume = s is not None and not s.game.match_over and bool(s.humans)
        what = GAME_TITLES.get(s.game.game, "") if can_resume else ""
        return kiosk_views.attract_screen(self.settings, bg_svg=self.attract.bg_svg,
                                          can_resume=can_resume, resume_what=what,
                                          panel=self.official.panel_markup(),
                                          unsaved=self.official.unsaved(),
                                          code=self.attract.next_code())

    def drawn(self) -> None:
        """After the controller drew the attract screen: keep its game going."""
        if self.active:
            self._set_where("attract")
        if self.official.scroll:
            self.c.page.scroll_top(".kiosk-settings", self.official.scroll)
            self.official.scroll = 0
        self.attract.start_attract()

    def still_playing_markup(self) -> str:
        idle = self.idle.idle_seconds()
        return kiosk_views.still_playing_dialog(
            seconds_left(now(), self.idle.last_touch, idle, countdown_for(idle)),
            rally=self.c.screen == "rally")

    # ---- the page's events ------------------------------------------------------------
    def on_touch(self, event) -> None:
        self.idle.touched()
        if not self.active:
            return
        if str(getattr(event, "type", "")) == "keydown":
            if (getattr(event, "ctrlKey", False) or getattr(event, "metaKey", False)) and \
                    str(getattr(event, "key", "")) in ZOOM_KEYS:
                event.preventDefault()
            if str(getattr(event, "key", "")) != "Escape":  # Escape gives no activation
                self.on_activation(event)
            c = self.c
            # Escape closes a dialog without restarting the computer: restart it here.
            if c.screen == "table" and c.dialog is None:
                c.schedule()

    def on_activation(self, event) -> None:
        if not self.active:
            return
        try:  # plain JavaScript in index.html: our code evaluates no strings (docs/csp.md)
            self.c.page.fullscreen()
        except Exception:
            pass

    def on_blocked(self, event) -> None:
        """No context menu and no dragging of pictures in kiosk mode."""
        if self.active:
            event.preventDefault()

    def on_select(self, event) -> None:
        if not self.active:
            return
        tag = self.c.page.control(event.target).tag
        if tag not in ("INPUT", "TEXTAREA"):
            event.preventDefault()

    def on_popstate(self, event) -> None:
        if self.active:
            self.c.page.push_history()

    def _no_wheel_zoom(self) -> None:
        """Ctrl + wheel (a touchpad's pinch) zooms: not in kiosk mode. Needs a listener
        that is not passive, which listen does not make."""
        def wheel(event):
            if self.active and getattr(event, "ctrlKey", False):
                event.preventDefault()

        self.c.page.listen("document", "wheel", wheel, passive=False)

    # ---- presses ----------------------------------------------------------------------

