"""Kiosk mode's settings in the browser, behind the official's PIN: the PIN pad (a new
PIN is entered twice; wrong ones in a row lock the pad for a while, app.kiosk.settings.pin_wait)
and the settings panel (games, rules, level, length, idle time, the rally scorekeeper, sound,
the voice, kiosk mode on or off), saved under ``rally-dominoes:kiosk`` at every change.
"""

from __future__ import annotations

from app.game.session import LEVELS
from app.kiosk import views as kiosk_views
from app.kiosk.idle_ui import now
from app.kiosk.settings import (
    GAME_ORDER,
    LENGTHS,
    PIN_MAX,
    SETTINGS_KEY,
    KioskSettings,
    check_pin,
    pin_problem,
    pin_record,
    pin_wait,
)
from app.shared.storage import read, store


class OfficialPanel:
    """Part of kiosk mode's screen (app.kiosk.ui.KioskScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for. It keeps the official's
    settings (``settings``, and why their last save failed) and the panel's state: which
    panel shows, the PIN pad's digits, a new PIN waiting to be entered again, the wrong
    PINs in a row, the line it says. The screen gives it what it reads and calls, never
    the controller: the page (app.browser.page: its storage, its console, the settings'
    scroll), whether kiosk mode is on (``active()``), ``switch(on)`` to turn it on or off,
    ``games_changed(games)`` for the attract game when the games offered change,
    ``render()`` to draw the page again, ``go_to(screen, close_dialog)`` for the screen
    behind the panel, ``open_rally()`` for the rally scorekeeper, and ``game_unsaved()``:
    why the game's last save failed."""

    def __init__(self, page, *, active, switch, games_changed, render, go_to, open_rally,
                 game_unsaved):
        self.page = page
        self.active, self.switch, self.games_changed = active, switch, games_changed
        self.render, self.go_to, self.open_rally = render, go_to, open_rally
        self.game_unsaved = game_unsaved
        self.settings = KioskSettings()
        self.settings_unsaved: str | None = None  # why the settings' last save failed
        self.panel: str | None = None  # None, "pin", "new-pin", "again-pin", "settings"
        self.entry = ""  # digits typed on the PIN pad
        self.first_pin = ""  # a new PIN, waiting to be entered again
        self.message = ""
        self.fails = 0
        self.last_fail = 0.0
        self.scroll = 0  # where the settings were scrolled to, for the next drawing
        self.clearing = False  # "Clear the past games" asks first

    def close(self, keep_entry: bool = False) -> None:
        """No panel (the PIN pad's digits gone too, unless ``keep_entry``)."""
        self.panel = None
        if not keep_entry:
            self.entry = ""

    # ---- the kiosk's past games: kept until the official clears them -------------------
    def do_clear_past(self, arg, el) -> None:
        self.clearing = True
        self.render()
        self.page.focusing.focus('[data-act="kiosk-clear-past-no"]')

    def do_clear_past_no(self, arg, el) -> None:
        self.clearing = False
        self.render()

    def do_clear_past_yes(self, arg, el) -> None:
        from app.past import store as past_store
        from bones import archive

        why = past_store.save(self.page.storage(), archive.empty())
        self.clearing = False
        self.message = ("The past games on this kiosk are cleared." if why is None
                        else f"The past games were not cleared: "
                             f"{past_store.why_words(why)}.")
        self.render()

    # ---- the panel -------------------------------------------------------------------
    def panel_markup(self) -> str:
        p = self.panel
        if p is None:
            return ""
        if p == "settings":
            from app.past import store as past_store  # not at start-up: only behind the PIN

            kept, _ = past_store.load(self.page.storage())
            return kiosk_views.official_settings(self.settings, active=self.active(),
                                                 message=self.message,
                                                 bad_save=self._has_bad_save(),
                                                 unsaved=self.unsaved(),
                                                 past=len(kept["games"]),
                                                 clearing=self.clearing)
        wait = pin_wait(now(), self.fails, self.last_fail) if p == "pin" else 0
        return kiosk_views.pin_pad(p, len(self.entry), self.message, wait)

    # ---- the PIN ---------------------------------------------------------------------
    def do_open(self, arg, el) -> None:
        """The start screen's "Kiosk mode" button (kiosk mode off): the official's PIN."""
        self.go_to("attract", close_dialog=True)
        self.do_official(arg, el)

    def do_official(self, arg, el) -> None:
        self.entry = ""
        self.message = ""
        self.panel = "pin" if self.settings.has_pin else "new-pin"
        self.render()

    def do_cancel(self, arg, el) -> None:
        self.panel = None
        self.entry = ""
        self.first_pin = ""
        self.message = ""
        if not self.active():
            self.go_to("start")
        self.render()

    def do_key(self, arg, el) -> None:
        if self.panel not in ("pin", "new-pin", "again-pin"):
            return
        if self.panel == "pin" and pin_wait(now(), self.fails, self.last_fail):
            self.render()
            return
        if arg == "clear":
            self.entry = ""
            self.message = ""
        elif arg == "ok":
            self._pin_entered()
        elif arg.isdigit() and len(arg) == 1 and len(self.entry) < PIN_MAX:
            self.entry += arg
            self.message = ""
        self.render()

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
        if not self.active():
            self.go_to("start")
        self.render()

    # ---- the settings ----------------------------------------------------------------
    def do_game(self, arg, el) -> None:
        if not self._official() or arg not in GAME_ORDER:
            return
        games = set(self.settings.games)
        if el.checked:
            games.add(arg)
        elif len(games) > 1:
            games.discard(arg)
        else:
            self.message = "At least one game must be offered."
            self.rerender()
            return
        self.settings.games = [g for g in GAME_ORDER if g in games]
        self.games_changed(games)  # the attract game goes when its game is no longer offered
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
            self.settings.rally = el.checked
            self._changed()

    def do_together(self, arg, el) -> None:
        if self._official():
            self.settings.together = el.checked
            self._changed()

    def do_sound(self, arg, el) -> None:
        if self._official():
            self.settings.sound = el.checked
            self._changed()

    def do_voice(self, arg, el) -> None:
        if self._official():
            self.settings.voice = el.checked
            self._changed()

    def do_enabled(self, arg, el) -> None:
        if not self._official():
            return
        on = el.checked
        self.settings.enabled = on
        self.save_settings()
        self.switch(on)
        self.message = ("Kiosk mode is on." if on else
                        "Kiosk mode is off: Done goes back to the start screen.")
        self.rerender()

    def do_change_pin(self, arg, el) -> None:
        if self._official():
            self.entry = ""
            self.first_pin = ""
            self.message = ""
            self.panel = "new-pin"
            self.render()

    def do_open_rally(self, arg, el) -> None:
        if self._official():
            self.panel = None
            self.open_rally()

    def rerender(self) -> None:
        """Draw again, keeping the settings panel where it was scrolled to."""
        self.scroll = self.page.scroll_top(".kiosk-settings")
        self.render()

    def _changed(self) -> None:
        self.save_settings()
        self.message = "Saved." if self.settings_unsaved is None else \
            "Not saved: see Saving, at the end."
        self.rerender()

    def save_settings(self) -> None:
        """Save the settings; while that fails, the official is told why (``unsaved``)."""
        self.settings_unsaved = store(self.page.storage(), SETTINGS_KEY,
                                      self.settings.to_json())
        if self.settings_unsaved is not None:
            self.page.warn(f"Rally Dominoes: could not save the kiosk settings (storage "
                             f"{self.settings_unsaved})")

    def unsaved(self) -> str | None:
        """Why this kiosk is not saving (its settings, or the game), if it is not."""
        return self.settings_unsaved or self.game_unsaved()

    def _has_bad_save(self) -> bool:
        from app.table.saving import BAD_SAVE_KEY

        return bool(read(self.page.storage(), BAD_SAVE_KEY))
