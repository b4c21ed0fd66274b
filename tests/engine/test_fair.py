"""Deals anyone can check (bones.fair_seed, bones.fair, docs/records.md): the code shown
before a deal commits to the page's secret, the round is dealt from the seed of the
secret and the player's cut, and a revealed deal is checked again from the rules."""

from __future__ import annotations

import doctest
import hashlib
import json
import random
import re
import unicodedata
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones import fair, fair_seed
from bones.__main__ import main as cli
from bones.errors import BadSave
from bones.playback import Replay
from invariants import assert_seen_copy_is_the_observation
from records_play import GAMES, play_random, random_seal, secret_of

SECRET = "00" * 32


def test_the_modules_examples_hold():
    for module in (fair_seed, fair):
        assert doctest.testmod(module).failed == 0


def test_the_commitment_is_the_sha256_of_the_secret_text():
    assert fair.commitment(SECRET) == hashlib.sha256(SECRET.encode()).hexdigest()
    assert fair.round_seed(SECRET, 417) == hashlib.sha256(f"{SECRET}:417".encode()).hexdigest()
    assert fair.short_code(fair.commitment(SECRET)) == "60E0 5BD1 B195 AF2F"


def test_new_secrets_are_64_hex_digits_and_differ():
    secrets = {fair.new_secret() for _ in range(50)}
    assert len(secrets) == 50
    for s in secrets:
        assert fair.seal(s, 0).secret == s


@pytest.mark.parametrize("secret,cut,shown,words", [
    ("0" * 63, 1, None, "64 hex digits"),
    ("A" * 64, 1, None, "64 hex digits"),
    (SECRET, -1, None, "whole number from 0"),
    (SECRET, 10**9, None, "whole number from 0"),
    (SECRET, True, None, "whole number from 0"),
    (SECRET, 1.0, None, "whole number from 0"),
    (SECRET, 1, "ab" * 32, "not the secret number's hash"),
])
def test_a_bad_seal_is_refused_in_plain_words(secret, cut, shown, words):
    with pytest.raises(ValueError, match=words):
        fair.seal(secret, cut, shown)


def test_the_shuffle_is_a_permutation_and_favours_no_order():
    counts = Counter()
    for n in range(6000):
        items = [0, 1, 2]
        fair_seed.Shuffler(f"seed{n}", "round-1").shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    # 6000 shuffles of 3 tiles: each order 1000 times, give or take 5 standard deviations
    assert all(abs(c - 1000) < 5 * (6000 * (1 / 6) * (5 / 6)) ** 0.5 for c in counts.values())
    sh = fair_seed.Shuffler("x", "y")
    assert all(0 <= sh.below(k) < k for k in range(1, 200))


def test_a_sealed_round_is_dealt_from_its_seal_not_from_the_match_seed():
    s = fair.seal(SECRET, 417)
    a = bones.new_game("mexican-train", seats=4, seed=1, fair=[s])
    b = bones.new_game("mexican-train", seats=4, seed=2, fair=[s])
    c = bones.new_game("mexican-train", seats=4, seed=1)
    assert a.hands == b.hands and a.boneyard == b.boneyard
    assert a.hands != c.hands
    other = bones.new_game("mexican-train", seats=4, seed=1, fair=[fair.seal(SECRET, 418)])
    assert other.hands != a.hands


def test_a_stacked_deal_cannot_also_be_sealed():
    with pytest.raises(ValueError, match="stacked deal"):
        bones.new_game("all-fives", seats=2, seed=1, deal={"first": 0},
                       fair=[fair.seal(SECRET, 1)])
    with pytest.raises(ValueError, match="Sealed"):
        bones.new_game("all-fives", seats=2, seed=1, fair=[SECRET])


