"""Saving a match as JSON and reading it back.

A save is the match's start (game, options, seats, seed, explicit deals, the house
rules whole when it is played by any, and the rounds' deal codes with their secrets and
cuts) plus its move list in notation, as ``Match.to_json`` (core.py) writes it. Loading
replays the moves through ``play``, so a tampered or corrupt save is refused move by
move with a message that says where it went wrong, and a loaded match is equal to the
saved one in every field.
"""

from __future__ import annotations

import json
from typing import Any

from .core import SAVE_FORMAT, Match, new_game
from .errors import BadSave, IllegalMove
from .fair_seed import read_seal
from .house import HouseRules
from .inbound import fields, read_json

# The format version is the edition of the rules the moves were played by (core.RULES):
# the fields are the same in both. A version 1 save replays, and goes on, by the rules it
# was played by, and is written back as version 1.
VERSION = 2
READS = (1, 2)
MAX_SAVE = 200_000  # characters: the longest matches played here save in about 12,000
MAX_MOVE = 40  # characters of one move's notation ("13-12@M" is 7)


def to_json(match: Match) -> dict:
    return match.to_json()


def dumps(match: Match) -> str:
    return json.dumps(to_json(match), separators=(",", ":"))


def from_json(data: Any) -> Match:
    """Rebuild a match from ``to_json`` output (a dict or its JSON text)."""
    if isinstance(data, str | bytes | bytearray):
        data = read_json(data, "the save", MAX_SAVE, BadSave)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise BadSave("this is not a Rally Dominoes save")
    version = data.get("version")
    if version not in READS or type(version) is not int:
        raise BadSave(f"this save has format version {str(version)[:20]}; this game reads "
                      f"versions {READS[0]} to {VERSION}")
    fields(data, "the save", {"format", "version", "game", "seats", "options", "seed",
                              "moves"}, {"preset", "deal", "house", "fair"}, BadSave)
    seed = data["seed"]
    if not (isinstance(seed, int) and not isinstance(seed, bool)
            or isinstance(seed, str) and len(seed) <= 100):
        raise BadSave(f"the save's seed is not a number or a short text: {str(seed)[:40]!r}")
    deal = data.get("deal")
    if deal is not None and not (isinstance(deal, list)
                                 and all(isinstance(d, dict) for d in deal)):
        raise BadSave(f"the save's deal is not a list of deals: {str(deal)[:40]!r}")
    if not isinstance(data["options"], dict):
        raise BadSave("the save's options are not a record")
    house = data.get("house")
    if house is not None:  # the house rules as they were when the match began
        house = HouseRules.from_dict(house, BadSave, "the save's house rules")
    fair = data.get("fair", [])
    if not isinstance(fair, list):
        raise BadSave("the save's deal codes are not a list of rounds")
    try:
        fair = [read_seal(f, f"the save's deal code of round {i + 1}")
                for i, f in enumerate(fair)]
    except ValueError as e:
        raise BadSave(str(e)) from None
    try:
        match = new_game(data["game"], seats=data["seats"], options=data["options"],
                         seed=data["seed"], deal=data.get("deal") or None,
                         preset=data.get("preset"), house=house, fair=fair,
                         _rules=version)
    except (KeyError, TypeError, ValueError) as e:
        raise BadSave(f"the save's start is not valid: {str(e)[:200]}") from None
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise BadSave("the save has no move list")
    for i, text in enumerate(moves):
        if not isinstance(text, str) or len(text) > MAX_MOVE:
            raise BadSave(f"move {i + 1} of the save is not a move: {str(text)[:40]!r}")
        try:
            match.play(text)
        except (IllegalMove, ValueError) as e:
            raise BadSave(f"move {i + 1} of the save ({text}) is not legal: "
                          f"{str(e)[:200]}") from None
    return match


def loads(text: str) -> Match:
    return from_json(text)
