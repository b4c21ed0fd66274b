"""Computer players: legal at every level, fair (no peeking), sensible."""

from __future__ import annotations

import json
import random
import re
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones import ai
from bones.ai import af_playout
from bones.ai import chicken as aicf
from bones.ai import mexican as aimt
from bones.ai.levels import why_only
from bones.ai.policy import DEFAULT
from bones.moves import DRAW, JOIN, NEXT, PLAY
from bones.tiles import full_set, parse_tile, tile
from invariants import reshuffle_hidden
from mtdeals import mt

GAMES = [("mexican-train", "gs-mt", 4), ("mexican-train", "st-mt", 3),
         ("mexican-train", "wc-mt", 4)]
for _name, _preset, _n in (("chicken-foot", "gs-cf", 4), ("all-fives", None, 2),
                           ("all-fives", None, 3)):
    if _name in bones.GAMES and _name in ai.levels.POLICIES:
        GAMES.append((_name, _preset, _n))


def tiles(text: str) -> list:
    return [parse_tile(x) for x in text.split()]


def random_position(game: str, preset: str | None, seats: int, seed: int, steps: int):
    g = bones.new_game(game, seats=seats, preset=preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.round_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("game,preset,seats", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_every_level_plays_legal_moves(game, preset, seats, seed, steps):
    g = random_position(game, preset, seats, seed, steps)
    if g.round_over:
        return
    legal = g.legal_moves()
    for level in ai.LEVELS:
        m = ai.choose(g, g.turn, level, seed=seed, worlds=2)
        assert m in legal


@pytest.mark.parametrize("game,preset,seats", GAMES)
def test_levels_play_whole_rounds(game, preset, seats):
    g = bones.new_game(game, seats=seats, preset=preset, seed=11)
    levels = (["easy", "normal", "hard"] * 3)[:seats]
    n = 0
    while not g.round_over and n < 600:
        s = g.turn
        g.play(ai.choose(g, s, levels[s], seed=n, worlds=2))
        n += 1
    assert g.round_over


def mt_stacked(hands: list[str], **options):
    return mt(hands, **options)


@pytest.mark.parametrize("game,preset,seats", GAMES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 50))
def test_fairness_hidden_tiles_do_not_change_the_choice(game, preset, seats, seed, steps):
    """Whatever the hidden tiles are, a seat with the same observation makes the same
    choice at the same seed, at every level (and gets the same hint)."""
    g = random_position(game, preset, seats, seed, steps)
    if g.round_over:
        return
    s = g.turn
    h = reshuffle_hidden(g, s, random.Random(seed))
    assert g.observation(s) == h.observation(s)
    for lv in ai.LEVELS:
        assert ai.choose(g, s, lv, seed=seed, worlds=4) == ai.choose(h, s, lv, seed=seed,
                                                                    worlds=4)
    assert ai.hint(g, s) == ai.hint(h, s)


def test_fairness_same_observation_strictly():
    """Two games whose observations for seat 0 are identical (log included) but whose
    hidden tiles differ: same choice for every level."""
    own = [str(t) for t in tiles("9-4 4-2 2-11 12-12 12-1 7-3 6-6 10-0 8-5 3-3 11-1 5-0")]
    rest = [str(t) for t in full_set(12) if str(t) not in own and t != tile(9, 9)]
    games = []
    for k in range(2):
        r = rest[:] if k == 0 else rest[::-1]
        g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=5, deal={
            "hands": [own, r[0:12], r[12:24], r[24:36]], "boneyard": r[36:], "first": 0})
        games.append(g)
    a, b = games
    assert a.observation(0) == b.observation(0)
    assert a.hands[1] != b.hands[1]
    for lv in ai.LEVELS:
        assert ai.choose(a, 0, lv, seed=4, worlds=8) == ai.choose(b, 0, lv, seed=4, worlds=8)
        assert ai.hint(a, 0).reason == ai.hint(b, 0).reason


def test_best_chain_is_longest_then_heaviest():
    hand = tiles("9-4 4-2 2-11 11-12 4-8 8-1 5-5")
    chain = aimt.best_chain(hand, 9)
    assert [str(t) for t in chain] == ["9-4", "4-2", "11-2", "12-11"]
    assert aimt.best_chain(tiles("9-1 9-2 2-3"), 9) == tiles("9-2 2-3")


def test_normal_goes_out():
    g = mt_stacked(["9-4", "1-1 2-2", "3-3 4-4", "5-5 6-6"])
    for lv in ("easy", "normal"):
        assert g.notation(ai.choose(g, 0, lv)) in ("9-4@0", "9-4@M")
    assert "go out" in ai.hint(g, 0).reason


def test_normal_closes_its_open_train():
    hand = "9-1 1-12 9-8 0-0 10-10"
    g = mt_stacked([hand, "2-2 3-3 4-4 5-5 2-0", "6-6 7-7 8-8 3-1 3-0",
                    "11-11 12-12 4-1 4-0 5-1"])
    g.markers = (True, False, False, False)  # as if seat 0 had passed earlier
    g._legal = None
    m = ai.choose(g, 0, "normal")
    assert m.target == 0, g.notation(m)
    h = ai.hint(g, 0)
    assert "closes your train" in h.reason


def test_normal_dumps_an_orphan_on_the_mexican_train():
    # 9-1 1-2 is the chain for seat 0's train; 9-12 does not belong to it.
    hand = "9-1 1-2 9-12 0-0"
    g = mt_stacked([hand, "2-2 3-3 4-4 5-5", "6-6 7-7 8-8 3-1", "11-11 12-12 4-1 4-0"])
    m = ai.choose(g, 0, "normal")
    assert g.notation(m) == "12-9@M"
    h = ai.hint(g, 0)
    assert h.notation == "12-9@M" and "21 points" in h.reason
    # the page names the move itself, so its hint line takes the reason without it
    assert h.reason.startswith("Play 12-9 on ")
    why = why_only(h.reason)
    assert why[0].isupper() and "12-9" not in why and "21 points" in why


