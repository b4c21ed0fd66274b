"""What a device is sent shows only what its seat may see. For every message the table
sends a device, the tiles that device's seat cannot see (the other hands, the boneyard)
are dealt again at random, every count kept, and the same message is made again: it must
be the same text, byte for byte. A state is made again from the table as it is after the
move; a reply (a refusal, a seat) from the table as it was before the message came."""

from __future__ import annotations

import json
import random

import pytest

import bones
from bones.together import TableHost
from bones.together.messages import encode
from together_room import TABLES, Room, kind, twin


class Watched(Room):
    """A room that checks every message the table sends against its twins."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.deal = random.Random(99)
        self.checked = 0
        self.differed = 0  # checks whose twin held other hidden tiles

    def deliver(self, out):
        for o in out:
            body = json.loads(o.text)
            if body["type"] == "state":
                seat = body["seat"]
                again = twin(self.host, seat, self.deal)
                assert again.state_text(seat) == o.text, \
                    f"seat {seat}'s state differs from its twin's"
                self.count(again)
        return super().deliver(out)

    def count(self, again: TableHost) -> None:
        self.checked += 1
        m, t = self.match, again.match
        self.differed += (m.hands, m.boneyard) != (t.hands, t.boneyard)

    def send(self, device, text):
        h = self.host
        seat = {d: s for s, d in h.devices().items()}.get(device)
        own, anyone = twin(h, seat, self.deal), twin(h, None, self.deal)
        out = h.receive(device, text, self.now)
        replies = [o for o in out if kind(o) != "state"]
        if replies:  # the device that sent it sees with its seat's eyes; any other (gone)
            #          with none
            again = {device: own.receive(device, text, self.now),
                     None: anyone.receive(device, text, self.now)}
            for d in {o.device for o in replies}:
                theirs = again[device if d == device else None]
                want = [unkeyed(x.text) for x in theirs if x.device == d and kind(x) != "state"]
                got = [unkeyed(o.text) for o in replies if o.device == d]
                assert got == want, f"a reply differs from its twin's: {text}"
                self.count(own if d == device else anyone)
        return self.deliver(out)


def unkeyed(text: str) -> dict:
    """A message without its seat key, which is new at every join."""
    body = json.loads(text)
    body.pop("token", None)
    return body


def wrong_moves(room: Room, phone) -> list[str]:
    """Moves a phone might send that the table refuses: a tile it may not play there,
    a place that does not exist, a move it was not offered."""
    m = room.match
    tiles = [str(t) for t in room.full]
    out = [f"{room.rng.choice(tiles)}@{room.rng.choice(['0', '1', '2', 'M', 'N', 'E'])}"
           for _ in range(3)]
    return [x for x in out + ["knock", "pass", "call@1", "next", "join"]
            if x not in [m.notation(y) for y in m.legal_moves()]]


@pytest.mark.parametrize("game,kinds", TABLES)
@pytest.mark.parametrize("seed", range(3))
def test_every_message_to_a_device_is_the_same_whatever_it_cannot_see(game, kinds, seed):
    room = Watched(game, kinds, seed)
    devices = [f"phone-{i}" for i, k in enumerate(kinds) if k == "person"]
    for device, name in zip(devices, ["Ann", "Bob", "Cy"]):
        room.join(device, name)
    rounds = 0
    while rounds < 1:
        m = room.match
        if m.turn is not None and room.host.computer_turn() is None:
            mine = room.host.devices()[m.turn]
            other = next(d for d in devices if d != mine)
            phone = room.phones[mine]
            for text in wrong_moves(room, phone)[:2]:  # refused, with the rules' reason
                room.send(mine, json.dumps({"v": 1, "type": "move", "move": text,
                                            "at": phone.moves}))
            room.send(other, json.dumps({"v": 1, "type": "move", "move": phone.legal[0],
                                         "at": phone.moves}))  # out of turn
            room.send(other, room.phones[other].sync())
        room.step()
        rounds += m.round_over
    assert room.checked > 100
    assert room.differed > room.checked // 2
    assert any(kind(o) == "refused" for o in room.sent)


def test_joining_rejoining_and_leaving_send_nothing_hidden():
    room = Watched("mexican-train", ["person", "computer", "person"], seed=4)
    ann = room.join("ann", "Ann")
    room.send("x", json.dumps({"v": 1, "type": "join", "name": "Zed", "seat": 0}))
    room.send("bob", room.phones.setdefault("bob", type(ann)("Bob")).hello())
    room.join("bob", "Bob")
    for _ in range(5):
        room.step()
    room.deliver(room.host.disconnect("ann", room.now))
    room.phones["ann-2"] = type(ann).from_kept(ann.keep())
    room.send("ann-2", room.phones["ann-2"].rejoin())
    room.send("ann", ann.sync())
    room.send("bob", room.phones["bob"].leave())
    assert room.checked > 10 and room.differed


class Leaky(TableHost):
    """A table that lets slip how many of the next seat's tiles are doubles."""

    def state_text(self, seat: int) -> str:
        body = json.loads(super().state_text(seat))
        nxt = self.match.hands[(seat + 1) % self.match.seats]
        body["view"]["doubles_next"] = sum(t.is_double for t in nxt)
        return encode("state", **{k: v for k, v in body.items() if k not in ("v", "type")})


def test_the_check_finds_a_table_that_lets_hidden_tiles_slip():
    room = Watched("chicken-foot", ["person", "computer", "computer"], seed=2)
    room.host.__class__ = Leaky
    with pytest.raises(AssertionError, match="differs from its twin"):
        room.join("ann", "Ann")
        for _ in range(30):
            room.step()


def test_the_seats_own_tiles_do_change_what_it_is_sent():
    """The check above can fail: the seat's own hand, dealt again, is another state."""
    room = Room("mexican-train", ["person", "computer"], seed=1)
    room.join("ann", "Ann")
    again = twin(room.host, 1, random.Random(1))  # what seat 1 cannot see: seat 0's hand
    assert sorted(again.match.hands[0]) != sorted(room.match.hands[0])
    assert again.state_text(0) != room.host.state_text(0)
    assert bones.dumps(again.match) == bones.dumps(room.match)  # the save cannot tell
