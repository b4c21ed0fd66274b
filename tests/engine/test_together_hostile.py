"""A device that misbehaves, by mistake or on purpose: every message it sends that the
table must not act on is refused with a reason in plain words, logged, and the game and
its seats are left exactly as they were (the saves before and after, byte for byte). The
table goes on playing after each."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones.inbound
from bones.together import MAX_FROM_DEVICE, HandClient
from bones.together.host import BURST, MAX_DEVICES, RATE, SAID
from together_room import C, P, Room, kind


def msg(**body) -> str:
    return json.dumps({"v": 1, **body})


@pytest.fixture
def room() -> Room:
    """Ann (seat 0) and Bob (seat 2) on their phones, the computer in seat 1; Ann's turn."""
    r = Room("mexican-train", [P, C, P], seed=3)
    r.join("ann", "Ann")
    r.join("bob", "Bob")
    for _ in range(200):
        if r.match.turn == 0 and r.phones["ann"].legal:
            return r
        r.step()
    raise AssertionError("Ann never came to move")


def refused(r: Room, device: str, text, words: str) -> None:
    """``text`` from ``device`` is refused, changes nothing, and is logged with ``words``;
    the device is told in plain words (host.SAID), never the technical reason."""
    before = r.snapshot()
    logged = len(r.host.log)
    out = r.send(device, text)
    assert r.snapshot() == before
    replies = [json.loads(o.text) for o in out if kind(o) == "refused"]
    assert len(replies) == 1 and replies[0]["reason"] in SAID.values(), (out, words)
    assert all(o.device == device for o in out)
    assert words in r.host.log[-1] and len(r.host.log) == logged + 1
    assert not any("could not handle" in line for line in r.host.log)


def still_plays(r: Room) -> None:
    for _ in range(3):
        before = len(r.match.history)
        r.step()
        assert len(r.match.history) == before + 1 or r.match.round_over


def test_a_move_for_another_seat_is_refused(room):
    ann, bob = room.phones["ann"], room.phones["bob"]
    move = ann.legal[0]
    refused(room, "bob", msg(type="move", move=move, at=bob.moves), "it is Ann's turn")
    refused(room, "bob", msg(type="move", move=move, at=bob.moves, seat=0),
            "unknown field 'seat'")
    refused(room, "bob", msg(type="move", move=move, at=bob.moves, token=ann.token),
            "unknown field 'token'")
    still_plays(room)


def test_a_move_out_of_turn_is_refused(room):
    room.step()  # Ann moves: now the computer's turn
    assert room.match.turn == 1
    bob = room.phones["bob"]
    ms = [room.match.notation(m) for m in room.match.legal_moves()]
    refused(room, "ann", msg(type="move", move=ms[0], at=bob.moves),
            "it is the computer's turn")
    refused(room, "nobody", msg(type="move", move=ms[0], at=bob.moves), "Join the table first")


def test_an_illegal_move_is_refused_with_the_rules_reason(room):
    ann = room.phones["ann"]
    held = {str(t) for t in room.match.hands[0]}
    notheld = next(str(t) for t in room.full if str(t) not in held)
    refused(room, "ann", msg(type="move", move=f"{notheld}@M", at=ann.moves),
            "that move is not allowed")
    refused(room, "ann", msg(type="move", move="fly@M", at=ann.moves), "cannot read the move")
    refused(room, "ann", msg(type="move", move="next", at=ann.moves), "not allowed")
    refused(room, "ann", msg(type="move", move=ann.legal[0], at=ann.moves - 1),
            "moved on since this move was chosen")
    refused(room, "ann", msg(type="move", move="x" * 41, at=ann.moves), "not a move")
    still_plays(room)


def test_between_rounds_only_the_table_deals():
    r = Room("all-fives", [P, C], seed=2)
    ann = r.join("ann", "Ann")
    for _ in range(300):
        if r.match.round_over:
            break
        r.step()
    refused(r, "ann", msg(type="move", move="next", at=ann.moves), "the table deals")


@pytest.mark.parametrize("size", [MAX_FROM_DEVICE + 1, 1_000_000])
def test_a_huge_message_is_refused_on_its_length_before_it_is_read(room, monkeypatch, size):
    parsed = []
    real = bones.inbound.json.loads
    monkeypatch.setattr(bones.inbound.json, "loads", lambda t, **k: parsed.append(t)
                        or real(t, **k))
    ann = room.phones["ann"]
    pad = " " * (size - len(ann.move(ann.legal[0])))
    text = ann.move(ann.legal[0])[:-1] + pad + "}"
    assert len(text) == size
    refused(room, "ann", text, "far too large")
    refused(room, "ann", text.encode(), "far too large")
    assert parsed and max(len(t) for t in parsed) < 200  # only the table's short answers