def test_why_only_keeps_a_reason_that_does_not_start_with_the_move():
    assert why_only("Draw: none of your tiles fits.") == "None of your tiles fits."
    assert why_only("It is the only move you have.") == "It is the only move you have."
    assert why_only("Start the next round.") == "Start the next round."
    assert why_only("Knock: you are about to play down.") == "You are about to play down."


@pytest.mark.parametrize("game,preset,seats", [x for x in GAMES if x[0] != "all-fives"])
def test_reasons_read_as_plain_english(game, preset, seats):
    """Every reason Normal gives in whole rounds counts in words: "1 point", "no tile
    that fits", never "1 points" or "tile(s)"."""
    import re

    bad = re.compile(r"\(s\)|\b1 (points|tiles)\b|\b0 tiles?\b")
    seen = 0
    for seed in range(6):
        g = bones.new_game(game, seats=seats, preset=preset, seed=seed)
        pol = ai.levels.policy_for(g)
        rng = random.Random(seed)
        while not g.round_over:
            legal = g.legal_moves()
            for s in pol.normal(g, g.observation(g.turn), legal, rng):
                assert not bad.search(s.reason), s.reason
                seen += 1
            g.play(ai.choose(g, g.turn, "normal", seed=seed))
    assert seen > 100


@pytest.mark.parametrize("game,preset,seats", GAMES)
def test_hint_and_json_entry(game, preset, seats):
    g = random_position(game, preset, seats, 5, 7)
    if g.round_over:
        return
    s = g.turn
    h = ai.hint(g, s)
    assert h.move in g.legal_moves() and h.reason and h.notation == g.notation(h.move)
    hh = ai.hint(g, s, "hard", worlds=3)
    assert hh.move in g.legal_moves() and hh.reason
    text = bones.dumps(g)
    note = ai.choose_from_json(text, s, "normal", 1)
    assert g.parse(note) in g.legal_moves()
    d = ai.hint_from_json(text, s)
    assert json.dumps(d) and d["move"] == h.notation


def test_hard_respects_a_time_budget_option_and_worlds():
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=2)
    a = ai.choose(g, g.turn, "hard", seed=1, worlds=5)
    b = ai.choose(g, g.turn, "hard", seed=1, worlds=5)
    assert a == b
    assert ai.choose(g, g.turn, "hard", seed=1, budget_ms=20) in g.legal_moves()


def test_wrong_seat_and_level_are_refused():
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=2)
    with pytest.raises(ValueError):
        ai.choose(g, (g.turn + 1) % 4, "normal")
    with pytest.raises(ValueError):
        ai.choose(g, g.turn, "genius")


def test_arena_small_run_rotates_seats():
    from bones.ai.arena import run

    res = run("mexican-train", "gs-mt", ["normal", "easy", "easy", "easy"], 8, 1,
              progress=False)
    assert res["rounds"] == 8
    assert res["levels"]["normal"]["seat_rounds"] == 8
    assert res["levels"]["easy"]["seat_rounds"] == 24


def test_tuning_is_frozen_and_a_setting_changes_only_in_a_copy():
    """The computer players' settings are one frozen value: a setting is tried on a copy
    (``with_``: ``dataclasses.replace`` at its path), the default stays as it was, and a
    path that names no setting is refused."""
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT.search.top = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT.mexican.hard.model_tries = 0
    t = DEFAULT.with_("mexican.hard.model_tries", 0)
    assert t.mexican.hard.model_tries == 0 and DEFAULT.mexican.hard.model_tries == 30
    assert t.mexican.hard.budget_ms == DEFAULT.mexican.hard.budget_ms
    assert t.chicken == DEFAULT.chicken and t != DEFAULT
    assert DEFAULT.with_text("search.margin=1.5").search.margin == 1.5
    assert DEFAULT.with_text("chicken.shun_slack=None").chicken.shun_slack is None
    for bad in ("mexican.nothing=1", "search.top.deeper=1", "nothing=1"):
        with pytest.raises(ValueError, match="no setting"):
            DEFAULT.with_text(bad)
    with pytest.raises(ValueError, match="literal"):
        DEFAULT.with_text("search.top=three")


def test_arena_plays_by_the_tuning_it_is_given(tmp_path, capsys):
    """The arena hands its ``Tuning`` to every level: with ``search.top`` 1 Hard has a
    single candidate, so it plays Normal's move everywhere and every round ends as it
    does with Normal in its chair; with the default it plays otherwise. ``--set``
    applies a setting the same way and the run says which."""
    from bones.ai import arena

    seats = ["hard", "normal", "normal", "normal"]
    args = ("mexican-train", "gs-mt")
    one = DEFAULT.with_("search.top", 1)
    as_normal = arena.run(*args, seats, 4, 3, worlds=8, progress=False, tuning=one)
    normal = arena.run(*args, ["normal"] * 4, 4, 3, worlds=8, progress=False)
    hard = arena.run(*args, seats, 4, 3, worlds=8, progress=False)
    scores = [r["scores"] for r in normal["records"]]
    assert [r["scores"] for r in as_normal["records"]] == scores
    assert [r["scores"] for r in hard["records"]] != scores
    assert as_normal["config"]["tuning"] == {"search.top": 1}
    assert "tuning" not in hard["config"]
    out = tmp_path / "run.json"
    assert arena.main(["--seats", ",".join(seats), "--preset", "gs-mt", "--rounds", "4",
                       "--seed", "3", "--worlds", "8", "--set", "search.top=1",
                       "--json", str(out)]) == 0
    assert "search.top = 1" in capsys.readouterr().out
    got = json.loads(out.read_text())
    assert [r["scores"] for r in got["records"]] == scores
    with pytest.raises(SystemExit, match="no setting"):
        arena.main(["--rounds", "1", "--set", "search.nothing=1"])


