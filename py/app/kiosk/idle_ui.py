"""Kiosk mode's idle time-out in the browser: a timer (every half second,
app.kiosk.settings.idle_state) that, after the official's idle time with no touch, asks "Still
playing?" of someone at the table or the rally scorekeeper, then puts the game away
(saved, to be resumed) and goes back to the attract screen. On the attract screen it
closes the official's panel left open.
"""

from __future__ import annotations

import asyncio
import time

from app.kiosk import dialogs
from app.kiosk.settings import countdown_for, idle_state, seconds_left


def now() -> float:
    """The clock the kiosk's timers read: seconds, never set back."""
    return time.monotonic()


class IdleTimeout:
    """Part of kiosk mode's screen (app.kiosk.ui.KioskScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for. It keeps the last touch
    (``last_touch``) and its loop. The screen gives it the controller (``c``), whether
    kiosk mode is on (``active()``), the URL's options (``url()``), the official's panel
    (``official``: the idle time set, the panel it closes) and ``where(screen)``, which
    remembers the screen shown for after a power cut."""

    def __init__(self, c, official, *, active, url, where):
        self.c, self.official = c, official
        self.active, self.url, self.where = active, url, where
        self.last_touch = now()
        self.running = False  # the loop runs

    def touched(self) -> None:
        self.last_touch = now()

    def start(self) -> None:
        """Start the loop, unless it runs."""
        if not self.running:
            self.running = True
            asyncio.ensure_future(self._idle_loop())

    def idle_seconds(self) -> int:
        if self.active() and self.url().idle:
            return self.url().idle
        return self.official.settings.idle_seconds

    async def _idle_loop(self) -> None:
        try:
            while self.active():
                await asyncio.sleep(0.5)
                try:
                    self.tick(now())
                except Exception as exc:  # say so, keep the timer going
                    self.c.page.error(f"Rally Dominoes: kiosk timer failed: {exc!r}")
        finally:
            self.running = False

    def tick(self, t: float) -> None:
        c = self.c
        if not self.active():
            return
        idle = self.idle_seconds()
        countdown = countdown_for(idle)
        state = idle_state(t, self.last_touch, idle, countdown)
        if c.screen == "attract":
            if state != "active" and (self.official.panel is not None or c.dialog):
                self.official.close()  # the settings lock themselves when left open
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
            self.where("table")
        if state == "active":
            if c.dialog == dialogs.KioskStill():
                c.dialog = None
                c.render()
                c.schedule()
            return
        if asked and state == "asking":
            if c.dialog != dialogs.KioskStill():
                c.dialog = dialogs.KioskStill()
                c.render()
            else:
                c.page.set_text("kiosk-countdown",
                                str(seconds_left(t, self.last_touch, idle, countdown)))
            return
        self.to_attract(save=playing)

    def to_attract(self, save: bool = True) -> None:
        """Put the game away (saved, to resume) and show the attract screen."""
        c = self.c
        if save and c.session is not None:
            c.save()
        c.dialog = None
        c.table.state.drop_choice()
        self.official.close()
        c.screen = "attract"
        c.render()

    def do_still_yes(self, arg, el) -> None:
        c = self.c
        self.touched()
        if c.dialog == dialogs.KioskStill():
            c.dialog = None
            c.render()
            c.schedule()

    def do_still_no(self, arg, el) -> None:
        self.to_attract(save=True)
