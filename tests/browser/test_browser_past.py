"""Past games in the browser: a game finished on the page (its last tile played there) is
found in the list, replayed forward to the end and back to the start, the coach seen at one
of the player's own moves, exported and imported on a fresh page (a new browser context),
and the statistics checked against figures worked out here from the game itself. Shots of
the list, the replay and the statistics on a phone and a laptop, with axe-core's check."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from browser_steps import (
    BOOT_TIMEOUT_MS,
    assert_reads_well,
    shot,
    take_a_turn,
    wait_for_my_turn_or_a_dialog,
)
from test_accessibility import violations

pytestmark = pytest.mark.browser

TABLE_KEY = "rally-dominoes:table"


def nearly_done() -> str:
    """A one-round Mexican Train, you against Ann (Easy), played here until you hold
    your last tile, at your turn, and playing it ends the round: the page plays it, and
    the game is over."""
    from app.game.seats import Seat, Settings
    from app.game.session import Session
    from bones.moves import NEXT, PLAY

    for seed in range(1, 40):
        s = Session.new("mexican-train", "gs-mt",
                        [Seat("You", "human"), Seat("Ann", "computer", "easy")], seed=seed,
                        options={"rounds": 1}, settings=Settings(pace="very fast"))
        s.started = True
        rng = random.Random(seed)
        g = s.game
        while not g.round_over and not (
                g.turn == 0 and len(g.hands[0]) == 1
                and any(m.kind == PLAY for m in g.legal_moves())):
            ms = [m for m in g.legal_moves() if m.kind != NEXT]
            s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
        if g.round_over:
            continue
        after = Session.from_json(s.to_json())
        plays = [m for m in after.game.legal_moves() if m.kind == PLAY]
        after.play(plays[0])
        if len(plays) == 1 and after.game.round_over:
            return s.to_json()
    raise AssertionError("no seed left a round to finish")


def a_choice_of_mine(save: dict) -> int:
    """The first move of the person's that was a real choice (the coach has a word)."""
    from bones.ai.coach import review
    from bones.playback import Replay

    r = Replay(save)
    for i, (seat, text) in enumerate(r.moves()):
        if seat == 0 and not review(r.at(i).clone(), text, worlds=2, hard_worlds=2).forced:
            return i
    raise AssertionError("the person never had a choice")


def my_figures(save: dict) -> dict:
    """The statistics worked out from the game itself."""
    from bones.record import from_json

    g = from_json(save)
    mine = g.round_scores[0][0]
    return {"won": int(g.totals[0] <= g.totals[1]), "round": mine,
            "out": int(len(g.hands[0]) == 0), "total": g.totals[0]}


def step_to(page, pos: int, total: int) -> None:
    """By the keys: Home to the deal, then the right arrow ``pos`` times."""
    page.keyboard.press("Home")
    expect(page.locator(".past-where")).to_contain_text("The deal")
    for _ in range(pos):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".past-where")).to_contain_text(f"Move {pos} of {total}",
                                                        timeout=60_000)


def check_screen(page, name: str, width: int, bad: list) -> None:
    page.wait_for_timeout(200)
    shot(page, f"past-{name}-{width}", full_page=True)
    assert_reads_well(page, width, name)
    bad += violations(page, f"past-{name}-{width}")


