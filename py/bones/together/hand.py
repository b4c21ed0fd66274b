"""A person's device at the table: what it knows from the table's messages, and the
messages it sends. Pure data for the phone's screen: the seat and its key, the hand, the
moves the table listed for this seat, the table in small, who sits where, and the last
thing the table refused.

The device decides nothing: it shows what the table sent and asks for what its person
chose. A message from the table that does not read is ignored, the reason kept in
``problems``; nothing that comes in can make ``receive`` raise.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..tiles import parse_tile
from .messages import TABLE_ID, TOKEN, BadMessage, encode, player_name, read_from_table

KEEP_PROBLEMS = 50


class HandClient:
    """One device's side of the table."""

    def __init__(self, name: str = "", *, table: str | None = None, seat: int | None = None,
                 token: str | None = None):
        self.name = name
        self.table = table  # the table's id, which the seat's key belongs to
        self.seat = seat
        self.token = token
        self.game: str | None = None
        self.seats: list[dict] = []  # each seat in public: name, kind, held, here, standin
        self.view: dict | None = None  # the game as this seat may see it (observation)
        self.hand: list = []  # this seat's tiles (bones.Tile), in the table's order
        self.legal: list[str] = []  # this seat's moves, in notation, when it is to move
        self.moves = 0  # moves played in the match when the view was sent
        self.last: list | None = None  # the last move: [seat, notation]
        self.refusal: str | None = None  # why the table refused the last thing sent
        self.gone: str | None = None  # why this device lost its seat
        self.problems: deque[str] = deque(maxlen=KEEP_PROBLEMS)

    # ---- what the screen shows -----------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    def keep(self) -> dict:
        """What the phone keeps across a reload, to come back to its seat."""
        return {"name": self.name, "table": self.table, "seat": self.seat,
                "token": self.token}

    @classmethod
    def from_kept(cls, kept: Any) -> HandClient:
        """A device again from ``keep()``; anything that does not read starts afresh."""
        if not isinstance(kept, dict):
            return cls()
        table, seat, token = kept.get("table"), kept.get("seat"), kept.get("token")
        name = kept.get("name")
        if not (isinstance(table, str) and TABLE_ID.fullmatch(table)
                and isinstance(token, str) and TOKEN.fullmatch(token)
                and type(seat) is int and 0 <= seat <= 7):
            table, seat, token = None, None, None
        try:
            name = player_name(name)
        except BadMessage:
            name = ""
        return cls(name, table=table, seat=seat, token=token)

    # ---- what it sends ---------------------------------------------------------------------------
    def hello(self) -> str:
        return encode("hello")

    def join(self, seat: int | None = None) -> str:
        """Ask for a seat: the first free one, or ``seat``."""
        body = {"name": player_name(self.name)}
        if seat is not None:
            body["seat"] = seat
        return encode("join", **body)

    def rejoin(self) -> str:
        """Ask for this device's seat back, by its key."""
        if self.token is None:
            raise ValueError("this device has no seat key: join first")
        return encode("rejoin", token=self.token)

    def move(self, notation: str) -> str:
        """Ask the table to play ``notation``, one of the moves it listed for this seat."""
        if notation not in self.legal:
            raise ValueError(f"{notation!r} is not one of the moves the table listed")
        return encode("move", move=notation, at=self.moves)

    def sync(self) -> str:
        return encode("sync")

    def ping(self) -> str:
        return encode("ping")

    def leave(self) -> str:
        return encode("leave")

    # ---- what it receives ----------------------------------------------------------------------
    def receive(self, text: Any) -> None:
        """Apply a message from the table; one that does not read is kept in
        ``problems`` and changes nothing."""
        try:
            data = read_from_table(text)
            getattr(self, "_on_" + data["type"])(data)
        except BadMessage as e:
            self.problems.append(str(e))

    def _on_table(self, data: dict) -> None:
        self.game = data["game"] if isinstance(data["game"], str) else None
        self.seats = data["seats"]
        if self.table is not None and data["table"] != self.table:
            self.problems.append("this is another table than the one this seat is at")

    def _on_seat(self, data: dict) -> None:
        self.table, self.seat, self.token = data["table"], data["seat"], data["token"]
        self.name = data["name"] if isinstance(data["name"], str) else self.name
        self.gone = None

    def _on_state(self, data: dict) -> None:
        if data["seat"] != self.seat:
            raise BadMessage(f"the table sent the game as seat {data['seat']} sees it, "
                             f"not this device's seat")
        hand = data["view"].get("hand")
        try:
            tiles = [parse_tile(t) for t in hand] if isinstance(hand, list) else None
        except (TypeError, ValueError):
            tiles = None
        if tiles is None:
            raise BadMessage("the state message's hand is not a list of tiles")
        self.view = data["view"]
        self.hand = tiles
        self.game = self.view.get("game") if isinstance(self.view.get("game"), str) \
            else self.game
        self.legal = data["legal"]
        self.moves = data["moves"]
        self.seats = data["seats"]
        self.last = data["last"]

    def _on_refused(self, data: dict) -> None:
        self.refusal = data["reason"]

    def _on_gone(self, data: dict) -> None:
        self.gone = data["reason"]
        self.seat = None
        self.legal, self.hand, self.view = [], [], None
        if not data["kept"]:  # the seat was given up: its key is no use any more
            self.table = self.token = None
