"""The research scripts (research/README.md): what each measures is what it claims, and
each still runs. Not part of the product's suite: ``python -m pytest research -n 0``."""

from __future__ import annotations

import importlib.util
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bones
from bones import ai
from bones.ai import af_playout
from bones.ai import mexican as aimt
from bones.ai.policy import DEFAULT
from bones.tiles import parse_tile

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
POL = aimt.MexicanTrainPolicy()


def tiles(text: str) -> list:
    return [parse_tile(x) for x in text.split()]


def _tool(name: str):
    """A research script as a module."""
    sys.path.insert(0, str(HERE))
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


# Each script runs: a tiny run, or its help where a run takes minutes.
RUNS = [
    ["af_equity.py", "--help"],
    ["af_fit.py", "gen", "--tag", "t", "--games", "1", "--worlds", "2", "--out",
     "{tmp}/f.jsonl"],
    ["field_edge.py", "--rounds", "8", "--worlds", "3", "--judge", "2", "--also",
     "w2:worlds=2", "--also", "sn:worlds=2,player=hard_variants:selfnormal", "--also",
     "eg:worlds=2,player=hard_variants:endgame"],
    ["felt_use.py"],
    ["layout_sweep.py", "--positions", "3"],
    ["mt_eval_fit.py", "--rounds", "3"],
    ["mt_rollout_policy.py", "agree", "--rounds", "1"],
    ["mt_rollout_policy.py", "arena", "--policy", "own-fast", "--", "--rounds", "2",
     "--worlds", "3"],
    ["mt_rollout_policy.py", "seat", "--policy", "fast", "--", "--rounds", "2"],
    ["oracle_arena.py", "--knows", "pool-read", "--", "--game", "mexican-train",
     "--seats", "hard,normal,normal,normal", "--rounds", "2", "--worlds", "3"],
    ["oracle_regret.py", "--rounds", "1", "--judge", "3", "--worlds", "3"],
    ["pip_palette.py", "--check"],
    ["table_stability.py", "--rounds", "1", "--game", "all-fives", "--size", "390x844"],
    ["read_quality.py", "--rounds", "1", "--worlds", "3"],
    ["record_ai.py", "--help"],
    ["world_calibration.py", "--rounds", "1", "--worlds", "3"],
]


@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a[:2]))
def test_each_script_runs(args, tmp_path):
    args = [x.replace("{tmp}", str(tmp_path)) for x in args]
    got = subprocess.run([sys.executable, str(HERE / args[0]), *args[1:]], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert got.returncode == 0, got.stderr[-2000:]
    assert got.stdout.strip()


def test_every_script_is_in_the_readme_and_run_here():
    scripts = {p.name for p in HERE.glob("*.py") if not p.name.startswith("test_")}
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    assert {s for s in scripts if s not in readme} == set()
    assert scripts - {"variants.py", "hard_variants.py"} == {a[0] for a in RUNS}


def test_mexican_train_unfinished_play_outs_are_on_the_finished_ones_scale():
    """An unfinished play-out's score must be comparable with a finished one's (minus the
    round score): over rounds of the play-out policy, the final score rises by about
    ``eval_orphan_w`` per unit of the evaluation's pips form (mt_eval_fit.py). The old
    weights (1.0) counted those pips about three times too much."""
    tool = _tool("mt_eval_fit")
    rows = tool.positions(150, "gs-mt")
    tu = DEFAULT.mexican
    ratio = tu.eval_chain_w / tu.eval_orphan_w
    k = tool.least_squares([[f[0] + ratio * f[1]] for f, _y in rows], [y for _f, y in rows])
    assert len(rows) > 5000
    assert 0.8 * tu.eval_orphan_w < k[1] < 1.25 * tu.eval_orphan_w


def test_mexican_train_normal_play_out_policy_makes_normals_choice():
    """mt_rollout_policy.py compares Hard's play-outs with Normal: its
    ``normal_fast`` must make a move Normal rates best (ties count) at every real choice
    of Normal rounds, on the full state a play-out sees; the plain play-out policy
    (``fast``) differs in a fair share of them, which is what the tool measures."""
    tool = _tool("mt_rollout_policy")
    agreed, asked = tool.agreement(tool.normal_fast, 20)
    assert asked > 300 and agreed == asked
    plain, asked2 = tool.agreement(aimt.fast, 20)
    assert asked2 == asked and plain < asked


def test_oracle_regret_tool_deals_the_real_hands_it_claims():
    """oracle_regret.py values plays in worlds with the real hands (only the
    boneyard's order dealt afresh) and measures one real hand's worth by putting that
    hand into Hard's own worlds: every tile stays accounted for, the hand sizes stay
    the public ones, and the seat holds exactly its real hand."""
    tool = _tool("oracle_regret")
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=3)
    for k in range(9):
        g.play(ai.choose(g, g.turn, "normal", seed=k))
    me = g.turn
    hidden = sorted(t for s in range(4) if s != me for t in g.hands[s]) + sorted(g.boneyard)
    obs = g.observation(me)
    rng = random.Random(1)
    real = tool.real_sampler(g, me, obs, POL)(rng)
    assert real.hands == g.hands and sorted(real.boneyard) == sorted(g.boneyard)
    for j in (1, 2, 3):
        who = (me + j) % 4
        sample = tool.one_real_sampler(j)(g, me, obs, POL)
        moved = 0
        for _ in range(20):
            w = sample(rng)
            assert w.hands[who] == g.hands[who] and w.hands[me] == g.hands[me]
            assert [len(h) for h in w.hands] == [len(h) for h in g.hands]
            got = sorted(t for s in range(4) if s != me for t in w.hands[s])
            assert sorted(got + sorted(w.boneyard)) == sorted(hidden)
            moved += any(w.hands[s] != g.hands[s] for s in range(4) if s not in (me, who))
        assert moved > 10  # the other hands are still dealt


