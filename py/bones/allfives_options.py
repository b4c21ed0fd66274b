"""All Fives' rule options, and its preset: the Good Sam's sheet (GS-AF).

Every rule that players commonly change (the target, counting in fives, the two-player
hand, the draw, the spinners, partners, who leads) is a field of ``AllFivesOptions``;
the preset is a value of it, registered in ``bones.presets`` with the rule IDs it
follows. The match itself is ``bones.allfives.AllFives``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        def bad(why: str) -> ValueError:
            return ValueError(f"All Fives options: {why}")

        if not isinstance(self.target, int) or not 1 <= self.target <= 10000:
            raise bad(f"the target score must be 1 to 10000, not {self.target!r}")
        if not isinstance(self.two_player_hand, int) or not 1 <= self.two_player_hand <= 12:
            raise bad(f"two players take 1 to 12 tiles each, not {self.two_player_hand!r}")
        if self.draw not in ("until-play", "leave-two"):
            raise bad(f"draw is until-play or leave-two, not {self.draw!r}")
        if self.spinner not in ("first", "none", "every"):
            raise bad(f"spinner is first, none or every, not {self.spinner!r}")
        if self.next_leader not in ("winner", "clockwise"):
            raise bad(f"next_leader is winner or clockwise, not {self.next_leader!r}")
        if self.leader is not None and (
                not isinstance(self.leader, int) or not 0 <= self.leader < seats):
            raise bad(f"there is no seat {self.leader!r} to lead at a table of {seats}")


register(Preset(
    name="gs-af",
    game="all-fives",
    title="Good Sam's Dominoes (All Fives)",
    sheet="dominoes-all-fives-good-sams.md",
    summary="Double six, 7 tiles each, draw when you cannot play. Score whenever the open "
            "ends add up to 5, 10, 15... The first double is a spinner. Going out scores the "
            "other side's pips. First to 250 wins.",
    options=AllFivesOptions(),
    rules=("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"),
))
