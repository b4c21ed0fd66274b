"""Mexican Train Hard's play-out policy against Normal (a development tool).

    python research/mt_rollout_policy.py agree --rounds 60
    python research/mt_rollout_policy.py arena --policy normal -- --rounds 1000 --seed 1 --duplicate

Hard's play-outs play every seat with ``mexican.fast``, Normal's plan in a cheap form.
The opponents in the arena (and Normal players at the table) play Normal itself, so a
play-out predicts their moves only as far as the two agree.

``agree`` plays ``--rounds`` GS-MT rounds of four Normals and, at every turn with a
real choice (two plays or more, two tiles or more in hand), asks each play-out policy
for its move on the real state. It prints how often that move is one Normal rates
best (ties count).

``arena`` runs ``python -m bones arena`` (Mexican Train, GS-MT, Hard against three
Normals unless the arguments after ``--`` say otherwise) with Hard's play-outs played
by another policy:

- ``fast``: today's (the default);
- ``normal``: ``normal_fast`` below, Normal's choice at every seat;
- ``own-fast``: Normal's choice at the other seats, ``fast`` at Hard's own;
- ``own-normal``: ``fast`` at the other seats, Normal's choice at Hard's own;
- ``eps:E``: ``fast``, but a random play with chance E (a noisier play-out).

``seat`` runs the arena with a play-out policy (``--policy fast`` or ``normal``) as a
player in the seats the arguments call ``easy`` (default: ``easy,normal,normal,normal``),
playing the real game from what its seat sees: is ``fast`` a weaker or a stronger
player than Normal?

It reports; it asserts nothing. Standard library only; run from the repository's root.
Figures: docs/ai-decisions.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import bones  # noqa: E402
from bones.ai import mexican as aimt  # noqa: E402
from bones.ai.policy import DEFAULT, forced, move_key  # noqa: E402
from bones.mexican import MEXICAN  # noqa: E402
from bones.moves import DRAW, JOIN, KNOCK, PLAY  # noqa: E402

PLAIN_FAST = aimt.fast
TU = DEFAULT.mexican  # Normal's weights


def _follows(world, s: int, t, tg: int, own_end: int) -> set:
    """``mexican._follow_ends`` on the full state of a play-out (it reads only the open
    ends and the markers of the observation)."""
    ends = [world.end_of(i) for i in range(world.seats)] + [world.end_of(MEXICAN)]
    return aimt._follow_ends(world, {"ends": ends, "markers": world.markers}, s, t, tg,
                             own_end)


def normal_fast(world, rng):
    """Normal's choice (the same ratings, ``mexican.normal``) on a play-out's state, at
    about twice ``fast``'s cost: a chain is worked out again only where the play takes
    a tile from the seat's planned chain or starts its train elsewhere."""
    legal = world.legal_moves()
    s = world.turn
    plays = []
    other = None
    for m in legal:
        if m.kind == PLAY:
            plays.append(m)
        elif m.kind == KNOCK:
            return m
        elif other is None or m.kind == DRAW:
            other = m
    if not plays:
        return other
    hand = world.hands[s]
    if len(hand) == 1:
        return plays[0]
    own_end = world.end_of(s)
    base = aimt._plan(world, s, hand, own_end)
    in_base = set(base)
    base_v = aimt._chain_value(base, TU)
    marker = world.markers[s]
    memo: dict = {}
    best = None
    best_v = None
    for m in plays:
        t, tg = m.tile, m.target
        e2 = t.other(own_end) if tg == s else own_end
        if tg == s and base and t == base[0]:
            cv = base_v - aimt._chain_value([t], TU)
        elif tg != s and t not in in_base:
            cv = base_v
        else:
            cv = memo.get((t, e2))
            if cv is None:
                rest = [x for x in hand if x is not t]
                cv = memo[(t, e2)] = aimt._chain_value(aimt.best_chain(rest, e2, cap=600), TU)
        v = TU.orphan_w * (t.hi + t.lo) + cv
        if tg == s and marker:
            v += TU.close_bonus
        if t.hi == t.lo:
            fol = _follows(world, s, t, tg, e2)
            if any(x is not t and (x.hi in fol or x.lo in fol) for x in hand):
                v += TU.double_follow
            else:
                v += TU.double_stuck
        v += rng.random() * 1e-6
        if best_v is None or v > best_v:
            best_v, best = v, m
    return best


