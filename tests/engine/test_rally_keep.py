"""The official's event is never lost and a table's sheet lands only on its own players:
an entry or a merge that would make an event too large to open again is refused before
anything changes, a table's sheet is capped, every event has a random id (two made alike
in the same minute differ), a hand-out's players are checked when its sheet comes back
(a diverged copy of the event cannot put scores on other people), the CSV file keeps the
event's id, and saves made before all this load as they did. docs/rally.md."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from bones.rally import MAX_CHANGES, NO_SHOW, SCORING, Event, RallyError, loads
from bones.rally.device import state_at
from bones.rally.state import Replay, in_force
from bones.rally.sync import Merge, TableDevice, event_id, handout
from bones.rally.values import MAX_SHEET
from bones.rally.wire import decode, encode

HERE = Path(__file__).resolve().parent
MINUTE = "2026-05-01 10:00"  # every change made in the same minute


def event(clock=None) -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=4, clock=clock)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve", "Fay"])
    return ev


def table_view(ev: Event, t: str = "1") -> dict:
    return ev.state()["tables"][t]


def sheet_of(changes: list, hand: str) -> str:
    """A table's sheet with ``changes`` (as a table device writes them) for ``hand``."""
    h = decode(hand, "H")
    return encode("S", {"e": h["e"], "tb": h["tb"], "b": h["b"], "k": h["k"], "c": changes})


def undo_chain(n: int) -> list:
    """A sheet of ``n`` changes: round 1 entered, then undone, brought back, undone ..."""
    return [["e", 1, [0, 1, 2], [1, 2, 3]]] + [["u", i] for i in range(1, n)]


def fill(ev: Event, upto: int) -> None:
    """The official's own corrections until the event has ``upto`` changes."""
    if not ev.sheet(2)["rounds"][0]["entered"]:
        ev.enter_round(2, 1, [0, 0, 0])
    i = 0
    while ev.latest < upto:
        i += 1
        ev.correct(2, 1, "Dee", i % 500)


# ---- never too large to open again --------------------------------------------------------
def test_three_sheets_of_2000_changes_are_refused_in_words_and_the_event_still_opens():
    """Each of three hand-outs' sheets, 2,000 changes long, would take the event to 6,007
    changes: more than an event can be opened with. The sheet is refused; nothing changes."""
    ev = event()
    ev.add_table(["Gil", "Hu"])
    for t in ("1", "2", "3"):
        hand = handout(ev, t)
        seats = len(ev.seated(t, 1))
        sheet = sheet_of([["e", 1, list(range(seats)), [1] * seats]]
                         + [["u", i] for i in range(1, 2000)], hand)
        before = ev.dumps()
        with pytest.raises(RallyError, match=f"a sheet holds at most {MAX_SHEET}"):
            Merge(ev, sheet)
        assert ev.dumps() == before
    assert loads(ev.dumps()) == ev


def test_a_merge_past_the_events_limit_is_refused_before_anything_changes():
    ev = event()
    fill(ev, MAX_CHANGES - 100)
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    for i in range(150):
        dev.event.correct(1, 1, "Ann", i)
    before = ev.dumps()
    with pytest.raises(RallyError, match="The event is full: it holds at most 5,000 changes"):
        Merge(ev, dev.sheet())
    assert ev.dumps() == before
    assert loads(ev.dumps()).log == ev.log  # what is saved opens again


def test_a_merge_exactly_to_the_limit_is_taken_and_opens_again():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    dev.event.correct(1, 1, "Ann", 4)
    fill(ev, MAX_CHANGES - 3)  # the sheet's two changes and the record that it was read
    Merge(ev, dev.sheet()).apply()
    assert ev.latest == MAX_CHANGES
    assert loads(ev.dumps()) == ev
    with pytest.raises(RallyError, match="The event is full"):
        ev.correct(1, 1, "Bob", 9)
    with pytest.raises(RallyError, match="The event is full"):
        ev.undo()
    assert ev.latest == MAX_CHANGES


def test_an_entry_that_would_make_the_save_too_long_is_refused(monkeypatch):
    """The characters count as well as the changes: what is saved must load again."""
    import bones.rally.log_keeping as event_module
    from bones.rally import values

    ev = event()
    limit = len(ev.dumps()) + 300
    monkeypatch.setattr(event_module, "MAX_FILE", limit)
    monkeypatch.setattr(values, "MAX_FILE", limit)
    with pytest.raises(RallyError, match="The event is full"):
        for i in range(100):
            ev.add_table([f"Player {i} with a long name", "Another long name here"])
    assert len(ev.dumps()) <= limit
    monkeypatch.undo()
    assert loads(ev.dumps()) == ev


def test_a_table_device_keeps_its_sheet_within_the_cap():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    for i in range(MAX_SHEET - 1):
        dev.event.correct(1, 1, "Ann", i % 100)
    log = dev.event.log
    with pytest.raises(RallyError, match=f"This table's sheet is full \\({MAX_SHEET} changes"):
        dev.event.correct(1, 1, "Bob", 5)
    assert dev.event.log == log
    m = Merge(ev, dev.sheet())
    assert m.status == "clean"
    m.apply()
    assert table_view(ev) == table_view(dev.event)


