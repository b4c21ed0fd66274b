"""Each game's table wording, looked up by the id the engine's registry knows it by
(bones/games.py): how a target is named, what a waiting double asks for, every line of
the table in words, how a round started.

These words live here, not in the engine's ``GameType``: they are English for the
screen and the screen reader, they speak to the person at the screen ("Your train",
"You play") and need the table's names (``Worded``, the table's wording: what the words read of the
table, which ``app.game.session.Session`` offers), and nothing else reads them (the rally
scorekeeper, the CLI and the computer players do not). The facts every layer needs (the
title, the word for a round, markers, how long a match lasts) are the engine's, on
``GameType``. Beside the words, two more facts of the page's own per game: the levels of
computer player it offers (``levels``, with what each does in words: ``level_words``) and
Hard's thinking time in the page's worker (``hard_ms``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import bones
from app.game.seats import LEVELS
from bones.games import game as game_type
from bones.games import games

if TYPE_CHECKING:
    from bones.core import Match
    from bones.games import GameType


class TableView(Protocol):
    """What the table's wording (app.game.wording.TableWording) reads of the table, and all it
    reads (``app.game.session.Session`` is one): the match, the seats, who plays by hand, who
    is at the screen and what they may do, and this game's words."""

    game: Match
    seats: list
    started: bool

    @property
    def humans(self) -> list[int]: ...
    @property
    def game_type(self) -> GameType: ...
    @property
    def words(self) -> TableWords: ...
    @property
    def lesson_run(self): ...

    def viewer(self) -> int | None: ...
    def name(self, seat: int | None) -> str: ...
    def my_moves(self) -> tuple: ...
    def needs_handoff(self) -> bool: ...
    def sides(self) -> list[list[int]]: ...


class Worded(Protocol):
    """What a game's words read (the table's wording is one): the match, who plays by
    hand, who is at the screen, and how seats and targets are named."""

    game: Match

    @property
    def humans(self) -> list[int]: ...

    def viewer(self) -> int | None: ...
    def name(self, seat: int | None) -> str: ...
    def where(self, target: int) -> str: ...
    def target_label(self, target: int) -> str: ...


class TableWords:
    """What the table says about a game; a game's words override what differs."""

    blurb = "You and three computer players"  # the kiosk's button under the game's name
    kiosk_seats = 4  # a kiosk game: you and the computer players
    hard_ms = 300  # Hard's thinking time in the page's worker (app.table.worker: the figures)
    # the levels offered: Hard only where it plays better than Normal (docs/ai.md, "Levels
    # offered"); a save or a kiosk setting naming another plays at ``level_for``'s
    levels = LEVELS
    level_words = {
        "easy": "Easy is a beginner: it plays any tile that fits.",
        "normal": "Normal plays by rules of thumb: it counts its score and the next "
                  "player's likely reply, and saves tiles it can follow.",
        "hard": "Hard thinks longer: before each move it plays the hand out in hundreds of "
                "likely deals of the hidden tiles. Against Normal it wins about 6 games in 10.",
    }

    def target_label(self, s: Worded, target: int) -> str:
        """How a target is named on its button ("Ann's train", "6-6 toe 2")."""
        raise NotImplementedError

    def duty_text(self, s: Worded) -> str:
        """What a waiting double asks of the player to move ("" when nothing waits)."""
        return ""

    def double_owed(self, s: Worded) -> str:
        """A double that must be satisfied (M6 / C5), for everyone; "" when none waits."""
        return ""

    def open_end(self, g, target: int) -> int | None:
        """The number a tile must match to go on ``target`` (None: nothing to match)."""
        return g.end_of(target)

    def lines(self, s: Worded) -> list[tuple[int, str, list[str]]]:
        """Every train, line or end in order: (target, name, what there is to say)."""
        raise NotImplementedError

    def table_head(self, s: Worded) -> str:
        return f"The table. In the middle: {s.game.hub}."

    def round_end(self, s: Worded) -> str:
        g = s.game
        if g.out is not None:
            return f"{s.name(g.out)} went out."
        return "Nobody can play: the round is blocked."

    def extra_names(self) -> list[str]:
        """Names of the table's targets after the seats' (the layout's ``names``)."""
        return []

    def lane_ids(self, g) -> list[int]:
        """The targets of the play screen's lanes, in order."""
        raise NotImplementedError

    def start_story(self, s: Worded, c) -> list:
        """Session.start_story for this game (``c`` cites a rule from the sheet)."""
        return _train_start(s, c)