@pytest.mark.parametrize("game,preset,seats,count", [
    ("chicken-foot", "gs-cf", ["normal", "easy", "easy", "easy"], 12),
    ("all-fives", None, ["normal", "easy"], 4)])
def test_arena_duplicate_plays_every_deal_with_each_level_in_every_chair(
        game, preset, seats, count, monkeypatch):
    """--duplicate: each deal is played once per rotation with the same tiles, so each
    level meets it in every chair; the intervals are taken over the deals."""
    from bones.ai import arena

    kept = []
    real = arena.summarize
    monkeypatch.setattr(arena, "summarize",
                        lambda g, s, recs: kept.extend(recs) or real(g, s, recs))
    res = arena.run(game, preset, seats, count, 1, progress=False, duplicate=True)
    n = len(seats)
    assert len(kept) == count and res["deals"] == count // n
    by_deal: dict = {}
    for rec in kept:
        by_deal.setdefault(rec["deal"], []).append(rec)
    for recs in by_deal.values():
        assert len(recs) == n and len({r["hands"] for r in recs}) == 1
        assert sorted(r["levels"].index("normal") for r in recs) == list(range(n))
    assert "each played in every rotation" in arena.report(game, seats, res)
    # two runs on the same deals compare deal by deal
    again = arena.run(game, preset, seats, count, 1, progress=False, duplicate=True)
    assert arena.paired(again["records"], res["records"], "normal")["diff"] == 0
    if game == "chicken-foot":
        worse = [dict(r, scores=[x + 3 * (lv == "normal") for x, lv in
                                 zip(r["scores"], r["levels"])]) for r in again["records"]]
        p = arena.paired(worse, res["records"], "normal")
        assert p["n"] == count and p["diff"] == pytest.approx(3.0)
    other_seed = arena.run(game, preset, seats, count, 2, progress=False, duplicate=True)
    with pytest.raises(ValueError, match="same seed"):
        arena.paired(other_seed["records"], res["records"], "normal")
    # a rotation dealt other tiles is caught
    recs = [dict(r) for r in res["records"]]
    arena._check_duplicates(recs)
    recs[1]["hands"] = "not the same"
    with pytest.raises(RuntimeError, match="not dealt the same"):
        arena._check_duplicates(recs)


def test_all_fives_normal_takes_a_fifteen():
    """In positions where a play scores 15 or more, Normal scores, but for the odd play
    that shuts the next player out instead (they must draw), and its hint says so."""
    from bones.ai import allfives as aiaf

    seen = passed_up = 0
    for seed in range(60):
        g = bones.new_game("all-fives", seats=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if g.round_over:
                break
            s = g.turn
            plays = [m for m in g.legal_moves() if m.kind == "play"]
            lay = g.observation(s)["layout"]
            best = max((aiaf._score(aiaf._ends_after(lay, m.tile, m.target)[0])
                        for m in plays), default=0)
            if best >= 15:
                m = ai.choose(g, s, "normal", seed=1)
                c = g.clone()
                c.play(m)
                why = ai.hint(g, s).reason
                if c.totals[s] > g.totals[s]:
                    assert "score" in why or "go out" in why or len(plays) == 1
                else:
                    assert "must draw" in why, (seed, g.notation(m), why)
                    passed_up += 1
                seen += 1
            g.play(rng.choice(g.legal_moves()))
    assert seen >= 20 and passed_up <= seen // 10, (seen, passed_up)


def test_hard_weighs_normals_best_plays_and_never_drawing():
    """Hard's candidates: the legal plays in Normal's order, up to the tuning's
    ``search.top``; drawing instead of playing (legal in GS-MT) is never one."""
    from bones.ai import search

    hand = "9-1 9-2 9-3 9-4 9-5 9-6 9-7 1-1"
    g = mt_stacked([hand, "2-2 3-3 4-4 5-5", "6-6 7-7 8-8 3-1", "11-11 12-12 4-1 4-0"])
    legal = sorted(g.legal_moves(), key=ai.levels.move_key)
    assert any(m.kind == "draw" for m in legal)
    pol = ai.levels.policy_for(g, DEFAULT.with_("search.top", 3))
    ranked = pol.normal(g, g.observation(0), legal, random.Random(1))
    plays = [x.move for x in ranked if x.move.kind == "play"]
    cands = search.candidates(pol, ranked)
    assert len(plays) > 3 and cands == plays[:3] and cands[0] == ranked[0].move
    every = search.candidates(ai.levels.policy_for(g), ranked)
    assert every == plays[:DEFAULT.search.top] and len(every) > 3


def test_hard_outcome_counts_winning_the_round():
    g = bones.new_game("chicken-foot", seats=4, preset="gs-cf", seed=3)
    n = 0
    while not g.round_over:
        g.play(ai.choose(g, g.turn, "easy", seed=n))
        n += 1
    row = g.round_scores[-1]
    pol = ai.levels.policy_for(g)
    for s in range(4):
        bonus = pol.tu.win_bonus / row.count(min(row)) if row[s] == min(row) else 0.0
        assert pol.outcome(g, s) == -row[s] + bonus


def test_hard_search_stops_when_one_move_is_clearly_best():
    """Successive elimination: with a fixed number of worlds the search is
    reproducible, and it may stop early once a single candidate is left."""
    from bones.ai import search

    g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=4)
    s = g.turn
    legal = sorted(g.legal_moves(), key=ai.levels.move_key)
    obs = g.observation(s)
    pol = ai.levels.policy_for(g)
    ranked = pol.normal(g, obs, legal, random.Random(0))
    a = search.pimc(g, s, obs, ranked, random.Random(5), pol, worlds=64)
    b = search.pimc(g, s, obs, ranked, random.Random(5), pol, worlds=64)
    assert a == b and 1 <= a.worlds <= 64 and a.move in legal


