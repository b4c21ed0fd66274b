"""House rules: a club's own rule set, built from a sheet (docs/house-rules.md).

A ``HouseRules`` value is a name ("Sun Lakes Tuesday"), the sheet it starts from (a
preset, ``base``), what the club plays differently (option field -> value, only settings
of the catalogue, ``bones.house_settings``) and an edition, counted up each time the
rules are changed. It gives the game's options, the changes in plain words against the
sheet with the rules they touch, the reasons it cannot be played (each naming its field),
the numbers of players it suits, a form for a page to build, and its file and QR code.

    >>> h = HouseRules("Sun Lakes Tuesday", "gs-mt", {"first_double": 6, "rounds": 7})
    >>> [c.text for c in h.differences()]
    ['First double: 6-6 (the sheet: 9-9)', 'Rounds: 7 (the sheet: 10)']
    >>> h.title, h.players
    ("House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)", '2 to 8 players')
    >>> h.with_change("set_high", 9).players  # 12 tiles each do not come out of 55 for 5
    '2 to 4 players'
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import BadData, OptionError
from .games import MATCHES
from .games import game as game_type
from .house_settings import SIZES, Setting, catalogue, per_seats, read_value, setting
from .inbound import fields, letters, one_line, read_json, unsafe
from .presets import PRESETS
from .qrtext import decode, encode
from .rulebook import RULES, SHEET_TITLES, cite

FORMAT = "rally-dominoes-house-rules"  # a house rules file's "format"
VERSION = 1  # ... and its version
MAX_NAME = 40  # letters, as people count them: the header and a score sheet show it whole
MAX_EDITION = 9999
MAX_FILE = 4_000  # characters: every setting changed takes about 500


class HouseRulesError(BadData):
    """House rules that cannot be made, read or played; ``field`` names the setting (or
    "name") it concerns, for a page to show it there. Nothing was changed."""

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Problem:
    field: str  # the setting it concerns, or "name"
    message: str  # a sentence a player understands
    seats: tuple[int, ...] = ()  # (): the rule set cannot be played; else only by these


@dataclass(frozen=True)
class Change:
    """One thing the house plays differently from its sheet."""

    field: str
    label: str  # "Rounds"
    value: Any
    sheet: Any  # the sheet's value
    words: str  # "7"
    sheet_words: str  # "10"
    rules: tuple[str, ...]  # the rule IDs of the sheet it changes (none: not on the sheet)
    cites: tuple[str, ...]  # where the sheet has them, in its own words ("General 7")

    @property
    def text(self) -> str:
        return f"{self.label}: {self.words} (the sheet: {self.sheet_words})"


def _name_key(name: str) -> str:
    return one_line(name).casefold()


@dataclass(frozen=True)
class HouseRules:
    name: str
    base: str  # the preset (sheet) it starts from: "gs-mt"
    changes: tuple[tuple[str, Any], ...] = ()  # (field, value), in the catalogue's order
    edition: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.base, str) or self.base not in PRESETS:
            raise HouseRulesError(f"There is no sheet called {str(self.base)[:40]!r}: "
                                  f"choose one of {', '.join(PRESETS)}.", "base")
        if not isinstance(self.name, str):
            raise HouseRulesError("The name of house rules is text.", "name")
        if (not isinstance(self.edition, int) or isinstance(self.edition, bool)
                or not 1 <= self.edition <= MAX_EDITION):
            raise HouseRulesError(f"The edition is a whole number from 1 to {MAX_EDITION}, "
                                  f"not {str(self.edition)[:20]}.", "edition")
        object.__setattr__(self, "name", one_line(self.name))
        object.__setattr__(self, "changes", self._read(self.changes))

    def _read(self, raw: Any) -> tuple[tuple[str, Any], ...]:
        """The changes checked against the catalogue, in its order, a value equal to the
        sheet's left out."""
        pairs = raw.items() if isinstance(raw, dict) else raw
        try:
            pairs = [(f, v) for f, v in pairs]
        except (TypeError, ValueError):
            raise HouseRulesError("The changes are a record of setting: value.") from None
        game = self.game
        known = {s.field: s for s in catalogue(game)}
        seen = set()
        for f, _v in pairs:
            if f not in known:
                names = ", ".join(s.label.lower() for s in known.values())
                raise HouseRulesError(f"{game_type(game).title} house rules cannot change "
                                      f"{str(f)[:40]!r}: what may change is {names}.",
                                      str(f)[:40])
            if f in seen:
                raise HouseRulesError(f"{known[f].label} is changed twice.", f)
            seen.add(f)
        given = dict(pairs)
        sheet = self.sheet.options
        values = {}
        for s in catalogue(game):
            if s.field in given:
                try:
                    values[s.field] = read_value(s, given[s.field], sheet)
                except ValueError as e:
                    raise HouseRulesError(str(e), s.field) from None
        opts = dataclasses.replace(sheet, **values)
        return tuple((f, v) for f, v in values.items()
                     if not _same(known[f], v, getattr(sheet, f), opts, sheet))

    # ---- what it is --------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return PRESETS[self.base].game

    @property
    def sheet(self):
        """The preset it starts from (``bones.presets.Preset``)."""
        return PRESETS[self.base]

    @property
    def title(self) -> str:
        """What a header and a score sheet say: "House rules: Sun Lakes Tuesday (from Good
        Sam's Mexican Train)"."""
        return f"House rules: {self.name} (from {SHEET_TITLES[self.base]})"

    @property
    def key(self) -> str:
        """The name as names are compared: two rule sets whose keys are equal clash."""
        return _name_key(self.name)

    def options(self) -> Any:
        """The game's options: the sheet's, with the changes."""
        return dataclasses.replace(self.sheet.options, **dict(self.changes))

    def value(self, field: str) -> Any:
        return dict(self.changes).get(field, getattr(self.sheet.options, field))

    # ---- making another ------------------------------------------------------------------------
    @classmethod
    def start(cls, base: str, name: str = "") -> HouseRules:
        """House rules that change nothing yet, from the sheet ``base``."""
        return cls(name, base)

    def with_change(self, field: str, value: Any) -> HouseRules:
        """The same rules with ``field`` set to ``value`` (as a form gives it: a number may
        be text); back to the sheet's value, the change is gone. HouseRulesError, naming
        the field, for a value the catalogue does not allow."""
        s = self._setting(field)
        try:
            v = read_value(s, value, self.options())
        except ValueError as e:
            raise HouseRulesError(str(e), field) from None
        changes = dict(self.changes)
        changes[field] = v
        return dataclasses.replace(self, changes=changes)

    def without_change(self, field: str) -> HouseRules:
        self._setting(field)
        return dataclasses.replace(
            self, changes=tuple((f, v) for f, v in self.changes if f != field))

    def named(self, name: str) -> HouseRules:
        return dataclasses.replace(self, name=name)

    def edited_from(self, old: HouseRules | None) -> HouseRules:
        """These rules saved over ``old``: the next edition if they play differently
        (another sheet or other changes), else ``old``'s edition."""
        if old is None:
            return self
        same = (old.base, old.changes) == (self.base, self.changes)
        edition = old.edition if same else min(old.edition + 1, MAX_EDITION)
        return dataclasses.replace(self, edition=edition)

    def _setting(self, field: str) -> Setting:
        s = setting(self.game, field)
        if s is None:
            raise HouseRulesError(f"{field!r} is not something house rules of "
                                  f"{game_type(self.game).title} may change.", field)
        return s

    # ---- against the sheet -----------------------------------------------------------------
    def differences(self) -> list[Change]:
        """What the house plays differently, in the catalogue's order."""
        sheet = self.sheet.options
        opts = self.options()
        mine = set(self.sheet.rules)
        out = []
        for s in catalogue(self.game):
            if s.field not in dict(self.changes):
                continue
            rules = tuple(r for r in s.rules if r in mine)
            out.append(Change(s.field, s.label, getattr(opts, s.field),
                              getattr(sheet, s.field), _say(s, getattr(opts, s.field), opts),
                              _say(s, getattr(sheet, s.field), sheet), rules,
                              tuple(cite(r, self.base) for r in rules)))
        return out

    def rules_panel(self) -> list[dict]:
        """The sheet's rules as the Rules panel shows them, each with the house's changes
        to it (``changes``: their words; empty: played as the sheet says), then every
        change that stands on no rule of the sheet (``rule`` None, ``cite`` "House rule")."""
        diffs = self.differences()
        rows = [{"rule": r, "cite": cite(r, self.base), "text": RULES[r],
                 "changes": [c.text for c in diffs if r in c.rules]} for r in self.sheet.rules]
        rows += [{"rule": None, "cite": "House rule", "text": c.text, "changes": [c.text]}
                 for c in diffs if not c.rules]
        return rows

    # ---- can it be played -------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """Everything in the way, each naming its field: a name that cannot be shown, a
        combination no table can play (``seats`` empty: it cannot be saved or played),
        or one a number of players cannot (``seats`` those numbers)."""
        out = [Problem("name", m) for m in _name_problems(self.name)]
        fails = self._failures()
        counts = _counts(self.game)
        if len(fails) == len(counts):
            said = {(e.field, str(e)) for e in fails.values()}
            first = fails[counts[0]]
            if len(said) == 1:
                out.append(Problem(first.field or "", str(first)))
            else:
                out.append(Problem(first.field or "", f"No number of players can play "
                                                      f"these rules. {first}"))
            return out
        out += [Problem(e.field or "", str(e), (n,)) for n, e in fails.items()]
        return out

    def refusals(self) -> list[Problem]:
        """The problems that keep these rules from being saved or played."""
        return [p for p in self.problems() if not p.seats]

    @property
    def ready(self) -> bool:
        return not self.refusals()

    def check(self) -> HouseRules:
        """These rules, if they can be saved and played; else HouseRulesError with the
        first reason and its field."""
        bad = self.refusals()
        if bad:
            raise HouseRulesError(bad[0].message, bad[0].field)
        return self

    @property
    def seats(self) -> tuple[int, ...]:
        """The numbers of players these rules can be played by."""
        fails = self._failures()
        return tuple(n for n in _counts(self.game) if n not in fails)

    @property
    def players(self) -> str:
        """The numbers of players in words: "2 to 8 players", "2 to 4 and 6 players"."""
        return players_words(self.seats)

    def _failures(self) -> dict[int, OptionError]:
        opts = self.options()
        out = {}
        for n in _counts(self.game):
            try:
                opts.check(n)
            except OptionError as e:
                out[n] = e
        return out

    # ---- for a page ----------------------------------------------------------------------------
    def form(self) -> list[dict]:
        """One entry per setting, in order, as plain data a page builds its form from:
        ``field``, ``label``, ``help``, ``control`` (choice, number, toggle, sizes), the
        ``value`` and the ``sheet``'s (and both in ``words``), ``changed``, what it allows
        (``choices`` [{value, words}]; ``low``, ``high``; ``sizes`` [{players, tiles}]),
        the sheet's ``rules`` it changes [{rule, cite}], its ``problem`` (why the rules
        cannot be played, or None) and its ``limits`` (the numbers of players it rules out,
        with why)."""
        opts, sheet = self.options(), self.sheet.options
        changed = dict(self.changes)
        problems = self.problems()
        mine = set(self.sheet.rules)
        out = []
        for s in catalogue(self.game):
            v, sv = getattr(opts, s.field), getattr(sheet, s.field)
            row = {"field": s.field, "label": s.label, "help": s.help, "control": s.control,
                   "value": _plain(v), "sheet": _plain(sv), "words": _say(s, v, opts),
                   "sheet_words": _say(s, sv, sheet), "changed": s.field in changed,
                   "rules": [{"rule": r, "cite": cite(r, self.base)} for r in s.rules
                             if r in mine],
                   "problem": next((p.message for p in problems
                                    if p.field == s.field and not p.seats), None),
                   "limits": [p.message for p in problems if p.field == s.field and p.seats]}
            if s.control == SIZES:
                row["low"], row["high"] = s.low, s.high
                row["sizes"] = [{"players": n, "tiles": k} for n, k in per_seats(opts).items()]
            elif s.control == "number":
                row["low"], row["high"] = s.low, s.high
            else:
                row["choices"] = [{"value": _plain(x), "words": s.say(x, opts)}
                                  for x in s.allowed(opts)]
            out.append(row)
        return out

    def editor(self) -> dict:
        """All a house rules screen shows, as plain data: the name and its problem, the
        sheet, the form, the changes in words, who can play, and whether it can be saved."""
        problems = self.problems()
        return {"name": self.name, "base": self.base, "game": self.game,
                "sheet": SHEET_TITLES[self.base], "edition": self.edition,
                "title": self.title,
                "name_problem": next((p.message for p in problems if p.field == "name"), None),
                "settings": self.form(), "changes": [c.text for c in self.differences()],
                "seats": list(self.seats), "players": self.players,
                "ready": not [p for p in problems if not p.seats]}

    def sheet_words(self) -> dict:
        """How a score sheet, a printout or a rally page names the rules: the title, the
        edition and every change in words."""
        return {"name": self.name, "base": self.base, "edition": self.edition,
                "title": self.title, "changes": [c.text for c in self.differences()]}

    def file_name(self) -> str:
        """A file name for the rules, in plain letters: "sun-lakes-tuesday.house.json"."""
        plain = unicodedata.normalize("NFKD", self.name).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40].strip("-")
        return f"{slug or 'house-rules'}.house.json"

    # ---- as data: in saves and rally events, as a file, as a QR code -------------------------
    def to_dict(self) -> dict:
        """The rules whole, as a match's save and a rally event carry them."""
        self.check()
        return {"name": self.name, "base": self.base, "edition": self.edition,
                "changes": {f: _plain(v) for f, v in self.changes}}

    @classmethod
    def from_dict(cls, data: Any, error: type[BadData] = HouseRulesError,
                  what: str = "The house rules", strict: bool = False) -> HouseRules:
        """``to_dict``'s record read back, refused (``error``) in plain words if it is not
        house rules that can be played. ``strict`` (a file, a code): a number must be
        written as a number, as ``to_dict`` writes it, not as text ("7")."""
        d = fields(data, what, {"name", "base", "edition", "changes"}, set(), error)
        if not isinstance(d["changes"], dict):
            raise error(f"{what}: the changes are not a record of setting: value.")
        try:
            if strict and d["base"] in PRESETS:
                _numbers_as_numbers(PRESETS[d["base"]].game, d["changes"])
            return cls(d["name"], d["base"], d["changes"], d["edition"]).check()
        except HouseRulesError as e:
            raise error(f"{what}: {e}") from None

    def to_json(self) -> dict:
        """The rules as a file of their own."""
        return {"format": FORMAT, "version": VERSION, **self.to_dict()}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def to_code(self) -> str:
        """The rules as the text of a QR code ("RDR1:..."; bones.qrtext)."""
        return encode("R", self.to_dict())

    @classmethod
    def read(cls, data: Any) -> HouseRules:
        """House rules from outside: a file's text (``dumps``) or a QR code's (``to_code``),
        told apart by how they start. HouseRulesError in plain words for anything else."""
        size = _characters(data)
        if isinstance(data, bytes | bytearray):
            data = bytes(data[:4 * MAX_FILE]).decode("utf-8", "replace")
        if isinstance(data, str) and data.strip().upper().startswith("RD"):
            body = decode(data, "R", HouseRulesError)
            body.pop("v", None)
            return cls.from_dict(body, what="The code's house rules", strict=True)
        if size > MAX_FILE:
            raise HouseRulesError(f"This file is {size:,} characters; a house-rules file is "
                                  f"at most {MAX_FILE:,}.")
        try:
            d = read_json(data, "This house rules file", MAX_FILE, HouseRulesError)
        except HouseRulesError:  # the parser's own words help no one at a rally
            raise HouseRulesError("This file is not house rules that this page can read: "
                                  "it may be damaged, or be another kind of file.") from None
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise HouseRulesError("This file is not house rules from Rally Dominoes.")
        if d.get("version") != VERSION:
            v = d.get("version")
            newer = isinstance(v, int) and v > VERSION
            raise HouseRulesError(f"This house rules file is version {str(v)[:20]}; this page "
                                  f"reads version {VERSION}"
                                  + (" (update the page on this device)." if newer else "."))
        body = {k: v for k, v in d.items() if k not in ("format", "version")}
        return cls.from_dict(body, what="This house rules file", strict=True)


