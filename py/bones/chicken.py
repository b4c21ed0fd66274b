"""Chicken Foot by the GS-CF sheet (docs/rules.md).

The layout is a list of *lines*, numbered in the order they are created; a
target is a line number (a play is written ``7-3@4``). Every line grows from
a double, and its ``Line`` record says which one, where that double lies
(``stem``: the line it ends, or ``HUB`` for the centre double) and its kind:
the centre's 3 "toe" lines and 1 "spur" (F2), or 6 plain "line"s with
``centre_paths=6``; every later double's 3 "toe" lines (F3). A line whose
last tile is a double is closed: play goes on that double's toes.

``pending`` lists the still-empty lines of the one double that is not yet
satisfied (only one can be: a toe's first tile is never a double); while it
is not empty every play goes on its first line, so toes are filled in order.
Its options and the GS-CF preset are in ``bones.chicken_options``. See
docs/chicken-foot.md.
"""

from __future__ import annotations

from typing import NamedTuple

from .chicken_options import HOUSE_SETTINGS, ChickenOptions
from .deals import as_tile as _tile
from .deals import with_item as _with
from .errors import IllegalMove
from .games import GameType
from .games import register as register_game
from .moves import CALL, DRAW, DRAW_MOVE, KNOCK, KNOCK_MOVE, PASS, PASS_MOVE, PLAY, Move
from .tiles import Tile, holds_any, tile
from .trains import TrainGame

HUB = -1  # the stem of the centre's lines: the double placed before the deal (G8)

TOE, SPUR, LINE = "toe", "spur", "line"

_new_move = tuple.__new__  # a Move without NamedTuple's slower constructor (hot path)


class ChickenTurn(NamedTuple):
    """What a move may change besides the tiles moved: kept with the move in the history
    to take it back exactly (``undo``), and put back whole (``_set_scalars``)."""

    turn: int
    pending: tuple
    owe: bool
    drawn: bool
    knocked: bool
    passes: int
    round_over: bool
    blocked: bool
    out: int | None
    lacks: tuple[frozenset, ...]


class Line(NamedTuple):
    kind: str  # TOE, SPUR or LINE
    double: Tile  # the double this line grows from
    stem: int  # the line that double ends, or HUB for the centre double


