"""The table screen: its markup and the felt drawn to the felt's size, the dialogs of a
game in play (who plays first, hand over, round and match end), and what a press at the
table means: choosing a tile, playing, drawing, knocking, hints, undo, late arrivals and
the table's settings.

The screen keeps its own state (``state``, an app.table.state ``TableState``). ``c`` is the
page's controller (app.controller), and the table asks it for no more than the game
(``c.session``), the page (``c.page``), the dialog over the table (``c.dialog``), and to
draw, save, say and go on (``c.render``, ``c.save``, ``c.say``, ``c.schedule``), as the
rally and kiosk screens do; the others reach the table's state through the methods
under "asked by the others" below."""

from __future__ import annotations

from app import hand
from app.deal_codes import BadCut
from app.screen import Screen
from app.seats import HINT_LEVELS, PACES, VOLUMES, BadName, clean_name
from app.table import dialog_views, dialogs, felt, views
from app.table.deal_views import DealCodes
from app.table.replay import Replay
from app.table.state import TableState
from app.table.trains import WholeTrains
from app.table.voice import VoiceSettings
from bones.errors import IllegalMove
from bones.moves import JOIN, KNOCK, PLAY, Move
from bones.tiles import parse_tile

FELT = ".felt-area"  # the felt, less its labels' bands: its size is watched (app.browser.page)
HAND = ".hand"  # the hand's area: as wide as the screen, its tiles sized to fit (app.hand)


