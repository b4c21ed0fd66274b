"""The table's screens as markup: pure functions of a Session and a layout.

Every control is a real button (or an SVG group with role="button") with a name a
person would say: "Domino 12-5, playable", "Mexican Train", "Draw". The controller
listens for clicks and keys on the whole page and reads ``data-act`` to know what was
asked; nothing here decides what is legal: the legal moves come from the engine.
"""

from __future__ import annotations

import re
from html import escape

import bones
from app.render import FACE_H, FACE_W, domino_group, domino_svg
from app.session import GAME_TITLES, LEVELS, PACES, Seat, Session
from bones.moves import CALL, DRAW, KNOCK, PASS, PLAY
from bones.rulebook import rules_for
from bones.tiles import Tile


def e(text) -> str:
    return escape(str(text), quote=True)


_TILE_NAME = re.compile(r"(?<![\w-])(\d{1,2}-\d{1,2})(?![\w-])")


def prose(text) -> str:
    """A sentence for the page, escaped, with each tile name ("9-12") kept on one line:
    a narrow screen must not break it at its hyphen into "9-" and "12"."""
    return _TILE_NAME.sub(r'<span class="tn">\1</span>', e(text))


def button(label: str, act: str, *, cls: str = "btn", disabled: bool = False,
           extra: str = "", name: str | None = None) -> str:
    aria = f' aria-label="{e(name)}"' if name else ""
    dis = " disabled" if disabled else ""
    return (f'<button type="button" class="{cls}" data-act="{e(act)}"{aria}{dis}{extra}>'
            f"{label}</button>")


# ---- the table ----
def table_layout(s, width: int, height: int, prefer=None):
    """Where every tile of the session's table goes (bones.layout), with the seats' names
    (and the Mexican Train's), and bigger tiles than the layout's default where the
    screen has room: older eyes."""
    from bones.layout import layout_game  # not needed by the first screen

    names = [seat.name for seat in s.seats]
    if s.game.game == "mexican-train":
        names.append("Mexican Train")
    return layout_game(s.game, width=width, height=height, names=names, prefer=prefer,
                       max_scale=64.0)


