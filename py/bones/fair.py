"""Deals anyone can check (docs/records.md), as the page uses them.

Before each deal the page makes a secret number (``new_secret``) and shows the short code
of its hash (``commitment``, ``short_code``); the player may cut (a number); the round is
dealt from the seed of the two (``seal``, fair_seed.py). Round one's seal goes to
``new_game(..., fair=[seal])``, each later round's to ``seal_next`` before ``next`` is
played. The save keeps every seal, so the match replays exactly; ``revealed`` gives a
round's secret once the round is over, and ``round_deal`` the whole deal as data, which
``verify`` checks against the secret, the cut and the rules, and ``played_problems``
against the game as it was played.

    >>> import bones
    >>> s = seal("00" * 32, 417)
    >>> g = bones.new_game("mexican-train", seats=2, seed=1, fair=[s])
    >>> code_now(g), revealed(g, 1) is None
    ('60E0 5BD1 B195 AF2F', True)
    >>> deal = round_deal(bones.loads(bones.dumps(g)), 1, reveal=True)
    >>> deal["hands"][0] == sorted(map(str, g.hands[0]), key=tile_order), verify(deal)
    (True, [])
"""

from __future__ import annotations

from collections import Counter

from .core import Match, _with_options, options_dict
from .deals import deal_out, drawing_order
from .errors import BadData
from .fair_seed import (
    _HEX64,
    CODE_DIGITS,
    CUT_MAX,
    OLD_CODE_DIGITS,
    Sealed,
    Shuffler,
    code_problem,
    commitment,
    new_secret,
    printable,
    read_seal,
    round_seed,
    seal,
    short_code,
)
from .games import MATCHES
from .inbound import read_json
from .moves import JOIN, NEXT
from .tiles import Tile, parse_tile

__all__ = ["CUT_MAX", "Sealed", "code_now", "commitment", "new_secret", "played_problems",
           "printable", "read_seal", "revealed", "round_deal", "round_seed", "seal", "seal_next",
           "seats_at", "short_code", "tile_order", "verify"]

MAX_DEAL_FILE = 100_000  # characters of a deal file to check (a deal takes about 2,000)


def tile_order(text: str) -> tuple:
    """How the deal lists a hand's tiles: by the higher half, then the lower."""
    t = parse_tile(text)
    return (t.hi, t.lo)


def code_now(match: Match) -> str | None:
    """The short code of the round being played (or just over), for the table to show
    through the round; None when the round was dealt without one."""
    i = match.round_number - 1
    return match.fair[i].code if i < len(match.fair) else None


def seal_next(match: Match, sealed: Sealed) -> None:
    """Give the next round its seal, after its code was shown and the player cut; the
    page then plays ``next`` as usual. Only between rounds, and only for a match whose
    every round so far had one (a game begun without codes goes on without them)."""
    if type(sealed) is not Sealed:
        raise ValueError("a round's deal code must be a Sealed (fair.seal)")
    if not match.round_over or match.match_over:
        raise ValueError("a round's deal code is given between rounds, before 'next'")
    if len(match.fair) != match.round_number:
        raise ValueError(f"round {match.round_number + 1} cannot have a deal code: this "
                         f"game's earlier rounds were dealt without one")
    match.fair.append(sealed)


def is_over(match: Match, round_number: int) -> bool:
    """Round ``round_number`` of ``match`` has been played to its end."""
    return round_number < match.round_number or (round_number == match.round_number
                                                  and match.round_over)


def revealed(match: Match, round_number: int) -> Sealed | None:
    """A round's seal (its secret and cut), once the round is over; None before that or
    when the round had none."""
    i = round_number - 1
    if not 0 <= i < len(match.fair) or not is_over(match, round_number):
        return None
    return match.fair[i]


def seats_at(match: Match, round_number: int) -> int:
    """How many seats round ``round_number`` was dealt to (late arrivals join between
    rounds)."""
    seats, r = match.initial_seats, 1
    for move, _seat, _token in match.history:
        if r == round_number:
            break
        if move.kind == JOIN:
            seats += 1
        elif move.kind == NEXT:
            r += 1
    return seats


def _texts(tiles) -> list[str]:
    return [str(t) for t in tiles]


