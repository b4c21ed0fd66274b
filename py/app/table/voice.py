""""Read the moves aloud": the table's settings for the voice (on or off, how fast, which
of the browser's voices), kept with the other settings (app.game.seats.Settings); what is read
is what the live region says (app.table.motion's ``speak``, called by the table's
``say``). A part of the table screen (app.table.ui's ``parts``), given the game now
(``game()``), the page, the table's ``setting`` (changed, saved, drawn) and ``say``."""

from __future__ import annotations

from app.game.seats import VOICE_NAME_LIMIT, VOICE_RATES


def voice_note(voices: list[str] | None) -> str:
    """What the setting says when the browser cannot read aloud ("" when it can)."""
    if voices is None:
        return "This browser cannot read aloud: it has no speech voices."
    if not voices:
        return "This device has no voice for reading aloud (none is installed)."
    return ""


class VoiceSettings:
    """A box ticked or a choice made is heard as a click and as a change: each setting
    is changed (and heard) once."""

    def __init__(self, game, page, setting, say):
        self.game, self.page, self.setting, self.say = game, page, setting, say

    def _set(self, name: str, value, render: bool = True) -> bool:
        if getattr(self.game().settings, name) == value:
            return False
        self.setting(name, value, render=render)
        return True

    def do_voice(self, arg, el) -> None:
        if not self._set("voice", el.checked):
            return
        if el.checked:
            self.say("The moves will be read aloud.")
        else:
            self.page.motion.hush()

    def do_voice_rate(self, arg, el) -> None:
        if arg in VOICE_RATES and self._set("voice_rate", arg, render=False):
            self.say(f"Reading {arg}.")  # heard at its new speed

    def do_voice_name(self, arg, el) -> None:
        name = el.value or ""
        voices = self.page.motion.voices() or []
        if (len(name) <= VOICE_NAME_LIMIT and (name == "" or name in voices)
                and self._set("voice_name", name, render=False)):
            self.say("This is the voice that reads the moves.")