def test_all_fives_counter_reply_sees_my_next_score():
    """The 2-ply term: with no tile the next player could hold, my expected next score
    is my best score on the ends I leave."""
    from bones.ai import allfives as aiaf

    opens = {0: (5, 5), 1: (3, 3)}  # ends 5 and 3: count 8
    mine = tiles("3-2 6-6")  # 3-2 on the 3: 5 + 2 = 7; on the 5 none; 6-6 fits nowhere
    assert aiaf._counter(8, opens, [], mine, 0.5) == 0
    mine = tiles("5-2 3-0")  # 5-2 on the 5: 2 + 3 = 5; 3-0 on the 3: 5 + 0 = 5
    assert aiaf._counter(8, opens, [], mine, 0.5) == 5
    # A next player who surely holds 5-5 (scores 10 + 3 = 13: no) or 3-4 ... : a tile that
    # changes the ends lowers or raises my expectation; never above my best reply overall.
    ev = aiaf._counter(8, opens, tiles("3-4"), mine, 1.0)
    assert 0 <= ev <= 10


@pytest.mark.parametrize("spinner", ["first", "every", "none"])
def test_all_fives_normal_sees_the_ends_a_play_leaves_as_the_engine_does(spinner):
    """Normal's estimate of the table after a play (``_ends_after``) is the engine's:
    the open ends and the count (A4), a spinner's two sides opening once both its ends
    are played on (A5; with one spinner, every double a spinner, or none), over every
    play of random positions. A double led is the one case kept apart: its sides are
    marked as costing nothing when covered, since the other side then shows both
    halves; the next test checks what that gives."""
    from bones.ai import allfives as aiaf

    checked = spinner_opens = 0
    for seed in range(50):
        g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=seed,
                           options={"spinner": spinner})
        rng = random.Random(seed)
        for _ in range(60):
            if g.round_over:
                break
            lay = g.observation(g.turn)["layout"]
            for m in g.legal_moves():
                if m.kind != "play" or (lay["root"] is None and m.tile.hi == m.tile.lo):
                    continue
                count, opens = aiaf._ends_after(lay, m.tile, m.target)
                c = g.clone()
                c.play(m)
                after = c.layout()
                assert count == after["count"]
                assert opens == {a: (arm["end"], arm["counts"])
                                 for a, arm in enumerate(after["arms"]) if arm["open"]}
                checked += 1
                if lay["root"] is not None:
                    spinner_opens += len(opens) > len([a for a in lay["arms"] if a["open"]])
            g.play(rng.choice(g.legal_moves()))
    assert checked > 1500
    assert spinner_opens > 10 if spinner != "none" else spinner_opens == 0


def test_all_fives_normal_counts_a_double_led_as_the_engine_does():
    """After a double is led, the next tile on it scores with the double's both halves
    (A4, A5: 6-6 then 6-3 counts 12 + 3 = 15, as the engine counts it). Normal's
    estimate of the next player's reply (``_best_reply``) and of the count after it
    (``_place``, its 2-ply look) follow that; they once counted 6 + 3."""
    from bones.ai import allfives as aiaf

    count, opens = aiaf._ends_after({"root": None}, tile(6, 6), -1)
    assert count == 12
    assert aiaf._best_reply(count, opens, tiles("6-3 6-1 5-4")) == [15, 0, 0]
    for side in (0, 1):
        assert aiaf._place(count, opens, tile(6, 3), side)[0] == 15
    # and the 2-ply look counts at the lead too: after 5-5 led and nothing the next
    # player can hold, 5-0 scores 10 on my next turn
    count, opens = aiaf._ends_after({"root": None}, tile(5, 5), -1)
    ctx = {"unseen_n": [0] * 7, "need": 250, "ahead": 0, "drawable": 0, "opp_n": 7}
    f = aiaf.play_features(tile(5, 5), count, opens, tiles("5-0 6-6"), [], [], ctx)
    assert f["pts"] == 10 and f["counter"] == 10
    g = bones.new_game("all-fives", seats=2, preset="gs-af",
                       deal={"hands": ["6-6 0-0 0-1 0-2 0-3 0-4 0-5".split(),
                                       "6-3 6-1 1-1 1-2 1-3 1-4 1-5".split()],
                             "leader": 0})
    for t in (tile(6, 6), tile(6, 3)):
        g.play(next(m for m in g.legal_moves() if m.kind == "play" and m.tile == t))
    assert g.layout()["count"] == 15


def test_mexican_train_unfinished_play_out_is_scored_by_the_hand():
    """A Mexican Train play-out cut short (``search.MAX_STEPS``) is scored by the hand:
    tiles outside the own train's chain count ``eval_orphan_w``, the chain's tiles
    ``eval_chain_w``."""
    pol = aimt.MexicanTrainPolicy()
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=5)
    sim = g.clone(keep_history=False)
    rng = random.Random(1)
    for _ in range(20):
        sim._push(pol.fast(sim, rng))
    assert not sim.round_over  # 20 moves do not end this GS-MT round
    s = g.turn
    hand = sim.hands[s]
    chain = aimt.best_chain(hand, sim.end_of(s), cap=600)
    cp = sum(t.hi + t.lo for t in chain)
    hp = sum(t.hi + t.lo for t in hand)
    v = pol.outcome(sim, s)
    assert v == -((hp - cp) * pol.tu.eval_orphan_w + cp * pol.tu.eval_chain_w)
    assert -hp <= v <= 0


