"""Each registered game has the page's words for its table (app/game/games_ui.py), and the
words a session says follow the game's registered facts, not its name."""

from __future__ import annotations

import pytest

from app.game.games_ui import TableWords, register_words, titles, words
from app.game.seats import Seat
from app.game.session import GAME_TITLES, Session
from app.table.worker import hard_budget_ms
from bones.games import ROUNDS, games
from bones.moves import PASS, Move


def test_every_registered_game_has_words_and_a_title_in_screen_order():
    assert list(titles()) == [g.id for g in games()] == list(GAME_TITLES)
    for g in games():
        assert isinstance(words(g.id), TableWords)
        assert titles()[g.id] == g.title
        assert 2 <= words(g.id).kiosk_seats <= g.match.max_seats
        # Hard's time in the page's worker: the most a move may take is 500 ms
        assert 100 <= hard_budget_ms(g.id) <= 500
    with pytest.raises(ValueError, match="no game called 'go-fish': choose one of"):
        words("go-fish")
    with pytest.raises(ValueError, match="no game called 'go-fish'"):
        register_words("go-fish", TableWords())


@pytest.mark.parametrize("spec", games(), ids=lambda g: g.id)
def test_a_round_is_named_and_ended_as_the_game_has_it(spec):
    seats = [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cora")]
    s = Session.new(spec.id, spec.match.default_preset, seats, seed=5)
    s.started = True
    while not s.game.round_over:
        s.game.play(s.game.legal_moves()[0])
    word = spec.round_word.capitalize()
    assert s.wording.status().startswith(f"{word} 1 is over.")
    assert s.wording.move_words(Move(PASS), 1).endswith("and put up a marker") == spec.markers
    said = s.wording.table_said()
    assert ("The ends count" in said) == spec.counts_ends
    assert ("In the middle:" in said) != spec.counts_ends
    s.started = False
    assert s.wording.status().startswith("Round 1:") == (spec.length == ROUNDS)
