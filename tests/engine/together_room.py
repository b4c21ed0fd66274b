"""A table and the phones at it, in memory, for the Play together tests: every message
the table sends is handed to the phone it is addressed to, and kept."""

from __future__ import annotations

import copy
import json
import random

import bones
from bones.tiles import full_set
from bones.together import COMPUTER, PERSON, HandClient, Outgoing, TableHost

P, C = PERSON, COMPUTER
# Each game with 2 or 3 people on phones and the computer in the other seats.
TABLES = [("mexican-train", [P, C, P, P]), ("chicken-foot", [C, P, P, C]),
          ("all-fives", [P, C, P, C])]  # All Fives at four: partners, 0 and 2 against 1 and 3


class Room:
    def __init__(self, game: str, kinds: list[str], seed: int, wait: float = 30.0, **kw):
        self.match = bones.new_game(game, seats=len(kinds), seed=seed, **kw)
        self.host = TableHost.open(self.match, kinds, now=0.0, wait=wait)
        self.full = sorted(self.match.all_tiles())
        assert self.full == sorted(full_set(max(max(t) for t in self.full)))
        self.now = 0.0
        self.phones: dict[str, HandClient] = {}
        self.sent: list[Outgoing] = []
        self.rng = random.Random(seed)

    def deliver(self, out: list[Outgoing]) -> list[Outgoing]:
        for o in out:
            self.sent.append(o)
            if o.device in self.phones:
                self.phones[o.device].receive(o.text)
        return out

    def send(self, device: str, text) -> list[Outgoing]:
        return self.deliver(self.host.receive(device, text, self.now))

    def join(self, device: str, name: str, seat: int | None = None) -> HandClient:
        phone = self.phones[device] = HandClient(name)
        self.send(device, phone.join(seat))
        assert phone.seat is not None, phone.refusal
        return phone

    def seat_phones(self) -> dict[int, HandClient]:
        return {p.seat: p for p in self.phones.values() if p.seat is not None}

    def step(self, send=None) -> None:
        """One move, as the table would have it made: the computer's through the host, a
        person's chosen on their phone from what it was sent, and sent as a message;
        between rounds the table deals."""
        m, host = self.match, self.host
        if m.round_over:
            self.deliver(host.next_round(self.now))
            return
        seat = host.computer_turn()
        if seat is not None:
            ms = m.legal_moves()
            move = self.rng.choice([x for x in ms if x.kind == "play"] or ms)
            self.deliver(host.play_computer(seat, move, self.now))
            return
        self.now += 1.0  # a person takes a moment (and is well within the rate cap)
        device = host.devices()[m.turn]
        phone = self.phones[device]
        choice = self.rng.choice([x for x in phone.legal if "@" in x and "call" not in x]
                                 or phone.legal)
        (send or self.send)(device, phone.move(choice))

    def snapshot(self) -> tuple[str, str]:
        """The game and its seats as saved, to see that nothing changed."""
        return bones.dumps(self.match), self.host.seats_save()


def redealt(match: bones.Match, seat: int | None, rng: random.Random) -> bones.Match:
    """The match with every tile ``seat`` cannot see dealt again at random, every count
    kept: the other hands and the boneyard (once the round is over, every hand is shown,
    and only the boneyard). ``seat`` None: every hand."""
    g = match.clone()
    hidden = [] if g.round_over else [s for s in range(g.seats) if s != seat]
    pool = [t for s in hidden for t in g.hands[s]] + list(g.boneyard)
    rng.shuffle(pool)
    for s in hidden:
        n = len(g.hands[s])
        g.hands[s], pool = pool[:n], pool[n:]
    g.boneyard = pool
    g._legal = None
    return g


def twin(host: TableHost, seat: int | None, rng: random.Random) -> TableHost:
    """The table as it is, but for the tiles ``seat`` cannot see, dealt again."""
    t = copy.deepcopy(host, {id(host.match): host.match})
    t.match = redealt(host.match, seat, rng)
    return t


def kind(o: Outgoing) -> str:
    return json.loads(o.text)["type"]
