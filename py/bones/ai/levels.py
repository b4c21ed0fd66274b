"""The generic core: levels, hints and the entry the browser worker calls.

A player is a function of what its seat may see. ``choose`` reads the seat's
``game.observation(seat)`` and the public ``game.legal_moves()`` (they depend only
on the seat's own hand and the layout) and nothing else. Hard builds its own
worlds from the observation (ai/world.py), never from the real hidden tiles.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..errors import BadData
from ..moves import CALL, JOIN, KNOCK, NEXT, PLAY, Move

LEVELS = ("easy", "normal", "hard")
HINT_LEVELS = ("normal", "hard")  # whose choice a hint shows

# game name -> policy module (each registers itself on import, see _policies()).
_POLICIES: dict = {}


def _policies() -> dict:
    if not _POLICIES:
        from . import mexican

        _POLICIES["mexican-train"] = mexican
        try:
            from . import chicken

            _POLICIES["chicken-foot"] = chicken
        except ImportError:  # pragma: no cover (the game module is not there yet)
            pass
        try:
            from . import allfives

            _POLICIES["all-fives"] = allfives
        except ImportError:  # pragma: no cover
            pass
    return _POLICIES


def policy_for(game) -> object:
    p = _policies().get(game.game)
    if p is None:
        raise ValueError(f"no computer player for {game.game!r} yet")
    return p


class Scored(NamedTuple):
    """A candidate move as a policy rates it: higher ``value`` is better."""

    value: float
    move: Move
    reason: str


class Hint(NamedTuple):
    move: Move
    notation: str
    reason: str
    level: str


def move_key(m: Move) -> tuple:
    """A canonical order of moves, so a hand's order never changes a choice."""
    t = m.tile
    return (m.kind, (t.hi, t.lo) if t is not None else (-1, -1),
            m.target if m.target is not None else -99)


def _rng_for(obs: dict, seat: int, seed, rng) -> random.Random:
    if rng is not None:
        return rng
    # Fixed by the seed and by public facts only (round, how many moves so far).
    return random.Random(f"ai/{seed}/{seat}/{obs['round']}/{len(obs['log'])}")


def _forced(legal: list[Move]) -> Move | None:
    """Moves every level makes without thinking: the only move; start the next
    round; call a player who forgot to knock; knock (it is free)."""
    if len(legal) == 1:
        return legal[0]
    if any(m.kind == NEXT for m in legal):
        return next(m for m in legal if m.kind == NEXT)
    for m in legal:
        if m.kind == CALL:
            return m
    for m in legal:
        if m.kind == KNOCK:
            return m
    return None


def choose(game, seat: int, level: str = "normal", *, seed=0, rng: random.Random | None = None,
           budget_ms: float | None = None, worlds: int | None = None) -> Move:
    """The move ``level`` makes for ``seat`` (whose turn it must be).

    ``seed`` (or an explicit ``rng``) fixes every random choice. Hard thinks for
    ``budget_ms`` (default 300 ms) or, when ``worlds`` is given, for exactly that many
    sampled deals (reproducible, as the arena uses it).
    """
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if game.turn != seat and not game.round_over:
        raise ValueError(f"it is seat {game.turn}'s turn, not seat {seat}'s")
    legal = sorted(game.legal_moves(), key=move_key)
    if not legal:
        raise ValueError("the match is over: there is no move to make")
    f = _forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        return f
    obs = game.observation(seat)
    r = _rng_for(obs, seat, seed, rng)
    pol = policy_for(game)
    if level == "easy":
        return pol.easy(game, obs, legal, r)
    ranked = pol.normal(game, obs, legal, r)
    if level == "normal":
        return ranked[0].move
    from .search import pimc

    return pimc(game, seat, obs, legal, ranked, r, budget_ms=budget_ms, worlds=worlds).move


def hint(game, seat: int, level: str = "normal", *, seed=0, budget_ms: float | None = None,
         worlds: int | None = None) -> Hint:
    """The Normal (or Hard) choice for ``seat`` with a short reason in plain words."""
    if level not in HINT_LEVELS:
        raise ValueError("a hint shows the normal or the hard choice")
    legal = sorted(game.legal_moves(), key=move_key)
    if not legal:
        raise ValueError("the match is over: there is no move to make")
    if game.turn != seat and not game.round_over:
        raise ValueError(f"it is seat {game.turn}'s turn, not seat {seat}'s")
    f = _forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        why = {NEXT: "Start the next round.",
               CALL: "Call them: they did not knock on their last bone.",
               KNOCK: "Knock: you are about to play down to your last bone, and the "
                      "rules ask you to say so."}.get(f.kind, "It is the only move you have.")
        if len(legal) == 1 and f.kind not in (NEXT,):
            why = "It is the only move you have."
        return Hint(f, game.notation(f), why, level)
    obs = game.observation(seat)
    r = _rng_for(obs, seat, seed, None)
    pol = policy_for(game)
    ranked = pol.normal(game, obs, legal, r)
    if level == "normal":
        best = ranked[0]
        return Hint(best.move, game.notation(best.move), best.reason, level)
    from .search import pimc

    res = pimc(game, seat, obs, legal, ranked, r, budget_ms=budget_ms, worlds=worlds)
    why = next((s.reason for s in ranked if s.move == res.move), "")
    if hasattr(pol, "hint_words"):  # a policy may put the choice in words its own way
        words = pol.hint_words(game, seat, obs, res.move, r)
    else:
        words = pol.outcome_words(res.mean, game) if hasattr(pol, "outcome_words") else ""
    extra = (f" In {res.worlds} likely deals of the hidden tiles this did best"
             f"{words}.") if res.worlds else ""
    return Hint(res.move, game.notation(res.move), (why + extra).strip(), level)


