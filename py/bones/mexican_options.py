"""Mexican Train's rule options, and its presets: one per sheet (GS-MT, ST-MT, WC-MT).

Every rule that differs between the three sheets (docs/rules.md) is a field
of ``MexicanOptions``; each preset is a value of it, registered in ``bones.presets``
with the rule IDs it follows. The match itself is ``bones.mexican.MexicanTrain``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .presets import GOOD_SAMS, Preset, register
from .tiles import set_size
from .trains import round_double, size_for


@dataclass(frozen=True)
class MexicanOptions:
    set_high: int = 12
    # (up to this many seats, tiles each), smallest table first. M1 / S1 / C1.
    hand_sizes: tuple[tuple[int, int], ...] = ((7, 12), (8, 10))
    # Round doubles go down from here, one a round (G5, S2); None: the set's highest.
    first_double: int | None = 9
    rounds: int = 10
    # "placed": the round's double is put face up before the deal (G8, S3 tournament);
    # "holder": whoever holds it places it and leads, else draw in turn (S3, C2);
    # "highest": the highest double anyone holds is placed by its holder, who leads (C2).
    start: str = "placed"
    # "anywhere": the tile after a double may go anywhere (M5), the next player must
    # satisfy it (M6); "on-double": it must be covered on itself and no other train may be
    # played until it is (S4, C5).
    double_rule: str = "anywhere"
    chain_doubles: bool = True  # M5: a double may follow a double (a third tile is owed)
    must_play: bool = False  # C3: no holding a tile that plays (no drawing instead)
    drawn_playable: bool = True  # C4 / M3: a drawn tile that fits may be played at once
    mexican_start: str = "any"  # "any" (M2, C6) or "after-own-train"
    knock_penalty: int = 0  # C7: tiles drawn when caught not knocking; 0 = courtesy (G6)
    double_blank: int = 0  # G10: what 0-0 counts in hand
    blocked_blanks: bool = False  # C8: in a blocked round a blank half is 25, 0-0 is 50
    late_arrivals: bool = True  # G7

    def hand_size(self, seats: int) -> int:
        return size_for(self.hand_sizes, seats)

    def round_double(self, round_number: int) -> int:
        return round_double(self.first_double, self.set_high, round_number)

    def check(self, seats: int) -> None:
        def bad(why: str) -> ValueError:
            return ValueError(f"Mexican Train options: {why}")

        if not 6 <= self.set_high <= 18:
            raise bad(f"no double-{self.set_high} set (use 6 to 18)")
        if self.first_double is not None and not 0 <= self.first_double <= self.set_high:
            raise bad(f"the first double {self.first_double} is not in the set")
        if not 1 <= self.rounds <= 100:
            raise bad("rounds must be 1 to 100")
        if self.start not in ("placed", "holder", "highest"):
            raise bad(f"start is placed, holder or highest, not {self.start!r}")
        if self.double_rule not in ("anywhere", "on-double"):
            raise bad(f"double_rule is anywhere or on-double, not {self.double_rule!r}")
        if self.mexican_start not in ("any", "after-own-train"):
            raise bad(f"mexican_start is any or after-own-train, not {self.mexican_start!r}")
        if self.knock_penalty < 0 or self.double_blank < 0:
            raise bad("penalties and scores cannot be negative")
        size = self.hand_size(seats)
        if seats * size + 1 > set_size(self.set_high):
            raise bad(f"{seats} hands of {size} need more than the "
                      f"{set_size(self.set_high)} tiles of a double-{self.set_high} set")



# ---- the presets: one per sheet -----------------------------------------------------------
register(Preset(
    name="gs-mt",
    game="mexican-train",
    title="Good Sam's Samboree & Rally",
    sheet="mexican-train-good-sams.md",
    summary="12 bones each, 9-9 first and down one a round. After a double play one more "
            "tile anywhere; the next player must satisfy it. Knocking is a courtesy.",
    options=MexicanOptions(),
    rules=GOOD_SAMS + ("M1", "M2", "M3", "M4", "M5", "M6", "M7"),
))

register(Preset(
    name="st-mt",
    game="mexican-train",
    title="Samboree tournament",
    sheet="mexican-train-samboree-tournament.md",
    summary="12 bones each (10 for 5-6 players, 8 for 7-8). Four rounds from 12-12. A double "
            "must be covered on itself before any other play. You must tap on your last bone.",
    options=MexicanOptions(
        hand_sizes=((4, 12), (6, 10), (8, 8)),
        first_double=12,
        rounds=4,
        double_rule="on-double",
        knock_penalty=2,
    ),
    rules=("G1", "G3", "G4", "G7", "G9", "G10", "S1", "S2", "S3", "S4", "S5", "S6", "S7"),
))

register(Preset(
    name="wc-mt",
    game="mexican-train",
    title="General rules (Candela)",
    sheet="mexican-train-candela.md",
    summary="15 bones each (11 for 5-6, 8 for 7-8). Whoever holds 12-12 starts. A double is "
            "covered on itself; you must play if you can. Forget to knock and you draw two.",
    options=MexicanOptions(
        hand_sizes=((4, 15), (6, 11), (8, 8)),
        first_double=12,
        rounds=13,
        start="holder",
        double_rule="on-double",
        must_play=True,
        knock_penalty=2,
        blocked_blanks=True,
    ),
    rules=("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"),
))
