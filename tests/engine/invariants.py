"""Checks every game must pass after every move (shared by the property tests)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st

import bones
from bones.moves import CALL, DRAW, JOIN, KNOCK, NEXT, PASS, PLAY, Move


def assert_tiles_conserved(g: bones.Match, full: list) -> None:
    """Every tile of the set is in exactly one place."""
    where = Counter(g.all_tiles())
    assert where == Counter(full), (
        f"lost {sorted(Counter(full) - where)} / doubled {sorted(where - Counter(full))}")


def assert_legal_moves_accepted(g: bones.Match) -> None:
    before = g.clone()
    for m in g.legal_moves():
        c = g.clone()
        c.play(m)
        c.undo()
        assert c == before, f"{g.notation(m)} then undo did not restore the position"


def illegal_candidates(g: bones.Match, rng: random.Random, full: list, targets: list[int],
                       k: int = 6) -> list[Move]:
    """A sample of moves that are not legal here (plays of held and unheld tiles on
    every target, and the verbs)."""
    legal = set(g.legal_moves())
    pool = [Move(v) for v in (DRAW, PASS, KNOCK, NEXT, JOIN)]
    pool += [Move(CALL, None, s) for s in range(-1, g.seats + 1)]
    for _ in range(4 * k):
        pool.append(Move(PLAY, rng.choice(full), rng.choice(targets)))
    cands = [m for m in pool if m not in legal]
    rng.shuffle(cands)
    return cands[:k]


def assert_illegal_refused(g: bones.Match, moves: list[Move]) -> None:
    before = g.clone()
    for m in moves:
        try:
            g.play(m)
        except bones.IllegalMove as e:
            assert str(e), "an IllegalMove must say what is wrong"
        else:  # pragma: no cover - the failure path
            raise AssertionError(f"illegal move {g.notation(m)} was accepted")
        assert g == before, f"refusing {g.notation(m)} changed the state"


def assert_json_round_trip(g: bones.Match) -> None:
    again = bones.loads(bones.dumps(g))
    assert again == g
    assert again.legal_moves() == g.legal_moves()


def assert_observation_hides(g: bones.Match) -> None:
    """A seat sees its own hand and only counts of the others and the boneyard; anyone
    watching (seat None) sees the same but no hand at all."""
    watching = g.observation(None)
    assert watching["seat"] is None and watching["hand"] is None
    public = {k: v for k, v in watching.items() if k not in ("seat", "hand")}
    for seat in range(g.seats):
        obs = g.observation(seat)
        text = repr(obs)
        assert isinstance(obs["boneyard"], int)
        assert all(isinstance(n, int) for n in obs["hand_sizes"])
        assert "boneyard_order" not in text
        assert {k: v for k, v in obs.items() if k not in ("seat", "hand")} == public
        assert obs["hand"] == g.hands[seat]
        # at a round's end every hand is shown to be counted (G10), and not before
        assert obs.get("shown") == ([list(h) for h in g.hands] if g.round_over else None)
        for other in range(g.seats):
            if other != seat and g.hands[other]:
                # the others' hands appear nowhere as lists of tiles
                assert obs.get("hand") != g.hands[other] or g.hands[other] == g.hands[seat]


def reshuffle_hidden(g: bones.Match, seat: int, rng: random.Random) -> bones.Match:
    """A copy of ``g`` whose hidden tiles (other hands, boneyard) are dealt again at
    random, sizes kept: the same observation for ``seat``, a different world."""
    h = g.clone()
    pool = [t for s in range(h.seats) if s != seat for t in h.hands[s]] + list(h.boneyard)
    rng.shuffle(pool)
    for s in range(h.seats):
        if s != seat:
            n = len(h.hands[s])
            h.hands[s], pool = pool[:n], pool[n:]
    h.boneyard = pool
    h._legal = None
    return h


def assert_seen_copy_is_the_observation(g: bones.Match, rng: random.Random) -> None:
    """``seen_by(seat)``, all a computer player is given, tells what ``seat`` sees and
    nothing more: its observation and (on its turn) its moves are the real game's, it
    is the same copy whatever the hidden tiles are, and it walks back move by move as
    the real game does (the reading of the others' plays undoes it to the round's
    start)."""
    for seat in range(g.seats):
        seen = g.seen_by(seat)
        assert seen.observation(seat) == g.observation(seat)
        if seat == g.turn or g.round_over:
            assert seen.legal_moves() == g.legal_moves()
        if not g.round_over:
            assert seen.hands[seat] == g.hands[seat]
            assert seen == reshuffle_hidden(g, seat, rng).seen_by(seat)
        real = g.clone()
        while real.history and real.history[-1][0].kind not in (NEXT, JOIN):
            assert seen.undo() == real.undo()
            assert seen.observation(seat) == real.observation(seat)


def _nothing_to_draw(g: bones.Match) -> bool:
    reserve = g.options.reserve() if hasattr(g.options, "reserve") else 0
    return len(g.boneyard) <= reserve


def anyone_can_play(g: bones.Match) -> bool:
    """Whether some seat holds a legal play now or at a turn it is sure to get while
    nobody plays: each seat that cannot play passes, and in Mexican Train its pass puts
    its marker up, so every seat's later turn is judged with every train open and
    only the last unsatisfied double owed (G9, M3, M6, S4). Built from each seat's own
    legal plays on a copy, not from the engine's blocked check."""
    if not g.round_over and any(m.kind == PLAY for m in g.legal_moves()):
        return True
    for s in range(g.seats):
        c = g.clone(keep_history=False)
        c.round_over, c.turn = False, s
        for name in ("owe", "drawn"):  # a later turn: no double of his own, no draw yet
            if hasattr(c, name):
                setattr(c, name, False)
        if hasattr(c, "markers"):
            c.markers = (True,) * c.seats
        if any(m.kind == PLAY for m in c._round_moves()):
            return True
    return False