MALFORMED = {
    "{": "not valid JSON",
    "": "not valid JSON",
    "[]": "not a record",
    "null": "not a record",
    '"move"': "not a record",
    "[" * 50 + "]" * 50: "nested too deeply",
    '{"v": 1, "type": "ping", "x": NaN}': "number no game of ours writes",
    '{"v": 1, "type": "move", "move": "draw", "at": 1e999}': "number no game of ours writes",
    '{"v": 1, "type": "move", "move": "draw", "at": 123456789012345678901234}': "number",
    b"\xff\xfe\x00": "not text (UTF-8)",
    '{"type": "ping"}': "has no version number",
    '{"v": 1}': "does not say what kind it is",
    '{"v": 1, "type": "shout"}': "kind 'shout'",
    '{"v": 1, "type": "move", "move": "draw"}': "lacks its 'at'",
    '{"v": 1, "type": "move", "move": "draw", "at": "3"}': "at is not a number",
    '{"v": 1, "type": "move", "move": "draw", "at": true}': "at is not a number",
    '{"v": 1, "type": "move", "move": 5, "at": 1}': "not a move in notation",
    '{"v": 1, "type": "join", "name": ""}': "the name is empty",
    '{"v": 1, "type": "join", "name": 7}': "the name is not text",
    '{"v": 1, "type": "join", "name": "' + "A" * 25 + '"}': "longer than 24 letters",
    '{"v": 1, "type": "join", "name": "Al", "seat": -1}': "seat is not a number from 0",
    '{"v": 1, "type": "rejoin", "token": "short"}': "not a seat key",
    '{"v": 1, "type": "rejoin", "token": ["a"]}': "not a seat key",
}


@pytest.mark.parametrize("text", list(MALFORMED), ids=range(len(MALFORMED)))
def test_a_malformed_message_is_refused_with_what_is_wrong(room, text):
    refused(room, "ann", text, MALFORMED[text])
    still_plays(room)


def test_the_longest_name_fits_even_written_in_escapes(room):
    family = "\U0001F468\U0001F3FB\u200d\U0001F469\U0001F3FB\u200d\U0001F467\U0001F3FB" \
             "\u200d\U0001F466\U0001F3FB"
    assert len(bones.inbound.letters(family)) == 1
    text = json.dumps({"v": 1, "type": "join", "name": family * 24, "seat": 1})
    assert 2_700 < len(text) <= MAX_FROM_DEVICE
    out = room.send("cy", text)
    assert "That seat is the computer's." in out[0].text  # read to the end, refused for it
    assert "seat 2 is the computer's" in room.host.log[-1]
    refused(room, "cy", json.dumps({"v": 1, "type": "join", "name": family * 25}),
            "longer than 24 letters")


@pytest.mark.parametrize("v", [2, 0, "1", 1.0, None])
def test_another_version_is_refused(room, v):
    words = "version 2" if v == 2 else ("version 0" if v == 0 else "no version number")
    refused(room, "ann", json.dumps({"v": v, "type": "ping"}), words)


def test_a_flood_beyond_the_rate_cap_is_dropped_and_said_once(room):
    ann = room.phones["ann"]
    stale = ann.move(ann.legal[0]).replace(f'"at":{ann.moves}', '"at":0')
    before = room.snapshot()
    out = [o for _ in range(200) for o in room.send("ann", stale)]
    assert room.snapshot() == before
    reasons = [json.loads(o.text)["reason"] for o in out if kind(o) == "refused"]
    assert reasons.count("Too many taps at once: wait a moment, then try again.") == 1
    assert len(reasons) == BURST + 1  # each of the first BURST answered, then one word
    assert sum("too many messages" in line for line in room.host.log) == 200 - BURST
    room.now += 1 / RATE - 1  # a moment later Ann is heard again (step waits a second)
    room.step()
    assert room.match.history[-1][1] == 0 and room.snapshot()[0] != before[0]


def test_a_seat_that_is_held_cannot_be_taken(room):
    refused(room, "eve", msg(type="join", name="Eve", seat=0), "seat 1 is taken by Ann")
    refused(room, "eve", msg(type="join", name="Eve", seat=1), "seat 2 is the computer's")
    refused(room, "eve", msg(type="join", name="Eve", seat=5), "there is no seat 6")
    again = room.send("ann", msg(type="join", name="Ann"))  # asked again: the same seat
    assert kind(again[0]) == "seat" and json.loads(again[0].text)["seat"] == 0
    before = room.snapshot()
    out = room.send("eve", msg(type="join", name="Eve"))
    assert [kind(o) for o in out] == ["refused", "table"] and room.snapshot() == before
    assert "Every seat at this table is taken" in out[0].text
    room.host.disconnect("ann", room.now)  # away, but the seat is still hers
    refused(room, "eve", msg(type="join", name="Eve", seat=0), "seat 1 is taken by Ann")


def test_a_wrong_key_never_gives_a_seat(room):
    ann = room.phones["ann"]
    wrong = ("A" if ann.token[0] != "A" else "B") + ann.token[1:]
    refused(room, "eve", msg(type="rejoin", token=wrong), "not one of this table's")
    refused(room, "eve", msg(type="rejoin", token="x" * 22), "not one of this table's")
    refused(room, "bob", msg(type="rejoin", token=ann.token), "already has another seat")
    assert room.host.devices() == {0: "ann", 2: "bob"}


