"""The engine's errors. Every refusal says in plain words what is wrong and,
where a rule sheet forbids it, which rule (by its ID: docs/rules.md)."""

import re


class IllegalMove(ValueError):
    """A move the rules do not allow here. Nothing was changed."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        cited = rule is not None and re.fullmatch(r"[A-Z]+\d+", rule)
        super().__init__(f"{message} ({rule})" if cited else message)


class OptionError(ValueError):
    """Options the rules cannot be played by (at this many seats). The message is a
    sentence a player understands; ``field`` names the option it concerns, so a page can
    show it next to that field."""

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)


class BadData(ValueError):
    """Data from outside (a save, a file, a stored setting, the AI worker's answer) that is
    refused: too large, nested too deeply, malformed or of the wrong kind. The message says
    in plain words what is wrong; nothing was changed. See bones.inbound and
    docs/security.md.

    The message may quote what came in, so it is made safe to show here, once for every
    refusal: hidden characters and direction overrides written as escapes (\\u202e), at
    most MAX_MESSAGE characters."""

    MAX_MESSAGE = 400

    def __init__(self, message: str):
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(message))
        if len(text) > self.MAX_MESSAGE:
            text = text[:self.MAX_MESSAGE - 3] + "..."
        super().__init__(text)


class BadSave(BadData):
    """A saved game that cannot be read back: corrupt, tampered or too new."""
