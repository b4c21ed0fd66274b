"""Learn to play, through the real page in Chromium (docs/lessons.md): each lesson
finished as a person would, reading its line and tapping the one tile and place it
lights (or the one button it names), on a phone, a tablet and a kiosk; each by
keyboard alone; a wrong tile answered kindly; a reload that keeps the step; axe on each
lesson's table and its end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app.lessons.data import LESSONS
from browser_steps import assert_reads_well, set_pace, shot
from test_accessibility import axe_page, violations  # noqa: F401  (axe_page: a fixture)
from test_keyboard_play import focused, no_mouse

pytestmark = pytest.mark.browser

BUTTONS = ("Draw", "Pass", "Knock")
WAIT = """() => {
    const line = document.querySelector('.lesson-line');
    const status = document.querySelector('.status');
    return document.querySelector('[role=dialog]:not([hidden])') !== null ||
        (line && status && line.textContent.startsWith('Step') &&
         status.textContent.startsWith('Your turn') &&
         !document.querySelector('[data-moving]'));
}"""


def begin(page, lesson_id: str) -> None:
    x = LESSONS[lesson_id]
    page.get_by_role("button", name=f"Learn {x.title}", exact=True).click()
    expect(page.locator(".game-title")).to_have_text(f"Learn to play: {x.title}")
    set_pace(page)


def next_step(page) -> str | None:
    """The lesson's line at your next step, or None once a dialog (the end) is up."""
    try:
        page.wait_for_function(WAIT, timeout=60_000)
    except Exception:
        shot(page, "lesson-stuck")
        raise AssertionError("the lesson stopped at: " + page.locator(".topbar").inner_text()
                             ) from None
    if page.get_by_role("dialog").count():
        return None
    return page.locator(".lesson-line").inner_text()


def tap_the_step(page, line: str) -> str:
    """What a person does with the line: tap the one lit tile and the one place, or the
    one button the line names. Only one of each can be used."""
    lit = page.locator(".hand-tile.playable")
    if lit.count():
        assert lit.count() == 1, line
        tile = lit.get_attribute("data-tile")
        assert tile in line, (tile, line)
        lit.click()
        places = page.locator(".felt [data-act=target]")
        expect(places).to_have_count(1)
        name = places.get_attribute("aria-label") or ""
        places.click()
        return f"{tile} on {name}"
    usable = [b for b in BUTTONS if page.get_by_role("button", name=b, exact=True).count()
              and page.get_by_role("button", name=b, exact=True).is_enabled()]
    assert len(usable) == 1 and usable[0] in line, (usable, line)
    page.get_by_role("button", name=usable[0], exact=True).click()
    return usable[0]


def finish(page, lesson_id: str) -> list[str]:
    done = []
    while (line := next_step(page)) is not None:
        done.append(tap_the_step(page, line))
    x = LESSONS[lesson_id]
    end = page.get_by_role("dialog", name=f"Lesson done: {x.title}")
    expect(end).to_be_visible()
    expect(end.locator(".lesson-end")).to_contain_text(x.end.split(":")[0])
    # the last tile, still flying as the end opens, flies under it (app.table.motion)
    flying, dialog = page.evaluate("""() => {
        const t = document.createElement('div');
        t.className = 'travel';
        document.body.append(t);
        const z = [t, document.querySelector('.overlay')]
            .map(e => Number(getComputedStyle(e).zIndex));
        t.remove();
        return z; }""")
    assert flying < dialog, (flying, dialog)
    assert len(done) == len(x.mine()), done
    return done


SIZES = {"phone": (390, 844), "tablet": (1024, 768), "kiosk": (1920, 1080)}


@pytest.mark.parametrize("lesson_id", list(LESSONS))
@pytest.mark.parametrize("size", list(SIZES))
def test_each_lesson_is_finished_by_tapping_what_it_lights(sized_page, lesson_id, size):
    w, h = SIZES[size]
    page, watch = sized_page(w, h)
    begin(page, lesson_id)
    line = next_step(page)
    assert line.startswith("Step 1 of ")
    assert_reads_well(page, w, f"{lesson_id} at {size}")
    if lesson_id == "mexican-train" and size == "phone":
        shot(page, "lesson-mexican-train-step1-390x844")
    finish(page, lesson_id)
    shot(page, f"lesson-{lesson_id}-end-{w}x{h}")
    page.get_by_role("button", name=re.compile("^Play a real game")).click()
    expect(page.locator(".game-title")).not_to_contain_text("Learn to play")
    watch.assert_clean()