class ChickenFoot(TrainGame):
    game = "chicken-foot"
    options_type = ChickenOptions
    default_preset = "gs-cf"

    # ---- the match -----------------------------------------------------------------------
    def _setup_match(self) -> None:
        self._first_player_draw(self.options.set_high)  # G3

    def _add_seat(self) -> None:
        self.hands.append([])  # dealt in at 'next'
        self.lacks = self.lacks + (frozenset(),)

    # ---- a round ---------------------------------------------------------------------------
    def _start_round(self) -> None:
        o = self.options
        n = self.seats
        r = self.round_number
        deal = self.round_deal()
        # G8: the round's double is placed face up before the deal.
        hub = tile(o.round_double(r), o.round_double(r))
        if deal and "double" in deal:
            hub = _tile(deal["double"])
        hands, boneyard = self._deal(hub)  # F1
        self.hands: list[list[Tile]] = hands
        self.boneyard: list[Tile] = boneyard  # drawn from its end
        self.hub = hub
        self.leader = self._first_leader()  # G4
        # F2: the centre double's paths, all empty; they must all be started first.
        kinds = (TOE, TOE, TOE, SPUR) if o.centre_paths == 4 else (LINE,) * 6
        self.line_info: list[Line] = [Line(k, hub, HUB) for k in kinds]
        self.lines: list[list[tuple[Tile, int]]] = [[] for _ in kinds]
        self.pending: tuple[int, ...] = tuple(range(len(kinds)))
        self.turn = self.leader
        self.owe = False  # F4: the player to move has just played a double
        self.drawn = False
        self.knocked = False
        # Passes in a row with the boneyard empty and nothing to play: read by the AI;
        # only version 1 saves end a round on it (blocked_now() decides today).
        self.passes = 0
        self.round_over = False
        self.blocked = False
        self.out: int | None = None
        # Public knowledge for the AI, as in Mexican Train: numbers a seat cannot hold,
        # learned when it passed unable to play; forgotten when it draws.
        self.lacks: tuple[frozenset[int], ...] = (frozenset(),) * n

    # ---- where a tile may go -------------------------------------------------------------
    def end_of(self, line: int) -> int:
        """The number a tile must match to be played on ``line``."""
        tiles = self.lines[line]
        return tiles[-1][1] if tiles else self.line_info[line].double.hi

    def is_open(self, line: int) -> bool:
        """Can ``line`` ever take another tile: it does not end in a double (F3)."""
        tiles = self.lines[line]
        return not tiles or tiles[-1][0].hi != tiles[-1][0].lo

    def targets(self) -> list[int]:
        """The lines a tile may go on now."""
        if self.pending:
            return [self.pending[0]]  # F2 / F3 / F5: the unsatisfied double's next path
        return [i for i, tiles in enumerate(self.lines) if tiles[-1][0].hi != tiles[-1][0].lo]

    def _plays(self) -> list[Move]:
        hand = self.hands[self.turn]
        out = []
        for target in self.targets():
            e = self.end_of(target)
            for t in hand:
                if t.hi == e or t.lo == e:
                    out.append(_new_move(Move, (PLAY, t, target)))
        return out

    def _must_play(self) -> bool:
        """No drawing or passing while holding a tile that plays: the option, and while a
        double is not yet satisfied, the centre's included (F2 "All 4 paths ... must be
        satisfied", F4 "must also play a second domino ... must draw ... if unable", F5)."""
        return self.options.must_play or (bool(self.pending) and self.rules > 1)

    def _round_moves(self) -> list[Move]:
        o = self.options
        moves = self._plays()
        can_play = bool(moves)
        must = o.must_play or (self.pending and self.rules > 1)  # as _must_play (hot path)
        if can_play and not self.knocked and 2 <= len(self.hands[self.turn]) <= 3:
            moves.append(KNOCK_MOVE)  # G6: a courtesy as you play down to one bone
        if self.boneyard and (
                (not self.drawn and (not can_play or not must))
                or (self.drawn and not can_play and o.draw == "until")):
            moves.append(DRAW_MOVE)  # F4 / F5 and the draw option
        if not can_play:
            if not self.boneyard or (self.drawn and o.draw == "one"):
                moves.append(PASS_MOVE)  # F5: the duty passes to the next player
        elif self.drawn and not must:
            moves.append(PASS_MOVE)  # a drawn tile need not be played (as GS-MT)
        return moves

    # ---- applying and taking back ------------------------------------------------------
    def _scalars(self) -> ChickenTurn:
        return ChickenTurn(self.turn, self.pending, self.owe, self.drawn, self.knocked,
                           self.passes, self.round_over, self.blocked, self.out, self.lacks)

    def _set_scalars(self, sc: ChickenTurn) -> None:
        (self.turn, self.pending, self.owe, self.drawn, self.knocked, self.passes,
         self.round_over, self.blocked, self.out, self.lacks) = sc

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
            self.lines[target].append((t, t.lo if t.hi == e else t.hi))
            self.passes = 0
            if self.pending:
                self.pending = self.pending[1:]
            n_lines = len(self.lines)
            if not hand:
                self._end_round(out=s)  # G9; F6: going out on a double needs no satisfying
                return (sc, i, n_lines)
            if t.hi == t.lo:
                # F3: the double gets 3 toes before play goes elsewhere ...
                self.lines.extend([] for _ in range(3))
                self.line_info.extend(Line(TOE, t, target) for _ in range(3))
                self.pending = (n_lines, n_lines + 1, n_lines + 2)
                self.owe = True  # F4: ... and its player plays a second tile or draws
                self.drawn = False
            else:
                self._end_turn()
            self._end_if_blocked()
            return (sc, i, n_lines)
        if kind == DRAW:
            self._draw(s)
            self._end_if_blocked()
            return (sc,)
        if kind == PASS:
            stuck = not any(m.kind == PLAY for m in self.legal_moves())
            if not self.drawn or self._must_play():
                # Public proof of holding none of the ends only where a pass is allowed
                # to no one who could play (after a draw in GS-CF it may be a choice).
                lacks = self.lacks[s] | {self.end_of(i) for i in self.targets()}
                self.lacks = _with(self.lacks, s, lacks)
            if self.boneyard or not stuck:
                self.passes = 0
            else:
                self.passes += 1
                if self.rules == 1 and self.passes >= self.seats:
                    self._end_round(out=None)  # saves from before: blocked after n passes
                    return (sc,)
            self._end_turn()  # F5: an unsatisfied double is now the next player's duty
            self._end_if_blocked()
            return (sc,)
        if kind == KNOCK:
            self.knocked = True
            return (sc,)
        raise AssertionError(kind)

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.seats  # G4: clockwise
        self.owe = self.drawn = self.knocked = False

    def blocked_now(self) -> bool:
        """Nothing is left to draw and no seat holds a tile for the lines everyone may play
        on: a pass changes no line and the duty to a double goes round, so no seat could
        play later either (docs/chicken-foot.md)."""
        if self.boneyard:
            return False
        return not holds_any(self.hands, self.turn, {self.end_of(i) for i in self.targets()})

    def _revert(self, move: Move, token) -> None:
        sc = token[0]
        s = sc.turn
        kind = move.kind
        if kind == PLAY:
            _sc, i, n_lines = token
            del self.lines[n_lines:]
            del self.line_info[n_lines:]
            t, _e = self.lines[move.target].pop()
            self.hands[s].insert(i, t)
        elif kind == DRAW:
            self._undraw(s)
        self._set_scalars(sc)

    # ---- words -----------------------------------------------------------------------------
    def target_number(self, name: str) -> int:
        try:
            return int(name)
        except ValueError:
            raise IllegalMove(f"there is no line called {name!r}: name a line by its number, "
                              "like 7-3@4", rule="notation") from None

    def line_name(self, line: int) -> str:
        return f"line {line} ({self.line_title(line)})"

    def line_title(self, line: int) -> str:
        """A line's name for people, fixed for the round: the double it grows from and
        which of its paths it is, "9-9 toe 1", "9-9 spur", "9-9 path 4" (6 centre paths),
        "8-8 toe 2" (a double's toes, in the order they are filled)."""
        info = self.line_info[line]
        if info.kind == SPUR:
            return f"{info.double} spur"
        first = next(i for i, x in enumerate(self.line_info)
                     if x.stem == info.stem and x.double == info.double)
        return f"{info.double} {'path' if info.kind == LINE else 'toe'} {line - first + 1}"

    def _explain(self, move: Move) -> IllegalMove:
        o = self.options
        s = self.turn
        can_play = any(m.kind == PLAY for m in self.legal_moves())
        if move.kind == PLAY:
            t, target = move.tile, move.target
            if t not in self.hands[s]:
                return IllegalMove(f"seat {s} does not hold {t}", rule="hand")
            if not isinstance(target, int) or not 0 <= target < len(self.lines):
                return IllegalMove(f"there is no line {target!r}: the lines are numbered 0 to "
                                   f"{len(self.lines) - 1}", rule="line")
            if self.pending and target != self.pending[0]:
                info = self.line_info[self.pending[0]]
                if target in self.pending:
                    return IllegalMove(f"the paths of {info.double} are filled in order: play "
                                       f"on line {self.pending[0]} first",
                                       rule="F2" if info.stem == HUB else "F3")
                if info.stem == HUB:
                    return IllegalMove(f"all {o.centre_paths} paths of the centre double "
                                       f"{info.double} must be played before anything else: "
                                       f"play on line {self.pending[0]}", rule="F2")
                return IllegalMove(f"the double {info.double} must get its 3 toes before play "
                                   f"goes elsewhere: play on line {self.pending[0]}",
                                   rule="F4" if self.owe else "F3")
            if not self.is_open(target):
                d = self.lines[target][-1][0]
                return IllegalMove(f"line {target} ends in the double {d}: play on its toes",
                                   rule="F3")
            e = self.end_of(target)
            if not t.has(e):
                return IllegalMove(f"{t} does not match the open end {e} of "
                                   f"{self.line_name(target)}", rule="match")
        elif move.kind == DRAW:
            if not self.boneyard:
                return IllegalMove("the boneyard is empty: pass instead", rule="G9")
            if self.drawn and o.draw == "one":
                return IllegalMove("you have drawn your tile this turn: play it or pass",
                                   rule="draw")
            if self.drawn:
                return IllegalMove("the drawn tile plays: play it (you draw until one plays)",
                                   rule="draw")
            if self.pending and self.rules > 1:
                return self._owed()
            return IllegalMove("you hold a tile that plays: you must play it",
                               rule="must_play")
        elif move.kind == PASS:
            if not can_play:
                if self.drawn:
                    return IllegalMove("draw again: with these rules you draw until a tile "
                                       "plays or the boneyard is empty", rule="draw")
                return IllegalMove("draw a tile first: you may pass only when the drawn tile "
                                   "does not play", rule="F4" if self.owe else "F5")
            if self.pending and self.rules > 1:
                return self._owed()
            if not self.drawn and self.boneyard and not o.must_play:
                return IllegalMove("you hold a tile that plays: play it, or draw first",
                                   rule="F5")
            return IllegalMove("you hold a tile that plays: you must play it",
                               rule="must_play" if o.must_play else "G9")
        elif move.kind == KNOCK:
            return IllegalMove("you knock only as you play down to your last bone", rule="G6")
        elif move.kind == CALL:
            return IllegalMove("these rules have no penalty for not knocking", rule="G6")
        return IllegalMove(f"{self.notation(move)} is not a legal move here")

    def _owed(self) -> IllegalMove:
        info = self.line_info[self.pending[0]]
        if self.owe:
            return IllegalMove(f"you played the double {info.double}: play your second tile "
                               "on it; you draw only if you cannot", rule="F4")
        return IllegalMove(f"the double {info.double} is yours to satisfy and you hold a tile "
                           "for it: play it; you draw only if you cannot",
                           rule="F5")

    # ---- what a seat may see --------------------------------------------------------------
    def all_tiles(self) -> list[Tile]:
        placed = [t for tiles in self.lines for t, _e in tiles]
        return [self.hub, *placed, *(t for h in self.hands for t in h), *self.boneyard]

    def layout(self) -> list[dict]:
        """The chicken feet, one entry a line, for the table to draw."""
        return [{
            "line": i,
            "kind": info.kind,
            "double": info.double,
            "stem": info.stem,
            "tiles": list(self.lines[i]),
            "end": self.end_of(i),
            "open": self.is_open(i),
        } for i, info in enumerate(self.line_info)]

    def _observe(self) -> dict:
        pending = self.line_info[self.pending[0]].double if self.pending else None
        return {
            "hub": self.hub,
            "lines": self.layout(),
            "pending": self.pending,  # the unsatisfied double's empty lines, in order
            "pending_double": pending,
            "owe": self.owe,
            "drawn": self.drawn,
            "blocked": self.blocked,
            "out": self.out,
            "leader": self.leader,
            "lacks": self.lacks,
            "first_draw": self.first_draw,
        }


# ---- the game, as every layer looks it up (bones/games.py) ----------------------------------
register_game(GameType(
    id="chicken-foot",
    title="Chicken Foot",
    match=ChickenFoot,
    set_high=lambda o: o.set_high,
    house_settings=HOUSE_SETTINGS,  # what a club may change (bones.house_settings)
    order=2,
))
