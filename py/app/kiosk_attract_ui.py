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

from app import views
from app.kiosk import ATTRACT_PACE, KioskSettings, UrlOptions, attract_session, player_session


class AttractGame:
    """Mixed into app.kiosk_ui.KioskScreen (which gives ``c``, ``active``, ``panel``, the
    attract game's ``bg...`` fields, ``games_done`` and ``_set_where``)."""

    settings: KioskSettings
    url: UrlOptions

    def start_attract(self) -> None:
        if not self._attract_running and self.c.screen == "attract":
            self._attract_running = True
            asyncio.ensure_future(self._attract_loop())

    def pace(self) -> float:
        ms = self.url.attract_pace if (self.active and self.url.attract_pace is not None) \
            else ATTRACT_PACE
        return ms / 1000

    async def _attract_loop(self) -> None:
        c = self.c
        failures = 0
        try:
            while c.screen == "attract":
                try:
                    await self._attract_step()
                    failures = 0
                except Exception as exc:  # a bad game is dropped; a new one starts
                    failures += 1
                    c.page.error(f"Rally Dominoes: the attract game failed: {exc!r}")
                    self.bg = None
                    if failures >= 3:
                        return
                    await asyncio.sleep(1)
        finally:
            self._attract_running = False

    async def _attract_step(self) -> None:
        """One move of the attract game (or its end, or a new game), after its pause."""
        from bones.ai import choose
        from bones.moves import NEXT, PLAY, Move

        c = self.c
        s = self.bg
        if s is not None and (s.game.match_over or not s.game.legal_moves()):
            self.bg = None
            self.games_done += 1
            c.page.publish("rallyAttractGames", self.games_done)
            if self.url.attract_pace is not None:  # the soak benchmark's figures
                self._report_memory()
            await asyncio.sleep(self.pace() * 3)  # the finished table stays up a moment
            return
        if s is None:
            self.bg = attract_session(self.settings, self.bg_n)
            self.bg_n += 1
            self.bg_prefer = None
            self.bg_fresh = None
            self.draw_bg()
            return
        await asyncio.sleep(self.pace() * (2 if s.game.round_over else 1))
        if c.screen != "attract" or s is not self.bg:
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
        wasm = self.c.page.wasm_bytes()
        self.c.page.publish("rallyAttractPy", {"objects": len(gc.get_objects()), "wasm": wasm})

    def draw_bg(self) -> None:
        s = self.bg
        size = self.c.page.size("attract-bg")
        if s is None or size is None:
            return
        w = max(320, size[0] or 1200)
        h = max(240, size[1] or 800)
        lay = views.table_layout(s, w, h, self.bg_prefer)
        self.bg_prefer = lay.arrangement
        self.bg_svg = views.table_svg(s, lay, selected=None, targets=set(),
                                      fresh=self.bg_fresh)
        self.c.page.set_inner("attract-bg", self.bg_svg)

    def do_play(self, arg, el) -> None:
        """One tap on a game: you against the computer, at once."""
        if not self.active and self.c.screen != "attract":
            return
        if arg not in self.settings.offered():
            return
        c = self.c
        s = player_session(self.settings, arg)
        self.panel = None
        c.begin(s)
        c.hint = s.start_summary()  # one tap starts play: the start is told in a line
        c.render()
        c.schedule()
        self._set_where("table")
