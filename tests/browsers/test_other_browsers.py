"""Smoke tests in Safari's engine (WebKitGTK) and Firefox: one page per browser, as a
player uses it. Start-up with no error; a Quick game with a play by tap and the computers
moving; a Chicken Foot game against a Hard computer whose move comes from the AI worker; the
service worker in control, then a reload with the server stopped that resumes the same table.
No console error, uncaught error or policy violation anywhere (conftest.py's watch).

The browsers take turns (one worker, ``xdist_group``): WebKit starts Python several
times slower than Chromium here, and two of them at once on two cores would only be
slower still. Waits are generous guards, never measures."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.other_browsers, pytest.mark.xdist_group("other-browsers")]

# Guards against a hang (WebKit's cold start took 40-90 s on this machine, busy).
BOOT_S = {"webkit": 600, "firefox": 300}
STEP_S = 120  # anything else the page is expected to do

BOOT_STATE = "return document.documentElement.dataset.boot"
# A tappable control: its centre, scrolled into view; null if none is shown.
FIND = """
const [selector, pattern] = arguments;
const re = new RegExp(pattern);
const name = e => (e.getAttribute("aria-label") || e.textContent || "").trim();
const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
const el = [...document.querySelectorAll(selector)]
  .find(e => !e.disabled && shown(e) && re.test(name(e)));
if (!el) return null;
el.scrollIntoView({block: "center", inline: "center"});
const r = el.getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2, el.dataset.tile || name(el)];
"""
BUTTONS = "button, [role=button]"
STATUS = "const s = document.querySelector('.status'); return s ? s.textContent : '';"
DIALOG = "return [...document.querySelectorAll('[role=dialog]:not([hidden])')]" \
         ".map(d => d.textContent).join(' | ');"
TABLE = """return {
  // the tiles to play onto: which older tiles are folded may differ after a reload
  // (the table is laid out afresh: docs/table.md)
  ends: [...document.querySelectorAll(".felt-svg [data-open-end='1']")]
    .map(e => e.getAttribute('aria-label')).sort(),
  hand: [...document.querySelectorAll('.hand-tile .vh')].map(e => e.textContent),
};"""
AI_MOVES = "return (window.rallyAiTimes || []).length"
HARD_MOVES = "return (window.rallyAiTimes || []).filter(t => t[0] === 'hard').length"
WORKER_READY = "return document.documentElement.dataset.aiWorker === 'ready'"
# app.table.worker's word when Hard's first move stopped waiting for a worker still starting
WORKER_SLOW = "no AI worker (TimeoutError"


class Player:
    """A person at the page: taps what is shown, reads what is said."""

    def __init__(self, driver, url: str):
        self.b = driver
        self.url = url

    def boot(self) -> None:
        state = self.b.wait("const s = document.documentElement.dataset.boot;"
                            "return s === 'ready' || s === 'failed' ? s : null;",
                            BOOT_S[self.b.name], "the game to start")
        if state != "ready":
            text = self.b.run("return document.getElementById('boot-error').innerText")
            raise AssertionError(f"{self.b.name}: the game did not start:\n{text}")
        self.assert_clean()

    def reload(self) -> None:
        """location.reload(), as a person's reload (Marionette's own skips the service
        worker), then start-up again."""
        self.b.run("window.testOldPage = true; setTimeout(() => location.reload(), 0);")
        self.b.wait("return !window.testOldPage && !!document.documentElement.dataset.boot",
                    BOOT_S[self.b.name], "the reloaded page")
        self.boot()

    def tap(self, pattern: str, selector: str = BUTTONS) -> None:
        at = self.b.wait(FIND, STEP_S, f"a control named /{pattern}/", selector, pattern)
        self.b.tap(at[0], at[1])

    def choose(self, label: str, value: str) -> None:
        """Pick ``value`` in the list box labelled ``label``."""
        done = self.b.run("""const [label, value] = arguments;
            const el = document.querySelector(`select[aria-label="${label}"]`);
            if (!el || el.disabled) return false;
            el.value = value;
            el.dispatchEvent(new Event("input", {bubbles: true}));
            el.dispatchEvent(new Event("change", {bubbles: true}));
            return el.value === value;""", label, value)
        assert done, f"{self.b.name}: no list box {label!r} with {value!r}"

    def wait_for_turn_or_dialog(self) -> str:
        """'turn' on the player's turn, 'dialog' when a dialog is shown."""
        return self.b.wait("""const s = document.querySelector('.status');
            if (document.querySelector('[role=dialog]:not([hidden])')) return 'dialog';
            return s && s.textContent.startsWith('Your turn') ? 'turn' : null;""",
                           STEP_S, "the player's turn or a dialog")

    def play_by_tap(self) -> bool:
        """At the player's turn: tap a playable tile, then the first place lit for it
        (an SVG <g>: a tap at its centre). False when no tile can be played."""
        tile = self.b.run(FIND, BUTTONS, r"^Domino \d+-\d+, playable$")
        if tile is None:
            return False
        x, y, name = tile
        self.b.tap(x, y)
        place = self.b.wait("""const t = document.querySelector('[data-act=target]');
            if (!t) return null;
            const r = t.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];""", STEP_S,
                            "a place to play the chosen tile")
        self.b.tap(*place)
        self.b.wait("return !document.querySelector(`.hand-tile[data-tile='${arguments[0]}']`)",
                    STEP_S, f"{name} to leave the hand", name)
        return True

    def take_a_turn(self) -> str:
        if self.play_by_tap():
            return "played"
        for name in ("Draw", "Pass"):
            if self.b.run(FIND, BUTTONS, f"^{name}$"):
                self.tap(f"^{name}$")
                return name
        raise AssertionError(f"{self.b.name}: nothing to do at the player's turn")

    def table(self) -> dict:
        return self.b.run(TABLE)

    def assert_clean(self, slow_worker: bool = False) -> None:
        """No error and no policy violation; no word of a failed AI worker (``slow_worker``:
        but for one that took longer to start than Hard's first move waited)."""
        seen = self.b.run("return window.testWatch || null")
        assert seen is not None, f"{self.b.name}: the page's watch script did not run"
        problems = {k: seen[k] for k in ("errors", "csp") if seen[k]}
        problems.update(worker=[w for w in seen["warnings"] if "AI worker" in w
                                and not (slow_worker and WORKER_SLOW in w)])
        problems = {k: v for k, v in problems.items() if v}
        assert not problems, f"{self.b.name}: the page was not clean: {problems}"


