"""Learn to play (app.lessons.lesson, app.lessons.data; docs/lessons.md): every lesson's deal is
one the engine takes, every move is legal in its turn, the person's steps fall on the
person's turns and say which tile to tap and where, as the table names them, and the
round ends at the last step. Played through on the page (a fake one) by tapping as the
lesson says: only the step's tile and place can be tapped, any other tile gets a kind
word and the step again, a reload keeps the step, undo steps back, and the end offers a
real game by the same sheet against Easy players."""

from __future__ import annotations

import re
from html import unescape

import pytest

from app.controller import Controller
from app.dom import Control
from app.game.session import Session
from app.lessons.data import LESSONS
from app.lessons.lesson import LessonRun
from app.table import saving
from bones.moves import PLAY
from fakepage import FakePage
from test_hostile_input import Storage

IDS = list(LESSONS)


@pytest.mark.parametrize("lesson_id", IDS)
def test_the_lesson_plays_legally_to_the_round_s_end_with_words_at_each_of_your_moves(
        lesson_id):
    x = LESSONS[lesson_id]
    s = Session.for_lesson(lesson_id)
    g = s.game
    for i, step in enumerate(x.steps):
        assert not g.round_over, f"{lesson_id}: the round ended before step {i}"
        move = g.parse(step.move)
        assert move in g.legal_moves(), f"{lesson_id} step {i}: {step.move} is not legal"
        mine = g.turn == 0
        assert bool(step.say) == mine, f"{lesson_id} step {i}: words only at your moves"
        if mine:
            assert s.my_moves() == (move,)  # the only thing the person can do
            if move.kind == PLAY:  # it names the tile and the place as the table does
                assert str(move.tile) in step.say, (lesson_id, i)
                assert names_the_place(s, move.target, step.say), (lesson_id, i)
            else:
                assert move.kind.capitalize() in step.say, (lesson_id, i)
            # The status line offers the step's move alone: no draw or pass it refuses.
            status = s.wording.status()
            assert status.startswith("Your turn: "), status
            said = (f"play your {move.tile}" if move.kind == PLAY
                    else {"draw": "draw a tile"}.get(move.kind, move.kind))
            assert status == f"Your turn: {said}", (lesson_id, i, status)
        s.play(move)
    assert g.round_over and g.out == 0, f"{lesson_id}: you go out at the last step"
    assert LessonRun(x, g).over and s.lesson_line() == x.end


def lane_label(s: Session, target: int) -> str:
    """A place as the felt labels it: its lane's name ("You", "Mexican Train", "9-9 toe
    1"), or, with no lane of its own (All Fives' ends), its button's name."""
    from app.table import felt

    lay = felt.lanes_layout(s, 800, 600)
    return next((tv.name for tv in lay.trains if tv.train == target),
                s.wording.target_label(target))


def names_the_place(s: Session, target: int, said: str) -> bool:
    """The step says to tap the place by its label on the felt (never "Your train" where
    the lane says "You")."""
    label = lane_label(s, target)
    return re.search(rf"then (?:tap )?(?:the lane named |the )?{re.escape(label)}\b",
                     said, re.IGNORECASE) is not None


def page(st=None) -> Controller:
    """The page on a fake browser; the test plays the computers' steps itself (the page
    schedules them on its event loop)."""
    c = Controller(FakePage(Storage() if st is None else st))
    c.table.turns.schedule = lambda: None
    c.start()
    return c


def texts(c: Controller) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", c.page.html)).split())


def tap_through(c: Controller) -> list[str]:
    """Play the lesson as a person does: for each of your steps, tap what its words
    name (the tile, then the place; or the button); the computers play their steps."""
    said = []
    s = c.session
    while not s.game.round_over:
        run = s.lesson_run
        move = run.move()
        if s.game.turn != 0:
            s.play(move)  # the computer's step (app.table.turns plays it in the page)
            c.table.say_last_move()
            continue
        said.append(s.lesson_line())
        assert s.lesson_line() in texts(c) or s.lesson_line() in c.page.said
        if move.kind == PLAY:
            c.act("select", Control(data={"tile": str(move.tile)}))
            c.act("target", Control(data={"target": str(move.target)}))
        else:
            c.act(move.kind)
    return said


