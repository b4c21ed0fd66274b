"""Mexican Train's rule options, and its presets: one per sheet (GS-MT, ST-MT, WC-MT).

Every rule that differs between the three sheets (docs/rules.md) is a field
of ``MexicanOptions``; each preset is a value of it, registered in ``bones.presets``
with the rule IDs it follows. The match itself is ``bones.mexican.MexicanTrain``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .checks import choice, double, hand_sizes, hands_fit, number, whole, yes_no
from .errors import OptionError
from .house_settings import (
    CHOICE,
    DOUBLE_BLANK,
    LATE_ARRIVALS,
    NUMBER,
    ROUNDS_HELP,
    SIZES,
    TOGGLE,
    Setting,
    set_words,
)
from .presets import GOOD_SAMS, Preset, register
from .trains import round_double, size_for

# A field added after saves were first written is saved only when it is set
# (core.options_dict), so a save that does not use it reads as it always did.
IF_SET = {"saved": "if-set"}


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
    # Points added at a round's end for every player whose marker is up (whose train is
    # open), but the one who went out. On no sheet: a house rule; 0 = none.
    open_train_penalty: int = field(default=0, metadata=IF_SET)

    def hand_size(self, seats: int) -> int:
        return size_for(self.hand_sizes, seats)

    def round_double(self, round_number: int) -> int:
        return round_double(self.first_double, self.set_high, round_number)

    def check(self, seats: int) -> None:
        """Raises an ``OptionError`` (a sentence naming its field) for options that cannot
        be played by ``seats`` players."""
        if not whole(self.set_high) or not 6 <= self.set_high <= 18:
            raise OptionError(f"There is no double-{str(self.set_high)[:20]} set: choose "
                              f"double-6 to double-18.", "set_high")
        hand_sizes(self.hand_sizes, "hand_sizes")
        double(self.first_double, "first_double", self.set_high, "The first round's double")
        number(self.rounds, "rounds", 1, 100, "The number of rounds")
        choice(self.start, "start", ("placed", "holder", "highest"), "How a round starts")
        choice(self.double_rule, "double_rule", ("anywhere", "on-double"),
               "Where the tile after a double goes")
        for f, what in (("chain_doubles", "Whether a double may follow a double"),
                        ("must_play", "Whether you must play when you can"),
                        ("drawn_playable", "Whether a drawn tile may be played"),
                        ("blocked_blanks", "Whether blanks count extra in a blocked round"),
                        ("late_arrivals", "Whether late arrivals may join")):
            yes_no(getattr(self, f), f, what)
        choice(self.mexican_start, "mexican_start", ("any", "after-own-train"),
               "Who may start the Mexican Train")
        number(self.knock_penalty, "knock_penalty", 0, 20,
               "The tiles drawn for not knocking")
        number(self.double_blank, "double_blank", 0, 1000, "What 0-0 counts")
        number(self.open_train_penalty, "open_train_penalty", 0, 1000,
               "The points for an open train")
        hands_fit(seats, self.hand_size, self.set_high, "hand_sizes")



# ---- the presets: one per sheet -----------------------------------------------------------
register(Preset(
    name="gs-mt",
    game="mexican-train",
    title="Good Sam's Samboree & Rally",
    summary="12 bones each, 9-9 first and down one a round. After a double play one more "
            "tile anywhere; the next player must satisfy it. Knocking is a courtesy.",
    options=MexicanOptions(),
    rules=GOOD_SAMS + ("M1", "M2", "M3", "M4", "M5", "M6", "M7"),
))

register(Preset(
    name="st-mt",
    game="mexican-train",
    title="Samboree tournament",
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


# ---- what a club may change (house rules: bones.house_settings, docs/house-rules.md) ----
HOUSE_SETTINGS = (
    Setting("set_high", "The set", "Which set the table plays with.", CHOICE,
            ("G2", "S2", "C2"), tuple((h, set_words(h)) for h in (9, 12, 15))),
    Setting("hand_sizes", "Tiles each", "How many tiles each player is dealt, by the number "
            "of players.", SIZES, ("M1", "S1", "C1"), low=1, high=20),
    Setting("first_double", "First double", "The double the first round starts from; each "
            "round after starts one lower (after 0-0, the set's highest).", CHOICE,
            ("G5", "S2", "C2"), doubles=True),
    Setting("rounds", "Rounds", ROUNDS_HELP, NUMBER, ("G5", "S2"), low=1, high=100),
    Setting("start", "How a round starts", "Who puts the round's double in the middle, and "
            "who leads.", CHOICE, ("G8", "S3", "C2"),
            (("placed", "the double is placed in the middle before the deal"),
             ("holder", "whoever holds the double places it and leads"),
             ("highest", "the highest double anyone holds starts the round; its holder "
                         "leads"))),
    Setting("double_rule", "After a double", "Where the tile that follows a double goes.",
            CHOICE, ("M5", "M6", "S4", "C5"),
            (("anywhere", "anywhere you may play; the next player must satisfy the double"),
             ("on-double", "on the double itself, before any other play"))),
    Setting("chain_doubles", "A double after a double", "Whether the tile after a double may "
            "be another double (which then needs a tile of its own).", TOGGLE,
            ("M5", "S4", "C5"),
            ((True, "allowed: one more tile is owed"), (False, "not allowed"))),
    Setting("must_play", "Must play", "Whether a player who holds a tile that plays may draw "
            "instead.", TOGGLE, ("C3", "M3"),
            ((False, "you may draw instead of playing"), (True, "if you can play, you must"))),
    Setting("drawn_playable", "A drawn tile", "Whether a tile you draw may be played at once.",
            TOGGLE, ("C4", "M3"),
            ((True, "may be played at once if it fits"), (False, "waits for your next turn"))),
    Setting("mexican_start", "The Mexican Train", "Who may start the Mexican Train.", CHOICE,
            ("M2", "C6"), (("any", "anyone may start it"),
                           ("after-own-train", "only a player who has started their own "
                                               "train"))),
    Setting("knock_penalty", "Not knocking", "What a player draws when caught not knocking "
            "on their last tile.", NUMBER, ("G6", "S5", "C7"), low=0, high=5, unit="tiles",
            zero="no penalty: knocking is a courtesy"),
    DOUBLE_BLANK,
    Setting("blocked_blanks", "A blocked round", "How a round nobody can finish is scored.",
            TOGGLE, ("C8", "G10"),
            ((False, "pips in hand, like any round"),
             (True, "a blank half counts 25 and 0-0 counts 50"))),
    Setting("open_train_penalty", "An open train", "Points added at the end of a round for "
            "every player whose marker is up, but the one who went out.", NUMBER,
            ("G10", "M3"), low=0, high=100, unit="points", zero="no penalty"),
    LATE_ARRIVALS,
)