# ---- helpers -------------------------------------------------------------------------------------
def _characters(data: Any) -> int:
    """How many characters a file's text has (its bytes read as UTF-8)."""
    if isinstance(data, bytes | bytearray):  # every byte but a continuation starts one
        return len(bytes(data).translate(None, bytes(range(0x80, 0xC0))))
    return len(data) if isinstance(data, str) else 0


def _numbers_as_numbers(game: str, changes: dict) -> None:
    """HouseRulesError for a setting whose value is a number written as text ("7"): a
    file of ours writes 7, so text there was typed in by hand or damaged."""
    for s in catalogue(game):
        raw = changes.get(s.field)
        values = raw.values() if s.control == SIZES and isinstance(raw, dict) else [raw]
        for v in values:
            if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                raise HouseRulesError(f"{s.label} is written as the text \"{v[:20]}\"; a "
                                      f"house rules file gives it as a number, without "
                                      f"quotes: {v.strip()[:20]}.", s.field)


def _counts(game: str) -> list[int]:
    cls = MATCHES[game]
    return list(range(cls.min_seats, cls.max_seats + 1))


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, tuple | list) else v


def _say(s: Setting, value: Any, options: Any) -> str:
    return s.say(value, options)


def _same(s: Setting, v: Any, sheet_v: Any, opts: Any, sheet: Any) -> bool:
    """A value that plays as the sheet's: hand sizes compared by what each number of
    players is dealt (with this set), the rest by value (True is not 1)."""
    if s.control == SIZES:
        return per_seats(opts, v) == per_seats(opts, sheet_v)
    return v == sheet_v and type(v) is type(sheet_v)