def test_the_deal_is_shown_only_once_its_round_is_over():
    g = bones.new_game("all-fives", seats=2, seed=1, fair=[fair.seal(SECRET, 5)])
    assert fair.code_now(g) == "60E0 5BD1 B195 AF2F"
    assert fair.revealed(g, 1) is None
    with pytest.raises(ValueError, match="once the round is over"):
        fair.round_deal(g, 1)
    while not g.round_over:
        g.play(g.legal_moves()[0])
    assert fair.revealed(g, 1) == g.fair[0]
    assert fair.verify(fair.round_deal(g, 1)) == []
    assert fair.round_deal(g, 2) is None
    assert fair.code_now(bones.new_game("all-fives", seats=2, seed=1)) is None


def test_the_computers_copy_holds_no_secret():
    g = bones.new_game("chicken-foot", seats=3, seed=1, fair=[fair.seal(SECRET, 5)])
    rng = random.Random(1)
    for _ in range(30):
        g.play(rng.choice(g.legal_moves()))
        assert_seen_copy_is_the_observation(g, rng)
        view = g.seen_by(0)
        assert view.fair == [] and SECRET not in json.dumps(view.to_json())


def test_seal_next_only_between_rounds_of_a_sealed_game():
    g = bones.new_game("all-fives", seats=2, seed=1, fair=[fair.seal(SECRET, 5)])
    s = fair.seal(SECRET, 6)
    with pytest.raises(ValueError, match="between rounds"):
        fair.seal_next(g, s)
    while not g.round_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(ValueError, match="Sealed"):
        fair.seal_next(g, s.to_json())
    fair.seal_next(g, s)
    g.play("next")
    assert fair.code_now(g) == s.code
    plain = bones.new_game("all-fives", seats=2, seed=1)
    while not plain.round_over:
        plain.play(plain.legal_moves()[0])
    with pytest.raises(ValueError, match="without one"):
        fair.seal_next(plain, s)


def test_a_save_keeps_the_seals_and_refuses_a_tampered_one():
    g = play_random("mexican-train", "gs-mt", 3, 11, rounds=2)
    data = g.to_json()
    assert len(data["fair"]) == 2
    assert bones.from_json(json.loads(json.dumps(data))) == g
    bad = json.loads(json.dumps(data))
    bad["fair"][1]["secret"] = "1" + bad["fair"][1]["secret"][1:]
    with pytest.raises(BadSave, match="round 2.*not the secret number's hash"):
        bones.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["fair"][0]["cut"] += 1  # another cut deals other hands: the moves do not fit
    with pytest.raises(BadSave):
        bones.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["fair"] = "60E0"
    with pytest.raises(BadSave, match="not a list"):
        bones.from_json(bad)


@settings(max_examples=40, deadline=None)
@given(which=st.sampled_from(GAMES), seats=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_every_round_of_a_random_game_checks_and_is_the_round_played(which, seats, seed):
    game, preset = which
    if game == "all-fives":
        seats = min(seats, 4)
    g = play_random(game, preset, seats, seed, rounds=3, max_moves=1500)
    r = Replay(bones.dumps(g))
    done = [rd for rd in r.rounds() if rd.end is not None]
    assert done
    for rd in done:
        deal = r.deal(rd.number)
        assert deal["seats"] == len(r.at(rd.start).hands)
        assert fair.verify(deal) == [] and deal["played"] == []
        # the file anyone is given: the deal as JSON text, checked with nothing else
        assert fair.verify(json.loads(json.dumps(deal))) == []


def _one_deal(seed: int = 3, game: str = "mexican-train", seats: int = 4) -> dict:
    g = play_random(game, bones.GAMES[game].default_preset, seats, seed, rounds=1,
                    joins=False)
    return fair.round_deal(g, 1)


def _swap_between_hands(deal: dict) -> None:
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]


def _swap_hand_and_boneyard(deal: dict) -> None:
    deal["hands"][0][0], deal["boneyard"][-1] = deal["boneyard"][-1], deal["hands"][0][0]


