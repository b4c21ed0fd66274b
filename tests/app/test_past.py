"""Past games on the page (app.past): every finished game kept on the device, a game put
away by a new one kept as abandoned, the oldest going first when there is no room (and
said), the list with delete, export and import, the replay stepped both ways with the
coach at the player's own moves, and the statistics (docs/records.md, "On the page")."""

from __future__ import annotations

import json
import re
from html import unescape
from types import SimpleNamespace

import pytest

import own_loop
from app.controller import Controller
from app.game.seats import Seat
from app.game.session import Session
from app.past import store
from app.past.dialogs import ConfirmDelete
from app.table import saving
from bones import archive
from fakepage import FakePage
from test_citations import read
from test_hostile_input import Storage

TWO = [Seat("You", "human"), Seat("Ann", "computer", "normal")]


def page(st=None) -> Controller:
    return Controller(FakePage(Storage() if st is None else st))


def play_out(c: Controller, seed: int, moves: int | None = None,
             game: str = "mexican-train", preset: str = "gs-mt", options=None) -> Session:
    """A game begun on the page and played (each move saved, as the table does): to its
    end, or ``moves`` moves."""
    s = Session.new(game, preset, TWO, seed=seed, options=options or {"rounds": 1})
    c.begin(s)
    n = 0
    while not s.game.match_over and (moves is None or n < moves):
        s.play(s.game.legal_moves()[0])
        c.save()
        n += 1
    return s


def kept(c: Controller) -> list[dict]:
    return store.load(c.storage())[0]["games"]


def text(c: Controller) -> str:
    return " ".join(read(c.page.html).split())


# ---- 1. games kept --------------------------------------------------------------------------
def test_a_finished_game_is_kept_once_with_its_players_and_scores():
    c = page()
    s = play_out(c, seed=3)
    games = kept(c)
    assert len(games) == 1
    rec = games[0]
    assert rec["ended"] == "finished" and rec["game"] == "mexican-train"
    assert rec["players"] == [{"name": "You", "kind": "human", "level": "normal"},
                              {"name": "Ann", "kind": "computer", "level": "normal"}]
    assert rec["summary"]["totals"] == list(s.game.totals)
    assert rec["save"] == s.game.to_json()
    c.save()  # saved again (a redraw, a reload): still one
    c.act("again")  # the same players again: the finished game is not kept twice
    assert [r["id"] for r in kept(c)] == [rec["id"]]


def test_a_game_put_away_by_a_new_one_is_kept_as_abandoned_and_an_untouched_one_not():
    c = page()
    s = play_out(c, seed=4, moves=6)
    c.begin(Session.quick(seed=1))  # "Quick game" over it, once the player said yes
    (rec,) = kept(c)
    assert rec["ended"] == "abandoned" and rec["save"] == s.game.to_json()
    c.begin(Session.quick(seed=2))  # nobody moved in the quick game: nothing to keep
    assert len(kept(c)) == 1


def test_the_start_screens_quick_game_over_a_game_in_play_keeps_it():
    c = page()
    play_out(c, seed=4, moves=5)
    c.screen = "start"
    c.act("quick")  # asks first
    c.act("confirm-new:quick")
    assert [r["ended"] for r in kept(c)] == ["abandoned"]


def test_no_room_the_oldest_games_go_first_the_page_says_so_and_the_game_in_play_stays():
    st = Storage()
    c = page(st)
    for seed in (3, 5, 6):
        play_out(c, seed=seed)
    oldest = kept(c)[-1]
    play_out(c, seed=7, moves=4)  # a game in play, saved
    st.quota = sum(len(k) + len(v) for k, v in st.items()) + 50  # the browser's storage fills
    game_save = st[saving.SAVE_KEY]
    s = c.session
    while not s.game.match_over:
        s.play(s.game.legal_moves()[0])
        c.save()
    ids = [r["id"] for r in kept(c)]
    assert ids[0] == archive.game_id(s.game.to_json())  # the new game is kept
    assert oldest["id"] not in ids and len(ids) < 4
    said = [x for x in c.page.said if "no room" in x]
    assert said and "oldest past game" in said[0]
    c.act("past-open")
    assert said[0] in text(c)
    assert st[saving.SAVE_KEY] != game_save  # the game's own save went on


