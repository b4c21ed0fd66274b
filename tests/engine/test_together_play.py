"""Play together: whole rounds played through messages only (people on their phones, the
computer in the other seats), a device dropping and coming back, a computer standing in
for someone away, and the table's seats saved and read back."""

from __future__ import annotations

import doctest
import json
from collections import Counter

import pytest

import bones
import bones.together
from bones.errors import BadSave, IllegalMove
from bones.together import MAX_TO_DEVICE, HandClient, TableHost
from bones.together.host import SILENT_AFTER
from together_room import TABLES, C, P, Room


def test_the_package_examples_run():
    assert doctest.testmod(bones.together).failed == 0


def check_phones(room: Room) -> None:
    """Each phone holds its seat's hand and, on its turn only, exactly the moves the
    match lists; every tile of the set is in one place."""
    m = room.match
    assert Counter(m.all_tiles()) == Counter(room.full)
    for seat, phone in room.seat_phones().items():
        assert phone.hand == m.hands[seat]
        assert phone.moves == len(m.history)
        mine = m.turn == seat
        assert phone.legal == ([m.notation(x) for x in m.legal_moves()] if mine else [])
        assert phone.view["hand_sizes"] == [len(h) for h in m.hands]
        assert phone.view["boneyard"] == len(m.boneyard)
        assert phone.view["totals"] == m.totals
        assert not phone.problems and phone.refusal is None


@pytest.mark.parametrize("game,kinds", TABLES)
@pytest.mark.parametrize("seed", range(6))
def test_whole_rounds_are_played_through_messages(game, kinds, seed):
    room = Room(game, kinds, seed)
    names = iter(["Ann", "Bob", "Cy"])
    for i, k in enumerate(kinds):
        if k == P:
            room.join(f"phone-{i}", next(names))
    assert sorted(room.seat_phones()) == [i for i, k in enumerate(kinds) if k == P]
    check_phones(room)
    rounds = 0
    while rounds < 2 and not room.match.match_over:
        room.step()
        check_phones(room)
        if room.match.round_over:
            rounds += 1
            for phone in room.seat_phones().values():  # G10: every hand shown
                assert phone.view["shown"] == [[str(t) for t in h] for h in room.match.hands]
                assert phone.view["round_scores"][-1] == room.match.round_scores[-1]
    assert rounds == 2 or room.match.match_over
    assert len(room.host.log) == kinds.count(P)  # who took which seat, and nothing else
    assert all("took seat" in line for line in room.host.log)
    assert max(len(o.text) for o in room.sent) <= MAX_TO_DEVICE


@pytest.mark.parametrize("game,seats", [("mexican-train", 8), ("chicken-foot", 8),
                                        ("all-fives", 4)])
def test_a_whole_match_stays_under_the_cap(game, seats):
    """The longest state sent in a whole match (the most seats) is well under the cap:
    the log carries this round only."""
    room = Room(game, [P] + [C] * (seats - 1), seed=11)
    room.join("phone", "Ann")
    for _ in range(5_000):
        if room.match.match_over:
            break
        room.step()
    longest = max(len(o.text) for o in room.sent)
    assert longest <= MAX_TO_DEVICE // 3, longest
    assert room.host.state_text(0).count('"next"') <= 1


def test_the_last_move_and_whose_turn_are_public():
    room = Room("mexican-train", [P, P, C, C], seed=4)
    ann, bob = room.join("a", "Ann"), room.join("b", "Bob")
    while room.match.turn not in (0, 1):
        room.step()
    room.step()
    seat, move = room.match.history[-1][1], room.match.moves_played()[-1]
    for phone in (ann, bob):
        assert phone.last == [seat, move]
        assert phone.view["turn"] == room.match.turn
        assert [s["name"] for s in phone.seats] == ["Ann", "Bob", "", ""]
        assert [s["kind"] for s in phone.seats] == [P, P, C, C]


# ---- a device drops and comes back ---------------------------------------------------------
def play_until_turn_of(room: Room, seat: int) -> None:
    for _ in range(500):
        if room.match.turn == seat:
            return
        room.step()
    raise AssertionError(f"seat {seat} never came to move")


