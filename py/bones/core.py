"""What every game shares: a match you push moves onto and pop them off.

A game module subclasses ``Match`` and fills in the round: dealing, legal
moves, applying and reverting a move, scoring. ``Match`` keeps the rest:
the seed, the move history (enough to replay, undo and save any match),
rounds and totals, late arrivals, standings, notation and JSON.

Hot path: ``legal_moves()`` is cached per position and ``play()`` checks a
move against that list, so a random play-out costs one generation per move.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any, ClassVar

from . import moves as mv
from .deals import Deck, check_seat, draw_for_first_player
from .errors import IllegalMove
from .fair_seed import Sealed, Shuffler
from .games import MATCHES as GAMES
from .games import presets_of
from .house import HouseRules
from .house_settings import catalogue_fields
from .moves import Move
from .presets import PRESETS
from .tiles import Tile

_UNCOPIED = ("history", "_legal", "options", "deals", "seed", "preset", "rules", "house",
             "fair")

# The edition of the rules a match is played by, saved as the save's format version
# (record.py). 2: the sheets as today. 1: matches saved before the sheets' own first
# player, replayed as they were played: the first player found from the round number
# (G4, shifting after a late arrival), a round blocked after a pass by every seat in a row
# (G9, A7), and drawing allowed while holding a tile for an owed double (M5, M6, S4, F4, F5).
RULES = 2
SAVE_FORMAT = "rally-dominoes"  # a saved match's "format" (record.py)



class Match:
    """A match; ``history`` holds (move, seat, token): ``_revert(move, token)`` undoes it."""

    game: ClassVar[str] = ""  # the game's id, as bones.games registers it
    options_type: ClassVar[type]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    lower_wins: ClassVar[bool] = True
    default_preset: ClassVar[str] = ""
    knocks: ClassVar[bool] = True  # G6: a player knocks as they play down to one bone
    lead_purpose: ClassVar[str] = "first-player"  # the shuffle of the draw for the lead

    def __init__(self, *, seats: int, options: Any, seed: int | str | None = None,
                 deal: dict | list | None = None, preset: str | None = None,
                 rules: int = RULES, house: HouseRules | None = None,
                 fair: list[Sealed] | None = None):
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.game} is played by {self.min_seats} to {self.max_seats} "
                             f"players, not {seats!r}")
        options.check(seats)
        self.options = options
        self.preset = preset
        self.rules = rules
        # The club's house rules the match is played by (bones.house), whole: their name
        # and sheet for headers and score sheets; None for a sheet as printed.
        self.house = house
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**48)
        self.deals = [deal] if isinstance(deal, dict) else list(deal or [])
        # One seal a round, from round one (fair_seed.py): a round that has one is dealt
        # (and round one's draw for first player drawn) from its seed, not from ``seed``.
        self.fair: list[Sealed] = list(fair or [])
        if any(type(f) is not Sealed for f in self.fair):
            raise ValueError("fair: each round's deal code must be a Sealed")
        if self.fair and self.deals:
            raise ValueError("a stacked deal cannot also be a committed one")
        self.initial_seats = seats
        self.seats = seats
        self.round_number = 1
        self.round_scores: list[list[int | None]] = []
        self.totals = [0] * seats
        self.history: list[tuple[Move, int | None, Any]] = []
        self._legal: tuple[int, tuple[Move, ...]] | None = None
        self._setup_match()
        self._start_round()

    # ---- what a game module provides -------------------------------------------------
    def _setup_match(self) -> None:
        """Once per match, before the first round (e.g. the draw for first player)."""

    def _start_round(self) -> None:
        raise NotImplementedError

    @classmethod
    def round_deck(cls, options: Any, seats: int, round_number: int) -> Deck:
        """The tiles a round shuffles and how they are dealt (deals.Deck), by the rules."""
        raise NotImplementedError

    @classmethod
    def lead_draw(cls, options: Any, seats: int, rng: Any) -> list:
        """Every round of the draw for first player before round one, as lists of
        ``(seat, tile)``, drawn with ``rng`` (``lead_purpose``'s; none: no draw)."""
        return []

    def _round_moves(self) -> list[Move]:
        """Legal moves while the round is in progress."""
        raise NotImplementedError

    def _apply(self, move: Move) -> Any:
        """Apply a legal in-round move; return what ``_revert`` needs to take it back."""
        raise NotImplementedError

    def _revert(self, move: Move, token: Any) -> None:
        raise NotImplementedError

    def _score_round(self) -> list[int]:
        raise NotImplementedError

    def _explain(self, move: Move) -> IllegalMove:
        """Why a move that is not legal here is refused, citing the rule."""
        return IllegalMove(f"{self.notation(move)} is not a legal move here")

    def _matches_over(self) -> bool:
        return self.round_number >= self.options.rounds

    def _can_join(self) -> bool:
        return self.seats < self.max_seats

    def _add_seat(self) -> None:
        """A late arrival has joined (``self.seats`` already counts them)."""

    def _observe(self) -> dict:
        """What every seat sees of the game's own state (the layout, its duties...)."""
        return {}

    def target_name(self, target: int) -> str:
        return str(target)

    def target_number(self, name: str) -> int:
        try:
            return int(name)
        except ValueError:
            raise IllegalMove(f"there is no place to play called {name!r}",
                              rule="notation") from None

    # ---- state every game has -----------------------------------------------------------
    round_over: bool = False
    turn: int | None = None

    @property
    def match_over(self) -> bool:
        return self.round_over and self._matches_over()

    def clone(self, keep_history: bool = True) -> Match:
        """A copy that shares nothing mutable with this one (for search and what-ifs).

        Lists are copied two levels deep (hands, trains); everything else a game keeps
        is immutable. Without history the copy cannot undo past this point, and is cheap.
        """
        c = object.__new__(type(self))
        d = self.__dict__.copy()
        for k, v in d.items():
            if type(v) is list:
                d[k] = [x[:] if type(x) is list else x for x in v]
        if not keep_history:
            d["history"] = []
        d["_legal"] = None
        c.__dict__ = d
        return c

    def next_game_options(self) -> dict | None:
        """Options for a new match by the same players, as the rules carry them over
        from this one (None: nothing carries over)."""
        return None

    def all_tiles(self) -> list:
        """Every tile of the set wherever it is (for checks that none is lost)."""
        raise NotImplementedError

    def _first_player_draw(self, set_high: int) -> None:
        """G3: sets ``first_seat`` (and ``first_draw``, every round of drawing, for the
        table to show), unless the first round's deal names the ``first`` seat."""
        deal = self.deals[0] if self.deals else None
        if deal and "first" in deal:
            self.first_seat = check_seat(deal["first"], self.seats)
            self.first_draw = []
        else:
            self.first_seat, self.first_draw = draw_for_first_player(
                self.seats, set_high, self.rng(self.lead_purpose))

    def rng(self, purpose: str) -> random.Random | Shuffler:
        """A generator fixed by the match seed and a purpose: every shuffle reproduces.
        A round with a seal (``fair``) shuffles from the seal's seed instead."""
        i = self.round_number - 1
        if i < len(self.fair):
            return Shuffler(self.fair[i].seed, purpose)
        return random.Random(f"{self.seed}/{purpose}")

    def round_deal(self) -> dict | None:
        """The explicit deal for the current round, if the match was given one."""
        i = self.round_number - 1
        return self.deals[i] if i < len(self.deals) else None

    # ---- the interface -------------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves allowed now: a tuple, cached per position, that no caller can change."""
        n = len(self.history)
        if self._legal is not None and self._legal[0] == n:
            return self._legal[1]
        if not self.round_over:
            moves = tuple(self._round_moves())
        elif self._matches_over():
            moves = ()
        else:
            moves = (mv.NEXT_MOVE, mv.JOIN_MOVE) if self._can_join() else (mv.NEXT_MOVE,)
        self._legal = (n, moves)
        return moves

    def play(self, move: Move | str) -> Move:
        """Apply a move (a Move or its notation) or raise IllegalMove, changing nothing."""
        if isinstance(move, str):
            move = self.parse(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        if move not in self.legal_moves():
            raise self._why_not(move)
        self._push(move)
        return move

    def _push(self, move: Move) -> None:
        seat = self.turn
        kind = move.kind
        if kind == mv.NEXT or kind == mv.JOIN:
            token = self._between_rounds(kind)
            seat = None
        else:
            token = self._apply(move)
            if self.round_over:
                token = (token, self._record_scores())
        self.history.append((move, seat, token))

    def undo(self) -> Move:
        """Take back the last move exactly. Raises IndexError at the start of the match."""
        if not self.history:
            raise IndexError("nothing to undo: no move has been played")
        move, _seat, token = self.history.pop()
        self._legal = None
        if move.kind == mv.NEXT or move.kind == mv.JOIN:
            self._restore(token)
        else:
            if self.round_over:
                token, scores = token
                self._unrecord_scores(scores)
            self._revert(move, token)
        return move

    def _why_not(self, move: Move) -> IllegalMove:
        if self.match_over:
            return IllegalMove("the match is over: no more moves", rule="match")
        if self.round_over:
            if move.kind == mv.JOIN:
                return IllegalMove("no seat is free for a late arrival (8 at most, and the "
                                   "tiles must go round)", rule="G7")
            return IllegalMove("the round is over: the next move is 'next' (start the next "
                               "round) or 'join' (a late arrival)", rule="G9")
        if move.kind in (mv.NEXT, mv.JOIN):
            return IllegalMove("the round is still being played; a late arrival joins between "
                               "rounds", rule="G7")
        return self._explain(move)

    # ---- rounds, totals, late arrivals -------------------------------------------------------
    def _record_scores(self) -> list[int]:
        scores = self._score_round()
        self.round_scores.append(list(scores))
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        return scores

    def _unrecord_scores(self, scores: list[int]) -> None:
        self.round_scores.pop()
        self.totals = [t - s for t, s in zip(self.totals, scores, strict=True)]

    def _snapshot(self) -> dict:
        return {k: copy.deepcopy(v) for k, v in vars(self).items() if k not in _UNCOPIED}

    def _restore(self, snap: dict) -> None:
        for k in [k for k in vars(self) if k not in _UNCOPIED and k not in snap]:
            delattr(self, k)
        self.__dict__.update(copy.deepcopy(snap))

    def _between_rounds(self, kind: str) -> dict:
        snap = self._snapshot()
        if kind == mv.JOIN:
            # G7: a late arrival joins at the next round with the highest total.
            self.seats += 1
            self.totals.append(max(self.totals))
            for row in self.round_scores:
                row.append(None)
            self._add_seat()
        else:
            self.round_number += 1
            self._start_round()
        return snap

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total) best first; tied totals share a place."""
        order = sorted(range(self.seats), key=lambda s: self.totals[s],
                       reverse=not self.lower_wins)
        place = places(self.totals, self.lower_wins)
        return [(place[s], s, self.totals[s]) for s in order]

    # ---- notation, observation, equality ------------------------------------------------------
    def notation(self, move: Move) -> str:
        return mv.format_move(move, self.target_name)

    def parse(self, text: str) -> Move:
        return mv.parse_move(text, self.target_number)

    def moves_played(self) -> list[str]:
        return [self.notation(m) for m, _s, _t in self.history]

    def observation(self, seat: int | None) -> dict:
        """Everything ``seat`` may see, and nothing more: no other hand, no boneyard order.
        ``seat`` None: what anyone watching sees (``hand`` None), as a screen shared by
        players shows between their turns."""
        if seat is not None and not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at this table")
        obs = {
            "game": self.game,
            "seat": seat,
            "seats": self.seats,
            "round": self.round_number,
            "turn": self.turn,
            "round_over": self.round_over,
            "match_over": self.match_over,
            "totals": list(self.totals),
            "round_scores": [list(r) for r in self.round_scores],
            "log": [(s, self.notation(m)) for m, s, _t in self.history],
        }
        obs["hand"] = None if seat is None else list(self.hands[seat])
        obs["hand_sizes"] = [len(h) for h in self.hands]
        obs["boneyard"] = len(self.boneyard)
        obs.update(self._observe())
        if self.round_over:  # the bones are shown to be counted (G10)
            obs["shown"] = [list(h) for h in self.hands]
        return obs

    def seen_by(self, seat: int) -> Match:
        """The match as ``seat`` sees it, for a computer player to think on (ai/levels.py
        hands it nothing else): the seat's own hand as it is, every tile it cannot see
        (the others' hands, the boneyard) dealt out again in the tiles' order, sizes
        kept, and no seed, set deal or round's secret to work the tiles out from (once the round is
        over, the hands are all shown). The moves so far stay, so the layout can be
        walked back. What the player imagines of the hidden tiles
        it deals into these places itself (ai/world.py)."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at this table")
        view = self.clone()
        view.seed = f"seen/{seat}"
        view.deals = []
        view.fair = []
        if self.round_over:  # every hand is shown (G10); only the next deals stay hidden
            return view
        hidden = sorted([t for s, h in enumerate(view.hands) if s != seat for t in h]
                        + view.boneyard)
        for s, h in enumerate(view.hands):
            if s != seat:
                view.hands[s], hidden = hidden[:len(h)], hidden[len(h):]
        view.boneyard = hidden
        return view

    def _state(self) -> dict:
        d = {k: v for k, v in vars(self).items() if k not in ("history", "_legal")}
        d["history"] = [(m, s) for m, s, _t in self.history]
        return d

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict:
        """The match as a save (record.py reads it back): its start and its moves, the
        house rules whole if it is played by any, and the rounds' deal codes if sealed."""
        d = {
            "format": SAVE_FORMAT,
            "version": self.rules,
            "game": self.game,
            "preset": self.preset,
            "seats": self.initial_seats,
            "options": options_dict(self.options),
            "seed": self.seed,
            "deal": [_plain_deal(d) for d in self.deals],
            "moves": self.moves_played(),
        }
        if self.fair:
            d["fair"] = [f.to_json() for f in self.fair]
        if self.house is not None:
            d["house"] = self.house.to_dict()
        return d


