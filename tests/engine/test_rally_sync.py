"""Tables that keep their own sheets (bones.rally.sync, bones.rally.wire): the payloads
round trip, hand-outs rebuild the table with the event's rules (G7 late arrivals, G10
no-shows), sheets merge once and only once, a table the official also changed is shown
side by side, and hostile payloads are refused in words. Rule IDs: docs/rules.md."""

from __future__ import annotations

import json
import random
import zlib

import pytest
import segno

from bones.qrtext import b45decode, b45encode
from bones.rally import NO_SHOW, Event, RallyError, loads
from bones.rally.sync import Merge, TableDevice, event_id, handout
from bones.rally.wire import decode, encode, read_round_code, round_code

NAMES = ["Margaret", "Bob Jr.", "Consuela", "Dee Dee", "Evelyn R.", "Frank", "Gus O'Neil",
         "Henrietta"]


def event(rounds: int = 4) -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=rounds)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve", "Fay"])
    return ev


def table_view(ev: Event, t: str = "1") -> dict:
    return ev.state()["tables"][t]


def totals(ev: Event, t: str = "1") -> list[tuple[str, int]]:
    return [(p["name"], p["total"]) for p in ev.sheet(t)["players"]]


# ---- the words on the wire --------------------------------------------------------------------
def test_base45_round_trips_any_bytes():
    rng = random.Random(5)
    for n in [0, 1, 2, 3, 255, 256, 1001]:
        data = bytes(rng.randrange(256) for _ in range(n))
        text = b45encode(data)
        assert set(text) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
        assert b45decode(text) == data
    assert b45encode(b"AB") == "BB8"  # RFC 9285's own example


def test_payload_round_trip_and_prefix():
    body = {"x": [1, "Zoë 🎲", None]}
    text = encode("S", body)
    assert text.startswith("RDS1:")
    assert decode(text, "S") == {"v": 1, **body}


@pytest.mark.parametrize("text, msg", [
    ("https://example.com/", "not from Rally Dominoes"),
    ("RDH1:" + b45encode(zlib.compress(b'{"v":1}')), "a table's hand-out, not a table's sheet"),
    ("RDS9:ABC", "version 9; this page reads version 1 .update the page"),
    ("RDS1:abc", "damaged"),
    ("RDS1:" + b45encode(zlib.compress(b'{"v":1}'))[:-2], "damaged"),
    ("RDS1:" + b45encode(b"not zlib at all"), "damaged"),
    ("RDS1:" + b45encode(zlib.compress(b"[" * 5000 + b"]" * 5000)), "nest|deep"),
    ("RDS1:" + b45encode(zlib.compress(b" " * 4_000_000, 9)), "damaged|too large"),
    ("RDS1:" + "0" * 9000, "far too long"),
    ("RDS1:" + b45encode(zlib.compress(b'{"v":2}')), "not a table's sheet"),
    (None, "not a table's sheet"),
])
def test_hostile_payloads_are_refused_in_words(text, msg):
    with pytest.raises(RallyError, match=msg):
        decode(text, "S")


def test_a_round_code_round_trips_and_its_check_catches_slips():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 8)
        pts = [NO_SHOW if rng.random() < 0.1 else rng.randint(0, 200) for _ in range(n)]
        t, r = str(rng.randint(1, 40)), rng.randint(1, 13)
        code = round_code(t, r, pts)
        assert read_round_code(code) == (t, r, pts)
        assert read_round_code(" " + code.replace("-", " ") + " ") == (t, r, pts)
        parts = code.split("-")
        # one number misheard
        i = rng.randrange(len(parts) - 1)
        if parts[i] != "N":
            bad = parts.copy()
            bad[i] = str(int(parts[i]) + rng.randint(1, 9))
            with pytest.raises(RallyError, match="does not check out"):
                read_round_code("-".join(bad))
        # two neighbouring scores swapped
        j = rng.randrange(2, len(parts) - 2)
        if parts[j] != parts[j + 1]:
            bad = parts.copy()
            bad[j], bad[j + 1] = bad[j + 1], bad[j]
            with pytest.raises(RallyError, match="does not check out"):
                read_round_code("-".join(bad))


@pytest.mark.parametrize("text", ["", "hello", "2-3", "N-3-1-2-40", "2-3-1-2-3-4-5-6-7-8-9-10",
                                  "1-1-1000-2-50", None])