def assert_over_only_when_it_should_be(g: bones.Match) -> None:
    """G9 / A7: a round ends when someone goes out (or, in All Fives, the target is
    reached), or when nothing is left to draw and nobody can play; then, at once."""
    if g.round_over and (g.out is not None or getattr(g, "ended", None) == "target"):
        assert not g.blocked
        return
    if g.round_over and g.history and g.history[-1][0].kind == JOIN:
        # G9: a late arrival joins between rounds; the round ended (and was judged) before
        # their seat and train existed, so they are no place to play in it
        return
    stuck = _nothing_to_draw(g) and not anyone_can_play(g)
    assert g.round_over == stuck, (
        "blocked while a seat can still play" if g.round_over
        else "nobody can play, yet the round goes on")
    assert g.blocked == stuck


# ---- the options each game's random play ranges over (property and conformance tests)
OPTION_CHANGES = {
    "mexican-train": st.fixed_dictionaries({}, optional={
        "double_rule": st.sampled_from(["anywhere", "on-double"]),
        "chain_doubles": st.booleans(),
        "must_play": st.booleans(),
        "drawn_playable": st.booleans(),
        "mexican_start": st.sampled_from(["any", "after-own-train"]),
        "knock_penalty": st.sampled_from([0, 2]),
        "blocked_blanks": st.booleans(),
        "start": st.sampled_from(["placed", "holder", "highest"]),
        "double_blank": st.sampled_from([0, 50]),
    }),
    "chicken-foot": st.fixed_dictionaries({}, optional={
        "centre_paths": st.sampled_from([4, 6]),
        "double_blank": st.sampled_from([0, 50]),
        "draw": st.sampled_from(["one", "until"]),
        "must_play": st.booleans(),
        "set_high": st.sampled_from([9, 12]),
        "first_double": st.sampled_from([None, 9, 5, 0]),
    }),
    "all-fives": st.fixed_dictionaries({}, optional={
        "target": st.sampled_from([250, 200, 150, 61]),
        "count_in_fives": st.booleans(),
        "two_player_hand": st.sampled_from([7, 9]),
        "draw": st.sampled_from(["until-play", "leave-two"]),
        "spinner": st.sampled_from(["first", "none", "every"]),
        "partners": st.booleans(),
        "next_leader": st.sampled_from(["winner", "clockwise"]),
        "stop_at_target": st.booleans(),
    }),
}
