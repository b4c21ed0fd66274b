"""The club's house rules kept on this device (bones.house, docs/house-rules.md): the
start form offers them beside the sheets, the rally scorekeeper runs an event by them,
and the house rules screen (app.house) makes, changes, shares and deletes them.

They are kept in local storage under ``KEY`` as one record, each rule set whole
(``HouseRules.to_dict``). A stored record that cannot be read is set aside under
``BAD_KEY`` (not lost) and the page says so; one rule set in it that cannot be played is
left out and said. Pure Python, tested in CPython with a stand-in storage."""

from __future__ import annotations

import json

from app.shared import storage
from bones.errors import BadData
from bones.house import HouseRules, HouseRulesError, same_name
from bones.inbound import read_json

KEY = "rally-dominoes:house-rules"
BAD_KEY = "rally-dominoes:house-rules-damaged"
FORMAT = "rally-dominoes-house-rules-list"
LIMIT = 40  # rule sets on one device: a club needs a few; a full list asks to delete one
MAX_STORED = 4_000 * LIMIT
WHY = {storage.FULL: "the browser's storage is full.",
       storage.OFF: "this browser does not let the page store anything.",
       storage.FAILED: "the browser refused to store them."}


class HouseStore:
    """The rule sets on this device, newest edits last, read once and written at every
    change. ``problem``: what went wrong reading them ("" when nothing did)."""

    def __init__(self, st):
        self.st = st
        self.problem = ""
        self.rules: list[HouseRules] = self._read()

    def _read(self) -> list[HouseRules]:
        text = storage.read(self.st, KEY)
        if text is None:
            return []
        try:
            d = read_json(text, "The house rules kept here", MAX_STORED)
            if not isinstance(d, dict) or d.get("format") != FORMAT or not isinstance(
                    d.get("rules"), list):
                raise BadData("The house rules kept here are not in a form this page knows")
        except BadData as exc:
            storage.set_aside(self.st, KEY, BAD_KEY, text)
            self.problem = f"{exc}. They were set aside; nothing was changed."
            return []
        out, bad = [], 0
        for raw in d["rules"][:LIMIT]:
            try:
                h = HouseRules.from_dict(raw)
            except BadData:
                bad += 1
                continue
            if not any(same_name(h, x) for x in out):
                out.append(h)
        if bad:
            self.problem = (f"{bad} of the house rules kept here could not be read and "
                            "are left out.")
        return out

    # ---- looking up ----------------------------------------------------------------------
    def of_game(self, game: str) -> list[HouseRules]:
        return [h for h in self.rules if h.game == game]

    def get(self, name: str) -> HouseRules | None:
        return next((h for h in self.rules if same_name(h, name)), None)

    def clash(self, h: HouseRules, but: str = "") -> HouseRules | None:
        """A kept rule set whose name clashes with ``h``'s (other than the one named
        ``but``, which ``h`` replaces)."""
        return next((x for x in self.rules if same_name(x, h)
                     and not (but and same_name(x, but))), None)

    # ---- changing ------------------------------------------------------------------------
    def put(self, h: HouseRules, replacing: str = "") -> HouseRules:
        """Keep ``h`` (checked: HouseRulesError if it cannot be played), in place of the
        rule set named ``replacing`` or of one with the same name, at the next edition if
        it plays differently. Returns what is kept. Raises HouseRulesError when the list
        is full or storage refuses it (nothing kept is then changed)."""
        h.check()
        old = self.get(replacing) if replacing else None
        old = old or self.get(h.name)
        kept = h.edited_from(old) if old is not None else h
        rules = [x for x in self.rules if x is not old]
        if old is None and len(rules) >= LIMIT:
            raise HouseRulesError(f"This device keeps {LIMIT} sets of house rules: delete "
                                  "one first.")
        rules.append(kept)
        self._write(rules)
        return kept

    def delete(self, name: str) -> None:
        self._write([x for x in self.rules if not same_name(x, name)])

    def _write(self, rules: list[HouseRules]) -> None:
        text = json.dumps({"format": FORMAT, "version": 1,
                           "rules": [h.to_dict() for h in rules]}, ensure_ascii=False)
        why = storage.store(self.st, KEY, text)
        if why is not None:
            raise HouseRulesError("The house rules were not saved: " + WHY[why])
        self.rules = rules
