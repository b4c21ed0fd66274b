"""Kiosk mode in CPython: the idle timer, the PIN, the official's settings,
the URL options, the one-tap and attract games, and the kiosk's markup."""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import parse_qs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.kiosk import views as kiosk_views
from app.kiosk.settings import (
    COUNTDOWN,
    DEFAULT_IDLE,
    GAME_ORDER,
    LOCKOUT,
    MAX_FAILS,
    KioskSettings,
    attract_session,
    check_pin,
    countdown_for,
    idle_state,
    parse_query,
    parse_settings,
    pbkdf2_sha256,
    pin_problem,
    pin_record,
    pin_wait,
    player_session,
    seconds_left,
    url_options,
)

# ---- the idle timer ----


def test_idle_state_runs_active_then_asking_then_expired():
    idle, cd = 180, 30
    assert idle_state(1000.0, 1000.0, idle, cd) == "active"
    assert idle_state(1179.9, 1000.0, idle, cd) == "active"
    assert idle_state(1180.0, 1000.0, idle, cd) == "asking"
    assert idle_state(1209.9, 1000.0, idle, cd) == "asking"
    assert idle_state(1210.0, 1000.0, idle, cd) == "expired"
    assert idle_state(99999.0, 1000.0, idle, cd) == "expired"


def test_a_touch_starts_the_wait_again_and_a_clock_going_back_counts_as_a_touch():
    assert idle_state(1200.0, 1195.0, 180, 30) == "active"  # touched 5 s ago
    assert idle_state(900.0, 1000.0, 180, 30) == "active"


def test_the_countdown_counts_whole_seconds_down_to_zero():
    idle, cd = 180, 30
    assert seconds_left(1180.0, 1000.0, idle, cd) == 30
    assert seconds_left(1180.2, 1000.0, idle, cd) == 30
    assert seconds_left(1181.0, 1000.0, idle, cd) == 29
    assert seconds_left(1209.5, 1000.0, idle, cd) == 1
    assert seconds_left(1300.0, 1000.0, idle, cd) == 0
    assert seconds_left(1000.0, 1000.0, idle, cd) == 30  # never more than the countdown


def test_the_countdown_is_never_longer_than_the_idle_time():
    assert countdown_for(DEFAULT_IDLE) == COUNTDOWN
    assert countdown_for(5) == 5
    assert countdown_for(0) == 1


# ---- the PIN ----


@pytest.mark.parametrize("pin,salt,n", [("1234", b"salt", 1), ("2468", b"s" * 16, 1000),
                                        ("9" * 100, b"\x00\x01", 3)])
def test_pbkdf2_matches_cpythons(pin, salt, n):
    assert pbkdf2_sha256(pin.encode(), salt, n) == hashlib.pbkdf2_hmac(
        "sha256", pin.encode(), salt, n)


def test_the_pin_is_stored_salted_and_hashed_never_as_itself():
    a = pin_record("2468")
    b = pin_record("2468")
    assert "2468" not in a
    assert a != b  # a fresh salt each time
    assert re.fullmatch(r"pbkdf2-sha256\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}", a)
    assert check_pin("2468", a) and check_pin("2468", b)
    assert not check_pin("2469", a)
    assert not check_pin("", a)
    assert not check_pin("2468", "")
    assert not check_pin("2468", "plain$2468")
    assert not check_pin("2468", a.replace("pbkdf2-sha256", "md5"))


def test_a_new_pin_is_four_to_eight_digits():
    assert pin_problem("1234") is None and pin_problem("12345678") is None
    assert "at least 4" in pin_problem("123")
    assert "at most 8" in pin_problem("123456789")
    assert "digits only" in pin_problem("12a4")
    assert "digits only" in pin_problem("\u0661\u0662\u0663\u0664")  # Arabic-Indic digits


def test_the_pad_waits_after_too_many_wrong_pins():
    assert pin_wait(100.0, MAX_FAILS - 1, 99.0) == 0
    assert pin_wait(100.0, MAX_FAILS, 100.0) == LOCKOUT
    assert pin_wait(100.0 + LOCKOUT - 0.5, MAX_FAILS, 100.0) == 1
    assert pin_wait(100.0 + LOCKOUT, MAX_FAILS, 100.0) == 0


# ---- the settings ----


def test_settings_round_trip():
    s = KioskSettings(enabled=True, games=["all-fives", "mexican-train"],
                      presets={"mexican-train": "st-mt", "chicken-foot": "gs-cf",
                               "all-fives": "gs-af"},
                      level="easy", length="sheet", idle_seconds=300, rally=True,
                      pin=pin_record("1357", salt=b"0123456789abcdef", iterations=10))
    back, problems = parse_settings(s.to_json())
    assert problems == []
    assert back.games == ["mexican-train", "all-fives"]  # kept in the usual order
    assert back == KioskSettings(**{**s.__dict__, "games": back.games})
    assert check_pin("1357", back.pin)