def test_a_dropped_device_rejoins_to_the_same_seat_and_the_game_as_it_is():
    room = Room("mexican-train", [P, C, P, C], seed=2)
    ann, bob = room.join("ann-1", "Ann"), room.join("bob", "Bob")
    for _ in range(7):
        room.step()
    kept = ann.keep()
    room.deliver(room.host.disconnect("ann-1", room.now))
    assert bob.seats[0]["here"] is False and bob.seats[0]["held"] is True
    assert room.host.waiting(room.now) == [(0, "Ann", 0.0)]
    assert room.host.devices() == {2: "bob"}
    play_until_turn_of(room, 0)  # the game goes on while she is away, up to her turn
    assert room.host.computer_turn() is None and room.host.waiting(room.now)[0][0] == 0
    # ...her phone reloads: a new link, the key kept
    back = room.phones["ann-2"] = HandClient.from_kept(json.loads(json.dumps(kept)))
    room.send("ann-2", back.rejoin())
    assert back.seat == 0 and back.token == kept["token"] and back.name == "Ann"
    assert back.hand == room.match.hands[0] and back.moves == len(room.match.history)
    assert back.view == json.loads(room.host.state_text(0))["view"]
    assert bob.seats[0]["here"] is True and room.host.waiting(room.now) == []
    check_phones(room)
    room.phones.pop("ann-1")
    for _ in range(10):
        room.step()
        check_phones(room)


def test_the_same_seat_from_another_device_takes_it_over():
    """The link reopened on a second device while the first still counts as here: the
    seat follows its key, and the first device is told it plays no seat now."""
    room = Room("chicken-foot", [P, C, C], seed=3)
    ann = room.join("ann-1", "Ann")
    other = room.phones["ann-2"] = HandClient.from_kept(ann.keep())
    room.send("ann-2", other.rejoin())
    assert room.host.devices() == {0: "ann-2"}
    assert ann.seat is None and ann.gone and ann.token == other.token  # the key still holds
    assert other.seat == 0 and other.hand == room.match.hands[0]
    out = room.send("ann-1", ann.sync())  # the first one hears only the table in public
    assert [json.loads(o.text)["type"] for o in out] == ["table"]


def test_a_device_gone_silent_counts_as_gone():
    room = Room("all-fives", [P, C], seed=1)
    room.join("ann", "Ann")
    room.now = SILENT_AFTER - 1
    room.send("ann", room.phones["ann"].ping())
    room.now += SILENT_AFTER - 1
    assert room.host.tick(room.now) == [] and room.host.devices() == {0: "ann"}
    room.now += 1
    room.host.tick(room.now)
    assert room.host.devices() == {} and room.host.waiting(room.now)[0][:2] == (0, "Ann")


# ---- the computer stands in ---------------------------------------------------------------------
def test_the_computer_is_offered_a_seat_after_the_wait_and_gives_it_back():
    room = Room("mexican-train", [P, P, C], seed=5, wait=30.0)
    ann, bob = room.join("ann", "Ann"), room.join("bob", "Bob")
    play_until_turn_of(room, 1)
    room.deliver(room.host.disconnect("bob", room.now))
    left = room.now
    assert room.host.computer_turn() is None  # the table waits for Bob
    assert room.host.waiting(room.now + 29) == [(1, "Bob", 29.0)]
    assert room.host.offers(room.now + 29) == []
    with pytest.raises(ValueError, match="not waiting"):
        room.host.stand_in(1, room.now + 29)
    room.now += 30
    assert room.host.offers(room.now) == [1]
    room.deliver(room.host.stand_in(1, room.now))
    assert ann.seats[1]["standin"] is True and room.host.waiting(room.now) == []
    assert room.host.computer_turn() == 1
    play_until_turn_of(room, 1)  # the computer plays Bob's turns...
    assert room.now > left
    before = room.snapshot()
    room.send("bob-2", HandClient.from_kept(bob.keep()).rejoin())  # ...until he is back
    assert room.host.seats[1].standin is False and room.host.computer_turn() is None
    move = room.match.legal_moves()[0]
    with pytest.raises(IllegalMove, match="not the computer's turn"):
        room.host.play_computer(1, move, room.now)  # a move it was still thinking of
    assert room.snapshot()[0] == before[0]


def test_a_seat_nobody_took_can_be_stood_in_for_and_taken_later():
    room = Room("all-fives", [P, P], seed=8, wait=0.0)
    room.join("ann", "Ann")
    assert room.host.waiting(5.0) == [(1, "seat 2", 5.0)]
    room.deliver(room.host.stand_in(1, 5.0))
    for _ in range(6):
        room.step()
    cy = room.join("cy", "Cy")
    assert cy.seat == 1 and room.host.seats[1].standin is False
    check_phones(room)


