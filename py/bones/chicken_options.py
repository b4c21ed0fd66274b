"""Chicken Foot's rule options and its preset (GS-CF).

Every rule a table may set differently is a field of ``ChickenOptions``; the preset is
a value of it, registered in ``bones.presets`` with the rule IDs it follows. The match
itself is ``bones.chicken.ChickenFoot``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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

# Tiles each, by seats (up to this many seats, tiles each), when ``hand_sizes`` is None.
# Double-twelve: 7 each for 2 to 8 seats (F1). Double-nine (55 tiles): 7 each while the
# boneyard keeps at least 12 tiles, then fewer (7 seats: 6 each, 8 seats: 5 each).
HAND_SIZES = {12: ((8, 7),), 9: ((6, 7), (7, 6), (8, 5))}


@dataclass(frozen=True)
class ChickenOptions:
    set_high: int = 12  # G2: a double-twelve set; 9 for a double-nine set
    # (up to this many seats, tiles each), smallest table first; None: HAND_SIZES (F1).
    hand_sizes: tuple[tuple[int, int], ...] | None = None
    # Round doubles go down from here, one a round (G5 and the README's decisions);
    # None: the set's highest double.
    first_double: int | None = 9
    rounds: int = 10
    centre_paths: int = 4  # F2: 3 toes and 1 spur; or 6 lines
    # "one": a player who cannot play draws one tile, then passes if it does not play;
    # "until": draws until a tile plays or the boneyard is empty.
    draw: str = "one"
    must_play: bool = False  # as GS-MT reads its sheet: a player may draw instead of playing
    double_blank: int = 0  # G10: what 0-0 counts in hand (50 is a house rule)
    late_arrivals: bool = True  # G7

    def hand_size(self, seats: int) -> int:
        return size_for(self.hand_sizes or HAND_SIZES[self.set_high], seats)

    def round_double(self, round_number: int) -> int:
        return round_double(self.first_double, self.set_high, round_number)

    def check(self, seats: int) -> None:
        """Raises an ``OptionError`` (a sentence naming its field) for options that cannot
        be played by ``seats`` players."""
        if not whole(self.set_high) or self.set_high not in HAND_SIZES:
            raise OptionError(f"Chicken Foot is played with a double-9 or a double-12 set, "
                              f"not double-{str(self.set_high)[:20]}.", "set_high")
        if self.hand_sizes is not None:
            hand_sizes(self.hand_sizes, "hand_sizes")
        double(self.first_double, "first_double", self.set_high, "The first centre double")
        number(self.rounds, "rounds", 1, 100, "The number of rounds")
        choice(self.centre_paths, "centre_paths", (4, 6),
               "The number of paths of the centre double")
        choice(self.draw, "draw", ("one", "until"), "How a player who cannot play draws")
        yes_no(self.must_play, "must_play", "Whether you must play when you can")
        yes_no(self.late_arrivals, "late_arrivals", "Whether late arrivals may join")
        number(self.double_blank, "double_blank", 0, 1000, "What 0-0 counts")
        hands_fit(seats, self.hand_size, self.set_high, "hand_sizes")


register(Preset(
    name="gs-cf",
    game="chicken-foot",
    title="Good Sam's Samboree & Rally",
    summary="7 bones each, 9-9 first and down one a round. The centre double takes 3 toes "
            "and a spur before anything else; every later double takes 3 toes, and whoever "
            "plays it plays a second tile or draws.",
    options=ChickenOptions(),
    rules=GOOD_SAMS + ("F1", "F2", "F3", "F4", "F5", "F6"),
))


# ---- what a club may change (house rules: bones.house_settings, docs/house-rules.md) ----
HOUSE_SETTINGS = (
    Setting("set_high", "The set", "Which set the table plays with; with double-9 and many "
            "players the sheet deals fewer tiles.", CHOICE, ("G2",),
            tuple((h, set_words(h)) for h in (9, 12))),
    Setting("hand_sizes", "Tiles each", "How many tiles each player is dealt, by the number "
            "of players.", SIZES, ("F1",), low=1, high=20),
    Setting("first_double", "First centre double", "The centre double of the first round; "
            "each round after starts one lower (after 0-0, the set's highest).", CHOICE,
            ("G5", "G8"), doubles=True),
    Setting("rounds", "Rounds", ROUNDS_HELP, NUMBER, ("G5",), low=1, high=100),
    Setting("centre_paths", "The centre double", "How many paths the centre double takes "
            "before play goes anywhere else.", CHOICE, ("F2",),
            ((4, "3 toes and a spur"), (6, "6 lines"))),
    Setting("draw", "Cannot play", "What a player who cannot play does.", CHOICE,
            ("F4", "F5"), (("one", "draws one tile and passes if it does not play"),
                           ("until", "draws until a tile plays"))),
    Setting("must_play", "Must play", "Whether a player who holds a tile that plays may draw "
            "instead.", TOGGLE, ("F4", "F5"),
            ((False, "you may draw instead of playing"), (True, "if you can play, you must"))),
    replace(DOUBLE_BLANK, rules=("G10",)),
    LATE_ARRIVALS,
)
