"""The game at the table in local storage: its save, a damaged save kept aside for a
download, the save another tab made, and which screen was open (a reload comes back to
the rally scorekeeper). ``st`` is ``window.localStorage`` or None (app.shared.storage) and
``console`` what takes a line for the browser's console (``error``, ``warn``: app.browser.page's
Page); pure Python, tested in CPython (tests/app/test_hostile_input.py,
test_fuzz_inputs.py)."""

from __future__ import annotations

from app.dom import nothing
from app.game.session import Session
from app.shared.storage import KEEP_LIMIT, read, remove, set_aside, store, unsaved_words, write
from bones.errors import BadData

SAVE_KEY = "rally-dominoes:table"
BAD_SAVE_KEY = "rally-dominoes:bad-save"
OPEN_SCREEN_KEY = "rally-dominoes:open-screen"


def load(st, console) -> tuple[Session | None, str | None, str | None]:
    """The saved game, or None; with a damaged one, also this visit's copy of it (None
    when too big to keep) and why it could not be read. A damaged save is taken away (the
    next load starts clean) and kept aside under BAD_SAVE_KEY when small enough."""
    text = read(st, SAVE_KEY)
    if not text:
        return None, None, None
    try:
        return Session.from_json(text), None, None
    except Exception as exc:  # BadData; anything else is a bug, but must not brick
        if not isinstance(exc, BadData):
            console.error(f"Rally Dominoes: the save could not be read: {exc!r}")
            exc = BadData(f"it could not be read ({exc!r})")  # a message safe to show
        set_aside(st, SAVE_KEY, BAD_SAVE_KEY, text)
        kept = text if len(text) <= KEEP_LIMIT else None
        return None, kept, str(exc).rstrip(".")


def save(st, session: Session, console) -> str | None:
    """Save the game: None when saved, else why not (app.shared.storage: FULL, OFF, FAILED),
    which the table shows in a banner until a save succeeds again."""
    why = store(st, SAVE_KEY, session.to_json())
    if why is not None:  # play goes on; the table says so, and the console
        console.warn(f"Rally Dominoes: could not save the game (storage {why})")
    return why


def bad_save(st) -> str | None:
    """The damaged save kept aside, if any."""
    return read(st, BAD_SAVE_KEY)


def forget_bad_save(st) -> None:
    remove(st, BAD_SAVE_KEY)


def from_other_tab(event, session: Session | None) -> Session | None:
    """The game another tab saved (a ``storage`` event), when it differs from
    ``session``; None for any other key, the same game, or a save that does not load
    (another tab's save never breaks this one)."""
    if nothing(event.key) or str(event.key) != SAVE_KEY or nothing(event.newValue):
        return None
    text = str(event.newValue)
    if session is not None and text == session.to_json():
        return None
    try:
        return Session.from_json(text)
    except Exception:  # BadData, or anything: this tab keeps its game
        return None


def open_screen(st) -> str | None:
    """The screen open at the last visit: "game", "rally" or "rally-table"."""
    return read(st, OPEN_SCREEN_KEY)


def remember_screen(st, want: str) -> None:
    if read(st, OPEN_SCREEN_KEY) != want:
        write(st, OPEN_SCREEN_KEY, want)


class Saver:
    """The game saved after every change (``save``); while saving fails, why
    (``unsaved``: FULL, OFF, FAILED), which the table shows in a banner. ``page`` is
    app.browser.page's ``Page`` (its storage, its console)."""

    def __init__(self, page):
        self.page = page
        self.unsaved: str | None = None

    def save(self, session: Session) -> str:
        """Save ``session``; the words to say when saving has just begun to fail (said
        once, not at each save), else ""."""
        was, self.unsaved = self.unsaved, save(self.page.storage(), session, self.page)
        if self.unsaved is not None and self.unsaved != was:
            return " ".join(unsaved_words(self.unsaved))
        return ""