def plural(n: int, word: str) -> str:
    """``plural(1, "tile")`` -> "1 tile", ``plural(3, "tile")`` -> "3 tiles"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def why_only(reason: str) -> str:
    """A hint's reason without the move it starts with ("Play 6-4 on line 2: it
    scores 10." -> "It scores 10."), for a page that already names the move."""
    head, sep, rest = reason.partition(": ")
    if sep and head.split(" ", 1)[0] in ("Play", "Draw", "Pass", "Knock") and rest:
        return rest[0].upper() + rest[1:]
    return reason


# ---- the AI worker's messages (web/ai-worker.py): both ways checked ----------------------------
MAX_BUDGET_MS = 10_000  # the most a worker may be asked to think (the page asks 300 to 500)
MAX_ANSWER = 10_000  # characters of the worker's answer: a move, or a hint's few sentences


def _load(save_json):
    from ..record import loads

    return loads(save_json) if isinstance(save_json, str | bytes) else save_json


def _request(game, seat, level: str, seed, budget_ms, levels=LEVELS) -> tuple:
    """The worker's arguments as sent by the page (JavaScript numbers and text), checked:
    a refusal is a BadData saying which one is wrong, never a search that never ends."""
    if isinstance(seat, float) and seat.is_integer():
        seat = int(seat)
    if type(seat) is not int or not 0 <= seat < game.seats:
        raise BadData(f"the AI worker was asked about seat {str(seat)[:20]!r}: not a seat here")
    if not isinstance(level, str) or level not in levels:
        raise BadData(f"the AI worker knows the levels {', '.join(levels)}, not "
                      f"{str(level)[:20]!r}")
    if type(seed) not in (int, str) or len(str(seed)) > 100:
        raise BadData(f"the AI worker's seed is not a short number or text: {str(seed)[:20]!r}")
    if budget_ms is not None and (type(budget_ms) not in (int, float)
                                  or not 1 <= budget_ms <= MAX_BUDGET_MS):  # NaN too
        raise BadData(f"the AI worker's time is 1 to {MAX_BUDGET_MS} ms, not "
                      f"{str(budget_ms)[:20]}")
    if game.turn != seat and not game.round_over or not game.legal_moves():
        raise BadData(f"the AI worker was asked about seat {seat}, whose turn it is not")
    return seat, level, seed, budget_ms


def choose_from_json(save_json, seat: int, level: str = "normal", seed=0,
                     budget_ms: float | None = None) -> str:
    """For the browser worker: a save (``bones.dumps``) in, the move's notation out.
    Every argument is checked first (BadData)."""
    g = _load(save_json)
    seat, level, seed, budget_ms = _request(g, seat, level, seed, budget_ms)
    return g.notation(choose(g, seat, level, seed=seed, budget_ms=budget_ms))


def hint_from_json(save_json, seat: int, level: str = "normal", seed=0,
                   budget_ms: float | None = None, worlds: int | None = None) -> dict:
    """For the browser worker: ``{"move": notation, "reason": words, "level": level}``."""
    g = _load(save_json)
    seat, level, seed, budget_ms = _request(g, seat, level, seed, budget_ms, HINT_LEVELS)
    h = hint(g, seat, level, seed=seed, budget_ms=budget_ms, worlds=worlds)
    return {"move": h.notation, "reason": h.reason, "level": h.level}


def read_choice(game, text) -> Move:
    """The worker's move as the page reads it: a legal move here, or BadData."""
    if not isinstance(text, str) or len(text) > 40:
        raise BadData(f"the AI worker's move is not a move: {str(text)[:40]!r}")
    try:
        move = game.parse(text)
    except ValueError:
        move = None
    if move is None or move not in game.legal_moves():
        raise BadData(f"the AI worker's move is not a legal move here: {text!r}")
    return move


def read_hint(game, text) -> Hint:
    """The worker's hint (JSON text) as the page reads it, or BadData."""
    from ..inbound import fields, read_json

    d = fields(read_json(text, "the AI worker's hint", MAX_ANSWER), "the AI worker's hint",
               {"move", "reason", "level"})
    if not isinstance(d["reason"], str) or d["level"] not in HINT_LEVELS:
        raise BadData("the AI worker's hint has no reason in words or no level")
    return Hint(read_choice(game, d["move"]), d["move"], d["reason"], d["level"])


def is_play(m: Move) -> bool:
    return m.kind == PLAY