def test_measure_the_largest_sheet_merging(capsys):
    """docs/rally.md's figures: the longest sheet a table can send, an undo chain (the
    slowest kind), merged into a small event and into one of 4,000 changes."""
    out = []
    for size in (0, 4000):
        ev = event()
        ev.add_table(["Gil", "Hu"])
        for t in range(4, 40):
            ev.add_table([f"A{t}", f"B{t}", f"C{t}", f"D{t}"])
        if size:
            fill(ev, size)
        text = sheet_of(undo_chain(MAX_SHEET), handout(ev, 1))
        t0 = time.perf_counter()
        m = Merge(ev, text)
        m.apply()
        out.append(f"{ev.latest - MAX_SHEET - 1} changes: {time.perf_counter() - t0:.2f} s")
        assert m.status == "clean" and loads(ev.dumps()) == ev
    with capsys.disabled():
        print(f"\n{MAX_SHEET}-change undo chain merged into an event of " + ", ".join(out))


# ---- a random id: two events alike are two events ----------------------------------------
def test_two_events_made_alike_in_the_same_minute_differ():
    a, b = event(clock=lambda: MINUTE), event(clock=lambda: MINUTE)
    assert a.log[0]["at"] == b.log[0]["at"] and a.state() == b.state()
    assert event_id(a) != event_id(b)
    dev = TableDevice.from_handout(handout(b, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    before = a.dumps()
    with pytest.raises(RallyError, match="another event"):
        Merge(a, dev.sheet())
    assert a.dumps() == before
    assert Merge(b, dev.sheet()).status == "clean"


def test_the_id_survives_json_and_csv():
    ev = event()
    assert loads(ev.dumps()).id == ev.id
    assert loads(ev.to_csv()).id == ev.id


# ---- a sheet belongs to one hand-out -------------------------------------------------------
def diverged() -> tuple[Event, Event]:
    """An event exported and restored on a second device, and both went on: each seats a
    table 3, different people, with the same change number."""
    ev = event()
    ev.enter_round(1, 1, [5, 5, 5])
    copy = loads(ev.dumps())
    assert copy.id == ev.id
    ev.add_table(["Gil", "Hu"])
    copy.add_table(["Xu", "Yan"])
    return ev, copy


def test_a_diverged_copys_sheet_is_refused_not_put_on_other_people():
    ev, copy = diverged()
    dev = TableDevice.from_handout(handout(copy, 3))
    dev.event.enter_round(3, 1, [40, 0])
    before = ev.dumps()
    with pytest.raises(RallyError, match="never had on this device .* Hand Table 3 out again"):
        Merge(ev, dev.sheet())
    assert ev.dumps() == before
    assert Merge(copy, dev.sheet()).status == "clean"  # its own copy takes it


def test_a_diverged_copys_sheet_for_a_renamed_table_is_refused():
    ev, copy = diverged()
    copy.rename(1, "Ann", "Annabel")
    dev = TableDevice.from_handout(handout(copy, 1))
    dev.event.enter_round(1, 2, [1, 2, 3])
    with pytest.raises(RallyError, match="never had on this device"):
        Merge(ev, dev.sheet())


def test_a_diverged_copys_sheet_for_a_table_both_have_alike_is_taken():
    """The same players at the same table, as handed out: their scores are theirs."""
    ev, copy = diverged()
    dev = TableDevice.from_handout(handout(copy, 2))
    dev.event.enter_round(2, 1, [7, 8, 9])
    m = Merge(ev, dev.sheet())
    assert m.status == "clean"
    m.apply()
    assert table_view(ev, "2") == table_view(dev.event, "2")


def test_a_sheet_with_a_changed_players_check_is_refused():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    body = decode(dev.sheet(), "S")
    body.pop("v")
    for k, msg in (("0123456789", "never had on this device"), ("XYZ", "damaged")):
        with pytest.raises(RallyError, match=msg):
            Merge(ev, encode("S", {**body, "k": k}))


def test_a_hand_out_made_before_players_checks_still_merges():
    ev = event()
    body = decode(handout(ev, 1), "H")
    body.pop("v")
    body.pop("k")
    dev = TableDevice.from_handout(encode("H", body))
    dev.event.enter_round(1, 1, [1, 2, 3])
    assert "k" not in decode(dev.sheet(), "S")
    m = Merge(ev, dev.sheet())
    assert m.status == "clean"
    m.apply()
    assert table_view(ev) == table_view(dev.event)


# ---- the CSV file keeps the event's id --------------------------------------------------------
def test_an_event_restored_from_csv_still_takes_an_outstanding_sheet():
    ev = event()
    one = TableDevice.from_handout(handout(ev, 1))
    one.event.enter_round(1, 1, [10, 0, 25])
    one.event.late_arrival(1, "Gus")
    Merge(ev, one.sheet()).apply()  # read once before the export
    ev.enter_round(2, 1, [1, 1, 1])
    two = TableDevice.from_handout(handout(ev, 2))  # handed out with its round 1
    two.event.enter_round(2, 2, [2, 2, 2])
    restored = loads(ev.to_csv())
    assert restored == ev and restored.id == ev.id
    one.event.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    for dev, t in ((one, "1"), (two, "2")):
        m = Merge(restored, dev.sheet())
        assert m.status == "clean", m.reason
        m.apply()
        assert table_view(restored, t) == table_view(dev.event, t)
        assert Merge(restored, dev.sheet()).status == "nothing"
    assert loads(restored.dumps()) == restored


def test_a_csv_without_an_id_makes_a_new_event_that_refuses_old_sheets():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    text = "\r\n".join(x for x in ev.to_csv().splitlines() if not x.startswith("id,"))
    restored = loads(text.replace("rally-dominoes-csv 2", "rally-dominoes-csv 1"))
    assert restored == ev and restored.id != ev.id
    with pytest.raises(RallyError, match="another event"):
        Merge(restored, dev.sheet())


# ---- saves made before ids ----------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((HERE / "rally_golden" / "before-ids").glob("*.json")),
                         ids=lambda p: p.name)
def test_a_save_made_before_ids_loads_as_it_did(path):
    import rally_golden

    text = path.read_text(encoding="utf-8").rstrip("\n")
    old = loads(text)
    assert old.dumps() == text  # written back byte for byte: no id is made up
    assert old == rally_golden.EVENTS[path.name.split(".")[0]]()
    assert len(old.id) == 10 and loads(text).id == old.id  # its id: the hash, as before
    assert loads(old.to_csv()).id == old.id


# ---- undo replays from snapshots: the same states as replaying everything -----------------------
def test_undo_and_redo_anywhere_give_what_a_full_replay_gives():
    for seed in range(12):
        rng = random.Random(seed)
        ev = event()
        for step in range(400):
            roll = rng.random()
            try:
                if roll < 0.25:
                    t = rng.choice(["1", "2"])
                    nxt = ev.next_round(t)
                    if nxt:
                        ev.enter_round(t, nxt, [rng.randint(0, 40)] * len(ev.seated(t, nxt)))
                elif roll < 0.5:
                    t = rng.choice(["1", "2"])
                    ev.correct(t, rng.randint(1, 4), rng.randint(1, 3), rng.randint(0, 40))
                elif roll < 0.6:
                    ev.late_arrival(rng.choice(["1", "2"]), f"Late {step}")
                else:
                    ev.undo(rng.randint(2, ev.latest))
            except RallyError:
                pass
            if step % 50 == 0 or step == 399:
                full = Replay()
                for c in in_force(ev.log):
                    if c["op"] != "undo":
                        full.apply(c)
                assert ev._s == full.s, (seed, step)
                n = rng.randint(1, ev.latest)
                assert ev.state_before(n) == state_at(ev.log, n), (seed, step, n)
        assert loads(ev.dumps()) == ev
        assert json.loads(ev.dumps())["log"] == ev.log


# ---- the scoring's edition ----------------------------------------------------------------------
def test_a_new_event_carries_the_scoring_edition_it_was_made_under():
    ev = event()
    assert ev.log[0]["scoring"] == SCORING == ev.scoring
    assert loads(ev.dumps()).scoring == SCORING and loads(ev.to_csv()).scoring == SCORING


@pytest.mark.parametrize("path", sorted((HERE / "rally_golden" / "before-scoring")
                                        .glob("*.json")), ids=lambda p: p.name)
def test_an_event_saved_without_an_edition_is_scored_by_the_first(path):
    text = path.read_text(encoding="utf-8").rstrip("\n")
    old = loads(text)
    assert old.scoring == 1 and old.dumps() == text  # written back as it was


def test_a_later_scoring_edition_leaves_the_saved_events_as_they_were(monkeypatch):
    import bones.rally.event
    import bones.rally.state

    before = event()
    saved = before.dumps()
    monkeypatch.setattr(bones.rally.event, "SCORING", 2)
    monkeypatch.setattr(bones.rally.state, "SCORING", 2)
    monkeypatch.setattr(bones.rally.state, "SCORINGS", (1, 2))
    again = loads(saved)
    assert again.scoring == 1 and again.dumps() == saved and again.standings() == \
        before.standings()
    assert event().scoring == 2  # only an event made now is scored by the new edition


@pytest.mark.parametrize("edition, msg", [
    (SCORING + 1, f"edition {SCORING + 1} of the scoring; this scorekeeper knows editions 1 "
                  f"to {SCORING} \\(it was made by a newer version\\)"),
    ("1", "has a bad 'scoring'"), (True, "has a bad 'scoring'"),
])
def test_an_event_of_an_unknown_scoring_edition_is_refused(edition, msg):
    data = json.loads(event().dumps())
    data["log"][0]["scoring"] = edition
    with pytest.raises(RallyError, match=msg):
        loads(json.dumps(data))


def test_a_table_sheet_saved_before_editions_still_matches_its_hand_out():
    ev = event()
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    data = json.loads(dev.dumps())
    del data["event"]["log"][0]["scoring"]
    back = TableDevice.loads(json.dumps(data))
    assert back.event.scoring == 1 and back.event.log == data["event"]["log"]
