"""The screen atlas: every screen and dialog of the page at six sizes, normal and large
print, reached from saves, each checked where a person first sees it (docs/table.md,
"Reading the atlas").

One list of screens (``SCREENS``) serves both ``python3 build.py atlas`` (the screenshots
and one HTML contact sheet, a row a screen and a column a size) and
tests/browser/test_atlas.py (the checks alone). A screen is reached along a *chain*: the
chain's start is a load of the page with the chain's storage (localStorage put in place
before the page's own scripts run), each screen after it a few presses on from the one
before, or another game handed over as another tab would (a ``storage`` event). One page
serves a whole size.

At every screen (``check``): no sideways scroll; no console error, page error or CSP
violation since the last screen; its heading and primary action in view as it opens (a
dialog's top too); no text that informs cut with "..." (``text-overflow: ellipsis`` that
cuts, or a literal "\u2026" the code put at the end of a shortened name); a replay's felt
and hands differ between the positions shown.

Standard library at import time; the saves are made with the project's own packages
(py/), Playwright is imported by ``main`` only.
"""

from __future__ import annotations

import functools
import html
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(390, 844), (430, 932), (768, 1024), (1024, 768), (1280, 800), (1920, 1080)]
PRINTS = ("normal", "large")
OUT = ROOT / "build" / "atlas"  # test-results/ is emptied by every pytest run
TIMEOUT_MS = 10_000  # a guard against a hang, never a measure
READY = "document.documentElement.dataset.ready === '1'"
BOOT_MS = 90_000

TABLE, PAST, HOUSE = ("rally-dominoes:table", "rally-dominoes:past-games",
                      "rally-dominoes:house-rules")
RALLY, KIOSK = "rally-dominoes:rally", "rally-dominoes:kiosk"
LONG_NAMES = ("You", "Christabelle", "Bartholomew", "Maximilianus")
GAMES = {"mexican-train": "Mexican Train", "chicken-foot": "Chicken Foot",
         "all-fives": "All Fives"}
LESSONS = {"mexican-train": "Mexican Train", "tournament": "Mexican Train: the tournament sheet",
           "chicken-foot": "Chicken Foot", "all-fives": "All Fives"}
KIOSK_PIN = "2468"
# "\u2026" that ends a text where nothing was cut: a button that opens more, a wait.
WHOLE_WITH_ELLIPSIS = {"House rules\u2026": "a button that opens a screen of its own",
                       "Drawing the code\u2026": "a line that says a code is coming"}


# ---- saves, made with the engine (py/) -------------------------------------------------
def _py() -> None:
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))


def _settings(large: bool):
    _py()
    from app.game.seats import Settings

    return Settings(pace="very fast", numerals=large)


def _play_until(s, rng, done: Callable) -> None:
    from bones.moves import NEXT, PLAY

    g = s.game
    for _ in range(2000):
        if done(g) or g.round_over:
            return
        ms = [m for m in g.legal_moves() if m.kind != NEXT]
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))


def _mine_to_play(g) -> bool:
    from bones.moves import PLAY

    return g.turn == 0 and any(m.kind == PLAY for m in g.legal_moves())


@functools.cache
def mid_round(game: str, large: bool) -> str:
    """Four players with names of 12 letters, 10 moves or more in, the person (seat 0)
    to play a tile, the computers having moved since: "Show again" has moves to show."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    for seed in range(1, 200):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human")] + [Seat(n, "computer", "easy")
                                                          for n in LONG_NAMES[1:]],
                        seed=seed, settings=_settings(large))
        s.started = True
        rng = random.Random(seed)
        _play_until(s, rng, lambda g: len(g.history) >= 14 and _mine_to_play(g))
        if not s.game.round_over and _mine_to_play(s.game):
            return s.to_json()
    raise LookupError(f"no mid-round position of {game}")


@functools.cache
def round_over(game: str, large: bool) -> str:
    """The first round just over, a computer player having gone out: the summary."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    for seed in range(1, 400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human")] + [Seat(n, "computer", "easy")
                                                          for n in LONG_NAMES[1:]],
                        seed=seed, settings=_settings(large))
        s.started = True
        _play_until(s, random.Random(seed), lambda g: False)
        g = s.game
        out = getattr(g, "out", None)
        out = out if out is not None else getattr(g, "winner", None)
        if g.round_over and not g.match_over and out not in (None, 0):
            return s.to_json()
    raise LookupError(f"no round's end of {game}")