def _swap_boneyard(deal: dict) -> None:
    deal["boneyard"][0], deal["boneyard"][1] = deal["boneyard"][1], deal["boneyard"][0]


def _flip_secret(deal: dict) -> None:
    d = deal["secret"][-1]
    deal["secret"] = deal["secret"][:-1] + ("0" if d != "0" else "1")


def _flip_hash(deal: dict) -> None:
    deal["hash"] = deal["hash"][::-1]


def _new_cut(deal: dict) -> None:
    deal["cut"] = (deal["cut"] + 1) % (fair.CUT_MAX + 1)


def _new_seed(deal: dict) -> None:
    deal["seed"] = fair.round_seed(deal["secret"], deal["cut"] + 1)


def _other_draw(deal: dict) -> None:
    deal["first_draw"][0][0][1], deal["first_draw"][0][1][1] = \
        deal["first_draw"][0][1][1], deal["first_draw"][0][0][1]


def _other_seats(deal: dict) -> None:
    deal["seats"] = 3


TAMPER = {
    "two hands swap a tile": (_swap_between_hands, "seat 0's hand"),
    "a hand and the boneyard swap a tile": (_swap_hand_and_boneyard, "seat 0's hand"),
    "the boneyard's order changes": (_swap_boneyard, "boneyard's order"),
    "the secret changes": (_flip_secret, "hash is not the hash"),
    "the hash changes": (_flip_hash, "hash is not the hash"),
    "the cut changes": (_new_cut, "seed is not the one"),
    "the seed changes": (_new_seed, "seed is not the one"),
    "the draw for first player changes": (_other_draw, "draw for first player"),
    "the seats change": (_other_seats, "does not list 3 hands"),
}


@pytest.mark.parametrize("name", sorted(TAMPER))
def test_any_change_of_a_revealed_deal_is_caught(name):
    change, words = TAMPER[name]
    deal = _one_deal()
    assert fair.verify(deal) == []
    change(deal)
    problems = fair.verify(deal)
    assert problems and any(words in p for p in problems), problems


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.sampled_from(GAMES), data=st.data())
def test_a_deal_from_another_secret_or_cut_never_checks(seed, which, data):
    """A deal is bound to its secret and cut: the hash changes with any change of the
    secret, and the deal of another secret or cut is refused under the first ones."""
    game, preset = which
    rng = random.Random(seed)
    s = random_seal(rng)
    other = fair.seal(secret_of(rng), s.cut) if data.draw(st.booleans()) \
        else fair.seal(s.secret, (s.cut + data.draw(st.integers(1, 1000))) % (fair.CUT_MAX + 1))
    g = bones.new_game(game, seats=2, preset=preset, seed=seed, fair=[s])
    h = bones.new_game(game, seats=2, preset=preset, seed=seed, fair=[other])
    assert (other.hash != s.hash) == (other.secret != s.secret)
    deal = fair.round_deal(g, 1, reveal=True)
    forged = fair.round_deal(h, 1, reveal=True)
    assert fair.verify(deal) == [] and fair.verify(forged) == []
    forged.update(hash=deal["hash"], secret=deal["secret"], cut=deal["cut"],
                  seed=deal["seed"])
    assert fair.verify(forged)


def test_a_deal_that_cannot_be_read_says_so():
    assert fair.verify({})[0].startswith("the deal cannot be checked")
    deal = _one_deal()
    deal["game"] = "dominoes"
    assert "cannot be checked" in fair.verify(deal)[0]


def test_a_game_played_from_another_deal_is_caught():
    g = play_random("chicken-foot", "gs-cf", 3, 5, rounds=1, joins=False)
    r = Replay(g)
    deal = r.deal(1)
    assert deal["played"] == []
    other = fair.round_deal(play_random("chicken-foot", "gs-cf", 3, 6, rounds=1,
                                        joins=False), 1)
    assert fair.played_problems(other, r.at(0))