def test_oracle_regret_tool_reports_every_setting(capsys, tmp_path):
    """The tool's report: a line per setting with its mean regret, the paired
    difference with the first, and the per-position regrets in JSON (never negative:
    each is the best play's value less the chosen one's, in the same worlds)."""
    import json

    tool = _tool("oracle_regret")
    out = tmp_path / "r.json"
    assert tool.main(["--rounds", "1", "--judge", "6", "--worlds", "6", "--variant", "kept",
                      "--variant", "off:mexican.hard.model_tries=0", "--one-real", "1",
                      "--json", str(out)]) == 0
    text = capsys.readouterr().out
    for name in ("normal", "kept", "off", "real +1", "oracle"):
        assert re.search(rf"^{re.escape(name)} +regret +-?\d", text, re.M), text
    assert "minus kept" in text
    got = json.loads(out.read_text())
    assert set(got) == {"normal", "kept", "off", "real +1", "oracle"}
    assert len(got["kept"]) > 3 and min(min(v) for v in got.values()) >= 0


def test_a_variant_is_a_tuning_and_an_oracle_deals_its_own_worlds():
    """research/variants.py: ``NAME:PATH=VALUE,...`` is a tuning with those settings (a
    bad one refused); ``dealing(sampler)`` is the game's player, playing by the tuning
    it is given, whose Hard's worlds are the sampler's (here the real hands)."""
    variants = _tool("variants")
    name, t = variants.variant("off:mexican.hard.model_tries=0,search.margin=1.0")
    assert name == "off" and t.mexican.hard.model_tries == 0 and t.search.margin == 1.0
    assert variants.variant("kept") == ("kept", DEFAULT)
    with pytest.raises(SystemExit, match="no setting"):
        variants.variant("bad:mexican.model_tries=0")
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=3)
    for k in range(6):
        g.play(ai.choose(g, g.turn, "normal", seed=k))
    real = _tool("oracle_regret").real_sampler
    pol = variants.dealing(real)(g, t)
    assert isinstance(pol, aimt.MexicanTrainPolicy) and pol.hard.model_tries == 0
    me = g.turn
    w = pol.worlds(g, me, g.observation(me))(random.Random(1))
    assert w.hands == g.hands
    own = POL.worlds(g, me, g.observation(me))(random.Random(1))
    assert own.hands != g.hands and own.hands[me] == g.hands[me]