def test_a_malformed_round_code_is_refused(text):
    with pytest.raises(RallyError):
        read_round_code(text)


# ---- hand-out ---------------------------------------------------------------------------
def test_a_hand_out_rebuilds_the_table_with_its_late_arrival_G7_and_no_show_G10():
    ev = event()
    ev.enter_round(1, 1, [10, 0, 25])
    ev.late_arrival(1, "Hal")  # G7: joins at round 2 with 25
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    ev.rename(1, "Cy", "Cyrus")
    dev = TableDevice.from_handout(handout(ev, 1))
    assert dev.table == "1" and dev.title == ev.title
    assert table_view(dev.event) == table_view(ev)
    assert totals(dev.event) == totals(ev)
    assert dev.event.tables() == ["1"]  # that table only
    assert dev.event.rules.game == "mexican-train" and dev.event.preset == "gs-mt"
    # what came with the hand-out is the official's to change
    with pytest.raises(RallyError, match="ask the official"):
        dev.event.undo(2)
    with pytest.raises(RallyError, match="nothing to undo"):
        dev.event.undo()
    assert not any(h["can_undo"] for h in dev.event.history())


def test_a_playoff_is_not_handed_out():
    ev = Event.create("Spring Samboree", "mexican-train", "st-mt", rounds=1)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve", "Fay"])
    ev.enter_round(1, 1, [1, 2, 3])
    ev.enter_round(2, 1, [4, 5, 6])
    p = ev.create_playoff(first_double=12, rounds=1)
    with pytest.raises(RallyError, match="playoff"):
        handout(ev, p)


def test_all_fives_hands_out_games_not_doubles():
    ev = Event.create("Fives night", "all-fives", rounds=2)
    ev.add_table(["Ann", "Bob"])
    ev.enter_round(1, 1, [150, 95])
    dev = TableDevice.from_handout(handout(ev, 1))
    assert table_view(dev.event) == table_view(ev)
    assert dev.event.state()["doubles"] == [None, None]


def test_a_table_device_saves_and_loads_exactly_and_refuses_a_tampered_save():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1), clock=lambda: "2026-11-26 10:00")
    dev.event.enter_round(1, 1, [5, 0, 7])
    back = TableDevice.loads(dev.dumps())
    assert back.event.log == dev.event.log and back.sheet() == dev.sheet()
    data = json.loads(dev.dumps())
    data["event"]["log"][1]["players"][0] = "Mallory"  # the hand-out's part changed
    with pytest.raises(RallyError, match="does not match its hand-out"):
        TableDevice.loads(json.dumps(data))
    with pytest.raises(RallyError):
        TableDevice.loads('{"format": "rally-dominoes-event"}')


# ---- merging ----------------------------------------------------------------------------
def test_a_sheet_merges_once_and_the_standings_follow_G11():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    dev.event.late_arrival(1, "Hal")
    dev.event.enter_round(1, 2, {"Ann": 3, "Bob": NO_SHOW, "Cy": 0, "Hal": 12})
    sheet = dev.sheet()
    m = Merge(ev, sheet)
    assert m.status == "clean" and len(m.words()["theirs"]) == 3
    assert ev.tables() == ["1", "2"] and ev.sheet(1)["players"][0]["total"] == 0
    m.apply()
    assert table_view(ev) == table_view(dev.event)
    assert ev.standings()["rows"][0]["name"] == "Dee"  # 0 points so far beats them all
    log = ev.log
    again = Merge(ev, sheet)  # the same sheet twice changes nothing
    assert again.status == "nothing" and again.apply() == 0 and ev.log == log
    assert "from Table 1's device" in ev.history()[-2]["text"]


def test_a_later_sheet_adds_only_what_is_new_and_an_older_one_nothing():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    first = dev.sheet()
    dev.event.correct(1, 1, "Ann", 11)
    dev.event.enter_round(1, 2, [1, 2, 3])
    second = dev.sheet()
    Merge(ev, second).apply()
    n = len(ev.log)
    assert Merge(ev, first).status == "nothing"  # out of order: already in
    assert len(ev.log) == n
    dev.event.undo()  # the table takes back round 2
    third = dev.sheet()
    m = Merge(ev, third)
    assert m.status == "clean" and len(m.new) == 1
    m.apply()
    assert table_view(ev) == table_view(dev.event)
    assert 2 not in ev.sheet(1)["rounds"][1] or not ev.sheet(1)["rounds"][1]["entered"]


