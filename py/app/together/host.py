"""The table's side of Play together: the match's seats as bones.together's TableHost
sees them (a "phone" seat is a person's, the rest the table plays itself), one link to
each phone, and the code the next phone scans. Everything a phone sends goes through
``TableHost.receive``; everything sent goes back through that phone's own link.

A move from a phone is played by the host on the table's match; the table then says,
saves and draws it as it does a computer's (app.table.ui ``moved``). Whatever the
table plays itself (its computers, a person at the table) reaches the phones from
``pulse``, which sends each phone its state whenever the match has moved.
"""

from __future__ import annotations

import json

from app.shared import storage
from bones.errors import BadSave
from bones.together import COMPUTER, PERSON, TableHost

PULSE_S = 0.25  # seconds between looks at the match, for moves the table played itself
SEATS_KEY = "rally-dominoes:together-table"  # the seats' keys, beside the game's save


class TableSide:
    def __init__(self, c, session, make_link):
        self.c = c
        self.session = session
        self.make_link = make_link  # app.browser.link.DirectLink, or a test's stand-in
        self.host = self._kept() or TableHost.open(
            session.game, [PERSON if s.kind == "phone" else COMPUTER for s in session.seats],
            now=self.now(), names=[s.name for s in session.seats])
        self.links: dict[str, object] = {}  # device -> its link (open, or being made)
        self.offer = None  # the link whose code is on show, waiting for a phone's answer
        self.code = ""  # that code's text (RDO1:...)
        self.problem = ""  # why the last scan or offer failed, in words
        self.note = ""  # what just happened ("Ann joined seat 2")
        self.made = 0  # links made, for the devices' ids
        self.offered: list = []  # the seats the computer was last offered for
        self.sent = self._moved()

    def _kept(self) -> TableHost | None:
        """The seats of this very game, kept before the table's page was reloaded: each
        phone comes back to its seat by its key (bones.together's ``rejoin``)."""
        try:
            kept = json.loads(storage.read(self.c.storage(), SEATS_KEY) or "null")
            if not isinstance(kept, dict) or kept.get("game") != self._game_id():
                return None
            return TableHost.restore(self.session.game, kept.get("seats"), self.now())
        except (ValueError, BadSave):
            return None

    def keep(self) -> None:
        storage.write(self.c.storage(), SEATS_KEY, json.dumps(
            {"game": self._game_id(), "seats": self.host.seats_save()}))

    def _game_id(self) -> str:
        g = self.session.game
        return f"{g.game}/{g.seed}"

    def now(self) -> float:
        return self.c.page.now_ms() / 1000

    def _moved(self) -> tuple:
        h = self.session.game.history
        return (len(h), id(h[-1]) if h else None)

    # ---- what the screen shows -------------------------------------------------------------
    def rows(self) -> list[tuple[str, str]]:
        out = []
        for i, (s, seat) in enumerate(zip(self.session.seats, self.host.seats, strict=False)):
            if seat.kind == COMPUTER:
                what = "a person at this table" if s.human else "the computer"
            elif not seat.held:
                what = "a phone: free, waiting to join"
            elif seat.device is not None:
                what = "on their phone: connected"
            elif seat.standin:
                what = "the computer, until their phone is back"
            else:
                what = "on their phone: away"
            out.append((self.session.name(i), what))
        return out

    def waiting(self) -> list[str]:
        return [self.session.name(i) for i, _n, _t in self.host.waiting(self.now())]

    def offers(self) -> list[tuple[int, str]]:
        """(seat, name) of each phone waited on for the host's wait: the computer may
        play for them until they are back."""
        return [(i, self.session.name(i)) for i in self.host.offers(self.now())]

    def set_wait(self, seconds: float) -> None:
        self.host.set_wait(seconds)
        self.keep()

    def stand_in(self, seat: int) -> None:
        """The computer plays for this phone's person until they are back."""
        try:
            self.send(self.host.stand_in(seat, self.now()))
        except ValueError:  # back already, or not waited on long enough
            return
        self._kinds()
        self.keep()
        self.c.save()
        if self.c.screen == "table":
            self.c.schedule()  # the computer plays it now if it is its turn
        self.c.render()

    def _kinds(self) -> bool:
        """The session's seat is the computer's while it stands in, a phone's again once
        its person is back (the table's computer plays only computer seats): changed?"""
        before = [x.kind for x in self.session.seats]
        for i, seat in enumerate(self.host.seats):
            if seat.kind == PERSON:
                self.session.seats[i].kind = "computer" if seat.standin else "phone"
        return before != [x.kind for x in self.session.seats]

    def here(self) -> list[str]:
        """The names of the seats played from a phone that is here."""
        return [self.session.name(i) for i in self.host.devices()]

    # ---- the code the next phone scans -------------------------------------------------------
    async def new_offer(self) -> None:
        """A new link and its code, for the next phone."""
        self.made += 1
        device = f"phone-{self.made}"
        link = self.make_link(on_open=lambda: self._opened(device, link),
                              on_message=lambda text: self.receive(device, text),
                              on_close=lambda code, words: self._closed(device, words))
        self.offer, self.code = link, ""
        # known from now: a phone's first message may come before this side hears the
        # channel open, and its answer must go back by this link
        self.links[device] = link
        try:
            self.code = await link.offer()
            self.problem = ""
        except Exception as exc:  # LinkProblem: in words
            self.problem = f"This device cannot make a code to join: {exc}"
        self.c.render()

    async def accept(self, text: str) -> None:
        """A phone's code, read by the camera: the link opens; a new code for the next."""
        link = self.offer
        if link is None:
            return
        self.note = "The phone is joining..."  # until its join comes in
        shown, self.code = self.code, ""  # its code is used: nobody else may scan it
        self.c.render()
        try:
            await link.accept(text)
        except Exception as exc:  # a code that is not this table's answer: scan again
            self.problem, self.note, self.code = str(exc), "", shown
            self.c.render()
            return
        self.problem = ""
        await self.new_offer()

    def _opened(self, device: str, link) -> None:
        self.links[device] = link

    def _closed(self, device: str, words: str) -> None:
        self.links.pop(device, None)
        self.send(self.host.disconnect(device, self.now()))
        self.c.render()

    # ---- messages -----------------------------------------------------------------------------
    def send(self, outs) -> None:
        for out in outs:
            link = self.links.get(out.device)
            if link is not None:
                link.send(out.text)

    def receive(self, device: str, text) -> None:
        """A message from ``device``: through the host, its answers back to the phones."""
        before = self._moved()
        held = [s.held for s in self.host.seats]
        log = getattr(self.session.game, "log", None)
        scored = len(log) if log is not None else 0
        self.send(self.host.receive(device, text, self.now()))
        if self._kinds():  # a person back from a stand-in: their seat is theirs again
            self.keep()
            self.c.save()
        if [s.held for s in self.host.seats] != held:
            self._names()
            self.note = ""
            self.keep()
            self.c.save()
        if self._moved() != before:
            self.sent = self._moved()
            # what it scored (All Fives), as the session's own play keeps it
            self.session.last_scores = tuple(log[scored:]) if log is not None else ()
            self._played()
        else:
            self.c.render()

    def _names(self) -> None:
        """A player who joined is called at the table by the name they typed."""
        taken = {s.name.casefold() for s in self.session.seats}
        for i, seat in enumerate(self.host.seats):
            mine = self.session.seats[i]
            if seat.kind == PERSON and seat.held and seat.name != mine.name \
                    and seat.name.casefold() not in taken:
                taken.discard(mine.name.casefold())
                mine.name = seat.name
                taken.add(seat.name.casefold())

    def _played(self) -> None:
        """A phone's move was played: the table says, saves and draws it as it does any
        move not made at its own screen (app.table.ui ``moved``), and the computers go
        on; away from the table, it is saved and the page drawn."""
        c = self.c
        move, seat, _t = self.session.game.history[-1]
        if c.screen == "table":
            c.table.moved(move, seat, person=False)
        else:
            c.save()
            c.render()

    def pulse(self) -> None:
        """The match moved on the table (a computer, the next round, an undo): each phone
        is sent its state; a phone silent too long counts as gone."""
        if self.session is not self.c.session:
            return
        outs = self.host.tick(self.now())
        if self._moved() != self.sent:
            self.sent = self._moved()
            outs = self.host.states()
        self.send(outs)
        offered = self.host.offers(self.now())
        if outs and self.c.screen == "together" or offered != self.offered:
            self.offered = offered  # "Let the computer play for Ann" appears
            self.c.render()

    def close(self) -> None:
        for link in {id(x): x for x in [*self.links.values(), self.offer] if x}.values():
            link.close()
        self.links.clear()
        self.offer = None