def test_the_command_line_checks_a_deal_file(tmp_path, capsys):
    deal = _one_deal(game="all-fives", seats=3)
    good = tmp_path / "deal.json"
    good.write_text(json.dumps(deal), encoding="utf-8")
    assert cli(["check-deal", str(good)]) == 0
    out = capsys.readouterr().out
    assert "checks" in out and deal["code"] in out
    _swap_boneyard(deal)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deal), encoding="utf-8")
    assert cli(["check-deal", str(bad)]) == 1
    assert "boneyard's order" in capsys.readouterr().out
    broken = tmp_path / "broken.json"
    broken.write_text("{" * 5000, encoding="utf-8")
    assert cli(["check-deal", str(broken)]) == 1
    assert "cannot" in capsys.readouterr().out.lower()
    assert cli(["check-deal", str(tmp_path / "missing.json")]) == 1
    assert "cannot" in capsys.readouterr().out.lower()


def test_a_save_keeps_house_rules_and_deal_codes_together():
    from bones.house import HouseRules

    h = HouseRules("Sun Lakes Tuesday", "gs-mt", {"first_double": 6, "rounds": 7})
    s = fair.seal(SECRET, 9)
    g = bones.new_game("mexican-train", seats=3, house=h, fair=[s])
    assert g.hub == bones.tile(6, 6) and fair.code_now(g) == s.code
    for _ in range(10):
        g.play(g.legal_moves()[0])
    back = bones.loads(bones.dumps(g))
    assert back == g and back.house == h and back.fair == [s]


# ---- forged codes, bad deal files (docs/records.md, "Checking a deal") --------------------

def _cli_on(deal, tmp_path, capsys) -> tuple[int, str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal), encoding="utf-8")
    rc = cli(["check-deal", str(path)])
    return rc, capsys.readouterr().out


def _one_off(code: str, i: int, step: int) -> str:
    digits = code.replace(" ", "")
    d = format((int(digits[i], 16) + step) % 16, "X")
    return digits[:i] + d + digits[i + 1:]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), forged=st.one_of(
    st.text("0123456789ABCDEF", min_size=16, max_size=16).map(lambda t: ("random", t)),
    st.tuples(st.integers(0, 15), st.integers(1, 15)).map(lambda t: ("one off", t))))
def test_a_forged_code_is_refused_by_verify_and_the_command_line(seed, forged, tmp_path_factory):
    """The code shown is compared with the secret's hash: a random code, or the true one
    with one digit changed, never checks (the hash and everything else left true)."""
    deal = _one_deal(seed=seed)
    kind, x = forged
    code = x if kind == "random" else _one_off(deal["code"], *x)
    if deal["hash"].upper().startswith(code.replace(" ", "")):
        return  # the random code happens to be the true one
    deal["code"] = code
    problems = fair.verify(deal)
    assert problems == [f"the code shown, {code}, is not the start of the secret number's hash"]
    path = tmp_path_factory.mktemp("forged") / "deal.json"
    path.write_text(json.dumps(deal), encoding="utf-8")
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["check-deal", str(path)]) == 1
    assert "does NOT check" in out.getvalue() and "is not the start" in out.getvalue()
    assert "The deal checks" not in out.getvalue()


def test_the_code_shown_has_16_digits_and_an_old_8_digit_code_still_checks(tmp_path, capsys):
    deal = _one_deal()
    assert re.fullmatch(r"([0-9A-F]{4} ){3}[0-9A-F]{4}", deal["code"])
    assert deal["hash"].upper().startswith(deal["code"].replace(" ", ""))
    old = dict(deal, code=deal["code"][:9])  # "60E0 5BD1": what a deal file of before holds
    assert fair.verify(old) == []
    rc, out = _cli_on(old, tmp_path, capsys)
    assert rc == 0 and old["code"] in out and deal["hash"] in out
    assert fair.verify(dict(deal, code=deal["code"][:4]))  # 4 digits commit to nothing


