"""The CPython tests' page (tests/app/fakepage.py) stands in for app.browser.page's ``Page``
(and its part ``FakeMotion`` for ``PageMotion``, ``page.motion``): it has every public
method ``Page`` has, taking the same arguments, and nothing more, so the app's code that
runs against the fake runs against the page too."""

from __future__ import annotations

import inspect

import pytest

from app.browser.page import Page
from app.browser.page_focus import PageFocus
from app.browser.page_motion import PageMotion
from fakepage import FakeFocus, FakeMotion, FakePage


def public_methods(cls) -> dict[str, inspect.Signature]:
    """The class's public methods, its bases' too."""
    return {name: inspect.signature(fn) for klass in reversed(cls.__mro__[:-1])
            for name, fn in vars(klass).items() if callable(fn) and not name.startswith("_")}


@pytest.mark.parametrize("real, stand_in", [(Page, FakePage), (PageMotion, FakeMotion),
                                            (PageFocus, FakeFocus)])
def test_the_fake_page_has_the_pages_methods_with_the_same_arguments(real, stand_in):
    page, fake = public_methods(real), public_methods(stand_in)
    assert sorted(page) == sorted(fake)
    for name, sig in page.items():
        assert list(sig.parameters) == list(fake[name].parameters), name
        defaults = [p.default for p in sig.parameters.values()]
        assert defaults == [p.default for p in fake[name].parameters.values()], name
        assert (inspect.iscoroutinefunction(getattr(real, name))
                == inspect.iscoroutinefunction(getattr(stand_in, name))), name


def test_every_page_method_the_app_calls_is_one_the_page_has():
    """``c.page.NAME`` and ``page.NAME`` in py/app name a method of Page, and
    ``page.motion.NAME`` and ``page.focusing.NAME`` one of its parts PageMotion and
    PageFocus (a typo would only fail in the browser)."""
    import re
    from pathlib import Path

    app = Path(__file__).resolve().parents[2] / "py" / "app"
    called, moved, focused = set(), set(), set()
    for path in app.rglob("*.py"):
        if path.parent.name != "browser":
            text = path.read_text(encoding="utf-8")
            called |= set(re.findall(r"\bpage\.([a-z_]+)\b", text))
            moved |= set(re.findall(r"\bpage\.motion\.([a-z_]+)\b", text))
            focused |= set(re.findall(r"\b(?:page|p)\.focusing\.([a-z_]+)\b", text))
    called -= {"py", "motion", "focusing"}  # "app.browser.page" in prose; the parts, below
    assert called and called <= set(public_methods(Page)), called - set(public_methods(Page))
    assert moved and moved <= set(public_methods(PageMotion)), moved - set(
        public_methods(PageMotion))
    assert focused and focused <= set(public_methods(PageFocus)), focused - set(
        public_methods(PageFocus))