def test_no_settings_yet_means_the_defaults():
    s, problems = parse_settings(None)
    assert problems == [] and s == KioskSettings()
    assert s.enabled is False and s.idle_seconds == 180 and s.offered() == list(GAME_ORDER)
    assert not s.has_pin and not s.rally


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "null", "42", '"kiosk"'])
def test_unreadable_settings_give_the_defaults_and_say_so(text):
    s, problems = parse_settings(text)
    assert s == KioskSettings()
    assert len(problems) == 1


def test_each_bad_field_falls_back_alone():
    good = pin_record("1234", iterations=5)
    data = {"enabled": "yes", "games": ["mexican-train", "poker"], "level": "expert",
            "length": 3, "idle_seconds": -1, "rally": True, "pin": good,
            "presets": {"mexican-train": "gs-cf", "chicken-foot": "gs-cf", "poker": "x"},
            "unknown": 1}
    s, problems = parse_settings(json.dumps(data))
    assert s.enabled is False and s.games == list(GAME_ORDER) and s.level == "normal"
    assert s.length == "short" and s.idle_seconds == 180
    assert s.rally is True and s.pin == good  # the good fields are kept
    assert s.presets["mexican-train"] == "gs-mt"  # a Chicken Foot sheet is not MT's rules
    assert s.presets["chicken-foot"] == "gs-cf"
    joined = " ".join(problems)
    for name in ("enabled", "games", "level", "length", "idle_seconds",
                 "presets.mexican-train", "presets.poker"):
        assert f"'{name}'" in joined
    assert parse_settings(json.dumps({"pin": "1234"}))[0].pin == ""  # never a plain PIN
    assert parse_settings(json.dumps({"games": []}))[0].games == list(GAME_ORDER)
    assert parse_settings(json.dumps({"idle_seconds": True}))[0].idle_seconds == 180


# ---- the URL ----


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab=&%+?2eE8zé ", max_size=30))
def test_parse_query_reads_a_query_as_urllib_does(query):
    # The page's own parser (urllib.parse costs ~50 ms to import in the browser at start-up).
    assert parse_query(query) == parse_qs(query.lstrip("?"), keep_blank_values=True)


def test_url_options():
    o = url_options("?kiosk=1&idle=5&attract-pace=0")
    assert (o.kiosk, o.idle, o.attract_pace) == (True, 5, 0)
    assert url_options("?kiosk=0").kiosk is False
    assert url_options("").kiosk is None and url_options("?kiosk=maybe").kiosk is None
    assert url_options("?idle=abc&attract-pace=-3").idle is None
    assert url_options("?attract-pace=-3").attract_pace is None


# ---- the games ----


@pytest.mark.parametrize("game", GAME_ORDER)
def test_one_tap_is_you_against_the_computer_at_once(game):
    s = player_session(KioskSettings(level="easy"), game, seed=3)
    assert s.game.game == game and s.started
    assert [x.kind for x in s.seats][0] == "human" and s.humans == [0]
    assert all(x.level == "easy" for x in s.seats[1:])
    assert len(s.seats) == (2 if game == "all-fives" else 4)
    rounds = getattr(s.game.options, "rounds", None)
    assert rounds in (None, 1)
    if game == "all-fives":
        assert s.game.options.target == 50


def test_C2_a_candela_kiosk_game_says_in_its_line_who_placed_12_12_and_leads():
    st = KioskSettings()
    st.presets["mexican-train"] = "wc-mt"
    s = player_session(st, "mexican-train", seed=3)  # nobody held 12-12: Ann drew it
    line = s.wording.start_summary()
    assert "Nobody held 12-12" in line and "Ann drew 4" in line
    assert line.endswith("Ann plays first.") and s.game.turn == 1


def test_the_officials_rules_and_length_are_used():
    st = KioskSettings(length="sheet")
    st.presets["mexican-train"] = "st-mt"
    s = player_session(st, "mexican-train", seed=1)
    assert s.game.preset == "st-mt" and s.game.options.rounds == 4
    st.length = "medium"
    assert player_session(st, "mexican-train", seed=1).game.options.rounds == 3


def test_attract_games_are_computers_only_easy_and_normal_in_turn():
    st = KioskSettings(games=["chicken-foot", "all-fives"])
    games = [attract_session(st, n, seed=n) for n in range(4)]
    assert [s.game.game for s in games] == ["chicken-foot", "all-fives"] * 2
    for s in games:
        assert not s.humans and s.started
        assert {x.level for x in s.seats} <= {"easy", "normal"}