@pytest.mark.parametrize("code", ["\x1b[2J\x1b[31m1234 5678", "1234\u202e8765 4321",
                                  "12\u200f34\r5678\x07", "12\u2028 34"])
def test_check_deal_shows_escapes_and_bidi_controls_safely(code, tmp_path, capsys):
    deal = dict(_one_deal(), code=code)
    rc, out = _cli_on(deal, tmp_path, capsys)
    assert rc == 1 and "does NOT check" in out
    assert not any(unicodedata.category(c)[0] == "C" and c != "\n" for c in out), out
    assert "\u2028" not in out
    assert "\\u001b" in out or "\\u202e" in out or "\\u200f" in out or "\\u2028" in out


BAD_FIELDS = {
    "options a list": ({"options": [1, 2]}, "the rules' options are not a set of named"),
    "options text": ({"options": "rounds=3"}, "the rules' options are not a set of named"),
    "an unknown option": ({"options": {"colour": 1}}, "unknown option"),
    "an option's value text": ({"options": {"rounds": "x"}}, "rounds must be a whole"),
    "an option's value a list": ({"options": {"rounds": [1]}}, "rounds"),
    "seats a float": ({"seats": 2.0}, "the number of players is not a whole number"),
    "seats true": ({"seats": True}, "the number of players is not a whole number"),
    "seats 40": ({"seats": 40}, "the number of players is not a whole number from 2 to 8"),
    "round a float": ({"round": 1.5}, "the round's number is not a whole number"),
    "round 0": ({"round": 0}, "the round's number is not a whole number"),
    "round text": ({"round": "1"}, "the round's number is not a whole number"),
    "cut a float": ({"cut": 7.5}, "the cut is a whole number from 0"),
    "cut text": ({"cut": "7"}, "the cut is a whole number from 0"),
    "secret a float": ({"secret": 1.5}, "the secret number is not 64 hex digits"),
    "secret short": ({"secret": "ab"}, "the secret number is not 64 hex digits"),
    "hash a number": ({"hash": 5}, "the hash is not 64 hex digits"),
    "code a number": ({"code": 12345678}, "the code is not written as text"),
    "game unknown": ({"game": "dominoes"}, "the game is not one of"),
    "game a list": ({"game": ["mexican-train"]}, "the game is not one of"),
    "hands text": ({"hands": "6-6"}, "does not list 4 hands"),
}


NEEDED = {"game": "the game", "options": "the rules' options", "seats": "the number of "
          "players", "round": "the round's number", "secret": "the secret number",
          "cut": "the cut", "hands": "the hands", "boneyard": "the boneyard"}


@pytest.mark.parametrize("name", sorted(BAD_FIELDS) + [f"no {k}" for k in NEEDED])
def test_every_bad_field_of_a_deal_file_is_refused_in_plain_words(name, tmp_path, capsys):
    deal = _one_deal()
    if name.startswith("no "):
        key = name[3:]
        del deal[key]
        words = f'{NEEDED[key]} is missing (the field "{key}")'
    else:
        change, words = BAD_FIELDS[name]
        deal.update(change)
    problems = fair.verify(deal)
    assert problems and words in problems[0], problems
    rc, out = _cli_on(deal, tmp_path, capsys)
    assert rc == 1 and words in out and "Traceback" not in out
    for technical in ("object", "'float'", "interpreted", "Error", "NoneType"):
        assert technical not in out, out


@pytest.mark.parametrize("text", ["[1, 2]", '"a deal"', "7", "null"])
def test_a_deal_file_that_is_no_set_of_fields_is_refused_plainly(text, tmp_path, capsys):
    path = tmp_path / "deal.json"
    path.write_text(text, encoding="utf-8")
    assert cli(["check-deal", str(path)]) == 1
    assert "the file holds no deal" in capsys.readouterr().out