def test_world_calibration_tool_finds_no_bias_in_worlds_that_are_the_real_hands():
    """world_calibration.py compares features of the dealt hands with the real
    ones, seat by seat. Worlds that are the real hands must show no difference at all
    (a mix-up of seats or of the boneyard would), and Hard's own worlds must differ."""
    tool = _tool("world_calibration")
    real = _tool("oracle_regret").real_sampler
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=1)
    assert g.end_of(1) == 9  # the engine of this deal is 9-9, every train still empty
    f = tool.features(g, 1, tiles("9-9 9-5 3-0"), tiles("6-6 1-0"))
    assert f["pips"] == 35 and f["doubles"] == 1 and f["boneyard pips"] == 13
    assert f["own end"] == 2 and f["any place"] == 2
    plain, _reals = tool.run("mexican-train", "gs-mt", 1, 8, ["mexican.hard.model_tries=3"])
    assert any(abs(x) > 0.01 for x in plain["pips"])
    same, reals = tool.run("mexican-train", "gs-mt", 3, 4, [],
                           player=_tool("variants").dealing(real))
    assert set(same) == set(plain) and len(same["pips, seat 2"]) > 3
    assert set(reals) == set(same) and max(reals["pips"]) > 0
    assert len(reals["pips"]) == 3 * len(reals["pips, seat 2"]) == 3 * len(same["pips, seat 2"])
    assert all(x == 0 for xs in same.values() for x in xs)


def test_oracle_arena_pool_worlds_know_the_tiles_not_who_holds_them():
    """oracle_arena.py's ``pool`` worlds deal the others' real tiles among them
    afresh (``pool-read`` with Hard's reading of each seat): every tile accounted for,
    the public hand sizes, the seat's own hand and the boneyard's tiles kept, and the
    tiles moving between the others."""
    tool = _tool("oracle_arena")
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=5)
    for k in range(7):
        g.play(ai.choose(g, g.turn, "normal", seed=k))
    me = g.turn
    pool = sorted(t for s in range(4) if s != me for t in g.hands[s])
    rng = random.Random(2)
    for sampler in (tool.pool_sampler, tool.pool_read_sampler):
        sample = sampler(g, me, g.observation(me), POL)
        moved = 0
        for _ in range(20):
            w = sample(rng)
            assert w.hands[me] == g.hands[me] and sorted(w.boneyard) == sorted(g.boneyard)
            assert [len(h) for h in w.hands] == [len(h) for h in g.hands]
            assert sorted(t for s in range(4) if s != me for t in w.hands[s]) == pool
            moved += any(w.hands[s] != g.hands[s] for s in range(4) if s != me)
        assert moved > 15, sampler
    assert set(tool.SAMPLERS) == {"hands", "pool", "pool-read", "none"}
    for bad in ("share:0", "share:1.5", "share:half", "everything"):
        with pytest.raises(SystemExit, match="--knows"):
            tool.main(["--knows", bad, "--", "--game", "mexican-train"])
    # share:P: Hard's own worlds with each real tile told with the chance P, placed
    # with its holder in every world (P = 1: the real hands)
    hidden = sorted(pool + g.boneyard)
    for share in (0.5, 1.0):
        sample = tool.partial_sampler(share)(g, me, g.observation(me), POL)
        told = 0
        for _ in range(10):
            w = sample(rng)
            assert w.hands[me] == g.hands[me]
            assert [len(h) for h in w.hands] == [len(h) for h in g.hands]
            assert sorted([t for s in range(4) if s != me for t in w.hands[s]]
                          + w.boneyard) == hidden
            told += sum(t in w.hands[s] for s in range(4) if s != me for t in g.hands[s])
        assert told == 10 * len(pool) if share == 1.0 else 0 < told < 10 * len(pool)