def test_all_fives_draws_tell_what_the_next_player_lacks():
    """A2 (draw until you can play): a seat that draws holds none of the open ends, the
    tiles it drew and could not play do not hold them either, and the tile it plays after
    drawing is the last one drawn; A7 (pass): none of the ends. ``known_counts`` reads
    this from the public log only, and its bounds hold for the real hands."""
    from bones.ai import allfives as aiaf

    bad = informed = 0
    for seed in range(40):
        g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=seed)
        rng = random.Random(seed)
        while not g.round_over:
            s = g.turn
            o = 1 - s
            obs = g.observation(s)
            kc = aiaf.known_counts(obs, o)
            informed += bool(kc)
            for x, c in kc.items():
                real = sum(1 for u in g.hands[o] if x in (u.hi, u.lo))
                bad += real > c
            lk = aiaf.lacks(g, obs)
            assert not any(x in (u.hi, u.lo) for u in g.hands[o] for x in lk[o])
            g.play(ai.choose(g, s, "easy", rng=rng))
    assert bad == 0 and informed > 50
    # A stacked hand: seat 1 cannot follow the 6-5 lead, draws, then plays what it drew.
    held = tiles("6-5 1-1 0-0 2-1 6-0")
    rest = [f"{t.hi}-{t.lo}" for t in bones.tiles.full_set(6) if t not in held]
    g = bones.new_game("all-fives", seats=2, seed=1, deal={
        "hands": [["6-5", "1-1"], ["0-0", "2-1"]], "boneyard": ["6-0", *rest],
        "leader": 0})
    g.play("6-5@C")
    g.play("draw")  # 6-0: it fits
    g.play("6-0@E")
    kc = aiaf.known_counts(g.observation(0), 1)
    assert kc[6] == 0 and kc[5] == 0  # its other tiles lacked 6 and 5
    assert aiaf.hold_chances(g.observation(0), 1, tiles("6-6 5-5 3-3 4-3"))[tiles("5-5")[0]] == 0


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_chicken_foot_light_play_out_is_the_engine_play_out(seed):
    """Hard's Chicken Foot play-outs run on a light copy of the state (ai/chicken.py
    ``playout``); they must end exactly as the engine's play-out with the same fast
    policy: the same outcome for every legal move in sampled worlds, all round long,
    and the world itself left unchanged."""
    g = bones.new_game("chicken-foot", seats=4, preset="gs-cf", seed=seed,
                       options={"first_double": 12 - seed % 13})
    rng = random.Random(seed)
    checked = 0
    while not g.round_over:
        checked += len(_light_play_outs_match(g, aicf.ChickenFootPolicy(), rng))
        g.play(ai.choose(g, g.turn, "normal", rng=rng))
    assert checked > 20


def _light_play_outs_match(g, pol, rng) -> list:
    """In a world sampled for the seat to play, ``pol.playout`` must give every legal
    move exactly the engine's play-out outcome and leave the world unchanged; the
    engine's finished play-outs, one a move."""
    from bones.ai.levels import move_key
    from bones.ai.search import rollout

    s = g.turn
    w = pol.worlds(g, s, g.observation(s))(rng)
    before = bones.dumps(w)
    sims = []
    for m in sorted(g.legal_moves(), key=move_key):
        sim = w.clone(keep_history=False)
        sim._push(m)
        rollout(sim, pol, random.Random(1))
        assert pol.playout(w, s, m, 1) == pol.outcome(sim, s), m
        sims.append(sim)
    assert bones.dumps(w) == before
    return sims


def test_bench_ai_counts_the_worlds_of_each_hard_search():
    """``bench-ai``'s worlds column: every Hard search is counted, never more worlds than
    asked for, and the search function is put back afterwards."""
    from bones.ai import benchai, levels

    real = levels.pimc
    seen: list = []
    g = random_position("chicken-foot", "gs-cf", 4, 5, 0)
    calls = 0
    with benchai.counting_worlds(seen):
        while not g.round_over and not any(n for n, _t in seen):
            many = len(g.legal_moves()) > 1
            m = ai.choose(g, g.turn, "hard", worlds=12)
            calls += many
            g.play(m)
    assert levels.pimc is real
    assert len(seen) == calls  # one search per real choice (forced moves need none)
    # the search that had moves to weigh sampled worlds: all 12, or 8 when a move was
    # clearly best at the first check (search.prune_every)
    assert any(DEFAULT.search.prune_every <= n <= 12 for n, _t in seen)
    assert all(0 <= n <= 12 and t > 0 for n, t in seen)


def test_bench_ai_gives_a_game_its_own_budget(monkeypatch, capsys):
    """``--game-budget-ms chicken-foot=400`` (the page's hard_ms, app.game.games_ui) times that
    game's Hard at 400 ms and the others at ``--budget-ms``."""
    from bones.ai import benchai

    asked: dict = {}

    def fake(game, preset, seats, level, moves, budget_ms, seed=1, when=None, worlds=None):
        asked[game] = budget_ms
        return [1.0]

    monkeypatch.setattr(benchai, "measure", fake)
    benchai.main(["--levels", "hard", "--budget-ms", "300",
                  "--game-budget-ms", "chicken-foot=400"])
    assert asked["chicken-foot"] == 400 and asked["mexican-train"] == 300
    assert asked["all-fives"] == 300
    assert "Chicken Foot" in capsys.readouterr().out


def test_all_fives_play_outs_prefer_a_play_the_next_player_cannot_follow():
    """Hard's All Fives play-outs (``fast``): the biggest score, but a play that leaves
    the next player nothing to follow (A2: they must draw) counts ``fast_lock`` points."""
    from dataclasses import replace

    tu = DEFAULT.allfives

    hands = ["6-0 5-0 4-4 5-2 6-5 3-1 3-2", "3-0 0-0 6-6 2-0 3-3 1-0 4-3"]
    used = {t for h in hands for t in tiles(h)}
    deal = {"hands": [h.split() for h in hands], "leader": 1,
            "boneyard": [str(t) for t in full_set(6) if t not in used]}
    g = bones.new_game("all-fives", seats=2, seed=1, deal=deal)
    g.play(next(m for m in g.legal_moves() if g.notation(m) == "2-0@C"))  # ends 2 and 0
    assert tu.fast_lock > 5
    pick = af_playout.fast(g, random.Random(0), tu)
    assert g.notation(pick) == "5-0@W"  # ends 2 and 5: seat 1 holds neither
    after = g.clone()
    after.play(pick)
    assert [m.kind for m in after.legal_moves()] == ["draw"]
    unlocked = replace(tu, fast_lock=0.0)
    # scores 5 (ends 5 and 0)
    assert g.notation(af_playout.fast(g, random.Random(0), unlocked)) == "5-2@E"


