"""The seats at a table played from devices: who holds each, by which key, whether their
device is here, whether a computer plays it for now; the rate cap every device is held to;
and the seats' save, kept beside the match's own save.

Nothing here reads a clock: every time is passed in (seconds, from any steady clock), so a
test can say exactly when a device dropped and when it came back.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from ..errors import BadSave
from ..inbound import fields, read_json
from .messages import TABLE_ID, TOKEN, BadMessage, player_name

PERSON, COMPUTER = "person", "computer"
SEATS_FORMAT = "rally-dominoes-table-seats"
SEATS_VERSION = 1
MAX_SEATS_SAVE = 4_000  # characters: 8 seats with long names and keys take under 1,500
MAX_WAIT = 3_600.0  # seconds: the longest a host may wait before a computer is offered


@dataclass
class Seat:
    """One seat. A person's seat is free until someone joins it, then held by its
    ``token`` until they leave; ``device`` is the device it is played from while that
    device is here, ``away_since`` when it last was (or when the seat was opened)."""

    kind: str  # PERSON or COMPUTER
    name: str = ""
    token: str | None = None
    device: str | None = None
    away_since: float | None = None
    standin: bool = False  # a computer plays this person's seat until they are back

    @property
    def held(self) -> bool:
        return self.token is not None

    @property
    def by_computer(self) -> bool:
        return self.kind == COMPUTER or self.standin

    def public(self) -> dict:
        """What every device may know of this seat: no key, no device, no times."""
        return {"name": self.name, "kind": self.kind, "held": self.held,
                "here": self.device is not None, "standin": self.standin}


def new_token() -> str:
    """A seat's key: 128 random bits, as URL-safe text (22 characters)."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    return secrets.token_hex(5)


def token_matches(seat: Seat, token: str) -> bool:
    return seat.token is not None and secrets.compare_digest(seat.token, token)


class RateCap:
    """A token bucket: at most ``burst`` messages at once, refilled at ``rate`` a
    second."""

    def __init__(self, rate: float, burst: int, now: float):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now
        self.told = False  # the device has been told once that it sends too much

    def take(self, now: float) -> bool:
        """One message at ``now``: True if it is within the cap (and counted)."""
        if now > self.at:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
            self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.told = False
            return True
        return False


# ---- the seats' save -----------------------------------------------------------------------
def seats_json(table: str, wait: float, seats: list[Seat]) -> dict:
    """The seats as the table's save keeps them: who holds each and by which key; a
    stand-in computer stays. Which devices are here is not kept: after a reload every
    person comes back with their key."""
    return {"format": SEATS_FORMAT, "version": SEATS_VERSION, "table": table, "wait": wait,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token,
                       "standin": s.standin} for s in seats]}


def dumps_seats(table: str, wait: float, seats: list[Seat]) -> str:
    return json.dumps(seats_json(table, wait, seats), ensure_ascii=False,
                      separators=(",", ":"))


def read_seats(data: Any, count: int, now: float) -> tuple[str, float, list[Seat]]:
    """The table id, the wait and the seats of a seats save (text or its dict), for a
    match of ``count`` seats; ``BadSave`` in plain words for anything wrong. Every person
    is away from ``now`` until their device comes back."""
    if isinstance(data, str | bytes | bytearray):
        data = read_json(data, "the seats' save", MAX_SEATS_SAVE, BadSave)
    fields(data, "the seats' save", {"format", "version", "table", "wait", "seats"},
           error=BadSave)
    if data["format"] != SEATS_FORMAT:
        raise BadSave("this is not a save of a table's seats")
    if data["version"] != SEATS_VERSION or type(data["version"]) is not int:
        raise BadSave(f"the seats' save has version {str(data['version'])[:20]}; this game "
                      f"reads version {SEATS_VERSION}")
    table = data["table"]
    if not isinstance(table, str) or not TABLE_ID.fullmatch(table):
        raise BadSave("the seats' save does not name its table")
    wait = check_wait(data["wait"], BadSave)
    rows = data["seats"]
    if not isinstance(rows, list) or len(rows) != count:
        raise BadSave(f"the seats' save does not have the match's {count} seats")
    seats = []
    for i, row in enumerate(rows):
        what = f"seat {i} of the seats' save"
        fields(row, what, {"kind", "name", "token", "standin"}, error=BadSave)
        kind, name, token, standin = row["kind"], row["name"], row["token"], row["standin"]
        if kind not in (PERSON, COMPUTER) or type(standin) is not bool:
            raise BadSave(f"{what} is not a person's or a computer's")
        if token is not None and not (isinstance(token, str) and TOKEN.fullmatch(token)):
            raise BadSave(f"{what} has a key that is not a seat key")
        if kind == COMPUTER and (token is not None or standin):
            raise BadSave(f"{what} is a computer's, but has a key")
        if name != "" or token is not None:
            try:
                if player_name(name) != name:
                    raise BadMessage("the name is not written as the table writes names")
            except BadMessage as e:
                raise BadSave(f"{what}: {e}") from None
        seats.append(Seat(kind, name, token, None, None if kind == COMPUTER else now,
                          standin))
    tokens = [s.token for s in seats if s.token is not None]
    if len(set(tokens)) != len(tokens):
        raise BadSave("two seats of the seats' save have the same key")
    return table, wait, seats


def check_wait(wait: Any, error: type[Exception] = ValueError) -> float:
    """The seconds a host waits for a person before a computer is offered their seat."""
    if isinstance(wait, bool) or not isinstance(wait, int | float) \
            or not 0 <= wait <= MAX_WAIT:
        raise error(f"the wait before a computer is offered a seat is 0 to {MAX_WAIT:g} "
                    f"seconds, not {str(wait)[:20]}")
    return float(wait)