def test_all_fives_win_chance_fits_the_exact_table_from_normal_hands():
    """The fitted logistic agrees with the exact chance that dynamic programming gives
    (af_equity.py) over 400 hands of Normal against Normal, wherever each side
    needs 20 points or more (nearer the end the play-outs see the game's end
    themselves)."""
    tool = _tool("af_equity")
    table = tool.equity_table(tool.hand_outcomes(400), 50)
    tu = DEFAULT.allfives
    errs = [af_playout.win_chance(a, b, lead == 0, tu) - v
            for (a, b, lead), v in table.items() if a >= 4 and b >= 4]
    assert len(errs) > 4000
    assert math.sqrt(sum(e * e for e in errs) / len(errs)) < 0.02
    assert max(abs(e) for e in errs) < 0.06
    # and the table itself: leading is worth having, and an even start is near even
    assert 0.5 < table[(50, 50, 0)] < 0.6 and table[(50, 50, 1)] < 0.5




def test_field_edge_plays_the_arenas_own_rounds_and_values_only_hards_own_moves():
    """field_edge.py measures Hard in the arena's own duplicate run: asking Normal's move
    and valuing the moves with the real hands must not change a single round (the same
    deals, chairs and scores as ``arena.run``). A round's advantage sum is 0 where Hard
    made Normal's move at every choice, and a Hard asked at the same positions with the
    same worlds and tuning leaves Normal's move about as often as Hard."""
    from bones.ai import arena

    tool = _tool("field_edge")
    plain = arena.run("mexican-train", "gs-mt", ["hard"] + ["field-chain"] * 3, 8, "t",
                      worlds=4, duplicate=True, progress=False)["records"]
    got = tool.measured_run("mexican-train", "gs-mt", "field-chain", 8, "t", worlds=4,
                            judge=2, also={"same": (4, DEFAULT, None)},
                            progress=False)["records"]
    assert [(r["deal"], r["levels"], r["scores"]) for r in got] == [
        (r["deal"], r["levels"], r["scores"]) for r in plain]
    assert sum(r["choices"] for r in got) > 40
    assert all(r["adv"] == 0 for r in got if r["left"] == 0)
    assert any(r["adv"] != 0 for r in got)
    left = sum(r["left"] for r in got)
    also = sum(r["also"]["same"]["left"] for r in got)
    assert left > 0 and also > 0 and 0.3 < also / left < 3


def test_field_edge_plays_on_with_normals_own_move_and_common_deals():
    """The play-on that values a move gives Normal's seat Normal's own choice (it thinks
    on the game itself, not on a copy dealt again: Normal reads no hidden tile) and deals
    every move the same boneyard orders, so one move valued twice scores the same."""
    tool = _tool("field_edge")
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=4)
    asked = 0
    while not g.round_over:
        s = g.turn
        mine = tool._play_on(g, s, "normal", random.Random(asked))
        assert mine == ai.choose(g, s, "normal", rng=random.Random(asked))
        if s == 0 and len(g.legal_moves()) > 2 and asked < 3:
            m = g.legal_moves()[0]
            q = tool.q_values(g, s, [m], "field-chain", 3, asked)
            assert len(q[m]) == 3
            two = tool.q_values(g, s, [m, g.legal_moves()[1]], "field-chain", 3, asked)
            assert two[m] == q[m] and len(two) == 2
        asked += 1
        g.play(mine)
    assert asked > 30


def test_hard_variants_match_tiles_to_slots_and_play_normal_in_their_own_play_outs():
    hv = _tool("hard_variants")
    six, five = frozenset({6}), frozenset({5})
    assert hv._fits(tiles("5-1 6-2"), [six, five])  # 5-1 lacks 6, 6-2 lacks 5
    assert not hv._fits(tiles("6-1 6-2"), [six, five])  # both carry a 6
    assert not hv._fits(tiles("1-2"), [six, five])  # sizes differ
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=3)
    for _ in range(8):
        g.play(ai.choose(g, g.turn, "normal"))
    seat = g.turn
    sn, eg = hv.selfnormal(g), hv.endgame(g)
    seen = g.seen_by(seat)
    # the boneyard is not empty: the exact end of a round does not apply
    assert hv.consistent_deals(seen, seat, seen.observation(seat), eg, 400) is None
    assert ai.choose(g, seat, "hard", worlds=3, policy=sn) in g.legal_moves()
    assert ai.choose(g, seat, "hard", worlds=3, policy=eg) in g.legal_moves()