def test_all_fives_normal_terms_for_the_race_and_the_game_score():
    """The terms of ``play_features``: tiles that can no longer join
    (their numbers all out, fitting no end), the chance the next player's reply wins
    them the game (A8: the game stops at the target), a next player down to one tile,
    and the terms that only count once the boneyard is done."""
    from bones.ai import allfives as aiaf

    t = tile(5, 0)
    opens = {0: (5, 5), 1: (0, 0)}  # after 5-0 on a 0 end: ends 5 and 0, count 5
    rest = tiles("6-6 4-1 2-2")
    theirs = tiles("5-5 0-3")  # 5-5 on the 5: 10 + 0 = 10; 0-3 on the 0: 5 + 3 = 8
    unseen = tiles("5-5 0-3 1-3 3-3")  # no 6, 2 or 4 left unseen, one 1
    ctx = {"unseen_n": aiaf.number_counts(unseen), "need": 10, "ahead": 50, "drawable": 3,
           "opp_n": 2}
    f = aiaf.play_features(t, 5, opens, rest, theirs, [0.5, 0.5], ctx)
    assert f["pts"] == 5
    assert f["orphan"] == 2  # 6-6 and 2-2: nothing unseen joins them, no end fits
    assert f["thin"] == 3  # and 4-1: one unseen tile (1-3) joins it
    assert f["deaddouble"] == 2
    assert f["lose"] == pytest.approx(0.5)  # 5-5 scores 10, what they need, held half the time
    assert f["lockpass"] == 0 and f["late_shed"] == 0  # tiles left to draw
    assert f["outrisk"] == 0  # they hold two tiles
    assert f["ahead_follow"] == pytest.approx(f["follow"] * 0.5)
    dry = dict(ctx, drawable=0, opp_n=1, need=11, ahead=-300)
    g = aiaf.play_features(t, 5, opens, rest, theirs, [0.5, 0.5], dry)
    assert g["lose"] == 0  # no reply reaches 11
    assert g["late_shed"] == 5 and g["lockpass"] == g["lock"]
    # one tile left: they go out (my 21 pips) unless they hold nothing that fits
    assert 0 < g["lock"] < 1
    assert g["outrisk"] == pytest.approx((1 - g["lock"]) * 21)
    assert g["ahead_risk"] == pytest.approx(-g["risk"])  # far behind: the lead clipped at -1
    # Every term Normal weighs is one that play_features gives.
    assert {k for k, _w in DEFAULT.allfives.weights} == set(f)


@pytest.mark.parametrize("seats,options", [
    (2, {}), (3, {}), (4, {}), (4, {"partners": False}), (2, {"spinner": "none"}),
    (2, {"count_in_fives": True, "target": 61}), (2, {"draw": "leave-two", "target": 60}),
    (3, {"stop_at_target": False, "target": 40}), (2, {"spinner": "every"}),
])
def test_all_fives_light_play_out_is_the_engine_play_out(seats, options):
    """Hard's All Fives play-outs run on plain lists (ai/allfives.py ``playout``); for
    every legal move in sampled worlds, all game long, they must end exactly as the
    engine's play-out with the same fast policy (A2-A8 under each option), and leave
    the world unchanged."""
    from bones.ai import allfives as aiaf
    from bones.moves import NEXT

    g = bones.new_game("all-fives", seats=seats, seed=seats * 7 + len(options),
                       options=options or None)
    rng = random.Random(seats)
    checked = ends = 0
    while not g.match_over and checked < 600:
        if g.round_over:
            g.play(next(m for m in g.legal_moves() if m.kind == NEXT))
            continue
        sims = _light_play_outs_match(g, aiaf.AllFivesPolicy(), rng)
        checked += len(sims)
        ends += sum(sim.match_over for sim in sims)
        g.play(ai.choose(g, g.turn, "normal", rng=rng))
    assert checked > 50
    if "target" in options:
        assert ends > 0  # play-outs that end the game (A8) were compared too


def test_all_fives_play_outs_avoid_leaving_yourself_nothing_that_fits():
    """Hard's All Fives play-outs (``fast``) count a play after which none of the
    player's own tiles fits the ends (A2: they may have to draw) ``fast_stuck`` points
    less: wherever that changes the play, the new one leaves a tile that fits and the
    old one did not."""
    from dataclasses import replace

    from bones.moves import NEXT

    tu = DEFAULT.allfives
    loose = replace(tu, fast_stuck=0.0)

    def fits_after(g, m) -> bool:
        after = g.clone(keep_history=False)
        after._push(m)
        if after.round_over:
            return True
        hand = after.hands[g.turn]
        return any(u.hi == e or u.lo == e for _a, e in after.opens for u in hand)

    assert tu.fast_stuck > 0
    changed = 0
    for seed in range(12):
        g = bones.new_game("all-fives", seats=2, seed=seed)
        rng = random.Random(seed)
        while not g.match_over and g.round_number < 3:
            if g.round_over:
                g.play(next(m for m in g.legal_moves() if m.kind == NEXT))
                continue
            with_stuck = af_playout.fast(g, None, tu)
            without = af_playout.fast(g, None, loose)
            if with_stuck != without:
                changed += 1
                assert fits_after(g, with_stuck) and not fits_after(g, without)
            g.play(ai.choose(g, g.turn, "easy", rng=rng))
    assert changed >= 3