def _dealt(game: str, options, seats: int, round_number: int, sealed: Sealed) -> dict:
    """What the rules and the seal deal: the deck in its shuffled order, the hands (each
    in ``tile_order``), the boneyard in drawing order, the draw for first player."""
    cls = MATCHES[game]
    deck = cls.round_deck(options, seats, round_number)
    order = list(deck.tiles)
    Shuffler(sealed.seed, deck.purpose).shuffle(order)
    hands, boneyard = deal_out(deck, Shuffler(sealed.seed, deck.purpose))
    draw = []
    if round_number == 1:
        rng = Shuffler(sealed.seed, cls.lead_purpose)
        draw = [[[s, str(t)] for s, t in rnd] for rnd in cls.lead_draw(options, seats, rng)]
    return {
        "placed": None if deck.placed is None else str(deck.placed),
        "deck": _texts(order),
        "hands": [sorted(_texts(h), key=tile_order) for h in hands],
        "boneyard": _texts(drawing_order(boneyard)),
        "first_draw": draw,
    }


def round_deal(match: Match, round_number: int, *, reveal: bool = False) -> dict | None:
    """The whole deal of a round as data, for the replay and for anyone to check: the
    game, options, seats and round it was dealt for, the code's full hash and short form,
    the secret, the cut and the seed, the placed double, the deck in its shuffled order,
    every hand, the boneyard in drawing order and (round one) the draw for first player.
    None when the round had no seal. Refused (ValueError) while the round is being
    played, unless ``reveal`` (a test, a tool)."""
    i = round_number - 1
    if not 0 <= i < len(match.fair):
        return None
    if not reveal and not is_over(match, round_number):
        raise ValueError(f"round {round_number}'s deal is shown once the round is over")
    sealed = match.fair[i]
    seats = seats_at(match, round_number)
    return {
        "game": match.game, "options": options_dict(match.options), "seats": seats,
        "round": round_number, "hash": sealed.hash, "code": sealed.code,
        "secret": sealed.secret, "cut": sealed.cut, "seed": sealed.seed,
        **_dealt(match.game, match.options, seats, round_number, sealed),
    }


# a deal file's fields (docs/records.md), in the words a problem names them by
NEEDED = {"game": "the game", "options": "the rules' options", "seats": "the number of "
          "players", "round": "the round's number", "secret": "the secret number",
          "cut": "the cut", "hands": "the hands", "boneyard": "the boneyard"}
MAX_ROUND = 100  # no game of ours has more rounds


def _read_problem(deal) -> str | None:
    """The first field of a deal that cannot be read, in plain words; None when every
    field can be checked."""
    if not isinstance(deal, dict):
        return "the file holds no deal: a deal is a set of named fields, like {\"game\": ...}"
    for key, what in NEEDED.items():
        if key not in deal:
            return f"{what} is missing (the field \"{key}\")"
    if "hash" not in deal and "code" not in deal:
        return "the code is missing (the field \"code\" or \"hash\")"
    if not isinstance(deal["game"], str) or deal["game"] not in MATCHES:
        return f"the game is not one of {', '.join(sorted(MATCHES))}"
    if not isinstance(deal["options"], dict):
        return "the rules' options are not a set of named values, like {\"rounds\": 13}"
    for key, lo, hi in (("seats", 2, 8), ("round", 1, MAX_ROUND)):
        if type(deal[key]) is not int or not lo <= deal[key] <= hi:
            return f"{NEEDED[key]} is not a whole number from {lo} to {hi}"
    if "hash" in deal and not (isinstance(deal["hash"], str) and _HEX64.fullmatch(deal["hash"])):
        return "the hash is not 64 hex digits (0-9, a-f)"
    try:
        seal(deal["secret"], deal["cut"])
    except ValueError as e:
        return str(e)
    return None


