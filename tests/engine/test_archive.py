"""The kept games (bones.archive): records made from matches, a collection bounded in
size and versioned, a damaged entry left out with a clear message while the rest
survive, and export and import through the guarded entry."""

from __future__ import annotations

import doctest
import json

import pytest

import bones
from bones import archive
from bones.errors import BadData
from bones.playback import Replay
from records_play import GAMES, finished, play_random


def players(n: int, you: int = 0, level: str = "hard") -> list[dict]:
    return [{"name": "You", "kind": "human", "level": "normal"} if s == you else
            {"name": f"Ann {s}", "kind": "computer", "level": level} for s in range(n)]


def record(seed: int, game: str = "mexican-train", preset: str = "gs-mt", seats: int = 3,
           date: str | None = None, done: bool = True) -> dict:
    g = finished(game, preset, seats, seed) if done else \
        play_random(game, preset, seats, seed, rounds=1)
    return archive.make_record(g, players(g.seats), date=date or f"2025-06-{seed % 28 + 1:02d}")


def test_the_modules_examples_hold():
    assert doctest.testmod(archive).failed == 0


@pytest.mark.parametrize("which", GAMES)
def test_a_record_replays_to_the_game_and_summarises_its_sheet(which):
    game, preset = which
    g = finished(game, preset, 3, 21)
    rec = archive.make_record(g, players(g.seats), date="2025-06-01T14:05")
    assert rec["house"] is None  # played by the sheet as printed
    assert rec["ended"] == "finished" and rec["game"] == game and rec["sheet"] == preset
    assert Replay(rec["save"]).final == g
    sm = rec["summary"]
    assert sm["totals"] == g.totals and sm["over"] and len(sm["rounds"]) == g.round_number
    assert sm["places"][min(range(g.seats), key=lambda s: g.totals[s]
                            if g.lower_wins else -g.totals[s])] == 1
    assert rec["id"] == archive.game_id(g.to_json())
    assert archive.read_record(json.loads(json.dumps(rec))) == rec


def test_a_game_left_part_way_is_kept_as_abandoned_and_an_unplayed_one_is_not_worth_it():
    g = bones.new_game("all-fives", seats=2, seed=1)
    assert not archive.worth_keeping(g)
    g.play(g.legal_moves()[0])
    assert archive.worth_keeping(g)
    assert archive.make_record(g, players(2), date="2025-06-01")["ended"] == "abandoned"


@pytest.mark.parametrize("change,words", [
    (lambda p: p[1].update(name=""), "no name"),
    (lambda p: p[1].update(name="\u202eevil"), "no name"),
    (lambda p: p[1].update(name="x" * 21), "no name"),
    (lambda p: p[1].update(level="expert"), "person or a computer"),
    (lambda p: p.pop(), "a player for each"),
    (lambda p: p[0].update(colour="red"), "colour"),
])
def test_a_record_with_strange_players_is_refused(change, words):
    g = play_random("all-fives", "gs-af", 3, 2, rounds=1)
    ps = players(3)
    change(ps)
    with pytest.raises((ValueError, BadData), match=words):
        archive.make_record(g, ps, date="2025-06-01")
    with pytest.raises(ValueError, match="no date"):
        archive.make_record(g, players(3), date="yesterday")


def test_the_collection_survives_storage_and_newest_come_first():
    kept = archive.empty()
    recs = [record(s, date=f"2025-06-{s:02d}") for s in (1, 2, 3)]
    for rec in recs:
        kept, dropped = archive.add(kept, rec)
        assert dropped == []
    back, problems = archive.loads(archive.dumps(kept))
    assert back == kept and problems == []
    assert [r["id"] for r in archive.listing(back)] == [r["id"] for r in recs[::-1]]
    row = archive.listing(back)[0]
    assert row["names"][0] == "You" and row["rounds"] == 2 and row["ended"] == "finished"
    again, dropped = archive.add(kept, recs[1])  # the same game again: replaced, not doubled
    assert len(again["games"]) == 3 and again["games"][0]["id"] == recs[1]["id"]
    assert archive.find(kept, recs[0]["id"]) == recs[0] and archive.find(kept, "0" * 16) is None
    assert archive.remove(kept, [recs[0]["id"]])["games"] == recs[:0:-1]
    assert archive.remove(kept)["games"] == []


