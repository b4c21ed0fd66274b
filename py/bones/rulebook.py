"""The rules in plain words, one line per rule ID (docs/rules.md lists them all), and where
each rule stands on its printed sheet.

Rule IDs (G7, S5, ...) are ours, for code and tests. A player or official knows the
sheet itself, whose items are numbered otherwise (our G7 is the Good Sam's sheets'
General 9), so everything the page shows cites a rule with ``cite``: the sheet's own
name and item, from ``PLACES`` (the README's table "Where each rule stands on the
printed sheet").
"""

from __future__ import annotations

from .games import presets_of
from .presets import PRESETS

# The printed sheet each preset follows, by the name an official knows it by.
SHEET_TITLES = {
    "gs-mt": "Good Sam's Mexican Train",
    "st-mt": "Samboree tournament sheet",
    "wc-mt": "Candela's Mexican Train rules",
    "gs-cf": "Good Sam's Chicken Foot",
    "gs-af": "Good Sam's Dominoes",
}

_GOOD_SAMS = {"G1": "General 1 and 4", "G2": "General 2 and 3", "G3": "General 5",
              "G4": "General 6", "G5": "General 7", "G6": "General 8", "G7": "General 9",
              "G8": "The Play 1"}

# Where each rule stands on each sheet. A sheet lists only its own rules: the same
# rule can stand at another item on another sheet (G9 is The Play 9 on GS-MT, 8 on GS-CF).
PLACES = {
    "gs-mt": {**_GOOD_SAMS, "G9": "The Play 9", "G10": "The Play 10", "G11": "The Play 11",
              **{f"M{i}": f"The Play {i + 1}" for i in range(1, 8)}},
    "gs-cf": {**_GOOD_SAMS, "G9": "The Play 8", "G10": "The Play 9", "G11": "The Play 10",
              **{f"F{i}": f"The Play {i + 1}" for i in range(1, 7)}},
    "st-mt": {"S1": "To Start 1", "S2": "To Start 2", "S3": "To Start 2", "S4": "To Start 5",
              "S5": "To Start 6", "S6": "To Start 9", "S7": "To Start 4"},
    "wc-mt": {"C1": "Getting Started", "C2": "Getting Started", "C3": "Getting Started",
              "C4": "Getting Started", "C5": "Jumping Trains and Doubles",
              "C6": "Mexican Train", "C7": "Final Tiles", "C8": "Final Tiles"},
    "gs-af": {"A1": "Players", "A2": "The Shuffle; Drawing", "A3": "Begin Play",
              "A4": "Object of the game", "A5": "Object of the game",
              "A6": "Object of the game", "A7": "Blocking the Game",
              "A8": "Blocking the Game"},
}


def cite(rule: str, preset: str) -> str:
    """A rule as the page cites it for a table playing ``preset``: the item of its own
    sheet ("General 9"), or, for a rule the preset takes from another sheet (the
    tournament sheet is silent on late arrivals), that sheet's name and item ("Good
    Sam's Mexican Train, General 9"). The sheet of the preset's own game comes first."""
    own = PLACES.get(preset, {})
    if rule in own:
        return own[rule]
    own_game = presets_of(PRESETS[preset].game) if preset in PRESETS else {}
    homes = sorted(PLACES, key=lambda k: k not in own_game)
    for home in homes:
        if rule in PLACES[home]:
            return f"{SHEET_TITLES[home]}, {PLACES[home][rule]}"
    raise KeyError(f"no sheet has the rule {rule!r}")