@functools.cache
def last_move(game: str, large: bool) -> str:
    """A one-round game (All Fives: to 5 points) where the person holds one tile and is
    to play it: the play ends the game."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session

    options = {"target": 5} if game == "all-fives" else {"rounds": 1}
    for seed in range(1, 400):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(LONG_NAMES[0], "human"), Seat(LONG_NAMES[1], "computer",
                                                            "easy")],
                        seed=seed, options=options, settings=_settings(large))
        s.started = True
        _play_until(s, random.Random(seed),
                    lambda g: len(g.hands[0]) == 1 and _mine_to_play(g))
        g = s.game
        if not g.round_over and len(g.hands[0]) == 1 and _mine_to_play(g):
            return s.to_json()
    raise LookupError(f"no last move of {game}")


@functools.cache
def lesson_last_step(lesson: str, large: bool) -> str:
    """A lesson played up to its last step of the person's."""
    _py()
    from app.game.session import Session
    from app.lessons.data import LESSONS as ALL

    x = ALL[lesson]
    s = Session.for_lesson(lesson, _settings(large))
    for step in x.steps[:x.mine()[-1]]:
        s.game.play(s.game.parse(step.move))
    return s.to_json()


@functools.cache
def lesson_start(lesson: str, large: bool) -> str:
    """A lesson as its button starts it, at the pace "Very fast"."""
    _py()
    from app.game.session import Session

    return Session.for_lesson(lesson, _settings(large)).to_json()


@functools.cache
def finished_game() -> tuple[str, int]:
    """Past games holding one finished one-round game of Mexican Train (you against
    Bartholomew), and its number of moves."""
    _py()
    import bones
    from app.game.seats import Seat
    from app.game.session import Session
    from app.past import store
    from bones import archive

    def played(seed):
        s = Session.new("mexican-train", bones.GAMES["mexican-train"].default_preset,
                        [Seat("You", "human"), Seat("Bartholomew", "computer", "easy")],
                        seed=seed, options={"rounds": 1}, settings=_settings(False))
        s.started = True
        _play_until(s, random.Random(seed), lambda g: False)
        return s

    # a short one (about 30 moves): the replay's middle is a few steps away
    s = min((played(seed) for seed in range(1, 30)),
            key=lambda s: abs(len(s.game.history) - 30))
    assert s.game.match_over
    rec = store.record(s, "2026-05-01T15:30:00")
    kept, _ = archive.add(archive.empty(), rec)
    return archive.dumps(kept), len(s.game.history)


@functools.cache
def house_rules() -> tuple[str, str]:
    """House rules kept on the device (one set), and a file of another to bring in."""
    _py()
    from app.shared.house_store import FORMAT
    from bones.house import HouseRules

    kept = HouseRules.start("gs-mt", "Sun Lakes Tuesday").with_change("rounds", 1)
    other = HouseRules.start("gs-mt", "Prairie Winds Friday").with_change("rounds", 5)
    return (json.dumps({"format": FORMAT, "rules": [kept.to_dict()]}), other.dumps())


@functools.cache
def rally_event() -> str:
    _py()
    from bones.rally import Event

    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=10, first_double=12)
    ev.add_table(["Christabelle", "Bartholomew", "Maximilianus", "Dee", "Eve", "Flo",
                  "Gus", "Hal"])
    ev.add_table(["Ivy", "Jo", "Kay"])
    for r in range(1, 6):
        ev.enter_round(1, r, [r, 10, "no-show", 0, 25, 7, 3, 12])
    return ev.dumps()


@functools.cache
def kiosk_settings() -> str:
    _py()
    from app.kiosk.settings import KioskSettings, pin_record

    return KioskSettings(enabled=True, pin=pin_record(KIOSK_PIN)).to_json()


# ---- the screens -------------------------------------------------------------------------
@dataclass(frozen=True)
class Chain:
    """How a run of screens starts: the page loaded with this storage (and query)."""

    name: str
    storage: Callable[[bool], dict]  # large print -> {key: text}
    query: str = ""


@dataclass(frozen=True)
class Screen:
    id: str
    title: str  # the contact sheet's row
    chain: str
    go: Callable  # go(page, large) from the screen before it in its chain
    heading: str  # a CSS selector: the screen's heading, or the dialog's
    # primary(page) -> a Locator: the main thing to press or fill; None for a dialog that is
    # read (the rules, the settings: its top is checked, its Close may lie below)
    primary: Callable | None
    dialog: bool = False
    large: bool = False  # large print changes it (the table and its dialogs)
    replay: bool = False  # a replay's position: its felt and hands must differ from the last


