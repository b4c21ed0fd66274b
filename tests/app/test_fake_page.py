"""The CPython tests' page (tests/app/fakepage.py) stands in for app.browser.page's ``Page``:
it has every public method ``Page`` has, taking the same arguments, and nothing more,
so the app's code that runs against the fake runs against the page too."""

from __future__ import annotations

import inspect

from app.browser.page import Page
from fakepage import FakePage


def public_methods(cls) -> dict[str, inspect.Signature]:
    """The class's public methods, its bases' too (app.browser.page's part
    app.browser.page_motion)."""
    return {name: inspect.signature(fn) for klass in reversed(cls.__mro__[:-1])
            for name, fn in vars(klass).items() if callable(fn) and not name.startswith("_")}


def test_the_fake_page_has_the_pages_methods_with_the_same_arguments():
    page, fake = public_methods(Page), public_methods(FakePage)
    assert sorted(page) == sorted(fake)
    for name, sig in page.items():
        assert list(sig.parameters) == list(fake[name].parameters), name
        defaults = [p.default for p in sig.parameters.values()]
        assert defaults == [p.default for p in fake[name].parameters.values()], name
        assert (inspect.iscoroutinefunction(getattr(Page, name))
                == inspect.iscoroutinefunction(getattr(FakePage, name))), name


def test_every_page_method_the_app_calls_is_one_the_page_has():
    """``c.page.NAME`` and ``page.NAME`` in py/app name a method of Page (a typo would
    only fail in the browser)."""
    import re
    from pathlib import Path

    app = Path(__file__).resolve().parents[2] / "py" / "app"
    called = set()
    for path in app.glob("*.py"):
        if path.name != "page.py":
            called |= set(re.findall(r"\bpage\.([a-z_]+)\b", path.read_text(encoding="utf-8")))
    called -= {"py"}  # "app.browser.page" in prose
    assert called and called <= set(public_methods(Page)), called - set(public_methods(Page))
