"""Every move seen and heard (app.table.motion, app.table.sound), in CPython with the fake
page: what the page is asked to do after each move (a tile travelling from the mover's place, or
fading in with reduced motion; the cues played), and the settings that steer it (Reduce
movement, the volume, the sound button), kept with the save."""

from __future__ import annotations

import json

import pytest

from app.dom import Control
from app.game.seats import PACES, Settings
from app.game.session import Session
from app.kiosk.settings import KioskSettings, parse_settings, player_session
from app.kiosk.views import official_settings
from app.table import dialogs, motion, sound, views
from app.table.motion import LANDED, TRAVEL_MS, hand_tile, marker, seat_card
from bones.moves import DRAW, KNOCK, PLAY, Move
from bones.tiles import Tile
from pagestub import NoPage

HAND_AT = (40.0, 700.0, 50.0, 100.0)  # where the played tile lay in the hand
CARD_AT = (1030.0, 90.0, 230.0, 60.0)  # a computer player's card beside the table


class Table(NoPage):
    """The controller on the fake page, its computer players' loop not started."""

    def __init__(self, session):
        super().__init__(session)
        self.table.turns.schedule = lambda: None  # the table schedules its own turns


def my_turn(seed: int = 3) -> Table:
    """A Quick game at the person's turn, with a tile to play."""
    s = Session.quick(seed=seed)
    s.started = True
    c = Table(s)
    while not any(m.kind == PLAY for m in s.my_moves()):
        assert s.game.turn != 0 or s.my_moves(), "stuck"
        s.play(s.game.legal_moves()[0] if s.game.turn != 0 else s.my_moves()[0])
    return c


def play_a_tile(c: Table) -> Move:
    move = next(m for m in c.session.my_moves() if m.kind == PLAY)
    c.page.motion.rects[hand_tile(move.tile)] = HAND_AT
    c.table.play(move)
    return move


# ---- tiles that travel ------------------------------------------------------------------
@pytest.mark.parametrize("pace", list(PACES))
def test_the_players_tile_travels_from_the_hand_to_where_it_lands(pace):
    c = my_turn()
    c.session.settings.pace = pace
    play_a_tile(c)
    assert c.page.motion.travels == [(HAND_AT, LANDED, TRAVEL_MS[pace], None)]
    assert c.page.motion.fades == []
    assert 100 <= TRAVEL_MS[pace] <= 600 and TRAVEL_MS[pace] < PACES[pace]


def test_a_dragged_tile_travels_from_where_it_was_dropped():
    c = my_turn()
    c.page.motion.rects[".drag-ghost"] = (300.0, 300.0, 50.0, 100.0)
    play_a_tile(c)
    assert c.page.motion.travels[0][0] == (300.0, 300.0, 50.0, 100.0)


def test_a_computers_tile_travels_from_its_card_which_is_lit_meanwhile():
    c = my_turn()
    c.session.settings.pace = "slow"
    seat = 2
    c.page.motion.rects[seat_card(seat)] = CARD_AT
    c.table.motion.shown(Move(PLAY, Tile(6, 6), 1), seat, was_turn=seat)
    assert c.page.motion.travels == [(CARD_AT, LANDED, TRAVEL_MS["slow"], seat_card(seat))]


@pytest.mark.parametrize("how", ["setting", "browser"])
def test_reduced_motion_fades_the_tile_in_and_nothing_travels(how):
    c = my_turn()
    if how == "setting":
        c.session.settings.reduce_motion = True
    else:
        c.page.motion.reduce = True
    play_a_tile(c)
    assert c.page.motion.travels == []
    assert c.page.motion.fades == [(LANDED, TRAVEL_MS["normal"])]


def test_a_tile_with_no_place_to_start_from_fades_in():
    c = my_turn()
    c.table.motion.shown(Move(PLAY, Tile(6, 6), 1), 1, was_turn=1)  # its card not on screen
    assert c.page.motion.travels == [] and c.page.motion.fades == [(LANDED, TRAVEL_MS["normal"])]


def test_a_draw_or_a_knock_moves_nothing_on_the_table():
    c = my_turn()
    for kind in (DRAW, KNOCK):
        c.table.motion.shown(Move(kind), 1, was_turn=1)
    assert c.page.motion.travels == [] and c.page.motion.fades == []


BONEYARD_AT = (20.0, 600.0, 120.0, 24.0)
DRAW_AT = (10.0, 700.0, 180.0, 48.0)


