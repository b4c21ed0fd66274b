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
    (``last_touch``) and its loop. The screen gives it what it reads and calls, never the
    controller: the page (its console, the countdown's text), the official's panel
    (``official``: the idle time set, the panel it closes), the dialog slot (app.screen's
    ``DialogSlot``), whether kiosk mode is on (``active()``), the URL's options (``url()``),
    ``where(screen)``, which remembers the screen shown for after a power cut,
    ``showing()``: the screen on show ("attract", "table", "rally", ...), ``game()``: the
    game, ``render()`` and ``schedule()`` (the computer's turns), and ``put_away(save)``:
    the game put away (saved, to resume) and the attract screen shown."""

    def __init__(self, page, official, slot, *, active, url, where, showing, game, render,
                 schedule, put_away):
        self.page, self.official, self.slot = page, official, slot
        self.active, self.url, self.where = active, url, where
        self.showing, self.game, self.render = showing, game, render
        self.schedule, self.put_away = schedule, put_away
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
                    self.page.error(f"Rally Dominoes: kiosk timer failed: {exc!r}")
        finally:
            self.running = False

    def tick(self, t: float) -> None:
        if not self.active():
            return
        idle = self.idle_seconds()
        countdown = countdown_for(idle)
        state = idle_state(t, self.last_touch, idle, countdown)
        slot, on_show = self.slot, self.showing()
        if on_show == "attract":
            if state != "active" and (self.official.panel is not None or slot.dialog):
                self.official.close()  # the settings lock themselves when left open
                slot.dialog = None
                self.render()
            return
        s = self.game()
        playing = (on_show == "table" and s is not None and not s.game.match_over
                   and bool(s.humans))
        # Someone at work on the table or the rally scorekeeper is asked before the
        # screen goes back to the attract screen.
        asked = playing or on_show == "rally"
        if on_show == "table":
            self.where("table")
        if state == "active":
            if slot.dialog == dialogs.KioskStill():
                slot.dialog = None
                self.render()
                self.schedule()
            return
        if asked and state == "asking":
            if slot.dialog != dialogs.KioskStill():
                slot.dialog = dialogs.KioskStill()
                self.render()
            else:
                self.page.set_text("kiosk-countdown",
                                   str(seconds_left(t, self.last_touch, idle, countdown)))
            return
        self.to_attract(save=playing)

    def to_attract(self, save: bool = True) -> None:
        """Put the game away (saved, to resume) and show the attract screen."""
        self.official.close()
        self.put_away(save)
        self.render()

    def do_still_yes(self, arg, el) -> None:
        self.touched()
        if self.slot.dialog == dialogs.KioskStill():
            self.slot.dialog = None
            self.render()
            self.schedule()

    def do_still_no(self, arg, el) -> None:
        self.to_attract(save=True)
