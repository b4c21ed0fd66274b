"""The phone's side of Play together: bones.together's HandClient (what the table sent,
what this phone asks for), its link to the table, and what it keeps to come back to its
seat after a reload (``HandClient.keep``, in local storage). The phone decides nothing:
it shows what the table sent and asks for the move its person taps."""

from __future__ import annotations

import json

from app.shared import storage
from app.together.views import move_words
from bones.together import BadMessage, HandClient

KEEP_KEY = "rally-dominoes:together-seat"
RECEIVED_KEPT = 500  # the table's messages kept for a look (tests read them)
ASK_AGAIN_S = 3.0  # seconds with no word from the table before a seat is asked for again
CODE_GOOD_MS = 180_000  # the phone's code waits this long for the table to scan it (its
#                         person walks to the table); after the scan the link opens at once


class PhoneSide:
    def __init__(self, c, make_link):
        self.c = c
        self.make_link = make_link
        self.client = HandClient.from_kept(self._kept())
        self.link = None
        self.answer = ""  # this phone's code (RDA1:...) while the table has not read it
        self.state = "new"  # "new", "answer" (its code on show), "open", "lost"
        self.problem = ""
        self.received: list[str] = []  # what came from the table, in order
        self.asked = 0.0  # seconds since the seat was asked for and nothing came back

    def _kept(self):
        text = storage.read(self.c.storage(), KEEP_KEY)
        try:
            return json.loads(text) if text else None
        except ValueError:
            return None

    def _keep(self) -> None:
        if self.client.token is not None:
            storage.write(self.c.storage(), KEEP_KEY, json.dumps(self.client.keep()))
        else:
            storage.remove(self.c.storage(), KEEP_KEY)

    # ---- linking --------------------------------------------------------------------------------
    async def scanned(self, text: str) -> None:
        """The table's code, read by the camera: this phone's own code to show back."""
        if self.link is not None:
            self.link.close()
        self.link = self.make_link(on_open=self._opened, on_message=self.receive,
                                   on_close=self._closed, connect_ms=CODE_GOOD_MS)
        try:
            self.answer = await self.link.answer(text)
            self.state, self.problem = "answer", ""
        except Exception as exc:  # not the table's code, or no link here: in words
            self.problem = str(exc)
            self.link = None
        self.c.render()

    def _opened(self) -> None:
        self.state, self.answer = "open", ""
        self._ask()
        self.c.render()

    def _ask(self) -> None:
        """The seat: back by its key, or a new one by the name typed."""
        self.asked = 1e-9
        if self.link is None:
            return
        if self.client.token is not None:
            self.link.send(self.client.rejoin())
        else:
            self.link.send(self.client.join())

    def beat(self, seconds: float) -> None:
        """Time goes by: a seat asked for with no word back is asked for again (the
        table's answer is never waited on for ever)."""
        if self.state != "open" or not self.asked:
            return
        self.asked += seconds
        if self.asked >= ASK_AGAIN_S:
            self._ask()

    def _closed(self, code: str, words: str) -> None:
        if self.state == "open":
            self.state = "lost"
        else:
            self.problem = words
        self.c.render()

    # ---- the table's messages, and what the phone asks -----------------------------------------
    def receive(self, text) -> None:
        text = str(text)
        self.asked = 0.0  # the table answered
        self.received.append(text)
        del self.received[:-RECEIVED_KEPT]
        had = self.client.token
        self.client.receive(text)
        if '"about":"rejoin"' in text and '"type":"refused"' in text:
            # the table no longer knows this seat's key: join as a new player
            self.client.token = self.client.table = self.client.seat = None
            if self.client.name:
                self._ask()
        if self.client.token != had:
            self._keep()
        self.c.render()

    def move(self, notation: str) -> None:
        try:
            text = self.client.move(notation)
        except (ValueError, BadMessage):
            return  # a button from an older state: the table's next state redraws
        self.client.refusal = None
        self.client.legal = []  # asked once; the table's answer lists them again
        if self.link is not None:
            self.link.send(text)
        self.c.render()

    # ---- what the screen shows ------------------------------------------------------------------
    def names(self) -> list[str]:
        return [(s.get("name") or f"Seat {i + 1}") if isinstance(s, dict) else f"Seat {i + 1}"
                for i, s in enumerate(self.client.seats)]

    def moves(self) -> list[tuple[str, str]]:
        names = self.names()
        return [(m, move_words(m, names, self.client.seat, self.client.game))
                for m in self.client.legal]

    def table_lines(self) -> list[str]:
        """The table in small, as text: whose turn, each seat's tiles and score, the
        last move."""
        v = self.client.view or {}
        names = self.names()
        out = []
        turn = v.get("turn")
        if isinstance(turn, int) and 0 <= turn < len(names):
            out.append(f"{names[turn]} to play")
        elif v.get("round_over"):
            out.append("The round is over: the table deals the next one")
        sizes = v.get("hand_sizes") or []
        totals = v.get("totals") or []
        for i, name in enumerate(names):
            bits = []
            if i < len(sizes):
                bits.append(f"{sizes[i]} tiles")
            if i < len(totals):
                bits.append(f"{totals[i]} points")
            out.append(f"{name}: {', '.join(str(b) for b in bits)}")
        trains = v.get("trains")
        if isinstance(trains, list):
            for i, train in enumerate(trains):
                if isinstance(train, list) and train and i < len(names):
                    end = train[-1]  # [the tile, its open end]
                    tile = end[0] if isinstance(end, list) and end else end
                    out.append(f"{names[i]}'s train ends {tile}")
        last = self.client.last
        if isinstance(last, list) and len(last) == 2 and isinstance(last[0], int) \
                and 0 <= last[0] < len(names):
            out.append(f"Last move: {names[last[0]]}, {last[1]}")
        return out

    def status(self) -> str:
        if self.state == "lost":
            return ("Reconnecting... The link to the table is lost. Scan the table's code "
                    "again to come back to your seat.")
        if self.client.gone:
            return self.client.gone
        return ""