def test_leaving_with_no_seat_and_a_device_with_no_id_change_nothing(room):
    refused(room, "eve", msg(type="leave"), "no seat to leave")
    before = room.snapshot()
    assert room.host.receive("", msg(type="hello"), room.now) == []
    assert room.host.receive(None, msg(type="hello"), room.now) == []
    assert room.host.receive("d" * 101, msg(type="hello"), room.now) == []
    assert room.snapshot() == before and "no proper id" in room.host.log[-1]


def test_the_table_answers_so_many_devices_at_once(room):
    for i in range(MAX_DEVICES - 2):
        assert room.send(f"dev{i}", msg(type="hello"))
    assert room.send("one-too-many", msg(type="hello")) == []
    assert f"{MAX_DEVICES} devices at most" in room.host.log[-1]
    room.host.disconnect("dev0", room.now)
    assert room.send("one-too-many", msg(type="hello"))


def test_a_failure_inside_the_table_is_logged_and_the_table_goes_on(room, monkeypatch):
    def broken(*a):
        raise KeyError("boom")

    monkeypatch.setattr(type(room.host), "_on_sync", broken)
    before = room.snapshot()
    assert room.send("ann", msg(type="sync")) == []
    assert room.snapshot() == before and "could not handle a sync message" in room.host.log[-1]
    monkeypatch.undo()
    still_plays(room)


# ---- anything at all ------------------------------------------------------------------------
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
KINDS = st.sampled_from(["hello", "join", "rejoin", "move", "sync", "ping", "leave", "x"])


@settings(max_examples=200)
@given(st.lists(st.one_of(
    st.text(max_size=60), st.binary(max_size=60), JSONISH.map(json.dumps),
    st.builds(lambda k, body: json.dumps({"v": 1, "type": k, **body}), KINDS,
              st.dictionaries(st.sampled_from(["name", "seat", "token", "move", "at", "z"]),
                              JSONISH, max_size=3))), min_size=1, max_size=8))
def test_nothing_a_stranger_sends_breaks_the_table_or_moves_the_game(texts):
    r = Room("chicken-foot", [P, C, C], seed=5)
    r.join("ann", "Ann")
    before = bones.dumps(r.match)
    for text in texts:
        r.now += 1
        r.send("stranger", text)
    assert bones.dumps(r.match) == before
    assert r.host.devices()[0] == "ann" and r.host.seats[0].name == "Ann"
    assert not any("could not handle" in line for line in r.host.log)
    assert r.phones["ann"].problems == type(r.phones["ann"].problems)()


# ---- the device's side: a table that misbehaves --------------------------------------------
def test_a_device_ignores_what_does_not_read_and_says_why():
    phone = HandClient("Ann", seat=0)
    bad = {
        "x" * 40_000: "far too large",
        "{": "not valid JSON",
        json.dumps({"v": 2, "type": "state"}): "version 2",
        json.dumps({"v": 1, "type": "state", "seat": 0}): "lacks",
        json.dumps({"v": 1, "type": "seat", "table": "0123456789", "seat": 0,
                    "token": "bad", "name": "A"}): "not a seat key",
        json.dumps({"v": 1, "type": "state", "seat": 0, "moves": 0, "seats": [],
                    "view": {"hand": ["9-9", "not a tile"]}, "legal": [],
                    "last": None}): "not a list of tiles",
        json.dumps({"v": 1, "type": "gone", "reason": "x", "kept": "yes"}): "kept",
        json.dumps({"v": 1, "type": "state", "seat": 1, "moves": 0, "seats": [],
                    "view": {"hand": []}, "legal": [], "last": None}): "not this device's",
    }
    for text, words in bad.items():
        phone.receive(text)
        assert words in phone.problems[-1], (text[:60], phone.problems[-1])
    assert phone.seat == 0 and phone.view is None and phone.hand == []
    with pytest.raises(ValueError, match="not one of the moves"):
        phone.move("draw")
    with pytest.raises(ValueError, match="join first"):
        phone.rejoin()
    assert HandClient.from_kept({"table": "zz", "seat": 0, "token": "t"}).token is None
    assert HandClient.from_kept("nonsense").seat is None


@settings(max_examples=200)
@given(st.lists(st.one_of(
    st.text(max_size=60), JSONISH.map(json.dumps),
    st.builds(lambda k, body: json.dumps({"v": 1, "type": k, **body}),
              st.sampled_from(["table", "seat", "state", "refused", "gone", "x"]),
              st.dictionaries(st.sampled_from(["table", "game", "seats", "seat", "token",
                                               "name", "moves", "view", "legal", "last",
                                               "reason", "about", "kept"]),
                              JSONISH, max_size=9))), min_size=1, max_size=8))
def test_nothing_a_table_sends_makes_a_device_fail(texts):
    phone = HandClient("Ann", seat=0)
    for text in texts:
        phone.receive(text)  # never raises
    assert all(isinstance(t, bones.Tile) for t in phone.hand)
    assert all(isinstance(m, str) for m in phone.legal)
