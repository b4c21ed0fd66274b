"""How a rally event keeps its log sound as it grows (``LogKeeping``, which ``Event``
takes on): never past what a file may hold when it is opened again (``_room``), and an
undo checked by replaying only what it touches (``_check_replay``), from snapshots of the
state kept every SNAP_EVERY changes and the undos' places (``_cancelled``)."""

from __future__ import annotations

import json
from typing import Any

from .history import describe, names_of
from .state import Replay, State
from .values import FORMAT, MAX_CHANGES, MAX_FILE, VERSION, RallyError, TooLarge


def compact_json(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"))


_HEAD = len(compact_json({"format": FORMAT, "version": VERSION, "log": []}))
SNAP_EVERY = 128  # changes between the snapshots an undo replays from


class _Refused(Exception):
    """A change that no longer applies in a replay (``Event._replay``)."""

    def __init__(self, message: str, change: dict):
        super().__init__(message)
        self.change = change


class LogKeeping:
    """Mixed into ``Event`` (which gives ``_log``, ``_s``, ``floor``, ``sheet_limit``,
    ``rules`` and the counters ``_chars``, ``_counted``, ``_snaps``, ``_undos`` and
    ``_undos_seen``)."""

    def size(self) -> int:
        """Characters ``dumps`` takes (kept as the log grows, not written each time)."""
        if self._counted > len(self._log):
            self._chars = self._counted = 0
        for c in self._log[self._counted:]:
            self._chars += len(compact_json(c)) + 1
        self._counted = len(self._log)
        return self._chars + _HEAD

    def _room(self, c: dict) -> None:
        """Refuse a change that would make the event (or a table's sheet) one that could
        not be opened again: what is saved must always load (json_in's limits)."""
        n = len(self._log) + 1
        if self.sheet_limit is not None and n - self.floor > self.sheet_limit:
            raise TooLarge(f"This table's sheet is full ({self.sheet_limit} changes): send "
                           f"it to the official, who hands the table out again")
        if n > MAX_CHANGES or self.size() + len(compact_json(c)) + 1 > MAX_FILE:
            raise TooLarge(f"The event is full: it holds at most {MAX_CHANGES:,} changes "
                           f"({MAX_FILE:,} characters), and one more could not be opened "
                           f"again")

    def _check_replay(self, log: list[dict], target: int) -> State:
        """The state ``log`` (this event's log and one more undo, of ``target``) replays to,
        or a refusal naming the later change that depends on ``target``. Only the changes
        from the earliest one the undo brings back or cancels are replayed, from a snapshot
        of the state before it."""
        t0 = target
        while log[t0 - 1]["op"] == "undo":  # undoing an undo brings back what it undid
            t0 = log[t0 - 1]["change"]
        try:
            return self._replay(log, t0)
        except _Refused as e:
            c = e.change
            tgt = log[target - 1]
            act = "bring back" if tgt["op"] == "undo" else "undo"
            names = names_of(self._log)
            raise RallyError(
                f"Cannot {act} change {target} ({describe(tgt, names, self.rules)}): "
                f"change {c['n']} ({describe(c, names, self.rules)}) depends on it. "
                f"{e.args[0]}") from None
        finally:  # the snapshots after t0 hold changes this undo brings back or cancels
            for k in [k for k in self._snaps if k > t0]:
                del self._snaps[k]

    def _replay(self, log: list[dict], same: int) -> State:
        """What the changes in force in ``log`` replay to. Snapshots of this event's own
        replay serve for the changes before ``same``, which ``log`` has in force exactly as
        this event has; new ones are kept there, every SNAP_EVERY changes."""
        start = max((k for k in self._snaps if k <= same), default=1)
        r = Replay(self._snaps[start].copy() if start > 1 else None)
        last = start
        gone = self._cancelled(log)
        for c in log[start - 1:]:
            n = c["n"]
            if n in gone or c["op"] == "undo":
                continue
            if n > start and n <= same and (n - last >= SNAP_EVERY or n == same):
                self._snaps[n] = r.s.copy()  # the state before change n
                last = n
            try:
                r.apply(c)
            except RallyError as e:
                raise _Refused(str(e), c) from None
        return r.s

    def _cancelled(self, log: list[dict]) -> set[int]:
        """The changes of ``log`` (this event's log, its first changes, or it and more
        changes) that an undo in force cancels: what ``in_force`` leaves out, found from
        the undos alone (their places are kept as the log grows)."""
        if self._undos_seen > len(self._log):
            self._undos, self._undos_seen = [], 0
        self._undos += [c["n"] for c in self._log[self._undos_seen:] if c["op"] == "undo"]
        self._undos_seen = len(self._log)
        ns = [n for n in self._undos if n <= len(log)]
        ns += [c["n"] for c in log[len(self._log):] if c["op"] == "undo"]
        out: set[int] = set()
        for n in reversed(ns):
            if n not in out:
                out.add(log[n - 1]["change"])
        return out

    def _same_before(self, n: int) -> int:
        """The changes before the returned number are in force in the first ``n`` changes
        exactly as in the whole log (a later undo changes what is in force before it)."""
        same = n + 1
        self._cancelled(self._log)  # the undos' places, up to date
        for u in self._undos:
            if u > n:
                t = self._log[u - 1]["change"]
                while self._log[t - 1]["op"] == "undo":
                    t = self._log[t - 1]["change"]
                same = min(same, t)
        return same

    def state_before(self, n: int) -> State:
        """The state after the first ``n`` changes (undos among them in force, later ones
        not): what a table was handed out with at change ``n``."""
        try:
            return self._replay(self._log[:n], self._same_before(n))
        except _Refused as e:  # a log that loaded replays: never, but say so plainly
            raise RallyError(f"change {e.change['n']}: {e.args[0]}") from None