def test_a_damaged_collection_is_set_aside_said_and_a_fresh_one_started():
    st = Storage({store.KEY: "{not json"})
    c = page(st)
    c.act("past-open")
    assert "could not be read" in text(c)
    assert st[store.BAD_KEY] == "{not json" and store.KEY not in st
    play_out(c, seed=3)
    assert len(kept(c)) == 1


# ---- 2. the list ----------------------------------------------------------------------------
def test_the_list_is_newest_first_with_when_game_sheet_players_levels_scores_and_winner():
    c = page()
    first = play_out(c, seed=3)
    play_out(c, seed=5, game="all-fives", preset=None, options={"target": 50})
    c.screen = "start"
    c.render()
    assert 'data-act="past-open"' in c.page.html  # the start screen's button
    c.act("past-open")
    assert c.page.flags["screen"] == "past"
    html = c.page.html
    words = text(c)
    assert html.index("All Fives") < html.index("Mexican Train")  # newest first
    assert "2 games kept on this device" in words
    assert "computer, Normal" in words and "a person" in words
    totals = first.game.totals
    winner = "You" if totals[0] < totals[1] else "Ann"
    assert f"{winner} won." in words or "shared first place" in words
    assert "Finished after 1 round" in words


def two_kept() -> tuple[Controller, str, str]:
    """A page with two finished games kept, the past games open: (page, newer, older)."""
    c = page()
    play_out(c, seed=3)
    play_out(c, seed=5)
    a, b = [r["id"] for r in kept(c)]
    c.act("past-open")
    return c, a, b


def test_delete_asks_first_then_deletes_one_and_delete_all_asks_then_empties():
    c, a, b = two_kept()
    c.act(f"past-ask-delete:{a}")
    assert isinstance(c.dialog, ConfirmDelete) and len(kept(c)) == 2  # nothing gone yet
    assert "Delete this game?" in unescape(c.page.html)
    c.act("close")  # "No, keep"
    assert len(kept(c)) == 2
    c.act(f"past-ask-delete:{a}")
    c.act(f"past-delete:{a}")
    assert [r["id"] for r in kept(c)] == [b] and c.dialog is None
    c.act("past-ask-delete")
    assert "Delete every past game?" in unescape(c.page.html)
    c.act("past-delete")
    assert kept(c) == [] and "No past games yet" in text(c)


def test_export_one_and_all_then_import_on_another_device():
    c, a, b = two_kept()
    c.act(f"past-export:{a}")
    one, name, _mime = c.page.downloads[-1]
    assert name.startswith("rally-dominoes-mexican-train-") and name.endswith(".json")
    assert [g["id"] for g in json.loads(one)["games"]] == [a]
    c.act("past-export")
    every = c.page.downloads[-1][0]
    other = page()
    other.act("past-open")
    other.past.import_text(every, "games.json")
    assert [r["id"] for r in kept(other)] == [a, b]
    assert "2 games added" in other.past.notice
    other.past.import_text(one, "one.json")
    assert "1 game already kept" in other.past.notice and len(kept(other)) == 2


@pytest.mark.parametrize("bad, says", [
    ("this is not a file of games", "could not be used"),
    (json.dumps({"format": "rally-dominoes-games", "version": 99, "games": []}),
     "another version"),
    ("[" * 5000 + "]" * 5000, "could not be used"),
    (json.dumps({"format": "rally-dominoes-games", "version": 1, "games": [], "notes": "x"}),
     "bad.json could not be used: the file holds something this game does not know "
     "('notes'): a file of past games holds only its format, version and games. Nothing "
     "here was changed."),
    ("x" * (archive.MAX_FILE + 10), "could not be used"),
])
def test_a_bad_file_is_refused_in_plain_words_and_nothing_kept_is_lost(bad, says):
    c = page()
    play_out(c, seed=3)
    before = kept(c)
    c.act("past-open")
    # the file is read asynchronously, as the browser does
    own_loop.run(c.past._import(SimpleNamespace(name="bad.json", text=bad)))
    assert says in c.past.error and "Nothing here was changed" in c.past.error
    assert kept(c) == before