def test_the_official_changing_the_table_too_is_shown_side_by_side():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    Merge(ev, dev.sheet()).apply()
    ev.correct(1, 1, "Cy", 20)  # the official's own change
    dev.event.enter_round(1, 2, [4, 5, 6])
    m = Merge(ev, dev.sheet())
    assert m.status == "conflict"
    cy = next(r for r in m.rows if r["name"] == "Cy")
    assert cy["official"][:2] == [20, None] and cy["table"][:2] == [25, 6]
    assert cy["rounds"] == [1, 2]
    assert m.words()["own"] == ["Table 1, round 1: Cy corrected to 20"]
    state = ev.state()
    keep_mine = Merge(ev, dev.sheet())
    keep_mine.apply("official")  # nothing silently overwritten: the official's stays
    assert ev.state() == state
    assert Merge(ev, dev.sheet()).status == "nothing"
    assert "the official's own entries kept" in ev.history()[-1]["text"]


def test_keeping_the_tables_sheet_undoes_the_officials_change_in_the_history():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    Merge(ev, dev.sheet()).apply()
    ev.correct(1, 1, "Cy", 20)
    dev.event.enter_round(1, 2, [4, 5, 6])
    Merge(ev, dev.sheet()).apply("table")
    assert table_view(ev) == table_view(dev.event)
    texts = [h["text"] for h in ev.history()]
    assert any(t.startswith("Undo of change") and "Cy corrected to 20" in t for t in texts)


def test_a_round_typed_from_its_code_then_the_sheet_is_no_conflict():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, NO_SHOW, 25])
    t, r, pts = read_round_code(dev.round_code(1))
    ev.enter_round(t, r, pts)  # the official typed it in
    dev.event.enter_round(1, 2, [1, 2, 3])
    m = Merge(ev, dev.sheet())
    assert m.status == "clean"
    m.apply()
    assert table_view(ev) == table_view(dev.event)


def test_a_different_round_typed_by_the_official_is_a_conflict():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    ev.enter_round(1, 1, [10, 0, 52])
    m = Merge(ev, dev.sheet())
    assert m.status == "conflict" and "already entered" in m.reason
    assert [r["name"] for r in m.rows] == ["Cy"]
    m.apply("table")
    assert table_view(ev) == table_view(dev.event)


def test_a_late_arrival_at_the_table_scores_on_the_officials_sheet_G7():
    ev = event()
    ev.enter_round(1, 1, [10, 0, 25])
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.late_arrival(1, "Hal")
    dev.event.enter_round(1, 2, [1, 2, 3, 4])
    dev.event.rename(1, "Hal", "Hal B.")
    dev.event.no_show(1, 2, "Hal B.")
    Merge(ev, dev.sheet()).apply()
    hal = ev.sheet(1)["players"][3]
    assert hal["name"] == "Hal B." and hal["start"] == 25  # G7: the highest total
    assert ev.sheet(1)["rounds"][1]["entered"]
    assert totals(ev) == totals(dev.event)