@pytest.mark.parametrize("seed", [1, 8])
def test_reading_the_round_knows_the_ends_of_every_play(seed):
    """What a seat's plays say is read from the round walked back (reading.steps): for
    each play, exactly the numbers the engine let that player match (F2, F3: a pending
    double's path first, else every line that does not end in a double), in order."""
    from bones.ai.reading import steps

    g = bones.new_game("chicken-foot", seats=4, preset="gs-cf", seed=seed)
    rng = random.Random(seed)
    for _round in range(2):  # the second round's walk stops at its own start
        truth = []
        while not g.round_over:
            m = ai.choose(g, g.turn, "normal", rng=rng)
            if m.kind == PLAY:
                truth.append((g.turn, m.tile, {g.end_of(i) for i in g.targets()}))
            g.play(m)
        plays = [(seat, m.tile, set(ends.values()))
                 for seat, m, ends, _sizes in steps(g, g.observation(0), aicf._ends_open_to)
                 if m.kind == PLAY]
        assert plays == truth and len(truth) > 10
        g.play(ai.choose(g, g.turn, "normal", rng=rng))  # the next round


def normal_round(game: str, preset: str, seed: int, later: bool, **options):
    """Every turn of a round of four Normals, as ``(game, seat to move, rng)``; the seat's
    Normal move is played after each. ``later``: the second round (the log then holds
    the first too)."""
    g = bones.new_game(game, seats=4, preset=preset, seed=seed, options=options or None)
    rng = random.Random(seed)
    if later:
        while not g.round_over:
            g.play(ai.choose(g, g.turn, "normal", rng=rng))
        g.play(ai.choose(g, g.turn, "normal", rng=rng))
    while not g.round_over:
        me = g.turn
        yield g, me, rng
        g.play(ai.choose(g, me, "normal", rng=rng))


def test_chicken_foot_shun_reads_normal_players_and_forgets_at_a_draw():
    """A Normal player sheds its heaviest tile, so a tile that would have matched the
    same ends and is over ``shun_slack`` pips heavier than the one it played is not in its
    hand: never wrong against Normal players over whole rounds, and it names tiles.
    After the seat draws, its earlier plays say nothing any more."""
    from bones.ai.world import deal_hidden, unseen_tiles

    pol = aicf.ChickenFootPolicy()
    named = forgot = 0
    for seed in range(6):
        for g, me, _rng in normal_round("chicken-foot", "gs-cf", seed, bool(seed % 2),
                                        first_double=9 - seed % 3):
            obs = g.observation(me)
            unseen = unseen_tiles(g, obs, pol)
            sh = pol.shun(g, obs, unseen)
            assert sh[me] == frozenset()
            for s in range(4):
                assert not sh[s] & set(g.hands[s]), (seed, s)
                named += len(sh[s])
            hands, _bone = deal_hidden(unseen, list(obs["hand_sizes"]), me, obs["lacks"],
                                       random.Random(1), shun=sh)
            assert all(not sh[s] & set(h) for s, h in hands.items())
            last = {}  # each seat's last move this round
            for m, s, _t in g.history:
                if m.kind in (NEXT, JOIN):
                    last.clear()
                else:
                    last[s] = m.kind
            for s in range(4):
                if last.get(s) == DRAW:  # drew and has not played since: nothing known
                    assert sh[s] == frozenset(), (seed, s)
                    forgot += 1
    assert named > 500 and forgot > 20


def test_all_fives_hard_values_a_hand_by_the_chance_of_winning_the_game():
    """Two players: Hard's play-outs value a hand's end by the chance of winning the game
    from there (``win_chance``), which leading the next hand raises (A8: the hand's
    winner leads) and which a point moves more as the target nears."""
    tu = DEFAULT.allfives

    def wc(a, b, lead):
        return af_playout.win_chance(a, b, lead, tu)

    for a, b in ((50, 50), (10, 30), (3, 40), (20, 2)):
        for lead in (True, False):
            assert wc(a, b, lead) + wc(b, a, not lead) == pytest.approx(1)
            assert 0 < wc(a, b, lead) < 1
    assert wc(50, 50, True) > 0.5 > wc(50, 50, False)
    assert wc(10, 20, False) > wc(12, 20, False) > wc(14, 20, False)
    # the same two fives (10 points) are worth more near the end than at the start
    assert wc(4, 6, False) - wc(6, 6, False) > wc(48, 50, False) - wc(50, 50, False)
    sides = (0, 1)
    value = af_playout.value
    led = value([10, 0], [200, 190], sides, 0, False, 250, False, lead=0, tu=tu)
    not_led = value([10, 0], [200, 190], sides, 0, False, 250, False, lead=1, tu=tu)
    assert led > not_led > 0
    assert value([5, 0], [250, 100], sides, 0, True, tu=tu) == tu.win
    assert value([5, 0], [250, 100], sides, 1, True, tu=tu) == -tu.win
    # holes (count in fives): the needs are in holes already
    assert value([2, 0], [50, 40], sides, 0, False, 61, True, lead=0, tu=tu) == pytest.approx(
        tu.win * (2 * wc(11, 21, True) - 1))
    # three players: the hand's points, as before
    assert value([10, 0, 5], [60, 50, 55], (0, 1, 2), 0, False, tu=tu) == 5


