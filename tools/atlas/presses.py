"""The presses the atlas's screens are reached by (tools/atlas/screens.py): a control by
its role or its place, a wait for what is drawn, a game handed over as another tab's,
the ways back to the start screen, and each chain's way back to where its load starts."""

from __future__ import annotations

from .saves import HOUSE, PAST, TABLE, TIMEOUT_MS, finished_game, house_rules


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


def _to_start(page) -> None:
    """Back to the start screen from past games, house rules or the rally scorekeeper
    (their own buttons)."""
    import re

    where = page.evaluate("document.documentElement.dataset.screen")
    if where in ("past", "house"):
        page.get_by_role("button", name=re.compile("^Back to the start")).first.click()
    elif where == "rally":
        page.get_by_role("button", name="Leave the scorekeeper").first.click()
    else:
        return
    _wait(page, "() => document.documentElement.dataset.screen === 'start'")


def _keep(page, storage: dict) -> None:
    """``storage`` put in place as a save would be (what the next screen reads when it
    opens: past games, house rules, the start form's house rules)."""
    page.evaluate("s => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }",
                  storage)


def _past_and_house() -> dict:
    return {PAST: finished_game()[0], HOUSE: house_rules()[0]}


def _start(page, large) -> None:
    """The start screen with past games and house rules kept (drawn again with them)."""
    _keep(page, _past_and_house())
    if page.evaluate("document.documentElement.dataset.screen") == "start":
        page.evaluate("() => dispatchEvent(new Event('resize'))")  # the page draws again
    else:
        _to_start(page)


def _to_table(page, text: str, title: str) -> None:
    """``text`` handed over as another tab's game, on the table (resumed from the start
    screen, where a game handed over waits), once its title reads ``title``."""
    page.keyboard.press("Escape")
    _to_start(page)
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


def _clear(page) -> None:
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
        if (k.startsWith('rally-dominoes:')) localStorage.removeItem(k); }""")


def _reset_rally(page) -> None:
    """The start screen, at its top as a load leaves it (a screen opened keeps the window
    where it was scrolled)."""
    _to_start(page)
    page.evaluate("() => scrollTo(0, 0)")


def _reset_start(page) -> None:
    """The start screen with nothing stored, as the chain's load leaves it: from the
    table by its dialog's New game (the game's end) or the table's own, from elsewhere by
    that screen's way back."""
    if page.evaluate("document.documentElement.dataset.screen") == "table":
        home = page.locator('[role=dialog] [data-act="home"]')
        if not home.count():
            page.keyboard.press("Escape")
            home = page.locator('[data-act="home"]:visible')
        home.first.click()
        _wait(page, "() => document.documentElement.dataset.screen === 'start'")
    _reset_rally(page)
    _clear(page)


def _reset_kiosk(page) -> None:
    """The attract screen: the official's panel locked, or the PIN's asking cancelled."""
    for name in ("Done: lock the settings", "Cancel"):
        b = page.get_by_role("dialog").get_by_role("button", name=name, exact=True)
        if b.count():
            b.first.click()
    _wait(page, "() => document.documentElement.dataset.screen === 'attract' && "
                "!document.querySelector('[role=dialog]')")
    page.evaluate("() => scrollTo(0, 0)")
