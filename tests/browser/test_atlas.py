"""The screen atlas's checks (tools/atlas/, docs/table.md "Reading the atlas"): every
screen and dialog at six sizes, in normal print and, where large print changes it (the
table, the lessons and the dialogs over them), in large print, reached from saves. At
each: no sideways scroll, no console or CSP error, its heading and primary action in view
as it opens (a dialog's top too), no informing text cut with "...", no name broken
mid-word, and a replay's felt and hands differing between positions.

Every screen is visited in turn at each size, in normal then large print (``visit``,
module-wide; a page a chain, kept from size to size: the sizes with touch are one xdist
group, those without another), and each (screen, size, print) is a test of its own
that reads what that visit found. The screenshots are made only by
``python3 build.py atlas``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def _atlas():
    if "rally_atlas" not in sys.modules:
        package = ROOT / "tools" / "atlas"
        spec = importlib.util.spec_from_file_location(
            "rally_atlas", package / "__init__.py", submodule_search_locations=[str(package)])
        module = importlib.util.module_from_spec(spec)
        sys.modules["rally_atlas"] = module
        spec.loader.exec_module(module)
    return sys.modules["rally_atlas"]


atlas = _atlas()

# Faults the atlas finds, each (screen, size, print) with why. Strict: a case whose fault
# is fixed passes, which fails the run until its mark is taken away. Screenshots:
# python3 build.py atlas --only SCREEN --sizes WxH (build/atlas/SCREEN-WxH[-large].png).
KNOWN: dict[tuple[str, str, str], list[str]] = {}


def known(reason: str, screens, sizes, prt: str) -> None:
    for s in screens:
        for size in sizes.split():
            KNOWN.setdefault((s, size, prt), []).append(reason)


def _context(width: int) -> str:
    """The sizes with touch (a phone, a tablet: narrower than 1100 px) share a context and
    its pages, the others another: each an xdist group, so a worker loads one context's
    pages once (the four touch sizes' visits take about as long as the two large screens')."""
    return "touch" if width < 1100 else "desk"


def cases():
    out = []
    for w, h in atlas.SIZES:
        for p in atlas.PRINTS:
            for sid in atlas.screen_ids(large=p == "large"):
                reason = "; ".join(KNOWN.get((sid, f"{w}x{h}", p), []))
                marks = [pytest.mark.xdist_group(f"atlas-{_context(w)}")]
                if reason:
                    marks.append(pytest.mark.xfail(strict=True, reason=reason))
                out.append(pytest.param((w, h), p, sid, id=f"{w}x{h}-{p}-{sid}",
                                        marks=marks))
    return out


_VISITS: dict = {}


@pytest.fixture(scope="module")
def pages():
    """The pages for the sizes with touch (narrower than 1100 px) and those for the sizes
    without: a context each, a page a chain in it (``atlas.Pages``), resized from size to
    size, each chain going on where its page was left or brought back to its start
    (the sizes with touch are one xdist group, the others another)."""
    held: dict = {}
    yield held
    for ctx, _pages in held.values():
        ctx.close()


@pytest.fixture
def visit(browser, site_url, pages):
    """visit(size, print) -> {screen id: Result}: every screen at the size, once per
    worker."""
    def run(size, prt):
        if (size, prt) not in _VISITS:
            w, h = size
            touch = w < 1100
            if touch not in pages:
                ctx = browser.new_context(viewport={"width": w, "height": h},
                                          service_workers="block", has_touch=touch,
                                          reduced_motion="reduce")
                ctx.add_init_script(atlas.INIT)

                def new_page(ctx=ctx):
                    page = ctx.new_page()
                    page.set_default_timeout(atlas.TIMEOUT_MS)
                    return page

                pages[touch] = (ctx, atlas.Pages(new_page))
            _VISITS[size, prt] = atlas.Visit(pages[touch][1], site_url, size,
                                             prt == "large").run()
        return _VISITS[size, prt]

    return run


@pytest.mark.parametrize("size,prt,screen", cases())
def test_screen(visit, size, prt, screen):
    r = visit(size, prt)[screen]
    assert r.problems == [], f"{screen} at {size[0]}x{size[1]}, {prt} print: {r.problems}"