def test_the_collection_stays_within_its_budget_dropping_the_oldest():
    recs = [record(s, date=f"2025-07-{s:02d}") for s in range(1, 9)]
    budget = sum(len(archive.dumps(r)) for r in recs[-3:]) + 200
    kept, gone = archive.empty(), []
    for rec in recs:
        kept, dropped = archive.add(kept, rec, budget=budget)
        gone += dropped
        assert archive.size(kept) <= budget and kept["games"][0] is rec
    assert [r["id"] for r in kept["games"]] == [r["id"] for r in recs[::-1][:len(kept["games"])]]
    assert gone == [r["id"] for r in recs[:len(gone)]]  # oldest first
    assert len(kept["games"]) + len(gone) == len(recs)
    big, dropped = archive.add(kept, recs[0], budget=10)  # too big alone: kept, all else goes
    assert [r["id"] for r in big["games"]] == [recs[0]["id"]] and len(dropped) == 3


def test_a_finished_game_takes_a_few_thousand_characters():
    g = finished("mexican-train", "gs-mt", 4, 1)  # two rounds (records_play.SHORT)
    size = len(archive.dumps(archive.make_record(g, players(4), date="2025-06-01")))
    per_round = size / g.round_number
    assert per_round < 3000, per_round
    # so the budget holds more than 40 games of 13 rounds
    assert archive.BUDGET / (13 * per_round) > 40


def _damage(text: str, i: int, change) -> str:
    data = json.loads(text)
    change(data["games"][i])
    return json.dumps(data)


@pytest.mark.parametrize("change,words", [
    (lambda r: r["summary"].pop("totals"), "score sheet"),
    (lambda r: r["summary"]["totals"].append(3), "score sheet is damaged"),
    (lambda r: r["summary"].update(out=["x"]), "score sheet is damaged"),
    (lambda r: r["summary"]["rounds"][0].__setitem__(0, "12"), "score sheet is damaged"),
    (lambda r: r["players"][0].update(kind="ghost"), "person or a computer"),
    (lambda r: r.update(date=5), "no date"),
    (lambda r: r.update(id=None), "no id"),
    (lambda r: r.update(save="moves"), "no save"),
    (lambda r: r.update(ended="maybe"), "neither finished nor abandoned"),
    (lambda r: r.update(extra=1), "extra"),
])
def test_a_damaged_entry_is_left_out_with_a_clear_message_and_the_rest_survive(change, words):
    kept = archive.empty()
    for s in (1, 2, 3):
        kept, _ = archive.add(kept, record(s, date=f"2025-06-{s:02d}", done=False))
    text = _damage(archive.dumps(kept), 1, change)
    back, problems = archive.loads(text)
    assert [r["id"] for r in back["games"]] == [kept["games"][0]["id"], kept["games"][2]["id"]]
    assert len(problems) == 1 and problems[0].startswith("kept game 2") and words in problems[0]
    assert archive.listing(back)  # what is left is read without a fault


@pytest.mark.parametrize("text,words", [
    ("not json", "the kept games"),
    ("[" * 100 + "]" * 100, "nested too deeply"),
    ('{"format": "something-else", "version": 1, "games": []}', "not a collection"),
    ('{"format": "rally-dominoes-games", "version": 9, "games": []}', "another version"),
    (None, "the kept games"),
])
def test_storage_that_is_no_collection_raises_a_clear_error(text, words):
    with pytest.raises(BadData, match=words):
        archive.loads(text)


def test_export_and_import_on_another_device():
    here = archive.empty()
    recs = [record(s, date=f"2025-06-{s:02d}") for s in (4, 5, 6)]
    for rec in recs:
        here, _ = archive.add(here, rec)
    there, done = archive.import_games(archive.empty(), archive.export(here))
    assert there == here and done.added == [r["id"] for r in here["games"]]
    assert done.words() == "3 games added."
    again, done = archive.import_games(there, archive.export(here, [recs[0]["id"]]))
    assert again == there and done.added == [] and done.already == [recs[0]["id"]]
    name = archive.export_name(recs[0], "2025-07-01")
    assert name == "rally-dominoes-mexican-train-2025-06-04.json"
    assert archive.export_name(3, "2025-07-01T10:00") == "rally-dominoes-3-games-2025-07-01.json"