@pytest.mark.parametrize("boneyard", [True, False], ids=["boneyard", "phone"])
def test_a_drawn_tile_flies_face_down_from_the_boneyard_to_the_drawer(boneyard):
    """A computer's draw: to its card, lit meanwhile; the person's: to the new tile in
    their hand. From the boneyard, or the Draw button where the felt has no room for it."""
    c = my_turn()
    m = c.page.motion
    m.rects[motion.DRAW_BUTTON] = DRAW_AT
    if boneyard:
        m.rects[motion.BONEYARD] = BONEYARD_AT
    start = BONEYARD_AT if boneyard else DRAW_AT
    m.rects[seat_card(2)] = CARD_AT
    c.table.motion.shown(Move(DRAW), 2, was_turn=2)
    assert m.flights == [(start, CARD_AT, TRAVEL_MS["normal"], seat_card(2))]
    s = c.session
    # the person's own draw: the engine puts the tile drawn last in the hand
    m.rects[hand_tile(s.game.hands[0][-1])] = HAND_AT
    c.table.motion.shown(Move(DRAW), 0, was_turn=0)
    assert m.flights[1] == (start, HAND_AT, TRAVEL_MS["normal"], None)
    assert m.travels == []  # nothing on the table travels for a draw


def test_with_reduced_motion_a_draw_flies_nothing():
    c = my_turn()
    c.session.settings.reduce_motion = True
    c.page.motion.rects[motion.BONEYARD] = BONEYARD_AT
    c.page.motion.rects[seat_card(2)] = CARD_AT
    c.table.motion.shown(Move(DRAW), 2, was_turn=2)
    assert c.page.motion.flights == []


# ---- sound ----------------------------------------------------------------------------
def test_no_sound_is_made_before_a_tap_or_a_key():
    c = my_turn()
    play_a_tile(c)
    m = c.page.motion
    assert m.audio == 0 and m.played == [] and "rallySounds" not in c.page.globals


def test_after_a_tap_each_move_is_heard_at_the_chosen_volume():
    c = my_turn()
    c.table.motion.gesture()
    assert c.page.motion.audio == 1
    c.session.settings.volume = "soft"
    play_a_tile(c)
    assert c.page.globals["rallySounds"][0] in ("place", "double")
    cue = c.page.globals["rallySounds"][0]
    assert c.page.motion.played[0].level == pytest.approx(sound.CUES[cue][0].level
                                                   * sound.LEVELS["soft"])


def test_muted_nothing_is_made_or_played():
    c = my_turn()
    c.session.settings.muted = True
    c.table.motion.gesture()
    play_a_tile(c)
    c.table.motion.hear(["turn"])
    assert c.page.motion.audio == 0 and c.page.motion.played == []


def test_the_sound_button_mutes_and_unmutes_and_the_save_keeps_it():
    c = my_turn()
    c.table.motion.gesture()
    c.act("mute")
    assert c.session.settings.muted and c.page.said[-1] == "Sound off."
    assert json.loads(c.session.to_json())["settings"]["muted"] is True
    assert Session.from_json(c.session.to_json()).settings.muted is True
    heard = len(c.page.motion.played)
    c.act("mute")
    assert not c.session.settings.muted and c.page.said[-1] == "Sound on."
    assert len(c.page.motion.played) > heard  # heard at once, at its volume


def test_the_volume_setting_is_kept_and_heard_at_once():
    c = my_turn()
    c.act("volume:loud", Control(tag="INPUT", checked=True))
    assert c.session.settings.volume == "loud" and c.page.motion.audio == 1 and c.page.motion.played
    assert Session.from_json(c.session.to_json()).settings.volume == "loud"
    c.act("volume:deafening")
    assert c.session.settings.volume == "loud"


def test_reduce_movement_is_a_setting_kept_with_the_save():
    c = my_turn()
    c.act("reduce-motion", Control(tag="INPUT", checked=True))
    assert Session.from_json(c.session.to_json()).settings.reduce_motion is True


def test_settings_show_reduce_movement_and_the_volume():
    c = my_turn()
    c.session.settings.volume = "soft"
    html = dialogs.Settings().markup(c)
    assert 'data-act="reduce-motion"' in html and "Reduce movement" in html
    assert 'value="soft" checked data-act="volume:soft"' in html
    assert 'data-act="volume:loud"' in html and "Sound volume" in html


