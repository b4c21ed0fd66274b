"""What the table screen holds between events, as the rally scorekeeper holds its
``RallyState``: the tile chosen in the hand, the tile a hint chose, the line under the
table and the tile just played. The game itself is the controller's ``session`` (the
start form, a kiosk and the table all begin and resume it); everything here belongs to
the table screen (app.table.ui), which changes it, and the others ask the screen:
``tell`` a line, ``drop_choice`` on leaving, ``forget`` when another game is taken up."""

from __future__ import annotations

from dataclasses import dataclass

from bones.moves import CALL, DRAW, KNOCK, NEXT, PLAY, Move
from bones.tiles import Tile


@dataclass
class TableState:
    selected: Tile | None = None  # the tile chosen in the hand, waiting for where it goes
    hinted: Tile | None = None  # the tile a hint chose: tapping it again keeps it chosen
    hint: str = ""  # the line under the table (a hint, what just happened, a problem)
    fresh: Tile | None = None  # the tile just played, lit on the felt
    join_error: str = ""  # why a late arrival's name was refused
    cut_error: str = ""  # why the cut typed for the next deal was refused

    # ---- asked by the others (the controller, the computer's turns, a kiosk, the keys) ----
    def tell(self, text: str) -> None:
        """The line under the table says ``text`` (the live region says it once)."""
        self.hint = text

    def drop_choice(self) -> None:
        """Nothing chosen, nothing to say: a new game begins, or a kiosk puts one away."""
        self.selected = None
        self.hint = self.cut_error = ""

    def forget(self) -> None:
        """Another tab's game is taken up: nothing of this table's is kept."""
        self.selected = self.hinted = self.fresh = None
        self.hint = ""

    def moved(self, move: Move, person: bool, line: str | None) -> None:
        """A move was made (a person's dealing the next round changes nothing here): its
        tile is lit, a person's chosen tile put back, and the line says ``line`` (None:
        it stays)."""
        if person and move.kind == NEXT:
            return
        self.fresh = move.tile if move.kind == PLAY else None
        if person:
            self.selected = None
        if line is not None:
            self.hint = line

    def keep_playable(self, playable: set[Tile]) -> None:
        """A chosen tile that can no longer be played is put back."""
        if self.selected is not None and self.selected not in playable:
            self.selected = None


KNOCKED = "Knock knock! Everyone knows you are about to go down to one bone."


def line_after(s, move: Move, person: bool, knocked: bool, hand) -> str | None:
    """What the line under the table says after ``move`` (None: it stays as it is): what
    it scored (All Fives), else what the player did, drew or was caught at. ``s`` is the
    game (app.game.session), ``hand`` the person's tiles now, ``knocked``: the setting
    knocked for them."""
    if person and move.kind == NEXT:
        return None
    news = s.wording.words_for_scores(s.last_scores)
    if person and move.kind == DRAW and hand:
        return f"You drew {hand[-1]}."
    if person and move.kind == KNOCK:
        return KNOCKED
    if news:
        return " ".join(news)
    if person:
        return "Knocked for you: one tile left." if knocked else ""
    if move.kind == CALL and s.seats[move.target].human:
        # Caught not knocking: say plainly why the hand grew, and how to avoid it.
        you = "you" if s.viewer() == move.target else s.name(move.target)
        k = getattr(s.game.options, "knock_penalty", 0)
        return (f"{s.name(s.game.history[-1][1])} caught {you} not knocking: "
                f"{you} drew {k} tiles. Knock as you play down to one tile.")
    return ""
