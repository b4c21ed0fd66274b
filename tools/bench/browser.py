"""What the page benchmarks share: a Chromium as a player has it (the full browser, not the
tests' headless shell), and how long a page may take to start."""

from __future__ import annotations

from ..common import CHROMIUM_ARGS
from ..devenv import find_chromium


def launch_browser(playwright):
    chromium = find_chromium()
    opts = {"headless": True, "args": CHROMIUM_ARGS}
    if chromium:
        opts["executable_path"] = chromium
    return playwright.chromium.launch(**opts)


BOOT_TIMEOUT = 120_000