@pytest.mark.parametrize("lesson_id", IDS)
def test_a_lesson_is_finished_by_tapping_what_it_says_and_ends_with_a_real_game(lesson_id):
    c = page()
    c.act(f"learn:{lesson_id}")
    assert c.session.lesson == lesson_id and c.screen == "table"
    x = LESSONS[lesson_id]
    assert x.steps[0].say in c.page.said[-1]  # the first step, in the live region
    assert "A lesson: one " in texts(c) and " of 10" not in texts(c)  # one round, not ten
    said = tap_through(c)
    assert len(said) == len(x.mine())
    c.render()
    assert f"Lesson done: {x.title}" in texts(c) and x.end.split(":")[0] in texts(c)
    c.act("lesson-real")
    s = c.session
    assert not s.lesson and s.game.preset == x.preset and len(s.seats) == 4
    assert [x.level for x in s.seats[1:]] == ["easy"] * 3


def test_another_tile_gets_a_kind_word_and_the_step_again():
    c = page()
    c.act("learn:mexican-train")
    c.act("select", Control(data={"tile": "9-7"}))  # fits too, but the lesson wants 9-5
    line = c.table.state.hint
    assert line.startswith("9-7 could go there too, but this lesson shows another move.")
    assert "tap your 9-5, then tap the lane named You" in line
    c.act("select", Control(data={"tile": "1-1"}))  # fits nowhere yet
    assert c.table.state.hint.startswith("1-1 does not match any open end just now.")
    c.act("target", Control(data={"target": "-1"}))  # and nothing is played
    assert c.session.game.history == []


def test_a_reload_keeps_the_step_and_undo_steps_back():
    st = Storage()
    c = page(st)
    c.act("learn:chicken-foot")
    c.act("select", Control(data={"tile": "9-5"}))
    c.act("target", Control(data={"target": "0"}))
    c.session.play(c.session.lesson_run.move())  # Ann's step
    c.save()
    again = page(st)
    s = again.session
    assert s.lesson == "chicken-foot" and s.lesson_run.at == 2
    assert s.lesson_line().startswith("Step 2 of ")
    again.act("undo")  # back to your first step (the computer's move is undone with it)
    assert again.session.lesson_run.at == 0
    assert again.session.lesson_line().startswith("Step 1 of ")


def test_a_save_naming_an_unknown_lesson_is_refused_in_plain_words():
    s = Session.for_lesson("all-fives")
    text = s.to_json().replace('"lesson":"all-fives"', '"lesson":"poker"')
    c = page(Storage({saving.SAVE_KEY: text}))
    assert c.session is None and "a lesson this page does not have: 'poker'" in texts(c)


def test_a_lesson_over_a_real_game_asks_first_and_a_lesson_over_a_lesson_does_not():
    c = page()
    c.act("quick")
    c.act("home")
    c.act("learn:all-fives")
    assert not c.session.lesson and "Start a new game?" in texts(c)
    c.act("confirm-new:learn:all-fives")
    assert c.session.lesson == "all-fives"
    c.act("home")
    c.act("learn:tournament")
    assert c.session.lesson == "tournament"


def test_a_kiosk_offers_the_lessons_of_its_games_and_one_tap_starts_one():
    from app.kiosk import views as kiosk_views
    from app.kiosk.settings import KioskSettings
    from app.kiosk.ui import KioskScreen

    html = unescape(kiosk_views.attract_screen(KioskSettings(games=["chicken-foot"])))
    assert "Learn Chicken Foot" in html and "Learn All Fives" not in html
    c = Controller(FakePage(Storage()))
    c.table.turns.schedule = lambda: None
    c.kiosk = k = KioskScreen(c)
    k.settings = KioskSettings(sound=True)
    c.screen = "attract"
    c.act("kiosk-learn:all-fives")
    assert c.session.lesson == "all-fives" and c.screen == "table"
    assert not c.session.settings.muted  # the kiosk's own settings
    assert c.page.said[-1].startswith("Step 1 of ")


@pytest.mark.parametrize("lesson_id", ["mexican-train", "tournament"])
def test_each_step_names_its_place_as_the_felt_labels_its_lane(lesson_id):
    """The felt labels your train's lane "You" and Ann's "Ann": the words say those."""
    x = LESSONS[lesson_id]
    s = Session.for_lesson(lesson_id)
    named = []
    for step in x.steps:
        move = s.game.parse(step.move)
        if step.say and move.kind == PLAY:
            label = lane_label(s, move.target)
            assert names_the_place(s, move.target, step.say), (label, step.say)
            assert "Your train" not in step.say and "Ann's train" not in step.say
            named.append(label)
        s.play(move)
    assert "You" in named


