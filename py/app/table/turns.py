"""The computer's turns at the table, and Hard's hints: an asyncio task that sleeps
between moves (the page stays responsive) while the computer thinks, Hard in the AI
worker (app.table.worker). A choice made for a table that has since changed (an undo, a new
game, a dialog) is thrown away. Each move's thinking time is kept in
``window.rallyAiTimes`` for the move-time benchmark (``build.py bench ai``).

``t`` is the table screen (app.table.ui) whose computer players these are: a move chosen
is made through its ``play``, as a person's is."""

from __future__ import annotations

import asyncio

from app.game.seats import PACES
from app.game.session import Session
from app.table.worker import FALLBACK_HARD_MS, AiWorker
from bones.moves import NEXT, Move

TIMES_KEPT = 20_000  # move times kept in window.rallyAiTimes (a kiosk plays for days)


class Turns:
    def __init__(self, t):
        self.t = t
        self.worker = AiWorker(t.page)
        self.running = False  # the computer's loop is on
        self.hinting = False  # a Hard hint is being thought out

    def warm_up(self) -> None:
        """Start the worker as soon as a table has a Hard computer player."""
        s = self.t.session
        if s is not None and (any(x.level == "hard" and not x.human for x in s.seats)
                              or (s.hint_level == "hard" and s.humans)):
            self.worker.warm_up()

    def _playing(self, s: Session | None) -> bool:
        return s is not None and s is self.t.session and self.t.playing()

    def schedule(self) -> None:
        """Start the computer's loop when a computer is to move (or, with no human at
        the table, a finished round is to be followed by the next)."""
        self.warm_up()
        s = self.t.session
        if self.running or not self._playing(s):
            return
        if s.computer_to_move() or (s.game.round_over and not s.humans
                                    and not s.game.match_over):
            self.running = True
            asyncio.ensure_future(self.loop())

    async def loop(self) -> None:
        t = self.t
        self.running = True  # its moves' ``play`` starts no second loop
        try:
            while True:
                s = t.session
                if not self._playing(s):
                    return
                if s.game.round_over and not s.humans and not s.game.match_over:
                    await asyncio.sleep(PACES[s.settings.pace] * 2 / 1000)
                    if s is t.session and s.game.round_over:
                        t.play(Move(NEXT), person=False)
                    continue
                if not s.computer_to_move():
                    return
                # The computer thinks while the pace runs (Hard in its worker), so its
                # thinking time does not add to the pace between moves.
                seat = s.game.turn
                before = table_state(s)
                think = asyncio.ensure_future(self.choose(s, seat))
                await asyncio.sleep(PACES[s.settings.pace] / 1000)
                move = await think
                if (not self._playing(s) or not same_table(s, before)
                        or not s.computer_to_move()):
                    continue  # the table changed (an undo, a new game) or a dialog opened
                t.play(move, person=False)
        except Exception as exc:  # never leave the table stuck without saying why
            t.state.tell(f"The computer player ran into a problem: {exc}")
            t.page.error(f"computer turn failed: {exc!r}")
            t.redraw()
        finally:
            self.running = False

    async def choose(self, s: Session, seat: int) -> Move:
        """The computer's move. Hard searches in the worker so the page never freezes;
        Easy and Normal are quick enough for the page (Normal: median under 1 ms, about
        35 ms at worst in Pyodide, at the end of an All Fives hand; docs/ai.md). Each
        time is kept in ``window.rallyAiTimes`` (level, ms) for the move-time
        benchmark."""
        run = s.lesson_run
        if run is not None:  # a lesson's computers play the lesson's moves (app.lessons.lesson)
            return run.move()
        page = self.t.page
        level = s.seats[seat].level
        seed = f"{s.game.seed}/{len(s.game.history)}"
        t0 = page.now_ms()
        move = None
        if level == "hard":
            move = await self.worker.choose(s.game, seat, seed)
        if move is None:
            from bones.ai import choose

            budget = FALLBACK_HARD_MS if level == "hard" else None
            move = choose(s.game, seat, level, seed=seed, budget_ms=budget)
        self._record_time(level, page.now_ms() - t0)
        return move

    def _record_time(self, level: str, ms: float) -> None:
        # the latest only: past TIMES_KEPT, the older half goes
        self.t.page.append("rallyAiTimes", [level, round(ms, 2)], TIMES_KEPT)

    # ---- Hard's hints -------------------------------------------------------------------
    def ask_hard_hint(self, s: Session, seat: int) -> None:
        """The Hint button with Hard's hints: said to be thinking straight away, shown
        (by the table's ``show_hint``) when the worker answers."""
        t = self.t
        self.hinting = True
        t.state.tell("Hint: thinking it over...")
        t.redraw()
        asyncio.ensure_future(self._hard_hint(s, seat))

    async def _hard_hint(self, s: Session, seat: int) -> None:
        """Hard's hint, thought out in the worker (the page stays free meanwhile); it is
        dropped if the table changes before it is ready."""
        t = self.t
        try:
            before = table_state(s)
            h = await self.hard_hint(s, seat)
            if s is t.session and same_table(s, before) and s.my_moves():
                t.show_hint(h)
        except Exception as exc:  # say so, and leave the table playable
            t.page.error(f"hint failed: {exc!r}")
            if s is t.session:
                t.state.tell("Sorry, no hint this time. Please try again.")
                t.redraw()
        finally:
            self.hinting = False

    async def hard_hint(self, s: Session, seat: int):
        from bones.ai import hint

        seed = len(s.game.history)
        h = await self.worker.hint(s.game, seat, seed)
        if h is not None:
            return h
        return hint(s.game, seat, "hard", seed=seed, budget_ms=FALLBACK_HARD_MS)


def table_state(s: Session) -> tuple:
    """What a computer's choice is made for: the game, how many moves it has and its
    latest entry (kept, so ``same_table`` compares the very objects: an undo and a new
    move in its place keep the length but not the entry)."""
    h = s.game.history
    return (s.game, len(h), h[-1] if h else None)


def same_table(s: Session, before: tuple) -> bool:
    game, n, last = table_state(s)
    return game is before[0] and n == before[1] and last is before[2]