def test_a_game_finished_is_kept_replayed_with_the_coach_exported_and_imported(
        browser, open_game, watch_page, tmp_path):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                              service_workers="block", accept_downloads=True)
    page = ctx.new_page()
    watch = watch_page(page)
    open_game(page, storage={TABLE_KEY: nearly_done()})
    for _ in range(200):  # the page plays the round out
        wait_for_my_turn_or_a_dialog(page)
        if page.get_by_role("dialog", name="The game is over").count():
            break
        take_a_turn(page)
    end = page.get_by_role("dialog", name="The game is over")
    expect(end).to_be_visible()
    end.get_by_role("button", name="New game").click()
    page.get_by_role("button", name=re.compile("^Past games")).click()
    game = page.locator(".past-game")
    expect(game).to_have_count(1)
    expect(game).to_contain_text("Mexican Train")
    expect(game).to_contain_text("Finished after 1 round")
    expect(game).to_contain_text("computer, Easy")

    with page.expect_download() as dl:
        game.get_by_role("button", name=re.compile("^Save to a file")).click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    saved = json.loads(path.read_text())
    (rec,) = saved["games"]

    game.get_by_role("button", name=re.compile("^Replay this game")).click()
    where = page.locator(".past-where")
    expect(where).to_contain_text("The deal, before the first move")
    n = int(re.search(r"\((\d+) moves in all\)", where.inner_text()).group(1))
    assert n > 4
    page.get_by_role("button", name="Forward one move").click()
    expect(where).to_contain_text(f"Move 1 of {n}")
    page.get_by_role("button", name="End", exact=True).click()  # forward to the end
    expect(where).to_contain_text(f"Move {n} of {n}")
    expect(page.get_by_role("button", name="Forward one move")).to_be_disabled()
    page.get_by_role("button", name="Back one move").click()
    expect(where).to_contain_text(f"Move {n - 1} of {n}")
    page.get_by_role("button", name="Start", exact=True).click()  # back to the start
    expect(where).to_contain_text("The deal")
    expect(page.get_by_role("button", name="Back one move")).to_be_disabled()

    i = a_choice_of_mine(rec["save"])
    step_to(page, i + 1, n)
    coach = page.get_by_role("region", name="The coach")
    coach.get_by_role("button", name="What would the computers play?").click()
    expect(coach).to_contain_text("Normal says:", timeout=180_000)
    expect(coach).to_contain_text("Hard says:")
    coach.scroll_into_view_if_needed()
    shot(page, "past-coach-1280")
    watch.assert_clean()
    ctx.close()

    # ---- a fresh page: the file brought in, then the statistics -------------------------
    fresh = browser.new_context(viewport={"width": 390, "height": 844},
                                service_workers="block", bypass_csp=True)
    page = fresh.new_page()
    watch = watch_page(page)
    open_game(page)
    page.get_by_role("button", name=re.compile("^Past games")).click()
    expect(page.get_by_text("No past games yet")).to_be_visible()
    page.locator("#past-import").set_input_files(str(path))
    expect(page.locator(".past-notice")).to_contain_text("1 game added")
    expect(page.locator(".past-game")).to_have_count(1)
    bad: list[str] = []
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.get_by_role("button", name="Past games", exact=True).click()
        expect(page.locator(".past-game")).to_have_count(1)
        check_screen(page, "list", width, bad)
        page.get_by_role("button", name=re.compile("^Replay this game")).click()
        step_to(page, i + 1, n)
        check_screen(page, "replay", width, bad)
        page.get_by_role("button", name="My statistics").click()
        expect(page.locator(".past-group")).to_have_count(1)
        check_screen(page, "stats", width, bad)

    mine = my_figures(rec["save"])
    stats = page.locator(".past-group").first
    rows = {r.locator("th").inner_text(): r.locator("td").inner_text()
            for r in stats.locator("table").first.locator("tr").all()}
    assert rows["Games finished"] == "1"
    assert rows["Games you won"] == str(mine["won"])
    assert rows["Rounds played"] == "1"
    assert rows["Your average round"] == str(mine["round"])
    assert rows["Your best round (fewest points)"] == str(mine["round"])
    assert rows["Rounds you went out"] == str(mine["out"])
    chart = stats.get_by_role("img", name=re.compile("^Your score in your finished game"))
    expect(chart).to_have_attribute("aria-label", re.compile(f": {mine['total']} points"))
    assert bad == []
    watch.assert_clean()
    fresh.close()


# ---- the replay's felt and hands follow the position ------------------------------------------
PAST_KEY = "rally-dominoes:past-games"


def kept_game(game: str, preset: str | None, options: dict, seed: int) -> tuple[str, dict]:
    """A game played out here by random legal moves, each round dealt from a deal code as
    the page deals (so the replay opens each round's deal), kept as the page keeps one: the past
    games' stored text, and the record."""
    from app.game.seats import Seat
    from app.game.session import Session
    from app.past import store
    from bones import archive, fair
    from bones.moves import NEXT

    s = Session.new(game, preset, [Seat("You", "human"), Seat("Ann", "computer", "normal")],
                    seed=seed, options=options, seal=fair.seal(f"{seed:02x}" * 32, 417))
    rng = random.Random(seed)
    while not s.game.match_over:
        moves = s.game.legal_moves()
        move = rng.choice(moves) if len(moves) > 1 else moves[0]
        if move.kind == NEXT:  # each round dealt from a code of its own
            fair.seal_next(s.game, fair.seal(f"{s.game.round_number:02x}" * 32, 417))
        s.play(move)
    rec = store.record(s, "2026-05-14 14:05")
    return archive.dumps(archive.add(archive.empty(), rec)[0]), rec