def test_all_fives_hard_hint_speaks_of_the_chance_of_winning():

    g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=5)
    g.play(ai.choose(g, g.turn, "normal", seed=0))  # the lead
    while len([m for m in g.legal_moves() if m.kind == "play"]) < 2:
        g.play(ai.choose(g, g.turn, "normal", seed=len(g.log)))
    h = ai.hint(g, g.turn, "hard", worlds=40)
    # 40 deals at most: the search stops early once one play is clearly best.
    dealt = re.search(r"In (\d+) likely deals of the hidden tiles this did best", h.reason)
    assert dealt and 8 <= int(dealt.group(1)) <= 40, h.reason
    assert re.search(r"about a \d+% chance of winning the game\)\.$", h.reason)
    tu = DEFAULT.allfives
    assert af_playout.outcome_words(0.0, g, tu) == (
        " (it leaves you about a 50% chance of winning the game)")
    assert "points" in af_playout.outcome_words(12.0, bones.new_game("all-fives", seats=3,
                                                                     seed=1), tu)


@pytest.mark.parametrize("game,preset,options", [
    ("chicken-foot", "gs-cf", {}),
    ("chicken-foot", "gs-cf", {"must_play": True, "draw": "until", "centre_paths": 6}),
    ("mexican-train", "gs-mt", {}),
    ("mexican-train", "gs-mt", {"double_rule": "on-double", "chain_doubles": False,
                                "must_play": True}),
    ("mexican-train", "gs-mt", {"drawn_playable": False, "knock_penalty": 2,
                                "mexican_start": "after-own-train"})])
def test_normal_reading_keeps_the_hands_normal_players_hold(game, preset, options):
    """``reading.normal_check`` asks whether Normal, holding a hand, would have made a
    seat's last plays since its last draw. Over rounds of four Normals (a later round
    too, whose log holds the rounds before) it never rejects a seat's real hand, and it
    does reject many random hands of the same size: it tells something true."""
    from bones.ai import reading
    from bones.ai.world import unseen_tiles

    real = rejected = tried = 0
    slow = None  # the game's quick form (agreement) against Normal's full ranking
    for seed in range(4):
        for g, me, rng in normal_round(game, preset, seed, bool(seed % 2), **options):
            obs = g.observation(me)
            pol = ai.levels.policy_for(g)
            ok = reading.normal_check(g, obs, pol, 2)
            # Normal's ranking through the engine, without the policy's quick form
            plain = types.SimpleNamespace(normal=pol.normal, agreement=lambda *_a: None)
            slow = reading.normal_check(g, obs, plain, 2)
            if ok is not None:
                unseen = unseen_tiles(g, obs, pol)
                for s in range(4):
                    if s == me:
                        continue
                    assert ok(s, list(g.hands[s])), (seed, me, s)
                    real += 1
                    for _ in range(3):
                        h = rng.sample(unseen, len(g.hands[s]))
                        rejected += not ok(s, h)
                        tried += 1
                        if slow is not None:
                            assert slow(s, h) == ok(s, h), (seed, me, s, h)
    assert real > 100
    assert 0.2 < rejected / tried < 0.9


TRAIN_POLICIES = [("chicken-foot", "gs-cf", aicf.ChickenFootPolicy, "chicken"),
                  ("mexican-train", "gs-mt", aimt.MexicanTrainPolicy, "mexican")]


@pytest.mark.parametrize("game,preset,cls,key", TRAIN_POLICIES)
def test_train_game_hard_deals_hands_its_reading_of_normal_keeps(game, preset, cls, key):
    """With ``hard.model_tries`` Hard (Chicken Foot and Mexican Train) deals the others
    hands Normal would have made their last plays with far more often than without it."""
    from bones.ai import reading, world

    def share(tries: int) -> float:
        pol = cls(DEFAULT.with_(f"{key}.hard.model_tries", tries))
        good = n = 0
        for seed in range(3):
            turns = normal_round(game, preset, seed, False)
            for k, (g, me, _rng) in enumerate(turns, start=1):
                if k % 3 == 0:
                    obs = g.observation(me)
                    ok = reading.normal_check(g, obs, pol, pol.hard.model_keep)
                    if ok is not None:
                        sample = world.world_sampler(g, me, obs, pol)
                        wr = random.Random(k)
                        for _ in range(10):
                            w = sample(wr)
                            for s in range(4):
                                if s != me:
                                    good += ok(s, w.hands[s])
                                    n += 1
        return good / n

    with_model, without = share(30), share(0)
    assert with_model > 0.97
    assert without < with_model - 0.1


@pytest.mark.parametrize("game,preset,cls,key", TRAIN_POLICIES)
def test_train_game_hard_hint_counts_points_and_rounds_won(game, preset, cls, key):
    """Hard's value of a play adds a bonus for winning the round to minus the points
    left, so it is no count of points. The hint's words come from the play played out
    again in likely deals, to the end of the round: the points left on average and the
    share of rounds won, the same whatever the bonus, and within what the seat can
    hold."""
    g = bones.new_game(game, seats=4, preset=preset, seed=4)
    while sum(m.kind == "play" for m in g.legal_moves()) < 2:
        g.play(ai.choose(g, g.turn, "normal", seed=len(g.history)))
    seat, obs = g.turn, g.observation(g.turn)
    move = ai.choose(g, seat, "normal", seed=0)
    said = {}
    for bonus in (0.0, 20.0, 1000.0):
        pol = cls(DEFAULT.with_(f"{key}.win_bonus", bonus))
        said[bonus] = pol.hint_words(g, seat, obs, move, random.Random(7), 0.0)
    assert said[0.0] == said[20.0] == said[1000.0]
    got = re.fullmatch(r" \(you were left with (\d+) points on average and won (\d+)% of "
                       r"those rounds\)", said[0.0])
    assert got, said[0.0]
    most = sum(t.hi + t.lo for t in obs["hand"]) + sum(
        t.hi + t.lo for t in bones.tiles.full_set(g.options.set_high))
    assert 0 <= int(got.group(1)) <= most and 0 <= int(got.group(2)) <= 100
    h = ai.hint(g, seat, "hard", worlds=40)
    assert re.search(r"you were left with \d+ points on average and won \d+% of those "
                     r"rounds\)\.$", h.reason), h.reason