# ---- 3. the replay with the coach -------------------------------------------------------------
def replaying(seed=3) -> tuple[Controller, Session]:
    c = page()
    s = play_out(c, seed=seed)
    c.act("past-open")
    c.act(f"past-replay:{kept(c)[0]['id']}")
    return c, s


def test_the_replay_steps_forward_and_back_by_buttons_and_keys_with_every_hand_face_up():
    c, s = replaying()
    n = len(s.game.history)
    assert "The deal, before the first move" in text(c)
    hands0 = list(c.past.replay.hands(0))
    for t in hands0[1]:  # the computer's hand too, face up
        assert f'aria-label="Domino {t.hi}-{t.lo}"' in c.page.html
    c.act("past-step:forward")
    assert f"Move 1 of {n}" in text(c)
    c.act("past-step:end")
    assert f"Move {n} of {n}" in text(c)
    assert 'data-act="past-step:forward" aria-label="Forward one move" disabled' in c.page.html
    c.keys.on_key(SimpleNamespace(key="ArrowLeft", target=None, shiftKey=False,
                                  preventDefault=lambda: None))
    assert f"Move {n - 1} of {n}" in text(c)
    c.keys.on_key(SimpleNamespace(key="Home", target=None, shiftKey=False,
                                  preventDefault=lambda: None))
    assert c.past.pos == 0 and "The deal" in text(c)
    c.act("past-step:back")  # nothing before the deal
    assert c.past.pos == 0


def test_your_next_move_goes_from_one_of_your_moves_to_the_next_by_button_and_key():
    c, s = replaying()
    r = c.past.replay
    mine = [i + 1 for i, (seat, _m) in enumerate(r.moves()) if seat == 0]  # after each
    assert len(mine) >= 2
    seen = []
    for k in range(len(mine)):
        if k % 2:
            c.keys.on_key(SimpleNamespace(key="n", target=None, shiftKey=False,
                                          preventDefault=lambda: None))
        else:
            c.act("past-step:mine")
        seen.append(c.past.pos)
        assert "What would the computers play?" in text(c)  # the coach, at your move
    assert seen == mine
    assert 'data-act="past-step:mine" disabled' in c.page.html  # none of yours left
    c.act("past-step:mine")
    assert c.past.pos == mine[-1]
    c.act("past-step:start")
    assert "Your next move" in text(c) and 'data-act="past-step:mine" disabled' not in \
        c.page.html


def test_the_coach_at_the_players_own_move_says_what_normal_and_hard_would_play():
    c, s = replaying()
    r = c.past.replay
    mine = [i for i, (seat, _m) in enumerate(r.moves()) if seat == 0]
    theirs = [i for i, (seat, _m) in enumerate(r.moves()) if seat == 1]
    c.past.pos = theirs[0] + 1
    c.render()
    assert "The coach" not in text(c)  # nothing at the computer's moves
    for i in mine:  # the first move of the player's that was a real choice
        c.past.pos = i + 1
        c.past.asked.discard(i)
        c.render()
        assert "What would the computers play?" in text(c)
        c.past.advise(i)
        if not c.past.coach.advice(i).forced:
            break
    words = text(c)
    a = c.past.coach.advice(i)
    assert "Normal says:" in words and "Hard says:" in words
    assert read(a.normal.reason).split()[0] in words
    assert ("This choice cost about" in words) == a.marked


