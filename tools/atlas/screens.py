"""The screens of the atlas, each reached along a chain (a load of the page with its
storage, then a few presses a screen: tools/atlas/presses.py), and the pages the chains
run on, kept from size to size (``Pages``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from .presses import (
    _close_dialog,
    _dialog_button,
    _keep,
    _lesson_primary,
    _open,
    _past_and_house,
    _playable,
    _reset_kiosk,
    _reset_rally,
    _reset_start,
    _role,
    _start,
    _still,
    _tap_step,
    _to_start,
    _to_table,
    _wait,
)
from .saves import (
    GAMES,
    KIOSK,
    KIOSK_PIN,
    LESSONS,
    RALLY,
    TIMEOUT_MS,
    finished_game,
    house_rules,
    kiosk_settings,
    last_move,
    lesson_last_step,
    lesson_start,
    mid_round,
    rally_event,
    round_over,
)


# ---- the screens -------------------------------------------------------------------------
@dataclass(frozen=True)
class Chain:
    """How a run of screens starts: the page loaded with this storage (and query); or a
    page this chain left at another size brought back to where that load starts
    (``reset``), without a boot; with none, a new page is loaded there."""

    name: str
    storage: Callable[[bool], dict]  # large print -> {key: text}
    query: str = ""
    reset: Callable | None = None  # reset(page)


class Pages:
    """The pages a visit goes through: one page for every chain (``one``), or a page a
    chain; each made once by ``new_page`` and kept from size to size, with where it was
    left (``on``: its chain and size; none: the next screen on it starts with a boot)."""

    def __init__(self, new_page: Callable, one: bool = False):
        self._new, self._one = new_page, one
        self._pages: dict[str, object] = {}
        self.on: dict[str, tuple[str, tuple[int, int]] | None] = {}

    def key(self, chain: str) -> str:
        return "" if self._one else chain

    def page(self, chain: str):
        k = self.key(chain)
        if k not in self._pages:
            self._pages[k] = self._new()
        return self._pages[k]

    def renew(self, chain: str):
        """A new page for ``chain``, the old one closed (one a chain only)."""
        k = self.key(chain)
        old = self._pages.pop(k, None)
        if old is not None:
            old.close()
        self.on.pop(k, None)
        return self.page(chain)


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


def _chains() -> dict[str, Chain]:
    # one boot with nothing stored: the rally's new event and a table's own device, left by
    # their own button; then the start screen, past games and house rules (put in storage
    # as they open) and back to it; then the lessons and the games, handed over
    chains = {"start": Chain("start", lambda large: {}, reset=_reset_start)}
    chains["rally"] = Chain("rally", lambda large: {RALLY: rally_event()}, reset=_reset_rally)
    chains["kiosk"] = Chain("kiosk", lambda large: {KIOSK: kiosk_settings()}, "?kiosk=1",
                            reset=_reset_kiosk)
    return chains


def _screens() -> list[Screen]:
    import re

    out = [Screen("start", "The start screen", "start", _start,
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
    # the moves to come dimmed, the first on its way
    _wait(page, "() => document.querySelector('.replay-waiting, .replay-now')")


# The replay opens with its steps and the position's words in view (the page is scrolled
# to them): that line is the replay's heading.
WHERE = ".past-where"


def _past_screens(_from_start) -> list[Screen]:
    import re

    def listing(page, large):
        _to_start(page)
        _keep(page, _past_and_house())
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
        Screen("past-list", "Past games: the list", "start", listing, "h1",
               _role(re.compile("^Replay this game"), exact=False)),
        Screen("past-deal", "Past games: the replay at the deal", "start", deal, WHERE,
               _role("Forward one move"), replay=True),
        Screen("past-middle", "Past games: the replay in the middle", "start", middle,
               WHERE,
               _role("Forward one move"), replay=True),
        Screen("past-end", "Past games: the replay at the end", "start", end, WHERE,
               _role("Back one move"), replay=True),
        Screen("past-coach", "Past games: the coach's answer", "start", coach,
               "#coach-title",
               lambda page: page.get_by_role("region", name="The coach").get_by_text(
                   "Normal says:").first),
        Screen("past-stats", "Past games: the statistics", "start", stats, "h1",
               lambda page: page.locator(".past-group h2").first),
    ]


def _house_screens() -> list[Screen]:
    import re

    def listing(page, large):
        _to_start(page)
        _keep(page, _past_and_house())
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
        Screen("house-list", "House rules: the list", "start", listing, "h1",
               _role("Start from this sheet")),
        Screen("house-form", "House rules: the form", "start", form, "h1, h2",
               lambda page: page.get_by_label("Name of the house rules")),
        # the heading read here is the setting's own, above its field and the message
        Screen("house-impossible", "House rules: an impossible value", "start", impossible,
               ".house-setting:has(.field-problem) h2",
               lambda page: page.locator(".field-problem").first),
        Screen("house-import", "House rules: brought in from a file", "start", imported,
               "h1", lambda page: page.locator(".house-note").first),
    ]


def _rally_screens() -> list[Screen]:
    import re

    def open_rally(page, large):
        _to_start(page)
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
        _to_start(page)
        page.get_by_role("button", name=re.compile("^Keep score for a table")).first.click()
        _wait(page, "() => document.documentElement.dataset.screen === 'rally'")

    return [
        Screen("rally-new", "Rally scorekeeper: a new event", "start", open_rally, "h1",
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
               "start", device, "h1",
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


def visiting_order() -> list[Screen]:
    """The screens in the order one page visits them: each chain's in turn, the start
    chain's last (large print goes on from it); on it the rally's new event and a table's
    own device (with nothing stored), the start screen, past games and house rules before
    the lessons and the games, which never go back to the start."""
    first = {"rally-new": 0, "rally-device": 1, "start": 2, "past": 3, "house": 4}
    return sorted(screens(), key=lambda s: (
        s.chain == "start", first.get(s.id, first.get(s.id.split("-")[0], 5))))


def screen_ids(large: bool = False) -> list[str]:
    return [s.id for s in screens() if s.large or not large]
