"""The lessons of "Learn to play" (app.lessons.lesson): each a stacked deal and its round, move
by move, with what the person is told at each of their moves. Checked by
tests/app/test_lessons.py: every deal is one the engine takes, every move is legal in
turn, the person's steps fall on the person's turns, and the round ends at the last step.
The sheets' own words are cited as the players know them ("General 8")."""

from __future__ import annotations

from app.lessons.lesson import Lesson, LessonRun, Step
from bones.errors import BadSave

MEXICAN = Lesson(
    "mexican-train", "mexican-train", "gs-mt", "Mexican Train",
    "Your train, the Mexican Train, drawing and your marker, doubles, knocking, counting.",
    ("You", "Ann"),
    (("9-5", "9-7", "1-1", "4-1", "6-4"),
     ("9-3", "7-2", "5-1", "8-3", "0-0", "12-12")),
    ("11-8", "10-10"),
    (
        Step("9-5@0", "The 9-9 in the middle starts every train. Your 9-5 matches its 9: "
                      "tap your 9-5, then tap the lane named You: your train.",
             "Your train has started. While your marker is down, only you play on it."),
        Step("9-3@1"),
        Step("9-7@M", "The Mexican Train starts from the middle too, and anyone may play "
                      "on it (The Play 5). Tap your 9-7, then tap Mexican Train.",
             "You started the Mexican Train. Ann plays next."),
        Step("7-2@M"),
        Step("draw", "None of your tiles matches an open end: your train ends in 5, the "
                     "Mexican Train in 2. Tap Draw to take one tile from the boneyard."),
        Step("pass", "The tile you drew, 11-8, does not fit either. Tap Pass: your marker "
                     "goes up, and anyone may play on your train until you play on it "
                     "again (The Play 4).",
             "Your marker is up: Ann may play on your train now."),
        Step("5-1@0"),
        Step("1-1@0", "Ann played her 5-1 on your open train. Your double 1-1 matches its "
                      "1: tap your 1-1, then the lane named You. Playing on your own "
                      "train puts your marker down.",
             "A double! Whoever plays a double plays one more tile (The Play 6)."),
        Step("4-1@0", "After your double you play again, and the double must be "
                      "satisfied first: tap your 4-1, then the lane named You.",
             "The double is satisfied. Ann plays next."),
        Step("8-3@1"),
        Step("knock", "You have two tiles. As you play your next-to-last tile, you knock "
                      "to warn the table. Tap Knock. On this sheet it is a courtesy: "
                      "forgetting costs nothing (General 8)."),
        Step("6-4@0", "Now tap your 6-4, then the lane named You: your train ends "
                      "in 4.",
             "One tile left, and everyone knows it."),
        Step("draw"),
        Step("pass"),
        Step("11-8@1", "Ann could not play: her marker is up, so anyone may play on her "
                       "train. Your last tile, 11-8, matches its 8: tap it, then the lane "
                       "named Ann, to go out."),
    ),
    "You went out: you score 0 this round. Ann counts the pips left in her hand: 12-12 "
    "is 24, 10-10 is 20, and 0-0 counts 0 on this sheet (The Play 10): 44 in all. Each "
    "round starts one double lower (General 7); after the last round, the lowest total "
    "wins (General 1 and 4).",
)

TOURNAMENT = Lesson(
    "tournament", "mexican-train", "st-mt", "Mexican Train: the tournament sheet",
    "What the Samboree tournament and Candela's sheets play differently.",
    ("You", "Ann"),
    (("12-6", "6-6", "6-2", "2-1", "1-0"), ("12-4", "4-3", "11-11", "9-9", "3-3")),
    ("10-10", "8-8"),
    (
        Step("12-6@0", "On the tournament sheet every round starts from 12-12 and there "
                       "are four rounds (To Start 2). Tap your 12-6, then the lane named "
                       "You: your train.",
             "Your train has started."),
        Step("12-4@1"),
        Step("6-6@0", "Tap your double 6-6, then the lane named You.",
             "On this sheet a double must be covered on itself before any other play "
             "(To Start 5)."),
        Step("6-2@0", "Cover your double on itself: tap your 6-2, then the lane "
                      "named You.",
             "The double is covered. Ann plays next."),
        Step("4-3@1"),
        Step("knock", "On this sheet you must knock (the sheet says tap) as you play down "
                      "to your last tile; whoever forgets draws two tiles (To Start 6). "
                      "Tap Knock."),
        Step("2-1@0", "Now tap your 2-1, then the lane named You.", "One tile left."),
        Step("draw"),
        Step("pass"),
        Step("1-0@0", "Tap your last tile, 1-0, then the lane named You, to go out."),
    ),
    "You went out. Ann counts 66: 11-11, 10-10, 9-9 and 3-3. Candela's sheet deals 15 "
    "tiles each, whoever holds 12-12 places it and leads, you must play when you can, a "
    "double is covered on itself, and a forgotten knock also costs two tiles. The "
    "Rules button shows your sheet's rules in full.",
)