def test_a_marked_move_says_what_it_cost_plainly():
    from app.past.playback_views import verdict
    from bones.ai.coach import Advice
    from bones.ai.levels import Hint

    h = Hint(None, "6-4@0", "Play 6-4 on your train: it is your heaviest tile.", "normal")
    marked = Advice(0, "draw", False, h, h, cost=7.6, error=1.2, marked=True, worlds=48)
    assert "This choice cost about 8 points" in read(verdict(marked))
    assert "cost" not in read(verdict(marked._replace(marked=False, cost=1.0)))


# ---- 4. statistics -----------------------------------------------------------------------------
def test_statistics_agree_with_the_games_as_played():
    c = page()
    sessions = [play_out(c, seed=sd) for sd in (3, 5, 6)]
    play_out(c, seed=8, moves=10)
    c.begin(Session.quick(seed=1))  # the last one put away part way
    c.act("past-open")
    c.act("past-page:stats")
    words = text(c)
    won = sum(s.game.totals[0] <= s.game.totals[1] for s in sessions)
    rounds = [s.game.round_scores[0][0] for s in sessions]
    assert f"Games finished {len(sessions)}" in words
    assert f"Games you won {won}" in words
    assert "Games put away part way 1" in words
    assert f"Your best round (fewest points) {min(rounds)}" in words
    ahead = sum(s.game.totals[0] < s.game.totals[1] for s in sessions)
    behind = sum(s.game.totals[0] > s.game.totals[1] for s in sessions)
    assert f"Games finished with it {len(sessions)} You finished ahead {ahead} " \
           f"It finished ahead {behind}" in words  # Ann, Normal
    assert "<svg" in c.page.html and 'role="img"' in c.page.html
    assert c.page.html.count('<rect class="bar') == len(sessions)


def test_the_replays_felt_is_laid_out_again_at_its_size_on_the_page():
    c, _s = replaying()
    c.act("past-step:forward")
    wide = c.page.html
    c.page.size = lambda id_: (350, 438) if id_ == "past-felt" else None  # a phone's felt
    c.render()
    tall = c.page.texts["past-felt"]
    assert tall.startswith('<svg class="felt-svg"') and tall not in wide
    c.render()  # drawn at that size from now on
    assert tall in c.page.html


def test_the_coach_says_it_is_thinking_before_it_answers():
    c, _s = replaying()
    mine = next(i for i, (seat, _m) in enumerate(c.past.replay.moves()) if seat == 0)
    c.past.pos = mine + 1
    c.past.thinking = mine
    c.render()
    assert "The coach is thinking about this move" in text(c)
    assert "What would the computers play?" not in text(c)


class NoRoomForPast(Storage):
    """Storage with room for the game in play but none for the past games."""

    def setItem(self, k, v):
        if k == store.KEY:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(k, v)


def test_a_game_that_cannot_be_kept_is_said_and_the_game_in_play_is_still_saved():
    st = NoRoomForPast()
    c = page(st)
    s = play_out(c, seed=3)
    assert store.KEY not in st and st[saving.SAVE_KEY] == s.to_json()
    said = [x for x in c.page.said if "could not be kept" in x]
    assert said == ["This game could not be kept with the past games: the browser's "
                    "storage is full."]
    c.act("past-open")
    assert "could not be kept" in text(c)


def sealed_game(c: Controller, game: str, preset: str | None, options: dict) -> Session:
    """A game begun on the page with each round dealt from a deal code, as the page deals
    (the replay opens each finished round's deal), played to its end and kept."""
    from bones import fair
    from bones.moves import NEXT

    s = Session.new(game, preset, TWO, seed=6, options=options,
                    seal=fair.seal("6e" * 32, 417))
    c.begin(s)
    while not s.game.match_over:
        move = s.game.legal_moves()[0]
        if move.kind == NEXT:
            fair.seal_next(s.game, fair.seal(f"{s.game.round_number:02x}" * 32, 417))
        s.play(move)
        c.save()
    return s


@pytest.mark.parametrize("game, preset, options", [
    ("mexican-train", "gs-mt", {"rounds": 2}), ("chicken-foot", "gs-cf", {"rounds": 1}),
    ("all-fives", None, {"target": 50})])
