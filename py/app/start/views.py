"""The start screen: the game, its rules and length, and who plays (its markup), and
what its form holds between taps (``StartForm``); the Quick game and the ways to the
rally scorekeeper and the kiosk.
"""

from __future__ import annotations

import bones
from app.game.deal_codes import code_of, full_hash
from app.game.games_ui import level_for, words
from app.game.seats import DEFAULT_NAMES, Seat
from app.shared.markup import NAME_INPUT, alert, button, e
from app.shared.render import domino_svg
from bones import fair
from bones.games import TARGET, presets_of
from bones.games import game as game_type
from bones.games import games as all_games
from bones.tiles import Tile


def start_screen(form, *, can_resume: bool, houses: list | None = None) -> str:
    """Game, rules, players; one big Quick game button. ``houses``: the house rules kept
    on this device for the form's game (app.shared.house_store), offered after the
    sheets."""
    games = "".join(
        f'<label class="choice big"><input type="radio" name="game" value="{g.id}"'
        f'{" checked" if g.id == form.game else ""} data-act="game:{g.id}"> {e(g.title)}</label>'
        for g in all_games())
    presets = [_rule_choice(name, form.preset == name and not form.house, f"preset:{name}",
                            p.title, p.summary) for name, p in presets_of(form.game).items()]
    presets += [_rule_choice(f"house-{i}", form.house == h.name, f"pick-house:{i}", h.title,
                             house_summary(h), "preset house-preset")
                for i, h in enumerate(houses or [])]
    presets.append('<p class="house-way">'
                   + button("House rules&hellip;", "house", cls="btn big",
                            name="House rules: your club's own rules, made from a sheet")
                   + "</p>")
    lo, hi = form.limits()
    offered = words(form.game).levels
    level_words = "".join(f"<li>{e(words(form.game).level_words[lv])}</li>" for lv in offered)
    seats = []
    for i, seat in enumerate(form.seats):
        kinds = "".join(f'<option value="{k}"{" selected" if seat.kind == k else ""}>'
                        f"{KIND_WORDS[k]}</option>" for k in KIND_WORDS)
        levels = "".join(f'<option value="{lv}"{" selected" if seat.level == lv else ""}>'
                         f"{lv.capitalize()}</option>" for lv in offered)
        seats.append(
            f'<li class="seat-row"><label>Player {i + 1} <input type="text" '
            f'data-field="name" data-seat="{i}" value="{e(seat.name)}" maxlength="{NAME_INPUT}" '
            f'autocomplete="off" aria-label="Name of player {i + 1}"></label>'
            f'<select data-field="kind" data-seat="{i}" aria-label="Who plays for player '
            f'{i + 1}">{kinds}</select>'
            f'<select data-field="level" data-seat="{i}" aria-label="Level of player {i + 1}"'
            f'{" disabled" if seat.kind != "computer" else ""}>{levels}</select></li>')
    # a game in progress: resuming it is the big choice, a new quick game the smaller one
    resume = (button("Resume your game", "resume", cls="btn huge primary") if can_resume
              else "")
    quick_cls = "btn big" if can_resume else "btn huge primary"
    length = _length_choice(form, next((h for h in houses or [] if h.name == form.house),
                                       None))
    return (
        '<div class="app start-screen"><header class="start-head">'
        f'<div class="station" data-station="12-12">{domino_svg(Tile(12, 12), height=110)}'
        '</div><div><h1>Rally Dominoes</h1>'
        '<p class="tagline">Mexican Train, Chicken Foot and All Fives, by your rally\'s '
        "rules.</p></div></header>"
        '<div class="quick">' + resume
        + button("Quick game", "quick", cls=quick_cls,
                 name="Quick game: you against three computer players, Good Sam's rules")
        + '<p class="summary">You against three computer players, Mexican Train by the '
          "Good Sam's rules.</p>"
        + button("Rally scorekeeper", "rally", cls="btn big",
                 name="Rally scorekeeper: score sheets for tables playing with real tiles")
        + button("Past games", "past-open", cls="btn big",
                 name="Past games: the games kept on this device, their replay and your "
                      "statistics")
        + button("Keep score for a table", "rally:table", cls="btn big",
                 name="Keep score for a table: one table's sheet on this device, from the "
                      "official's code")
        + button("Join a table with this phone", "together-join", cls="btn big",
                 name="Join a table with this phone: play your hand here, from the "
                      "table's QR code")
        + button("Kiosk mode", "kiosk-open", cls="btn",
                 name="Kiosk mode: the official's settings for a public screen")
        + "</div>" + learn_section() +
        '<form class="setup" aria-label="Set up a game">'
        f'<fieldset><legend>Game</legend><div class="choices">{games}</div></fieldset>'
        f'<fieldset><legend>Rules</legend>{"".join(presets)}{length}</fieldset>'
        f'<fieldset><legend>Players ({len(form.seats)})</legend>'
        '<div class="stepper">'
        + button("&minus;", "seats:-1", disabled=len(form.seats) <= lo,
                 name="One player fewer")
        + f'<span class="count" aria-live="polite">{len(form.seats)} players</span>'
        + button("+", "seats:+1", disabled=len(form.seats) >= hi, name="One more player")
        + f'</div><ol class="seat-rows">{"".join(seats)}</ol>'
        f'<ul class="level-words" aria-label="The computer players\' levels">{level_words}'
        "</ul></fieldset>"
        + cut_fieldset(form.secret, form.cut)
        + alert(form.error)
        + button("Start game", "start", cls="btn huge primary")
        + button("Play together", "together-host", cls="btn big",
                 name="Play together: this device is the table; players on their phones "
                      "join it by a QR code")
        + "</form></div>")


