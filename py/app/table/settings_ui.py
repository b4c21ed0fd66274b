"""The table's settings as pressed (docs/settings: look, pace, hints, sound, knocking for
the player), each kept with the game (app.game.seats.Settings) and saved at once. A part
of the table screen (app.table.ui's ``parts``), given what it changes and calls: the game
now (``game()``), the table's save, redraw and ``say``, its moves seen and heard
(app.table.motion's ``Motion``) and the computer's warm-up for a new hint level."""

from __future__ import annotations

from app.game.seats import HINT_LEVELS, PACES, VOLUMES


class TableSettings:
    def __init__(self, game, save, redraw, say, motion, warm_up):
        self.game, self.save, self.redraw, self.say = game, save, redraw, say
        self.motion, self.warm_up = motion, warm_up

    def setting(self, name: str, value, render: bool = True) -> None:
        """One of the table's settings changed (app.game.seats.Settings), saved at once."""
        setattr(self.game().settings, name, value)
        self.save()
        if render:
            self.redraw()

    def do_knock_for_me(self, arg, el) -> None:
        self.setting("knock_for_me", el.checked)

    def do_pace(self, arg, el) -> None:
        if arg in PACES:
            self.setting("pace", arg, render=False)

    def do_hints(self, arg, el) -> None:
        if arg in HINT_LEVELS:
            self.setting("hints", arg, render=False)
            self.warm_up()

    def do_numerals(self, arg, el) -> None:
        self.setting("numerals", el.checked)

    def do_reduce_motion(self, arg, el) -> None:
        self.setting("reduce_motion", el.checked)

    def do_volume(self, arg, el) -> None:
        if arg in VOLUMES:
            self.setting("volume", arg, render=False)
            self.motion.gesture()
            self.motion.hear(["place"])  # heard at its new volume

    def do_mute(self, arg, el) -> None:
        """The sound button beside the menu: sound off, or on again (heard at once)."""
        settings = self.game().settings
        self.setting("muted", not settings.muted)
        self.say("Sound off." if settings.muted else "Sound on.")
        if not settings.muted:
            self.motion.gesture()
            self.motion.hear(["place"])

    def do_coloured(self, arg, el) -> None:
        self.setting("coloured", el.checked)