def test_an_import_refuses_a_bad_game_alone_and_recomputes_what_a_file_claims():
    here = archive.empty()
    for s in (7, 8, 9):
        here, _ = archive.add(here, record(s, date=f"2025-06-{s:02d}"))
    data = json.loads(archive.export(here))
    data["games"][0]["save"]["moves"][2] = "13-13@9"  # a tile that is not there
    data["games"][1]["summary"]["totals"] = [0, 0, 0]  # a claim the moves do not bear out
    data["games"][1]["id"] = "f" * 16
    data["games"][2]["game"] = "all-fives"
    mine = archive.add(archive.empty(), record(10, "all-fives", "gs-af", 2))[0]
    out, done = archive.import_games(mine, json.dumps(data))
    assert len(done.refused) == 2 and "game 1 of the file" in done.refused[0]
    assert "game 3 of the file says it is all-fives" in done.refused[1]
    assert len(done.added) == 1
    got = archive.find(out, done.added[0])
    assert got["id"] == here["games"][1]["id"] and got["summary"] == here["games"][1]["summary"]
    assert mine["games"][0] in out["games"]
    assert "2 games could not be read" in done.words()


def test_an_import_never_pushes_out_a_game_already_kept():
    mine, _ = archive.add(archive.empty(), record(11, date="2025-01-01"))
    other = archive.empty()
    for s in (12, 13):
        other, _ = archive.add(other, record(s, date=f"2025-06-{s:02d}"))
    budget = archive.size(mine) + len(archive.dumps(other["games"][0])) + 10
    out, done = archive.import_games(mine, archive.export(other), budget=budget)
    assert done.no_room == 1 and len(done.added) == 1 and mine["games"][0] in out["games"]
    assert "1 game left out: no room" in done.words()
    assert archive.size(out) <= budget


@pytest.mark.parametrize("text,words", [
    ("x" * (archive.MAX_FILE + 1), "far too large"),
    ('{"games": []}', "not a file of Rally Dominoes games"),
    ('{"format": "rally-dominoes-games", "version": 2, "games": []}', "another version"),
    ('{"format": "rally-dominoes-games", "version": 1, "games": [], "owner": "Ann"}',
     "holds something this game does not know \\('owner'\\): a file of past games holds "
     "only its format, version and games"),
])
def test_a_bad_file_changes_nothing_and_says_why(text, words):
    mine, _ = archive.add(archive.empty(), record(14))
    before = archive.dumps(mine)
    with pytest.raises(BadData, match=words):
        archive.import_games(mine, text)
    assert archive.dumps(mine) == before


def test_an_imports_house_rules_are_made_again_from_its_save_not_taken_from_its_claim():
    from bones.house import HouseRules

    plain = record(15, date="2025-06-15")
    h = HouseRules("Sun Lakes Tuesday", "gs-mt", {"rounds": 1})
    g = bones.new_game("mexican-train", seats=2, seed=16, house=h)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    housed = archive.make_record(g, players(2), date="2025-06-16")
    assert housed["house"] == {"name": "Sun Lakes Tuesday", "options": {"rounds": 1}}
    data = json.loads(archive.export({"games": [plain, housed]}))
    data["games"][0]["house"] = {"name": "Big Rig rules", "options": {"rounds": 2}}
    data["games"][1]["house"] = {"name": "Big Rig rules", "options": {}}
    mine = archive.add(archive.empty(), record(17, date="2025-06-17"))[0]
    out, done = archive.import_games(mine, json.dumps(data))
    assert len(done.added) == 2 and not done.refused
    assert archive.find(out, plain["id"])["house"] is None  # a claim of rules never played
    assert archive.find(out, housed["id"])["house"] == housed["house"]  # their own rules
    assert [r["house"] for r in archive.listing(out)].count("Big Rig rules") == 0
    assert mine["games"][0] in out["games"]
