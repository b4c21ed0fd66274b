""""Show again": the table's button that shows, on the table, every other player's move
since the player's own last move (``Session.moves_since_viewer``, the moves the "since
your move" notes and the move log tell), one at a time and slowly, with the words for
each said in the live region.

Only what is drawn takes part: the tiles still to come are dimmed (``WAITING``), each in
turn travels from its player's card as it did (app.browser.page_motion's ``travel``, or
fades in with reduced motion) and keeps an outline while its words are said (``NOW``);
a draw, a pass or a knock outlines the player's card. The game is never touched.

Any tap or key stops it at once (``interrupt``, listened to before the page's own
presses) and the table is as it was; so does anything that changes the table (a move,
an undo, a dialog, another screen). A part of the table screen, given what it reads and
calls: the game now (``game()``), the dialog slot (app.screen's ``DialogSlot``), the page,
the table's redraw and its ``say``, whether the table shows (``on_table()``) and whether
moves are shown without travel (``reduced()``)."""

from __future__ import annotations

import asyncio
import time

from app.table.motion import seat_card
from bones.moves import PLAY, Move

STEP_S = 1.8  # between two moves shown again, in seconds: slower than the slowest pace
TRAVEL_MS = 800  # how long a tile shown again travels (the slowest pace's is 600)
WAITING = "replay-waiting"  # a tile still to come: dimmed
NOW = "replay-now"  # the move being shown: outlined
RESTART_S = 0.6  # a press that stopped a showing does not start the next one


def felt_tile(tile) -> str:
    """The tile on the felt (app.table.felt names each ``Domino 6-4``), drawn in its lane
    or folded under its lane's chip (``.tucked``: shown over the chip while outlined)."""
    return (f'.felt-svg .placed[aria-label="Domino {tile}"], '
            f'.felt-svg .tucked[aria-label="Domino {tile}"]')


class Replay:
    """The table screen's part for "Show again" (app.table.ui's ``parts``)."""

    def __init__(self, game, slot, page, redraw, say, on_table, reduced):
        self.game, self.slot, self.page = game, slot, page
        self.redraw, self.say = redraw, say
        self.on_table, self.reduced = on_table, reduced
        self.running = False
        self._run = 0  # the showing under way: a stop or a new one ends the old
        self._stopped_at = -1e9
        self._marked: list[tuple[str, str]] = []  # (selector, class) marked on the page

    def moves(self) -> list[tuple[Move, int]]:
        """What "Show again" would show: nothing while a computer is still to move."""
        s = self.game()
        if s is None or s.computer_to_move():
            return []
        return s.wording.moves_since_viewer()

    def do_show_again(self, arg, el) -> None:
        if self.running or time.monotonic() - self._stopped_at < RESTART_S:
            return
        moves = self.moves()
        if not moves:
            return
        if self.slot.dialog is not None:  # pressed in "Moves and scores": on the table
            self.slot.dialog = None
            self.redraw()
        self.running = True
        self._run += 1
        asyncio.ensure_future(self.show(self._run, moves))

    async def show(self, run: int, moves: list[tuple[Move, int]]) -> None:
        key = self._table_key()
        for move, _seat in moves:
            if move.kind == PLAY:
                self._mark(felt_tile(move.tile), WAITING)
        n = len(moves)
        self.say(f"Showing again the {'move' if n == 1 else f'{n} moves'} since yours. "
              "Tap or press any key to stop.")
        try:
            for move, seat in moves:
                await asyncio.sleep(STEP_S)
                if not self._still(run, key):
                    return
                self.step(move, seat)
            await asyncio.sleep(STEP_S)
            if self._still(run, key):
                self.say("That is all. The table is as it was.")
        finally:
            if run == self._run:
                self._end()

    def step(self, move: Move, seat: int) -> None:
        """One move shown again: its words said, its tile travelling (or fading in) to
        where it lies, outlined; a move with no tile outlines the player's card."""
        s = self.game()
        self._clear(NOW)
        card = seat_card(seat)
        if move.kind != PLAY:
            self._mark(card, NOW)
        else:
            tile = felt_tile(move.tile)
            self._unmark(tile, WAITING)
            # outlined first: a folded tile shows over its chip only while outlined, and
            # travels there (a tile it cannot find has no size)
            self._mark(tile, NOW)
            page = self.page
            if self.reduced() or not page.motion.travel(page.motion.rect(card), tile,
                                                            TRAVEL_MS, card):
                page.motion.fade_in(tile, TRAVEL_MS)
        self.say(s.wording.move_words(move, seat) + ".")

    def interrupt(self, _event=None) -> None:
        """Any tap or key: a showing under way stops, the table as it was."""
        if self.running:
            self._run += 1
            self._stopped_at = time.monotonic()
            self._end()

    # ---- what is marked on the page ------------------------------------------------------
    def _table_key(self):
        s = self.game()
        return id(s), len(s.game.history)

    def _still(self, run: int, key) -> bool:
        return (run == self._run and self.on_table() and self.slot.dialog is None
                and self._table_key() == key)

    def _mark(self, selector: str, cls: str) -> None:
        self.page.motion.mark(selector, cls, True)
        self._marked.append((selector, cls))

    def _unmark(self, selector: str, cls: str) -> None:
        self.page.motion.mark(selector, cls, False)
        if (selector, cls) in self._marked:
            self._marked.remove((selector, cls))

    def _clear(self, cls: str) -> None:
        for selector, c in list(self._marked):
            if c == cls:
                self._unmark(selector, c)

    def _end(self) -> None:
        self.running = False
        for selector, cls in list(self._marked):
            self._unmark(selector, cls)