RULES = {
    "G1": "Lowest total score wins. Every player's points are written down each round.",
    "G2": "One double-twelve set per table; six players is the usual table.",
    "G3": "Before the game everyone draws one bone: the highest pip total plays first.",
    "G4": "Play goes clockwise, and the first player moves one seat clockwise each round.",
    "G5": "The first round starts with the double 9 (then 8-8, 7-7 and so on).",
    "G6": "Knocking on your last bone is a courtesy; forgetting costs nothing.",
    "G7": "A late arrival may join at the next round and takes the highest total at the "
          "table.",
    "G8": "The round's double is put face up in the middle before the deal.",
    "G9": "A round ends when someone goes out, or the boneyard is empty and nobody can play.",
    "G10": "Your score is the pips left in your hand; the double blank counts zero. Not "
           "showing your bones scores the table's highest that round plus 10.",
    "G11": "Score sheets of all tables are compared: the two lowest totals take 1st and 2nd.",
    "M1": "12 bones each.",
    "M2": "The first player may start their own train or the Mexican Train.",
    "M3": "Cannot play? Draw one. Still cannot? Put your marker on your train: it is open.",
    "M4": "Anyone may play on the Mexican Train or on any train with a marker.",
    "M5": "Play a double and you must play another tile anywhere you may play; draw if you "
          "cannot. A second double means a third tile.",
    "M6": "A double left uncovered must be satisfied by the next player, even on a private "
          "train; whoever cannot draws and passes the duty on. The last double comes first.",
    "M7": "Going out on a double needs no satisfying.",
    "S1": "12 bones each for 2-4 players, 10 for 5-6, 8 for 7 or more.",
    "S2": "Rounds start with 12-12 and go down one a round; the tournament plays 4 rounds.",
    "S3": "In the tournament the starting double is already in place.",
    "S4": "A double must be covered on itself before any other train is played; if you "
          "cannot, draw, then put up your marker.",
    "S5": "You must tap when you are down to one domino; forget and you draw two if "
          "someone catches you.",
    "S6": "Table winners play a playoff game; the official picks its double and rounds.",
    "S7": "Tiles may be matched by colour as well as by number (colour pips help the eye).",
    "C1": "15 tiles each for 2-4 players, 11 for 5-6, 8 for 7-8.",
    "C2": "Whoever holds the starting double places it and leads; if nobody has it, "
          "players draw in turn until it turns up.",
    "C3": "If you can play, you must: no holding back a tile that fits.",
    "C4": "A tile you draw that fits may be played at once; otherwise play passes.",
    "C5": "A double is laid crosswise and covered in the same turn; if it is not, each "
          "next player must cover it or draw.",
    "C6": "Only one Mexican Train, started by anyone with a tile that matches the centre.",
    "C7": "Forget to knock on your last tile and get caught: draw two.",
    "C8": "A blocked round: fewest pips wins; a blank half counts 25 and the double blank "
          "50.",
    "F1": "7 bones each.",
    "F2": "The first double takes 4 paths (3 toes and a spur), all played before anything "
          "else.",
    "F3": "Every later double gets its 3 toes before play goes anywhere else.",
    "F4": "Play a double and you must play a second tile, drawing if you cannot.",
    "F5": "Until a double is satisfied, the duty passes from player to player.",
    "F6": "Going out on a double needs no satisfying.",
    "A1": "2, 3 or 4 players; four play as two partnerships, partners sitting opposite.",
    "A2": "Draw one tile each: highest double (else highest tile) leads. Reshuffle, 7 "
          "tiles each; draw from the boneyard when you cannot play.",
    "A3": "The leader plays any tile. Touching ends must match.",
    "A4": "When the open ends add up to a multiple of five, you score that total.",
    "A5": "The first double is the spinner: after its two ends, its two sides open too. "
          "Other doubles lie crosswise and count both halves.",
    "A6": "Going out scores the opponents' pips, rounded to the nearest five (not your "
          "partner's).",
    "A7": "Blocked: the player or side with the fewest pips scores the opponents' pips, "
          "rounded to the nearest five.",
    "A8": "The first to 250 wins; the winner leads the next game.",
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"


def rules_for(preset: str) -> list[tuple[str, str, str]]:
    """(rule ID, where the sheet has it, plain words) for every rule a preset follows."""
    return [(rid, cite(rid, preset), RULES[rid]) for rid in PRESETS[preset].rules]


def markdown() -> str:
    """docs/rules.md's tables: every sheet's rules with their IDs, where each stands on
    the printed sheet and the rule in plain words (``python -m bones rules`` prints it;
    tests/engine/test_rules_doc.py keeps the page equal to it)."""
    out = []
    for name in SHEET_TITLES:
        out += [f"### {SHEET_TITLES[name]} (`{name}`)", "",
                "| ID | On the sheet | The rule |", "|---|---|---|"]
        out += [f"| {rid} | {where} | {words} |" for rid, where, words in rules_for(name)]
        out.append("")
    return "\n".join(out)