def _role(name, role="button", exact=True):
    return lambda page: page.get_by_role(role, name=name, exact=exact).first


def _dialog_button(name):
    import re

    return lambda page: page.get_by_role("dialog").get_by_role(
        "button", name=re.compile(name)).first


def _playable(page):
    lit = page.locator(".hand-tile.playable")
    return lit.first if lit.count() else page.get_by_role("button", name="Draw").first


def _lesson_primary(page):
    lit = page.locator(".hand-tile.playable")
    if lit.count():
        return lit.first
    return page.locator(".actions button:not([disabled])").first


def _wait(page, js: str, arg=None) -> None:
    page.wait_for_function(js, arg=arg, timeout=TIMEOUT_MS)


def _still(page) -> None:
    """Nothing in flight, two frames drawn."""
    _wait(page, "!document.querySelector('[data-moving]')")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                  "requestAnimationFrame(r)))")


def hand_over(page, text: str) -> None:
    """The game another tab saved, taken up by this one (a ``storage`` event)."""
    page.evaluate("""([k, v]) => { localStorage.setItem(k, v);
        window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v})); }""",
                  [TABLE, text])


def _tap_step(page) -> None:
    """The one thing lit: a tile and its one place, or the one button named."""
    _wait(page, """() => document.querySelector('[role=dialog]:not([hidden])') ||
        document.querySelector('.hand-tile.playable') ||
        (document.querySelector('.status') || {}).textContent?.startsWith('Your turn')""")
    lit = page.locator(".hand-tile.playable")
    if lit.count():
        lit.first.click()
        place = page.locator(".felt [data-act=target]").first
        try:
            place.click(timeout=3_000)
        except Exception:  # drawn out of the felt's view: pressed all the same
            place.dispatch_event("click")
        return
    for name in ("Draw", "Pass", "Knock"):
        b = page.get_by_role("button", name=name, exact=True)
        if b.count() and b.is_enabled():
            b.click()
            return


def _to_table(page, text: str, title: str) -> None:
    """``text`` handed over as another tab's game, on the table (resumed from the start
    screen, where a game handed over waits), once its title reads ``title``."""
    page.keyboard.press("Escape")
    hand_over(page, text)
    if page.evaluate("document.documentElement.dataset.screen") != "table":
        import re

        page.get_by_role("button", name=re.compile("^Resume")).first.click()
    _wait(page, "(t) => (document.querySelector('.game-title') || {}).textContent"
                "?.startsWith(t)", title)
    _still(page)


def _open(name: str, dialog: str):
    def go(page, large):
        page.keyboard.press("Escape")
        page.get_by_role("button", name=name, exact=True).first.click()
        page.get_by_role("dialog", name=dialog).wait_for(timeout=TIMEOUT_MS)
    return go


def _close_dialog(page) -> None:
    for name in ("Close", "Done"):
        b = page.get_by_role("dialog").get_by_role("button", name=name, exact=True)
        if b.count():
            b.first.click()
            return


def _chains() -> dict[str, Chain]:
    chains = {"start": Chain("start", lambda large: {PAST: finished_game()[0],
                                                     HOUSE: house_rules()[0]})}
    chains["past"] = Chain("past", lambda large: {PAST: finished_game()[0]})
    chains["house"] = Chain("house", lambda large: {HOUSE: house_rules()[0]})
    chains["rally-new"] = Chain("rally-new", lambda large: {})
    chains["rally-device"] = Chain("rally-device", lambda large: {})
    chains["rally"] = Chain("rally", lambda large: {RALLY: rally_event()})
    chains["kiosk"] = Chain("kiosk", lambda large: {KIOSK: kiosk_settings()}, "?kiosk=1")
    return chains


