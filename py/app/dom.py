"""Values from the page as Pyodide hands them over, and as the screens read them: pure
Python, tested in CPython."""

from __future__ import annotations

from dataclasses import dataclass, field


def nothing(x) -> bool:
    """JavaScript's null and undefined, as Pyodide hands them over."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def closest(el, selector: str):
    """``el.closest(selector)``, or None when ``el`` is not an element (text, document)."""
    if nothing(el) or not hasattr(el, "closest"):
        return None
    return el.closest(selector)


@dataclass(frozen=True)
class Control:
    """A control pressed or changed, as a screen's handler reads it (app.browser.page's
    ``control`` reads it off the element): its tag ("INPUT"), its ``data-*`` in the
    dataset's spelling (``data-rally-field`` is ``rallyField``), its value, whether it is
    checked or disabled, and the files chosen in it (handles for app.browser.page's
    ``file_name`` and ``read_text`` / ``read_bytes``)."""

    tag: str = ""
    data: dict[str, str] = field(default_factory=dict)
    value: str = ""
    checked: bool = False
    disabled: bool = False
    files: tuple = ()


NO_CONTROL = Control()  # a press made by the code (a key, a timer), not on a control
