"""Your statistics (bones.stats) over kept games, checked against figures worked out
here independently: by replaying each game's save and reading every round's end."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from bones import archive
from bones.playback import Replay
from bones.stats import statistics
from records_play import GAMES, finished, play_random

LEVELS = ("easy", "normal", "hard")


def _record(seed: int, which, seats: int, done: bool, you: int, people: int = 1) -> dict:
    game, preset = which
    if game == "all-fives":
        seats = min(seats, 4)
    g = finished(game, preset, seats, seed) if done else \
        play_random(game, preset, seats, seed, rounds=2, max_moves=150)
    rng = random.Random(seed)
    you %= g.seats
    humans = {you} | set(rng.sample([s for s in range(g.seats) if s != you], people - 1))
    ps = [{"name": f"P{s}", "kind": "human" if s in humans else "computer",
           "level": rng.choice(LEVELS)} for s in range(g.seats)]
    return archive.make_record(g, ps, date=f"2025-{seed % 12 + 1:02d}-{seed % 28 + 1:02d}")


def _expected(records: list[dict]) -> dict:
    """The statistics worked out from the saves alone, keyed by game and sheet."""
    out = {}
    for rec in sorted(records, key=lambda r: r["date"]):
        people = [s for s, p in enumerate(rec["players"]) if p["kind"] == "human"]
        if len(people) != 1:
            continue
        you = people[0]
        r = Replay(rec["save"])
        final = r.final
        low = final.lower_wins
        e = out.setdefault((rec["game"], rec["sheet"]), {
            "games": 0, "won": 0, "abandoned": 0, "scores": [], "out": 0,
            "levels": defaultdict(lambda: [0, 0, 0, 0, 0, 0]), "chart": []})
        sides = getattr(final, "sides", range(final.seats))
        foes = [c for c, p in enumerate(rec["players"])
                if p["kind"] == "computer" and sides[c] != sides[you]]
        mine = []
        for rd in r.rounds():
            if rd.end is None:
                continue
            end = r.at(rd.end)
            row = end.round_scores[-1]
            if you >= len(row) or row[you] is None:
                continue
            mine.append(row[you])
            e["out"] += end.out == you
            for c in foes:
                if c < len(row) and row[c] is not None:
                    lv = e["levels"][rec["players"][c]["level"]]
                    lv[3] += 1
                    lv[4] += row[you] < row[c] if low else row[you] > row[c]
                    lv[5] += row[you] > row[c] if low else row[you] < row[c]
        e["scores"] += mine
        if not final.match_over:
            e["abandoned"] += 1
            continue
        t = final.totals
        best = min(t) if low else max(t)
        e["games"] += 1
        e["won"] += t[you] == best
        for c in foes:
            lv = e["levels"][rec["players"][c]["level"]]
            lv[0] += 1
            lv[1] += t[you] < t[c] if low else t[you] > t[c]
            lv[2] += t[you] > t[c] if low else t[you] < t[c]
        e["chart"].append((rec["id"], t[you], t[you] == best))
    return out


@settings(max_examples=12, deadline=None)
@given(games=st.lists(st.tuples(st.integers(0, 10**5), st.sampled_from(GAMES),
                                st.integers(2, 4), st.booleans(), st.integers(0, 3),
                                st.sampled_from([1, 1, 1, 2])), min_size=1, max_size=7))
def test_the_statistics_match_the_games_played(games):
    records = [_record(*g) for g in games]
    got = {(s["game"], s["sheet"]): s for s in statistics(records)}
    want = _expected(records)
    assert set(got) == set(want)
    for key, e in want.items():
        s = got[key]
        low = s["lower_wins"]
        assert (s["games"], s["won"], s["abandoned"], s["out"]) == \
            (e["games"], e["won"], e["abandoned"], e["out"])
        assert s["rounds"] == len(e["scores"])
        if e["scores"]:
            assert s["average"] == sum(e["scores"]) / len(e["scores"])
            assert s["best"] == (min if low else max)(e["scores"])
        else:
            assert s["average"] is None and s["best"] is None
        levels = {lv: [v["games"], v["won"], v["lost"], v["rounds"], v["rounds_won"],
                       v["rounds_lost"]] for lv, v in s["levels"].items()}
        assert levels == dict(e["levels"])
        assert [(c["id"], c["total"], c["won"]) for c in s["chart"]] == e["chart"]


def test_games_with_two_people_or_another_name_are_not_yours():
    one = _record(1, ("mexican-train", "gs-mt"), 3, True, 0)
    two = _record(2, ("mexican-train", "gs-mt"), 3, True, 0, people=2)
    assert [s["games"] for s in statistics([one, two])] == [1]
    assert statistics([one], name="p0")[0]["games"] == 1  # a name in any case
    assert statistics([one], name="Someone else") == []
    assert statistics([two]) == []


def test_house_rules_are_counted_apart_from_the_sheet():
    a = _record(3, ("all-fives", "gs-af"), 2, True, 0)
    b = dict(_record(4, ("all-fives", "gs-af"), 2, True, 0),
             house={"name": "Fast fives", "options": {"target": 40}})
    got = statistics([a, b])
    assert [(s["sheet"], s["house"], s["games"]) for s in got] == \
        [("gs-af", None, 1), ("gs-af", "Fast fives", 1)]
