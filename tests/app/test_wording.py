"""Words a player meets, read as a player would: no doubled words, no engine notes, no
"You" used as a third person's name, places written once."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest

import bones
from app.game.seats import Seat
from app.game.session import Session
from app.game.wording import scored_words
from app.start import views as start_views
from app.table import dialog_views, views
from bones.allfives_scores import ScoreEntry
from bones.moves import PLAY


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


@pytest.mark.parametrize("preset", sorted(bones.PRESETS))
def test_the_rules_name_their_sheet_once(preset):
    words = text(dialog_views.rules_dialog(preset))
    assert "sheet sheet" not in words and "rules has" not in words
    assert re.search(r"As (the .+ sheet has|.+ rules have) them:", words), words


@pytest.mark.parametrize("reason,points,said,logged", [
    ("ends 15", 15, "15! Ann scores 15", "Ann scored 15: the ends counted 15"),
    ("domino: opponents 7 -> 5", 5,
     "Ann went out and scores 5: the others held 7 pips, 5 to the nearest five",
     "Ann went out and scored 5: the others held 7 pips, 5 to the nearest five"),
    ("domino: opponents 10", 10, "Ann went out and scores 10: the others held 10 pips",
     "Ann went out and scored 10: the others held 10 pips"),
    ("blocked: fewest pips 12, opponents 23 -> 25", 25,
     "Ann scores 25 with the fewest pips (12) when play was blocked: the others held 23 "
     "pips, 25 to the nearest five",
     "Ann scored 25 with the fewest pips (12) when play was blocked: the others held 23 "
     "pips, 25 to the nearest five"),
])
def test_all_fives_scores_are_said_in_sentences(reason, points, said, logged):
    """Not "You score 5: domino: opponents 7 -> 5" nor "Hand 1 Ann 5 ends 5"."""
    s = Session.new("all-fives", "gs-af", [Seat("You", "human"), Seat("Ann")], seed=1)
    entry = ScoreEntry(1, 1, 1, points, points, reason, points)
    assert s.wording.score_words(entry) == said
    assert s.wording.score_logged(entry) == logged
    assert "->" not in said + logged and "domino:" not in said + logged


def test_you_score_and_nobody_scores_agree_with_their_verbs():
    assert scored_words("You", 5, "domino: opponents 7 -> 5").startswith(
        "You went out and score 5")
    tied = "blocked: tied at 12 pips, nobody scores"
    assert scored_words("", 0, tied) == ("Play was blocked and the fewest pips were tied "
                                         "at 12: nobody scores")
    assert scored_words("", 0, tied, past=True).endswith("nobody scored")


def test_the_score_log_reads_hand_by_hand_in_sentences():
    s = Session.new("all-fives", "gs-af", [Seat("You", "human"), Seat("Ann")], seed=2)
    rng = random.Random(2)
    g = s.game
    while not g.log:
        g.play(rng.choice([m for m in g.legal_moves() if m.kind == PLAY] or g.legal_moves()))
    words = text(views.scores_markup(s))
    assert re.search(r"Hand 1: (You|Ann) (went out and )?scored \d+: ", words), words
    assert not re.search(r"Hand \d+ \w+ \d+ ends", words)


def test_the_game_over_list_writes_each_place_once():
    """"1st Ann", never "1. 1st Ann": the places are not numbered a second time."""
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann"),
                                               Seat("Bob")], seed=4, options={"rounds": 1})
    g = s.game
    rng = random.Random(4)
    while not g.match_over:
        g.play(rng.choice([m for m in g.legal_moves() if m.kind == PLAY] or g.legal_moves()))
    html = dialog_views.match_end_dialog(s)
    assert re.search(r'<ol class="standings">', html)
    assert re.search(r"1st \w+ \d+", text(html))
    # the list's own numbers are not drawn (the page's style sheet)
    css = (Path(__file__).resolve().parents[2] / "web" / "style.css").read_text()
    rule = re.search(r"\.standings \{([^}]*)\}", css)[1]
    assert "list-style: none" in rule


def test_resuming_a_game_in_progress_is_the_big_choice():
    form = start_views.StartForm()
    html = start_views.start_screen(form, can_resume=True)
    resume = re.search(r'<button[^>]*data-act="resume"[^>]*>', html)[0]
    quick = re.search(r'<button[^>]*data-act="quick"[^>]*>', html)[0]
    assert "huge primary" in resume and "huge" not in quick
    assert html.index('data-act="resume"') < html.index('data-act="quick"')
    html = start_views.start_screen(form, can_resume=False)
    assert 'data-act="resume"' not in html
    assert "huge primary" in re.search(r'<button[^>]*data-act="quick"[^>]*>', html)[0]


def test_a_shared_screen_never_calls_another_players_train_your_train():
    """Hot seat with the start form's first name kept ("You"): to Ann at the screen,
    that seat's train is "Player 1's train"; to its own player, "your train"."""
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann", "human")],
                    seed=5)
    s.started = True
    while s.game.turn != 1:
        s.take_seat()
        s.play(s.game.legal_moves()[0])
    s.take_seat()
    w = s.wording
    assert w.target_label(0) == "Player 1's train" and w.target_label(1) == "Ann's train"
    assert s.wording.status().startswith("Ann, your turn")
    while s.game.turn != 0:
        s.take_seat()
        s.play(s.game.legal_moves()[0])
    assert s.wording.status() == "Your turn: take the screen"
    s.take_seat()
    assert s.wording.target_label(0) == "Your train" and not s.wording.status().startswith("You, ")


def test_a_double_to_satisfy_on_your_own_train_reads_in_lower_case():
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann")], seed=1)
    s.started = True
    g = s.game
    rng = random.Random(1)
    for _ in range(3000):
        if g.pending and g.pending[-1] == 0 and not g.owe and s.my_moves():
            break
        if g.round_over:
            g.play(g.legal_moves()[0])
            continue
        g.play(rng.choice(g.legal_moves()))
    else:
        pytest.skip("no double waiting on your train in these games")
    assert "on your train" in s.wording.status() and "on Your train" not in s.wording.status()