@pytest.mark.parametrize("name", ["webkit", "firefox"])
def test_a_player_starts_plays_and_resumes_offline(name, other_browser, browser_site):
    driver = other_browser(name)
    me = Player(driver, browser_site.url)
    print(f"{name}: {driver.version}")
    driver.goto(browser_site.url)
    me.boot()

    # A Quick game: a tile played by tap, then the three computers move.
    me.tap("^Quick game")
    assert "Who plays first" in driver.wait(DIALOG, STEP_S, "the first dialog")
    me.tap("^Start round 1$")
    moved = driver.run(AI_MOVES)
    played = False
    for _ in range(40):
        if me.wait_for_turn_or_dialog() == "dialog":
            raise AssertionError(f"{name}: a dialog in the first turns: {driver.run(DIALOG)}")
        # The three computers have moved (each before the player's next turn).
        if played and driver.run(AI_MOVES) >= moved + 3:
            break
        played = me.take_a_turn() == "played" or played
    assert played, f"{name}: no tile could be played by tap in 40 turns"
    assert driver.run(AI_MOVES) >= moved + 3, f"{name}: the computers did not move"
    me.assert_clean()

    # A game against a Hard computer (Chicken Foot: Mexican Train offers no Hard): its
    # move is thought out in the AI worker.
    me.tap("^New game$")
    me.tap("^Chicken Foot$", "label.choice")
    me.choose("Who plays for player 2", "computer")
    me.choose("Level of player 2", "hard")
    me.tap("^Start game$")
    assert "Start a new game?" in driver.wait(DIALOG, STEP_S, "a question")
    me.tap("^Start the new game$")  # in place of the Quick game
    driver.wait("return document.body.textContent.includes('Who plays first')", STEP_S,
                "the first dialog")
    me.tap("^Start round 1$")
    # The worker is a second Python: on a busy machine it may take longer to start than
    # Hard's first move waits (60 s, app.table.worker), and Hard thinks on the page meanwhile, as
    # designed. So: the worker starts, and a Hard move comes after that.
    driver.wait(WORKER_READY, BOOT_S[name], "the AI worker to start")
    before = driver.run(HARD_MOVES)
    for _ in range(40):
        if driver.run(HARD_MOVES) > before:
            break
        if me.wait_for_turn_or_dialog() == "dialog":
            raise AssertionError(f"{name}: a dialog in the first turns: {driver.run(DIALOG)}")
        if driver.run(HARD_MOVES) > before:
            break
        me.take_a_turn()
    assert driver.run(HARD_MOVES) > before, f"{name}: no Hard move from the worker"
    me.wait_for_turn_or_dialog()
    me.assert_clean(slow_worker=True)

    # Offline: the service worker serves everything; a reload resumes the same table.
    driver.wait("return navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                BOOT_S[name], "the service worker to take control")
    # The watch script is this test's own: kept for the offline reload too.
    driver.run("window.testKept = false; caches.open(document.documentElement.dataset.version)"
               ".then(c => c.add('test-watch.js')).then(() => { window.testKept = true; });")
    driver.wait("return window.testKept", STEP_S, "the watch script to be cached")
    before = me.table()
    browser_site.stop()
    me.reload()
    assert driver.run("return navigator.serviceWorker.controller !== null")
    me.wait_for_turn_or_dialog()
    driver.wait("return document.querySelectorAll(\".felt-svg [data-open-end='1']\").length"
                f" === {len(before['ends'])}", STEP_S, "the table to be drawn")
    assert me.table() == before, f"{name}: the reload did not resume the same table"
    me.assert_clean()

    # At 1024x768 every lane shows as many tiles as in Chromium, give or take one.
    shown, chromium = lanes_at_1024x768(driver)
    assert len(shown) == len(chromium), (name, shown, chromium)
    for (lane, n), (_, m) in zip(shown, chromium, strict=True):
        assert abs(n - m) <= 1, f"{name}: {lane} shows {n} tiles, Chromium {m}"


# Chromium's felt at 1024x768 (docs/table.md): the page lays its table out for it
CHROMIUM_FELT = (704, 482)
LANES = """return [...document.querySelectorAll('.felt-svg .lane-group')].map(g =>
  [g.getAttribute('aria-label'), g.querySelectorAll('.placed').length]);"""


def lanes_at_1024x768(driver) -> tuple[list, list]:
    """The page made 1024 x 768 inside: each lane's name and tiles drawn, and the same as
    Chromium draws them (the layout is the page's own Python, run here for Chromium's
    felt at that size, on the table the page saved)."""
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "py"
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from app.game.session import Session
    from app.table.felt import lanes_layout

    for _ in range(3):  # the window less the browser's own frame
        iw, ih = driver.run("return [innerWidth, innerHeight]")
        if (iw, ih) == (1024, 768):
            break
        if hasattr(driver, "d"):
            r = driver.d.get_window_rect()
            driver.d.set_window_rect(0, 0, r["width"] + 1024 - iw, r["height"] + 768 - ih)
        else:
            r = driver.m.window_rect
            driver.m.set_window_rect(width=r["width"] + 1024 - iw, height=r["height"] + 768 - ih)
    driver.wait("return innerWidth === 1024 && innerHeight === 768", STEP_S, "a 1024x768 page")
    time.sleep(1.5)  # the felt drawn again
    saved = driver.run("return localStorage.getItem('rally-dominoes:table')")
    lay = lanes_layout(Session.from_json(saved), *CHROMIUM_FELT)
    return ([tuple(x) for x in driver.run(LANES)],
            [(tv.name, len(tv.tiles)) for tv in lay.trains])
