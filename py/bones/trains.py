"""What the two "train" games (Mexican Train, Chicken Foot) share on top of the core.

Both follow the Good Sam's sheets' common rules: a draw for the first player (G3),
the round's double going down a round with the first player moving clockwise (G4,
G5), late arrivals (G7), a round ending when someone goes out or nobody can play
(G9), and pips in hand as the score (G10).
"""

from __future__ import annotations

from .core import Match
from .deals import Deck, deal_out, draw_for_first_player, stacked, with_item
from .tiles import Tile, full_set, set_size, tile


class TrainGame(Match):
    """A match scored by pips left in hand, lowest total winning (G1)."""

    def _can_join(self) -> bool:
        n = self.seats + 1
        o = self.options
        return (o.late_arrivals and n <= self.max_seats
                and n * o.hand_size(n) + 1 <= set_size(o.set_high))

    @classmethod
    def placed_double(cls, options, round_number: int) -> Tile | None:
        """G8: the round's double, put face up before the deal (None: it is not)."""
        d = options.round_double(round_number)
        return tile(d, d)

    @classmethod
    def round_deck(cls, options, seats: int, round_number: int) -> Deck:
        """The deck of round ``round_number`` by the rules (no stacked deal)."""
        return train_deck(options, seats, round_number,
                          cls.placed_double(options, round_number))

    @classmethod
    def lead_draw(cls, options, seats: int, rng) -> list:
        """G3: every round of drawing for first player (see ``draw_for_first_player``)."""
        return draw_for_first_player(seats, options.set_high, rng)[1]

    def _deal(self, placed: Tile | None) -> tuple[list[list[Tile]], list[Tile]]:
        """The round's hands, shuffled by the seed (or the round's stacked deal), and
        the boneyard, drawn from its end; ``placed`` is the double put face up first."""
        deck = train_deck(self.options, self.seats, self.round_number, placed)
        deal = self.round_deal()
        if deal and "hands" in deal:
            return stacked(deal, list(deck.tiles), self.seats, self.rng(deck.purpose))
        return deal_out(deck, self.rng(deck.purpose))

    def _first_leader(self) -> int:
        """G4: play is clockwise and the first player moves one seat clockwise a round,
        from the last round's first player; a late arrival (G7) is counted where he sits,
        after the last seat."""
        if self.round_number == 1:
            return self.first_seat
        if self.rules == 1:  # saves from before: shifted when the table grew
            return (self.first_seat + self.round_number - 1) % self.seats
        return (self.leader + 1) % self.seats

    def _draw(self, s: int) -> None:
        """Seat ``s`` draws a tile from the boneyard: what it was seen to lack is unknown again."""
        self.hands[s].append(self.boneyard.pop())
        self.drawn = True
        if self.lacks[s]:
            self.lacks = with_item(self.lacks, s, frozenset())

    def _undraw(self, s: int) -> None:
        self.boneyard.append(self.hands[s].pop())

    def _end_if_blocked(self) -> None:
        """G9: "until ... all the bones have been chosen and no one is able to play"."""
        if not self.boneyard and not self.round_over and self.rules > 1 and self.blocked_now():
            self._end_round(out=None)

    def _end_round(self, out: int | None) -> None:
        """G9: someone went out (``out``), or the boneyard is empty and nobody can play."""
        self.round_over = True
        self.out = out
        self.blocked = out is None
        self.turn = None
        self.owe = False

    def tile_score(self, t: Tile) -> int:
        o = self.options
        blanks = self.blocked and getattr(o, "blocked_blanks", False)
        if t.hi == 0:
            return 50 if blanks else o.double_blank  # G10 (0-0 counts zero), C8
        if t.lo == 0 and blanks:
            return t.hi + 25  # C8: a single blank is an extra 25 in a blocked round
        return t.hi + t.lo

    def _score_round(self) -> list[int]:
        # G10: pips left in hand (the player who went out has none).
        return [sum(self.tile_score(t) for t in hand) for hand in self.hands]


def size_for(table, seats: int) -> int:
    """Tiles each from a table of (up to this many seats, tiles each), smallest first."""
    for upto, size in table:
        if seats <= upto:
            return size
    raise ValueError(f"no hand size is given for {seats} players")


def round_double(first_double: int | None, set_high: int, round_number: int) -> int:
    """G5 / S2: the round's double goes down one a round from the first (None: the set's
    highest), wrapping round to the highest after 0-0."""
    first = set_high if first_double is None else first_double
    return (first - (round_number - 1)) % (set_high + 1)


def full_pool(set_high: int, without: Tile | None = None) -> list[Tile]:
    """Every tile of the set, less the placed starting double (G8)."""
    pool = full_set(set_high)
    if without is not None:
        if without not in pool:
            raise ValueError(f"deal: the starting double {without} is not in the set")
        pool.remove(without)
    return pool


def train_deck(options, seats: int, round_number: int, placed: Tile | None) -> Deck:
    """The deck of a train game's round: the set less ``placed`` (the double put face up
    before the deal), shuffled for "round-N" and dealt in hands of the table's size."""
    return Deck(f"round-{round_number}", tuple(full_pool(options.set_high, placed)), seats,
                options.hand_size(seats), placed)