def test_a_wrong_tile_gets_why_and_a_reload_keeps_the_step(sized_page):
    page, watch = sized_page(1280, 800)
    begin(page, "chicken-foot")
    line = next_step(page)
    page.locator('.hand-tile[data-tile="5-5"]').click()  # fits nowhere yet
    expect(page.locator(".lesson-line")).to_contain_text(
        "5-5 does not match any open end just now.")
    expect(page.locator(".lesson-line")).to_contain_text("tap your 9-5, then 9-9 toe 1")
    tap_the_step(page, line)
    second = next_step(page)
    assert second.startswith("Step 2 of ")
    page.reload()
    expect(page.locator(".lesson-line")).to_have_text(second, timeout=60_000)
    shot(page, "lesson-chicken-foot-step2-1280x800")
    watch.assert_clean()


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_each_lesson_by_keyboard_alone_with_no_axe_violation(axe_page, open_game,  # noqa: F811
                                                             lesson_id):
    x = LESSONS[lesson_id]
    page, watch = axe_page(width=1280, height=800, boot=False)
    no_mouse(page)
    open_game(page)
    page.get_by_role("button", name=f"Learn {x.title}", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.locator(".game-title")).to_have_text(f"Learn to play: {x.title}")
    assert violations(page, f"lesson-table-{lesson_id}") == []
    keys = {"Draw": "d", "Pass": "p", "Knock": "k"}
    steps = 0
    while (line := next_step(page)) is not None:
        assert not focused(page)["body"], f"focus on <body> at: {line}"
        steps += 1
        if steps == 3:  # mid-lesson: a tile and its place lit, the step's line said
            assert violations(page, f"lesson-step-3-{lesson_id}") == []
        if page.locator(".hand-tile.playable").count():
            for _ in range(40):
                if focused(page)["playable"]:
                    break
                page.keyboard.press("Shift+Tab" if focused(page)["act"] != "select"
                                    else "ArrowRight")
            assert focused(page)["playable"], line
            page.keyboard.press("Enter")
            assert focused(page)["act"] == "target", line
            page.keyboard.press("Enter")
        else:
            key = next(k for b, k in keys.items() if b in line)
            page.keyboard.press(key)
    expect(page.get_by_role("dialog", name=f"Lesson done: {x.title}")).to_be_visible()
    assert focused(page)["inDialog"]
    assert steps == len(x.mine())
    assert page.evaluate("window.mouseEvents") == []
    assert violations(page, f"lesson-end-{lesson_id}") == []
    watch.assert_clean()


# ---- on a phone: the table stays put through a step; the end's next step is in view ----
FELT_TOP = "() => Math.round(document.querySelector('.felt').getBoundingClientRect().y)"


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_on_a_phone_the_table_stays_put_through_each_step_and_the_end_s_choice_is_in_view(
        sized_page, lesson_id):
    """At 390 x 844 each step is played by tapping: the felt's top is where it was at the
    step's first view when its tile is chosen and when its place is tapped, and the lit
    place does not move between the two. At the end, "Play a real game" is in view
    without scrolling."""
    page, watch = sized_page(390, 844)
    begin(page, lesson_id)
    moved = []
    steps = 0
    while (line := next_step(page)) is not None:
        steps += 1
        first = page.evaluate(FELT_TOP)
        lit = page.locator(".hand-tile.playable")
        if not lit.count():
            tap_the_step(page, line)
            continue
        lit.click()
        place = page.locator(".felt [data-act=target]")
        expect(place).to_have_count(1)
        chosen, lit_at = page.evaluate(FELT_TOP), place.bounding_box()
        page.wait_for_timeout(250)  # as a person finds the place
        tapping, tap_at = page.evaluate(FELT_TOP), place.bounding_box()
        if not (first == chosen == tapping and lit_at == tap_at):
            moved.append((steps, first, chosen, tapping, lit_at["y"], tap_at["y"]))
        place.click()
    real = page.get_by_role("button", name=re.compile("^Play a real game"))
    expect(real).to_be_visible()
    shot(page, f"lesson-{lesson_id}-end-390x844")
    box = real.bounding_box()
    frame = page.locator(".dialog").bounding_box()
    scrolled = page.locator(".dialog").evaluate("d => d.scrollTop")
    bottom = min(844, frame["y"] + frame["height"])
    in_view = scrolled == 0 and 0 <= box["y"] and box["y"] + box["height"] <= bottom
    problems = ([f"the table moved within a step: {moved}"] if moved else []) + (
        [] if in_view else [f"Play a real game at {box} below the view's {bottom}"])
    assert problems == [], (lesson_id, problems)
    watch.assert_clean()


def test_a_wrong_tile_is_marked_red_with_words_not_ringed_gold(sized_page):
    page, watch = sized_page(390, 844)
    begin(page, "chicken-foot")
    next_step(page)
    top = page.evaluate(FELT_TOP)
    wrong = page.locator('.hand-tile[data-tile="5-5"]')
    wrong.click()  # fits nowhere yet
    expect(wrong).to_have_class(re.compile(r"\bwrong\b"))
    expect(wrong).to_have_attribute("data-wrong", "1")
    expect(wrong).to_have_attribute("aria-pressed", "false")
    expect(wrong).not_to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator(".lesson-line .line-now")).to_contain_text(
        "5-5 does not match any open end just now.")
    expect(page.locator(".lesson-line .line-now")).to_be_visible()
    look = "e => { const s = getComputedStyle(e); return [s.borderTopStyle, s.borderTopColor]; }"
    bad = wrong.evaluate(look)
    shot(page, "lesson-wrong-tile-390x844")
    right = page.locator(".hand-tile.playable")
    right.click()
    expect(right).to_have_attribute("aria-pressed", "true")
    good = right.evaluate(look)
    assert bad != good and bad[0] == "dashed", (bad, good)
    expect(page.locator(".lesson-line")).to_contain_text("tap your 9-5, then 9-9 toe 1")
    assert page.evaluate(FELT_TOP) == top
    watch.assert_clean()
