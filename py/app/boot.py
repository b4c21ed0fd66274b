"""Start-up in the browser: draw the first table and tell the page it is ready.

The page's inline script (index.html) puts the Python bundle on ``sys.path`` and calls
``main()``. ``rallyBoot`` is a small object defined by the page's plain JavaScript: it
owns the loading screen, the ready marker (``<html data-ready="1">``) and the error panel,
so a failure anywhere, in Python or before it, ends on a readable message.
"""

from __future__ import annotations

import traceback


class BootFailRequested(RuntimeError):
    """Raised on purpose when the URL asks for it (``?boot-fail=1``): tests the error panel."""


def main() -> None:
    import js  # Pyodide's bridge to the page; only importable in the browser

    try:
        start(js)
    except Exception as exc:
        details = "".join(traceback.format_exception(exc))
        js.rallyBoot.failed(f"{type(exc).__name__}: {exc}", details)


def start(js) -> None:
    params = js.URLSearchParams.new(js.location.search)
    if params.get("boot-fail"):
        raise BootFailRequested("start-up was asked to fail (?boot-fail=1), to test this panel")

    from pyodide.ffi import create_proxy

    from app.browser.page import Page
    from app.controller import Controller

    js.rallyBoot.mark("imported")
    js.rallyBoot.step("Setting the table", 97)
    controller = Controller(Page(js, create_proxy))
    controller.start()
    _keep.append(controller)  # the page's listeners call into it for as long as it is open
    js.rallyBoot.ready()
    controller.shown()
    _route(js, controller)  # an invite link opened: straight to the phone's hand
    js.addEventListener("hashchange", create_proxy(lambda _e: _route(js, controller)))


def _route(js, controller) -> None:
    """The page's address after ``#``: ``#join=...`` is an invite link (app.together.invite);
    a browser never sends this part to any server."""
    fragment = str(js.location.hash or "")
    if fragment.startswith("#join="):
        controller.act("together-link:" + fragment[1:])


_keep: list = []