# The phone's past games, kept together: each test replays one (``past_phone``).
PHONE_GAMES = {"Mexican Train": ("mexican-train", "gs-mt", {"rounds": 1}, 5),
               "Chicken Foot": ("chicken-foot", "gs-cf", {"rounds": 1}, 6),
               "All Fives": ("all-fives", None, {"target": 50}, 6)}


def engine_at(replay, k: int) -> tuple[list[str], list[int]]:
    """What the felt and the hands must show at position ``k``: the tiles on the table
    (every tile of the set in no hand and not in the boneyard), sorted, and each hand's
    count, from the engine's own position."""
    from bones.tiles import full_set

    m = replay.at(k)
    held = {t for h in m.hands for t in h} | set(getattr(m, "boneyard", []))
    high = getattr(m.options, "set_high", 6)
    return sorted(str(t) for t in full_set(high) if t not in held), [len(h) for h in m.hands]


def page_shows(page) -> tuple[list[str], int, list[int]]:
    """The felt's tiles drawn (sorted), how many older tiles its lanes fold into a "+N"
    chip, and each hand's count as its heading says it. A folded tile is also drawn,
    hidden, over its chip (``.tucked``, shown only by Show again): it is not counted."""
    felt = page.locator("#past-felt [data-tile]").evaluate_all(
        "els => els.filter(e => !e.closest('.tucked')).map(e => e.getAttribute('data-tile'))")
    folded = sum(int(x) for x in page.locator("#past-felt [data-folded]").evaluate_all(
        "els => els.map(e => e.dataset.folded)"))
    heads = page.locator(".past-hand h3").all_inner_texts()
    return sorted(felt), folded, [int(re.search(r"\((\d+) tiles?\)", h).group(1))
                                  for h in heads]


def assert_at(page, replay, k: int, n: int, spinners: bool = False) -> None:
    """The page at position ``k``: its words, every hand's count, and the felt: each
    tile drawn is on the engine's table, and the tiles drawn and folded are all of it."""
    where = page.locator(".past-where")
    expect(where).to_contain_text(f"Move {k} of {n}" if k else "The deal")
    table, hands = engine_at(replay, k)
    page.wait_for_timeout(100)  # a felt redrawn after the screen (its size) has come
    drawn, folded, counts = page_shows(page)
    assert counts == hands, f"hands at position {k}"
    assert set(drawn) <= set(table) and len(set(drawn)) == len(drawn), f"felt at {k}"
    # All Fives draws a spinner again where the arms it opens start, and its own arm
    # may fold it: one more for each double drawn, at most
    again = sum(t.split("-")[0] == t.split("-")[1] for t in drawn) if spinners else 0
    assert 0 <= len(drawn) + folded - len(table) <= again, \
        f"felt at position {k}: {drawn} +{folded}, the table holds {len(table)}"


def scrolled(page) -> int:
    return page.evaluate("Math.round(scrollY)")


def open_replay(page, open_game, text: str):
    """The game started with ``text`` as its past games, then ``replay_from_start``."""
    open_game(page, storage={PAST_KEY: text})
    replay_from_start(page)


def replay_from_start(page, name: str | None = None):
    """From the start screen scrolled down as far as it goes, to the list, then the
    replay (of the game named ``name``, of the only one if None): each opens at its top."""
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    page.get_by_role("button", name=re.compile("^Past games")).click()
    expect(page.get_by_role("heading", name="Past games")).to_be_visible()
    assert scrolled(page) == 0, "the list opened scrolled down"
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    game = page.locator(".past-game", has_text=name) if name else page
    game.get_by_role("button", name=re.compile("^Replay this game")).click()
    expect(page.locator(".past-where")).to_contain_text("The deal")
    assert scrolled(page) == 0, "the replay opened scrolled down"


@pytest.fixture(scope="module")
def past_phone(browser, site_url, snapshot_script):
    """(page, records): a phone's page (390 x 844, touch) started once with the three
    PHONE_GAMES as its past games; each test replays one from the start screen and goes
    back to it."""
    from bones import archive

    kept, recs = archive.empty(), {}
    for name, spec in PHONE_GAMES.items():
        _, recs[name] = kept_game(*spec)
        kept, dropped = archive.add(kept, recs[name])
        assert dropped == []
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              service_workers="block")
    ctx.add_init_script(snapshot_script)
    ctx.add_init_script(f"localStorage.setItem({json.dumps(PAST_KEY)}, "
                        f"{json.dumps(archive.dumps(kept))})")
    page = ctx.new_page()
    page.site_url = site_url
    yield page, recs
    ctx.close()


