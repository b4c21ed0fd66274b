"""Past games kept on the device: the record of a finished or abandoned game, and the
bounded collection of them (docs/records.md, "Past games"). Pure functions over JSON-able
values: the page stores ``dumps(archive)`` as one string and never reads inside it.

A record holds the date (the page's clock), the game, its sheet and house rules, the
players with each computer's level, the full save (every move, so it replays exactly)
and whether the game ended or was abandoned, with a summary of the score sheet made from
the save (``summary``) that the list and the statistics read without replaying. The
collection keeps the newest first within BUDGET characters: a new game that does not fit
pushes out the oldest ones, never itself; an imported file only adds what fits, and
never pushes out a game already kept.

    >>> import bones
    >>> g = bones.new_game("all-fives", seats=2, seed=5)
    >>> _ = g.play(g.legal_moves()[0])
    >>> players = [{"name": "You", "kind": "human", "level": "normal"},
    ...            {"name": "Ann", "kind": "computer", "level": "hard"}]
    >>> rec = make_record(g, players, date="2025-06-01T14:05")
    >>> rec["ended"], rec["summary"]["rounds"], len(rec["id"])
    ('abandoned', [], 16)
    >>> kept, dropped = add(empty(), rec)
    >>> [r["id"] for r in kept["games"]] == [rec["id"]], dropped
    (True, [])
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, NamedTuple

from .core import Match
from .errors import BadData, BadSave
from .inbound import fields, letters, name_text, read_json, unsafe
from .moves import NEXT
from .record import from_json

FORMAT = "rally-dominoes-games"  # the collection, and a file of exported games
VERSION = 1
BUDGET = 1_500_000  # characters the kept games may take in the page's storage
MAX_FILE = 2 * BUDGET  # characters of a file to import
LEVELS = ("easy", "normal", "hard")  # a computer's level (bones.ai.levels.LEVELS)
KINDS = ("human", "computer")  # who sits in a seat
NAME_LETTERS = 20  # a player's name, in letters as people count them (the table's limit)
HOUSE_NAME_LETTERS = 40  # a house rule set's name
ENDED = ("finished", "abandoned")
_DATE = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,6})?)?)?"
                   r"(Z|[+-]\d\d:?\d\d)?")
_ID = re.compile(r"[0-9a-f]{16}")
_RECORD = {"id", "date", "game", "sheet", "players", "ended", "save", "summary"}


def empty() -> dict:
    """A collection with no game in it."""
    return {"format": FORMAT, "version": VERSION, "games": []}


def game_id(save: dict) -> str:
    """A record's id: the first 16 hex digits of the SHA-256 of its save (as compact JSON
    with sorted keys). The same game is the same id on every device."""
    text = json.dumps(save, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def worth_keeping(match: Match) -> bool:
    """Whether a game was played at all (some seat made a move): one that was not is
    not kept when it is left."""
    return any(seat is not None for _m, seat, _t in match.history)


def summary(match: Match) -> dict:
    """The score sheet as the list and the statistics read it: each finished round's
    scores (None for a seat that had not joined) and who went out (None: nobody, a
    blocked round), the totals and places, each seat's side (partners share one), the
    number of seats and whether the match is over."""
    outs = [token.get("out") for move, _s, token in match.history if move.kind == NEXT]
    if match.round_over:
        outs.append(match.out)
    place = {seat: p for p, seat, _t in match.standings()}
    return {
        "rounds": [list(row) for row in match.round_scores],
        "out": outs[:len(match.round_scores)],
        "totals": list(match.totals),
        "places": [place[s] for s in range(match.seats)],
        "sides": list(getattr(match, "sides", range(match.seats))),
        "lower_wins": match.lower_wins,
        "over": match.match_over,
    }


def house_of(match: Match) -> dict | None:
    """The house rule set ``match`` is played by, as a record names it: ``{"name": ...,
    "options": {...}}`` (what they change from the sheet), or None for the sheet as
    printed. Made from the match (its save keeps them whole), never taken on trust."""
    h = match.house
    return None if h is None else {"name": h.name, "options": h.to_dict()["changes"]}


def make_record(match: Match, players: list[dict], *, date: str) -> dict:
    """The record of ``match`` as it stands (finished once the match is over, else
    abandoned). ``players``: one ``{"name", "kind", "level"}`` a seat ("human" or
    "computer"; a computer's level: easy, normal or hard). ``date``: when it was played,
    ISO 8601 text ("2025-06-01T14:05"). Its house rules are the match's own
    (``house_of``)."""
    save = match.to_json()
    rec = {
        "id": game_id(save),
        "date": date,
        "game": match.game,
        "sheet": match.preset,
        "house": house_of(match),
        "players": [dict(p) for p in players],
        "ended": ENDED[0] if match.match_over else ENDED[1],
        "save": save,
        "summary": summary(match),
    }
    _check_meta(rec, match.seats, "the game's record", ValueError)
    return rec


def _check_meta(rec: dict, seats: int, what: str, error: type[Exception]) -> None:
    """The fields a record has beside its save: the date, the players, the house rules."""
    date = rec.get("date")
    if not isinstance(date, str) or len(date) > 40 or not _DATE.fullmatch(date):
        raise error(f"{what} has no date like 2025-06-01T14:05: {str(date)[:40]!r}")
    players = rec.get("players")
    if not isinstance(players, list) or len(players) != seats:
        raise error(f"{what} does not name a player for each of its {seats} seats")
    for i, p in enumerate(players):
        fields(p, f"{what}'s player {i + 1}", {"name", "kind", "level"}, set(),
               error if issubclass(error, BadData) else BadData)
        name = p["name"]
        if not (isinstance(name, str) and name and name_text(name) == name
                and len(letters(name)) <= NAME_LETTERS and not any(map(unsafe, name))):
            raise error(f"{what}'s player {i + 1} has no name a table could show")
        if p["kind"] not in KINDS or p["level"] not in LEVELS:
            raise error(f"{what}'s player {i + 1} is not a person or a computer at a level "
                        f"({', '.join(LEVELS)})")
    house = rec.get("house")
    if house is not None:
        if not isinstance(house, dict) or set(house) != {"name", "options"} \
                or not isinstance(house["options"], dict):
            raise error(f"{what}'s house rules are not a name and options")
        name = house["name"]
        if not (isinstance(name, str) and name and name_text(name) == name
                and len(letters(name)) <= HOUSE_NAME_LETTERS):
            raise error(f"{what}'s house rules have no name a table could show")
    if rec.get("ended") not in ENDED:
        raise error(f"{what} is neither finished nor abandoned")


def _is_int(x: Any) -> bool:
    return type(x) is int and abs(x) < 10**9


def _check_summary(sm: Any, seats: int, what: str) -> None:
    """A kept summary has the shape ``summary`` gives it, so the list and the statistics
    can read it without replaying the save; else BadData."""
    fields(sm, f"{what}'s score sheet", {"rounds", "out", "totals", "places", "sides",
                                          "lower_wins", "over"})

    def seat_list(x: Any, blank: bool) -> bool:
        return isinstance(x, list) and len(x) == seats and all(
            _is_int(v) or blank and v is None for v in x)

    rounds = sm["rounds"]
    if not (isinstance(rounds, list) and all(seat_list(r, True) for r in rounds)
            and isinstance(sm["out"], list) and len(sm["out"]) == len(rounds)
            and all(o is None or _is_int(o) and 0 <= o < seats for o in sm["out"])
            and seat_list(sm["totals"], False) and seat_list(sm["places"], False)
            and seat_list(sm["sides"], False)
            and all(type(sm[k]) is bool for k in ("lower_wins", "over"))):
        raise BadData(f"{what}'s score sheet is damaged")


def read_record(data: Any, what: str = "the game") -> dict:
    """A record from outside (an imported file), checked to the last move: its save is
    replayed, and its id, house rules, ending and summary are made again from it (a file
    cannot claim a game, or house rules, it does not hold). Raises BadData saying what is
    wrong."""
    fields(data, what, _RECORD - {"summary"}, {"summary", "house"})
    try:
        match = from_json(data["save"])
    except BadSave as e:
        raise BadData(f"{what}: {e}") from None
    if data["game"] != match.game or data["sheet"] != match.preset:
        raise BadData(f"{what} says it is {str(data['game'])[:30]} ({str(data['sheet'])[:10]})"
                      f" but its moves are {match.game} ({match.preset})")
    meta = {"date": data["date"], "players": data["players"],
            "house": data.get("house"), "ended": data["ended"]}
    _check_meta(meta, match.seats, what, BadData)
    return make_record(match, data["players"], date=data["date"])


def size(archive: dict) -> int:
    """The characters the collection takes in storage (``dumps``)."""
    return len(dumps(archive))


def dumps(archive: dict) -> str:
    return json.dumps(archive, separators=(",", ":"), ensure_ascii=False)


def _games_of(text: Any, what: str, kind: str, strict: bool = False) -> list:
    """The games listed in a collection or a file (``text``), read through the guarded
    entry; BadData when ``what`` ("the file") is no such thing or of another version, or
    (``strict``: a file brought in) holds anything beside its format, version and games."""
    data = read_json(text, what, MAX_FILE)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadData(f"{what} is not {kind} of Rally Dominoes games")
    unknown = sorted(str(k)[:40] for k in set(data) - {"format", "version", "games"})
    if strict and unknown:
        raise BadData(f"{what} holds something this game does not know ({unknown[0]!r}): "
                      "a file of past games holds only its format, version and games")
    if data.get("version") != VERSION or not isinstance(data.get("games"), list):
        raise BadData(f"{what} holds games of another version "
                      f"({str(data.get('version'))[:20]}; this game reads {VERSION})")
    return data["games"]


def loads(text: Any) -> tuple[dict, list[str]]:
    """The collection the page stored, and what could not be kept of it (messages). A
    record whose shape is wrong is left out (the others stay); text that is no
    collection at all raises BadData, and the page sets it aside. Saves are not replayed
    here (a record is replayed when it is opened); imports are checked in full."""
    kept, problems = [], []
    for i, rec in enumerate(_games_of(text, "the kept games", "a collection")):
        what = f"kept game {i + 1}"
        try:
            fields(rec, what, _RECORD, {"house"})
            if not isinstance(rec["save"], dict):
                raise BadData(f"{what} has no save")
            if not isinstance(rec["id"], str) or not _ID.fullmatch(rec["id"]):
                raise BadData(f"{what} has no id")
            seats = len(rec["players"]) if isinstance(rec["players"], list) else -1
            _check_meta(rec, seats, what, BadData)
            _check_summary(rec["summary"], seats, what)
        except BadData as e:
            problems.append(str(e))
            continue
        kept.append(rec)
    return {"format": FORMAT, "version": VERSION, "games": kept}, problems


def add(archive: dict, record: dict, *, budget: int = BUDGET) -> tuple[dict, list[str]]:
    """The collection with ``record`` first (a record of the same game is replaced),
    and the ids of the oldest games dropped to keep it within ``budget`` characters. The
    new record itself is never dropped."""
    games = [record] + [r for r in archive["games"] if r["id"] != record["id"]]
    out = {"format": FORMAT, "version": VERSION, "games": games}
    dropped = []
    while len(games) > 1 and size(out) > budget:
        dropped.append(games.pop()["id"])
    return out, dropped


def remove(archive: dict, ids: list[str] | None = None) -> dict:
    """The collection without the games ``ids`` (None: without any)."""
    keep = [] if ids is None else [r for r in archive["games"] if r["id"] not in ids]
    return {"format": FORMAT, "version": VERSION, "games": keep}


def find(archive: dict, game: str) -> dict | None:
    """The kept record with id ``game``."""
    return next((r for r in archive["games"] if r["id"] == game), None)


def export(archive: dict, ids: list[str] | None = None) -> str:
    """A file of the games ``ids`` (None: every one), to import on another device."""
    games = archive["games"] if ids is None else [r for r in archive["games"]
                                                  if r["id"] in ids]
    return json.dumps({"format": FORMAT, "version": VERSION, "games": games},
                      separators=(",", ":"), ensure_ascii=False)


def export_name(record_or_count: dict | int, today: str) -> str:
    """A file name for an export: one game's date and game, or how many and today."""
    if isinstance(record_or_count, dict):
        return f"rally-dominoes-{record_or_count['game']}-{record_or_count['date'][:10]}.json"
    return f"rally-dominoes-{record_or_count}-games-{today[:10]}.json"


class Imported(NamedTuple):
    """What an import did: the games added, those already kept, those with no room
    left, and each refused game's reason (at most MAX_REASONS)."""

    added: list[str]
    already: list[str]
    no_room: int
    refused: list[str]

    def words(self) -> str:
        """The import in one or two plain sentences."""
        parts = [f"{_count(len(self.added), 'game')} added"]
        if self.already:
            parts.append(f"{_count(len(self.already), 'game')} already kept")
        if self.no_room:
            parts.append(f"{_count(self.no_room, 'game')} left out: no room (delete "
                         f"some past games first)")
        if self.refused:
            parts.append(f"{_count(len(self.refused), 'game')} could not be read "
                         f"({self.refused[0]})")
        return "; ".join(parts) + "."


MAX_REASONS = 20


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def import_games(archive: dict, text: Any, *, budget: int = BUDGET) -> tuple[dict, Imported]:
    """The collection with the games of a file added, newest first by date, and what
    was done. The file goes through the guarded entry (bones.inbound: size, nesting,
    numbers) and each game is checked to its last move; a bad file raises BadData and
    changes nothing; a bad game in a good file is refused alone. Games already kept are
    recognised by id; games that do not fit the budget are left out, and a game
    already kept is never pushed out."""
    raw_games = _games_of(text, "the file", "a file", strict=True)
    have = {r["id"] for r in archive["games"]}
    games = list(archive["games"])
    added, already, refused, no_room = [], [], [], 0
    used = size(archive)
    for i, raw in enumerate(raw_games):
        try:
            rec = read_record(raw, f"game {i + 1} of the file")
        except BadData as e:
            refused.append(str(e))
            continue
        if rec["id"] in have:
            already.append(rec["id"])
            continue
        cost = len(dumps(rec)) + 1
        if used + cost > budget:
            no_room += 1
            continue
        used += cost
        have.add(rec["id"])
        games.append(rec)
        added.append(rec["id"])
    games.sort(key=lambda r: r["date"], reverse=True)  # stable: equal dates keep order
    out = {"format": FORMAT, "version": VERSION, "games": games}
    return out, Imported(added, already, no_room, refused[:MAX_REASONS])


def listing(archive: dict) -> list[dict]:
    """One row a game for the list of past games, newest first: id, date, game, sheet,
    house rule set's name, players' names, totals, places, rounds played, finished or
    abandoned."""
    return [{"id": r["id"], "date": r["date"], "game": r["game"], "sheet": r["sheet"],
             "house": (r.get("house") or {}).get("name"),
             "names": [p["name"] for p in r["players"]],
             "kinds": [p["kind"] for p in r["players"]],
             "totals": r["summary"]["totals"], "places": r["summary"]["places"],
             "rounds": len(r["summary"]["rounds"]), "ended": r["ended"]}
            for r in archive["games"]]