def verify(deal: dict) -> list[str]:
    """What is wrong with a revealed deal, in plain words (an empty list: it checks):
    every field can be read, the code shown is the start of the secret's hash, the seed
    is the secret's and the cut's, and every hand, the boneyard's order and the draw for
    first player are what that seed deals by the rules of the game, options, seats and
    round given."""
    problem = _read_problem(deal)
    if problem is None:
        sealed = seal(deal["secret"], deal["cut"])
        cls = MATCHES[deal["game"]]
        seats, round_number = deal["seats"], deal["round"]
        try:
            options = _with_options(cls.options_type(), deal["options"])
            options.check(seats)
            want = _dealt(cls.game, options, seats, round_number, sealed)
        except ValueError as e:
            problem = str(e)[:200]
        except (KeyError, TypeError, AttributeError, IndexError):
            problem = "an option's value is not one this game takes"
    if problem is not None:
        return [f"the deal cannot be checked: {problem}"]
    problems = []
    if "hash" in deal and deal["hash"] != sealed.hash:
        problems.append("the code's hash is not the hash of the secret number")
    if "code" in deal:
        wrong = code_problem(deal["code"], sealed.hash)
        if wrong is not None:
            problems.append(wrong)
    if "seed" in deal and deal["seed"] != sealed.seed:
        problems.append("the seed is not the one the secret number and the cut make")
    for key, what in (("placed", "the double placed before the deal"),
                      ("deck", "the order of the shuffled tiles")):
        if key in deal and deal[key] != want[key]:
            problems.append(f"{what} is not what this seed deals")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != len(want["hands"]):
        problems.append(f"the deal does not list {len(want['hands'])} hands")
    else:
        for s, (got, exp) in enumerate(zip(hands, want["hands"], strict=True)):
            if not isinstance(got, list) or Counter(map(str, got)) != Counter(exp):
                problems.append(f"seat {s}'s hand is not the one this seed deals")
    if deal.get("boneyard") != want["boneyard"]:
        problems.append("the boneyard's order is not the one this seed deals")
    if deal.get("first_draw", []) != want["first_draw"]:
        problems.append("the draw for first player is not the one this seed draws")
    return problems


def played_problems(deal: dict, start: Match) -> list[str]:
    """What differs between a round's deal (``round_deal``) and the game as played:
    ``start`` is the match at the round's start, before its first move (a replay's
    position). A starting double found by its holder is put back in his hand, and tiles
    drawn while looking for it (WC-MT's start: ``setup_draws``) are the boneyard's first
    ones. Empty when they agree."""
    drawn = sum(getattr(start, "setup_draws", ()))
    hands = [Counter(map(str, h)) for h in start.hands]
    hub = getattr(start, "hub", None)
    if deal["placed"] is None and hub is not None:
        hands[start.leader][str(hub)] += 1  # placed by its holder, who leads
    early = Counter(deal["boneyard"][:drawn])
    problems = []
    for s, (got, exp) in enumerate(zip(hands, deal["hands"], strict=True)):
        extra = got - Counter(exp)
        if Counter(exp) - got or extra - early or sum(extra.values()) != _draws(start, s):
            problems.append(f"seat {s}'s hand in the game is not the one dealt")
    if _texts(drawing_order(start.boneyard)) != deal["boneyard"][drawn:]:
        problems.append("the boneyard in the game is not the one dealt")
    if deal["first_draw"] and _first_draw(start) != deal["first_draw"]:
        problems.append("the draw for first player in the game is not the one dealt")
    return problems


def _draws(start: Match, seat: int) -> int:
    return start.setup_draws[seat] if hasattr(start, "setup_draws") else 0


def _first_draw(start: Match) -> list:
    draw = start.first_draw
    if draw and isinstance(draw[0], tuple) and isinstance(draw[0][1], Tile):
        draw = [draw]  # All Fives keeps its one round of drawing flat
    return [[[s, str(t)] for s, t in rnd] for rnd in draw]



def check_file(argv: list[str]) -> int:
    """``python -m bones check-deal FILE``: the deal in FILE (``round_deal`` as JSON, as
    the replay shows it) checked with ``verify``; prints the verdict in plain words (any
    text from the file made ``printable``) and returns 0 when it checks, 1 when it does
    not or cannot be read."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python -m bones check-deal FILE  (a round's deal, as JSON)")
        return 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            text = f.read(MAX_DEAL_FILE + 1)
        deal = read_json(text, "the deal file", MAX_DEAL_FILE)
    except (OSError, UnicodeDecodeError, BadData) as e:
        print(printable(f"The deal cannot be checked: {str(e)[:200]}"))
        return 1
    problems = verify(deal)
    if problems:
        print("The deal does NOT check:")
        for p in problems:
            print(printable(f"- {p}"))
        return 1
    code = short_code(deal.get("hash") or commitment(deal["secret"]))
    old = ("code" in deal and len(deal["code"].replace(" ", "").replace("-", ""))
           < CODE_DIGITS)
    print(f"The deal checks: code {deal['code'] if old else code} is the start of the hash "
          f"of the secret number, and round {deal['round']} of {deal['game']} for "
          f"{deal['seats']} players (every hand, the boneyard's order"
          f"{', the draw for first player' if deal.get('first_draw') else ''}) is what the "
          f"secret and the cut {deal['cut']} deal."
          + (f" The code shown then had {OLD_CODE_DIGITS} digits: compare the full hash, "
             f"{commitment(deal['secret'])}, where you can." if old else ""))
    return 0