def _screens() -> list[Screen]:
    import re

    out = [Screen("start", "The start screen", "start", lambda page, large: None,
                  "h1", _role(re.compile("^Quick game"), exact=False))]
    from_start = lambda page, large: None  # noqa: E731
    # the lessons and the games go on from the start screen: each is handed over as
    # another tab's game would be, and resumed
    chain = "start"
    for lesson, name in LESSONS.items():

        def first(page, large, name=name, lesson=lesson):
            _to_table(page, lesson_start(lesson, large), f"Learn to play: {name}")
            _wait(page, "() => (document.querySelector('.lesson-line') || {}).textContent"
                        "?.startsWith('Step 1 of')")
            _still(page)

        def wrong(page, large):
            other = page.locator(".hand-tile:not(.playable)")
            other.first.click()
            _wait(page, "() => document.querySelector('.lesson-line').textContent"
                        ".includes('not')")

        def end(page, large, lesson=lesson):
            _to_table(page, lesson_last_step(lesson, large), "Learn to play")
            _wait(page, "() => !document.querySelector('.hand-tile') || "
                        "document.querySelectorAll('.hand-tile').length <= 3")
            _tap_step(page)
            page.get_by_role("dialog", name=re.compile("^Lesson done")).wait_for(
                timeout=TIMEOUT_MS)
            _still(page)

        out += [Screen(f"lesson-{lesson}-first", f"Lesson {name}: its first step", chain,
                       first, ".game-title", _lesson_primary, large=True),
                Screen(f"lesson-{lesson}-wrong", f"Lesson {name}: after a wrong tap", chain,
                       wrong, ".game-title", _lesson_primary, large=True),
                Screen(f"lesson-{lesson}-end", f"Lesson {name}: its end", chain, end,
                       "[role=dialog] h2", _dialog_button("^Play a real game"), dialog=True,
                       large=True)]
    for game, title in GAMES.items():

        def mid(page, large, game=game, title=title):
            _to_table(page, mid_round(game, large), title)
            _wait(page, "() => document.querySelector('.hand-tile')")
            _still(page)

        def summary(page, large, game=game, title=title):
            _to_table(page, round_over(game, large), title)
            page.get_by_role("dialog").first.wait_for(timeout=TIMEOUT_MS)

        def game_end(page, large, game=game, title=title):
            _to_table(page, last_move(game, large), title)
            _tap_step(page)
            page.get_by_role("dialog", name="The game is over").wait_for(timeout=TIMEOUT_MS)
            _still(page)

        out.append(Screen(f"{game}-table", f"{title}: the table mid-round", chain, mid,
                          ".game-title", _playable, large=True))
        if game == "mexican-train":
            out += [
                Screen("rules", "Rules", chain, _open("Rules", "The rules"),
                       "[role=dialog] h2", None, dialog=True, large=True),
                Screen("moves", "Moves and scores", chain,
                       _open("Moves and scores", "Moves and scores"),
                       "[role=dialog] h2", None, dialog=True, large=True),
                Screen("settings", "Settings", chain, _open("Settings", "Settings"),
                       "[role=dialog] h2", None, dialog=True, large=True),
                Screen("show-again", "Show again, the moves shown again", chain,
                       _show_again, ".game-title", _playable, large=True)]
        out += [Screen(f"{game}-summary", f"{title}: the round's summary", chain, summary,
                       "[role=dialog] h2", _dialog_button("^(Next|Start|Deal|Play)"),
                       dialog=True, large=True),
                Screen(f"{game}-end", f"{title}: the game's end", chain, game_end,
                       "[role=dialog] h2", _dialog_button("^New game"), dialog=True,
                       large=True)]
    out += _past_screens(from_start) + _house_screens() + _rally_screens() + _kiosk_screens()
    return out


def _show_again(page, large) -> None:
    _close_dialog(page)
    button = page.get_by_role("button", name="Show again", exact=True)
    if not button.first.is_visible():  # narrow screens: in "Moves and scores"
        page.get_by_role("button", name="Moves and scores", exact=True).first.click()
    button.first.click()
    page.wait_for_timeout(900)  # the first move shown, on its way


# The replay opens with its steps and the position's words in view (the page is scrolled
# to them): that line is the replay's heading.
WHERE = ".past-where"