class TableScreen(Screen):
    name = "table"

    def __init__(self, c):
        self.c = c
        self.state = TableState()  # the chosen tile, the hint's tile, the line, the fresh tile
        self._lay = self._lay_key = None  # the table's layout, kept while tiles and felt stay
        self._drawn_size = None  # the felt size the table on the page was laid out for
        self.replay = Replay(c)  # "Show again" (app.table.replay)
        self.voice = VoiceSettings(c)  # "Read the moves aloud" (app.table.voice)
        self.deals = DealCodes(c)  # the deal's buttons (app.table.deal_views)
        self.trains = WholeTrains(c)  # a lane's whole line (app.table.trains)

    def parts(self) -> tuple:
        return (self.replay, self.voice, self.deals, self.trains)

    # ---- drawing ------------------------------------------------------------------------
    def markup(self) -> str:
        """The table with an empty felt: ``drawn`` draws the felt once it is on the page
        and its size is known."""
        c = self.c
        return views.table_screen(c.session, felt.EmptyLayout(), selected=self.state.selected,
                                  hint=self.state.hint, unsaved=c.unsaved)

    def drawn(self) -> None:
        """After the table's markup went on the page: the felt, and the page's marks."""
        c = self.c
        s = c.session
        # large print: bigger text and hand as well as numbers (docs/kiosk.md)
        c.page.flag("large", "1" if s.settings.numerals else "0")
        self._fit_hand()
        self._draw_felt()
        self._watch_felt()
        c.page.flag("turn", str(s.game.turn))

    def dialog_markup(self) -> str:
        """The dialog a game in play shows by itself, if any (none asked for)."""
        c = self.c
        s = c.session
        g = s.game
        if g.match_over:
            return dialog_views.match_end_dialog(s)
        if g.round_over:
            kiosk = c.kiosk is not None and c.kiosk.active
            return dialog_views.round_end_dialog(s, can_join=not kiosk)
        if not s.started:
            return dialog_views.first_draw_dialog(s)
        if s.needs_handoff():
            return dialog_views.handoff_dialog(s)
        return ""

    def _fit_hand(self) -> None:
        """Size the hand's tiles to the room there is (app.hand.fit): every tile on
        screen at once. Before the felt is measured: the hand's rows take their height
        first."""
        p = self.c.page
        area, screen = p.size_of(HAND), p.size_of(".table-screen")
        if area is None or screen is None or area[0] <= 0 or screen[1] <= 0:
            return
        n = len(self.c.session.hand_in_order())
        f = hand.fit(area[0], screen[1], n, large=self.c.session.settings.numerals,
                     screen_w=screen[0])
        p.set_var(HAND, "--tile", f"{f.tile}px")
        p.set_var(HAND, "--hand-h", f"{f.height}px")

    def _felt_size(self):
        """The felt's size (less its labels' bands) in CSS px; None while it is
        not shown (the page is still starting: #table is hidden until it is ready)."""
        size = self.c.page.size_of(FELT)
        return size if size is not None and size[0] > 0 and size[1] > 0 else None

    def _draw_felt(self) -> None:
        """Draw the table for the felt's size. Laid out for a felt with no size (a
        reload draws before the page is shown) it would be drawn too small and stay so:
        then nothing is drawn, and the watch on the felt's size draws it once shown."""
        size = self._felt_size()
        if size is None:
            self._drawn_size = None
            return
        s = self.c.session
        lay = self.layout(*size)
        moves = s.my_moves()
        targets = {m.target for m in moves if m.kind == PLAY and m.tile == self.state.selected}
        svg = felt.table_svg(s, lay, selected=self.state.selected, targets=targets,
                              fresh=self.state.fresh)
        self.c.page.replace(FELT + " svg", svg)
        self._drawn_size = size

    def _watch_felt(self) -> None:
        self.c.page.watch_size(FELT, self._on_felt_resize)

    def _on_felt_resize(self, *_args) -> None:
        try:
            if self.c.screen != "table" or self.c.session is None:
                return
            self._fit_hand()  # drawn while the page was hidden: sized now it is shown
            size = self._felt_size()
            if size is not None and size != self._drawn_size:
                before = self.c.keys.focus_key()
                self._draw_felt()
                self.c.keys.settle(before)
        except Exception as exc:  # never a dead table; say so in the console
            self.c.page.error(f"Rally Dominoes: redrawing the table failed: {exc!r}")

    def layout(self, w: int, h: int):
        """The table's layout, made again only when tiles change or the felt's size
        does: choosing a tile or reading a hint moves nothing."""
        g = self.c.session.game
        key = (w, h, id(g), g.round_number, len(self.c.session.seats),
               [(m, seat) for m, seat, _t in g.history])
        if key != self._lay_key:
            # the same round keeps its frame (bones.layout.lanes): placed tiles stay put,
            # and room is made right after a person's own move rather than a computer's
            s = self.c.session
            same = self._lay_key is not None and self._lay_key[2:5] == key[2:5]
            last = g.history[-1][1] if g.history else None
            brace = last is not None and last < len(s.seats) and s.seats[last].human
            self._lay = felt.lanes_layout(s, w, h, before=self._lay if same else None,
                                           brace=brace)
            self._lay_key = key
        return self._lay

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
                self.c.keys.hand_pos = tiles.index(str(t)) if str(t) in tiles else 0
                # The keyboard goes on to where it may go (arrows choose, Enter plays).
                self.c.focus(f'.hand-tile[data-tile="{t}"]')
                self.c.focus("[data-act=target]")

    # ---- the hand's order (app.hand) ---------------------------------------------------
    def do_sort(self, arg, el) -> None:
        self.c.session.sort_hand()
        self.c.save()
        self.c.render()
        self.c.say("Your tiles are in order by number, highest first.")

    def move_tile(self, t, to: int) -> None:
        """Move the hand's tile ``t`` to place ``to`` (dragged, or Shift and an arrow
        key), keep the order with the save, and say where it went."""
        s = self.c.session
        place = s.move_in_hand(t, to)
        if place is None:
            return
        self.c.save()
        self.c.render()
        self.c.say(f"{t} moved to place {place + 1} of {len(s.hand_in_order())}.")

    def step_tile(self, t, step: int) -> None:
        """Move the hand's tile ``t`` one place left (``step`` -1) or right (1)."""
        order = self.c.session.hand_in_order()
        if t in order:
            self.move_tile(t, order.index(t) + step)

    def do_target(self, arg, el) -> None:
        self.play_on(int(el.data["target"]))

    def play_on(self, target: int) -> None:
        if self.state.selected is None:
            return
        self.human_move(Move(PLAY, self.state.selected, target))

    def human_move(self, move: Move) -> None:
        s = self.c.session
        if move not in s.my_moves():
            raise IllegalMove("that is not a move you can make now")
        seat = s.game.turn
        start = self.c.motion.start_of(move, seat)  # where its tile travels from
        knocked = self._knock_for_me(move)
        s.play(move)
        self.state.fresh = move.tile if move.kind == PLAY else None
        self.state.selected = None
        self.state.hint = "Knocked for you: one tile left." if knocked else ""
        self.after_move()
        self.c.motion.shown(move, seat, start, was_turn=seat)

    def _knock_for_me(self, move: Move) -> bool:
        """G6 / S5: with the setting on, a play that leaves one tile knocks first (where
        the sheet punishes a forgotten knock, that saves two tiles)."""
        s = self.c.session
        knock = Move(KNOCK)
        if (move.kind != PLAY or not s.settings.knock_for_me or knock not in s.my_moves()
                or len(s.observation()["hand"]) != 2):
            return False
        s.play(knock)
        return True

    def do_knock_for_me(self, arg, el) -> None:
        self.setting("knock_for_me", el.checked)

    def do_draw(self, arg, el) -> None:
        self.human_move(Move("draw"))
        hand = self.c.session.observation()["hand"]
        drawn = hand[-1] if hand is not None else None
        if drawn is not None:
            self.state.hint = f"You drew {drawn}."
            self.c.render()

    def do_pass(self, arg, el) -> None:
        self.human_move(Move("pass"))

    def do_knock(self, arg, el) -> None:
        self.human_move(Move("knock"))
        self.state.hint = "Knock knock! Everyone knows you are about to go down to one bone."
        self.c.render()

    def do_call(self, arg, el) -> None:
        self.human_move(Move("call", None, int(arg)))

    def do_next(self, arg, el) -> None:
        s = self.c.session
        if s.game.match_over:
            return
        try:  # dealt from its code and the cut typed (app.deal_codes)
            s.next_round(self.c.page.value_of("cut-next"))
        except BadCut:  # said beside the cut
            return self.c.render()
        self.c.dialog = None
        self.after_move()

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
        if not s.my_moves() or self.c.turns.hinting:
            return
        if s.hint_level == "hard":
            self.c.turns.ask_hard_hint(s, v)
            return
        from bones.ai import hint

        self.show_hint(hint(s.game, v, "normal", seed=len(s.game.history)))

    def show_hint(self, h) -> None:
        from bones.ai.levels import why_only

        s = self.c.session
        self.state.hint = f"Hint: {s.hint_words(h.move)}. {why_only(h.reason)}"
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
        """One of the table's settings changed (app.seats.Settings), saved at once."""
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
            self.c.turns.warm_up()

    def do_numerals(self, arg, el) -> None:
        self.setting("numerals", el.checked)

    def do_reduce_motion(self, arg, el) -> None:
        self.setting("reduce_motion", el.checked)

    def do_volume(self, arg, el) -> None:
        if arg in VOLUMES:
            self.setting("volume", arg, render=False)
            self.c.motion.gesture()
            self.c.motion.hear(["place"])  # heard at its new volume

    def do_mute(self, arg, el) -> None:
        """The sound button beside the menu: sound off, or on again (heard at once)."""
        settings = self.c.session.settings
        self.setting("muted", not settings.muted)
        self.c.say("Sound off." if settings.muted else "Sound on.")
        if not settings.muted:
            self.c.motion.gesture()
            self.c.motion.hear(["place"])

    def do_coloured(self, arg, el) -> None:
        self.setting("coloured", el.checked)

    def after_move(self) -> None:
        self.announce()
        self.c.say_last_move()
        self.c.save()
        self.c.render()
        self.c.schedule()

    def announce(self) -> None:
        """All Fives: every scoring play is announced ("15! Ann scores 15")."""
        news = self.c.session.news if self.c.session is not None else []
        if news:
            self.state.hint = " ".join(news)
