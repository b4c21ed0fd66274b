"""Kiosk mode's settings in the browser, behind the official's PIN: the PIN pad (a new
PIN is entered twice; wrong ones in a row lock the pad for a while, app.kiosk.settings.pin_wait)
and the settings panel (games, rules, level, length, idle time, the rally scorekeeper, sound,
the voice, kiosk mode on or off), saved under ``rally-dominoes:kiosk`` at every change.
"""

from __future__ import annotations

from app.kiosk import views as kiosk_views
from app.kiosk.idle_ui import now
from app.kiosk.settings import (
    GAME_ORDER,
    LENGTHS,
    PIN_MAX,
    SETTINGS_KEY,
    check_pin,
    pin_problem,
    pin_record,
    pin_wait,
)
from app.session import LEVELS
from app.shared.storage import read, store


class OfficialPanel:
    """Part of kiosk mode's screen (app.kiosk.ui.KioskScreen, ``screen``), which holds it:
    its ``do_`` methods answer the presses the screen has no method for. The screen
    gives ``c``, ``active``, ``panel``,
    ``entry``, ``first_pin``, ``message``, ``fails``, ``last_fail``, ``attract``, ``enter``
    and ``leave``."""

    def __init__(self, screen):
        self.screen = screen
        self.c = screen.c
        self.clearing = False  # "Clear the past games" asks first

    # ---- the kiosk's past games: kept until the official clears them -------------------
    def do_clear_past(self, arg, el) -> None:
        self.clearing = True
        self.c.render()
        self.c.focus('[data-act="kiosk-clear-past-no"]')

    def do_clear_past_no(self, arg, el) -> None:
        self.clearing = False
        self.c.render()

    def do_clear_past_yes(self, arg, el) -> None:
        from app.past import store as past_store
        from bones import archive

        why = past_store.save(self.c.storage(), archive.empty())
        self.clearing = False
        self.screen.message = ("The past games on this kiosk are cleared." if why is None
                               else f"The past games were not cleared: "
                                    f"{past_store.why_words(why)}.")
        self.c.render()

    # ---- the panel -------------------------------------------------------------------
    def panel_markup(self) -> str:
        p = self.screen.panel
        if p is None:
            return ""
        if p == "settings":
            from app.past import store as past_store  # not at start-up: only behind the PIN

            kept, _ = past_store.load(self.c.storage())
            return kiosk_views.official_settings(self.screen.settings, active=self.screen.active,
                                                 message=self.screen.message,
                                                 bad_save=self._has_bad_save(),
                                                 unsaved=self.unsaved(),
                                                 past=len(kept["games"]),
                                                 clearing=self.clearing)
        wait = pin_wait(now(), self.screen.fails, self.screen.last_fail) if p == "pin" else 0
        return kiosk_views.pin_pad(p, len(self.screen.entry), self.screen.message, wait)

    # ---- the PIN ---------------------------------------------------------------------
    def do_open(self, arg, el) -> None:
        """The start screen's "Kiosk mode" button (kiosk mode off): the official's PIN."""
        self.c.dialog = None
        self.c.screen = "attract"
        self.do_official(arg, el)

    def do_official(self, arg, el) -> None:
        self.screen.entry = ""
        self.screen.message = ""
        self.screen.panel = "pin" if self.screen.settings.has_pin else "new-pin"
        self.c.render()

    def do_cancel(self, arg, el) -> None:
        self.screen.panel = None
        self.screen.entry = ""
        self.screen.first_pin = ""
        self.screen.message = ""
        if not self.screen.active:
            self.c.screen = "start"
        self.c.render()

    def do_key(self, arg, el) -> None:
        if self.screen.panel not in ("pin", "new-pin", "again-pin"):
            return
        if self.screen.panel == "pin" and pin_wait(now(), self.screen.fails, self.screen.last_fail):
            self.c.render()
            return
        if arg == "clear":
            self.screen.entry = ""
            self.screen.message = ""
        elif arg == "ok":
            self._pin_entered()
        elif arg.isdigit() and len(arg) == 1 and len(self.screen.entry) < PIN_MAX:
            self.screen.entry += arg
            self.screen.message = ""
        self.c.render()

    def _pin_entered(self) -> None:
        pin, self.screen.entry = self.screen.entry, ""
        if self.screen.panel == "pin":
            if check_pin(pin, self.screen.settings.pin):
                self.screen.fails = 0
                self.screen.message = ""
                self.screen.panel = "settings"
            else:
                self.screen.fails += 1
                self.screen.last_fail = now()
                self.screen.message = "Wrong PIN. The settings stay locked."
            return
        if self.screen.panel == "new-pin":
            problem = pin_problem(pin)
            if problem:
                self.screen.message = problem
                return
            self.screen.first_pin = pin
            self.screen.message = ""
            self.screen.panel = "again-pin"
            return
        if pin != self.screen.first_pin:  # again-pin
            self.screen.first_pin = ""
            self.screen.panel = "new-pin"
            self.screen.message = "The two PINs were not the same. Choose the PIN again."
            return
        self.screen.settings.pin = pin_record(pin)
        self.screen.first_pin = ""
        self.save_settings()
        self.screen.panel = "settings"
        self.screen.message = "The PIN is set. Keep it somewhere safe."

    def _official(self) -> bool:
        """Settings may change only while the official's settings are open (PIN given)."""
        return self.screen.panel == "settings"

    def do_done(self, arg, el) -> None:
        self.screen.panel = None
        self.screen.message = ""
        if not self.screen.active:
            self.c.screen = "start"
        self.c.render()

    # ---- the settings ----------------------------------------------------------------
    def do_game(self, arg, el) -> None:
        if not self._official() or arg not in GAME_ORDER:
            return
        games = set(self.screen.settings.games)
        if el.checked:
            games.add(arg)
        elif len(games) > 1:
            games.discard(arg)
        else:
            self.screen.message = "At least one game must be offered."
            self.rerender()
            return
        self.screen.settings.games = [g for g in GAME_ORDER if g in games]
        a = self.screen.attract  # its game goes when its game is no longer offered
        a.bg = None if a.bg is not None and a.bg.game.game not in games else a.bg
        self._changed()

    def do_preset(self, arg, el) -> None:
        from bones.games import preset_of

        game, _, preset = arg.partition("/")
        if self._official() and preset_of(game, preset) is not None:
            self.screen.settings.presets[game] = preset
            self._changed()

    def do_level(self, arg, el) -> None:
        if self._official() and arg in LEVELS:
            self.screen.settings.level = arg
            self._changed()

    def do_length(self, arg, el) -> None:
        if self._official() and arg in LENGTHS:
            self.screen.settings.length = arg
            self._changed()

    def do_idle(self, arg, el) -> None:
        if self._official() and arg.isdigit() and 5 <= int(arg) <= 24 * 3600:
            self.screen.settings.idle_seconds = int(arg)
            self._changed()

    def do_rally(self, arg, el) -> None:
        if self._official():
            self.screen.settings.rally = el.checked
            self._changed()

    def do_sound(self, arg, el) -> None:
        if self._official():
            self.screen.settings.sound = el.checked
            self._changed()

    def do_voice(self, arg, el) -> None:
        if self._official():
            self.screen.settings.voice = el.checked
            self._changed()

    def do_enabled(self, arg, el) -> None:
        if not self._official():
            return
        on = el.checked
        self.screen.settings.enabled = on
        self.save_settings()
        if on and not self.screen.active:
            self.screen.enter()
        elif not on and self.screen.active:
            self.screen.leave()
        self.screen.message = ("Kiosk mode is on." if on else
                        "Kiosk mode is off: Done goes back to the start screen.")
        self.rerender()

    def do_change_pin(self, arg, el) -> None:
        if self._official():
            self.screen.entry = ""
            self.screen.first_pin = ""
            self.screen.message = ""
            self.screen.panel = "new-pin"
            self.c.render()

    def do_open_rally(self, arg, el) -> None:
        if self._official():
            self.screen.panel = None
            self.c.do_rally("", el)

    def rerender(self) -> None:
        """Draw again, keeping the settings panel where it was scrolled to."""
        self.screen._scroll = self.c.page.scroll_top(".kiosk-settings")
        self.c.render()

    def _changed(self) -> None:
        self.save_settings()
        self.screen.message = "Saved." if self.screen.settings_unsaved is None else \
            "Not saved: see Saving, at the end."
        self.rerender()

    def save_settings(self) -> None:
        """Save the settings; while that fails, the official is told why (``unsaved``)."""
        k = self.screen
        k.settings_unsaved = store(self.c.storage(), SETTINGS_KEY, k.settings.to_json())
        if self.screen.settings_unsaved is not None:
            self.c.page.warn(f"Rally Dominoes: could not save the kiosk settings (storage "
                             f"{self.screen.settings_unsaved})")

    def unsaved(self) -> str | None:
        """Why this kiosk is not saving (its settings, or the game), if it is not."""
        return self.screen.settings_unsaved or self.c.unsaved

    def _has_bad_save(self) -> bool:
        from app.table.saving import BAD_SAVE_KEY

        return bool(read(self.c.storage(), BAD_SAVE_KEY))
