"""What every game's computer player provides (``Policy``), the settings it plays by
(``Tuning``), and the small pieces the levels, the search and the policies share.

A game's policy (ai/mexican.py, ai/chicken.py, ai/allfives.py) is a class built with a
``Tuning``; ``levels.choose`` asks the game's policy for Easy's move and Normal's ranking,
and Hard's search (ai/search.py, ai/world.py) asks it for worlds and play-outs. Every
hook is declared here and every policy defines every hook: a hook a game has no use for
returns None (``exact``, ``reads``, ``shun``, ``agreement``).

``Tuning`` is frozen: the arena and the research scripts try a setting with
``Tuning.with_(path, value)`` (``dataclasses.replace`` at that path) and pass the result
on explicitly; nothing changes a module's globals.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ..moves import CALL, KNOCK, NEXT, Move


class Scored(NamedTuple):
    """A candidate move as a policy rates it: higher ``value`` is better."""

    value: float
    move: Move
    reason: str


def move_key(m: Move) -> tuple:
    """A canonical order of moves, so a hand's order never changes a choice."""
    t = m.tile
    return (m.kind, (t.hi, t.lo) if t is not None else (-1, -1),
            m.target if m.target is not None else -99)


def forced(legal: list[Move]) -> Move | None:
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


def rng_for(obs: dict, seat: int, seed, rng) -> random.Random:
    if rng is not None:
        return rng
    # Fixed by the seed and by public facts only (round, how many moves so far).
    return random.Random(f"ai/{seed}/{seat}/{obs['round']}/{len(obs['log'])}")


def plural(n: int, word: str) -> str:
    """``plural(1, "tile")`` -> "1 tile", ``plural(3, "tile")`` -> "3 tiles"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


# ---- Tuning ------------------------------------------------------------------------------
# Each value's evidence: docs/ai.md (Tuning) and docs/ai-decisions.md.

@dataclass(frozen=True)
class Hard:
    """Hard's search in one game."""

    budget_ms: float = 70.0  # thinking time outside the page (the page sets its own)
    arena_worlds: int = 100  # worlds per move in the arena, in place of the time
    model_tries: int = 0  # deal a seat again when Normal would not have played so (0: off)
    model_keep: int = 2  # ... reading its last this many plays since its last draw


@dataclass(frozen=True)
class Search:
    """Hard's search, every game (ai/search.py)."""

    top: int = 10  # Normal's best this many plays are the candidates
    margin: float = 0.5  # standard errors a move must beat Normal's choice by
    prune_every: int = 8  # worlds between eliminations
    prune_z: float = 2.5  # a candidate this many standard errors behind is dropped
    hint_worlds: int = 60  # deals a Hard hint plays its move out in again, for its words


@dataclass(frozen=True)
class MexicanTuning:
    orphan_w: float = 1.0  # Normal: pips of a tile with no place in the plan
    chain_w: float = 0.3  # pips of a tile the plan will lay on your own train
    chain_len_w: float = 3.0  # each tile of the plan
    close_bonus: float = 25.0  # taking your marker off
    double_follow: float = 12.0  # a double you can follow
    double_stuck: float = -25.0  # a double you cannot follow
    win_bonus: float = 50.0  # Hard: winning the round is worth this many pips
    shun_slack: float | None = 0.0  # a dump's heavier unseen tiles (None: no reading)
    eval_orphan_w: float = 0.354  # an unfinished play-out: pips outside the chain
    eval_chain_w: float = 0.106  # ... and in it
    hard: Hard = Hard(budget_ms=70.0, arena_worlds=100, model_tries=30, model_keep=2)


@dataclass(frozen=True)
class ChickenTuning:
    shed_w: float = 1.0  # Normal: pips out of the hand
    flex_w: float = 1.5  # each tile left that fits the ends after the play
    double_follow: float = 14.0
    double_stuck: float = -20.0
    win_bonus: float = 50.0
    shun_slack: float | None = 3.0
    hard: Hard = Hard(budget_ms=70.0, arena_worlds=300, model_tries=30, model_keep=2)


# All Fives Normal's weights (allfives.play_features), fitted by research/af_fit.py.
AF_WEIGHTS = (
    ("pts", 1.0), ("risk", -1.248), ("counter", 0.736), ("shed", -0.056),
    ("double", 0.411), ("follow", -1.319), ("lock", 0.327), ("diverse", 0.065),
    ("match", 0.361), ("stuck", -2.053), ("lockmatch", -2.478), ("lockpass", -5.625),
    ("ahead_follow", -0.389), ("ahead_risk", 0.101), ("lose", -2.345), ("orphan", -4.267),
    ("thin", 0.808), ("deaddouble", -1.992), ("outrisk", -1.105), ("late_shed", -0.451),
)


