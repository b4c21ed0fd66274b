"""Steps a player takes at the table, shared by the browser tests (roles and names only)."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

from playwright.sync_api import expect

# Waits are guards against a hang, not measures: a passing test never waits them out.
# Generous, so that a busy machine (CI runs two browsers on two cores) never fails a test
# that would pass on a quiet one.
BOOT_TIMEOUT_MS = 90_000  # Python's start-up in the page
EXPECT_TIMEOUT_MS = 15_000  # anything else the page is expected to show
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

# Where the tests leave screenshots to look at, and the four screens the game must fit.
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screens"
SIZES = [(1920, 1080), (1280, 800), (1024, 768), (390, 844)]

PLAYABLE = re.compile(r"^Domino \d+-\d+, playable$")


def set_pace(page, pace="Very fast"):
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("radio", name=pace).check()
    page.get_by_role("button", name="Done").click()


def status(page) -> str:
    return page.locator(".status").inner_text()


def wait_for_my_turn_or_a_dialog(page, who="Your turn"):
    # A shown dialog: the camera panel (#scanner, index.html) is one too, hidden till used.
    page.wait_for_function(
        """(who) => {
            const s = document.querySelector('.status');
            return (s && s.textContent.startsWith(who)) ||
                   document.querySelector('[role=dialog]:not([hidden])') !== null;
        }""", arg=who, timeout=60_000)


def take_a_turn(page, group=re.compile("tiles$")) -> str:
    """Play the first playable tile on the first place it may go; else draw; else pass."""
    hand = page.get_by_role("group", name=group)
    tiles = hand.get_by_role("button", name=PLAYABLE)
    if tiles.count():
        tile = tiles.first
        label = tile.inner_text().strip()
        tile.click()
        spot = page.get_by_role("group", name="The table").get_by_role("button").first
        expect(spot).to_be_visible()
        assert_places_can_be_tapped(page)
        spot.click()
        return f"played {label}"
    draw = page.get_by_role("button", name="Draw")
    if draw.is_enabled():
        draw.click()
        return "drew"
    page.get_by_role("button", name="Pass").click()
    return "passed"


def assert_places_can_be_tapped(page) -> None:
    """Every place lit for the chosen tile is what a finger at its centre touches:
    nothing on the page (a label, the count) lies over it."""
    covered = page.evaluate("""() => [...document.querySelectorAll('[data-act=target]')]
        .filter(t => {
            const r = t.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
            const e = document.elementFromPoint(x, y);
            return !(e && (e === t || t.contains(e)));
        })
        .map(t => t.getAttribute('aria-label'))""")
    assert covered == [], f"places to play that something covers: {covered}"


def assert_labels_clear_of_table(page) -> None:
    """The table's labels (the boneyard, All Fives' count) sit beside the tiles, never
    over them: a label's box and the drawn table's box do not meet."""
    table = page.locator(".felt-svg").bounding_box()
    for label in page.locator(".felt .boneyard, .felt .count-badge").all():
        b = label.bounding_box()
        if b is None:  # not shown at this size (a phone's Draw button says the boneyard)
            continue
        apart = (b["y"] + b["height"] <= table["y"] + 0.5
                 or b["y"] >= table["y"] + table["height"] - 0.5
                 or b["x"] + b["width"] <= table["x"] + 0.5
                 or b["x"] >= table["x"] + table["width"] - 0.5)
        assert apart, (label.inner_text(), b, table)


def start_from_form(page, game, players=None, length=None):
    """Set up a game on the start screen: ``players`` is a list of (name, kind)."""
    page.get_by_role("radio", name=game, exact=True).check()
    if players is not None:
        while page.locator(".seat-row").count() > len(players):
            page.get_by_role("button", name="One player fewer").click()
        while page.locator(".seat-row").count() < len(players):
            page.get_by_role("button", name="One more player").click()
        for i, (name, kind) in enumerate(players, start=1):
            page.get_by_label(f"Name of player {i}").fill(name)
            page.get_by_label(f"Who plays for player {i}").select_option(kind)
    if length is not None:
        label = "Play to" if game == "All Fives" else "Rounds"
        page.get_by_label(label, exact=True).select_option(str(length))
    page.get_by_role("button", name="Start game").click()
    dialog = page.get_by_role("dialog", name="Who plays first")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button").click()


def table_snapshot(page) -> dict:
    # a tile still travelling (app.table.motion) is a copy over the table: wait for it to land
    page.wait_for_function("!document.querySelector('[data-moving]')", timeout=15_000)
    return {
        "hand": page.locator(".hand-tile").evaluate_all(
            "els => els.map(e => e.querySelector('.vh').textContent)"),
        # The tiles to play onto and every line as a screen reader hears it (whose, its
        # open end, its marker). Which older tiles are folded away may differ after a
        # reload: the table's frame is laid out afresh (docs/table.md).
        "table": page.locator(".felt .felt-svg [data-open-end='1']").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label')).sort()"),
        "lines": page.get_by_role("list", name="Lines on the table").locator("li")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"),
        "seats": page.locator(".seat-count").all_inner_texts(),
        "status": status(page),
        "boneyard": page.locator(".boneyard").inner_text(),
    }


def take_turns(page, turns: int) -> None:
    """Play up to ``turns`` turns of the player at the screen; stop at a dialog."""
    for _ in range(turns):
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog").count():
            return
        take_a_turn(page)
    wait_for_my_turn_or_a_dialog(page)


def shot(page, name: str, full_page: bool = False) -> None:
    """A screenshot to look at, in test-results/screens/NAME.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def assert_reads_well(page, width: int, what: str = "") -> None:
    """Nothing sticks out sideways, body text is at least 18 px, and every visible
    control (but radio buttons, inside their bigger labels) is at least 44 px each way."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, what
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 18, what
    small = page.evaluate("""() => [...document.querySelectorAll(
            'button:not([disabled]), a.btn, input, select')]
        .filter(b => b.offsetParent !== null && b.type !== 'radio')
        .map(b => [b.getAttribute('aria-label') || b.textContent || b.id,
                   b.getBoundingClientRect()])
        .filter(([t, r]) => r.width < 44 || r.height < 44).map(([t]) => t)""")
    assert small == [], (what, small)


def saved_table(game: str, moves: int = 12, humans: int = 1, options: dict | None = None,
                pace: str = "very fast", seed: int = 7) -> str:
    """A table as the page saves it, for seeding storage: ``humans`` people (You, Ann, ...)
    then computers (Easy), the start shown, ``moves`` moves played at random (plays
    first); then on to the first person's turn with a tile to play, unless the round is
    over (a large ``moves`` plays to the end of the round)."""
    import random

    import bones
    from app.game.seats import DEFAULT_NAMES, Seat, Settings
    from app.game.session import Session
    from bones.moves import NEXT, PLAY

    seats = [Seat(DEFAULT_NAMES[i], "human" if i < humans else "computer", "easy")
             for i in range(4)]
    s = Session.new(game, bones.GAMES[game].default_preset, seats, seed=seed,
                    options=options, settings=Settings(pace=pace))
    s.started = True
    rng = random.Random(seed)

    def step():
        ms = [m for m in s.game.legal_moves() if m.kind != NEXT]
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))

    for _ in range(moves):
        if s.game.round_over:
            break
        step()
    while humans and not s.game.round_over and not (
            s.game.turn == 0 and any(m.kind == PLAY for m in s.game.legal_moves())):
        step()
    if humans > 1 and not s.game.round_over:
        s.take_seat()
    return s.to_json()


def open_saved_table(browser, open_game, width: int, height: int, saved: str,
                     scripts=(), reduced: bool = False):
    """A new context of that size with ``saved`` (``saved_table``) as the page's table,
    ``scripts`` run before the page's own, reduced motion when asked: (context, page) once
    the hand is shown."""
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              service_workers="block")
    page = ctx.new_page()
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    for script in scripts:
        page.add_init_script(script)
    open_game(page, storage={"rally-dominoes:table": saved})
    expect(page.locator(".hand-tile").first).to_be_visible(timeout=30_000)
    return ctx, page


_RELOADS = itertools.count()


def reload_with_storage(page, items: dict[str, str]) -> None:
    """Reload with ``items`` in localStorage as the page starts again. A script run before
    the page's own on that one load writes them: a value written before the reload could
    be overwritten by what the page saves on its way out (a computer's move, pagehide)."""
    token = f"test:stored-{next(_RELOADS)}"
    page.add_init_script(
        "((items, token) => { if (sessionStorage.getItem(token)) return;"
        " sessionStorage.setItem(token, '1');"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })("
        + json.dumps(items) + ", " + json.dumps(token) + ")")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
