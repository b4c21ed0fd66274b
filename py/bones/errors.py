"""The engine's errors. Every refusal says in plain words what is wrong and,
where a rule sheet forbids it, which rule (by its ID in shared/rules)."""

import re


class IllegalMove(ValueError):
    """A move the rules do not allow here. Nothing was changed."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        cited = rule is not None and re.fullmatch(r"[A-Z]+\d+", rule)
        super().__init__(f"{message} ({rule})" if cited else message)


class BadData(ValueError):
    """Data from outside (a save, a file, a stored setting, the AI worker's answer) that is
    refused: too large, nested too deeply, malformed or of the wrong kind. The message says
    in plain words what is wrong; nothing was changed. See bones.inbound and
    docs/security.md."""


class BadSave(BadData):
    """A saved game that cannot be read back: corrupt, tampered or too new."""
