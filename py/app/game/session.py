"""A game at the table: the engine's match plus who sits where and how they like it.

Pure Python (tested in CPython). The browser controller (app.controller) keeps one
Session, asks it what to show, and hands it the moves people and the computer make.
Everything legal comes from the engine; this module remembers who sits where (the seats
and settings are app.game.seats), whose hand is on screen, and saves. It holds no English:
what the table says in words is app.game.wording, composed over a session (``wording``).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import asdict, dataclass, field

import bones
from app.game import session_deals
from app.game.deal_codes import saved_secret
from app.game.games_ui import TableWords, level_for, titles, words
from app.game.hand import arrange, moved, order_from_save, order_to_save
from app.game.seats import (
    DEFAULT_NAMES,
    KINDS,
    LEVELS,
    NAME_CODES,
    NAME_LIMIT,
    Seat,
    Settings,
    clean_name,
    unique_names,
)
from app.game.wording import TableWording
from bones import fair
from bones.errors import BadSave
from bones.games import GameType
from bones.games import game as registered
from bones.inbound import fields, letters, read_json, unsafe
from bones.moves import JOIN, NEXT, PLAY, Move
from bones.tiles import Tile

SAVE_FORMAT = "rally-dominoes-table"
SAVE_VERSION = 1

GAME_TITLES = titles()  # id -> "Mexican Train", from the registry (bones/games.py)
MAX_SAVE = 300_000  # characters: the match (bones.record.MAX_SAVE) with seats and settings


@dataclass
class Session:
    game: bones.Match
    seats: list[Seat]
    settings: Settings = field(default_factory=Settings)
    shown: int | None = None  # hotseat: the human seat whose hand is on screen
    started: bool = False  # the start (who plays first, and why) has been shown
    # what the last move scored (All Fives): the score log's entries it added
    last_scores: tuple = ()
    # each person's own order of their hand (app.game.hand), by seat; none: in order by number
    order: dict[int, list[Tile]] = field(default_factory=dict)
    # what the table says once when this game is taken up (a save's Hard in a train game)
    notes: list[str] = field(default_factory=list)
    lesson: str = ""  # "Learn to play": the lesson this game is (app.lessons.lesson), or ""
    # the next deal's secret number, made when its code is first shown (app.game.deal_codes);
    # saved, so a reload keeps the code the players have seen and cut
    next_secret: str = ""

    # ---- starting -----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, preset: str, seats: list[Seat], *, seed=None,
            options=None, settings: Settings | None = None, house=None,
            seal=None) -> Session:
        """A new game. Unless it has a ``seed`` (tests), its first deal is dealt from a
        deal code (app.game.deal_codes): ``seal``, made from the code shown before the deal
        and the player's cut; without one (the kiosk's computers-only attract game,
        which nobody plays) from a secret made now."""
        names = unique_names([clean_name(s.name, DEFAULT_NAMES[i % 8], f"Player {i + 1}'s name")
                              for i, s in enumerate(seats)])
        seats = [Seat(n, s.kind if s.kind in KINDS else "computer",
                      level_for(game, s.level)) for n, s in zip(names, seats)]
        if seal is None and seed is None:
            seal = fair.seal(fair.new_secret(), 0)
        g = bones.new_game(game, seats=len(seats), preset=preset, seed=seed, options=options,
                           house=house, fair=None if seal is None else [seal])
        return cls(g, seats, settings or Settings())

    @classmethod
    def for_lesson(cls, lesson_id: str, settings: Settings | None = None) -> Session:
        """A lesson of "Learn to play" (app.lessons.data): its deal, you against its
        computer players, who play the lesson's moves."""
        from app.lessons.data import LESSONS

        x = LESSONS[lesson_id]
        seats = [Seat(n, "human" if i == 0 else "computer", "easy")
                 for i, n in enumerate(x.names)]
        return cls(x.new_game(), seats, settings or Settings(), started=True, lesson=x.id)

    @property
    def hint_level(self) -> str:
        """Whose choice the Hint button shows: the setting's, where this game offers that
        level (Hard's only where Hard plays better: app.game.games_ui), else Normal's."""
        return level_for(self.game.game, self.settings.hints)

    @property
    def lesson_run(self):
        """The lesson at its step (app.lessons.lesson.LessonRun), or None outside a lesson."""
        if not self.lesson:
            return None
        from app.lessons.data import LESSONS
        from app.lessons.lesson import LessonRun

        return LessonRun(LESSONS[self.lesson], self.game)

    def lesson_line(self) -> str:
        """What the lesson says now ("" outside a lesson)."""
        run = self.lesson_run
        return "" if run is None else run.line(bool(self.my_moves()))

    def tile_hint(self, t: Tile, mine: tuple[Move, ...] | None = None) -> str:
        """What the line under the table says when the person taps ``t`` in the hand
        (``mine``: ``my_moves()``, when the caller has worked them out already)."""
        mine = self.my_moves() if mine is None else mine
        spots = [m for m in mine if m.kind == PLAY and m.tile == t]
        if spots:
            return f"{t} can go on: {', '.join(self.wording.where(m.target) for m in spots)}. " \
                   "Tap where it goes."
        run = self.lesson_run
        if run is not None and not run.over:
            return run.refusal(t, self._legal_now())
        return f"{t} does not fit anywhere now."

    @classmethod
    def quick(cls, seed=None, seal=None) -> Session:
        """Quick game: you against three computer players by the Good Sam's rules, dealt
        from ``seal`` (the start screen's code and cut) unless seeded."""
        seats = [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cora")]
        return cls.new("mexican-train", "gs-mt", seats, seed=seed, seal=seal)

    # ---- the game, as the registry has it ------------------------------------------------
    @property
    def game_type(self) -> GameType:
        """The game's registered facts (bones/games.py)."""
        return registered(self.game.game)

    @property
    def wording(self) -> TableWording:
        """What the table says in words (app.game.wording), composed over this session."""
        return TableWording(self)

    @property
    def words(self) -> TableWords:
        """The game's table words (app/game/games_ui.py)."""
        return words(self.game.game)

    # ---- who is who ---------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None else ""

    def computer_to_move(self) -> bool:
        """A computer player's turn, once the start has been shown: nothing moves
        behind it."""
        t = self.game.turn
        return (self.started and t is not None and self.seats[t].computer
                and bool(self.game.legal_moves()))

    def needs_handoff(self) -> bool:
        """Hotseat: the next human's hand must stay hidden until they take the screen."""
        t = self.game.turn
        return (t is not None and self.seats[t].human and len(self.humans) > 1
                and self.shown != t)

    def take_seat(self) -> None:
        """The player named on the 'Pass to ...' screen has the screen now."""
        if self.game.turn is not None and self.seats[self.game.turn].human:
            self.shown = self.game.turn

    def viewer(self) -> int | None:
        """The seat whose hand is on screen (None: no hand may be shown)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        t = self.game.turn
        if t is not None and self.seats[t].human and self.shown == t:
            return t
        return None

    def observation(self) -> dict:
        """What the person at the screen may see, and all the table's markup reads of the
        tiles (bones ``Match.observation``, as boardgame.io's playerView): their own
        ``hand``, every seat's tile count (``hand_sizes``), the ``boneyard``'s size, and
        once the round is over every hand (``shown``, G10). With no seat at the screen
        (a hotseat hand hidden between players) it is what every seat sees: ``seat`` and
        ``hand`` are None."""
        return self.game.observation(self.viewer())

    # ---- the hand's order (app.game.hand) ---------------------------------------------------
    def hand_in_order(self, obs: dict | None = None) -> list[Tile]:
        """The hand of the seat at the screen in its player's order (``obs``: its
        observation, made if not given); empty when no seat is at the screen."""
        obs = self.observation() if obs is None else obs
        if obs["seat"] is None or obs["hand"] is None:
            return []
        return arrange(obs["hand"], self.order.get(obs["seat"]))

    def sort_hand(self) -> None:
        """The hand at the screen back in order by number (tiles drawn later join in
        their place)."""
        v = self.viewer()
        if v is not None:
            self.order.pop(v, None)

    def move_in_hand(self, tile: Tile, to: int) -> int | None:
        """Move ``tile`` of the hand at the screen to place ``to`` (0 the first); the
        place it took, or None when it is not in that hand."""
        v = self.viewer()
        hand = self.hand_in_order()
        if v is None or tile not in hand:
            return None
        self.order[v] = moved(hand, tile, to)
        return self.order[v].index(tile)

    def my_moves(self) -> tuple[Move, ...]:
        """What the person at the screen may do now (nothing when it is not their turn)."""
        legal = self._legal_now()
        run = self.lesson_run
        return legal if run is None else run.allowed(legal)

    def _legal_now(self) -> tuple[Move, ...]:
        v = self.viewer()
        if v is None or self.game.turn != v or self.needs_handoff():
            return ()
        return self.game.legal_moves()

    # ---- deal codes (app.game.deal_codes; the next deal and its cut: app.game.session_deals)
    def deal_code(self) -> str | None:
        """The code of the round in play, shown through it; None without codes."""
        return fair.code_now(self.game)

    def next_code(self) -> str | None:
        """The next deal's code, shown before it (app.game.session_deals.next_code)."""
        return session_deals.next_code(self)

    def next_is_a_game(self) -> bool:
        """What comes next is a new game, not the next round of this one."""
        return session_deals.next_is_a_game(self)

    def next_round(self, cut_text: str | None = None) -> None:
        """Deal the next round, from its code and the cut typed (BadCut if bad)."""
        session_deals.next_round(self, cut_text)

    def next_game_seal(self, cut_text: str | None = None) -> fair.Sealed:
        """At a game's or lesson's end: the next game's first seal (BadCut if bad)."""
        return session_deals.next_seal(self, cut_text)

    # ---- moves --------------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Apply a move; ``last_scores`` then holds what it scored (All Fives)."""
        log = getattr(self.game, "log", None)
        before = len(log) if log is not None else 0
        m = self.game.play(move)
        if m.kind in (NEXT, JOIN):
            self.shown = None
        if m.kind == NEXT:
            self.order.clear()  # a new deal: the old order names none of its tiles
        if m.kind == JOIN:
            self._seat_newcomer("", "human", "normal")
        self.last_scores = tuple(log[before:]) if log is not None else ()
        return m

    def join(self, name: str, kind: str = "human", level: str = "normal") -> None:
        """G7: a late arrival takes the next seat, with the highest total at the table."""
        self.game.play(bones.Move(JOIN))
        self.shown = None
        self._seat_newcomer(name, kind, level)

    def _seat_newcomer(self, name: str, kind: str, level: str) -> None:
        fallback = f"Player {len(self.seats) + 1}"
        names = unique_names([s.name for s in self.seats] + [clean_name(name, fallback)])
        self.seats.append(Seat(names[-1], kind if kind in ("human", "computer") else "human",
                               level_for(self.game.game, level)))

    def undo_my_move(self) -> bool:
        """Take back the last move of the person at the screen and every computer move
        after it. Refused (False) across a round or before anything was played."""
        v = self.viewer()
        hist = self.game.history
        for i in range(len(hist) - 1, -1, -1):
            move, seat, _t = hist[i]
            if move.kind in (NEXT, JOIN):
                return False
            if seat == v:
                while len(hist) > i:
                    self.game.undo()
                return True
        return False

    # ---- All Fives: sides -------------------------------------------------------------
    def sides(self) -> list[list[int]]:
        """The seats of each side: one each, or two partnerships (A1)."""
        per = getattr(self.game, "sides", None) or tuple(range(len(self.seats)))
        out: dict[int, list[int]] = {}
        for seat, side in enumerate(per):
            out.setdefault(side, []).append(seat)
        return list(out.values())

    # ---- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "match": bones.to_json(self.game),
            "seats": [asdict(s) for s in self.seats],
            "settings": asdict(self.settings),
            "shown": self.shown, "started": self.started,
            **({"order": order_to_save(self.order)} if self.order else {}),
            **({"lesson": self.lesson} if self.lesson else {}),
            **({"next": self.next_secret} if self.next_secret else {}),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a save back, every value checked, or raise BadSave saying in plain words
        what is wrong (the page then puts the save aside and starts clean)."""
        data = read_json(text, "the saved game", MAX_SAVE, BadSave)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise BadSave("this is not a saved Rally Dominoes table")
        if data.get("version") != SAVE_VERSION:
            raise BadSave(f"the saved game is from another version of the game (format "
                          f"{str(data.get('version'))[:20]}, this one reads {SAVE_VERSION})")
        fields(data, "the saved game", {"format", "version", "match", "seats"},
               {"settings", "shown", "started", "order", "lesson", "next"}, BadSave)
        g = bones.from_json(data["match"])
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != g.seats:
            raise BadSave("the saved game's seats do not match its match")
        seats = [_saved_seat(s, i) for i, s in enumerate(seats)]
        if len({s.name.casefold() for s in seats}) != len(seats):
            raise BadSave("the saved game has two seats of the same name")
        settings = _saved_settings(data.get("settings", {}))
        shown = data.get("shown")
        if shown is not None and (type(shown) is not int or not 0 <= shown < len(seats)):
            raise BadSave(f"the saved game's shown seat is not a seat: {str(shown)[:20]!r}")
        started = data.get("started", False)
        if not isinstance(started, bool):
            raise BadSave(f"the saved game's started is not true or false: "
                          f"{str(started)[:20]!r}")
        # the hands' order is a preference: what cannot be read is left out, never refused
        order = {seat: tiles for seat, tiles in order_from_save(data.get("order")).items()
                 if seat < len(seats)}
        from app.lessons.data import lesson_in_save  # only a lesson's save needs it

        lesson = lesson_in_save(data.get("lesson", ""), g)
        return cls(g, seats, settings, shown, started, order=order,
                   notes=_offered_levels(g.game, seats), lesson=lesson,
                   next_secret=saved_secret(data.get("next")))


def _offered_levels(game: str, seats: list[Seat]) -> list[str]:
    """A saved computer seat at a level its game no longer offers (Hard in a train game)
    plays at the level it offers instead; the words that say so (none when none moved)."""
    moved = []
    for s in seats:
        level = level_for(game, s.level)
        if level != s.level:
            if not s.human:
                moved.append(s.name)
            s.level = level
    if not moved:
        return []
    who = moved[0] if len(moved) == 1 else ", ".join(moved[:-1]) + " and " + moved[-1]
    return [f"{who} {'plays' if len(moved) == 1 else 'play'} at Normal now: in "
            f"{titles()[game]} the computer's Hard played no better than Normal, so Normal "
            "is its strongest level."]


def _saved_seat(s, i: int) -> Seat:
    what = f"seat {i + 1} of the saved game"
    fields(s, what, {"name", "kind", "level"}, set(), BadSave)
    if s["kind"] not in KINDS:
        raise BadSave(f"{what} has a kind that is not a person or the computer: "
                      f"{str(s['kind'])[:20]!r}")
    if s["level"] not in LEVELS:
        raise BadSave(f"{what} has a level that is not one of {', '.join(LEVELS)}: "
                      f"{str(s['level'])[:20]!r}")
    name = s["name"]
    if not (isinstance(name, str) and name and name.strip() == name
            and len(name) <= NAME_CODES and len(letters(name)) <= NAME_LIMIT
            and not any(map(unsafe, name))):
        raise BadSave(f"{what} has a name that is not a player's name: {str(name)[:40]!r}")
    return Seat(name, s["kind"], s["level"])


def _saved_settings(d) -> Settings:
    """The table's settings; a value it cannot use gets its default (a preference, not
    the game: tests/app/test_hints.py)."""
    kinds = {f.name: type(f.default) for f in dataclasses.fields(Settings)}
    fields(d, "the saved game's settings", set(), set(kinds), BadSave)
    return Settings(**{k: v for k, v in d.items() if type(v) is kinds[k]})