def agreement(policy, rounds: int, preset: str = "gs-mt") -> tuple[int, int]:
    """``(agreed, asked)``: how often ``policy`` makes a move Normal rates best."""
    agreed = asked = 0
    for r in range(rounds):
        g = bones.new_game("mexican-train", seats=4, preset=preset, seed=f"agree/{r}")
        while not g.round_over:
            s = g.turn
            legal = sorted(g.legal_moves(), key=move_key)
            move = forced([m for m in legal if m.kind != JOIN])
            if move is None:
                ranked = aimt.normal(g, g.observation(s), legal, random.Random(r), TU)
                move = ranked[0].move
                if sum(m.kind == PLAY for m in legal) >= 2 and len(g.hands[s]) > 1:
                    got = policy(g.clone(keep_history=False), random.Random(asked))
                    top = ranked[0].value - 1e-4
                    agreed += any(x.move == got and x.value >= top for x in ranked)
                    asked += 1
            g.play(move)
    return agreed, asked


class Playouts(aimt.MexicanTrainPolicy):
    """Mexican Train's player whose Hard plays its play-outs with ``play(pol, world,
    rng)``; ``me`` is the seat Hard searches for (known once it deals its worlds)."""

    def __init__(self, tuning, play) -> None:
        super().__init__(tuning)
        self.play = play
        self.me = None

    def worlds(self, game, seat: int, obs: dict):
        self.me = seat
        return super().worlds(game, seat, obs)

    def fast(self, world, rng):
        return self.play(self, world, rng)


def player(name: str):
    """``player(game, tuning)`` (for the arena) whose Hard plays its play-outs with the
    policy ``name`` (see the module's text)."""
    if name == "fast":
        def play(pol, world, rng):
            return PLAIN_FAST(world, rng)
    elif name == "normal":
        def play(pol, world, rng):
            return normal_fast(world, rng)
    elif name == "own-fast":
        def play(pol, world, rng):
            return (PLAIN_FAST if world.turn == pol.me else normal_fast)(world, rng)
    elif name == "own-normal":
        def play(pol, world, rng):
            return (normal_fast if world.turn == pol.me else PLAIN_FAST)(world, rng)
    elif name.startswith("eps:"):
        eps = float(name[4:])

        def play(pol, world, rng):
            m = PLAIN_FAST(world, rng)
            if m.kind == PLAY and len(world.hands[world.turn]) > 1 and rng.random() < eps:
                plays = [x for x in world.legal_moves() if x.kind == PLAY]
                return plays[rng.randrange(len(plays))]
            return m
    else:
        raise SystemExit(f"no play-out policy {name!r}")
    return lambda game, tuning: Playouts(tuning, play)


class Seated(aimt.MexicanTrainPolicy):
    """Mexican Train's player whose Easy plays the play-out policy ``play`` from what its
    seat sees (``fast`` reads only the seat's own hand and the layout; a copy keeps its
    plan cache off the real game)."""

    def __init__(self, tuning, play) -> None:
        super().__init__(tuning)
        self.play = play

    def easy(self, game, obs, legal, rng):
        return self.play(game.clone(keep_history=False), rng)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    rest: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("agree", "arena", "seat"))
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--policy", default="fast")
    a = ap.parse_args(argv)
    if a.mode == "agree":
        for name, pol in (("fast", PLAIN_FAST), ("normal_fast", normal_fast)):
            got, n = agreement(pol, a.rounds)
            print(f"{name:12} agrees with Normal's best in {got} of {n} choices "
                  f"({100 * got / max(n, 1):.1f}%)")
        return 0
    from bones.ai import arena

    base = ["--game", "mexican-train", "--preset", "gs-mt", "--workers", "1"]
    if a.mode == "seat":
        play = {"fast": PLAIN_FAST, "normal": normal_fast}[a.policy]
        return arena.main(base + ["--seats", "easy,normal,normal,normal"] + rest,
                          player=lambda game, tuning: Seated(tuning, play))
    base += ["--seats", "hard,normal,normal,normal"]
    return arena.main(base + rest, player=player(a.policy))


if __name__ == "__main__":
    sys.exit(main())
