""""Read the moves aloud" (app.table.voice, app.table.motion's ``speak``), in CPython with the
fake page: off by default and kept with the settings; on, every line the live region says is
read at the chosen speed with the chosen voice; the settings say so in words where the browser
cannot read aloud; a kiosk's games follow the official's setting and its attract screen stays
silent."""

from __future__ import annotations

import pytest

from app.dom import Control
from app.game.seats import VOICE_RATES, Settings
from app.game.session import Session
from app.kiosk.settings import KioskSettings, parse_settings, player_session
from app.kiosk.views import official_settings
from app.table.dialog_views import settings_dialog
from pagestub import NoPage


class Table(NoPage):
    def __init__(self, session):
        super().__init__(session)
        self.table.turns.schedule = lambda: None  # the table schedules its own turns


def table(voice: bool = True) -> Table:
    s = Session.quick(seed=3)
    s.started = True
    s.settings.voice = voice
    return Table(s)


def checked(on: bool, value: str = "") -> Control:
    return Control(tag="input", checked=on, value=value)


def test_the_voice_is_off_by_default_and_kept_with_the_settings():
    assert Settings().voice is False
    c = table(voice=False)
    c.say("Ann played 6-4 on your train.")
    assert c.page.motion.spoken == []
    s = c.session
    s.settings.voice, s.settings.voice_rate, s.settings.voice_name = True, "slow", "Test voice"
    back = Session.from_json(s.to_json()).settings
    assert (back.voice, back.voice_rate, back.voice_name) == (True, "slow", "Test voice")


@pytest.mark.parametrize("bad", [{"voice": "yes"}, {"voice_rate": "warp"},
                                 {"voice_name": "x" * 500}])
def test_a_damaged_voice_setting_gets_its_default(bad):
    s = Settings(**bad)
    assert (s.voice, s.voice_rate, s.voice_name) == (False, "normal", "")


def test_every_line_the_live_region_says_is_read_aloud_at_the_chosen_speed():
    c = table()
    c.table.act("voice-rate", "fast", checked(True))
    lines = ["Ann played 6-4 on your train.", "Your turn."]
    for line in lines:
        c.say(line)
    rate = VOICE_RATES["fast"]
    assert c.page.motion.spoken[-2:] == [(line, rate, "") for line in lines]
    assert c.page.said[-2:] == lines  # the same words as the live region


def test_only_a_listed_voice_is_chosen_and_the_setting_off_hushes_it():
    c = table()
    c.page.motion.voice_names = ["Alice", "Bob"]
    c.table.act("voice-name", "", checked(False, "Nobody"))
    assert c.session.settings.voice_name == ""
    c.table.act("voice-name", "", checked(False, "Bob"))
    assert c.session.settings.voice_name == "Bob"
    assert c.page.motion.spoken[-1] == ("This is the voice that reads the moves.", 1.0, "Bob")
    c.table.act("voice", "", checked(False))
    assert c.session.settings.voice is False and c.page.motion.hushed == 1
    c.say("Your turn.")
    assert c.page.motion.spoken[-1][0] != "Your turn."


def test_the_settings_say_in_words_when_the_browser_cannot_read_aloud():
    s = Session.quick(seed=3)
    none = settings_dialog(s, voices=None)
    assert "This browser cannot read aloud: it has no speech voices." in none
    assert 'data-act="voice" disabled' in none
    empty = settings_dialog(s, voices=[])
    assert "no voice for reading aloud" in empty and 'data-act="voice" disabled' in empty
    one = settings_dialog(s, voices=["Alice"])
    assert "Read the moves aloud" in one and "disabled" not in one.split("voice-rate")[0][-200:]
    assert "Reading speed" in one and "<select" not in one
    two = settings_dialog(s, voices=["Alice", "Bob"])
    assert '<select data-act="voice-name">' in two and ">Bob</option>" in two


def test_a_kiosk_game_reads_aloud_only_when_the_official_says_and_never_the_attract():
    assert player_session(KioskSettings(), "mexican-train", seed=1).settings.voice is False
    on = KioskSettings(voice=True)
    s = player_session(on, "mexican-train", seed=1)
    assert s.settings.voice is True
    assert parse_settings(on.to_json()) == (on, [])
    assert parse_settings('{"voice": 1}') == (
        KioskSettings(), ["kiosk setting 'voice' is not valid: default used"])
    assert 'data-act="kiosk-voice" checked' in official_settings(on, active=True)
    c = Table(s)
    c.screen = "attract"
    c.say("Ann played 6-4.")
    assert c.page.motion.spoken == []
    c.screen = "table"
    c.say("Ann played 6-4.")
    assert c.page.motion.spoken == [("Ann played 6-4.", 1.0, "")]


def test_a_tick_heard_as_a_click_and_a_change_is_said_once():
    c = table(voice=False)
    c.table.act("voice", "", checked(True))
    c.table.act("voice", "", checked(True))
    c.table.act("voice-rate", "slow", checked(True))
    c.table.act("voice-rate", "slow", checked(True))
    assert [t for t, _r, _v in c.page.motion.spoken] == ["The moves will be read aloud.",
                                                         "Reading slow."]
