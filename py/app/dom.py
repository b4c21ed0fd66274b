"""Values from the page as Pyodide hands them over: pure Python, tested in CPython."""

from __future__ import annotations


def nothing(x) -> bool:
    """JavaScript's null and undefined, as Pyodide hands them over."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def closest(el, selector: str):
    """``el.closest(selector)``, or None when ``el`` is not an element (text, document)."""
    if nothing(el) or not hasattr(el, "closest"):
        return None
    return el.closest(selector)