def hand_tile(c: Controller, tile: str) -> str:
    return re.search(rf'<button[^>]*data-tile="{tile}"[^>]*>', c.page.html).group(0)


def test_a_wrong_tap_is_marked_wrong_not_chosen_and_the_right_one_keeps_the_sentence():
    c = page()
    c.act("learn:chicken-foot")
    sentence = c.session.lesson_line()
    c.act("select", Control(data={"tile": "5-5"}))  # fits nowhere yet
    wrong = hand_tile(c, "5-5")
    assert 'data-wrong="1"' in wrong and " wrong" in wrong and " selected" not in wrong
    assert 'aria-pressed="false"' in wrong
    assert "5-5 does not match any open end just now." in texts(c)
    assert 'class="hint-line lesson-line wrong-tap"' in c.page.html
    c.act("select", Control(data={"tile": "9-5"}))  # the step's tile: chosen, not wrong
    right = hand_tile(c, "9-5")
    assert " selected" in right and "data-wrong" not in right
    assert 'aria-pressed="true"' in right
    # the line keeps the step's sentence: the table under it does not move
    line = re.search(r'<p class="hint-line lesson-line">(.*?)</p>', c.page.html).group(1)
    assert unescape(re.sub(r"<[^>]+>", "", line)) == sentence
    assert "can go on" not in line


def refused(text: str) -> Controller:
    st = Storage({saving.SAVE_KEY: text})
    c = page(st)
    assert c.session is None and c.screen != "table"
    assert st.getItem(saving.SAVE_KEY) is None  # taken away: the next visit starts clean
    assert st.getItem(saving.BAD_SAVE_KEY) == text  # kept aside, as any damaged save
    assert "TypeError" not in texts(c) and "could not be read" not in texts(c)
    c.act("learn:all-fives")  # the start screen works
    assert c.session.lesson == "all-fives" and c.screen == "table"
    return c


@pytest.mark.parametrize("value", [["mexican-train"], {"id": "mexican-train"}, 7])
def test_a_save_whose_lesson_is_not_a_name_is_refused_in_plain_words(value):
    import json

    data = json.loads(Session.for_lesson("mexican-train").to_json())
    data["lesson"] = value
    st = Storage({saving.SAVE_KEY: json.dumps(data)})
    c = page(st)
    assert "the saved game is a lesson this page does not have" in texts(c)
    refused(json.dumps(data))


def test_a_lesson_save_with_another_deal_or_other_moves_is_refused_in_plain_words():
    import json

    from app.game.seats import Seat

    # a real game of the lesson's sheet and seats, named as the lesson
    real = Session.new("mexican-train", "gs-mt",
                       [Seat("You", "human"), Seat("Ann", "computer", "easy")], seed=3)
    real.started = True
    for _ in range(3):
        real.play(real.game.legal_moves()[0])
    data = json.loads(real.to_json())
    data["lesson"] = "mexican-train"
    refused(json.dumps(data))
    c2 = page(Storage({saving.SAVE_KEY: json.dumps(data)}))
    assert "is not dealt as the lesson deals it" in texts(c2)
    # the lesson's deal, but a move it does not make: 9-7 on your train first
    s = Session.for_lesson("mexican-train")
    s.play(s.game.parse("9-7@0"))
    c3 = page(Storage({saving.SAVE_KEY: s.to_json()}))
    assert "has moves the lesson does not make" in texts(c3)
    refused(s.to_json())


def test_a_lesson_round_that_went_another_way_says_what_happened():
    """A round that left the lesson's path (played here past the lesson's words) and
    ended blocked: the end says blocked and who scored what, not the lesson's "You went
    out"."""
    import random

    from app.table.dialog_views import round_end_dialog
    from bones.moves import DRAW, PASS

    s = Session.for_lesson("mexican-train")
    g = s.game
    rng = random.Random(0)
    while not g.round_over:
        ms = g.legal_moves()
        waits = [m for m in ms if m.kind in (DRAW, PASS)]
        s.play(waits[0] if waits and rng.random() < 0.9 else rng.choice(ms))
    assert g.out is None, "the round is blocked"
    mine, ann = g.round_scores[-1]
    html = unescape(re.sub(r"<[^>]+>", " ", round_end_dialog(s)))
    said = " ".join(html.split())
    assert "You went out" not in said and "Lesson done: Mexican Train" in said
    assert "blocked" in said and f"You {mine}, Ann {ann}" in said
    assert s.lesson_line() != LESSONS["mexican-train"].end