def test_the_sound_button_is_in_view_at_the_table_and_says_whether_sound_is_on():
    s = Session.quick(seed=3)
    on = views.topbar_markup(s)
    assert 'data-act="mute"' in on and 'aria-label="Sound"' in on
    assert 'aria-pressed="true"' in on
    s.settings.muted = True
    assert 'aria-pressed="false"' in views.topbar_markup(s)


def test_damaged_sound_settings_get_their_defaults():
    s = Settings(volume="blaring", muted="yes", reduce_motion=1)
    assert (s.volume, s.muted, s.reduce_motion) == ("medium", False, False)
    assert (Settings().volume, Settings().muted, Settings().reduce_motion) == (
        "medium", False, False)


def test_a_kiosk_game_is_silent_until_the_official_turns_sound_on():
    s = player_session(KioskSettings(), "mexican-train", seed=1)
    assert s.settings.muted
    c = Table(s)
    c.table.motion.gesture()
    assert c.page.motion.audio == 0
    on = KioskSettings(sound=True)
    assert not player_session(on, "mexican-train", seed=1).settings.muted
    assert parse_settings(on.to_json()) == (on, [])
    assert parse_settings('{"sound": "loud"}') == (
        KioskSettings(), ["kiosk setting 'sound' is not valid: default used"])
    html = official_settings(on, active=True)
    assert 'data-act="kiosk-sound" checked' in html and "Sound in the players" in html


# ---- which cues -------------------------------------------------------------------------
def test_cues_for_each_kind_of_move():
    c = my_turn()
    s = c.session
    mine = s.game.turn
    assert sound.cues_for(s, Move(DRAW), mine, was_turn=mine) == ["draw"]
    assert sound.cues_for(s, Move(KNOCK), mine, was_turn=mine) == ["knock"]
    assert sound.cues_for(s, Move(PLAY, Tile(6, 5), 1), mine, was_turn=mine) == ["place"]
    # the turn just came to the person at the screen
    assert sound.cues_for(s, Move(DRAW), 3, was_turn=3) == ["draw", "turn"]


def test_a_double_played_that_must_be_satisfied_is_heard_as_one():
    s = Session.quick(seed=3)
    s.started = True
    for _ in range(400):
        if s.game.round_over:
            break
        move = s.game.legal_moves()[0]
        seat = s.game.turn
        s.play(move)
        if move.kind == PLAY and move.tile.is_double and s.game.pending:
            assert sound.cues_for(s, move, seat, seat)[0] == "double"
            return
    pytest.fail("no double played in the round")


def test_the_end_of_a_round_is_heard():
    s = Session.quick(seed=3)
    s.started = True
    while not s.game.round_over:
        s.play(s.game.legal_moves()[0])
    move, seat, _t = s.game.history[-1]
    assert sound.cues_for(s, move, seat, seat) == ["round"]


def test_no_cue_is_loud():
    """Every cue at "loud" peaks at most at LOUDEST (-12 dBFS), its notes one at a time;
    cues said together do not overlap either."""
    for name, ns in sound.CUES.items():
        assert sound.peak(list(ns)) <= sound.LOUDEST, name
        loud = sound.notes([name], "loud")
        assert sound.peak(loud) == pytest.approx(max(n.level for n in ns))
        assert sound.peak(sound.notes([name], "soft")) <= 0.25 * sound.LOUDEST + 1e-9
    together = sound.notes(["double", "turn"], "loud")
    assert sound.peak(together) <= sound.LOUDEST


def test_a_marker_going_up_or_down_fades_in_where_it_is_now():
    c = my_turn()
    s = c.session
    c.table.motion.shown(Move(DRAW), 0)  # the markers as they are: nothing faded the first time
    assert not [to for to, _ms in c.page.motion.fades if ".marker" in to]
    changed = []
    for _ in range(300):
        if s.game.round_over:
            break
        before = s.observation()["markers"]
        move, seat = s.game.legal_moves()[0], s.game.turn
        s.play(move)
        c.table.motion.shown(move, seat)
        after = s.observation()["markers"]
        changed += [t for t, (a, b) in enumerate(zip(before, after)) if a != b]
    assert changed, "no marker went up or down"
    faded = [to for to, _ms in c.page.motion.fades if ".marker" in to]
    assert faded == [marker(t) for t in changed]