def places(totals: list[int], lower_wins: bool) -> list[int]:
    """Each total's place, in the given order: equal totals share a place (1, 1, 3)."""
    sign = 1 if lower_wins else -1
    return [1 + sum(sign * u < sign * t for u in totals) for t in totals]


def options_dict(options: Any) -> dict:
    """Every option field, as JSON; a field added after saves were first written
    (``metadata={"saved": "if-set"}``) only when it is not its default, so a save that
    does not use it is written, and read by older pages, as before."""
    return {f.name: _plain(getattr(options, f.name)) for f in dataclasses.fields(options)
            if f.metadata.get("saved") != "if-set" or getattr(options, f.name) != f.default}


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def _plain_deal(deal: dict) -> dict:
    def plain(v: Any) -> Any:
        if isinstance(v, Tile):
            return str(v)
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    return {k: plain(v) for k, v in deal.items()}


def new_game(game: str, *, seats: int, preset: str | None = None,
             options: Any = None, seed: int | str | None = None,
             deal: dict | list | None = None, house: HouseRules | None = None,
             fair: list[Sealed] | None = None, _rules: int | None = None) -> Match:
    """Start a match of ``game`` by a preset's rules (or by ``house`` rules, built on a
    preset: bones.house), changed by ``options``: an options object or a dict of fields
    to change (with house rules, only fields the house rules do not set, such as All
    Fives' ``leader``); ``seed`` reproduces every shuffle; ``deal`` stacks the deck (see
    docs/engine.md); ``fair`` holds the rounds' seals (docs/records.md), one a round."""
    cls = GAMES.get(game)
    if cls is None:
        raise ValueError(f"no game called {game!r}: choose one of {', '.join(GAMES)}")
    if house is not None:
        if not isinstance(house, HouseRules):
            raise TypeError("house must be HouseRules (bones.house)")
        house.check()
        if house.game != game:
            raise ValueError(f"the house rules {house.name!r} are for {house.game}, not {game}")
        if preset is not None and preset != house.base:
            raise ValueError(f"the house rules {house.name!r} start from the sheet "
                             f"{house.base!r}, not {preset!r}")
        preset = house.base
    name = preset or cls.default_preset
    p = PRESETS.get(name)
    if p is None:
        raise ValueError(f"no preset called {name!r}: choose one of "
                         f"{', '.join(presets_of(game))}")
    if name not in presets_of(game):
        raise ValueError(f"the preset {name!r} is for {p.game}, not {game}")
    opts = p.options if house is None else house.options()
    if isinstance(options, cls.options_type):
        opts = options
    elif isinstance(options, dict):
        opts = _with_options(opts, options)
    elif options is not None:
        raise TypeError(f"options must be a dict or {cls.options_type.__name__}")
    if house is not None:
        _agrees(house, opts)
    extra = {} if _rules is None else {"rules": _rules}
    return cls(seats=seats, options=opts, seed=seed, deal=deal, preset=name, house=house,
               fair=fair, **extra)


def _agrees(house: HouseRules, options: Any) -> None:
    """Options for a match by ``house`` rules set nothing the house rules set otherwise."""
    mine = house.options()
    for f in catalogue_fields(house.game):
        if getattr(options, f) != getattr(mine, f):
            raise ValueError(f"the options set {f} to {getattr(options, f)!r}, but the "
                             f"house rules {house.name!r} play {getattr(mine, f)!r}")


def _with_options(base: Any, changes: dict) -> Any:
    fields = {f.name: f for f in dataclasses.fields(base)}
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; the options are "
                         f"{', '.join(fields)}")
    fixed = {}
    for k, v in changes.items():
        if isinstance(v, list):
            v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        fixed[k] = v
    return dataclasses.replace(base, **fixed)
