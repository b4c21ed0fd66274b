"""The table: one device runs the match, and the people at it play from their own.

``TableHost`` owns the match and its seats. Everything a device sends comes in through
``receive``, which answers with the messages to send (``Outgoing``, each addressed to one
device); nothing else reaches the match from a device. The table decides everything: a
device's move is played only if its seat is the one to move and the match lists it
(``play`` checks it against ``legal_moves``), and each device is sent only what its
seat may see, built from ``observation(seat)``.

Computer seats, and a person's seat a computer plays while they are away, are moved by
the caller (``computer_turn``, then ``play_computer``): their moves go through the same
one path as a person's. The caller also tells the host when a device's link drops
(``disconnect``) and what time it is (``now``, seconds from any steady clock); the host
reads no clock of its own.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..core import Match
from ..errors import IllegalMove
from ..moves import NEXT_MOVE, Move
from . import messages as msg
from . import seats as st
from .messages import BadMessage, Outgoing, encode, plain
from .seats import COMPUTER, PERSON, Seat

RATE = 4.0  # messages a second a device may send, once its burst is spent
BURST = 20  # messages a device may send at once
MAX_DEVICES = 32  # devices the table answers at once (seated or not)
SILENT_AFTER = 45.0  # seconds without a word from a seated device before it counts as gone
PING_EVERY = 15.0  # seconds between a device's pings while nothing else is sent
MAX_DEVICE_ID = 100  # characters of the id the transport gives a device
LOG_KEEP = 200  # lines of the table's log kept
# What a person reads on their device when the table refuses what it sent; the
# technical reason goes to the table's log beside it.
SAID = {
    "unread": "The table could not read what this phone sent. If it happens again, "
              "reload this page.",
    "busy": "Too many taps at once: wait a moment, then try again.",
    "turn": "It is not your turn.",
    "tile": "That tile cannot go there.",
    "move": "You cannot do that now.",
    "stale": "The game has moved on: choose your move again.",
    "round": "The round is over: the table deals the next one.",
    "over": "The game is over.",
    "taken": "That seat is taken.",
    "computer": "That seat is the computer's.",
    "no-seat": "This table has no such seat.",
    "full": "Every seat at this table is taken.",
    "key": "This table does not know your seat: you join as a new player.",
    "other": "This phone already has another seat at this table.",
    "join": "Join the table first.",
    "leave": "This phone has no seat to leave.",
}


class TableHost:
    """A match played by people on their own devices, and computers, at one table."""

    def __init__(self, match: Match, seats: list[Seat], *, table: str, wait: float):
        if len(seats) != match.seats:
            raise ValueError(f"the match has {match.seats} seats, not {len(seats)}")
        self.match = match
        self.seats = seats
        self.table = table  # the table's id, which a device keeps beside its seat key
        self.wait = st.check_wait(wait)  # seconds before a computer is offered a seat
        self.log: deque[str] = deque(maxlen=LOG_KEEP)  # what was refused, and why
        self._bound: dict[str, int] = {}  # device -> its seat
        self._heard: dict[str, float] = {}  # seated device -> when it last sent anything
        self._caps: dict[str, st.RateCap] = {}

    @classmethod
    def open(cls, match: Match, kinds: list[str], now: float, *, wait: float = 60.0,
             names: list[str] | None = None) -> TableHost:
        """A new table for ``match``: one kind a seat (PERSON or COMPUTER); a person's
        seat is free until someone joins it. ``names`` names seats beforehand."""
        if any(k not in (PERSON, COMPUTER) for k in kinds):
            raise ValueError(f"a seat is a {PERSON}'s or a {COMPUTER}'s")
        names = names or [""] * len(kinds)
        seats = [Seat(k, n, away_since=None if k == COMPUTER else now)
                 for k, n in zip(kinds, names, strict=True)]
        return cls(match, seats, table=st.new_table_id(), wait=wait)

    @classmethod
    def restore(cls, match: Match, seats_save: Any, now: float) -> TableHost:
        """The table again from its match and its seats' save (``seats_save``): every
        seat held by the same key; each person is away until their device rejoins."""
        table, wait, seats = st.read_seats(seats_save, match.seats, now)
        return cls(match, seats, table=table, wait=wait)

    def seats_save(self) -> str:
        """The seats and their keys, to keep beside the match's save (bones.dumps)."""
        return st.dumps_seats(self.table, self.wait, self.seats)

    # ---- what the table's own screen asks --------------------------------------------------
    def name_of(self, seat: int) -> str:
        s = self.seats[seat]
        return s.name or ("the computer" if s.kind == COMPUTER else f"seat {seat + 1}")

    def devices(self) -> dict[int, str]:
        """Seat -> the device it is played from, for every seat whose device is here."""
        return {seat: device for device, seat in sorted(self._bound.items(),
                                                        key=lambda x: x[1])}

    def waiting(self, now: float) -> list[tuple[int, str, float]]:
        """(seat, name, seconds away) for each person's seat nobody is playing now: free,
        or its device gone, and no computer standing in ("Waiting for Ann")."""
        return [(i, self.name_of(i),
                 0.0 if s.away_since is None else max(0.0, now - s.away_since))
                for i, s in enumerate(self.seats)
                if s.kind == PERSON and s.device is None and not s.standin]

    def offers(self, now: float) -> list[int]:
        """The seats a computer may now play until their person is back: waited for at
        least ``wait`` seconds."""
        return [i for i, _name, away in self.waiting(now) if away >= self.wait]

    def set_wait(self, seconds: float) -> None:
        self.wait = st.check_wait(seconds)

    def computer_turn(self) -> int | None:
        """The seat to move if a computer plays it (its own, or standing in), else None."""
        turn = self.match.turn
        return turn if turn is not None and self.seats[turn].by_computer else None

    # ---- what the table does -----------------------------------------------------------------
    def stand_in(self, seat: int, now: float) -> list[Outgoing]:
        """A computer plays ``seat`` until its person is back (once it is offered)."""
        if seat not in self.offers(now):
            raise ValueError(f"{self.name_of(seat)}'s seat is not waiting for a computer")
        self.seats[seat].standin = True
        self.log.append(f"the computer plays for {self.name_of(seat)}")
        return self.states()

    def play_computer(self, seat: int, move: Move | str, now: float) -> list[Outgoing]:
        """Play a computer's move for ``seat``, by the one path every move takes. Raises
        IllegalMove (nothing changed) if the seat is not the computer's to move now, as
        when its person came back while the computer was thinking."""
        if self.computer_turn() != seat:
            raise IllegalMove(f"it is not the computer's turn for {self.name_of(seat)}")
        text = self.match.notation(move) if isinstance(move, Move) else move
        refusal = self._play(seat, text)
        if refusal is not None:
            raise IllegalMove(refusal[1])
        return self.states()

    def next_round(self, now: float) -> list[Outgoing]:
        """Deal the next round (the table's to do, once a round is over)."""
        self.match.play(NEXT_MOVE)
        return self.states()

    def add_seat(self, kind: str, now: float, name: str = "") -> list[Outgoing]:
        """A late arrival (G7), between rounds: a new seat, free or the computer's."""
        if kind not in (PERSON, COMPUTER):
            raise ValueError(f"a seat is a {PERSON}'s or a {COMPUTER}'s")
        name = msg.player_name(name) if name else ""
        self.match.play("join")  # IllegalMove, nothing changed: mid-round, or 8 seats
        self.seats.append(Seat(kind, name, away_since=None if kind == COMPUTER else now))
        return self.states()

    def disconnect(self, device: str, now: float) -> list[Outgoing]:
        """The link to ``device`` is gone: its seat waits for it to come back."""
        self._caps.pop(device, None)
        self._heard.pop(device, None)
        seat = self._bound.pop(device, None)
        if seat is None:
            return []
        s = self.seats[seat]
        s.device = None
        s.away_since = now
        self.log.append(f"{self.name_of(seat)}'s device is gone")
        return self.states()

    def tick(self, now: float) -> list[Outgoing]:
        """Every seated device silent for SILENT_AFTER seconds counts as gone."""
        silent = [d for d, heard in self._heard.items() if now - heard >= SILENT_AFTER]
        for device in silent:
            self.disconnect(device, now)
        return self.states() if silent else []

    def states(self) -> list[Outgoing]:
        """The game as it is, to every seated device, in seat order."""
        return [Outgoing(device, self.state_text(seat))
                for seat, device in self.devices().items()]

    # ---- what a device is sent -----------------------------------------------------------------
    def state_text(self, seat: int) -> str:
        """The game as ``seat`` may see it: its observation (the log of this round only),
        its moves if it is to move, and public facts (the last move, who sits where)."""
        m = self.match
        obs = m.observation(seat)
        log = obs["log"]
        start = max((i + 1 for i, (s, n) in enumerate(log) if s is None and n == "next"),
                    default=0)
        obs["log"] = log[start:]
        legal = [m.notation(x) for x in m.legal_moves()] if m.turn == seat else []
        text = encode("state", seat=seat, moves=len(m.history), view=plain(obs),
                      legal=legal, seats=self._public(),
                      last=plain(log[-1]) if log else None)
        if len(text) > msg.MAX_TO_DEVICE:  # no device would read it: say so here
            self.log.append(f"the game as seat {seat} sees it is too long to send "
                            f"({len(text):,} characters)")
        return text

    def table_text(self) -> str:
        return encode("table", table=self.table, game=self.match.game, seats=self._public())

    def _public(self) -> list[dict]:
        return [s.public() for s in self.seats]

    # ---- what a device sends -----------------------------------------------------------------
    def receive(self, device: str, text: Any, now: float) -> list[Outgoing]:
        """A message from ``device``, checked and capped. A bad one changes nothing: it
        is refused (the reason logged, and sent back) and the table goes on."""
        if not isinstance(device, str) or not 0 < len(device) <= MAX_DEVICE_ID:
            self.log.append("a message came from a device with no proper id")
            return []
        cap = self._caps.get(device)
        if cap is None:
            if len(self._caps) >= MAX_DEVICES:
                self._note(device, f"the table answers {MAX_DEVICES} devices at most")
                return []
            cap = self._caps[device] = st.RateCap(RATE, BURST, now)
        if not cap.take(now):
            reason = (f"too many messages: at most {BURST} at once, then {RATE:g} a "
                      "second")
            if cap.told:
                self._note(device, reason)
                return []
            cap.told = True
            return [self._refused(device, "busy", None, reason)]
        try:
            data = msg.read_from_device(text)
        except BadMessage as e:
            return [self._refused(device, "unread", None, str(e))]
        if device in self._bound:
            self._heard[device] = now
        kind = data["type"]
        try:
            return getattr(self, "_on_" + kind)(device, data, now)
        except Exception as e:  # a last line: whatever it was, the table goes on
            self._note(device, f"the table could not handle a {kind} message "
                               f"({type(e).__name__}: {str(e)[:200]})")
            return []

    def _note(self, device: str, reason: str) -> None:
        self.log.append(f"device {device[:40]!r}: {reason}")

    def _refused(self, device: str, said: str, about: str | None, why: str = "") -> Outgoing:
        """A refusal in plain words (``SAID[said]``), the technical ``why``
        in the log."""
        reason = SAID[said]
        self._note(device, f"{reason} ({why})" if why else reason)
        return Outgoing(device, encode("refused", reason=reason, about=about))

    def _seated(self, device: str, seat: int, now: float) -> list[Outgoing]:
        s = self.seats[seat]
        s.device = device
        s.away_since = None
        s.standin = False
        self._bound[device] = seat
        self._heard[device] = now
        mine = Outgoing(device, encode("seat", table=self.table, seat=seat, token=s.token,
                                       name=s.name))
        return [mine, *self.states()]

    def _on_hello(self, device: str, data: dict, now: float) -> list[Outgoing]:
        return [Outgoing(device, self.table_text())]

    def _on_join(self, device: str, data: dict, now: float) -> list[Outgoing]:
        if device in self._bound:  # asked again (its answer lost?): the same seat again
            return self._seated(device, self._bound[device], now)
        want = data.get("seat")
        if want is not None:
            if want >= len(self.seats):
                return [self._refused(device, "no-seat", "join",
                                      f"there is no seat {want + 1} at this table")]
            s = self.seats[want]
            if s.kind == COMPUTER:
                return [self._refused(device, "computer", "join",
                                      f"seat {want + 1} is the computer's")]
            if s.held:
                return [self._refused(device, "taken", "join", f"seat {want + 1} is taken "
                                                               f"by {self.name_of(want)}")]
            seat = want
        else:
            free = [i for i, s in enumerate(self.seats) if s.kind == PERSON and not s.held]
            if not free:
                return [self._refused(device, "full", "join"),
                        Outgoing(device, self.table_text())]
            seat = free[0]
        s = self.seats[seat]
        s.token = st.new_token()
        s.name = data["name"]
        self.log.append(f"{s.name} took seat {seat + 1}")
        return self._seated(device, seat, now)

    def _on_rejoin(self, device: str, data: dict, now: float) -> list[Outgoing]:
        seat = next((i for i, s in enumerate(self.seats) if st.token_matches(s, data["token"])),
                    None)
        if seat is None:
            return [self._refused(device, "key", "rejoin",
                                  "that seat key is not one of this table's")]
        mine = self._bound.get(device)
        if mine is not None and mine != seat:
            return [self._refused(device, "other", "rejoin",
                                  "this device already has another seat here")]
        out = []
        old = self.seats[seat].device
        if old is not None and old != device:  # the same person, from another device
            self._bound.pop(old, None)
            self._heard.pop(old, None)
            out.append(Outgoing(old, encode("gone", kept=True, reason=f"seat {seat + 1} is "
                                               "played from another device now")))
        self.log.append(f"{self.name_of(seat)} is back")
        return out + self._seated(device, seat, now)

    def _on_move(self, device: str, data: dict, now: float) -> list[Outgoing]:
        seat = self._bound.get(device)
        if seat is None:
            return [self._refused(device, "join", "move",
                                  "this device has no seat at this table")]
        moves = len(self.match.history)
        if data["at"] != moves:
            refusal = ("stale", "the game has moved on since this move was chosen")
        else:
            refusal = self._play(seat, data["move"])
        if refusal is not None:
            return [self._refused(device, refusal[0], "move", refusal[1]),
                    Outgoing(device, self.state_text(seat))]
        return self.states()

    def _on_sync(self, device: str, data: dict, now: float) -> list[Outgoing]:
        seat = self._bound.get(device)
        text = self.table_text() if seat is None else self.state_text(seat)
        return [Outgoing(device, text)]

    def _on_ping(self, device: str, data: dict, now: float) -> list[Outgoing]:
        return []

    def _on_leave(self, device: str, data: dict, now: float) -> list[Outgoing]:
        seat = self._bound.pop(device, None)
        if seat is None:
            return [self._refused(device, "leave", "leave", "this device has no seat")]
        self._heard.pop(device, None)
        s = self.seats[seat]
        self.log.append(f"{self.name_of(seat)} left seat {seat + 1}")
        s.token, s.name, s.device, s.away_since = None, "", None, now
        return [Outgoing(device, encode("gone", kept=False, reason=f"you left seat {seat + 1}")),
                *self.states()]

    # ---- the one path every move takes ---------------------------------------------------------
    def _play(self, seat: int, text: str) -> tuple[str, str] | None:
        """Play ``text`` for ``seat`` if it is that seat's move and a legal one: None, or
        why not (nothing changed): its key in SAID, and the technical reason."""
        m = self.match
        if m.turn is None:
            return (("over", "the match is over") if m.match_over else
                    ("round", "the round is over: the table deals the next one"))
        if m.turn != seat:
            return "turn", f"it is {self.name_of(m.turn)}'s turn, not yours"
        try:
            m.play(m.parse(text))
        except ValueError as e:  # IllegalMove, or a move no game could read
            said = "tile" if "@" in text and text.split("@")[0] not in ("call",) else "move"
            return said, f"that move is not allowed: {str(e)[:300]}"
        return None