def phone_replay(past_phone, watch_page, name: str):
    """The phone's page (started by the first test that asks, watched from then on) at the
    start screen, then the replay of ``name``: (page, record, watch)."""
    page, recs = past_phone
    watch = watch_page(page)
    if not page.url.startswith("http"):
        page.goto(page.site_url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=BOOT_TIMEOUT_MS)
    back = page.get_by_role("button", name="Back to the start", exact=True)
    if back.count():
        back.click()
    expect(page.get_by_role("button", name=re.compile("^Past games"))).to_be_visible()
    replay_from_start(page, name)
    return page, recs[name], watch


def assert_steps_and_felt_in_view(page, width: int, height: int) -> None:
    """The ways to step and the whole felt are in the window together, unscrolled."""
    assert scrolled(page) == 0
    steps = page.get_by_role("group", name="Step through the game").bounding_box()
    felt = page.locator("#past-felt").bounding_box()
    assert steps["y"] >= 0 and steps["y"] + steps["height"] <= felt["y"]
    assert felt["y"] + felt["height"] <= height and felt["x"] + felt["width"] <= width
    assert felt["height"] >= min(0.3 * height, 0.55 * felt["width"]), felt


@pytest.mark.parametrize("width, height", [
    (1280, 800), pytest.param(390, 844, marks=pytest.mark.xdist_group("past-phone"))])
def test_the_replays_felt_and_hands_are_the_engines_position_at_every_step(
        request, open_game, watch_page, width, height):
    from bones.playback import Replay

    if width == 390:  # the phone's page, its past games kept together
        page, rec, watch = phone_replay(request.getfixturevalue("past_phone"), watch_page,
                                        "Mexican Train")
    else:
        text, rec = kept_game(*PHONE_GAMES["Mexican Train"])
        page, watch = request.getfixturevalue("sized_page")(width, height)
        open_replay(page, open_game, text)
    r = Replay(rec["save"])
    n = len(r)
    assert_at(page, r, 0, n)
    assert_steps_and_felt_in_view(page, width, height)
    deal = page.locator("#past-felt").inner_html()
    page.get_by_role("button", name="Forward one move").click()
    assert_at(page, r, 1, n)
    for _ in range(n // 2 - 1):
        page.keyboard.press("ArrowRight")
    assert_at(page, r, n // 2, n)
    page.get_by_role("button", name="End", exact=True).click()
    assert_at(page, r, n, n)
    assert page.locator("#past-felt").inner_html() != deal  # the felt moved
    assert_steps_and_felt_in_view(page, width, height)  # End went off: no jump down
    expect(page.get_by_role("button", name="Back one move")).to_be_focused()
    shot(page, f"past-replay-end-{width}")
    page.get_by_role("button", name="Back one move").click()
    assert_at(page, r, n - 1, n)
    page.keyboard.press("Home")
    assert_at(page, r, 0, n)
    page.get_by_role("button", name="Your next move").click()
    k = int(re.search(r"Move (\d+) of", page.locator(".past-where").inner_text()).group(1))
    assert_at(page, r, k, n)
    page.keyboard.press("End")
    assert_at(page, r, n, n)
    watch.assert_clean()


@pytest.mark.xdist_group("past-phone")
@pytest.mark.parametrize("name", ["Chicken Foot", "All Fives"])
def test_chicken_foot_and_all_fives_replays_show_the_end_position(past_phone, watch_page,
                                                                   name):
    from bones.playback import Replay

    page, rec, watch = phone_replay(past_phone, watch_page, name)
    game = PHONE_GAMES[name][0]
    r = Replay(rec["save"])
    n = len(r)
    af = game == "all-fives"
    assert_at(page, r, 0, n, af)
    page.get_by_role("button", name="End", exact=True).click()
    assert_at(page, r, n, n, af)
    shot(page, f"past-replay-end-{game}-390")
    page.keyboard.press("ArrowLeft")
    assert_at(page, r, n - 1, n, af)
    watch.assert_clean()