def test_leaving_frees_the_seat_and_its_key():
    room = Room("mexican-train", [P, C], seed=6)
    ann = room.join("ann", "Ann")
    token = ann.token
    room.send("ann", ann.leave())
    assert ann.seat is None and ann.token is None and "left" in ann.gone
    assert room.host.seats[0].held is False
    out = room.send("x", json.dumps({"v": 1, "type": "rejoin", "token": token}))
    assert "does not know your seat" in json.loads(out[0].text)["reason"]
    assert "not one of this table's" in room.host.log[-1]
    assert room.join("dee", "Dee").seat == 0


# ---- the table's save -------------------------------------------------------------------------
def test_the_seats_save_round_trips_and_rejoining_works_after_the_table_reloads():
    room = Room("chicken-foot", [P, C, C, P], seed=9, wait=45.0)
    ann, _bob = room.join("ann", "Ann"), room.join("bob", "Bob", seat=3)
    for _ in range(12):
        room.step()
    room.host.disconnect("bob", room.now)
    room.host.stand_in(3, room.now + 45)
    save, seats = bones.dumps(room.match), room.host.seats_save()
    again = TableHost.restore(bones.loads(save), seats, now=100.0)
    assert again.match == room.match and again.table == room.host.table and again.wait == 45.0
    assert [(s.kind, s.name, s.token, s.standin) for s in again.seats] == \
        [(s.kind, s.name, s.token, s.standin) for s in room.host.seats]
    assert again.devices() == {} and [w[0] for w in again.waiting(100.0)] == [0]
    turn = room.match.turn
    assert again.computer_turn() == (None if turn == 0 else turn)
    assert again.seats_save() == seats
    phone = HandClient.from_kept(ann.keep())
    for o in again.receive("ann-again", phone.rejoin(), now=101.0):
        phone.receive(o.text)
    assert phone.seat == 0 and phone.hand == room.match.hands[0]
    assert phone.view == json.loads(room.host.state_text(0))["view"]


def test_a_seats_save_that_does_not_fit_is_refused_in_plain_words():
    room = Room("all-fives", [P, C], seed=1)
    room.join("ann", "Ann")
    good = json.loads(room.host.seats_save())
    token = good["seats"][0]["token"]

    def changed(**kw):
        d = json.loads(json.dumps(good))
        for k, v in kw.items():
            if k in ("seat0", "seat1"):
                d["seats"][int(k[4:])].update(v)
            else:
                d[k] = v
        return json.dumps(d)

    bad = {
        changed(format="rally-dominoes"): "not a save of a table's seats",
        changed(version=2): "version 2",
        changed(table="../x"): "does not name its table",
        changed(wait=-1): "0 to 3600 seconds",
        changed(seats=good["seats"][:1]): "2 seats",
        changed(seat0={"token": "short"}): "not a seat key",
        changed(seat1={"token": token}): "a computer's, but has a key",
        changed(seat1={"kind": P, "name": "Bo", "token": token}): "the same key",
        changed(seat0={"name": ""}): "the name is empty",
        changed(seat0={"kind": "dog"}): "not a person's or a computer's",
        "[" * 40: "nested too deeply",
    }
    for text, words in bad.items():
        with pytest.raises(BadSave, match=words):
            TableHost.restore(room.match, text, now=0.0)
    assert TableHost.restore(room.match, json.dumps(good), now=0.0).seats[0].token == token


def test_a_late_arrival_gets_a_seat_between_rounds():
    room = Room("mexican-train", [P, C], seed=7)
    ann = room.join("ann", "Ann")
    with pytest.raises(IllegalMove):
        room.host.add_seat(P, room.now)  # G7: not while a round is played
    assert len(room.host.seats) == 2
    for _ in range(500):
        if room.match.round_over:
            break
        room.step()
    room.deliver(room.host.add_seat(P, room.now))
    assert room.match.seats == 3 and [s["held"] for s in ann.seats] == [True, False, False]
    cy = room.join("cy", "Cy")
    assert cy.seat == 2
    room.step()  # the table deals round 2, to three
    assert room.match.round_number == 2 and len(cy.hand) == len(room.match.hands[2]) > 0
    again = TableHost.restore(bones.loads(bones.dumps(room.match)), room.host.seats_save(), 9)
    assert [s.name for s in again.seats] == ["Ann", "", "Cy"]
    with pytest.raises(ValueError, match="a person's or a computer's"):
        room.host.add_seat("dog", room.now)
    with pytest.raises(ValueError, match="the name is empty"):
        room.host.add_seat(P, room.now, name="\u202e ")
    with pytest.raises(ValueError, match="0 to 3600 seconds"):
        room.host.set_wait(-5)