def table_svg(session: Session, lay, *, selected: Tile | None, targets: set[int],
              fresh: Tile | None = None) -> str:
    """The felt: every tile where the layout puts it, trains' markers, and the places
    the selected tile may go as buttons."""
    coloured = session.settings.coloured
    parts = [f'<svg class="felt-svg" xmlns="http://www.w3.org/2000/svg" viewBox="{lay.view_box}"'
             f' preserveAspectRatio="xMidYMid meet" role="group" aria-label="The table">']
    if lay.station is not None:
        b = lay.station
        parts.append(f'<rect class="station" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                     f'height="{b.h:.3f}" rx="0.3"/>')
    for j in lay.joints():
        pts = " ".join(f"{x:.3f},{y:.3f}" for x, y in j)
        parts.append(f'<polyline class="joint" points="{pts}"/>')
    for tv in lay.trains:
        parts.append(_train_markup(session, tv, selected, targets))
    for p in lay.tiles():
        cls = "placed fresh" if fresh is not None and p.tile == fresh else "placed"
        x, y = p.corner()
        parts.append(f'<g class="{cls}">'
                     + domino_group(p.tile, x, y, angle=p.hi_angle, scale=1 / FACE_W,
                                    coloured=coloured) + "</g>")
    # The places the chosen tile may go lie on top, so a tap anywhere on a lit train
    # (tiles included) plays there.
    for tv in lay.trains:
        if tv.train in targets and tv.target is not None:
            parts.append(_target_button(session, tv.train, tv.target.box, tv.lane))
    lead = lay.extra.get("lead") if hasattr(lay, "extra") else None
    if lead is not None:  # All Fives: the first tile of a hand goes in the middle (A3)
        if lead.value in targets:
            parts.append(_target_button(session, lead.value, lead.box, None))
        else:
            b = lead.box
            parts.append(f'<rect class="slot" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                         f'height="{b.h:.3f}" rx="0.15" data-drop="{lead.value}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _train_markup(session: Session, tv, selected: Tile | None, targets: set[int]) -> str:
    out = []
    if tv.lane is not None and tv.train in targets:
        b = tv.lane
        out.append(f'<rect class="lane lit" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                   f'height="{b.h:.3f}" rx="0.25"/>')
    if tv.label is not None:
        lb = tv.label
        x, y = lb.point
        size = min(0.5, lb.box.h * 0.7)
        # Long names are squeezed into their box rather than run into a neighbour.
        fit = min(lb.box.w, len(lb.text) * size * 0.62)
        out.append(f'<text class="train-label" x="{x:.3f}" y="{y:.3f}" '
                   f'text-anchor="{lb.anchor}" dominant-baseline="central" '
                   f'font-size="{size:.3f}" textLength="{fit:.3f}" '
                   f'lengthAdjust="spacingAndGlyphs">{e(lb.text)}</text>')
    if tv.marker is not None:
        m = tv.marker
        state = "open" if tv.open else "closed"
        # An open train's marker is up: a bright disc with a ring; closed: plain grey.
        ring = (f'<circle class="ring" cx="{m.x:.3f}" cy="{m.y:.3f}" r="{m.r * 0.55:.3f}"/>'
                if tv.open else "")
        out.append(f'<g class="marker {state}"><circle cx="{m.x:.3f}" cy="{m.y:.3f}" '
                   f'r="{m.r:.3f}"/>{ring}<title>{e(tv.name)}: {state}</title></g>')
    if tv.target is not None and tv.train not in targets:
        b = tv.target.box
        cls = "slot pending" if tv.pending else "slot"
        out.append(f'<rect class="{cls}" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                   f'height="{b.h:.3f}" rx="0.15" data-drop="{tv.train}"/>')
    return "".join(out)


def _target_button(session: Session, target: int, b, lane) -> str:
    name = session.target_label(target)
    name = name[:1].upper() + name[1:]
    hit = lane or b
    return (f'<g class="target" role="button" tabindex="0" aria-label="{e(name)}" '
            f'data-act="target" data-target="{target}">'
            f'<rect class="hit" x="{hit.x:.3f}" y="{hit.y:.3f}" width="{hit.w:.3f}" '
            f'height="{hit.h:.3f}"/><rect class="slot lit" x="{b.x:.3f}" y="{b.y:.3f}" '
            f'width="{b.w:.3f}" height="{b.h:.3f}" rx="0.15"/></g>')


# ---- the hand and the buttons ----
def hand_markup(session: Session, seat: int | None, selected: Tile | None) -> str:
    if seat is None:
        return ('<div class="hand hidden-hand" role="group" aria-label="Tiles">'
                '<p class="hint-text">The tiles are hidden until the player takes the '
                'screen.</p></div>')
    moves = session.my_moves()
    playable = {m.tile for m in moves if m.kind == PLAY}
    coloured = session.settings.coloured
    hand = sorted(session.game.hands[seat], key=lambda t: (-t.hi, -t.lo))
    who = "Your tiles" if len(session.humans) == 1 else f"{session.name(seat)}'s tiles"
    parts = [f'<div class="hand" role="group" aria-label="{e(who)}">']
    for t in hand:
        ok = t in playable
        state = "playable" if ok else "not playable"
        cls = "hand-tile" + (" playable" if ok else "") + (" selected" if t == selected else "")
        pressed = "true" if t == selected else "false"
        parts.append(
            f'<button type="button" class="{cls}" data-act="select" data-tile="{t}" '
            f'aria-pressed="{pressed}" aria-label="Domino {t}, {state}">'
            + _upright(t, coloured) + "</button>")
    if not hand:
        parts.append('<p class="hint-text">No tiles left.</p>')
    parts.append("</div>")
    return "".join(parts)


def _upright(t: Tile, coloured: bool) -> str:
    return (f'<svg class="tile-svg" viewBox="0 0 {FACE_W} {FACE_H}" aria-hidden="true">'
            + domino_group(t, coloured=coloured) + "</svg>")


def actions_markup(session: Session) -> str:
    moves = session.my_moves()
    kinds = {m.kind for m in moves}
    g = session.game
    pass_name = "Pass (marker up)" if g.game == "mexican-train" else "Pass"
    parts = ['<div class="actions" role="group" aria-label="Actions">',
             button(f"Draw <small>({len(g.boneyard)} left)</small>", "draw", cls="btn big",
                    disabled=DRAW not in kinds, name="Draw"),
             button(pass_name, "pass", cls="btn big", disabled=PASS not in kinds, name="Pass")]
    if g.knocks:
        parts.append(button("Knock", "knock", cls="btn big", disabled=KNOCK not in kinds,
                            name="Knock"))
    for m in moves:
        if m.kind == CALL:
            who = session.name(m.target)
            parts.append(button(f"Catch {e(who)}: no knock!", f"call:{m.target}",
                                cls="btn big warn", name=f"Catch {who} not knocking"))
    parts.append("</div>")
    return "".join(parts)


def seats_markup(session: Session) -> str:
    g = session.game
    last = session.last_moves()
    parts = ['<ul class="seat-list" aria-label="Players">']
    for s, seat in enumerate(session.seats):
        turn = " turn" if g.turn == s else ""
        if g.game == "all-fives" and len(session.sides()) == 2 and len(session.seats) == 4:
            turn += f" team-{g.sides[s]}"
        you = " (you)" if seat.human and len(session.humans) == 1 and seat.name != "You" \
            else ""
        kind = "" if seat.human else f"computer, {seat.level}"
        marker = ""
        if g.game == "mexican-train" and s < len(g.markers):
            marker = ('<span class="badge open">train open</span>' if g.markers[s]
                      else '<span class="badge">train closed</span>')
        count = len(g.hands[s]) if s < len(g.hands) else 0
        parts.append(
            f'<li class="seat{turn}" data-seat="{s}"><span class="seat-name">{e(seat.name)}'
            f'{e(you)}</span> <span class="seat-kind">{e(kind)}</span>'
            f'<span class="seat-count">{count} tile{"s" if count != 1 else ""}</span>{marker}'
            f'<span class="seat-last">{e(last.get(s, ""))}</span></li>')
    parts.append("</ul>")
    return "".join(parts)


def _match_sheet(session: Session, **how) -> str:
    """The match's score sheet, drawn by the rally scorekeeper's code (issue 9). Imported
    here, not at start-up: the first screen does not need it."""
    from app.rally_views import sheet_table
    from bones.rally import match_sheet

    g = session.game
    return sheet_table(match_sheet(g, [session.name(s) for s in range(g.seats)]), **how)


def scores_markup(session: Session) -> str:
    g = session.game
    total_rounds = getattr(g.options, "rounds", None)
    title = (f"Round {g.round_number} of {total_rounds}" if total_rounds and
             g.game != "all-fives" else f"Hand {g.round_number}")
    extra = ""
    if g.game == "all-fives":
        extra = _allfives_sheet(session)
    sheet = _match_sheet(session, compact=True)
    return (f'<section class="scores" aria-label="Score sheet"><h2>{e(title)}</h2>{extra}'
            f"{sheet}</section>")


def _allfives_sheet(session: Session) -> str:
    """A8 / A4: the race to the target by side, and every scoring play with why."""
    g = session.game
    groups = session.sides()
    totals = g.side_totals()
    target = g.options.target
    sides = "".join(
        f'<li class="team team-{i}"><span>{e(session.side_name(seats))}</span> '
        f'<strong>{totals[i]}</strong></li>' for i, seats in enumerate(groups))
    lines = []
    for entry in reversed(g.log[-12:]):
        who = "nobody" if entry.seat is None else session.name(entry.seat)
        lines.append(f'<li><span class="hand-no">Hand {entry.hand}</span> {e(who)} '
                     f'<strong>{entry.points}</strong> <span class="why">{e(entry.reason)}'
                     "</span></li>")
    log = (f'<ol class="score-log" aria-label="Scoring plays">{"".join(lines)}</ol>'
           if lines else '<p class="hint-text">No points scored yet.</p>')
    return (f'<ul class="teams" aria-label="Totals (first to {target} wins)">{sides}</ul>'
            f'<p class="target">First to {target} wins.</p>{log}')


def topbar_markup(session: Session, hint: str = "") -> str:
    g = session.game
    title = GAME_TITLES.get(g.game, g.game)
    can_hint = bool(session.my_moves())
    return (
        '<header class="topbar">'
        f'<p class="status" role="status" aria-live="polite">{prose(session.status())}</p>'
        f'<p class="hint-line" aria-live="polite">{prose(hint)}</p>'
        '<nav class="menu" aria-label="Game menu">'
        + button("Hint", "hint", disabled=not can_hint)
        + button("Undo", "undo", disabled=not can_hint and not session.humans)
        + button("Rules", "rules")
        + button("Settings", "settings")
        + button("New game", "home")
        + f'</nav><p class="game-title">{e(title)}</p></header>')


def table_screen(session: Session, lay, *, selected: Tile | None, hint: str = "",
                 fresh: Tile | None = None) -> str:
    moves = session.my_moves()
    targets = {m.target for m in moves if m.kind == PLAY and m.tile == selected}
    return (
        '<div class="app table-screen">'
        + topbar_markup(session, hint)
        + '<div class="board">'
        # The labels sit in bands of their own above and below the tiles, so that no
        # label ever covers a tile or a place to play (the layout gets the space between).
        + '<section class="felt" aria-label="Table">'
        + (f'<p class="count-badge" aria-label="Count on the table: {session.game.count}">'
           f'Count <strong>{session.game.count}</strong></p>'
           if session.game.game == "all-fives" else "")
        + '<div class="felt-area">'
          f'{table_svg(session, lay, selected=selected, targets=targets, fresh=fresh)}</div>'
          f'<p class="boneyard">Boneyard: {len(session.game.boneyard)}</p>'
          "</section>"
        + '<aside class="side">' + seats_markup(session) + scores_markup(session) + "</aside>"
        + "</div>"
        + '<footer class="tray">' + hand_markup(session, session.viewer(), selected)
        + actions_markup(session) + "</footer></div>")


# ---- dialogs ----
def dialog(title: str, body: str, buttons: str, *, kind: str = "") -> str:
    return (f'<div class="overlay"><div class="dialog {kind}" role="dialog" aria-modal="true" '
            f'aria-labelledby="dialog-title"><h2 id="dialog-title">{e(title)}</h2>{body}'
            f'<div class="dialog-buttons">{buttons}</div></div></div>')


def handoff_dialog(session: Session) -> str:
    name = session.name(session.game.turn)
    return dialog(f"Pass to {name}",
                  f"<p>It is {e(name)}'s turn. Everyone else, look away!</p>",
                  button(f"I am {e(name)}: show my tiles", "take-seat", cls="btn big primary"),
                  kind="handoff")


def first_draw_dialog(session: Session) -> str:
    """G3: everyone drew a bone; the highest pip total plays first (shown once)."""
    g = session.game
    draws = list(getattr(g, "first_draw", []) or [])
    if draws and isinstance(draws[0][0], int):
        draws = [draws]  # All Fives draws once (A2): ties are settled by the higher tile
    rows = []
    for k, drawn in enumerate(draws):
        for s, t in drawn:
            rows.append(f'<li>{"Again: " if k else ""}{e(session.name(s))} drew '
                        f'{domino_svg(t, height=56, coloured=session.settings.coloured)} '
                        f'<span class="pips">{t.pips}</span></li>')
    if g.game == "all-fives":
        first = g.first_leader if g.first_leader is not None else g.turn
        rule = "Everyone drew one tile: the highest double, else the highest tile, leads."
    else:
        first = getattr(g, "first_seat", g.turn)
        rule = "Everyone drew one bone: the highest pip total plays first."
    body = (f"<p>{rule}</p>"
            f'<ul class="draws">{"".join(rows)}</ul>' if rows else "")
    body += f"<p class=\"lead\"><strong>{e(session.name(first))} plays first.</strong></p>"
    return dialog("Who plays first", body,
                  button("Start round 1" if g.game != "all-fives" else "Start the game",
                         "begin", cls="btn big primary"))


def round_end_dialog(session: Session, joining: bool = False, can_join: bool = True) -> str:
    """Every hand shown, the round's scores; ``can_join`` is off where nobody can type a
    name (a kiosk has no keyboard)."""
    g = session.game
    rows = []
    scores = g.round_scores[-1] if g.round_scores else []
    for s, seat in enumerate(session.seats):
        hand = g.hands[s] if s < len(g.hands) else []
        tiles = "".join(domino_svg(t, height=44, coloured=session.settings.coloured)
                        for t in sorted(hand, reverse=True)) or "out!"
        sc = scores[s] if s < len(scores) and scores[s] is not None else ""
        rows.append(f'<tr><th scope="row">{e(seat.name)}</th><td class="reveal">{tiles}</td>'
                    f"<td>{sc}</td><td>{g.totals[s]}</td></tr>")
    body = (f"<p>{e(session.round_end_text())}</p>"
            '<div class="sheet-wrap"><table class="sheet reveal-sheet"><thead><tr>'
            '<th scope="col">Player</th><th scope="col">Tiles left</th>'
            f'<th scope="col">This {"hand" if g.game == "all-fives" else "round"}</th>'
            '<th scope="col">Total</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')
    if joining:
        body += join_form()
    btns = button("Next round" if g.game != "all-fives" else "Next hand", "next",
                  cls="btn big primary")
    if can_join and not joining and bones.Move("join") in g.legal_moves():
        btns += button("A late arrival joins", "join-form", cls="btn")
    return dialog(f"Round {g.round_number} is over" if g.game != "all-fives"
                  else f"Hand {g.round_number} is over", body, btns, kind="wide")


def join_form() -> str:
    return ('<fieldset class="join"><legend>A late arrival (joins with the highest total, '
            'G7)</legend><label>Name <input type="text" id="join-name" maxlength="20" '
            'autocomplete="off"></label>'
            '<label>Who plays <select id="join-kind"><option value="human">A person'
            '</option><option value="computer">The computer</option></select></label>'
            + button("Add the player", "join", cls="btn primary") + "</fieldset>")


def match_end_dialog(session: Session) -> str:
    g = session.game
    places = g.standings()
    items = "".join(f'<li class="place-{p}"><span class="place">{_ordinal(p)}</span> '
                    f'{e(session.name(s))} <span class="total">{t}</span></li>'
                    for p, s, t in places)
    body = (f'<p class="winners">{e(session.winners_text())}</p>'
            f'<ol class="standings">{items}</ol>'
            + _match_sheet(session, caption="Score sheet"))
    return dialog("The game is over", body,
                  button("Play again", "again", cls="btn big primary")
                  + button("New game", "home", cls="btn"), kind="wide")


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def rules_dialog(preset: str) -> str:
    p = bones.PRESETS[preset]
    items = "".join(f'<li><span class="rule-id">{rid}</span> {e(text)} '
                    f'<span class="sheet-name">({e(sheet)})</span></li>'
                    for rid, sheet, text in rules_for(preset))
    body = (f"<p><strong>{e(GAME_TITLES[p.game])}: {e(p.title)}</strong></p>"
            f"<p>{e(p.summary)}</p><ul class=\"rules\">{items}</ul>")
    return dialog("The rules", body, button("Close", "close", cls="btn big primary"),
                  kind="wide")


HINT_CHOICES = (("normal", "Normal's choice (straight away)"),
                ("hard", "Hard's choice (it thinks for half a second)"))


def settings_dialog(session: Session) -> str:
    s = session.settings
    paces = "".join(
        f'<label class="choice"><input type="radio" name="pace" value="{k}"'
        f'{" checked" if s.pace == k else ""} data-act="pace:{k}"> {k.capitalize()}</label>'
        for k in PACES)
    hints = "".join(
        f'<label class="choice"><input type="radio" name="hints" value="{k}"'
        f'{" checked" if s.hints == k else ""} data-act="hints:{k}"> {words}</label>'
        for k, words in HINT_CHOICES)
    body = (f'<fieldset><legend>Computer players move</legend>'
            f'<div class="choices">{paces}</div></fieldset>'
            f'<fieldset><legend>The Hint button shows</legend>'
            f'<div class="choices">{hints}</div></fieldset>'
            f'<label class="choice"><input type="checkbox" data-act="coloured"'
            f'{" checked" if s.coloured else ""}> Colour-coded pips (each number its own '
            f"colour)</label>")
    return dialog("Settings", body, button("Done", "close", cls="btn big primary"))


def bad_save_dialog(reason: str) -> str:
    body = (f"<p>Your saved game could not be opened: {e(reason)}.</p>"
            "<p>A fresh start is ready. The damaged save is kept: you can download it to "
            "show whoever looks after the game.</p>")
    return dialog("The saved game could not be opened", body,
                  button("Download the damaged save", "download-bad", cls="btn")
                  + button("Start fresh", "close", cls="btn big primary"))


# ---- the start screen ----
def start_screen(form, *, can_resume: bool) -> str:
    """Game, rules, players; one big Quick game button."""
    games = "".join(
        f'<label class="choice big"><input type="radio" name="game" value="{k}"'
        f'{" checked" if form.game == k else ""} data-act="game:{k}"> {e(v)}</label>'
        for k, v in GAME_TITLES.items())
    presets = []
    for name, p in bones.PRESETS.items():
        if p.game != form.game:
            continue
        presets.append(
            f'<div class="preset"><label class="choice"><input type="radio" name="preset" '
            f'value="{name}"{" checked" if form.preset == name else ""} '
            f'data-act="preset:{name}"> <strong>{e(p.title)}</strong></label>'
            f'<p class="summary">{e(p.summary)}</p>'
            + button("Full rules", f"rules:{name}", cls="btn small",
                     name=f"Full rules: {p.title}") + "</div>")
    lo, hi = form.limits()
    seats = []
    for i, seat in enumerate(form.seats):
        kinds = "".join(f'<option value="{k}"{" selected" if seat.kind == k else ""}>'
                        f'{"A person" if k == "human" else "The computer"}</option>'
                        for k in ("human", "computer"))
        levels = "".join(f'<option value="{lv}"{" selected" if seat.level == lv else ""}>'
                         f"{lv.capitalize()}</option>" for lv in LEVELS)
        seats.append(
            f'<li class="seat-row"><label>Player {i + 1} <input type="text" '
            f'data-field="name" data-seat="{i}" value="{e(seat.name)}" maxlength="20" '
            f'autocomplete="off" aria-label="Name of player {i + 1}"></label>'
            f'<select data-field="kind" data-seat="{i}" aria-label="Who plays for player '
            f'{i + 1}">{kinds}</select>'
            f'<select data-field="level" data-seat="{i}" aria-label="Level of player {i + 1}"'
            f'{" disabled" if seat.kind == "human" else ""}>{levels}</select></li>')
    resume = (button("Resume your game", "resume", cls="btn big") if can_resume else "")
    length = _length_choice(form)
    return (
        '<div class="app start-screen"><header class="start-head">'
        f'<div class="station" data-station="12-12">{domino_svg(Tile(12, 12), height=110)}'
        '</div><div><h1>Rally Dominoes</h1>'
        '<p class="tagline">Mexican Train, Chicken Foot and All Fives, by your rally\'s '
        "rules.</p></div></header>"
        '<div class="quick">'
        + button("Quick game", "quick", cls="btn huge primary",
                 name="Quick game: you against three computer players, Good Sam's rules")
        + '<p class="summary">You against three computer players, Mexican Train by the '
          "Good Sam's rules.</p>" + resume
        + button("Rally scorekeeper", "rally", cls="btn big",
                 name="Rally scorekeeper: score sheets for tables playing with real tiles")
        + button("Kiosk mode", "kiosk-open", cls="btn",
                 name="Kiosk mode: the official's settings for a public screen")
        + "</div>"
        '<form class="setup" aria-label="Set up a game">'
        f'<fieldset><legend>Game</legend><div class="choices">{games}</div></fieldset>'
        f'<fieldset><legend>Rules</legend>{"".join(presets)}{length}</fieldset>'
        f'<fieldset><legend>Players ({len(form.seats)})</legend>'
        '<div class="stepper">'
        + button("&minus;", "seats:-1", disabled=len(form.seats) <= lo,
                 name="One player fewer")
        + f'<span class="count" aria-live="polite">{len(form.seats)} players</span>'
        + button("+", "seats:+1", disabled=len(form.seats) >= hi, name="One more player")
        + f'</div><ol class="seat-rows">{"".join(seats)}</ol></fieldset>'
        + button("Start game", "start", cls="btn huge primary")
        + "</form></div>")


TARGETS = ((250, "250 (the sheet)"), (200, "200"), (150, "150"), (100, "100"), (50, "50"),
           (61, "61, counting in fives"))


def _length_choice(form) -> str:
    """How long a game lasts: rounds (train games) or the target (All Fives, A8)."""
    if form.game == "all-fives":
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

    def engine_options(self) -> dict | None:
        """The chosen length as engine options (61 means counting in fives, A8)."""
        o = dict(self.options)
        if o.get("target") == 61:
            o["count_in_fives"] = True
        return o or None

    def set_option(self, name: str, value: str) -> None:
        allowed = ("target",) if self.game == "all-fives" else ("rounds",)
        if name in allowed:
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
        lo, hi = self.limits()
        self.resize(max(lo, min(hi, len(self.seats))))

    def resize(self, n: int) -> None:
        from app.session import DEFAULT_NAMES

        lo, hi = self.limits()
        n = max(lo, min(hi, n))
        while len(self.seats) < n:
            self.seats.append(Seat(DEFAULT_NAMES[len(self.seats) % 8]))
        del self.seats[n:]