CHICKEN = Lesson(
    "chicken-foot", "chicken-foot", "gs-cf", "Chicken Foot",
    "The centre's toes and spur, a double's chicken foot, drawing and passing, counting.",
    ("You", "Ann"),
    (("9-5", "9-7", "5-5", "5-1", "4-1"), ("9-3", "9-6", "5-2", "5-4", "6-0", "0-0", "12-12")),
    ("8-7", "10-8"),
    (
        Step("9-5@0", "The 9-9 in the middle takes four tiles, three toes and a spur, "
                      "before anything else (The Play 3). Your 9-5 matches its 9: tap your "
                      "9-5, then 9-9 toe 1.",
             "One path of the 9-9 is filled. Ann fills the next."),
        Step("9-3@1"),
        Step("9-7@2", "Keep filling the middle: tap your 9-7, then 9-9 toe 3.",
             "Ann fills the last path, the spur."),
        Step("9-6@3"),
        Step("5-5@0", "All four paths are filled, so any open end may be played on. Your "
                      "double 5-5 matches the 5 of your 9-5: tap it, then 9-9 toe 1.",
             "A double makes a chicken foot: it takes three toes before play goes "
             "anywhere else (The Play 4)."),
        Step("5-1@4", "Whoever plays a double plays a second tile on it (The Play 5). Tap "
                      "your 5-1, then 5-5 toe 1.",
             "Two toes of the 5-5 are empty: nobody may play anywhere else until they "
             "are filled."),
        Step("5-2@5"),
        Step("draw", "You have no 5 for the last toe, and nothing else may be played "
                     "until it is filled. Tap Draw."),
        Step("pass", "The tile you drew, 8-7, has no 5 either. Tap Pass."),
        Step("5-4@6"),
        Step("8-7@2", "Ann filled the last toe: the chicken foot is finished and every "
                      "open end is open again. Your 8-7 fits the 7 of 9-9 toe 3: tap it, "
                      "then 9-9 toe 3.",
             "One tile left."),
        Step("6-0@3"),
        Step("4-1@4", "Your last tile, 4-1, matches the 1 on 5-5 toe 1. Tap it, then "
                      "5-5 toe 1, to go out."),
    ),
    "You went out: you score 0 this round. Ann counts the pips left in her hand: 12-12 "
    "is 24 and 0-0 counts 0 on this sheet (The Play 9): 24. Each round starts one double "
    "lower (General 7); after the last round the lowest total wins (General 1 and 4).",
)

FIVES = Lesson(
    "all-fives", "all-fives", "gs-af", "All Fives",
    "The spinner, counting the open ends, scoring fives, partners, going out.",
    ("You", "Ann", "Cora", "Bob"),
    (("5-5", "5-0", "6-4", "3-2"), ("5-1", "4-0", "6-6", "2-1"),
     ("5-3", "6-1", "4-4", "1-1"), ("5-4", "3-0", "2-2", "6-0")),
    (),
    (
        Step("5-5@C", "You lead. Your 5-5 is a double: the first double played is the "
                      "spinner, which takes tiles on all four sides. Its ends add up to "
                      "10, a multiple of 5, so it scores 10. Tap your 5-5, then the "
                      "centre.",
             "10 points for you and your partner Cora, across the table: partners "
             "score together."),
        Step("5-1@E"),
        Step("6-1@E"),
        Step("5-4@W"),
        Step("5-0@N", "Bob scored 10 for his side: 6 on the east end and 4 on the west. "
                      "Both sides of the spinner are taken, so its north and south are "
                      "open. Your 5-0 on the north end makes 6 + 4 + 0 = 10. Tap your "
                      "5-0, then the north end.",
             "Another 10 for your side."),
        Step("6-6@E"),
        Step("4-4@W"),
        Step("3-0@N"),
        Step("6-4@E", "A double at an end counts both halves: 6-6 counts 12, 4-4 counts "
                      "8, and the north end shows 3, 23 in all. Your 6-4 on the 6-6 makes "
                      "4 + 8 + 3 = 15. Tap your 6-4, then the east end.",
             "15 more. Cora scored 20 a moment ago: your side has 55."),
        Step("4-0@W"),
        Step("5-3@S"),
        Step("6-0@W"),
        Step("3-2@S", "Your last tile, 3-2, on the south end makes 4 + 6 + 3 + 2 = 15, "
                      "and you go out. Tap your 3-2, then the south end."),
    ),
    "You went out: 15 for the ends, and your side also scores the pips left in Ann's "
    "and Bob's hands, 7, rounded to the nearest five: 5 (Object of the game). You and "
    "Cora have 85, Ann and Bob 10. Hands are dealt again until a side reaches 250.",
    (("leader", 0),),
)

LESSONS = {x.id: x for x in (MEXICAN, TOURNAMENT, CHICKEN, FIVES)}


def lesson_in_save(value, game) -> str:
    """The lesson a save names ("" for a real game), checked against its match: the
    lesson's own game, sheet, seats and deal, and only its moves, in its order. Anything
    else raises BadSave in plain words (the page puts such a save aside and starts clean:
    a table whose moves are not the lesson's would leave nothing to tap)."""
    if value == "":
        return ""
    if not isinstance(value, str) or value not in LESSONS:
        raise BadSave(f"the saved game is a lesson this page does not have: "
                      f"{str(value)[:20]!r}")
    x = LESSONS[value]
    g = game
    same = (g.game == x.game and g.preset == x.preset and g.seats == x.seats
            and g.round_number == 1 and list(getattr(g, "deals", [])) == [x.deal()])
    if not same:
        raise BadSave(f"the saved lesson ({x.title}) is not dealt as the lesson deals it")
    if not LessonRun(x, g).on_path:
        raise BadSave(f"the saved lesson ({x.title}) has moves the lesson does not make")
    return value
