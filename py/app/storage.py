"""Local storage that never stops the page: every call is guarded (a full quota, storage
switched off, a private window), and bad data is taken out of the way so the next load
starts clean. ``st`` is ``window.localStorage`` or None (no storage at all); pure Python,
tested in CPython with a stand-in (tests/app/test_hostile_input.py)."""

from __future__ import annotations

from app.dom import nothing as _nothing

KEEP_LIMIT = 300_000  # characters: the largest damaged save kept aside for a download


def read(st, key: str) -> str | None:
    """The text stored under ``key``, or None (nothing there, or storage unreadable)."""
    if st is None:
        return None
    try:
        v = st.getItem(key)
    except Exception:
        return None
    return None if _nothing(v) else str(v)


def write(st, key: str, text: str) -> bool:
    """Store ``text``; False when it could not be (no storage, the quota is full)."""
    if st is None:
        return False
    try:
        st.setItem(key, text)
        return True
    except Exception:
        return False


def remove(st, key: str) -> None:
    if st is not None:
        try:
            st.removeItem(key)
        except Exception:
            pass


def set_aside(st, key: str, bad_key: str, text: str) -> bool:
    """Damaged data under ``key``: taken away, and a copy kept under ``bad_key`` for a
    download when it is at most KEEP_LIMIT characters and there is room. Returns whether
    the copy is kept. Never raises."""
    remove(st, key)  # first: the copy may need the room
    if len(text) > KEEP_LIMIT:
        remove(st, bad_key)
        return False
    return write(st, bad_key, text)