def test_every_game_replays_from_its_deal_to_its_end(game, preset, options):
    """At every position shown, the felt and every hand are the engine's position there
    (worked out apart, from the save), whatever the replay looked at on the way (the
    round's deal code opened)."""
    from app.past.playback_views import felt_svg
    from bones.playback import Replay

    c = page()
    s = sealed_game(c, game, preset, options)
    c.act("past-open")
    c.act(f"past-replay:{kept(c)[0]['id']}")
    own = Replay(s.game.to_json())
    n = len(s.game.history)
    for pos in (0, 1, n // 2, n - 1, n, 2):
        c.past.pos = pos
        c.render()
        words = text(c)
        assert f"Move {pos} of {n}" in words if pos else "The deal" in words
        m = own.at(pos)
        for seat, hand in zip(s.seats, m.hands, strict=True):
            assert f"{seat.name} ({len(hand)} tile{'' if len(hand) == 1 else 's'})" in words
        felt = felt_svg(c.past.view(m), c.past.felt_size)
        assert felt in c.page.html, f"the felt at position {pos}"
        assert ".." not in words  # "Ann plays first.."


def test_a_lesson_is_never_kept_and_a_house_rules_game_is_kept_with_their_name():

    from app.game.session import Session
    from bones.house import HouseRules

    lesson = Session.for_lesson("chicken-foot")
    lesson.play(lesson.lesson_run.move())
    assert store.record(lesson, "2026-11-28T10:00") is None
    h = HouseRules("Sun Lakes Tuesday", "gs-mt", {"rounds": 3})
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann")], seed=2,
                    house=h)
    s.play(s.game.legal_moves()[0])
    rec = store.record(s, "2026-11-28T10:00")
    assert rec["house"] == {"name": "Sun Lakes Tuesday", "options": {"rounds": 3}}


def test_the_replay_opens_each_round_s_deal_code_and_checks_it():
    """A game dealt from codes (a person's game: no seed): the replay shows the round's
    code, cut, secret and seed, and that the deal checks and is the one played."""
    from bones import fair

    c = page()
    s = Session.new("all-fives", "gs-af", TWO, seal=fair.seal("ab" * 32, 77),
                    options={"target": 5})
    c.begin(s)
    while not s.game.match_over:
        s.play(s.game.legal_moves()[0])
        c.save()
    c.act("past-open")
    c.act(f"past-replay:{kept(c)[0]['id']}")
    c.act("past-step:end")
    html = unescape(c.page.html)
    assert f'deal: code <strong class="code">{s.game.fair[0].code}</strong>, cut 77' in html
    assert "ab" * 32 in html and "It checks:" in html


def test_a_kiosk_keeps_its_past_games_until_the_official_clears_them():
    from app.kiosk.settings import KioskSettings
    from app.kiosk.ui import KioskScreen

    c = page()
    play_out(c, seed=5)
    assert len(kept(c)) == 1
    c.kiosk = k = KioskScreen(c)
    k.settings = KioskSettings(enabled=True)
    k.panel = "settings"  # behind the PIN (drawn over the attract screen)

    def panel() -> str:
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", k.official.panel_markup())).split())

    assert "1 game played on this kiosk is kept" in panel()
    c.act("kiosk-clear-past")  # asks first
    assert "Clear all 1 past games? This cannot be undone." in panel() and len(kept(c)) == 1
    c.act("kiosk-clear-past-no")
    assert len(kept(c)) == 1 and "Clear all" not in panel()
    c.act("kiosk-clear-past")
    c.act("kiosk-clear-past-yes")
    assert kept(c) == [] and "The past games on this kiosk are cleared." in panel()