def test_a_sheet_from_another_event_or_a_changed_one_is_refused():
    ev, other = event(), event()
    other.add_table(["Zed", "Yul"])
    dev = TableDevice.from_handout(handout(other, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    if event_id(other) != event_id(ev):
        with pytest.raises(RallyError, match="another event"):
            Merge(ev, dev.sheet())
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    body = decode(dev.sheet(), "S")
    for bad in (["e", 1, [0, 1, 9], [1, 2, 3]], ["u", 5], ["e", 1, [0, -4, 2], [1, 2, 3]],
                ["z"], ["l", "x" * 500, 2], "e"):
        tampered = encode("S", {**{k: v for k, v in body.items() if k != "v"}, "c": [bad]})
        with pytest.raises(RallyError, match="damaged"):
            Merge(ev, tampered)
    wrong = encode("S", {**{k: v for k, v in body.items() if k != "v"}, "tb": "7"})
    with pytest.raises(RallyError, match="table this event does not have"):
        Merge(ev, wrong)


def test_an_event_with_table_sheets_saves_and_loads_exactly():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    Merge(ev, dev.sheet()).apply()
    data = ev.to_json()
    assert data["version"] == 3  # its first change carries the event's id
    back = loads(ev.dumps())
    assert back.log == ev.log and back == ev
    for made, version in ((ev, 2), (event(), 1)):  # made before ids: written as before
        old = made.to_json()
        del old["log"][0]["id"]
        old["version"] = version
        assert loads(json.dumps(old)).to_json() == old
    data["log"][-1]["via"] = ["1", "x", 1]
    with pytest.raises(RallyError, match="table sheet reference"):
        loads(json.dumps(data))


def test_random_table_play_with_random_syncs_ends_equal():
    """Property: whatever the table does and whenever it is scanned, once the official has
    its last sheet the two sheets are the same, and nothing is added twice."""
    for seed in range(30):
        rng = random.Random(seed)
        ev = event(rounds=5)
        dev = TableDevice.from_handout(handout(ev, 1))
        e = dev.event
        for _ in range(rng.randint(3, 25)):
            roll = rng.random()
            try:
                nxt = e.next_round(1)
                if roll < 0.45 and nxt:
                    e.enter_round(1, nxt, [NO_SHOW if rng.random() < 0.1 else
                                           rng.randint(0, 60) for _ in e.seated(1, nxt)])
                elif roll < 0.55 and nxt:
                    e.late_arrival(1, f"Late {rng.randint(1, 99)}")
                elif roll < 0.7:
                    e.undo()
                elif roll < 0.8 and nxt and nxt > 1:
                    r = rng.randint(1, nxt - 1)
                    e.correct(1, r, rng.choice(e.seated(1, r)), rng.randint(0, 60))
                elif roll < 0.85:
                    e.rename(1, rng.randint(1, len(e.sheet(1)["players"])),
                             f"P{rng.randint(1, 999)}")
            except RallyError:
                pass
            if rng.random() < 0.3:
                m = Merge(ev, dev.sheet())
                assert m.status in ("clean", "nothing"), (seed, m.reason)
                m.apply()
        m = Merge(ev, dev.sheet())
        m.apply()
        assert table_view(ev) == table_view(dev.event), seed
        assert Merge(ev, dev.sheet()).status == "nothing"
        assert loads(ev.dumps()) == ev


def test_mutated_payloads_never_raise_anything_but_a_refusal():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [10, 0, 25])
    texts = {"S": dev.sheet(), "H": handout(ev, 2)}
    rng = random.Random(3)
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
    for _ in range(400):
        kind = rng.choice("SH")
        t = list(texts[kind])
        for _ in range(rng.randint(1, 4)):
            t[rng.randrange(5, len(t))] = rng.choice(alphabet)
        text = "".join(t)
        try:
            if kind == "S":
                Merge(ev, text)
            else:
                TableDevice.from_handout(text)
        except RallyError:
            pass
    # bodies that decode but are nonsense
    for body in ({"e": 1}, {"e": "0" * 10, "t": "x", "g": "chess"}, {"s": [[1, 2, 3]]},
                 {"e": "abcdefabcd", "t": "T", "g": "mexican-train", "p": "gs-mt", "d": [9],
                  "tb": "1", "b": 2, "s": [["2.1", "A", 1], ["2.1", "B", 1]], "r": []},
                 {"e": "abcdefabcd", "t": "T", "g": "mexican-train", "p": "nope", "d": [9],
                  "tb": "1", "b": 2, "s": [["2.1", "A", 1], ["2.2", "B", 1]], "r": []}):
        with pytest.raises(RallyError):
            TableDevice.from_handout(encode("H", body))


def test_a_full_table_fits_one_qr_code():
    """8 players over 13 rounds, names included, in one code a phone reads off a
    screen at arm's length. Level M; measured here, written in docs/rally.md."""
    rng = random.Random(1)
    ev = Event.create("Spring Samboree 2026", "mexican-train", "gs-mt", rounds=13,
                      first_double=12)
    ev.add_table(NAMES)
    hand = handout(ev, 1)
    dev = TableDevice.from_handout(hand)
    for r in range(1, 14):
        dev.event.enter_round(1, r, [0 if i == r % 8 else rng.randint(1, 120)
                                     for i in range(8)])
    sheet = dev.sheet()
    for text in (hand, sheet):
        q = segno.make(text, error="m", micro=False)
        assert q.mode == "alphanumeric"
        assert q.version <= 13, (len(text), q.version)
    assert Merge(ev, sheet).status == "clean"
