"""Kiosk mode's attract screen in the browser: the computer-only game that plays behind
it (an asyncio loop, one move a pace; never saved, so the player's table under
``rally-dominoes:table`` stays as it was, to be resumed) and the one tap on a game that
starts a player against the computer.

``window.rallyAttractGames`` counts the attract games finished, and with
``?attract-pace=`` ``window.rallyAttractPy`` gives Python's live objects and Pyodide's
memory (the soak benchmark).
"""

from __future__ import annotations

import asyncio

from app.game.deal_codes import code_of
from app.game.session import Session
from app.kiosk.settings import (
    ATTRACT_PACE,
    attract_session,
    player_session,
)
from app.table import felt
from bones import fair

RETRY_EVERY = 3  # failures in a row before the attract game rests
RETRY_REST = 30  # seconds it rests, then starts again


def felt_changes(old: list[str], new: list[str]) -> list[tuple[int, int, str]]:
    """What turns a felt drawn as the pieces ``old`` into ``new``: (at, how many to
    remove there, markup to insert there), last place first, for ``Page.patch_svg``."""
    from difflib import SequenceMatcher  # here: only the attract screen needs it

    ops = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return [(i1, i2 - i1, "".join(new[j1:j2])) for tag, i1, i2, j1, j2 in reversed(ops)
            if tag != "equal"]


