"""All Fives ("Dominoes"), the double-six scoring game, by the GS-AF sheet.

One match is one game to the target score (A8); one round is one hand.
Scores come during the hand (A4: the open ends add up to a multiple of five)
and at its end (A6 going out, A7 blocked), so unlike Mexican Train the totals
move mid-round: every scoring event is credited at once and written to the
score log (``self.log``, a list of ``ScoreEntry``), and undone exactly.

The layout is a tree of *arms* (the lead, target ``C``, and E, W, N, S, N2...), kept
in ``arms``, ``root`` and ``spinners`` and read by ``bones.allfives_arms``. Around this
module: its options and preset in ``bones.allfives_options``, its scoring helpers in
``bones.allfives_scores``. ``layout()`` describes it all for the table; see
docs/all-fives.md.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .allfives_arms import CENTRE, arm_name, arm_number, describe, open_ends
from .allfives_options import HOUSE_SETTINGS, AllFivesOptions
from .allfives_scores import ScoreEntry, hand_end
from .core import Match
from .deals import Deck, deal_out
from .deals import as_tile as _tile
from .deals import check_seat as _seat
from .deals import stacked as _stacked
from .errors import IllegalMove
from .games import TARGET, GameType
from .games import register as register_game
from .moves import DRAW, DRAW_MOVE, JOIN, PASS, PASS_MOVE, PLAY, Move
from .tiles import Tile, full_set, holds_any

_new_move = tuple.__new__  # a Move without NamedTuple's slower constructor (hot path)


def _key(t: Tile) -> tuple:
    # A2: the highest double, else the highest tile (by pips, then by its higher half).
    return (t.hi == t.lo, t.hi + t.lo, t.hi)


class AllFivesTurn(NamedTuple):
    """What a move may change besides the tiles moved: kept with the move in the history
    to take it back exactly (``undo``), and put back whole (``_set_scalars``)."""

    turn: int
    passes: int
    round_over: bool
    out: int | None
    blocked: bool
    ended: Any
    result: Any
    winner: Any
    root: Any
    spinners: tuple
    opens: Any
    count: int
    hand_points: Any
    lacks: tuple[frozenset, ...]


class AllFives(Match):
    game = "all-fives"
    options_type = AllFivesOptions
    default_preset = "gs-af"
    min_seats = 2
    max_seats = 4
    lower_wins = False
    knocks = False  # the All Fives sheet never asks for a knock
    lead_purpose = "lead-draw"

    # ---- the match -----------------------------------------------------------------------
    def _setup_match(self) -> None:
        o = self.options
        n = self.seats
        self.sides: tuple[int, ...] = tuple(
            s % 2 if (o.partners and n == 4) else s for s in range(n))
        self.log: list[ScoreEntry] = []
        self.first_draw: tuple[tuple[int, Tile], ...] = ()
        deal = self.deals[0] if self.deals else None
        if deal and "leader" in deal:
            self.first_leader = _seat(deal["leader"], n)
        elif o.leader is not None:
            self.first_leader = o.leader  # A8: the last game's winner leads
        else:
            # A2: each draws one tile; the highest double, else the highest tile, leads.
            if deal and "draw" in deal:
                drawn = [_tile(x) for x in deal["draw"]]
                if len(drawn) != n or len(set(drawn)) != n:
                    raise ValueError(f"deal: 'draw' must list {n} different tiles, one a seat")
            else:
                drawn = [t for _s, t in self.lead_draw(o, n, self.rng(self.lead_purpose))[0]]
            self.first_draw = tuple(enumerate(drawn))
            self.first_leader = max(range(n), key=lambda s: _key(drawn[s]))
        self.leader = self.first_leader
        self.winner: int | None = None

    @classmethod
    def lead_draw(cls, options, seats: int, rng) -> list:
        """A2: each player draws one tile for the lead (one round of drawing, as
        ``(seat, tile)``); none when the last game's winner leads (A8)."""
        if options.leader is not None:
            return []
        pool = full_set(6)
        rng.shuffle(pool)
        return [list(enumerate(pool[:seats]))]

    @classmethod
    def round_deck(cls, options, seats: int, round_number: int) -> Deck:
        """A2: the double-six set, reshuffled after the draw for the lead, dealt in hands
        of ``hand_size``; the boneyard is drawn from the deck's far end."""
        return Deck(f"hand-{round_number}", tuple(full_set(6)), seats,
                    options.hand_size(seats), None, last_first=True)

    def _can_join(self) -> bool:
        return False  # A1: the table is 2 to 4 from the start

    def _matches_over(self) -> bool:
        return max(self.totals) >= self.options.target

    # ---- a hand ----------------------------------------------------------------------------
    def _start_round(self) -> None:
        o = self.options
        n = self.seats
        r = self.round_number
        deal = self.round_deal()
        if r > 1:
            if o.next_leader == "winner" and self.winner is not None:
                self.leader = self.winner
            else:
                self.leader = (self.leader + 1) % n
            if deal and "leader" in deal:
                self.leader = _seat(deal["leader"], n)
        deck = self.round_deck(o, n, r)
        if deal and "hands" in deal:
            hands, boneyard = _stacked(deal, list(deck.tiles), n, self.rng(deck.purpose))
        else:
            hands, boneyard = deal_out(deck, self.rng(deck.purpose))
        self.hands: list[list[Tile]] = hands
        self.boneyard: list[Tile] = boneyard  # drawn from its end
        self.arms: list[list[tuple[Tile, int]]] = [[], []]  # (tile, its open half)
        self.root: Tile | None = None
        self.spinners: tuple[tuple[int, int, int], ...] = ()  # (arm, index on it, value)
        self.opens: tuple[tuple[int, int], ...] = ((CENTRE, -1),)  # (arm, pips to match)
        self.count = 0  # the open-end total (A4)
        self.hand_points: tuple[int, ...] = (0,) * n  # what each seat scored in play
        # The numbers each seat is publicly known to lack: the open ends it passed on, since
        # its last draw (the AI's determinization reads them from the observation).
        self.lacks: tuple[frozenset[int], ...] = (frozenset(),) * n
        self.turn = self.leader
        self.passes = 0  # passes in a row (the AI reads it; version 1 saves block on it)
        self.round_over = False
        self.out: int | None = None
        self.blocked = False
        self.ended: str | None = None  # "domino", "blocked" or "target"
        self.result: tuple | None = None  # the hand-end score: (seat, points, reason)
        self.winner = None

    # ---- moves -----------------------------------------------------------------------------
    def _plays(self) -> list[Move]:
        hand = self.hands[self.turn]
        if self.root is None:
            return [_new_move(Move, (PLAY, t, CENTRE)) for t in hand]  # A3: any tile
        out = []
        for a, e in self.opens:
            for t in hand:
                if t.hi == e or t.lo == e:
                    out.append(_new_move(Move, (PLAY, t, a)))
        return out

    def _round_moves(self) -> list[Move]:
        moves = self._plays()
        if moves:
            return moves  # you must play if you can
        if len(self.boneyard) > self.options.reserve():
            return [DRAW_MOVE]  # A2: draw when you cannot play
        return [PASS_MOVE]

    # ---- applying and taking back ------------------------------------------------------
    def _scalars(self) -> AllFivesTurn:
        return AllFivesTurn(self.turn, self.passes, self.round_over, self.out, self.blocked,
                            self.ended, self.result, self.winner, self.root, self.spinners,
                            self.opens, self.count, self.hand_points, self.lacks)

    def _set_scalars(self, sc: AllFivesTurn) -> None:
        (self.turn, self.passes, self.round_over, self.out, self.blocked, self.ended,
         self.result, self.winner, self.root, self.spinners, self.opens, self.count,
         self.hand_points, self.lacks) = sc

    def _apply(self, move: Move):
        kind = move.kind
        s = self.turn
        if kind == PLAY:
            sc = self._scalars()
            t, a = move.tile, move.target
            hand = self.hands[s]
            i = hand.index(t)
            del hand[i]
            double = t.hi == t.lo
            spins = self.options.spinner
            if a == CENTRE:
                self.root = t
                if double and spins != "none":
                    self.spinners = ((CENTRE, -1, t.hi),)
                    self.arms += [[], []]
            else:
                e = -1
                for b, v in self.opens:
                    if b == a:
                        e = v
                        break
                arm = self.arms[a]
                arm.append((t, t.lo if t.hi == e else t.hi))
                if double and (spins == "every" or (spins == "first" and not self.spinners)):
                    self.spinners = self.spinners + ((a, len(arm) - 1, t.hi),)
                    self.arms += [[], []]
            self.opens, self.count, _ = open_ends(self.root, self.arms, self.spinners)
            old_totals = None
            c = self.count
            if c and c % 5 == 0:
                old_totals = self.totals
                self._credit(s, c, f"ends {c}")  # A4
            self.passes = 0
            if not hand:
                self._end_hand(out=s)  # A6
            elif self.options.stop_at_target and old_totals is not None and \
                    self.totals[s] >= self.options.target:
                self.round_over = True  # A8: the game stops the moment it is won
                self.turn = None
                self.ended = "target"
                self.winner = s
            else:
                self.turn = (s + 1) % self.seats
                self._end_if_blocked()
            return (sc, i, old_totals)
        if kind == DRAW:
            # The last tile that may be drawn can leave nobody able to play (A7).
            last = len(self.boneyard) <= self.options.reserve() + 1
            sc = self._scalars() if last else None
            self.hands[s].append(self.boneyard.pop())
            lacks = self.lacks
            if lacks[s]:
                self.lacks = lacks[:s] + (frozenset(),) + lacks[s + 1:]
            if last:
                self._end_if_blocked()
            return (self.passes, lacks, sc)
        if kind == PASS:
            sc = self._scalars()
            self.passes += 1
            lacks = self.lacks
            self.lacks = lacks[:s] + (lacks[s] | {e for _a, e in self.opens},) + lacks[s + 1:]
            if self.rules == 1 and self.passes >= self.seats:
                self._end_hand(out=None)  # saves from before: blocked after n passes
            else:
                self.turn = (s + 1) % self.seats
                self._end_if_blocked()
            return (sc,)
        raise AssertionError(kind)

    def _end_if_blocked(self) -> None:
        """A7: "If in the course of the game it is impossible for any of the players to
        play, the game is Blocked". ``blocked_now`` inlined: it runs after every move."""
        bone = self.boneyard
        if (self.rules > 1 and (not bone or len(bone) <= self.options.reserve())
                and not holds_any(self.hands, self.turn, {e for _a, e in self.opens})):
            self._end_hand(out=None)

    def blocked_now(self) -> bool:
        """Nothing is left to draw and no seat holds a tile for an open end. Every seat
        plays on the same ends and a pass changes none, so no seat could play later."""
        if len(self.boneyard) > self.options.reserve() or self.root is None:
            return False
        return not holds_any(self.hands, self.turn, {e for _a, e in self.opens})

    def _credit(self, seat: int, points: int, reason: str) -> None:
        """Points scored in play: the scorer's side gains them at once (A4)."""
        sides = self.sides
        side = sides[seat]
        v = points // 5 if self.options.count_in_fives else points
        self.totals = [t + v if sides[i] == side else t for i, t in enumerate(self.totals)]
        self.hand_points = tuple(p + v if sides[i] == side else p
                                 for i, p in enumerate(self.hand_points))
        self.log.append(ScoreEntry(self.round_number, seat, side, points, v, reason,
                                   self.totals[seat]))

    def _end_hand(self, out: int | None) -> None:
        self.round_over = True
        self.turn = None
        self.out = out
        seat, opp, pts, low = hand_end(self.hands, self.sides, out)
        self.winner = seat
        if out is not None:
            self.ended = "domino"
            self.result = (out, pts, f"domino: opponents {_shown(opp, pts)}")
            return
        self.ended = "blocked"
        self.blocked = True
        if seat is None:
            self.result = (None, 0, f"blocked: tied at {low} pips, nobody scores")
        else:
            self.result = (seat, pts, f"blocked: fewest pips {low}, opponents "
                                      f"{_shown(opp, pts)}")

    def _revert(self, move: Move, token) -> None:
        kind = move.kind
        if kind == PLAY:
            sc, i, old_totals = token
            a = move.target
            if a == CENTRE:
                t = self.root
            else:
                t = self.arms[a].pop()[0]
            del self.arms[2 + 2 * len(sc.spinners):]
            self.hands[sc.turn].insert(i, t)
            if old_totals is not None:
                self.totals = old_totals
                self.log.pop()
            self._set_scalars(sc)
        elif kind == DRAW:
            passes, lacks, sc = token
            if sc is not None:
                self._set_scalars(sc)
            self.boneyard.append(self.hands[self.turn].pop())
            self.passes, self.lacks = passes, lacks
        else:
            self._set_scalars(token[0])

    # ---- scoring at the end of a hand ----------------------------------------------------------
    def _score_round(self) -> list[int]:
        """The hand-end points per seat (A6 / A7); points scored in play are already in
        the totals."""
        scores = [0] * self.seats
        if self.result is None or self.result[0] is None:
            return scores
        seat, pts, _why = self.result
        v = pts // 5 if self.options.count_in_fives else pts
        side = self.sides[seat]
        return [v if self.sides[i] == side else 0 for i in range(self.seats)]

    def _record_scores(self):
        # Core adds the hand-end points to the totals and keeps them as the hand's row; the
        # row is made the whole hand's score (play + end) and the end goes to the log.
        scores = super()._record_scores()
        row = self.round_scores[-1]
        for i, p in enumerate(self.hand_points):
            row[i] += p
        logged = False
        if self.result is not None:
            seat, pts, why = self.result
            v = pts // 5 if self.options.count_in_fives else pts
            side = None if seat is None else self.sides[seat]
            total = None if seat is None else self.totals[seat]
            self.log.append(ScoreEntry(self.round_number, seat, side, pts, v, why, total))
            logged = True
        return (scores, logged)

    def _unrecord_scores(self, token) -> None:
        scores, logged = token
        if logged:
            self.log.pop()
        super()._unrecord_scores(scores)

    # ---- the score sheet and the winner -----------------------------------------------------
    def side_totals(self) -> list[int]:
        """Each side's total: per seat, or the two partnerships (seats 0+2, 1+3)."""
        out = [0] * (max(self.sides) + 1)
        for i, x in enumerate(self.sides):
            out[x] = self.totals[i]
        return out

    def next_game_options(self) -> dict:
        """A8: the winner of this game leads the next."""
        return {"leader": self.next_game_leader()}

    def next_game_leader(self) -> int | None:
        """A8: who leads the next game: the seat whose score won this one (None while it
        is being played). Start it with ``options={"leader": seat}``."""
        if not self.match_over:
            return None
        best = max(self.totals)
        for e in reversed(self.log):
            if e.seat is not None and self.totals[e.seat] == best:
                return e.seat
        return max(range(self.seats), key=lambda i: self.totals[i])

    # ---- the table -------------------------------------------------------------------------
    def layout(self) -> dict:
        """What the table draws: the root, each arm with its tiles, whether it is open,
        the pips to match there and what its open end counts; the running count."""
        return describe(self.root, self.arms, self.spinners)

    def all_tiles(self) -> list[Tile]:
        placed = [t for arm in self.arms for t, _e in arm]
        root = [self.root] if self.root is not None else []
        return [*root, *placed, *(t for h in self.hands for t in h), *self.boneyard]

    def _observe(self) -> dict:
        return {
            "drawable": max(0, len(self.boneyard) - self.options.reserve()),
            "layout": self.layout(),
            "count": self.count,
            "sides": self.sides,
            "partners": self.sides[-1] != self.seats - 1,
            "side_totals": self.side_totals(),
            "hand_points": list(self.hand_points),
            "lacks": self.lacks,
            "score_log": list(self.log),
            "target": self.options.target,
            "count_in_fives": self.options.count_in_fives,
            "leader": self.leader,
            "first_draw": self.first_draw,
            "out": self.out,
            "blocked": self.blocked,
            "ended": self.ended,
            "next_game_leader": self.next_game_leader(),
        }

    # ---- words -----------------------------------------------------------------------------
    def target_name(self, target: int) -> str:
        return arm_name(target)

    def target_number(self, name: str) -> int:
        return arm_number(name)

    def _why_not(self, move: Move) -> IllegalMove:
        if move.kind == JOIN and not self.match_over:
            return IllegalMove("All Fives has no late arrivals: 2 to 4 players sit down "
                               "for the whole game", rule="A1")
        return super()._why_not(move)

    def _explain(self, move: Move) -> IllegalMove:
        o = self.options
        s = self.turn
        plays = self._plays()
        if move.kind == PLAY:
            t, a = move.tile, move.target
            if t not in self.hands[s]:
                return IllegalMove(f"seat {s} does not hold {t}", rule="hand")
            if self.root is None:
                return IllegalMove(f"nobody has led yet: seat {s} leads any tile to the "
                                   f"centre ({t}@C)", rule="A3")
            if a == CENTRE:
                return IllegalMove("the lead has been played: play on an open end",
                                   rule="A3")
            if a is None or not 0 <= a < len(self.arms):
                if a is not None and a >= 2:
                    why = ("there is no spinner: every double lies crosswise"
                           if o.spinner == "none" else "no spinner has that arm yet")
                    return IllegalMove(f"there is no end {self.target_name(a)}: {why}",
                                       rule="A5")
                return IllegalMove(f"there is no end {a!r}", rule="A3")
            ends = dict(self.opens)
            if a not in ends:
                return IllegalMove(f"the spinner's side {self.target_name(a)} opens only "
                                   "after both its ends have been played on", rule="A5")
            if not t.has(ends[a]):
                return IllegalMove(f"{t} does not match the open end {ends[a]} at "
                                   f"{self.target_name(a)}", rule="A3")
        elif move.kind == DRAW:
            if plays:
                return IllegalMove(f"you can play ({self.notation(plays[0])}): draw only "
                                   "when you cannot play", rule="A2")
            if o.reserve():
                return IllegalMove("the last two tiles stay in the boneyard: pass",
                                   rule="A2")
            return IllegalMove("the boneyard is empty: pass", rule="A2")
        elif move.kind == PASS:
            if plays:
                return IllegalMove(f"you can play ({self.notation(plays[0])}): you must "
                                   "play", rule="A3")
            return IllegalMove("draw from the boneyard until you can play", rule="A2")
        return IllegalMove(f"{self.notation(move)} is not a move in All Fives")


def _shown(opp: int, pts: int) -> str:
    return f"{opp}" if opp == pts else f"{opp} -> {pts}"


# ---- the game, as every layer looks it up (bones/games.py) ----------------------------------
register_game(GameType(
    id="all-fives",
    title="All Fives",
    match=AllFives,
    set_high=lambda o: 6,  # double six (A1)
    round_word="hand",  # A1
    length=TARGET,  # A8
    counts_ends=True,  # A4
    house_settings=HOUSE_SETTINGS,  # what a club may change (bones.house_settings)
    order=3,
))
