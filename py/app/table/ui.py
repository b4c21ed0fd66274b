"""The table screen: its markup (app.table.board) and the dialogs of a game in play (who
plays first, hand over, round and match end), what a press at the table means (choosing a
tile, playing, drawing, knocking, hints, undo, late arrivals, the table's settings), and
``play``: the one way a move is made at the table, a person's or a computer's.

The screen owns its world: its state (``state``, an app.table.state ``TableState``), the
computer's turns (app.table.turns), each move seen and heard (app.table.motion), a tile
dragged (app.table.drag), its keys (app.table.keys) and what it last said. Its parts are
given the screen and change the page through it. ``c`` is the page's controller
(app.controller), which keeps which screen shows, the dialog slot and the save: the table
asks it for the game (``c.session``), the page (``c.page``), the dialog (``c.dialog``), and
to draw and save (``c.render``, ``c.save``)."""

from __future__ import annotations

from app.game.deal_codes import BadCut
from app.game.seats import HINT_LEVELS, PACES, VOLUMES, BadName, clean_name
from app.screen import Screen
from app.table import dialog_views, dialogs
from app.table.board import Board
from app.table.deal_views import DealCodes
from app.table.drag import Drag
from app.table.keys import TableKeys
from app.table.motion import Motion
from app.table.position import Position
from app.table.show_again import Replay
from app.table.state import TableState
from app.table.trains import WholeTrains
from app.table.turns import Turns
from app.table.voice import VoiceSettings
from bones.errors import IllegalMove
from bones.moves import CALL, DRAW, JOIN, KNOCK, NEXT, PLAY, Move
from bones.tiles import parse_tile

KNOCKED = "Knock knock! Everyone knows you are about to go down to one bone."