class AttractGame:
    """Part of kiosk mode's screen (app.kiosk.ui.KioskScreen), which holds it: its ``do_``
    methods answer the presses the screen has no method for. It keeps the attract game
    (``bg...``, ``games_done``). The screen gives it what it reads and calls, never the
    controller: the page (the attract felt, the console, the soak's figures), the
    official's panel (``official``: the settings it plays by, the panel a tap closes),
    whether kiosk mode is on (``active()``), the URL's options (``url()``),
    ``where(screen)``, which remembers the screen shown for after a power cut,
    ``showing()``: the screen on show, and ``start_game(session, line)`` /
    ``start_lesson(session)``: a player's game begun at the table, ``host_table(session)``:
    a table for phones opened (app.together)."""

    def __init__(self, page, official, *, active, url, where, showing, start_game,
                 start_lesson, host_table):
        self.page, self.official = page, official
        self.active, self.url, self.where = active, url, where
        self.showing, self.start_game, self.start_lesson = showing, start_game, start_lesson
        self.host_table = host_table
        self.bg = None  # the attract game (a Session of computers; never saved)
        self.bg_n = 0
        self.bg_svg = ""
        self.bg_parts: list[str] | None = None  # the pieces of the felt on the page
        self.bg_prefer = None
        self.bg_fresh = None
        self.games_done = 0
        self._attract_running = False
        self.secret = ""  # the next player game's first deal, its code on the attract screen

    def next_code(self) -> str:
        """The code of the next player game's first deal (app.game.deal_codes), shown before
        the tap that deals it."""
        if not self.secret:
            self.secret = fair.new_secret()
        return code_of(self.secret)

    def keep_offered(self, games) -> None:
        """The official changed the games offered: a game no longer offered goes."""
        if self.bg is not None and self.bg.game.game not in games:
            self.bg = None

    def start_attract(self) -> None:
        if not self._attract_running and self.showing() == "attract":
            self._attract_running = True
            asyncio.ensure_future(self._attract_loop())

    def pace(self) -> float:
        asked = self.url().attract_pace
        ms = asked if (self.active() and asked is not None) else ATTRACT_PACE
        return ms / 1000

    async def _attract_loop(self) -> None:
        """The attract game, for as long as the attract screen shows. A game that fails is
        dropped and a new one starts; after RETRY_EVERY failures in a row it rests a
        while (RETRY_REST seconds) and starts again: a kiosk is never left with a still
        screen for good."""
        failures = 0
        try:
            while self.showing() == "attract":
                try:
                    await self._attract_step()
                    failures = 0
                except Exception as exc:  # a bad game is dropped; a new one starts
                    failures += 1
                    self.page.error(f"Rally Dominoes: the attract game failed: {exc!r}")
                    self.bg = None
                    await asyncio.sleep(RETRY_REST if failures % RETRY_EVERY == 0 else 1)
        finally:
            self._attract_running = False

    async def _attract_step(self) -> None:
        """One move of the attract game (or its end, or a new game), after its pause."""
        from bones.ai import choose
        from bones.moves import NEXT, PLAY, Move

        s = self.bg
        if s is not None and (s.game.match_over or not s.game.legal_moves()):
            self.bg = None
            self.games_done += 1
            self.page.publish("rallyAttractGames", self.games_done)
            if self.url().attract_pace is not None:  # the soak benchmark's figures
                self._report_memory()
            await asyncio.sleep(self.pace() * 3)  # the finished table stays up a moment
            return
        if s is None:
            self.bg = attract_session(self.official.settings, self.bg_n)
            self.bg_n += 1
            self.bg_prefer = None
            self.bg_fresh = None
            self.draw_bg()
            return
        await asyncio.sleep(self.pace() * (2 if s.game.round_over else 1))
        if self.showing() != "attract" or s is not self.bg:
            return
        if s.game.round_over:
            s.play(Move(NEXT))
            self.bg_prefer = None
            self.bg_fresh = None
        else:
            seat = s.game.turn
            move = choose(s.game, seat, s.seats[seat].level,
                          seed=f"{s.game.seed}/{len(s.game.history)}")
            s.play(move)
            self.bg_fresh = move.tile if move.kind == PLAY else None
        self.draw_bg()

    def _report_memory(self) -> None:
        """``window.rallyAttractPy``: Python's live objects and Pyodide's memory size."""
        import gc

        gc.collect()
        wasm = self.page.wasm_bytes()
        self.page.publish("rallyAttractPy", {"objects": len(gc.get_objects()), "wasm": wasm})

    def draw_bg(self) -> None:
        """Draw the attract game after a move. Only the pieces of the felt that changed
        are replaced (each piece in a ``<g>`` of its own): drawn whole at every move, the
        page made and threw away hundreds of elements a move, and the renderer's memory
        grew with them (docs/kiosk.md, "Memory")."""
        s = self.bg
        size = self.page.size("attract-bg")
        if s is None or size is None:
            return
        w = max(320, size[0] or 1200)
        h = max(240, size[1] or 800)
        lay = felt.table_layout(s, w, h, self.bg_prefer)
        self.bg_prefer = lay.arrangement
        parts = [f"<g>{p}</g>" for p in felt.felt_parts(s, lay, selected=None, targets=set(),
                                                         fresh=self.bg_fresh)]
        self.bg_svg = felt.felt_open(lay) + "".join(parts) + "</svg>"
        old, self.bg_parts = self.bg_parts, parts
        if old is None or not self.page.motion.patch_svg("attract-bg", lay.view_box, len(old),
                                                         felt_changes(old, parts)):
            self.page.set_inner("attract-bg", self.bg_svg)

    def do_play(self, arg, el) -> None:
        """One tap on a game: you against the computer, at once."""
        if not self.active() and self.showing() != "attract":
            return
        if arg not in self.official.settings.offered():
            return
        self.next_code()  # a kiosk has no cut: one tap deals from the code shown
        s = player_session(self.official.settings, arg, seal=fair.seal(self.secret, 0))
        self.secret = ""
        self.official.close(keep_entry=True)
        # one tap starts play: the start is told in a line
        self.start_game(s, s.wording.start_summary() + f" Dealt from code {s.deal_code()}.")
        self.where("table")

    def do_host(self, arg, el) -> None:
        """"Play together" (an official's setting, off unless set): this screen is the
        table of the first game offered; two players join from their phones, the rest are
        the computer (app.together)."""
        if not self.official.settings.together or self.showing() != "attract":
            return
        s = player_session(self.official.settings, self.official.settings.offered()[0])
        for i, seat in enumerate(s.seats[:2]):
            seat.kind, seat.name = "phone", f"Player {i + 1}"
        s.started = False
        self.official.close(keep_entry=True)
        self.host_table(s)

    def do_learn(self, arg, el) -> None:
        """One tap on "Learn ...": the game's lesson (app.lessons.lesson), with the kiosk's pace,
        sound and print size."""
        from app.lessons.data import LESSONS

        if not self.active() and self.showing() != "attract":
            return
        x = LESSONS.get(arg)
        if x is None or x.game not in self.official.settings.offered():
            return
        settings = player_session(self.official.settings, x.game).settings
        self.official.close(keep_entry=True)
        self.start_lesson(Session.for_lesson(arg, settings))
        self.where("table")