class MexicanWords(TableWords):
    hard_ms = 500  # Hard's hints: whole rounds played out, 100 worlds on a busier machine
    levels = ("easy", "normal")  # Hard scored no better than Normal here (docs/ai.md)
    level_words = {
        **TableWords.level_words,
        "normal": "Normal is the strongest: it plans the longest line for its own train "
                  "and gets rid of its heaviest spare tiles first.",
    }

    def target_label(self, s, target):
        if target == bones.MEXICAN:
            return "Mexican Train"
        name = s.name(target)
        if name != "You":
            return f"{name}'s train"
        # the start form's first name: "Your train" to that player, and to anyone else at
        # a shared screen the seat's number (never "Your train" for another's)
        at_screen = s.viewer()
        if len(s.humans) <= 1 or at_screen == target:
            return "Your train"
        return f"Player {target + 1}'s train"

    def duty_text(self, s):
        g = s.game
        if not g.pending:
            return ""
        target = g.pending[-1]
        d = g.trains[target][-1][0]
        if g.owe:
            return (f"cover your double {d}" if g.options.double_rule == "on-double"
                    else f"play another tile after your double {d}")
        return f"satisfy the double {d} on {s.where(target)}"

    def double_owed(self, s):
        g = s.game
        if not g.pending:
            return ""
        target = g.pending[-1]
        return (f"The double {g.trains[target][-1][0]} on {s.where(target)} "
                "must be satisfied")

    def lines(self, s):
        g = s.game
        out = []
        for t in [*range(g.seats), bones.MEXICAN]:
            n = len(g.trains[t])
            what = [f"{n} tile{'s' if n != 1 else ''}", f"ends in {g.end_of(t)}"]
            if t >= 0:
                what.append("marker up: open to all" if g.markers[t] else "marker down")
            out.append((t, s.target_label(t), what))
        return out

    def extra_names(self):
        return ["Mexican Train"]

    def lane_ids(self, g):
        return [*range(g.seats), bones.MEXICAN]


class ChickenWords(TableWords):
    hard_ms = 500  # reading the others' plays costs half its worlds
    level_words = {
        **TableWords.level_words,
        "normal": "Normal plays by rules of thumb: it sheds its heaviest tiles and keeps "
                  "tiles that fit the open ends.",
        "hard": "Hard thinks longer: before each move it plays the round out in many likely "
                "deals of the hidden tiles. It ends a round with fewer points than Normal.",
    }

    def target_label(self, s, target):
        # the double a line grows from and which of its paths: "9-9 spur", "8-8 toe 2"
        # (bones' line_title), the same on the felt, in the log, the hints and the lists
        g = s.game
        if not 0 <= target < len(g.line_info):
            return f"line {target + 1}"
        return g.line_title(target)

    def duty_text(self, s):
        g = s.game
        if not g.pending:
            return ""
        d = g.line_info[g.pending[0]].double
        return f"satisfy the double {d} (play on its open paths)"

    def double_owed(self, s):
        g = s.game
        if not g.pending:
            return ""
        return f"The double {g.line_info[g.pending[0]].double} must be satisfied"

    def lines(self, s):
        g = s.game
        out = []
        for t, tiles in enumerate(g.lines):
            n = len(tiles)
            what = [f"{n} tile{'s' if n != 1 else ''}",
                    f"ends in {g.end_of(t)}" if g.is_open(t) else
                    f"ends in the double {tiles[-1][0]}"]
            out.append((t, s.target_label(t), what))
        return out

    def lane_ids(self, g):
        return list(range(len(g.line_info)))


END_NAMES = {"C": "the centre", "E": "the east end", "W": "the west end",
             "N": "the north end", "S": "the south end"}


