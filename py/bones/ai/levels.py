"""The generic core: levels, hints and the entry the browser worker calls.

A player is a function of what its seat may see. ``choose`` and ``hint`` hand a
policy ``game.seen_by(seat)`` (the match with every hidden tile dealt out again in a
fixed order, no seed) and its ``observation(seat)``, never the real game. Hard builds
its own worlds from them (ai/world.py): the hidden tiles it imagines are its own.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..errors import BadData
from ..moves import CALL, JOIN, KNOCK, NEXT, Move
from .allfives import AllFivesPolicy
from .chicken import ChickenFootPolicy
from .mexican import MexicanTrainPolicy
from .policy import DEFAULT, Policy, Scored, Tuning, forced, move_key, plural, rng_for
from .search import pimc

__all__ = ["HINT_LEVELS", "LEVELS", "POLICIES", "Hint", "Scored", "choose", "choose_from_json",
           "hint", "hint_from_json", "move_key", "plural", "policy_for",
           "read_choice", "read_hint", "why_only"]

LEVELS = ("easy", "normal", "hard")
HINT_LEVELS = ("normal", "hard")  # whose choice a hint shows

# game id -> its computer player's class (ai/policy.py: Policy): the AI registers each
# game's player here, by the id bones.games knows the game by
POLICIES: dict[str, type] = {p.game: p for p in (MexicanTrainPolicy, ChickenFootPolicy,
                                                 AllFivesPolicy)}


def policy_for(match, tuning: Tuning = DEFAULT) -> Policy:
    """The computer player of ``match``'s game (``POLICIES``), playing by ``tuning``."""
    p = POLICIES.get(match.game)
    if p is None:
        raise ValueError(f"no computer player for {match.game!r} yet")
    return p(tuning)


class Hint(NamedTuple):
    move: Move
    notation: str
    reason: str
    level: str


def choose(match, seat: int, level: str = "normal", *, seed=0, rng: random.Random | None = None,
           budget_ms: float | None = None, worlds: int | None = None,
           tuning: Tuning = DEFAULT, policy: Policy | None = None) -> Move:
    """The move ``level`` makes for ``seat`` (whose turn it must be), playing by
    ``tuning`` (or as ``policy``, a research variant of the game's player, plays).

    ``seed`` (or an explicit ``rng``) fixes every random choice. Hard thinks for
    ``budget_ms`` (default: the game's ``Hard.budget_ms``, 70 ms for the train games
    and 30 for All Fives; the page asks for its own) or, when ``worlds`` is given, for
    exactly that many sampled deals (reproducible, as the arena uses it).
    """
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if match.turn != seat and not match.round_over:
        raise ValueError(f"it is seat {match.turn}'s turn, not seat {seat}'s")
    legal = sorted(match.legal_moves(), key=move_key)
    if not legal:
        raise ValueError("the match is over: there is no move to make")
    f = forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        return f
    match = match.seen_by(seat)  # the player thinks on what its seat sees, nothing more
    obs = match.observation(seat)
    r = rng_for(obs, seat, seed, rng)
    pol = policy or policy_for(match, tuning)
    if level == "easy":
        return pol.easy(match, obs, legal, r)
    ranked = pol.normal(match, obs, legal, r)
    if level == "normal":
        return ranked[0].move
    return pimc(match, seat, obs, ranked, r, pol, budget_ms=budget_ms, worlds=worlds).move


def hint(match, seat: int, level: str = "normal", *, seed=0, budget_ms: float | None = None,
         worlds: int | None = None, tuning: Tuning = DEFAULT) -> Hint:
    """The Normal (or Hard) choice for ``seat`` with a short reason in plain words."""
    if level not in HINT_LEVELS:
        raise ValueError("a hint shows the normal or the hard choice")
    legal = sorted(match.legal_moves(), key=move_key)
    if not legal:
        raise ValueError("the match is over: there is no move to make")
    if match.turn != seat and not match.round_over:
        raise ValueError(f"it is seat {match.turn}'s turn, not seat {seat}'s")
    f = forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        why = {NEXT: "Start the next round.",
               CALL: "Call them: they did not knock on their last bone.",
               KNOCK: "Knock: you are about to play down to your last bone, and the "
                      "rules ask you to say so."}.get(f.kind, "It is the only move you have.")
        if len(legal) == 1 and f.kind not in (NEXT,):
            why = "It is the only move you have."
        return Hint(f, match.notation(f), why, level)
    match = match.seen_by(seat)
    obs = match.observation(seat)
    r = rng_for(obs, seat, seed, None)
    pol = policy_for(match, tuning)
    ranked = pol.normal(match, obs, legal, r)
    if level == "normal":
        best = ranked[0]
        return Hint(best.move, match.notation(best.move), best.reason, level)
    res = pimc(match, seat, obs, ranked, r, pol, budget_ms=budget_ms, worlds=worlds)
    why = next((s.reason for s in ranked if s.move == res.move), "")
    words = pol.hint_words(match, seat, obs, res.move, r, res.mean)
    extra = (f" In {res.worlds} likely deals of the hidden tiles this did best"
             f"{words}.") if res.worlds else ""
    return Hint(res.move, match.notation(res.move), (why + extra).strip(), level)


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


def _request(match, seat, level: str, seed, budget_ms, levels=LEVELS) -> tuple:
    """The worker's arguments as sent by the page (JavaScript numbers and text), checked:
    a refusal is a BadData saying which one is wrong, never a search that never ends."""
    if isinstance(seat, float) and seat.is_integer():
        seat = int(seat)
    if type(seat) is not int or not 0 <= seat < match.seats:
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
    if match.turn != seat and not match.round_over or not match.legal_moves():
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


def read_choice(match, text) -> Move:
    """The worker's move as the page reads it: a legal move here, or BadData."""
    if not isinstance(text, str) or len(text) > 40:
        raise BadData(f"the AI worker's move is not a move: {str(text)[:40]!r}")
    try:
        move = match.parse(text)
    except ValueError:
        move = None
    if move is None or move not in match.legal_moves():
        raise BadData(f"the AI worker's move is not a legal move here: {text!r}")
    return move


def read_hint(match, text) -> Hint:
    """The worker's hint (JSON text) as the page reads it, or BadData."""
    from ..inbound import fields, read_json

    d = fields(read_json(text, "the AI worker's hint", MAX_ANSWER), "the AI worker's hint",
               {"move", "reason", "level"})
    if not isinstance(d["reason"], str) or d["level"] not in HINT_LEVELS:
        raise BadData("the AI worker's hint has no reason in words or no level")
    return Hint(read_choice(match, d["move"]), d["move"], d["reason"], d["level"])