def _name_problems(name: str) -> list[str]:
    if not name:
        return ["Give the house rules a name, such as the club's and the day it plays."]
    if any(map(unsafe, name)):
        return ["The name has a character that cannot be shown or printed: use letters, "
                "numbers, spaces and punctuation."]
    n = len(letters(name))
    if n > MAX_NAME or len(name) > 8 * MAX_NAME:
        return [f"The name is {n} letters long: {MAX_NAME} at most, so that headers and "
                f"score sheets show it whole."]
    if _name_key(name) in {_name_key(t) for t in SHEET_TITLES.values()} | {
            _name_key(p.title) for p in PRESETS.values()} | set(PRESETS):
        return ["That is the name of a printed sheet: give the house rules a name of their "
                "own."]
    return []


def players_words(seats: tuple[int, ...] | list[int]) -> str:
    """(2, 3, 4, 6) -> "2 to 4 and 6 players"; () -> "no number of players"."""
    runs: list[list[int]] = []
    for n in seats:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    parts = [f"{a} to {b}" if b > a + 1 else f"{a} and {b}" if b > a else f"{a}"
             for a, b in runs]
    if not parts:
        return "no number of players"
    return (", ".join(parts[:-1]) + " and " if len(parts) > 1 else "") + parts[-1] + \
        (" players" if seats != (1,) else " player")


def same_name(a: HouseRules | str, b: HouseRules | str) -> bool:
    """Whether two rule sets (or names) clash: the same name, whatever the case or
    spacing. A page asks before one replaces the other."""
    return (a.key if isinstance(a, HouseRules) else _name_key(a)) == (
        b.key if isinstance(b, HouseRules) else _name_key(b))