class FivesWords(TableWords):
    blurb = "You against one computer player"
    kiosk_seats = 2

    def target_label(self, s, target):
        name = s.game.target_name(target)
        return END_NAMES.get(name, f"end {name}")

    def open_end(self, g, target):
        return dict(g.opens).get(target) if g.root is not None else None

    def lines(self, s):
        g = s.game
        if g.root is None:
            return [(-1, "The middle", ["empty: the first tile goes here"])]
        return [(t, s.target_label(t), [f"ends in {end}"]) for t, end in g.opens]

    def table_head(self, s):
        return f"The table. The ends count {s.game.count}."

    def round_end(self, s):
        g = s.game
        return "" if g.winner is None else f"{s.name(g.winner)} won the hand."

    def lane_ids(self, g):
        return list(range(len(g.layout().get("arms", ()))))

    def start_story(self, s, c):
        g = s.game
        if g.round_number != 1 or not g.first_draw:
            return []
        return [f"Everyone drew one tile: the highest double, else the highest tile, "
                f"plays first ({c('A2')}).", ("bones", [list(g.first_draw)]),
                f"The tiles were shuffled again and everyone drew "
                f"{g.options.hand_size(g.seats)} ({c('A2')})."]


def _train_start(s: Worded, c) -> list:
    """How a train game's round started: the double placed, or drawn for (G8, S3, C2)."""
    g = s.game
    preset = g.preset or type(g).default_preset
    rules = bones.PRESETS[preset].rules
    first_round = g.round_number == 1
    o = g.options
    hub = g.hub
    if getattr(o, "start", "placed") == "placed":
        out = [f"{hub} is already in place, as in the Samboree tournament ({c('S3')})."
               if "S3" in rules and "G8" not in rules else
               f"{hub} is placed face up in the middle before the deal ({c('G8')})."]
        if first_round and g.first_draw:
            out += [f"Everyone drew one bone: the highest pip total plays first "
                    f"({c('G3')}).", ("bones", list(g.first_draw))]
        elif not first_round:
            out.append(f"The first player moves one seat clockwise each round ({c('G4')}).")
        return out
    # S3 (casual) / C2: whoever holds the double places it; nobody: draw in turn.
    rule = c("C2" if "C2" in rules or "S3" not in rules else "S3")
    what = hub if o.start == "holder" else f"the highest double, {hub}"
    placer = g.leader
    if not any(g.setup_draws):
        return [f"{s.name(placer)} held {what} and placed it in the middle ({rule})."]
    began = g.last_out if g.last_out is not None else g.first_seat
    order = [(began + k) % g.seats for k in range(g.seats)]
    drew = [(seat, g.setup_draws[seat]) for seat in order if g.setup_draws[seat]]
    out = [f"Everyone was dealt {o.hand_size(g.seats)} tiles. Nobody held {what}, so "
           f"everyone drew from the boneyard in turn until it turned up ({rule}):",
           ("drew", drew, hub),
           f"{s.name(placer)} placed {hub} in the middle."]
    if g.last_out is None:
        out.append(f"The sheet does not say who begins the drawing: everyone drew one "
                   f"bone, and {s.name(began)} drew the highest.")
    else:
        out.append(f"{s.name(began)} began the drawing, as the last to go out.")
    return out


_WORDS: dict[str, TableWords] = {}


def register_words(game_id: str, words: TableWords) -> None:
    """Give a registered game its table words (refused for a game the engine lacks)."""
    game_type(game_id)
    _WORDS[game_id] = words


def words(game_id: str) -> TableWords:
    """The table words of a registered game."""
    found = _WORDS.get(game_id)
    if found is None:
        game_type(game_id)  # an unknown game: the registry's message names the choices
        raise ValueError(f"the game {game_id!r} has no table words (app/game/games_ui.py)")
    return found


def level_for(game_id: str, level: str) -> str:
    """The level a computer seat plays ``game_id`` at when asked for ``level``: that one
    where the game offers it, else Normal (Hard in a train game, from an older save or a
    kiosk's setting for every game; anything unknown)."""
    return level if level in words(game_id).levels else "normal"


def titles() -> dict[str, str]:
    """Every game's id and title, in the order the screens list them."""
    return {g.id: g.title for g in games()}


register_words("mexican-train", MexicanWords())
register_words("chicken-foot", ChickenWords())
register_words("all-fives", FivesWords())
