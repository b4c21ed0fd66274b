"""The messages a table and the devices at it pass each other: JSON text, versioned, each
kind with its fields, every one checked on arrival (docs/together.md).

A device sends the table what its person does (join, come back, a move, a ping); the
table sends each device what that device's seat may see, built from the match's
``observation(seat)`` only, with public facts (whose turn, the scores, the last move, who
sits where). Text from outside is measured before it is parsed: a message over its cap
is refused on its length alone, and everything else goes through ``inbound.read_json``
(nesting, numbers), then the fields its kind allows.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from ..errors import BadData
from ..inbound import fields, letters, name_text, read_json
from ..record import MAX_MOVE
from ..tiles import Tile

VERSION = 1
MAX_FROM_DEVICE = 4_000  # characters: the longest message a device has cause to send, a
#                          join with 24 four-person emoji, every character escaped, is 2,783
MAX_TO_DEVICE = 32_000  # characters: the longest state measured in whole matches is 6,436
#                         (docs/together.md, tests/engine/test_together_play.py)
MAX_NAME = 24  # letters of a player's name, as people count them
MAX_SEAT = 7  # seats are numbered 0 to 7: a match has at most 8
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a seat's key, as secrets.token_urlsafe writes
TABLE_ID = re.compile(r"[0-9a-f]{10}")

# What a device may send: its kind, the fields it must have, and those it may have.
FROM_DEVICE: dict[str, tuple[set[str], set[str]]] = {
    "hello": (set(), set()),  # which table is this, and which seats are free?
    "join": ({"name"}, {"seat"}),  # take a free seat (the first one free, or ``seat``)
    "rejoin": ({"token"}, set()),  # the seat this key holds, back on this device
    "move": ({"move", "at"}, set()),  # a move in notation, chosen after ``at`` moves
    "sync": (set(), set()),  # send me the table as it is
    "ping": (set(), set()),  # I am still here (nothing is sent back)
    "leave": (set(), set()),  # I give my seat up
}
# What the table sends, to one device at a time.
TO_DEVICE: dict[str, tuple[set[str], set[str]]] = {
    "table": ({"table", "game", "seats"}, set()),  # the table and its seats, in public
    "seat": ({"table", "seat", "token", "name"}, set()),  # your seat and its key
    "state": ({"seat", "moves", "view", "legal", "seats", "last"}, set()),  # the game
    "refused": ({"reason", "about"}, set()),  # what you sent was not done, and why
    "gone": ({"reason", "kept"}, set()),  # this device plays no seat now (``kept``: its
    #                                        key still holds the seat)
}


class BadMessage(BadData):
    """A message that is refused: too large, malformed, of another version or kind, or with
    a field that is wrong. The message says what, in plain words, for the console."""


class Outgoing(NamedTuple):
    """A message from the table, addressed to one device."""

    device: str
    text: str


def encode(kind: str, **body: Any) -> str:
    """A message of ``kind`` as text: the same body is always the same text, byte for
    byte (keys sorted, no spaces), so that what a seat may not see cannot change it."""
    return json.dumps({"v": VERSION, "type": kind, **body}, sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"))


def plain(value: Any) -> Any:
    """An observation (or any part of one) as JSON values: a tile as its text "9-5",
    tuples as lists, sets as sorted lists, a record as an object."""
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return plain(value._asdict())
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"no plain form for {type(value).__name__}")


def _read(text: Any, cap: int, kinds: dict[str, tuple[set[str], set[str]]],
          reader: str) -> dict:
    data = read_json(text, "the message", cap, BadMessage)
    if not isinstance(data, dict):
        raise BadMessage("the message is not a record")
    v = data.get("v")
    if type(v) is not int:
        raise BadMessage("the message has no version number")
    if v != VERSION:
        raise BadMessage(f"the message is version {v}; {reader} reads version {VERSION} "
                         "(the page on one of the devices needs reloading)")
    kind = data.get("type")
    if kind is None:
        raise BadMessage("the message does not say what kind it is")
    if not isinstance(kind, str) or kind not in kinds:
        raise BadMessage(f"the message's kind {str(kind)[:20]!r} is not one {reader} knows")
    required, optional = kinds[kind]
    return fields(data, f"the {kind} message", required | {"v", "type"}, optional,
                  BadMessage)


def _whole(data: dict, key: str, low: int, high: int) -> int:
    n = data[key]
    if type(n) is not int or not low <= n <= high:
        raise BadMessage(f"the {data['type']} message's {key} is not a number from {low} "
                         f"to {high}")
    return n


def read_from_device(text: Any) -> dict:
    """A device's message, checked: its size before anything else, its version, its kind
    and every field. Raises ``BadMessage`` saying what is wrong."""
    data = _read(text, MAX_FROM_DEVICE, FROM_DEVICE, "this table")
    kind = data["type"]
    if kind == "join":
        data["name"] = player_name(data["name"])
        if "seat" in data:
            _whole(data, "seat", 0, MAX_SEAT)
    elif kind == "rejoin":
        if not isinstance(data["token"], str) or not TOKEN.fullmatch(data["token"]):
            raise BadMessage("the rejoin message's seat key is not a seat key")
    elif kind == "move":
        move = data["move"]
        if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE:
            raise BadMessage("the move message's move is not a move in notation")
        _whole(data, "at", 0, 10**6)
    return data


def read_from_table(text: Any) -> dict:
    """The table's message, as a device checks it before using it (``BadMessage``)."""
    data = _read(text, MAX_TO_DEVICE, TO_DEVICE, "this device")
    kind = data["type"]
    if kind in ("state", "seat"):
        _whole(data, "seat", 0, MAX_SEAT)
    if kind in ("table", "seat") and not (isinstance(data["table"], str)
                                          and TABLE_ID.fullmatch(data["table"])):
        raise BadMessage(f"the {kind} message does not name a table")
    if kind == "seat" and not (isinstance(data["token"], str)
                               and TOKEN.fullmatch(data["token"])):
        raise BadMessage("the seat message's seat key is not a seat key")
    if kind == "state":
        _whole(data, "moves", 0, 10**6)
        if not isinstance(data["view"], dict) or not isinstance(data["legal"], list):
            raise BadMessage("the state message has no view of the game")
        if not all(isinstance(m, str) for m in data["legal"]):
            raise BadMessage("the state message's moves are not moves in notation")
    if kind in ("table", "state") and not isinstance(data["seats"], list):
        raise BadMessage(f"the {kind} message does not list the seats")
    if kind in ("refused", "gone") and not isinstance(data["reason"], str):
        raise BadMessage(f"the {kind} message gives no reason")
    if kind == "gone" and type(data["kept"]) is not bool:
        raise BadMessage("the gone message does not say whether the seat is kept")
    return data


def player_name(raw: Any) -> str:
    """A name typed on a device, made tidy (``inbound.name_text``): 1 to MAX_NAME
    letters."""
    if not isinstance(raw, str):
        raise BadMessage("the name is not text")
    name = name_text(raw)
    if not name:
        raise BadMessage("the name is empty")
    if len(letters(name)) > MAX_NAME:
        raise BadMessage(f"the name is longer than {MAX_NAME} letters")
    return name