def cut_fieldset(secret: str, cut: str, what: str = "first") -> str:
    """The deal's code, shown before the deal, and the cut (app.game.deal_codes)."""
    return (f'<fieldset class="cut"><legend>Cut the deck</legend><p>Before the {what} deal '
            f"the page picks a secret number and shows its code: <strong class=\"code\">"
            f"{e(code_of(secret))}</strong>. Cut with any number you like (or leave it "
            "empty) before Start game or Quick game: the deal comes from both, so neither "
            "of us chooses it alone. After the round you can check it.</p>"
            + full_hash(secret) + '<label class="cut-box">Cut <input '
            f'type="text" id="cut-{what}" data-field="cut" inputmode="numeric" maxlength="13" '
            f'autocomplete="off" value="{e(cut)}" aria-label="Cut the deck: a number">'
            "</label></fieldset>")


def learn_section() -> str:
    """"Learn to play": a guided round of each game on the real table (app.lessons.lesson)."""
    from app.lessons.data import LESSONS

    items = "".join(
        f'<li>{button(f"Learn {x.title}", f"learn:{x.id}", cls="btn big")}'
        f'<p class="summary">{e(x.blurb)}</p></li>' for x in LESSONS.values())
    return ('<section class="learn" aria-labelledby="learn-h"><h2 id="learn-h">Learn to '
            'play</h2><p class="summary">A short round on the table: the lesson says what '
            f'to do and lights the tile to tap; you make every move.</p><ul>{items}</ul>'
            "</section>")


# who plays a seat, as the form offers it ("phone": a person on their own device, who
# joins the table by its QR code: app.together)
KIND_WORDS = {"human": "A person", "phone": "A person, on their phone",
              "computer": "The computer"}
TARGETS = ((250, "250 (the sheet)"), (200, "200"), (150, "150"), (100, "100"), (50, "50"),
           (61, "61, counting in fives"))


def _rule_choice(value: str, checked: bool, act: str, title: str, summary: str,
                 cls: str = "preset") -> str:
    """One rule set among the Rules: a sheet, or house rules kept here (``value``
    "house-N"), its summary and its "Full rules" button."""
    return (f'<div class="{cls}"><label class="choice"><input type="radio" name="preset" '
            f'value="{value}"{" checked" if checked else ""} data-act="{act}"> '
            f"<strong>{e(title)}</strong></label>"
            f'<p class="summary">{e(summary)}</p>'
            + button("Full rules", f"rules:{value}", cls="btn small",
                     name=f"Full rules: {title}") + "</div>")


def house_summary(h) -> str:
    """House rules in one line: who can play and what changes."""
    changes = [c.text for c in h.differences()]
    return f"{h.players}. " + ("; ".join(changes) if changes else "As the sheet says") + "."


def _length_choice(form, house=None) -> str:
    """How long a game lasts: rounds (train games) or the target (All Fives, A8); with
    house rules, theirs."""
    if house is not None:
        o = house.options()
        said = (f"Play to {o.target}" if game_type(form.game).length == TARGET
                else f"Rounds: {o.rounds}")
        return f'<p class="length">{e(said)} (the house rules).</p>'
    if game_type(form.game).length == TARGET:
        current = form.options.get("target", 250)
        opts = "".join(f'<option value="{v}"{" selected" if v == current else ""}>{e(t)}'
                       "</option>" for v, t in TARGETS)
        return ('<label class="length">Play to <select data-field="option" '
                f'data-option="target" aria-label="Play to">{opts}</select></label>')
    default = bones.PRESETS[form.preset].options.rounds
    current = form.options.get("rounds", default)
    opts = "".join(f'<option value="{n}"{" selected" if n == current else ""}>{n}'
                   f'{" (the sheet)" if n == default else ""}</option>' for n in range(1, 14))
    return ('<label class="length">Rounds <select data-field="option" data-option="rounds" '
            f'aria-label="Rounds">{opts}</select></label>')


class StartForm:
    """What the start screen's form holds between taps."""

    def __init__(self):
        self.game = "mexican-train"
        self.preset = "gs-mt"
        self.seats = [Seat("You", "human")] + [Seat(n) for n in ("Ann", "Bob", "Cora")]
        self.options: dict[str, int] = {}
        self.house = ""  # the name of the house rules chosen ("" a sheet as printed)
        self.secret = fair.new_secret()  # the first deal's, its code shown (app.game.deal_codes)
        self.cut = ""  # the cut as typed, kept through redraws
        self.error = ""  # why the last "Start game" was refused (a name too long)

    def engine_options(self) -> dict | None:
        """The chosen length as engine options (61 means counting in fives, A8)."""
        o = dict(self.options)
        if o.get("target") == 61:
            o["count_in_fives"] = True
        return o or None

    def set_option(self, name: str, value: str) -> None:
        if name == game_type(self.game).length:  # "rounds" (G1) or "target" (A8)
            try:
                self.options[name] = int(value)
            except ValueError:
                pass

    def limits(self) -> tuple[int, int]:
        cls = bones.GAMES[self.game]
        return cls.min_seats, cls.max_seats

    def set_game(self, game: str) -> None:
        if game not in bones.GAMES:
            return
        self.game = game
        self.preset = bones.GAMES[game].default_preset
        self.options = {}
        self.house = ""
        for seat in self.seats:  # Hard where this game offers none: its strongest, Normal
            seat.level = level_for(game, seat.level)
        lo, hi = self.limits()
        self.resize(max(lo, min(hi, len(self.seats))))

    def resize(self, n: int) -> None:
        lo, hi = self.limits()
        n = max(lo, min(hi, n))
        while len(self.seats) < n:
            self.seats.append(Seat(DEFAULT_NAMES[len(self.seats) % 8]))
        del self.seats[n:]
