"""The table screen: its markup (app.table.board) and the dialogs of a game in play (who
plays first, hand over, round and match end), what a press at the table means (choosing a
tile, playing, drawing, knocking, hints, undo, late arrivals, the table's settings), and
``play``: the one way a move is made at the table, a person's or a computer's.

The screen owns its world: its state (``state``, an app.table.state ``TableState``), the
computer's turns (app.table.turns), each move seen and heard (app.table.motion), a tile
dragged (app.table.drag), its keys (app.table.keys) and what it last said. Its parts are
given the screen and change the page through it. The table draws itself (``redraw``:
app.table.board writes it on the page, focus kept by the shared app.shared.focus) and saves
itself (app.table.saving's ``Saver``): an event that reached it never steps back through
the controller. ``c`` is the page's controller (app.controller), read for what it keeps:
the game (``c.session``), the page (``c.page``), which screen shows (``c.screen``) and the
dialog slot (``c.dialog``). When another screen shows, ``redraw`` leaves the drawing to
the controller (``c.render``)."""

from __future__ import annotations

from app.dom import NO_CONTROL, Control
from app.game.deal_codes import BadCut
from app.game.seats import BadName, clean_name
from app.screen import DialogSlot, Screen
from app.shared.focus import FocusKeeper
from app.table import dialog_views, dialogs
from app.table.board import Board
from app.table.deal_views import DealCodes
from app.table.drag import Drag
from app.table.keys import TableKeys
from app.table.motion import Motion
from app.table.position import Position, position_key
from app.table.saving import Saver
from app.table.settings_ui import TableSettings
from app.table.show_again import Replay
from app.table.state import TableState, line_after
from app.table.trains import WholeTrains
from app.table.turns import Turns
from app.table.voice import VoiceSettings
from bones.errors import IllegalMove
from bones.moves import CALL, DRAW, JOIN, KNOCK, NEXT, PLAY, Move
from bones.tiles import parse_tile


