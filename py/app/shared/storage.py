"""Local storage that never stops the page: every call is guarded (a full quota, storage
switched off, a private window), and bad data is taken out of the way so the next load
starts clean. ``st`` is ``window.localStorage`` or None (no storage at all); pure Python,
tested in CPython with a stand-in (tests/app/test_hostile_input.py).

A write that fails says why (``store``): the storage is full (``FULL``: the app's own
copies set aside for a download are cleared first, and it is tried once more), switched
off (``OFF``), or failed for another reason (``FAILED``). What the page then tells the
player is ``unsaved_words``."""

from __future__ import annotations

from app.dom import nothing as _nothing

KEEP_LIMIT = 300_000  # characters: the largest damaged game save kept aside for a download
FULL, OFF, FAILED = "full", "off", "failed"
# Copies the app set aside for a download (a damaged game save), cleared first when the
# storage is full: the page still offers this visit's copy. A damaged rally event or table
# sheet is not among them: the scorekeeper keeps it until it is downloaded.
SET_ASIDE = ("rally-dominoes:bad-save",)


def read(st, key: str) -> str | None:
    """The text stored under ``key``, or None (nothing there, or storage unreadable)."""
    if st is None:
        return None
    try:
        v = st.getItem(key)
    except Exception:
        return None
    return None if _nothing(v) else str(v)


def why_not(exc: BaseException) -> str:
    """FULL, OFF or FAILED for what ``setItem`` raised (a DOMException in the browser:
    QuotaExceededError, or Firefox's NS_ERROR_DOM_QUOTA_REACHED; SecurityError when the
    site may not store anything)."""
    text = f"{type(exc).__name__} {exc}".lower()
    if "quota" in text:
        return FULL
    if "security" in text or "denied" in text:
        return OFF
    return FAILED


def _put(st, key: str, text: str) -> str | None:
    try:
        st.setItem(key, text)
        return None
    except Exception as exc:
        return why_not(exc)


def store(st, key: str, text: str) -> str | None:
    """Store ``text``: None when it is stored, else why not (FULL, OFF, FAILED). When the
    storage is full, the copies set aside for a download go first, then it is tried again."""
    if st is None:
        return OFF
    why = _put(st, key, text)
    if why == FULL and clear_set_aside(st, but=key):
        why = _put(st, key, text)
    return why


def write(st, key: str, text: str) -> bool:
    """Store ``text``; False when it could not be (``store`` says why)."""
    return store(st, key, text) is None


def remove(st, key: str) -> None:
    if st is not None:
        try:
            st.removeItem(key)
        except Exception:
            pass


def clear_set_aside(st, but: str = "") -> bool:
    """Remove the copies set aside for a download (SET_ASIDE) but ``but``; True when one
    was there."""
    there = [k for k in SET_ASIDE if k != but and read(st, k) is not None]
    for k in there:
        remove(st, k)
    return bool(there)


def set_aside(st, key: str, bad_key: str, text: str) -> bool:
    """Damaged data under ``key``: taken away, and a copy kept under ``bad_key`` for a
    download when it is at most KEEP_LIMIT characters and there is room. Returns whether
    the copy is kept. Never raises."""
    remove(st, key)  # first: the copy may need the room
    if len(text) > KEEP_LIMIT:
        remove(st, bad_key)
        return False
    return write(st, bad_key, text)


def move(st, key: str, new_key: str, text: str) -> bool:
    """``text``, stored under ``key``, kept under ``new_key`` instead, whatever its size:
    written there first, then taken from ``key``; with no room for two copies, taken from
    ``key`` first. False when it cannot be moved: it is then still under ``key``."""
    if write(st, new_key, text):
        remove(st, key)
        return True
    remove(st, key)
    if write(st, new_key, text):
        return True
    write(st, key, text)  # back where it was: never lost
    return False


def unsaved_words(why: str, what: str = "Your game") -> tuple[str, str]:
    """What to tell a player when ``what`` is not being saved: the reason, and what to do."""
    if why == FULL:
        return (f"{what} is not being saved: the browser's storage is full.",
                "Keep this page open to finish. To make room, clear this site's data in "
                "the browser's settings.")
    if why == OFF:
        return (f"{what} is not being saved: this browser does not let the page store "
                "anything.",
                "Keep this page open to finish, or use a normal (not private) window.")
    return (f"{what} is not being saved: the browser refused to store it.",
            "Keep this page open to finish.")
