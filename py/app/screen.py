"""What the controller asks of a screen: the table (app.table.ui), the start form
(app.start.ui), the rally scorekeeper (app.rally.ui) and a kiosk's attract screen
(app.kiosk.ui) all answer the same few questions, so the controller only routes.

- ``name``: the page's ``data-screen`` while it shows (the style sheet reads it);
- ``markup()``: its HTML, drawn again after every event (nothing is kept in the page);
- ``drawn()``: after the markup went on the page (what needs sizes, or focus);
- ``act(name, arg, el)``: a press of ``data-act="name:arg"``, answered by the screen's
  ``do_<name>(arg, el)`` method (``prefix`` taken off the name first); False when the
  screen has no such method;
- ``on_key(event, key)``: a key the page-wide keys (app.shared.keyboard) left to it;
- ``on_change(el)`` / ``on_input(el)``: a form field of the screen changed; False when
  it is not one of its fields.

``el`` is the control pressed or changed, an app.dom ``Control`` (its ``data``, ``value``,
``checked``, ``files``): plain Python, never the page's element.
"""

from __future__ import annotations

from app.dom import NO_CONTROL, Control


class Screen:
    name = ""
    prefix = ""  # its presses' prefix, as "rally-" or "kiosk-" ("" for the table's own)

    def markup(self) -> str:
        raise NotImplementedError

    def drawn(self) -> None:
        pass

    def parts(self) -> tuple:
        """The objects the screen holds that answer presses too (the rally screen's entry
        page, set-up and devices; the kiosk's idle timer, attract game, official's panel)."""
        return ()

    def handler(self, name: str):
        """The ``do_`` method a press of ``name`` calls: the screen's own, else the first
        of its ``parts`` that has one; None when none has."""
        method = "do_" + name.removeprefix(self.prefix).replace("-", "_")
        for holder in (self, *self.parts()):
            if (fn := getattr(holder, method, None)) is not None:
                return fn
        return None

    def act(self, name: str, arg: str, el: Control = NO_CONTROL) -> bool:
        handler = self.handler(name)
        if handler is None:
            return False
        handler(arg, el)
        return True

    def on_key(self, event, key: str) -> bool:
        """A key pressed while the screen shows (``key`` its name, as "Escape"): True when
        it was the screen's own (app.shared.keyboard then does nothing more)."""
        return False

    def on_change(self, el) -> bool:
        return False

    def on_input(self, el) -> bool:
        return False


class Dialog:
    """A dialog over any screen, as a value: the controller keeps one in
    ``Controller.dialog`` (None when there is none). ``markup(c)``: its HTML ("" when the
    screen has nothing for it, e.g. a game's settings with no game). The game's dialogs
    are app.table.dialogs, kiosk mode's app.kiosk.dialogs."""

    def markup(self, c) -> str:
        raise NotImplementedError


class DialogSlot:
    """The one dialog over the screen on show (``dialog``: a ``Dialog``, or None): kept by
    the controller (``Controller.dialog`` reads and sets it) and handed to what opens or
    closes one without the controller (the table screen and its parts)."""

    def __init__(self) -> None:
        self.dialog: Dialog | None = None
