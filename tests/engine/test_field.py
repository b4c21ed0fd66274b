"""The outside field: arena opponents of other styles, never in the page."""

from __future__ import annotations

import random

import pytest

import bones
from bones import ai
from bones.ai import arena, field
from bones.mexican import MEXICAN
from bones.moves import DRAW, PLAY, Move
from bones.tiles import parse_tile

CONFIGS = [("mexican-train", "gs-mt", 4), ("mexican-train", "st-mt", 3),
           ("mexican-train", "wc-mt", 4), ("chicken-foot", "gs-cf", 4),
           ("all-fives", "gs-af", 2), ("all-fives", "gs-af", 3)]
CASES = [(style, g, p, n) for style, (_f, games) in field.STYLES.items()
         for g, p, n in CONFIGS if g in games]


def play_rounds(game: str, preset: str, seats: int, style: str, seed: int, rounds: int):
    """Every move of ``rounds`` rounds with ``style`` in every chair, each checked legal."""
    g = bones.new_game(game, seats=seats, preset=preset, seed=seed)
    rngs = [random.Random(f"{seed}/{i}") for i in range(seats)]
    moves = []
    for _ in range(rounds):
        while not g.round_over:
            s = g.turn
            m = field.choose(g, s, style, rng=rngs[s])
            assert m in g.legal_moves()
            g.play(m)
            moves.append(g.notation(m) if m.tile else m.kind)
        if g.match_over:
            break
        g.play(next(m for m in g.legal_moves() if m.kind == "next"))
    return moves


@pytest.mark.parametrize("style,game,preset,seats", CASES)
def test_field_plays_only_legal_moves_over_many_rounds(style, game, preset, seats):
    for seed in range(4):
        assert play_rounds(game, preset, seats, style, seed, 3)


@pytest.mark.parametrize("style,game,preset,seats", CASES)
def test_field_is_the_same_for_a_seed(style, game, preset, seats):
    assert play_rounds(game, preset, seats, style, 7, 2) == \
        play_rounds(game, preset, seats, style, 7, 2)


def test_weighted_noise_follows_the_seed():
    runs = {tuple(play_rounds("chicken-foot", "gs-cf", 4, "field-weighted", 5, 1))
            for _ in range(2)}
    g = bones.new_game("chicken-foot", seats=4, preset="gs-cf", seed=5)
    other = set()
    for k in range(6):  # other seeds for the players, the same deal
        rng = random.Random(k)
        h = g.clone()
        seq = []
        while not h.round_over:
            m = field.choose(h, h.turn, "field-weighted", rng=rng)
            h.play(m)
            seq.append(str(m))
        other.add(tuple(seq))
    assert len(runs) == 1 and len(other) > 1


def test_field_is_never_a_page_level():
    for style in field.STYLES:
        assert style not in ai.LEVELS and style not in ai.levels.HINT_LEVELS
        with pytest.raises(ValueError):
            ai.choose(bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=1),
                      0, style)


def test_chain_player_closes_its_train_then_dumps_its_heaviest_spare():
    t = parse_tile
    hand = [t("12-5"), t("5-3"), t("3-1"), t("12-0"), t("9-2")]
    assert field.heaviest_chain(hand, 12) == [t("12-5"), t("5-3"), t("3-1")]
    legal = [Move(PLAY, x, tg) for x in (t("12-5"), t("12-0")) for tg in (0, MEXICAN)]
    legal.append(Move(DRAW))

    def obs(marker: bool) -> dict:
        return {"seat": 0, "hand": hand, "ends": [12, 12, 12, 12, 12],
                "markers": (marker, False, False, False)}

    rng = random.Random(0)
    assert field.chain(None, obs(True), legal, rng) == Move(PLAY, t("12-5"), 0)
    assert field.chain(None, obs(False), legal, rng) == Move(PLAY, t("12-0"), MEXICAN)
    lay = [m for m in legal if m.tile != t("12-0")]
    assert field.chain(None, obs(False), lay, rng) == Move(PLAY, t("12-5"), 0)


def test_points_player_takes_the_biggest_score():
    g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=4)
    for _ in range(30):
        if g.round_over:
            break
        legal = [m for m in g.legal_moves() if m.kind == "play"]
        if len(legal) > 1:
            obs = g.observation(g.turn)
            best = max(field._af_after(obs, m)[0] for m in legal)
            m = field.choose(g, g.turn, "field-points", seed=1)
            assert field._af_after(obs, m)[0] == best
        g.play(ai.choose(g, g.turn, "easy", seed=1))


def test_arena_seats_the_field_and_pairs_hard_with_normal_in_its_chair():
    seats = ["normal", "field-weighted", "field-weighted", "field-weighted"]
    res = arena.run("chicken-foot", "gs-cf", seats, 8, 1, progress=False, duplicate=True)
    assert res["levels"]["field-weighted"]["chairs"] == 3
    assert "field-weighted" in arena.report("chicken-foot", seats, res)
    easy = arena.run("chicken-foot", "gs-cf", ["easy"] + seats[1:], 8, 1, progress=False,
                     duplicate=True)
    p = arena.paired(easy["records"], res["records"], "easy", "normal")
    assert p["n"] == 8
    want = sum(arena._mean_of([r], "scores", "easy") for r in easy["records"]) / 8 - \
        sum(arena._mean_of([r], "scores", "normal") for r in res["records"]) / 8
    assert p["diff"] == pytest.approx(want)
    with pytest.raises(SystemExit, match="does not play"):
        arena.run("chicken-foot", "gs-cf", ["normal", "field-chain"], 2, 1, progress=False)