class TableScreen(Screen):
    name = "table"

    def __init__(self, c):
        self.c = c
        self.state = TableState()  # the chosen tile, the hint's tile, the line, the fresh tile
        self.board = Board(self)  # the table drawn, its felt's layout kept (app.table.board)
        self.replay = Replay(c)  # "Show again" (app.table.show_again)
        self.voice = VoiceSettings(c)  # "Read the moves aloud" (app.table.voice)
        self.deals = DealCodes(c)  # the deal's buttons (app.table.deal_views)
        self.trains = WholeTrains(c)  # a lane's whole line (app.table.trains)
        self.turns = Turns(self)  # the computer's moves and Hard's hints (app.table.turns)
        self.motion = Motion(self)  # each move's tile travelling, and its sound
        self.drag = Drag(self)  # a tile dragged onto a train (app.table.drag)
        self.keys = TableKeys(self)  # the table's keys (app.table.keys)
        self.hint_said = ""  # the line under the table last said in the live region
        self.lesson_said = ""  # the lesson's sentence last said (app.lessons.lesson)
        self._view: Position | None = None  # the position this redraw draws

    def parts(self) -> tuple:
        return (self.replay, self.voice, self.deals, self.trains)

    @property
    def session(self):
        return self.c.session

    @property
    def page(self):
        return self.c.page

    def on_show(self) -> bool:
        """The table is the screen open."""
        return self.c.screen == "table" and self.c.session is not None

    def playing(self) -> bool:
        """The game goes on: the table open, no dialog over it, its start shown."""
        s = self.c.session
        return self.on_show() and not self.c.dialog and s.started

    def view(self) -> Position:
        """The position as this screen shows it, worked out once per event."""
        return Position.of(self.session, self.state.selected)

    # ---- drawing ------------------------------------------------------------------------
    def markup(self) -> str:
        self._view = self.view()
        return self.board.markup(self._view)

    def drawn(self) -> None:
        """After the table's markup went on the page: the felt's size, the page's marks."""
        view, self._view = self._view or self.view(), None
        self.board.drawn(view)

    def layout(self, w: int, h: int):
        return self.board.layout(w, h)

    def dialog_markup(self) -> str:
        """The dialog a game in play shows by itself, if any (none asked for)."""
        c = self.c
        s = c.session
        g = s.game
        if g.match_over:
            return dialog_views.match_end_dialog(s, self.state.cut_error)
        if g.round_over:
            kiosk = c.kiosk is not None and c.kiosk.active
            return dialog_views.round_end_dialog(s, can_join=not kiosk,
                                                 cut_error=self.state.cut_error)
        if not s.started:
            return dialog_views.first_draw_dialog(s)
        if s.needs_handoff():
            return dialog_views.handoff_dialog(s)
        return ""

    # ---- said ---------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Said in the page's live region, and aloud with "Read the moves aloud" on."""
        self.page.say(text)
        self.motion.speak(text)

    def say_hint(self) -> None:
        """After a redraw: a new line under the table is said, once."""
        if self.state.hint != self.hint_said:
            self.hint_said = self.state.hint
            self.say(self.hint_said)

    def say_last_move(self) -> None:
        s = self.session
        if s is not None and s.game.history:
            move, seat, _t = s.game.history[-1]
            self.say(s.wording.move_said(move, seat))
        line = s.lesson_line() if s is not None else ""
        if line and line != self.lesson_said:  # a lesson's next sentence, said once
            self.say(line)
        self.lesson_said = line

    # ---- what a press at the table means ------------------------------------------------
    def do_select(self, arg, el) -> None:
        t = parse_tile(el.data["tile"])
        # A second tap on a chosen tile puts it back, unless a hint chose it: the
        # player is tapping the tile the hint named, so it stays and we say where.
        again = self.state.selected == t and self.state.hinted != t
        self.select(None if again else t)

    def select(self, t, render: bool = True) -> None:
        self.state.selected = t
        self.state.hinted = None
        self.state.hint = ""
        if t is not None:  # where it goes; else why not (in a lesson, the step again)
            self.state.hint = self.c.session.tile_hint(t)
        if render:
            self.c.render()
            if t is not None:
                tiles = self.c.page.data_all(".hand-tile", "tile")
                self.keys.hand_pos = tiles.index(str(t)) if str(t) in tiles else 0
                # The keyboard goes on to where it may go (arrows choose, Enter plays).
                self.c.focus(f'.hand-tile[data-tile="{t}"]')
                self.c.focus("[data-act=target]")

    # ---- the hand's order (app.game.hand) ---------------------------------------------------
    def do_sort(self, arg, el) -> None:
        self.c.session.sort_hand()
        self.c.save()
        self.c.render()
        self.say("Your tiles are in order by number, highest first.")

    def move_tile(self, t, to: int) -> None:
        """Move the hand's tile ``t`` to place ``to`` (dragged, or Shift and an arrow
        key), keep the order with the save, and say where it went."""
        s = self.c.session
        place = s.move_in_hand(t, to)
        if place is None:
            return
        self.c.save()
        self.c.render()
        self.say(f"{t} moved to place {place + 1} of {len(s.hand_in_order())}.")

    def step_tile(self, t, step: int) -> None:
        """Move the hand's tile ``t`` one place left (``step`` -1) or right (1)."""
        order = self.c.session.hand_in_order()
        if t in order:
            self.move_tile(t, order.index(t) + step)

    def do_target(self, arg, el) -> None:
        self.play_on(int(el.data["target"]))

    def play_on(self, target: int) -> None:
        if self.state.selected is not None:
            self.play(Move(PLAY, self.state.selected, target))

    # ---- a move, whoever makes it -------------------------------------------------------
    def play(self, move: Move, person: bool = True) -> None:
        """One move at the table, a person's or a computer's: checked (a person may make
        only a move of theirs), played by the engine, then ``moved``."""
        s = self.session
        seat = s.game.turn
        if person and move not in s.my_moves():
            raise IllegalMove("that is not a move you can make now")
        start = self.motion.start_of(move, seat)  # where its tile travels from
        knocked = person and self._knock_for_me(move)
        s.play(move)
        self.moved(move, seat, start, person=person, knocked=knocked)

    def moved(self, move: Move, seat, start=None, person: bool = True,
              knocked: bool = False) -> None:
        """After the engine played ``move`` by ``seat``: the line under the table says
        what happened, the move is said, the game saved, the screen drawn once, the tile
        seen travelling and heard, and the computer goes on if it is its turn."""
        s = self.session
        self.state.moved(move, person, self._line(move, person, knocked))
        self.state.keep_playable({m.tile for m in s.my_moves() if m.kind == PLAY})
        self.say_last_move()
        self.c.save()
        self.c.render()
        if move.kind not in (NEXT, JOIN):
            self.motion.shown(move, seat, start, was_turn=seat)
        self.c.schedule()

    def _line(self, move: Move, person: bool, knocked: bool) -> str | None:
        """What the line under the table says after ``move`` (None: it stays as it is):
        what it scored (All Fives), else what the player did, drew or was caught at."""
        s = self.session
        if person and move.kind == NEXT:
            return None
        news = s.wording.words_for_scores(s.last_scores)
        if person and move.kind == DRAW:
            hand = s.observation()["hand"]
            if hand:
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

    def _knock_for_me(self, move: Move) -> bool:
        """G6 / S5: with the setting on, a play that leaves one tile knocks first (where
        the sheet punishes a forgotten knock, that saves two tiles)."""
        s = self.session
        knock = Move(KNOCK)
        if (move.kind != PLAY or not s.settings.knock_for_me or knock not in s.my_moves()
                or len(s.observation()["hand"]) != 2):
            return False
        s.play(knock)
        return True

    def do_knock_for_me(self, arg, el) -> None:
        self.setting("knock_for_me", el.checked)

    def do_draw(self, arg, el) -> None:
        self.play(Move(DRAW))

    def do_pass(self, arg, el) -> None:
        self.play(Move("pass"))

    def do_knock(self, arg, el) -> None:
        self.play(Move(KNOCK))

    def do_call(self, arg, el) -> None:
        self.play(Move(CALL, None, int(arg)))

    def do_next(self, arg, el) -> None:
        s = self.session
        if s.game.match_over:
            return
        try:  # dealt from its code and the cut typed (app.game.deal_codes)
            s.next_round(self.page.value_of("cut-next"))
        except BadCut as exc:  # said beside the cut
            self.state.cut_error = str(exc)
            return self.c.render()
        self.state.cut_error = ""
        self.c.dialog = None
        self.moved(Move(NEXT), None)

    def do_join_form(self, arg, el) -> None:
        self.c.dialog = dialogs.Join()
        self.state.join_error = ""
        self.c.render()
        self.c.focus("#join-name")

    def do_join(self, arg, el) -> None:
        s = self.c.session
        name = self.c.page.value_of("join-name")
        kind = self.c.page.value_of("join-kind")
        if Move(JOIN) not in s.game.legal_moves():
            self.c.dialog = None
            self.c.render()
            return
        try:
            name = clean_name(name, f"Player {len(s.seats) + 1}", "The name")
        except BadName as exc:
            self.state.join_error = f"{exc}. Please shorten it."
            self.c.render()
            self.c.focus("#join-name")
            return
        s.join(name, kind)
        self.c.dialog = None
        self.c.save()
        self.c.render()

    def do_take_seat(self, arg, el) -> None:
        self.c.session.take_seat()
        self.c.render()

    def do_begin(self, arg, el) -> None:
        self.c.session.started = True
        self.c.save()
        self.c.render()
        self.c.schedule()

    def do_hint(self, arg, el) -> None:
        s = self.c.session
        v = s.viewer()
        if not s.my_moves() or self.turns.hinting:
            return
        if s.hint_level == "hard":
            self.turns.ask_hard_hint(s, v)
            return
        from bones.ai import hint

        self.show_hint(hint(s.game, v, "normal", seed=len(s.game.history)))

    def show_hint(self, h) -> None:
        from bones.ai.levels import why_only

        s = self.c.session
        self.state.hint = f"Hint: {s.wording.hint_words(h.move)}. {why_only(h.reason)}"
        if h.move.kind == PLAY:
            self.state.selected = self.state.hinted = h.move.tile
            self.state.hint += " Tap where it goes to play it."
        self.c.render()

    def do_undo(self, arg, el) -> None:
        if self.c.session.undo_my_move():
            self.state.selected = None
            self.state.hint = "Your last move was taken back."
            self.c.save()
        else:
            self.state.hint = "There is nothing of yours to take back in this round."
        self.c.render()

    def setting(self, name: str, value, render: bool = True) -> None:
        """One of the table's settings changed (app.game.seats.Settings), saved at once."""
        setattr(self.c.session.settings, name, value)
        self.c.save()
        if render:
            self.c.render()

    def do_pace(self, arg, el) -> None:
        if arg in PACES:
            self.setting("pace", arg, render=False)

    def do_hints(self, arg, el) -> None:
        if arg in HINT_LEVELS:
            self.setting("hints", arg, render=False)
            self.turns.warm_up()

    def do_numerals(self, arg, el) -> None:
        self.setting("numerals", el.checked)

    def do_reduce_motion(self, arg, el) -> None:
        self.setting("reduce_motion", el.checked)

    def do_volume(self, arg, el) -> None:
        if arg in VOLUMES:
            self.setting("volume", arg, render=False)
            self.motion.gesture()
            self.motion.hear(["place"])  # heard at its new volume

    def do_mute(self, arg, el) -> None:
        """The sound button beside the menu: sound off, or on again (heard at once)."""
        settings = self.c.session.settings
        self.setting("muted", not settings.muted)
        self.say("Sound off." if settings.muted else "Sound on.")
        if not settings.muted:
            self.motion.gesture()
            self.motion.hear(["place"])

    def do_coloured(self, arg, el) -> None:
        self.setting("coloured", el.checked)
