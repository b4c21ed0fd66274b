"""``run(coroutine)``: asyncio.run on a thread of its own. A test process (an xdist
worker) that has run a browser test keeps Playwright's sync API loop running on its main
thread, and asyncio.run refuses to start there; a fresh thread has no loop."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run(coroutine):
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