def _past_screens(_from_start) -> list[Screen]:
    import re

    def listing(page, large):
        page.get_by_role("button", name=re.compile("^Past games")).first.click()
        page.locator(".past-game").first.wait_for(timeout=TIMEOUT_MS)

    def deal(page, large):
        page.get_by_role("button", name=re.compile("^Replay this game")).first.click()
        page.locator(".past-where").filter(has_text="The deal").wait_for(timeout=TIMEOUT_MS)

    def middle(page, large):
        n = finished_game()[1]
        for _ in range(n // 2):
            page.keyboard.press("ArrowRight")
        page.locator(".past-where").filter(has_text=f"Move {n // 2} of").wait_for(
            timeout=TIMEOUT_MS)

    def end(page, large):
        page.get_by_role("button", name="End", exact=True).click()
        n = finished_game()[1]
        page.locator(".past-where").filter(has_text=f"Move {n} of {n}").wait_for(
            timeout=TIMEOUT_MS)

    def coach(page, large):
        page.get_by_role("button", name="Start", exact=True).click()
        page.locator("[data-act='past-step:mine']").first.click()
        region = page.get_by_role("region", name="The coach")
        region.get_by_role("button", name="What would the computers play?").click()
        region.filter(has_text="Normal says:").wait_for(timeout=120_000)

    def stats(page, large):
        page.get_by_role("button", name="My statistics").click()
        page.locator(".past-group").first.wait_for(timeout=TIMEOUT_MS)

    return [
        Screen("past-list", "Past games: the list", "past", listing, "h1",
               _role(re.compile("^Replay this game"), exact=False)),
        Screen("past-deal", "Past games: the replay at the deal", "past", deal, WHERE,
               _role("Forward one move"), replay=True),
        Screen("past-middle", "Past games: the replay in the middle", "past", middle,
               WHERE,
               _role("Forward one move"), replay=True),
        Screen("past-end", "Past games: the replay at the end", "past", end, WHERE,
               _role("Back one move"), replay=True),
        Screen("past-coach", "Past games: the coach's answer", "past", coach,
               "#coach-title",
               lambda page: page.get_by_role("region", name="The coach").get_by_text(
                   "Normal says:").first),
        Screen("past-stats", "Past games: the statistics", "past", stats, "h1",
               lambda page: page.locator(".past-group h2").first),
    ]


def _house_screens() -> list[Screen]:
    import re

    def listing(page, large):
        page.get_by_role("button", name=re.compile("^House rules")).first.click()
        page.get_by_role("heading", name="House rules", level=1).wait_for(timeout=TIMEOUT_MS)

    def form(page, large):
        page.get_by_role("button", name="Start from this sheet").click()
        page.get_by_role("heading", name="New house rules").wait_for(timeout=TIMEOUT_MS)

    def impossible(page, large):
        box = page.get_by_label("Tiles each: tiles each for 4 players")
        box.fill("30")
        box.press("Tab")
        page.locator(".field-problem").first.wait_for(timeout=TIMEOUT_MS)

    def imported(page, large):
        page.get_by_role("button", name="Cancel").click()
        page.get_by_label("Open a house rules file").set_input_files(files=[{
            "name": "prairie-winds-friday.house.json", "mimeType": "application/json",
            "buffer": house_rules()[1].encode()}])
        page.locator(".house-note").filter(has_text="brought in").wait_for(
            timeout=TIMEOUT_MS)

    return [
        Screen("house-list", "House rules: the list", "house", listing, "h1",
               _role("Start from this sheet")),
        Screen("house-form", "House rules: the form", "house", form, "h1, h2",
               lambda page: page.get_by_label("Name of the house rules")),
        Screen("house-impossible", "House rules: an impossible value", "house", impossible,
               "h1, h2", lambda page: page.locator(".field-problem").first),
        Screen("house-import", "House rules: brought in from a file", "house", imported,
               "h1", lambda page: page.locator(".house-note").first),
    ]


def _rally_screens() -> list[Screen]:
    import re

    def open_rally(page, large):
        page.get_by_role("button", name=re.compile("^Rally scorekeeper")).first.click()
        _wait(page, "() => document.documentElement.dataset.screen === 'rally'")

    def tab(name):
        def go(page, large):
            page.get_by_role("navigation", name="Rally pages").get_by_role(
                "button", name=name).click()
            page.wait_for_timeout(50)
        return go

    def entry(page, large):
        tab("Tables")(page, large)
        page.get_by_role("button", name="Open Table 1").click()
        page.locator("#entry-title").wait_for(timeout=TIMEOUT_MS)

    def device(page, large):
        page.get_by_role("button", name=re.compile("^Keep score for a table")).first.click()
        _wait(page, "() => document.documentElement.dataset.screen === 'rally'")

    return [
        Screen("rally-new", "Rally scorekeeper: a new event", "rally-new", open_rally, "h1",
               lambda page: page.get_by_label("Event title")),
        Screen("rally-tables", "Rally scorekeeper: the tables", "rally", lambda page, large: (
            open_rally(page, large), tab("Tables")(page, large)), "h1",
            _role("Open Table 1")),
        Screen("rally-entry", "Rally scorekeeper: a table's round", "rally", entry,
               "#entry-title", lambda page: page.get_by_label("Points for Christabelle")),
        Screen("rally-standings", "Rally scorekeeper: the standings", "rally",
               tab("Standings"), "h1",
               lambda page: page.locator(".podium > *").first),
        Screen("rally-history", "Rally scorekeeper: the history", "rally", tab("History"),
               "h1", lambda page: page.get_by_role("list", name="Changes").get_by_role(
                   "button").first),
        Screen("rally-device", "Keep score for a table (the table's own device)",
               "rally-device", device, "h1",
               lambda page: page.locator("main button, .rally button").first),
    ]


def _kiosk_screens() -> list[Screen]:
    def attract(page, large):
        _wait(page, "() => document.documentElement.dataset.screen === 'attract'")

    def pin(page, large):
        page.get_by_role("button", name="Official's settings").click()
        page.get_by_role("dialog", name="Official's PIN").wait_for(timeout=TIMEOUT_MS)

    def panel(page, large):
        pad = page.get_by_role("group", name="Number pad")
        for d in KIOSK_PIN:
            pad.get_by_role("button", name=d, exact=True).click()
        pad.get_by_role("button", name="OK").click()
        page.get_by_role("dialog", name="Official's settings").wait_for(timeout=TIMEOUT_MS)

    return [
        Screen("kiosk-attract", "Kiosk: the attract screen", "kiosk", attract, "h1",
               lambda page: page.get_by_role("group", name="Games").get_by_role(
                   "button").first),
        Screen("kiosk-pin", "Kiosk: the official's PIN", "kiosk", pin, "[role=dialog] h2",
               lambda page: page.get_by_role("group", name="Number pad"), dialog=True),
        Screen("kiosk-panel", "Kiosk: the official's panel", "kiosk", panel,
               "[role=dialog] h2", None, dialog=True),
    ]


@functools.cache
def screens() -> tuple[Screen, ...]:
    return tuple(_screens())


@functools.cache
def chains() -> dict[str, Chain]:
    return _chains()


def screen_ids(large: bool = False) -> list[str]:
    return [s.id for s in screens() if s.large or not large]


# ---- the checks ----------------------------------------------------------------------------
# Before the page's own scripts: CSP violations are kept (Chromium also says them in the
# console), and storage waiting in sessionStorage is put in place (``load``).
INIT = """(() => {
  window.atlasCsp = [];
  document.addEventListener('securitypolicyviolation', e =>
    window.atlasCsp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' +
                         (e.sample || '')));
  const pending = sessionStorage.getItem('atlas:storage');
  if (pending === null) return;
  sessionStorage.removeItem('atlas:storage');
  for (const k of Object.keys(localStorage))
    if (k.startsWith('rally-dominoes:')) localStorage.removeItem(k);
  for (const [k, v] of Object.entries(JSON.parse(pending))) localStorage.setItem(k, v);
})();"""

CHECK = """([heading, dialog, allowed]) => {
  const W = innerWidth, H = innerHeight, out = [];
  const seen = el => el && el.checkVisibility && el.checkVisibility();
  const inView = r => r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1
      && r.bottom <= H + 1 && r.right <= W + 1;
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.tagName)
      .trim().replace(/\\s+/g, ' ').slice(0, 60);
  const doc = document.scrollingElement;
  if (doc.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} px wide`);
  for (const d of document.querySelectorAll('[role=dialog], .overlay, dialog')) {
    if (!seen(d)) continue;
    if (d.scrollWidth > d.clientWidth + 1 && getComputedStyle(d).overflowX !== 'visible')
      out.push(`the dialog scrolls sideways: ${d.scrollWidth} px in ${d.clientWidth}`);
    const r = d.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1)
      out.push(`the dialog is wider than the screen: ${Math.round(r.left)} to `
               + `${Math.round(r.right)} px`);
  }
  const box = dialog ? [...document.querySelectorAll('[role=dialog]')].filter(seen).pop() : null;
  if (dialog && !box) out.push('no dialog open');
  if (box) {
    const r = box.getBoundingClientRect();
    if (r.top < -1 || r.top > H)
      out.push(`the dialog's top is out of view (${Math.round(r.top)} px)`);
  }
  const h = [...(box || document).querySelectorAll(heading)].filter(seen)[0];
  if (!h) out.push(`no heading (${heading})`);
  else if (!inView(h.getBoundingClientRect())) {
    const r = h.getBoundingClientRect();
    out.push(`the heading "${name(h)}" is out of view (${Math.round(r.top)} to `
             + `${Math.round(r.bottom)} px of ${H})`);
  }
  // cut with an ellipsis: by the style, or a "\u2026" the code put at a shortened text's end
  const cut = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || el.closest('[aria-hidden=true]')) continue;
    const st = getComputedStyle(el);
    if (st.textOverflow === 'ellipsis' && st.overflowX !== 'visible'
        && el.scrollWidth > el.clientWidth + 0.5 && seen(el) && el.textContent.trim())
      cut.push(`"${name(el)}" (text-overflow)`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.textContent.trim();
    if (!t.endsWith('\\u2026') || allowed.includes(t)) continue;
    const el = n.parentElement;
    if (!seen(el)) continue;
    const whole = el.closest('[aria-label]');
    cut.push(`"${t}"` + (whole ? ` (in "${whole.getAttribute('aria-label').slice(0, 60)}")`
                               : ''));
  }
  if (cut.length) out.push('cut with an ellipsis: ' + [...new Set(cut)].slice(0, 8).join(', '));
  const felt = document.querySelector('.past-felt, .felt');
  const hands = document.querySelector('.past-hands');
  return {problems: out, felt: felt ? felt.innerHTML : '', hands: hands ? hands.innerHTML : ''};
}"""


@dataclass
class Result:
    screen: str
    size: tuple[int, int]
    large: bool
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    shot: str = ""


class Visit:
    """One page at one size: every screen in turn (``run``), each with its problems."""

    def __init__(self, page, url: str, size: tuple[int, int], large: bool,
                 shots: Path | None = None):
        self.page, self.url, self.size, self.large, self.shots = page, url, size, large, shots
        self.errors: list[str] = []
        self.chain = None
        self.broken = True  # the next screen starts its chain afresh
        self.replay_seen: list[tuple[str, str, str]] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"console: {m.text[:200]}"))
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {str(exc)[:200]}"))

    def load(self, chain: Chain) -> None:
        page = self.page
        page.evaluate("s => sessionStorage.setItem('atlas:storage', s)",
                      json.dumps(chain.storage(self.large)))
        page.goto(self.url + chain.query)
        page.wait_for_function(READY, timeout=BOOT_MS)
        self.chain = chain.name
        self.replay_seen = []

    def run(self, only: list[str] | None = None) -> dict[str, Result]:
        out = {}
        for s in screens():
            if (only is not None and s.id not in only) or (self.large and not s.large):
                continue
            out[s.id] = self.visit(s)
        return out

    def visit(self, s: Screen) -> Result:
        page = self.page
        res = Result(s.id, self.size, self.large)
        t0 = time.monotonic()
        try:
            if self.broken or self.chain != s.chain:
                self.load(chains()[s.chain])
            self.errors.clear()
            page.evaluate("window.atlasCsp = []")
            s.go(page, self.large)
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                          "requestAnimationFrame(r)))")
            res.problems = self.check(s)
            self.broken = False
        except Exception as exc:  # a screen not reached: said, and the next starts afresh
            res.problems = [f"not reached: {type(exc).__name__}: {str(exc).splitlines()[0]}"]
            self.broken = True
        if self.shots is not None:
            name = shot_name(s.id, self.size, self.large)
            self.shots.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=str(self.shots / name))
                res.shot = name
            except Exception as exc:
                res.problems.append(f"no screenshot: {exc}")
        res.seconds = time.monotonic() - t0
        return res

    def check(self, s: Screen) -> list[str]:
        page = self.page
        got = page.evaluate(CHECK, [s.heading, s.dialog, list(WHOLE_WITH_ELLIPSIS)])
        problems = got["problems"]
        try:
            box = s.primary(page).bounding_box(timeout=2_000) if s.primary else {}
        except Exception:
            box = None
        w, h = self.size
        if box == {}:
            pass
        elif box is None:
            problems.append("no primary action shown")
        elif not (box["y"] >= -1 and box["y"] + box["height"] <= h + 1 and box["x"] >= -1
                  and box["x"] + box["width"] <= w + 1):
            problems.append(f"the primary action is out of view ({box['y']:.0f} to "
                            f"{box['y'] + box['height']:.0f} px of {h})")
        csp = page.evaluate("window.atlasCsp")
        problems += [f"CSP: {c}" for c in csp]
        problems += self.errors
        if s.replay:
            for other, felt, hands in self.replay_seen:
                if felt == got["felt"]:
                    problems.append(f"the replay's felt is the same as at {other}")
                if hands == got["hands"]:
                    problems.append(f"the replay's hands are the same as at {other}")
            self.replay_seen.append((s.id, got["felt"], got["hands"]))
        return problems


