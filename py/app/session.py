"""A game at the table: the engine's match plus who sits where and how they like it.

Pure Python (tested in CPython). The browser controller (app.controller) keeps one
Session, asks it what to show, and hands it the moves people and the computer make.
Everything legal comes from the engine; this module only words and remembers.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import asdict, dataclass, field

import bones
from app.games_ui import TableWords, titles, words
from bones.errors import BadData, BadSave
from bones.games import ROUNDS, GameType
from bones.games import game as registered
from bones.inbound import fields, letters, name_text, read_json, unsafe
from bones.moves import CALL, DRAW, JOIN, KNOCK, NEXT, PASS, PLAY, Move
from bones.rulebook import cite

SAVE_FORMAT = "rally-dominoes-table"
SAVE_VERSION = 1

GAME_TITLES = titles()  # id -> "Mexican Train", from the registry (bones/games.py)
LEVELS = ("easy", "normal", "hard")
PACES = {"slow": 1600, "normal": 900, "fast": 400, "very fast": 120}  # ms between moves
NAME_LIMIT = 20  # letters as people count them: an emoji of several code points is one
NAME_CODES = 8 * NAME_LIMIT  # code points, so marks piled on a letter stay bounded
MAX_SAVE = 300_000  # characters: the match (bones.record.MAX_SAVE) with seats and settings
DEFAULT_NAMES = ("You", "Ann", "Bob", "Cora", "Dan", "Edna", "Frank", "Gail")


@dataclass
class Seat:
    name: str
    kind: str = "computer"  # "human" or "computer"
    level: str = "normal"

    @property
    def human(self) -> bool:
        return self.kind == "human"


HINT_LEVELS = ("normal", "hard")  # whose choice the Hint button shows


@dataclass
class Settings:
    pace: str = "normal"
    coloured: bool = True
    hints: str = "normal"  # "hard": the Hint button asks Hard (it thinks in the worker)
    numerals: bool = False  # large print: each half's number written instead of pips
    knock_for_me: bool = True  # G6 / S5: the page knocks as your play leaves one tile

    def __post_init__(self) -> None:
        # A hand-edited or damaged save gets the default for a value it cannot use.
        if self.pace not in PACES:
            self.pace = "normal"
        if self.hints not in HINT_LEVELS:
            self.hints = "normal"
        self.coloured = self.coloured is not False
        self.numerals = self.numerals is True
        self.knock_for_me = self.knock_for_me is not False


class BadName(BadData):
    """A name the table cannot take as it is (too long): nothing was changed."""


def clean_name(raw: str, fallback: str, who: str = "The name") -> str:
    """A seat name as the table shows it: one line, NFC, hidden characters and direction
    overrides taken out (joiners kept: a family emoji stays whole), ``fallback`` when
    empty. A name longer than NAME_LIMIT letters is refused (BadName), never cut."""
    text = name_text(raw)
    n = len(letters(text))
    if n > NAME_LIMIT:
        raise BadName(f"{who} is longer than {NAME_LIMIT} letters (it has {n})")
    if len(text) > NAME_CODES:
        raise BadName(f"{who} is longer than {NAME_CODES} characters with its marks")
    return text or fallback


def _cut(name: str, n: int) -> str:
    return "".join(letters(name)[:n])


def unique_names(names: list[str]) -> list[str]:
    """Two players called Ann become "Ann" and "Ann 2", so every seat can be told apart."""
    out: list[str] = []
    for n in names:
        name, k = n, 2
        while name.casefold() in (o.casefold() for o in out):
            name = f"{_cut(n, NAME_LIMIT - 3)} {k}"
            k += 1
        out.append(name)
    return out


@dataclass
class Session:
    game: bones.Match
    seats: list[Seat]
    settings: Settings = field(default_factory=Settings)
    shown: int | None = None  # hotseat: the human seat whose hand is on screen
    started: bool = False  # the start (who plays first, and why) has been shown
    news: list[str] = field(default_factory=list)  # what the last move scored, in words

    # ---- starting -----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, preset: str, seats: list[Seat], *, seed=None,
            options=None, settings: Settings | None = None) -> Session:
        names = unique_names([clean_name(s.name, DEFAULT_NAMES[i % 8], f"Player {i + 1}'s name")
                              for i, s in enumerate(seats)])
        seats = [Seat(n, s.kind if s.kind in ("human", "computer") else "computer",
                      s.level if s.level in LEVELS else "normal")
                 for n, s in zip(names, seats)]
        g = bones.new_game(game, seats=len(seats), preset=preset, seed=seed, options=options)
        return cls(g, seats, settings or Settings())

    @classmethod
    def quick(cls, seed=None) -> Session:
        """Quick game: you against three computer players by the Good Sam's rules."""
        seats = [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cora")]
        return cls.new("mexican-train", "gs-mt", seats, seed=seed)

    # ---- the game, as the registry has it ------------------------------------------------
    @property
    def game_type(self) -> GameType:
        """The game's registered facts (bones/games.py)."""
        return registered(self.game.game)

    @property
    def words(self) -> TableWords:
        """The game's table words (app/games_ui.py)."""
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
        return (self.started and t is not None and not self.seats[t].human
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

    def my_moves(self) -> list[Move]:
        """What the person at the screen may do now (nothing when it is not their turn)."""
        v = self.viewer()
        if v is None or self.game.turn != v or self.needs_handoff():
            return []
        return self.game.legal_moves()

    # ---- moves --------------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Apply a move; ``news`` then holds what it scored, in words (All Fives)."""
        log = getattr(self.game, "log", None)
        before = len(log) if log is not None else 0
        m = self.game.play(move)
        if m.kind in (NEXT, JOIN):
            self.shown = None
        if m.kind == JOIN:
            self._seat_newcomer("", "human", "normal")
        self.news = [self.score_words(x) for x in log[before:]] if log is not None else []
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
                               level if level in LEVELS else "normal"))

    # ---- All Fives: sides and the score log ----------------------------------------------
    def sides(self) -> list[list[int]]:
        """The seats of each side: one each, or two partnerships (A1)."""
        per = getattr(self.game, "sides", None) or tuple(range(len(self.seats)))
        out: dict[int, list[int]] = {}
        for seat, side in enumerate(per):
            out.setdefault(side, []).append(seat)
        return list(out.values())

    def side_name(self, seats: list[int]) -> str:
        return " & ".join(self.name(s) for s in seats)

    def score_words(self, entry) -> str:
        """One scoring play in words: "15! Ann scores 15 (ends 15)"."""
        if entry.seat is None:
            return f"Nobody scores: {entry.reason}"
        who = self.name(entry.seat)
        pts = entry.points
        verb = "score" if who == "You" else "scores"
        if entry.reason.startswith("ends"):
            return f"{pts}! {who} {verb} {pts}"
        return f"{who} {verb} {pts}: {entry.reason}"

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

    # ---- words --------------------------------------------------------------------------
    def target_label(self, target: int) -> str:
        """How a target is named on its button ("Ann's train", "Mexican Train", ...)."""
        return self.words.target_label(self, target)

    def move_words(self, move: Move, seat: int | None) -> str:
        who = self.name(seat)
        k = move.kind
        if k == PLAY:
            return f"{who} played {move.tile} on {self._where(move.target)}"
        if k == DRAW:
            return f"{who} drew a tile"
        if k == PASS:
            return f"{who} passed" + (" and put up a marker" if self.game_type.markers else "")
        if k == KNOCK:
            return f"{who} knocked: one bone left"
        if k == CALL:
            return f"{who} caught {self.name(move.target)} not knocking"
        if k == NEXT:
            return "Next round"
        return f"{self.name(len(self.seats) - 1)} joined"

    def since_viewer(self) -> dict[int, str]:
        """What each other player did since the viewer's own last move (this round) that
        leaves no tile to see: drew, passed, knocked, caught someone. These stay beside
        their train until the viewer moves again (issue 33: events flashed past)."""
        v = self.viewer()
        if v is None:
            return {}
        done: dict[int, list[str]] = {}
        for move, seat, _t in reversed(self.game.history):
            if move.kind == NEXT or seat == v:
                break
            if seat is None:
                continue
            k = move.kind
            word = ("drew" if k == DRAW else "passed" if k == PASS else "knocked" if k == KNOCK
                    else f"caught {'you' if move.target == v else self.name(move.target)}"
                    if k == CALL else None)
            if word is not None and word not in done.setdefault(seat, []):
                done[seat].insert(0, word)
        return {seat: " and ".join(words) for seat, words in done.items() if words}

    def since_viewer_text(self) -> str:
        """The same in one line for the hint band: "Ann drew and passed. Bob knocked."."""
        return " ".join(f"{self.name(seat)} {words}." for seat, words in
                        sorted(self.since_viewer().items(), key=lambda kv: self._order(kv[0])))

    def _order(self, seat: int) -> int:
        """Seats in playing order from the viewer's left."""
        v = self.viewer() or 0
        return (seat - v) % len(self.seats)

    def _where(self, target: int) -> str:
        """A target's label inside a sentence ("your train", not "Your train")."""
        where = self.target_label(target)
        return "y" + where[1:] if where.startswith("Your ") else where

    def hint_words(self, move: Move) -> str:
        """A move as advice to the player whose turn it is ("draw a tile")."""
        k = move.kind
        if k == PLAY:
            return f"play {move.tile} on {self._where(move.target)}"
        if k == DRAW:
            return "draw a tile"
        if k == PASS:
            return "pass" + (" and put up your marker" if self.game_type.markers else "")
        if k == KNOCK:
            return "knock"
        if k == CALL:
            return f"catch {self.name(move.target)} not knocking"
        if k == NEXT:
            return "start the next round"
        return "let the late arrival join"

    def last_moves(self) -> dict[int, str]:
        """Each seat's last move this round, in words."""
        out: dict[int, str] = {}
        for move, seat, _t in reversed(self.game.history):
            if move.kind == NEXT:
                break
            if seat is not None and seat not in out:
                out[seat] = self.move_words(move, seat)
        return out

    def status(self) -> str:
        """The one line that always says what is expected."""
        g = self.game
        if not self.started:
            return f"Round {g.round_number}: {self.lead_text()}" \
                if self.game_type.length == ROUNDS else self.lead_text()
        if g.match_over:
            return "The game is over. " + self.winners_text()
        if g.round_over:
            what = self.game_type.round_word.capitalize()
            return f"{what} {g.round_number} is over. " + self.round_end_text()
        t = g.turn
        if not self.seats[t].human:
            who = self.name(t)  # a computer may keep the name "You" (the form's default)
            return f"{who} {'are' if who == 'You' else 'is'} playing\N{HORIZONTAL ELLIPSIS}"
        if self.needs_handoff():
            return f"Pass the screen to {self.name(t)}"
        you = "Your turn" if len(self.humans) == 1 else f"{self.name(t)}, your turn"
        moves = g.legal_moves()
        kinds = {m.kind for m in moves}
        duty = self.duty_text()
        if PLAY in kinds:
            what = duty or "play a tile"
            if DRAW in kinds and not duty:
                what += " or draw"
            if PASS in kinds:
                what += ", or pass"
            return f"{you}: {what}"
        if DRAW in kinds:
            return f"{you}: " + (f"{duty}. No tile fits: draw a tile" if duty
                                 else "no tile fits. Draw a tile")
        if self.game_type.markers:
            return f"{you}: nothing plays. Pass (your marker goes up)"
        return f"{you}: nothing plays. Pass"

    def duty_text(self) -> str:
        """What a waiting double asks for, in words ("" when nothing waits)."""
        return self.words.duty_text(self)

    # ---- for a screen reader: what changed, and the whole table ------------------------
    def open_end(self, target: int) -> int | None:
        """The number a tile must match to go on ``target`` (None: nothing to match yet)."""
        return self.words.open_end(self.game, target)

    def double_owed(self) -> str:
        """A double that must be satisfied (M6 / C5), in words; "" when none waits."""
        return self.words.double_owed(self)

    def move_said(self, move: Move, seat: int | None) -> str:
        """A move as the live region says it, with what it changed: "Cora played 10-7
        on the Mexican Train, which now ends in 7.", then a double owed, the round's
        end and scores, and whose turn it is when it is the person's at the screen."""
        g = self.game
        if move.kind == NEXT:
            out = [f"{self.game_type.round_word.capitalize()} {g.round_number} begins."]
        else:
            words = self.move_words(move, seat)
            end = self.open_end(move.target) if move.kind == PLAY else None
            if end is not None:
                words += f", which now ends in {end}"
            if move.kind == PLAY and self.game_type.counts_ends:
                words += f". The ends count {g.count}"
            out = [words + "."]
        owed = self.double_owed()
        if owed and not g.round_over:
            out.append(owed + ".")
        if g.round_over:
            out.append(self.status())
            scores = g.round_scores[-1] if g.round_scores else []
            if self.game_type.length == ROUNDS and scores:
                out.append("Scores this round: " + ", ".join(
                    f"{self.name(s)} {p}" for s, p in enumerate(scores) if p is not None)
                    + ". Totals: " + ", ".join(f"{self.name(s)} {t}"
                                               for s, t in enumerate(g.totals)) + ".")
        elif self.my_moves() or self.needs_handoff():
            out.append(self.status() + ".")
        return " ".join(out)

    def lines_said(self, lit: set[int] = frozenset()) -> list[tuple[int, str]]:
        """Every train, line or end of the table in order, each in words: whose it is,
        how many tiles, its open end, its marker, and whether the person at the screen
        may play there (``lit``: where the chosen tile may go)."""
        mine = {m.target for m in self.my_moves() if m.kind == PLAY}
        out = self.words.lines(self)
        said = []
        for t, name, what in out:
            if t in lit:
                what.append("the chosen tile goes here")
            elif t in mine:
                what.append("you may play here")
            said.append((t, f"{name[:1].upper()}{name[1:]}: " + ", ".join(what)))
        return said

    def table_said(self) -> str:
        """The whole table in one go, for the "read the table" key."""
        g = self.game
        head = self.words.table_head(self)
        return " ".join([head] + [words + "." for _t, words in self.lines_said()]
                        + [f"Boneyard: {len(g.boneyard)}.", self.status() + "."])

    def round_end_text(self) -> str:
        return self.words.round_end(self)

    def winners_text(self) -> str:
        groups = self.sides()
        if any(len(g) > 1 for g in groups):  # partners (A1)
            totals = self.game.side_totals()
            best = max(totals)
            won = [self.side_name(groups[i]) for i, t in enumerate(totals) if t == best]
            return (" and ".join(won) + " win." if len(won) == 1
                    else "Tied: " + " and ".join(won) + ".")
        places = self.game.standings()
        firsts = [self.name(s) for p, s, _t in places if p == 1]
        if len(firsts) > 1:
            return "Tied for 1st: " + " and ".join(firsts) + "."
        seconds = [self.name(s) for p, s, _t in places if p == 2]
        text = f"{firsts[0]} {'win' if firsts[0] == 'You' else 'wins'}."
        if seconds:
            text += (" 2nd: " if len(seconds) == 1 else " Tied for 2nd: ") \
                + " and ".join(seconds) + "."
        return text

    # ---- how the round started, as the preset's sheet has it ------------------------------
    def says(self, seat: int, verb: str) -> str:
        """A seat's name and a verb in the present that agrees with it: "Ann plays",
        "You play" (a seat keeps the start form's name "You")."""
        name = self.name(seat)
        return f"{name} {verb}" if name != "You" else f"You {verb.removesuffix('s')}"

    def lead_text(self) -> str:
        return f"{self.says(self.game.leader, 'plays')} first."

    def start_story(self) -> list:
        """What happened before the first move of this round, in the order it happened,
        each step citing where the preset's sheet says so: sentences, and the draws to
        show as tiles (``("bones", rounds of (seat, tile))``) or as counts
        (``("drew", [(seat, tiles), ...], the double)``). The first player is said
        apart (``lead_text``)."""
        g = self.game
        preset = g.preset or type(g).default_preset

        def c(rule: str) -> str:
            return cite(rule, preset)

        return self.words.start_story(self, c)

    def start_summary(self) -> str:
        """The start in one line of words (the kiosk's, the score panel's)."""
        parts = []
        for step in self.start_story():
            if isinstance(step, str):
                parts.append(step)
            elif step[0] == "drew":
                parts.append(", ".join(f"{self.name(s)} drew {n}" for s, n in step[1]) + ".")
        return " ".join(parts + [self.lead_text()])

    # ---- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "match": bones.to_json(self.game),
            "seats": [asdict(s) for s in self.seats],
            "settings": asdict(self.settings),
            "shown": self.shown, "started": self.started,
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
               {"settings", "shown", "started"}, BadSave)
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
        return cls(g, seats, settings, shown, started)


def _saved_seat(s, i: int) -> Seat:
    what = f"seat {i + 1} of the saved game"
    fields(s, what, {"name", "kind", "level"}, set(), BadSave)
    if s["kind"] not in ("human", "computer"):
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