@dataclass(frozen=True)
class AllFivesTuning:
    weights: tuple = AF_WEIGHTS  # Normal: (term, weight) for each play_features term
    fast_lock: float = 8.0  # play-outs: a play the next player cannot follow
    fast_stuck: float = 4.0  # play-outs: a play after which none of mine fits (less)
    eq_k: float = 0.93  # two players: the chance of winning the game from a hand's end
    eq_lead: float = 1.55
    eq_c: float = 4.0
    win: float = 300.0  # a game won (lost) counts +win (-win)
    endgame: bool = True  # two players, little left to draw: search the hand to its end
    endgame_nodes: int = 600  # positions searched at most
    endgame_bone: int = 2  # searched with this many tiles or fewer left to draw
    hard: Hard = Hard(budget_ms=30.0, arena_worlds=300)


@dataclass(frozen=True)
class Tuning:
    """Every setting of the computer players, one frozen value passed explicitly."""

    search: Search = field(default_factory=Search)
    mexican: MexicanTuning = field(default_factory=MexicanTuning)
    chicken: ChickenTuning = field(default_factory=ChickenTuning)
    allfives: AllFivesTuning = field(default_factory=AllFivesTuning)

    def with_(self, path: str, value) -> Tuning:
        """A copy with the setting at ``path`` ("mexican.hard.model_tries") changed
        (``dataclasses.replace`` at each level); a path that names no setting is a
        ValueError."""
        head, _dot, rest = path.partition(".")
        if not dataclasses.is_dataclass(self) or head not in {f.name for f in
                                                               dataclasses.fields(self)}:
            raise ValueError(f"no setting {path!r} in the computer players' tuning")
        if rest:
            inner = getattr(self, head)
            if not dataclasses.is_dataclass(inner):
                raise ValueError(f"no setting {path!r} in the computer players' tuning")
            value = Tuning.with_(inner, rest, value)
        return dataclasses.replace(self, **{head: value})

    def setting(self, path: str):
        """The value at ``path``."""
        out = self
        for part in path.split("."):
            if not dataclasses.is_dataclass(out) or part not in {
                    f.name for f in dataclasses.fields(out)}:
                raise ValueError(f"no setting {path!r} in the computer players' tuning")
            out = getattr(out, part)
        return out

    def with_text(self, item: str) -> Tuning:
        """``PATH=VALUE`` (VALUE a Python literal), as the arena's ``--set`` reads it."""
        path, eq, text = item.partition("=")
        if not eq:
            raise ValueError(f"expected PATH=VALUE, not {item!r}")
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"{item!r}: the value must be a Python literal") from None
        return self.with_(path.strip(), value)


DEFAULT = Tuning()


# ---- Policy ------------------------------------------------------------------------------

class Policy(Protocol):
    """One game's computer player. ``obs`` is ``game.observation(seat)``; ``legal`` the
    legal moves in ``move_key`` order; a ``world`` is a clone of the game with the
    hidden tiles dealt from an observation (ai/world.py)."""

    game: str  # the game's name, as ``Match.game``
    tuning: Tuning
    hard: Hard  # this game's search settings (``tuning.<game>.hard``)

    # The levels
    def easy(self, match, obs: dict, legal: list, rng: random.Random) -> Move:
        """Easy's move."""
        ...

    def normal(self, match, obs: dict, legal: list, rng: random.Random) -> list[Scored]:
        """Every legal move with Normal's rating and reason, best first."""
        ...

    def exact(self, match, obs: dict, ranked: list[Scored]) -> tuple | None:
        """``(move, value)`` when the rest of the round can be solved outright."""
        ...

    # Hard's worlds (ai/world.py)
    def worlds(self, match, seat: int, obs: dict) -> Callable[[random.Random], object]:
        """``sample(rng) -> world``: Hard's worlds for ``seat`` (``world.world_sampler``
        reading the hooks below; a research script may deal others, as an oracle)."""
        ...

    def set_high(self, match) -> int:
        """The highest number of the set."""
        ...

    def table_tiles(self, obs: dict) -> list:
        """Every tile on the table."""
        ...

    def lacks(self, match, obs: dict) -> list | tuple | None:
        """Per seat, the numbers none of its tiles holds."""
        ...

    def reads(self, match, obs: dict) -> list | None:
        """Per seat, one set of numbers each of its tiles lacks (ai/reading.py)."""
        ...

    def shun(self, match, obs: dict, unseen: list) -> list | None:
        """Per seat, single unseen tiles it most likely does not hold."""
        ...

    def agreement(self, state, seat: int, move: Move) -> Callable | None:
        """``agrees(hand)``: would Normal have played ``move`` holding ``hand``? (None:
        ask ``normal`` through the engine)."""
        ...

    # Hard's play-outs (ai/search.py)
    def fast(self, world, rng: random.Random) -> Move:
        """The play-out policy's move at the seat to play."""
        ...

    def outcome(self, world, seat: int) -> float:
        """A finished play-out, for ``seat`` (higher is better)."""
        ...

    def playout(self, world, seat: int, move: Move, seed: int) -> float:
        """``move`` played in ``world`` and the round played out with ``fast``: its
        ``outcome``. ``world`` is not changed."""
        ...

    def hint_words(self, match, seat: int, obs: dict, move: Move, rng: random.Random,
                   mean: float) -> str:
        """What Hard's choice (whose search value was ``mean``) did, in words."""
        ...