# ---- the command: screenshots and the contact sheet ----------------------------------------
def contact_sheet(out: Path) -> Path:
    """index.html in ``out``: a row a screen, a column a size and print, from the
    screenshots there and the problems the runs wrote beside them (problems.json)."""
    found = out / "problems.json"
    problems: dict[str, list[str]] = json.loads(found.read_text()) if found.exists() else {}
    cols = [(w, h, large) for large in (False, True) for w, h in SIZES]
    head = "".join(f"<th>{w}x{h}{' large print' if large else ''}</th>"
                   for w, h, large in cols)
    rows, shots, bad_n = [], 0, 0
    for s in screens():
        cells = []
        for w, h, large in cols:
            name = shot_name(s.id, (w, h), large)
            if not (out / name).exists():
                cells.append("<td class=none>" + ("(large print changes nothing here)"
                                                  if large and not s.large else "") + "</td>")
                continue
            shots += 1
            bad = "".join(f"<li>{html.escape(p)}</li>" for p in problems.get(name, []))
            bad_n += bool(bad)
            cells.append(f"<td class={'bad' if bad else 'ok'}><a href='{name}'>"
                         f"<img src='{name}' loading=lazy alt=''></a>"
                         f"{'<ul>' + bad + '</ul>' if bad else ''}</td>")
        rows.append(f"<tr><th>{html.escape(s.title)}<br><code>{s.id}</code></th>"
                    f"{''.join(cells)}</tr>")
    page = f"""<!doctype html><meta charset=utf-8><title>Rally Dominoes: the screen atlas</title>
<style>body{{font:14px sans-serif;margin:8px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;vertical-align:top;padding:4px}} th{{text-align:left}}
img{{height:220px;display:block}} td.bad{{background:#fdd}} td.ok{{background:#dfd}}
td ul{{max-width:260px;margin:4px 0;padding-left:16px;font-size:12px}}
thead th{{position:sticky;top:0;background:#fff}}</style>
<h1>The screen atlas</h1><p>{shots} screenshots, {bad_n} with a problem (red, the problems
under the picture; green: every check passed). A row a screen, a column a size; each
picture links to its full size.</p>
<table><thead><tr><th>screen</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"""
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def shot_name(sid: str, size: tuple[int, int], large: bool) -> str:
    return f"{sid}-{size[0]}x{size[1]}{'-large' if large else ''}.png"


