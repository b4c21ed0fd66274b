"""Kiosk mode in the browser (issue 10): attract screen, idle time-out, the official's PIN.

Made by the controller at start-up. The controller forwards every ``data-act="kiosk-..."``
press here, draws ``markup()`` for the "attract" screen and ``dialog_markup()`` for
"kiosk-..." dialogs; everything else this object does through the controller's own
calls (``_listen``, ``render``, ``save``, ``begin``, ``schedule``) and the page.

- Kiosk mode is on when the official's settings say so; ``?kiosk=1`` / ``?kiosk=0`` in
  the URL switch it on or off for good (it is saved). In kiosk mode: no text selection,
  context menu or zoom, full screen on the first tap, "start" means the attract screen.
- Two asyncio loops: the idle timer (every half second, app.kiosk.idle_state) and the
  attract screen's computer-only game, which is never saved: the player's table under
  ``rally-dominoes:table`` stays as it was, to be resumed.
- ``window.rallyAttractGames`` counts the attract games finished (the soak benchmark).
"""

from __future__ import annotations

import asyncio
import time

from app import kiosk_views, views
from app.kiosk import (
    ATTRACT_PACE,
    GAME_ORDER,
    LENGTHS,
    PIN_MAX,
    SCREEN_KEY,
    SETTINGS_KEY,
    KioskSettings,
    UrlOptions,
    attract_session,
    check_pin,
    countdown_for,
    idle_state,
    load_settings,
    pin_problem,
    pin_record,
    pin_wait,
    player_session,
    seconds_left,
    url_options,
)
from app.session import GAME_TITLES, LEVELS
from app.storage import read, write

NO_ZOOM = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no"
ZOOM_KEYS = ("+", "-", "=", "0", "_")


def _nothing(x) -> bool:
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def now() -> float:
    return time.monotonic()