class TableScreen(Screen):
    name = "table"

    def __init__(self, c, focus: FocusKeeper, slot: DialogSlot, above=lambda: "",
                 finished=lambda s: ""):
        self.c = c
        self.slot = slot  # the one dialog over the screen, the controller's (app.screen)
        self.focus = focus  # focus kept through redraws (app.shared.focus), the page's one
        self.above = above  # the line over the table (Play together's), as markup
        self.finished = finished  # a finished game's keeping (the past games), given it
        self.saver = Saver(c.page)  # the game saved after each change (app.table.saving)
        self.state = TableState()  # the chosen tile, the hint's tile, the line, the fresh tile
        self.board = Board(self)  # the table drawn, its felt's layout kept (app.table.board)
        now = self.session_now
        self.replay = Replay(now, slot, c.page, self.redraw, self.say,  # "Show again"
                             on_table=self.on_show, reduced=self.motion_reduced)
        self.turns = Turns(self)  # the computer's moves and Hard's hints (app.table.turns)
        self.motion = Motion(self)  # each move's tile travelling, and its sound
        self.settings = TableSettings(now, self.save, self.redraw, self.say, self.motion,
                                      self.turns.warm_up)  # the table's settings
        self.voice = VoiceSettings(now, c.page, self.settings.setting, self.say)
        self.deals = DealCodes(now, slot, c.page, self.redraw)  # the deal's buttons
        self.trains = WholeTrains(now, slot, self.redraw)  # a lane's whole line
        self.drag = Drag(self)  # a tile dragged onto a train (app.table.drag)
        self.keys = TableKeys(self)  # the table's keys (app.table.keys)
        self.hint_said = ""  # the line under the table last said in the live region
        self.lesson_said = ""  # the lesson's sentence last said (app.lessons.lesson)
        self._view: Position | None = None  # the position last worked out, and its key
        self._view_key = None
        self._view_of = None

    def parts(self) -> tuple:
        return (self.replay, self.settings, self.voice, self.deals, self.trains)

    @property
    def session(self):
        return self.c.session

    def session_now(self):
        """The game at the table now (None before one begins): handed to the parts."""
        return self.c.session

    def motion_reduced(self) -> bool:
        return self.motion.reduced()

    @property
    def page(self):
        return self.c.page

    def on_show(self) -> bool:
        """The table is the screen open."""
        return self.c.screen == "table" and self.session is not None

    def playing(self) -> bool:
        """The game goes on: the table open, no dialog over it, its start shown."""
        s = self.session
        return self.on_show() and not self.slot.dialog and s.started

    def view(self) -> Position:
        """The position as this screen shows it: worked out once per position (the
        person's moves, what they see, their hand), so an event's checks, its words and its
        redraw all read one (tests/app/test_render_counts.py); a tile chosen only lights
        other places."""
        s = self.session
        key = position_key(s)
        if self._view is None or key != self._view_key:
            self._view, self._view_key = Position.of(s, self.state.selected), key
            self._view_of = (s, s.game)  # held, so their ids in the key stay theirs
        elif self._view.selected != self.state.selected:
            self._view = self._view.choosing(self.state.selected)
        return self._view

    def moves(self) -> tuple:
        """What the person at the screen may do now (``Session.my_moves``, worked out once)."""
        return self.view().moves

    # ---- drawing ------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the table on the page (app.table.board), the dialog over it, focus kept
        and a new line said; when another screen shows, the controller draws that one."""
        if not self.on_show():
            self.c.render()
            return
        d = self.slot.dialog
        self.board.redraw(self.above(), d.markup(self.c) if d is not None
                          else self.dialog_markup())

    def markup(self) -> str:
        return self.board.markup(self.view())

    def drawn(self) -> None:
        """After the table's markup went on the page: the felt's size, the page's marks."""
        self.board.drawn(self.view())

    def layout(self, w: int, h: int):
        return self.board.layout(w, h)

    def dialog_markup(self) -> str:
        """The dialog a game in play shows by itself, if any (none asked for)."""
        c = self.c
        s = self.session
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

    def save(self) -> None:
        """Save the game (app.table.saving); a save that newly fails is said, and a
        finished game joins the past games (``finished``: app.past.keeping's ``Keeper``, given
        at the start)."""
        s = self.session
        if s is None:
            return
        said = self.saver.save(s)
        if said:
            self.say(said)
        if s.game.match_over:
            said = self.finished(s)  # kept with the past games: what that came to, if worth it
            if said:
                self.say(said)

    def act(self, name: str, arg: str, el: Control = NO_CONTROL) -> bool:
        """A press at the table, answered here to its redraw; a move refused is said."""
        try:
            return super().act(name, arg, el)
        except IllegalMove as exc:
            self.state.tell(f"Not allowed: {exc}")
            self.redraw()
            return True

    def on_key(self, event, key: str) -> bool:
        return self.keys.on_key(event, key)  # the table's own keys (app.table.keys)

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
            self.say(s.wording.move_said(move, seat, mine=self.moves()))
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
            self.state.hint = self.session.tile_hint(t, self.moves())
        if render:
            self.redraw()
            if t is not None:
                tiles = self.page.data_all(".hand-tile", "tile")
                self.keys.hand_pos = tiles.index(str(t)) if str(t) in tiles else 0
                # The keyboard goes on to where it may go (arrows choose, Enter plays).
                self.page.focusing.focus(f'.hand-tile[data-tile="{t}"]')
                self.page.focusing.focus("[data-act=target]")

    # ---- the hand's order (app.game.hand) ---------------------------------------------------
    def do_sort(self, arg, el) -> None:
        self.session.sort_hand()
        self.save()
        self.redraw()
        self.say("Your tiles are in order by number, highest first.")

    def move_tile(self, t, to: int) -> None:
        """Move the hand's tile ``t`` to place ``to`` (dragged, or Shift and an arrow
        key), keep the order with the save, and say where it went."""
        s = self.session
        place = s.move_in_hand(t, to)
        if place is None:
            return
        self.save()
        self.redraw()
        self.say(f"{t} moved to place {place + 1} of {len(s.hand_in_order())}.")

    def step_tile(self, t, step: int) -> None:
        """Move the hand's tile ``t`` one place left (``step`` -1) or right (1)."""
        order = self.session.hand_in_order()
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
        if person and move not in self.moves():
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
        self.state.moved(move, person, line_after(self.session, move, person, knocked,
                                                  self.view().obs["hand"]))
        self.state.keep_playable(self.view().playable)
        self.say_last_move()
        self.save()
        self.redraw()
        if move.kind not in (NEXT, JOIN):
            self.motion.shown(move, seat, start, was_turn=seat)
        self.turns.schedule()

    def _knock_for_me(self, move: Move) -> bool:
        """G6 / S5: with the setting on, a play that leaves one tile knocks first (where
        the sheet punishes a forgotten knock, that saves two tiles)."""
        s = self.session
        knock = Move(KNOCK)
        if (move.kind != PLAY or not s.settings.knock_for_me or knock not in self.moves()
                or len(s.observation()["hand"]) != 2):
            return False
        s.play(knock)
        return True

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
            return self.redraw()
        self.state.cut_error = ""
        self.slot.dialog = None
        self.moved(Move(NEXT), None)

    def do_join_form(self, arg, el) -> None:
        self.slot.dialog = dialogs.Join()
        self.state.join_error = ""
        self.redraw()
        self.page.focusing.focus("#join-name")

    def do_join(self, arg, el) -> None:
        s = self.session
        name = self.page.value_of("join-name")
        kind = self.page.value_of("join-kind")
        if Move(JOIN) not in s.game.legal_moves():
            self.slot.dialog = None
            self.redraw()
            return
        try:
            name = clean_name(name, f"Player {len(s.seats) + 1}", "The name")
        except BadName as exc:
            self.state.join_error = f"{exc}. Please shorten it."
            self.redraw()
            self.page.focusing.focus("#join-name")
            return
        s.join(name, kind)
        self.slot.dialog = None
        self.save()
        self.redraw()

    def do_take_seat(self, arg, el) -> None:
        self.session.take_seat()
        self.redraw()

    def do_begin(self, arg, el) -> None:
        self.session.started = True
        self.save()
        self.redraw()
        self.turns.schedule()

    def do_hint(self, arg, el) -> None:
        s = self.session
        v = s.viewer()
        if not self.moves() or self.turns.hinting:
            return
        if s.hint_level == "hard":
            self.turns.ask_hard_hint(s, v)
            return
        from bones.ai import hint

        self.show_hint(hint(s.game, v, "normal", seed=len(s.game.history)))

    def show_hint(self, h) -> None:
        from bones.ai.levels import why_only

        s = self.session
        self.state.hint = f"Hint: {s.wording.hint_words(h.move)}. {why_only(h.reason)}"
        if h.move.kind == PLAY:
            self.state.selected = self.state.hinted = h.move.tile
            self.state.hint += " Tap where it goes to play it."
        self.redraw()

    def do_undo(self, arg, el) -> None:
        if self.session.undo_my_move():
            self.state.selected = None
            self.state.hint = "Your last move was taken back."
            self.save()
        else:
            self.state.hint = "There is nothing of yours to take back in this round."
        self.redraw()