def test_an_attract_game_plays_to_its_end():
    from bones.ai import choose
    from bones.moves import NEXT, Move

    for n in range(3):
        s = attract_session(KioskSettings(), n, seed=n)
        for _ in range(3000):
            if s.game.match_over:
                break
            if s.game.round_over:
                s.play(Move(NEXT))
                continue
            seat = s.game.turn
            s.play(choose(s.game, seat, s.seats[seat].level, seed=len(s.game.history)))
        assert s.game.match_over


# ---- markup ----


def test_attract_screen_has_the_three_big_games_and_no_link():
    html = kiosk_views.attract_screen(KioskSettings(), can_resume=True,
                                      resume_what="Mexican Train")
    for g in GAME_ORDER:
        assert f'data-act="kiosk-play:{g}"' in html
    assert "Resume your game of Mexican Train" in html
    assert "Rally scorekeeper" not in html
    assert "<a " not in html and "href=" not in html and "_blank" not in html
    assert 'aria-label="Official&#x27;s settings"' in html
    only = kiosk_views.attract_screen(KioskSettings(games=["all-fives"], rally=True))
    assert "kiosk-play:mexican-train" not in only and "kiosk-play:all-fives" in only
    assert "Rally scorekeeper" in only and "Resume" not in only


def test_pin_pad_never_shows_the_digits():
    html = kiosk_views.pin_pad("pin", 3, "Wrong PIN. The settings stay locked.")
    assert html.count('class="dot on"') == 3
    assert "3 digits entered" in html and "Wrong PIN" in html
    locked = kiosk_views.pin_pad("pin", 0, wait=12)
    assert "Try again in 12 seconds" in locked
    assert locked.count(" disabled") == 12  # every key


def test_settings_markup_shows_the_current_choices():
    st = KioskSettings(games=["mexican-train"], level="hard", idle_seconds=45)
    html = kiosk_views.official_settings(st, active=True, bad_save=True)
    assert re.search(r'data-act="kiosk-game:mexican-train" checked', html)
    assert not re.search(r'data-act="kiosk-game:all-fives" checked', html)
    assert re.search(r'data-act="kiosk-level:hard" checked', html)
    assert re.search(r'data-act="kiosk-idle:45" checked', html)  # a custom time is listed
    assert "45 seconds" in html and "3 minutes" in html
    assert "Download the damaged save" in html
    assert "Download" not in kiosk_views.official_settings(st, active=True)


def test_still_playing_dialog_counts_down():
    html = kiosk_views.still_playing_dialog(17)
    assert 'id="kiosk-countdown">17<' in html and "Still playing?" in html
    assert 'data-act="kiosk-still-yes"' in html


def test_the_attract_game_starts_again_after_failures_instead_of_stopping(monkeypatch):
    """Three failures in a row stopped it for good, leaving a still screen; now it rests
    and starts again, for as long as the attract screen shows."""
    import own_loop
    from app.controller import Controller
    from app.kiosk import attract_ui as kiosk_attract_ui
    from app.kiosk.ui import KioskScreen
    from fakepage import FakePage

    c = Controller(FakePage())
    c.kiosk = k = KioskScreen(c)
    c.screen = "attract"
    steps, rests = [], []

    async def failing_step():
        steps.append(1)
        if len(steps) == 10:
            c.screen = "table"  # a player taps a game: the loop ends
        raise RuntimeError("a bad game")

    async def no_wait(seconds):
        rests.append(seconds)

    monkeypatch.setattr(k.attract, "_attract_step", failing_step)
    monkeypatch.setattr(kiosk_attract_ui.asyncio, "sleep", no_wait)
    k.attract._attract_running = True
    own_loop.run(k.attract._attract_loop())  # its own thread: a browser test's loop may run here
    assert len(steps) == 10 and not k.attract._attract_running
    assert rests == [1, 1, 30, 1, 1, 30, 1, 1, 30, 1]
    assert sum("the attract game failed" in x for x in c.page.errors) == 10


def test_the_attract_felt_changes_only_the_pieces_that_change():
    """Applying ``felt_changes`` to the old pieces gives the new ones, whatever changed."""
    import random

    from app.kiosk.attract_ui import felt_changes

    rng = random.Random(5)
    for _ in range(300):
        old = [f"<g>{rng.randint(0, 9)}</g>" for _ in range(rng.randint(0, 12))]
        new = list(old)
        for _ in range(rng.randint(0, 4)):
            roll = rng.random()
            if roll < 0.4:
                new.insert(rng.randint(0, len(new)), f"<g>{rng.randint(0, 99)}</g>")
            elif roll < 0.7 and new:
                new.pop(rng.randrange(len(new)))
            elif new:
                new[rng.randrange(len(new))] = f"<g>x{rng.randint(0, 9)}</g>"
        got = list(old)
        for at, n, html in felt_changes(old, new):
            got[at:at + n] = [f"<g>{x}" for x in html.split("<g>")[1:]]
        assert got == new
    assert felt_changes(["<g>a</g>"] * 3, ["<g>a</g>"] * 3) == []