class KioskScreen:
    def __init__(self, controller):
        self.c = controller
        self.settings = KioskSettings()
        self.url = UrlOptions()
        self.active = False
        self.panel: str | None = None  # None, "pin", "new-pin", "again-pin", "settings"
        self.entry = ""  # digits typed on the PIN pad
        self.first_pin = ""  # a new PIN, waiting to be entered again
        self.message = ""
        self.fails = 0
        self.last_fail = 0.0
        self.last_touch = now()
        self.bg = None  # the attract game (a Session of computers; never saved)
        self.bg_n = 0
        self.bg_svg = ""
        self.bg_prefer = None
        self.bg_fresh = None
        self.games_done = 0
        self._attract_running = False
        self._idle_running = False
        self._where: str | None = None
        self._viewport = None
        self._guarded_history = False
        self._scroll = 0

    # ---- start-up and the switch ----------------------------------------------------------
    def start(self) -> None:
        c = self.c
        js = c.js
        self.url = url_options(str(js.location.search))
        self.settings, problems = load_settings(c.storage())
        for p in problems:
            js.console.warn(f"Rally Dominoes: {p}")
        if self.url.kiosk is not None and self.url.kiosk != self.settings.enabled:
            self.settings.enabled = self.url.kiosk
            self.save_settings()
        on = c._listen
        for kind in ("pointerdown", "keydown"):
            on(c.doc, kind, self.on_touch)
        on(c.doc, "pointerup", self.on_activation)  # a tap's end, or a click
        on(c.doc, "contextmenu", self.on_blocked)
        on(c.doc, "dragstart", self.on_blocked)
        on(c.doc, "selectstart", self.on_select)
        on(js.window, "popstate", self.on_popstate)
        self._no_wheel_zoom()
        if self.settings.enabled:
            self.enter(boot=True)

    def enter(self, boot: bool = False) -> None:
        """Switch kiosk mode on: the attract screen, unless a game was in progress when
        the page went away (a power cut, a reload): then that game, as it was."""
        c = self.c
        self.active = True
        root = c.doc.documentElement
        root.dataset.kiosk = "1"
        meta = c.doc.querySelector('meta[name="viewport"]')
        if not _nothing(meta):
            if self._viewport is None:
                self._viewport = str(meta.getAttribute("content"))
            meta.setAttribute("content", NO_ZOOM)
        if not self._guarded_history:  # "back" (a mouse button, a swipe) stays on the page
            self._guarded_history = True
            c.js.history.pushState(None, "")
        d = c.dialog or ""
        if d.startswith("bad-save:"):
            c.dialog = "kiosk-bad-save:" + d.split(":", 1)[1]
        where = self._stored_where() if boot else None
        if not (boot and c.screen == "table" and where == "table"):
            c.screen = "attract"
        self.last_touch = now()
        if not self._idle_running:
            self._idle_running = True
            asyncio.ensure_future(self._idle_loop())

    def leave(self) -> None:
        c = self.c
        self.active = False
        c.doc.documentElement.removeAttribute("data-kiosk")
        meta = c.doc.querySelector('meta[name="viewport"]')
        if not _nothing(meta) and self._viewport is not None:
            meta.setAttribute("content", self._viewport)

    # ---- storage ----------------------------------------------------------------------
    def save_settings(self) -> None:
        st = self.c.storage()
        if st is not None and not write(st, SETTINGS_KEY, self.settings.to_json()):
            self.c.js.console.warn("Rally Dominoes: could not save the kiosk settings")

    def _stored_where(self) -> str | None:
        return read(self.c.storage(), SCREEN_KEY)

    def _set_where(self, where: str) -> None:
        """Remember which screen a kiosk shows, for after a power cut."""
        if not self.active or where == self._where:
            return
        self._where = where
        write(self.c.storage(), SCREEN_KEY, where)

    def idle_seconds(self) -> int:
        if self.active and self.url.idle:
            return self.url.idle
        return self.settings.idle_seconds

    # ---- what the controller asks -----------------------------------------------------
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
        return kiosk_views.attract_screen(self.settings, bg_svg=self.bg_svg,
                                          can_resume=can_resume, resume_what=what,
                                          panel=self.panel_markup())

    def panel_markup(self) -> str:
        p = self.panel
        if p is None:
            return ""
        if p == "settings":
            return kiosk_views.official_settings(self.settings, active=self.active,
                                                 message=self.message,
                                                 bad_save=self._has_bad_save())
        wait = pin_wait(now(), self.fails, self.last_fail) if p == "pin" else 0
        return kiosk_views.pin_pad(p, len(self.entry), self.message, wait)

    def drawn(self) -> None:
        """After the controller drew the attract screen: keep its game going."""
        if self.active:
            self._set_where("attract")
        if self._scroll:
            box = self.c.root.querySelector(".kiosk-settings")
            if not _nothing(box):
                box.scrollTop = self._scroll
            self._scroll = 0
        self.start_attract()

    def dialog_markup(self, d: str) -> str:
        if d == "kiosk-still":
            idle = self.idle_seconds()
            return kiosk_views.still_playing_dialog(
                seconds_left(now(), self.last_touch, idle, countdown_for(idle)),
                rally=self.c.screen == "rally")
        if d.startswith("kiosk-bad-save:"):
            return kiosk_views.bad_save_dialog(d.split(":", 1)[1])
        return ""

    # ---- the page's events ------------------------------------------------------------
    def on_touch(self, event) -> None:
        self.last_touch = now()
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
            self.c.js.rallyBoot.fullscreen()
        except Exception:
            pass

    def on_blocked(self, event) -> None:
        """No context menu and no dragging of pictures in kiosk mode."""
        if self.active:
            event.preventDefault()

    def on_select(self, event) -> None:
        if not self.active:
            return
        t = event.target
        tag = str(getattr(t, "tagName", "") or "")
        if tag not in ("INPUT", "TEXTAREA"):
            event.preventDefault()

    def on_popstate(self, event) -> None:
        if self.active:
            self.c.js.history.pushState(None, "")

    def _no_wheel_zoom(self) -> None:
        """Ctrl + wheel (a touchpad's pinch) zooms: not in kiosk mode. Needs a listener
        that is not passive, which _listen does not make."""
        def wheel(event):
            if self.active and getattr(event, "ctrlKey", False):
                event.preventDefault()

        p = self.c._proxy(wheel)
        self.c._proxies.append(p)
        self.c.doc.addEventListener("wheel", p, self.c.js.JSON.parse('{"passive": false}'))

    # ---- the idle timer ---------------------------------------------------------------
    async def _idle_loop(self) -> None:
        try:
            while self.active:
                await asyncio.sleep(0.5)
                try:
                    self.tick(now())
                except Exception as exc:  # say so, keep the timer going
                    self.c.js.console.error(f"Rally Dominoes: kiosk timer failed: {exc!r}")
        finally:
            self._idle_running = False

    def tick(self, t: float) -> None:
        c = self.c
        if not self.active:
            return
        idle = self.idle_seconds()
        countdown = countdown_for(idle)
        state = idle_state(t, self.last_touch, idle, countdown)
        if c.screen == "attract":
            if state != "active" and (self.panel is not None or c.dialog):
                self.panel = None  # the settings lock themselves when left open
                self.entry = ""
                c.dialog = None
                c.render()
            return
        s = c.session
        playing = (c.screen == "table" and s is not None and not s.game.match_over
                   and bool(s.humans))
        # Someone at work on the table or the rally scorekeeper is asked before the
        # screen goes back to the attract screen.
        asked = playing or c.screen == "rally"
        if c.screen == "table":
            self._set_where("table")
        if state == "active":
            if c.dialog == "kiosk-still":
                c.dialog = None
                c.render()
                c.schedule()
            return
        if asked and state == "asking":
            if c.dialog != "kiosk-still":
                c.dialog = "kiosk-still"
                c.render()
            else:
                el = c.doc.getElementById("kiosk-countdown")
                if not _nothing(el):
                    el.textContent = str(seconds_left(t, self.last_touch, idle, countdown))
            return
        self.to_attract(save=playing)

    def to_attract(self, save: bool = True) -> None:
        """Put the game away (saved, to resume) and show the attract screen."""
        c = self.c
        if save and c.session is not None:
            c.save()
        c.dialog = None
        c.selected = None
        c.hint = ""
        self.panel = None
        self.entry = ""
        c.screen = "attract"
        c.render()

    # ---- the attract game -------------------------------------------------------------
    def start_attract(self) -> None:
        if not self._attract_running and self.c.screen == "attract":
            self._attract_running = True
            asyncio.ensure_future(self._attract_loop())

    def pace(self) -> float:
        ms = self.url.attract_pace if (self.active and self.url.attract_pace is not None) \
            else ATTRACT_PACE
        return ms / 1000

    async def _attract_loop(self) -> None:
        c = self.c
        failures = 0
        try:
            while c.screen == "attract":
                try:
                    await self._attract_step()
                    failures = 0
                except Exception as exc:  # a bad game is dropped; a new one starts
                    failures += 1
                    c.js.console.error(f"Rally Dominoes: the attract game failed: {exc!r}")
                    self.bg = None
                    if failures >= 3:
                        return
                    await asyncio.sleep(1)
        finally:
            self._attract_running = False

    async def _attract_step(self) -> None:
        """One move of the attract game (or its end, or a new game), after its pause."""
        from bones.ai import choose
        from bones.moves import NEXT, PLAY, Move

        c = self.c
        s = self.bg
        if s is not None and (s.game.match_over or not s.game.legal_moves()):
            self.bg = None
            self.games_done += 1
            c.js.window.rallyAttractGames = self.games_done
            if self.url.attract_pace is not None:  # the soak benchmark's figures
                self._report_memory()
            await asyncio.sleep(self.pace() * 3)  # the finished table stays up a moment
            return
        if s is None:
            self.bg = attract_session(self.settings, self.bg_n)
            self.bg_n += 1
            self.bg_prefer = None
            self.bg_fresh = None
            self.draw_bg()
            return
        await asyncio.sleep(self.pace() * (2 if s.game.round_over else 1))
        if c.screen != "attract" or s is not self.bg:
            return
        if s.game.round_over:
            s.play(Move(NEXT))
            self.bg_prefer = None
            self.bg_fresh = None
        else:
            seat = s.game.turn
            move = choose(s.game, seat, s.seats[seat].level,
                          seed=f"{s.game.seed}/{len(s.game.history)}")
            s.play(move)
            self.bg_fresh = move.tile if move.kind == PLAY else None
        self.draw_bg()

    def _report_memory(self) -> None:
        """``window.rallyAttractPy``: Python's live objects and Pyodide's memory size."""
        import gc
        import json

        gc.collect()
        wasm = None
        try:
            import pyodide_js

            wasm = int(pyodide_js._module.HEAP8.length)
        except Exception:
            pass
        data = json.dumps({"objects": len(gc.get_objects()), "wasm": wasm})
        self.c.js.window.rallyAttractPy = self.c.js.JSON.parse(data)

    def draw_bg(self) -> None:
        s = self.bg
        el = self.c.doc.getElementById("attract-bg")
        if s is None or _nothing(el):
            return
        w = max(320, int(el.clientWidth) or 1200)
        h = max(240, int(el.clientHeight) or 800)
        lay = views.table_layout(s, w, h, self.bg_prefer)
        self.bg_prefer = lay.arrangement
        self.bg_svg = views.table_svg(s, lay, selected=None, targets=set(),
                                      fresh=self.bg_fresh)
        el.innerHTML = self.bg_svg

    # ---- presses ----------------------------------------------------------------------
    def act(self, name: str, arg: str, el=None) -> None:
        handler = getattr(self, "do_" + name.removeprefix("kiosk-").replace("-", "_"), None)
        if handler is not None:
            handler(arg, el)

    def rerender(self) -> None:
        """Draw again, keeping the settings panel where it was scrolled to."""
        box = self.c.root.querySelector(".kiosk-settings")
        if not _nothing(box):
            self._scroll = int(box.scrollTop)
        self.c.render()

    def do_play(self, arg, el) -> None:
        """One tap on a game: you against the computer, at once."""
        if not self.active and self.c.screen != "attract":
            return
        if arg not in self.settings.offered():
            return
        c = self.c
        s = player_session(self.settings, arg)
        self.panel = None
        c.begin(s)
        c.hint = s.start_summary()  # one tap starts play: the start is told in a line
        c.render()
        c.schedule()
        self._set_where("table")

    def do_still_yes(self, arg, el) -> None:
        c = self.c
        self.last_touch = now()
        if c.dialog == "kiosk-still":
            c.dialog = None
            c.render()
            c.schedule()

    def do_still_no(self, arg, el) -> None:
        self.to_attract(save=True)

    def do_open(self, arg, el) -> None:
        """The start screen's "Kiosk mode" button (kiosk mode off): the official's PIN."""
        self.c.dialog = None
        self.c.screen = "attract"
        self.do_official(arg, el)

    def do_official(self, arg, el) -> None:
        self.entry = ""
        self.message = ""
        self.panel = "pin" if self.settings.has_pin else "new-pin"
        self.c.render()

    def do_cancel(self, arg, el) -> None:
        self.panel = None
        self.entry = ""
        self.first_pin = ""
        self.message = ""
        if not self.active:
            self.c.screen = "start"
        self.c.render()

    def do_key(self, arg, el) -> None:
        if self.panel not in ("pin", "new-pin", "again-pin"):
            return
        if self.panel == "pin" and pin_wait(now(), self.fails, self.last_fail):
            self.c.render()
            return
        if arg == "clear":
            self.entry = ""
            self.message = ""
        elif arg == "ok":
            self._pin_entered()
        elif arg.isdigit() and len(arg) == 1 and len(self.entry) < PIN_MAX:
            self.entry += arg
            self.message = ""
        self.c.render()

    def _pin_entered(self) -> None:
        pin, self.entry = self.entry, ""
        if self.panel == "pin":
            if check_pin(pin, self.settings.pin):
                self.fails = 0
                self.message = ""
                self.panel = "settings"
            else:
                self.fails += 1
                self.last_fail = now()
                self.message = "Wrong PIN. The settings stay locked."
            return
        if self.panel == "new-pin":
            problem = pin_problem(pin)
            if problem:
                self.message = problem
                return
            self.first_pin = pin
            self.message = ""
            self.panel = "again-pin"
            return
        if pin != self.first_pin:  # again-pin
            self.first_pin = ""
            self.panel = "new-pin"
            self.message = "The two PINs were not the same. Choose the PIN again."
            return
        self.settings.pin = pin_record(pin)
        self.first_pin = ""
        self.save_settings()
        self.panel = "settings"
        self.message = "The PIN is set. Keep it somewhere safe."

    def _official(self) -> bool:
        """Settings may change only while the official's settings are open (PIN given)."""
        return self.panel == "settings"

    def do_done(self, arg, el) -> None:
        self.panel = None
        self.message = ""
        if not self.active:
            self.c.screen = "start"
        self.c.render()

    def do_game(self, arg, el) -> None:
        if not self._official() or arg not in GAME_ORDER:
            return
        games = set(self.settings.games)
        if bool(getattr(el, "checked", False)):
            games.add(arg)
        elif len(games) > 1:
            games.discard(arg)
        else:
            self.message = "At least one game must be offered."
            self.rerender()
            return
        self.settings.games = [g for g in GAME_ORDER if g in games]
        self.bg = None if self.bg is not None and self.bg.game.game not in games else self.bg
        self._changed()

    def do_preset(self, arg, el) -> None:
        from bones.games import preset_of

        game, _, preset = arg.partition("/")
        if self._official() and preset_of(game, preset) is not None:
            self.settings.presets[game] = preset
            self._changed()

    def do_level(self, arg, el) -> None:
        if self._official() and arg in LEVELS:
            self.settings.level = arg
            self._changed()

    def do_length(self, arg, el) -> None:
        if self._official() and arg in LENGTHS:
            self.settings.length = arg
            self._changed()

    def do_idle(self, arg, el) -> None:
        if self._official() and arg.isdigit() and 5 <= int(arg) <= 24 * 3600:
            self.settings.idle_seconds = int(arg)
            self._changed()

    def do_rally(self, arg, el) -> None:
        if self._official():
            self.settings.rally = bool(getattr(el, "checked", False))
            self._changed()

    def do_enabled(self, arg, el) -> None:
        if not self._official():
            return
        on = bool(getattr(el, "checked", False))
        self.settings.enabled = on
        self.save_settings()
        if on and not self.active:
            self.enter()
        elif not on and self.active:
            self.leave()
        self.message = ("Kiosk mode is on." if on else
                        "Kiosk mode is off: Done goes back to the start screen.")
        self.rerender()

    def do_change_pin(self, arg, el) -> None:
        if self._official():
            self.entry = ""
            self.first_pin = ""
            self.message = ""
            self.panel = "new-pin"
            self.c.render()

    def do_open_rally(self, arg, el) -> None:
        if self._official():
            self.panel = None
            self.c.do_rally("", el)

    def _changed(self) -> None:
        self.save_settings()
        self.message = "Saved."
        self.rerender()

    def _has_bad_save(self) -> bool:
        from app.saving import BAD_SAVE_KEY

        return bool(read(self.c.storage(), BAD_SAVE_KEY))