def test_each_page_opens_at_its_top_and_a_step_that_goes_off_hands_focus_on():
    c, _s = replaying()
    assert c.page.scrolls.get("window") == 0  # the replay opened at its top
    c.page.scrolls["window"] = 207
    c.act("past-page:list")
    assert c.page.scrolls["window"] == 0
    c.page.scrolls["window"] = 207
    c.act("home")
    c.act("past-open")  # not where the start screen was scrolled to
    assert c.page.scrolls["window"] == 0
    c.act(f"past-replay:{kept(c)[0]['id']}")
    c.page.active_acts["act"] = "past-step:end"  # End pressed: it goes off at the end
    c.act("past-step:end")
    assert c.page.focused == '[data-act="past-step:back"]'
    c.page.active_acts["act"] = "past-step:start"
    c.act("past-step:start")
    assert c.page.focused == '[data-act="past-step:forward"]'


def test_the_replays_tiles_start_at_the_felts_top_not_in_its_middle():
    import re as re_

    from app.table import felt

    c, _s = replaying()
    c.page.size = lambda id_: (354, 453) if id_ == "past-felt" else None  # a phone's felt
    c.act("past-step:forward")
    svg = c.page.texts["past-felt"]
    y = float(re_.search(r'viewBox="([^"]+)"', svg).group(1).split()[1])
    lay = felt.lanes_layout(c.past.view(c.past.replay.at(1)), 354, 453)
    assert (lay.content.y - lay.view.y) * lay.scale > 60  # the play screen's centring
    assert 0 <= (lay.content.y - y) * lay.scale <= 20  # px of felt above the tiles


# ---- 6. in the first screenful --------------------------------------------------------------
def test_the_list_has_three_columns_the_level_under_the_name_and_the_games_before_the_tools():
    c = page()
    play_out(c, seed=3)
    c.act("past-open")
    html = c.page.html
    table = re.search(r'<table class="past-scores">.*?</table>', html).group(0)
    assert [read(h) for h in re.findall(r'<th scope="col">(.*?)</th>', table)] == [
        "Player", "Score", "Place"]  # four made a 390 px phone's list 405 px wide
    ann = re.search(r'<th scope="row">Ann(.*?)</th>', table).group(1)
    assert read(ann).strip() == "computer, Normal"
    # the newest game's Replay this game before the tools for them all
    assert html.index("Replay this game") < html.index("Save all to a file")
    assert html.index("Replay this game") < html.index("Bring in games from a file")


def test_the_move_in_words_is_between_the_steps_and_the_felt_in_the_first_screenful():
    c, s = replaying()
    for step in ("forward", "end"):
        c.act(f"past-step:{step}")
        html = c.page.html
        stage = html[html.index('class="past-stage"'):html.index('id="past-felt"')]
        assert stage.index('aria-label="Step through the game"') < stage.index("past-where")
        n = len(s.game.history)
        assert ("Move 1 of" if step == "forward" else f"Move {n} of {n}") in read(stage)
    assert "The game is over" in read(stage)  # the longest words, still before the felt


def test_the_coachs_answer_comes_into_view_and_the_page_does_not_jump_to_its_top(monkeypatch):
    from app.past import ui

    c, _s = replaying()
    mine = [i for i, (seat, _m) in enumerate(c.past.replay.moves()) if seat == 0]
    c.past.pos = mine[0] + 1
    c.render()
    monkeypatch.setattr(ui.asyncio, "ensure_future", lambda co: co.close())
    c.act("past-coach")
    # the button pressed is gone: focus on the coach's heading, where the answer comes
    assert c.page.focused == "#coach-title"
    assert 'id="coach-title" tabindex="-1"' in c.page.html
    assert c.page.revealed == []
    c.past.advise(mine[0])
    assert "Normal says:" in text(c) or "no real choice" in text(c)
    assert c.page.revealed == ["#past-coach"]  # the least scroll that shows it whole
    assert 'id="past-coach"' in c.page.html
    # stepped on while the coach thought: the answer is not brought into view
    c.past.pos = mine[1] + 1
    c.render()
    c.act("past-coach")
    c.act("past-step:forward")
    c.past.advise(mine[1])
    assert c.page.revealed == ["#past-coach"]