def main(build, argv: list[str]) -> int:
    """``python3 build.py atlas [--only id,id] [--sizes 390x844,...]``: every screen at
    every size in normal and large print; screenshots and test-results/atlas/index.html."""
    import argparse

    from playwright.sync_api import sync_playwright

    from tools.bench.browser import launch_browser

    ap = argparse.ArgumentParser(prog="build.py atlas")
    ap.add_argument("--only", default="", help="screen ids, comma-separated")
    ap.add_argument("--sizes", default="", help="e.g. 390x844,1280x800")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args(argv)
    only = [x for x in args.only.split(",") if x] or None
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",") if s] or SIZES
    if not args.no_build:
        build.build()
    ids = [x.id for x in screens() if only is None or x.id in only]
    retaken = {shot_name(i, size, large) for i in ids for size in sizes for large in (0, 1)}
    OUT.mkdir(parents=True, exist_ok=True)
    for old in retaken:  # this run's pictures and problems replace the last run's
        (OUT / old).unlink(missing_ok=True)
    results: list[Result] = []
    t0 = time.monotonic()
    with build.SiteServer(prefix=build.SITE_PREFIX) as server, sync_playwright() as p:
        browser = launch_browser(p)
        for w, h in sizes:
            ctx = browser.new_context(viewport={"width": w, "height": h},
                                      service_workers="block", has_touch=w < 1100,
                                      reduced_motion="reduce")
            ctx.add_init_script(INIT)
            page = ctx.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(server.url)
            page.wait_for_function(READY, timeout=BOOT_MS)
            for large in (False, True):
                t = time.monotonic()
                got = Visit(page, server.url, (w, h), large, OUT).run(only)
                results += got.values()
                bad = [r for r in got.values() if r.problems]
                build.say(f"{w}x{h} {'large' if large else 'normal'} print: {len(got)} "
                          f"screens in {time.monotonic() - t:.1f} s, {len(bad)} with a problem")
                for r in bad:
                    build.say(f"  {r.screen}: {'; '.join(r.problems)}")
            ctx.close()
        browser.close()
    found = OUT / "problems.json"
    kept = json.loads(found.read_text()) if found.exists() else {}
    kept = {k: v for k, v in kept.items() if k not in retaken}
    kept.update({r.shot or shot_name(r.screen, r.size, r.large): r.problems
                 for r in results if r.problems})
    found.write_text(json.dumps(kept, indent=1))
    sheet = contact_sheet(OUT)
    build.say(f"the atlas: {sheet.relative_to(ROOT)} ({len(results)} screenshots, "
              f"{time.monotonic() - t0:.0f} s)")
    return 0
