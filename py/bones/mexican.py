"""Mexican Train by the GS-MT, ST-MT and WC-MT sheets (docs/rules.md).

Every rule that differs between the sheets is a field of ``MexicanOptions``;
the three presets are values of it (both in ``bones.mexican_options``).
Targets are seat numbers for private trains and ``MEXICAN`` (-1, written "M")
for the Mexican Train, which lives at the end of ``trains``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .deals import as_tile as _tile
from .deals import with_item as _with
from .errors import IllegalMove
from .games import GameType
from .games import register as register_game
from .mexican_options import HOUSE_SETTINGS, MexicanOptions
from .moves import CALL, DRAW, DRAW_MOVE, KNOCK, KNOCK_MOVE, PASS, PASS_MOVE, PLAY, Move
from .tiles import Tile, holds_any, tile
from .trains import TrainGame

MEXICAN = -1

_new_move = tuple.__new__  # a Move without NamedTuple's slower constructor (hot path)


class MexicanTurn(NamedTuple):
    """What a move may change besides the tiles moved: kept with the move in the history
    to take it back exactly (``undo``), and put back whole (``_set_scalars``)."""

    turn: int  # the seat to move
    markers: tuple[bool, ...]  # each seat's marker up (M3)
    pending: tuple  # the doubles waiting to be satisfied, oldest first
    drawn: bool  # the seat to move has drawn
    owe: bool  # a double just played is owed in the same turn
    knocked: bool
    acted: bool
    exposed: Any  # the seats that may be called for not knocking (C7)
    passes: int  # passes in a row
    round_over: bool
    blocked: bool
    out: int | None  # the seat that went out
    lacks: tuple[frozenset, ...]  # the numbers each seat was seen not to hold


class MexicanTrain(TrainGame):
    game = "mexican-train"
    options_type = MexicanOptions
    default_preset = "gs-mt"

    # ---- the match -----------------------------------------------------------------------
    def _setup_match(self) -> None:
        # G3: each player draws a bone; the highest pip total plays first (ties draw again).
        self.last_out: int | None = None
        self._first_player_draw(self.options.set_high)

    def _matches_over(self) -> bool:
        return self.round_number >= self.options.rounds

    # ---- a round ---------------------------------------------------------------------------
    @classmethod
    def placed_double(cls, options, round_number: int) -> Tile | None:
        # G8 / S3 / C2: placed before the deal, or put down by its holder (not dealt aside)
        return super().placed_double(options, round_number) if options.start == "placed" \
            else None

    def _start_round(self) -> None:
        o = self.options
        n = self.seats
        r = self.round_number
        deal = self.round_deal()
        if r > 1 and self.out is not None:
            self.last_out = self.out  # S3: last round's winner starts the search
        hub: Tile | None = tile(o.round_double(r), o.round_double(r))
        if deal and "double" in deal:
            hub = _tile(deal["double"])
        if o.start == "highest":
            hub = None
        hands, boneyard = self._deal(hub if o.start == "placed" else None)
        self.hands: list[list[Tile]] = hands
        self.boneyard: list[Tile] = boneyard
        self.setup_draws = [0] * n  # tiles drawn while looking for the starting double
        if o.start == "placed":
            self.hub = hub
            self.leader = self._first_leader()  # G4
        else:
            self.hub, self.leader = self._find_starting_double(hub)
        self.trains: list[list[tuple[Tile, int]]] = [[] for _ in range(n + 1)]
        self.turn = self.leader
        self.markers = (False,) * n
        self.pending: tuple[int, ...] = ()
        self.drawn = False
        self.owe = False
        self.knocked = False
        self.acted = False
        self.exposed: tuple[int, ...] = ()
        # Passes in a row by seats that could not play, the boneyard empty: only version 1
        # saves end a round on it (blocked_now() decides today).
        self.passes = 0
        self.round_over = False
        self.blocked = False
        self.out: int | None = None
        # Public knowledge: numbers a seat cannot have, learned when it passed without
        # playing; forgotten when it draws (the new tile may have them). For the AI.
        self.lacks: tuple[frozenset[int], ...] = (frozenset(),) * n

    def _score_round(self) -> list[int]:
        scores = super()._score_round()  # G10 (C8)
        p = self.options.open_train_penalty
        if p:  # a house rule: a train left open costs its owner, unless he went out
            scores = [v + p if self.markers[s] and s != self.out else v
                      for s, v in enumerate(scores)]
        return scores

    def _find_starting_double(self, wanted: Tile | None) -> tuple[Tile, int]:
        """S3 / C2: the holder places the double and leads; if nobody holds it, players
        draw in turn (from the last round's winner, S3) until it turns up."""
        def holder() -> tuple[Tile, int] | None:
            if wanted is not None:
                for s, hand in enumerate(self.hands):
                    if wanted in hand:
                        return wanted, s
                return None
            best = max(((t, s) for s, h in enumerate(self.hands) for t in h if t.is_double),
                       default=None)
            return best

        found = holder()
        seat = self.last_out if self.last_out is not None else self.first_seat
        while found is None:
            if not self.boneyard:
                raise ValueError("the starting double is nowhere in the deal")
            self.hands[seat].append(self.boneyard.pop())
            self.setup_draws[seat] += 1
            found = holder()
            seat = (seat + 1) % self.seats
        hub, placer = found
        self.hands[placer].remove(hub)
        return hub, placer

    def _add_seat(self) -> None:
        # The newcomer has no hand this round (it is over); they are dealt in at 'next'.
        self.hands.append([])
        self.setup_draws.append(0)
        self.markers = self.markers + (False,)
        self.lacks = self.lacks + (frozenset(),)
        self.trains.insert(self.seats - 1, [])

    # ---- where a tile may go -------------------------------------------------------------
    def end_of(self, target: int) -> int:
        train = self.trains[target]
        return train[-1][1] if train else self.hub.hi

    def _targets(self, s: int) -> tuple[int, ...]:
        if self.pending and (not self.owe or self.options.double_rule == "on-double"):
            return (self.pending[-1],)  # M6 / S4 / C5: the last double must be satisfied
        targets = [s]
        if (self.trains[MEXICAN] or self.options.mexican_start == "any"
                or self.trains[s]):
            targets.append(MEXICAN)
        markers = self.markers
        for i in range(self.seats):
            if markers[i] and i != s:
                targets.append(i)
        return tuple(targets)

    def _plays(self) -> list[Move]:
        if self.drawn and not self.options.drawn_playable:
            return []
        hand = self.hands[self.turn]
        no_doubles = self.owe and not self.options.chain_doubles
        out = []
        for target in self._targets(self.turn):
            e = self.end_of(target)
            for t in hand:
                if (t.hi == e or t.lo == e) and not (no_doubles and t.hi == t.lo):
                    out.append(_new_move(Move, (PLAY, t, target)))
        return out

    def _must_play(self) -> bool:
        """No drawing or passing while holding a tile that plays: C3, and on every sheet
        while a double is owed (M5 "you must play an extra domino ... You must draw if
        you can't", M6, S4, C5)."""
        return self.options.must_play or (bool(self.pending) and self.rules > 1)

    def _round_moves(self) -> list[Move]:
        o = self.options
        moves = self._plays()
        can_play = bool(moves)
        must = o.must_play or (self.pending and self.rules > 1)  # as _must_play (hot path)
        if can_play and not self.knocked and 2 <= len(self.hands[self.turn]) <= 3:
            moves.append(KNOCK_MOVE)  # G6 / S5: knock as you play down to one bone
        if not self.drawn and self.boneyard and (not can_play or not must):
            moves.append(DRAW_MOVE)  # M3 (C3: not while holding a tile that plays)
        if (self.drawn or not self.boneyard) and (
                not can_play or (self.drawn and not must)):
            moves.append(PASS_MOVE)  # M3: put your marker up
        if o.knock_penalty and not self.acted:
            for s in self.exposed:  # C7: call a player who did not knock
                moves.append(_new_move(Move, (CALL, None, s)))
        return moves

    # ---- applying and taking back ------------------------------------------------------
    def _scalars(self) -> MexicanTurn:
        return MexicanTurn(self.turn, self.markers, self.pending, self.drawn, self.owe,
                           self.knocked, self.acted, self.exposed, self.passes, self.round_over,
                           self.blocked, self.out, self.lacks)

    def _set_scalars(self, sc: MexicanTurn) -> None:
        (self.turn, self.markers, self.pending, self.drawn, self.owe, self.knocked,
         self.acted, self.exposed, self.passes, self.round_over, self.blocked,
         self.out, self.lacks) = sc

    def _apply(self, move: Move):
        sc = self._scalars()
        kind = move.kind
        s = self.turn
        if kind == PLAY:
            t, target = move.tile, move.target
            hand = self.hands[s]
            i = hand.index(t)
            del hand[i]
            e = self.end_of(target)
            self.trains[target].append((t, t.lo if t.hi == e else t.hi))
            self.acted = True
            self.passes = 0
            if target == s and self.markers[s]:
                # ST-MT 4: the marker stays until its owner plays on his own train again.
                self.markers = _with(self.markers, s, False)
            if target in self.pending and t.hi != t.lo:
                p = list(self.pending)
                del p[len(p) - 1 - p[::-1].index(target)]
                self.pending = tuple(p)
            if not hand:
                self._end_round(out=s)  # G9; M7: going out on a double needs no satisfying
                return (sc, i)
            if t.hi == t.lo:
                self.pending = self.pending + (target,)
                self.owe = True  # M5 / S4 / C5: the double is followed in the same turn
                self.drawn = False  # ... drawing once more if that tile is missing
            else:
                self._end_turn(stuck=False)
            self._end_if_blocked()
            return (sc, i)
        if kind == DRAW:
            self._draw(s)
            self.acted = True
            self._end_if_blocked()
            return (sc,)
        if kind == PASS:
            stuck = not any(m.kind == PLAY for m in self.legal_moves())
            o = self.options
            if not self.drawn or (self._must_play() and o.drawn_playable):
                # The pass is public proof the seat holds none of its ends only where
                # the rules allow it to no one who could play (not after a draw in
                # GS-MT, where a drawn tile need not be played); ``stuck`` is then true.
                ends = frozenset(self.end_of(t) for t in self._targets(s))
                self.lacks = _with(self.lacks, s, self.lacks[s] | ends)
            if not self.markers[s]:
                self.markers = _with(self.markers, s, True)
            self._end_turn(stuck=stuck)
            self._end_if_blocked()
            return (sc,)
        if kind == KNOCK:
            self.knocked = True
            self.acted = True
            return (sc,)
        if kind == CALL:
            caught = move.target
            k = min(self.options.knock_penalty, len(self.boneyard))
            for _ in range(k):
                self.hands[caught].append(self.boneyard.pop())
            if k:
                self.lacks = _with(self.lacks, caught, frozenset())
            self.exposed = tuple(x for x in self.exposed if x != caught)
            self._end_if_blocked()  # the penalty may draw the last tiles
            return (sc, caught, k)
        raise AssertionError(kind)

    def _end_turn(self, stuck: bool) -> None:
        s = self.turn
        n = self.seats
        if self.options.knock_penalty and len(self.hands[s]) == 1 and not self.knocked:
            self.exposed = self.exposed + (s,)
        if stuck and not self.boneyard:
            self.passes += 1
            if self.rules == 1 and self.passes >= n:
                self._end_round(out=None)  # saves from before: blocked after n passes
                return
        else:
            self.passes = 0
        nxt = (s + 1) % n
        self.turn = nxt
        self.drawn = self.owe = self.knocked = self.acted = False
        if nxt in self.exposed:  # the chance to call them ends when their turn comes
            self.exposed = tuple(x for x in self.exposed if x != nxt)

    def blocked_now(self) -> bool:
        """Nothing is left to draw and no seat can play, now or at any turn it would get
        while nobody plays (docs/engine.md, "Blocked"). A seat that cannot play passes and
        puts its marker up, so at its next turn every train is open to everyone; a pass
        never closes a train. What is owed stays owed: while a double is unsatisfied only
        it can be played on (M6, S4, C5), except by the player of the double, who may put
        his extra tile anywhere he may play this turn (M5)."""
        if self.boneyard:
            return False
        if self.owe and self._plays():
            return False
        if self.pending:
            ends = {self.end_of(self.pending[-1])}
        else:
            ends = {self.end_of(t) for t in range(-1, self.seats)}
        return not holds_any(self.hands, self.turn, ends)

    def _revert(self, move: Move, token) -> None:
        sc = token[0]
        s = sc.turn
        kind = move.kind
        if kind == PLAY:
            t, _e = self.trains[move.target].pop()
            self.hands[s].insert(token[1], t)
        elif kind == DRAW:
            self._undraw(s)
        elif kind == CALL:
            _sc, caught, k = token
            for _ in range(k):
                self.boneyard.append(self.hands[caught].pop())
        self._set_scalars(sc)

    # ---- words -----------------------------------------------------------------------------
    def target_name(self, target: int) -> str:
        return "M" if target == MEXICAN else str(target)

    def target_number(self, name: str) -> int:
        if name in ("m", "M", "mexican"):
            return MEXICAN
        try:
            n = int(name)
        except ValueError:
            raise IllegalMove(f"there is no train called {name!r}: name a seat number or M",
                              rule="notation") from None
        return n

    def train_name(self, target: int) -> str:
        return "the Mexican Train" if target == MEXICAN else f"seat {target}'s train"

    def _explain(self, move: Move) -> IllegalMove:
        o = self.options
        s = self.turn
        plays = [m for m in self.legal_moves() if m.kind == PLAY]
        double_rule = "M6" if o.double_rule == "anywhere" else "S4"
        if move.kind == PLAY:
            t, target = move.tile, move.target
            if t not in self.hands[s]:
                return IllegalMove(f"seat {s} does not hold {t}", rule="hand")
            if target is None or not -1 <= target < self.seats:
                return IllegalMove(f"there is no train {target!r} at this table", rule="M4")
            if self.drawn and not o.drawn_playable:
                return IllegalMove("a drawn tile cannot be played this turn: pass", rule="C4")
            if self.pending and target != self.pending[-1] and (
                    not self.owe or o.double_rule == "on-double"):
                d = self.trains[self.pending[-1]][-1][0]
                return IllegalMove(f"the double {d} on {self.train_name(self.pending[-1])} "
                                   "must be satisfied first", rule=double_rule)
            if (target == MEXICAN and not self.trains[MEXICAN] and not self.trains[s]
                    and o.mexican_start == "after-own-train"):
                return IllegalMove("start your own train before the Mexican Train",
                                   rule="mexican_start")
            if target not in (s, MEXICAN) and not self.markers[target]:
                return IllegalMove(f"{self.train_name(target)} is private: there is no "
                                   "marker on it", rule="M4")
            e = self.end_of(target)
            if not t.has(e):
                return IllegalMove(f"{t} does not match the open end {e} of "
                                   f"{self.train_name(target)}", rule="match")
            if self.owe and t.is_double and not o.chain_doubles:
                return IllegalMove("a double cannot follow a double with these rules",
                                   rule="M5")
        elif move.kind == DRAW:
            if not self.boneyard:
                return IllegalMove("the boneyard is empty: pass instead", rule="G9")
            if self.drawn:
                return IllegalMove("you have already drawn this turn: play the tile or pass",
                                   rule="M3")
            if plays and self.pending and self.rules > 1:
                return self._owed(plays[0].tile)
            if plays and o.must_play:
                return IllegalMove(f"you hold a tile that plays ({plays[0].tile}): you must "
                                   "play it", rule="C3")
        elif move.kind == PASS:
            if not self.drawn and self.boneyard:
                return IllegalMove("draw a tile first: you may pass only when the drawn "
                                   "tile does not play", rule="M3")
            if plays and self.pending and self.rules > 1:
                return self._owed(plays[0].tile)
            if plays:
                return IllegalMove(f"you can play {plays[0].tile}: you must play it",
                                   rule="C3" if o.must_play else "M3")
        elif move.kind == KNOCK:
            return IllegalMove("you knock only as you play down to your last bone",
                               rule="G6" if not o.knock_penalty else "S5")
        elif move.kind == CALL:
            if not o.knock_penalty:
                return IllegalMove("these rules have no penalty for not knocking", rule="G6")
            return IllegalMove(f"seat {move.target} cannot be called: only a player left "
                               "with one bone who did not knock, before your own move",
                               rule="C7")
        return IllegalMove(f"{self.notation(move)} is not a legal move here")

    def _owed(self, t: Tile) -> IllegalMove:
        d = self.trains[self.pending[-1]][-1][0]
        if self.owe and self.options.double_rule == "anywhere":
            return IllegalMove(f"you played the double {d}: play your extra tile ({t}); "
                               "you draw only if you cannot", rule="M5")
        return IllegalMove(f"the double {d} must be satisfied and you hold {t}: play it; "
                           "you draw only if you cannot",
                           rule="M6" if self.options.double_rule == "anywhere" else "S4")

    # ---- what a seat may see --------------------------------------------------------------
    def all_tiles(self) -> list[Tile]:
        placed = [t for train in self.trains for t, _e in train]
        return [self.hub, *placed, *(t for h in self.hands for t in h), *self.boneyard]

    def _observe(self) -> dict:
        return {
            "hub": self.hub,
            "trains": [list(t) for t in self.trains[:-1]],
            "mexican": list(self.trains[MEXICAN]),
            "ends": [self.end_of(i) for i in range(self.seats)] + [self.end_of(MEXICAN)],
            "markers": self.markers,
            "pending": self.pending,
            "owe": self.owe,
            "drawn": self.drawn,
            "exposed": self.exposed,
            "blocked": self.blocked,
            "out": self.out,
            "leader": self.leader,
            "setup_draws": list(self.setup_draws),
            "lacks": self.lacks,
            "first_draw": self.first_draw,
        }


# ---- the game, as every layer looks it up (bones/games.py) ----------------------------------
register_game(GameType(
    id="mexican-train",
    title="Mexican Train",
    match=MexicanTrain,
    set_high=lambda o: o.set_high,
    markers=True,  # M3
    seat_trains=True,  # M2
    house_settings=HOUSE_SETTINGS,  # what a club may change (bones.house_settings)
    order=1,
))
