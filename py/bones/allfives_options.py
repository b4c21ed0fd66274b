"""All Fives' rule options, and its preset: the Good Sam's sheet (GS-AF).

Every rule that players commonly change (the target, counting in fives, the two-player
hand, the draw, the spinners, partners, who leads) is a field of ``AllFivesOptions``;
the preset is a value of it, registered in ``bones.presets`` with the rule IDs it
follows. The match itself is ``bones.allfives.AllFives``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import choice, number, whole, yes_no
from .errors import OptionError
from .house_settings import CHOICE, NUMBER, TOGGLE, Setting
from .presets import Preset, register


@dataclass(frozen=True)
class AllFivesOptions:
    target: int = 250  # A8: the first player or side to this many wins (200, 150, 61...)
    # Count in fives, as on a cribbage board: a score of 15 pips moves 3 holes. With it the
    # totals and the target are in holes (the usual target is 61).
    count_in_fives: bool = False
    two_player_hand: int = 7  # A2 says 7 each; two players often take 9
    # "until-play": draw until you can play (A2); "leave-two": the last two tiles of the
    # boneyard are never drawn (a common two-player rule).
    draw: str = "until-play"
    # "first": the first double played is the spinner (A5); "none": no spinner, every double
    # lies crosswise in the line (Muggins); "every": every double is a spinner.
    spinner: str = "first"
    partners: bool = True  # A1: at four seats, partners sit opposite (seats 0+2 and 1+3)
    # Who leads the second and later hands of a game (the sheet is silent): "winner" of the
    # last hand (who went out, or the blocked hand's low player), or "clockwise" from the
    # last leader.
    next_leader: str = "winner"
    # A8: the game stops the moment a player or side reaches the target, even mid-hand;
    # False plays the hand out and the higher total wins.
    stop_at_target: bool = True
    # The seat who leads the first hand instead of the draw for the lead (A8: the winner of
    # the last game leads the next one). None: draw for the lead (A2).
    leader: int | None = None

    def hand_size(self, seats: int) -> int:
        return self.two_player_hand if seats == 2 else 7

    def reserve(self) -> int:
        """Tiles that stay in the boneyard, never drawn."""
        return 2 if self.draw == "leave-two" else 0

    def check(self, seats: int) -> None:
        """Raises an ``OptionError`` (a sentence naming its field) for options that cannot
        be played by ``seats`` players."""
        number(self.target, "target", 1, 10000, "The target score")
        yes_no(self.count_in_fives, "count_in_fives", "Whether scores count in fives")
        number(self.two_player_hand, "two_player_hand", 1, 12,
               "The tiles each of two players takes")
        choice(self.draw, "draw", ("until-play", "leave-two"), "How players draw")
        choice(self.spinner, "spinner", ("first", "none", "every"), "Which doubles spin")
        yes_no(self.partners, "partners", "Whether four play as partners")
        choice(self.next_leader, "next_leader", ("winner", "clockwise"),
               "Who leads the later hands")
        yes_no(self.stop_at_target, "stop_at_target", "Whether the game stops at the target")
        if self.leader is not None and (not whole(self.leader) or not 0 <= self.leader < seats):
            raise OptionError(f"There is no seat {str(self.leader)[:20]} to lead at a table "
                              f"of {seats}.", "leader")


register(Preset(
    name="gs-af",
    game="all-fives",
    title="Good Sam's Dominoes (All Fives)",
    summary="Double six, 7 tiles each, draw when you cannot play. Score whenever the open "
            "ends add up to 5, 10, 15... The first double is a spinner. Going out scores the "
            "other side's pips. First to 250 wins.",
    options=AllFivesOptions(),
    rules=("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"),
))


# ---- what a club may change (house rules: bones.house_settings, docs/house-rules.md) ----
HOUSE_SETTINGS = (
    Setting("target", "Target score", "The first player or side to reach it wins (in holes "
            "when counting in fives: 61 is usual).", NUMBER, ("A8",), low=5, high=1000,
            unit="points"),
    Setting("count_in_fives", "Count in fives", "Whether scores are kept in fives, as on a "
            "cribbage board: a score of 15 moves 3 holes.", TOGGLE, ("A4", "A8"),
            ((False, "points as counted"), (True, "in fives (15 points is 3)"))),
    Setting("two_player_hand", "Tiles each for two players", "Three and four players always "
            "take 7.", NUMBER, ("A2",), low=5, high=12, unit="tiles"),
    Setting("partners", "Partners", "Whether four players play as two sides, partners "
            "sitting opposite.", TOGGLE, ("A1",),
            ((True, "four play as two partnerships"), (False, "everyone plays alone"))),
    Setting("next_leader", "Who leads the next hand", "Who leads every hand after the "
            "first (the first is led by the draw).", CHOICE, (),
            (("winner", "the winner of the last hand"), ("clockwise", "the next player "
                                                                      "clockwise"))),
    Setting("spinner", "Spinners", "Which doubles open four ways.", CHOICE, ("A5",),
            (("first", "the first double is the spinner"),
             ("none", "none: every double lies crosswise"),
             ("every", "every double is a spinner"))),
    Setting("draw", "Drawing", "What a player who cannot play draws.", CHOICE, ("A2",),
            (("until-play", "draw until you can play"),
             ("leave-two", "draw until you can play; the last two tiles stay"))),
    Setting("stop_at_target", "At the target", "What happens when a side reaches the "
            "target in the middle of a hand.", TOGGLE, ("A8",),
            ((True, "the game stops at once"), (False, "the hand is played out; the higher "
                                                      "total wins"))),
)
