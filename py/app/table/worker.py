"""The AI worker: a second Python (a PyScript worker, web/ai-worker.py) where Hard's
search runs, so it never blocks the page. Started the first time a table wants it, and
asked for a Hard move or a Hard hint; every answer is checked against the table it was
asked about (bones.ai.levels.read_choice / read_hint). If the worker cannot start or
fails, Hard thinks briefly on the page instead (FALLBACK_HARD_MS)."""

from __future__ import annotations

import asyncio

import bones
from app.game.games_ui import TableWords, words

# Hard's thinking time in the worker (the page stays responsive): 300 ms, and per game
# where it differs (app.game.games_ui, each game's ``hard_ms``): Chicken Foot Hard reads the
# others' plays as Normal's, which costs about half its worlds, and plays better with
# 300 worlds than 150; 500 ms buys 292 to 495 in Pyodide here (docs/ai.md).
# That is the most a move may take (docs/ai.md), and the computer thinks while
# the pace between moves runs, so at the Normal pace (900 ms) it adds nothing to the
# wait. Mexican Train Hard plays whole rounds out (the
# arena gives it 100 worlds): 300 ms bought 223 worlds on an idle machine here but 103
# with two arenas beside it, 500 ms 204 (``python3 build.py bench worlds -k Mexican
# --budget-ms B``), so it gets 500 ms too, to keep its 100 on a slower or busier
# machine.
HARD_BUDGET_MS = TableWords.hard_ms
FALLBACK_HARD_MS = 60  # if the worker cannot start, Hard thinks briefly on the page


def hard_budget_ms(game: str) -> int:
    """Hard's thinking time on the page for ``game`` (a game's id)."""
    return words(game).hard_ms


class AiWorker:
    def __init__(self, page):
        self.page = page  # app.browser.page: the console, the page's URL
        self._task = None

    def warm_up(self) -> None:
        """Start the worker now (a table has a Hard player, or Hard's hints)."""
        if self._task is None:
            self._task = asyncio.ensure_future(self._start())

    async def ready(self):
        """The worker, started the first time it is wanted; None if it cannot start."""
        self.warm_up()
        try:
            return await asyncio.wait_for(asyncio.shield(self._task), 60)
        except Exception as exc:
            self.page.warn(f"Rally Dominoes: no AI worker ({exc!r})")
            return None

    async def _start(self):
        from pyscript import create_named_worker

        url = self.page.url
        # The page's own loader: it hides JSPI from Pyodide here too (web/pyodide-boot.mjs)
        config = {"interpreter": url("web/pyodide-boot.mjs")}
        worker = await create_named_worker(src=url("web/ai-worker.py"), name="rally-ai",
                                           config=config)
        await worker.setup(url("py/rally.zip"))
        self.page.flag("aiWorker", "ready")  # <html data-ai-worker>: for the tests to see
        return worker

    def _failed(self, exc: Exception) -> None:
        self.page.warn(f"Rally Dominoes: the AI worker failed ({exc}); "
                             "thinking on the page instead")

    async def choose(self, game, seat: int, seed: str):
        """Hard's move for ``seat`` in ``game`` (a copy is sent), or None when the
        worker is not there or its answer does not hold."""
        from bones.ai.levels import read_choice

        worker = await self.ready()
        if worker is None:
            return None
        asked = game.clone()  # checked against the table as it was asked about
        try:
            text = await worker.choose(bones.dumps(asked), seat, "hard", seed,
                                       hard_budget_ms(asked.game))
            return read_choice(asked, str(text))
        except Exception as exc:
            self._failed(exc)
            return None

    async def hint(self, game, seat: int, seed: int):
        """Hard's hint for ``seat``, or None as for ``choose``."""
        from bones.ai.levels import read_hint

        worker = await self.ready()
        if worker is None:
            return None
        asked = game.clone()  # the answer is checked against the table as it was
        try:
            return read_hint(asked, str(await worker.hint(
                bones.dumps(asked), seat, seed, hard_budget_ms(asked.game))))
        except Exception as exc:
            self._failed(exc)
            return None
