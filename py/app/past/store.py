"""The past games in local storage: one string under KEY, bones.archive's bounded
collection (docs/records.md, "Past games"). Pure Python over ``st``
(``window.localStorage`` or None: app.shared.storage), tested in CPython.

A finished game is kept when its last move is saved; a game put away part way (a new
game or a Quick game started over it) is kept as abandoned. When the collection does not
fit, the oldest games go first (``archive.add`` within its budget; and while the browser's
storage is full, one more of the oldest at a time), never the new game; the game in
progress is saved apart (app.table.saving) and is never touched here. Collections that
cannot be read are set aside under BAD_KEY, the next game starts a fresh one."""

from __future__ import annotations

from app.shared.storage import FULL, OFF, read, set_aside, store
from bones import archive
from bones.errors import BadData

KEY = "rally-dominoes:past-games"
BAD_KEY = "rally-dominoes:bad-past-games"


def load(st) -> tuple[dict, list[str]]:
    """The kept games and what could not be read of them, in plain words. Text that is no
    collection at all is set aside (BAD_KEY) and an empty collection is given."""
    text = read(st, KEY)
    if not text:
        return archive.empty(), []
    try:
        kept, problems = archive.loads(text)
    except BadData as exc:
        set_aside(st, KEY, BAD_KEY, text)
        return archive.empty(), [f"The past games kept here could not be read ({exc}). "
                                 "They were put aside; new games are kept from now on."]
    return kept, [f"One past game could not be read and is left out: {p}." for p in problems]


def save(st, kept: dict) -> str | None:
    """Store the collection: None when stored, else why not (app.shared.storage)."""
    return store(st, KEY, archive.dumps(kept))


def why_words(why: str) -> str:
    """Why storing failed, as the end of a sentence."""
    return {FULL: "the browser's storage is full",
            OFF: "this browser does not let the page store anything"}.get(
                why, "the browser refused to store it")


def players(session) -> list[dict]:
    """Who sat where, as a record names them."""
    return [{"name": s.name, "kind": s.kind, "level": s.level} for s in session.seats]


def record(session, date: str) -> dict | None:
    """The record of the session's game as it stands, or None when nobody has moved or
    it is a lesson (app.lessons.lesson: not a game of the player's own)."""
    g = session.game
    if session.lesson or not archive.worth_keeping(g):
        return None
    return archive.make_record(g, players(session), date=date)


def keep(st, rec: dict) -> tuple[str | None, list[str]]:
    """Add ``rec`` (first, newest) and store the collection. Returns why it could not be
    stored (None: stored) and the dates of the older games dropped to make room."""
    kept, _problems = load(st)
    old = {r["id"]: r["date"] for r in kept["games"]}
    kept, dropped = archive.add(kept, rec)
    why = save(st, kept)
    while why == FULL and len(kept["games"]) > 1:  # the browser's storage is fuller
        dropped.append(kept["games"][-1]["id"])
        kept = archive.remove(kept, [dropped[-1]])
        why = save(st, kept)
    return why, [old[i] for i in dropped if i in old]


def dropped_words(dates: list[str]) -> str:
    """What to tell the player when old games went to make room."""
    if not dates:
        return ""
    n = len(dates)
    what = "the oldest past game" if n == 1 else f"the {n} oldest past games"
    return (f"There was no room for every past game, so {what} (from "
            f"{min(dates)[:10]}) {'was' if n == 1 else 'were'} removed to keep this one.")
