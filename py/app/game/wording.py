"""What the table says in words: the status line, each move as the move log and the live
region say it, hints as advice, the lines of the table for a screen reader, the round's
and the match's end, and how the round started.

``TableWording`` is a part of ``app.game.session.Session`` (its base class), kept apart because
it only words: it reads the session's match, seats and viewer (``game``, ``seats``,
``name``, ``viewer``, ``my_moves``, ``needs_handoff``) and changes nothing. The words that
differ by game come from the game's table words (app/game/games_ui.py, ``self.s.words``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bones.games import ROUNDS
from bones.moves import CALL, DRAW, KNOCK, NEXT, PASS, PLAY, Move
from bones.rulebook import cite

if TYPE_CHECKING:
    from app.game.games_ui import TableView
    from bones.core import Match


# All Fives' score log gives why each score came in the engine's short notes
# (bones.allfives: "ends 15", "domino: opponents 23 -> 25", "blocked: fewest pips 12,
# opponents 23 -> 25", "blocked: tied at 12 pips, nobody scores"); the page says them in
# sentences.
_PIPS = r"(\d+)(?: -> (\d+))?"
_DOMINO = re.compile(rf"domino: opponents {_PIPS}")
_BLOCKED = re.compile(rf"blocked: fewest pips (\d+), opponents {_PIPS}")
_TIED = re.compile(r"blocked: tied at (\d+) pips, nobody scores")


def _held(pips: str, rounded: str | None) -> str:
    """"the others held 23 pips, 25 to the nearest five"."""
    near = f", {rounded} to the nearest five" if rounded and rounded != pips else ""
    return f"the others held {pips} pip{'s' if pips != '1' else ''}{near}"


def scored_words(who: str, points: int, reason: str, past: bool = False) -> str:
    """A score in a sentence (``who`` "" for nobody), now ("You went out and score 5: the
    others held 7 pips, 5 to the nearest five") or in the score log's past tense ("Ann
    scored 15: the ends counted 15"); a note it does not know, after the score as it
    is."""
    verb = "scored" if past else "score" if who == "You" else "scores"
    if m := _TIED.fullmatch(reason):
        return (f"Play was blocked and the fewest pips were tied at {m[1]}: nobody "
                f"{'scored' if past else 'scores'}")
    if reason.startswith("ends "):
        return f"{who} {verb} {points}: the ends counted {reason[5:]}"
    if m := _DOMINO.fullmatch(reason):
        return f"{who} went out and {verb} {points}: {_held(m[1], m[2])}"
    if m := _BLOCKED.fullmatch(reason):
        return (f"{who} {verb} {points} with the fewest pips ({m[1]}) when play was "
                f"blocked: {_held(m[2], m[3])}")
    return f"{who or 'Nobody'} {verb} {points}: {reason}"


class TableWording:
    """The table's words, composed over a view of the table (``s``, a
    ``games_ui.TableView``: ``app.game.session.Session`` is one), which it reads and never
    changes. A game's own words (``games_ui.TableWords``) are handed this wording, so
    they read the view through it and name places as it does."""

    def __init__(self, s: TableView):
        self.s = s

    # what a game's words read of the table (games_ui.TableView), through the wording
    @property
    def game(self) -> Match:
        return self.s.game

    @property
    def humans(self) -> list[int]:
        return self.s.humans

    def viewer(self) -> int | None:
        return self.s.viewer()

    def name(self, seat: int | None) -> str:
        return self.s.name(seat)

    # ---- All Fives: sides and scoring plays ----------------------------------------------
    def side_name(self, seats: list[int]) -> str:
        return " & ".join(self.s.name(s) for s in seats)

    def score_words(self, entry) -> str:
        """One score in words, as it is announced: "15! Ann scores 15", "You went out and
        score 5: the others held 7 pips, 5 to the nearest five"."""
        who = self.s.name(entry.seat)
        if entry.seat is not None and entry.reason.startswith("ends "):
            return f"{entry.points}! {who} {'score' if who == 'You' else 'scores'} " \
                   f"{entry.points}"
        return scored_words(who, entry.points, entry.reason)

    def words_for_scores(self, entries) -> list[str]:
        """What a move scored, announced ("15! Ann scores 15"): one line an entry."""
        return [self.score_words(x) for x in entries]

    def score_logged(self, entry) -> str:
        """A line of the score log: "Ann scored 15: the ends counted 15"."""
        return scored_words(self.s.name(entry.seat), entry.points, entry.reason, past=True)

    # ---- moves and the status line -----------------------------------------------------
    def target_label(self, target: int) -> str:
        """How a target is named on its button ("Ann's train", "Mexican Train", ...)."""
        return self.s.words.target_label(self, target)

    def move_words(self, move: Move, seat: int | None) -> str:
        who = self.s.name(seat)
        k = move.kind
        if k == PLAY:
            return f"{who} played {move.tile} on {self.where(move.target)}"
        if k == DRAW:
            return f"{who} drew a tile"
        if k == PASS:
            return f"{who} passed" + (" and put up a marker" if self.s.game_type.markers else "")
        if k == KNOCK:
            return f"{who} knocked: one bone left"
        if k == CALL:
            return f"{who} caught {self.s.name(move.target)} not knocking"
        if k == NEXT:
            return "Next round"
        return f"{self.s.name(len(self.s.seats) - 1)} joined"

    def since_viewer(self) -> dict[int, str]:
        """What each other player did since the viewer's own last move (this round) that
        leaves no tile to see: drew, passed, knocked, caught someone. These stay beside
        their train until the viewer moves again (events flashed past)."""
        v = self.s.viewer()
        done: dict[int, list[str]] = {}
        for move, seat in reversed(self.moves_since_viewer()):
            k = move.kind
            word = ("drew" if k == DRAW else "passed" if k == PASS else "knocked" if k == KNOCK
                    else f"caught {'you' if move.target == v else self.s.name(move.target)}"
                    if k == CALL else None)
            if word is not None and word not in done.setdefault(seat, []):
                done[seat].insert(0, word)
        return {seat: " and ".join(words) for seat, words in done.items() if words}

    def moves_since_viewer(self) -> list[tuple[Move, int]]:
        """Every other player's move since the viewer's own last move, this round, in
        the order played ("Show again" replays them, app.table.show_again); none with no
        viewer."""
        v = self.s.viewer()
        if v is None:
            return []
        out = []
        for move, seat, _t in reversed(self.s.game.history):
            if move.kind == NEXT or seat == v:
                break
            if seat is not None:
                out.append((move, seat))
        return out[::-1]

    def since_viewer_text(self) -> str:
        """The same in one line for the hint band: "Ann drew and passed. Bob knocked."."""
        return " ".join(f"{self.s.name(seat)} {words}." for seat, words in
                        sorted(self.since_viewer().items(), key=lambda kv: self._order(kv[0])))

    def _order(self, seat: int) -> int:
        """Seats in playing order from the viewer's left."""
        v = self.s.viewer() or 0
        return (seat - v) % len(self.s.seats)

    def where(self, target: int) -> str:
        """A target's label inside a sentence ("your train", not "Your train")."""
        where = self.target_label(target)
        return "y" + where[1:] if where.startswith("Your ") else where

    def hint_words(self, move: Move) -> str:
        """A move as advice to the player whose turn it is ("draw a tile")."""
        k = move.kind
        if k == PLAY:
            return f"play {move.tile} on {self.where(move.target)}"
        if k == DRAW:
            return "draw a tile"
        if k == PASS:
            return "pass" + (" and put up your marker" if self.s.game_type.markers else "")
        if k == KNOCK:
            return "knock"
        if k == CALL:
            return f"catch {self.s.name(move.target)} not knocking"
        if k == NEXT:
            return "start the next round"
        return "let the late arrival join"

    def last_moves(self) -> dict[int, str]:
        """Each seat's last move this round, in words."""
        out: dict[int, str] = {}
        for move, seat, _t in reversed(self.s.game.history):
            if move.kind == NEXT:
                break
            if seat is not None and seat not in out:
                out[seat] = self.move_words(move, seat)
        return out

    def status(self) -> str:
        """The one line that always says what is expected."""
        g = self.s.game
        if not self.s.started:
            return f"Round {g.round_number}: {self.lead_text()}" \
                if self.s.game_type.length == ROUNDS else self.lead_text()
        if g.match_over:
            return "The game is over. " + self.winners_text()
        if g.round_over:
            what = self.s.game_type.round_word.capitalize()
            return f"{what} {g.round_number} is over. " + self.round_end_text()
        t = g.turn
        if not self.s.seats[t].human:
            who = self.s.name(t)  # a computer may keep the name "You" (the form's default)
            return f"{who} {'are' if who == 'You' else 'is'} playing\N{HORIZONTAL ELLIPSIS}"
        if self.s.needs_handoff():
            name = self.s.name(t)
            return ("Your turn: take the screen" if name == "You"
                    else f"Pass the screen to {name}")
        you = ("Your turn" if len(self.s.humans) == 1 or self.s.name(t) == "You"
               else f"{self.s.name(t)}, your turn")
        run = self.s.lesson_run
        if run is not None and run.status():
            return f"{you}: {run.status()}"
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
        if self.s.game_type.markers:
            return f"{you}: nothing plays. Pass (your marker goes up)"
        return f"{you}: nothing plays. Pass"

    def duty_text(self) -> str:
        """What a waiting double asks for, in words ("" when nothing waits)."""
        return self.s.words.duty_text(self)

    # ---- for a screen reader: what changed, and the whole table ------------------------
    def open_end(self, target: int) -> int | None:
        """The number a tile must match to go on ``target`` (None: nothing to match yet)."""
        return self.s.words.open_end(self.s.game, target)

    def double_owed(self) -> str:
        """A double that must be satisfied (M6 / C5), in words; "" when none waits."""
        return self.s.words.double_owed(self)

    def move_said(self, move: Move, seat: int | None, mine: tuple | None = None) -> str:
        """A move as the live region says it, with what it changed: "Cora played 10-7
        on the Mexican Train, which now ends in 7.", then a double owed, the round's
        end and scores, and whose turn it is when it is the person's at the screen
        (``mine``: the person's moves now, when the caller has worked them out)."""
        g = self.s.game
        if move.kind == NEXT:
            out = [f"{self.s.game_type.round_word.capitalize()} {g.round_number} begins."]
        else:
            words = self.move_words(move, seat)
            end = self.open_end(move.target) if move.kind == PLAY else None
            if end is not None:
                words += f", which now ends in {end}"
            if move.kind == PLAY and self.s.game_type.counts_ends:
                words += f". The ends count {g.count}"
            out = [words + "."]
        owed = self.double_owed()
        if owed and not g.round_over:
            out.append(owed + ".")
        if g.round_over:
            out.append(self.status())
            scores = g.round_scores[-1] if g.round_scores else []
            if self.s.game_type.length == ROUNDS and scores:
                out.append("Scores this round: " + ", ".join(
                    f"{self.s.name(s)} {p}" for s, p in enumerate(scores) if p is not None)
                    + ". Totals: " + ", ".join(f"{self.s.name(s)} {t}"
                                               for s, t in enumerate(g.totals)) + ".")
        elif (self.s.my_moves() if mine is None else mine) or self.s.needs_handoff():
            out.append(self.status() + ".")
        return " ".join(out)

    def lines_said(self, lit: set[int] = frozenset(),
                   moves: tuple | None = None) -> list[tuple[int, str]]:
        """Every train, line or end of the table in order, each in words: whose it is,
        how many tiles, its open end, its marker, and whether the person at the screen
        may play there (``lit``: where the chosen tile may go; ``moves``: the person's
        moves now, when the caller has worked them out)."""
        moves = self.s.my_moves() if moves is None else moves
        mine = {m.target for m in moves if m.kind == PLAY}
        out = self.s.words.lines(self)
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
        g = self.s.game
        head = self.s.words.table_head(self)
        return " ".join([head] + [words + "." for _t, words in self.lines_said()]
                        + [f"Boneyard: {len(g.boneyard)}.", self.status() + "."])

    def round_end_text(self) -> str:
        return self.s.words.round_end(self)

    def winners_text(self) -> str:
        groups = self.s.sides()
        if any(len(g) > 1 for g in groups):  # partners (A1)
            totals = self.s.game.side_totals()
            best = max(totals)
            won = [self.side_name(groups[i]) for i, t in enumerate(totals) if t == best]
            return (" and ".join(won) + " win." if len(won) == 1
                    else "Tied: " + " and ".join(won) + ".")
        places = self.s.game.standings()
        firsts = [self.s.name(s) for p, s, _t in places if p == 1]
        if len(firsts) > 1:
            return "Tied for 1st: " + " and ".join(firsts) + "."
        seconds = [self.s.name(s) for p, s, _t in places if p == 2]
        text = f"{firsts[0]} {'win' if firsts[0] == 'You' else 'wins'}."
        if seconds:
            text += (" 2nd: " if len(seconds) == 1 else " Tied for 2nd: ") \
                + " and ".join(seconds) + "."
        return text

    # ---- how the round started, as the preset's sheet has it ------------------------------
    def says(self, seat: int, verb: str) -> str:
        """A seat's name and a verb in the present that agrees with it: "Ann plays",
        "You play" (a seat keeps the start form's name "You")."""
        name = self.s.name(seat)
        return f"{name} {verb}" if name != "You" else f"You {verb.removesuffix('s')}"

    def lead_text(self) -> str:
        return f"{self.says(self.s.game.leader, 'plays')} first."

    def start_story(self) -> list:
        """What happened before the first move of this round, in the order it happened,
        each step citing where the preset's sheet says so: sentences, and the draws to
        show as tiles (``("bones", rounds of (seat, tile))``) or as counts
        (``("drew", [(seat, tiles), ...], the double)``). The first player is said
        apart (``lead_text``)."""
        g = self.s.game
        preset = g.preset or type(g).default_preset

        def c(rule: str) -> str:
            return cite(rule, preset)

        return self.s.words.start_story(self, c)

    def start_summary(self) -> str:
        """The start in one line of words (the kiosk's, the score panel's)."""
        parts = []
        for step in self.start_story():
            if isinstance(step, str):
                parts.append(step)
            elif step[0] == "drew":
                parts.append(", ".join(f"{self.s.name(s)} drew {n}" for s, n in step[1]) + ".")
        return " ".join(parts + [self.lead_text()])
