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
from app.seats import LEVELS, NAME_CODES, PACES, Seat
from app.session import Session
from bones.games import ROUNDS, TARGET, presets_of
from bones.games import game as game_type
from bones.games import games as all_games
from bones.moves import CALL, DRAW, KNOCK, NEXT, PASS, PLAY
from bones.rulebook import PLACES, SHEET_TITLES, cite, rules_for
from bones.rulebook import ordinal as _ordinal
from bones.tiles import Tile


def e(text) -> str:
    return escape(str(text), quote=True)


_TILE_NAME = re.compile(r"(?<![\w-])(\d{1,2}-\d{1,2})(?![\w-])")
# A sheet's item cited at the end of a bracket: "(The Play 1)", "(..., General 5)".
_SHEET_ITEM = re.compile("(?<=[( ])(" + "|".join(sorted(
    {re.escape(e(item)) for items in PLACES.values() for item in items.values()},
    key=len, reverse=True)) + r")(?=\))")


def prose(text) -> str:
    """A sentence for the page, escaped, with each tile name ("9-12") kept on one line:
    a narrow screen must not break it at its hyphen into "9-" and "12"; nor a sheet's
    item ("The Play 1") in the middle."""
    text = _TILE_NAME.sub(r'<span class="tn">\1</span>', e(text))
    return _SHEET_ITEM.sub(r'<span class="nb">\1</span>', text)


# Keys for the table's commands (app.keyboard), shown on their buttons' tooltips and in
# the rules panel.
SHORTCUTS = {"draw": "D", "pass": "P", "knock": "K", "hint": "H", "read": "T"}
KEYS_HELP = ("Keys: Tab moves between the parts of the screen. Arrow keys move among your "
             "tiles, and among the places lit for the chosen tile. Enter or Space chooses "
             "a tile and plays it there. Escape puts the chosen tile back, or closes a "
             "window. D draws, P passes, K knocks, H asks for a hint, and T reads the "
             "whole table aloud.")


def _keyed(act: str) -> str:
    key = SHORTCUTS.get(act)
    return f' aria-keyshortcuts="{key}" title="Key: {key}"' if key else ""


def button(label: str, act: str, *, cls: str = "btn", disabled: bool = False,
           extra: str = "", name: str | None = None) -> str:
    aria = f' aria-label="{e(name)}"' if name else ""
    dis = " disabled" if disabled else ""
    return (f'<button type="button" class="{cls}" data-act="{e(act)}"{aria}{dis}'
            f"{_keyed(act)}{extra}>{label}</button>")


# ---- the table ----
def table_layout(s, width: int, height: int, prefer=None):
    """Where every tile of the session's table goes (bones.layout), with the seats' names
    (and the Mexican Train's), and bigger tiles than the layout's default where the
    screen has room: older eyes."""
    from bones.layout import layout_game  # not needed by the first screen

    names = [seat.name for seat in s.seats] + s.words.extra_names()
    return layout_game(s.game, width=width, height=height, names=names, prefer=prefer,
                       max_scale=64.0)


def lanes_layout(s, width: int, height: int):
    """The play screen's table: every open line in a lane of its own, its newest tiles at
    full size and older ones folded (bones.layout.lanes), each lane named as its button
    is ("Ann's train", "Line 5 (a toe of 6-6)")."""
    from bones.layout.lanes import layout_table  # not needed by the first screen

    g = s.game
    names = {}
    for t in s.words.lane_ids(g):
        # a seat's own train (M2) is named by whose it is: "Ann", not "Ann's train"
        name = (s.name(t) if s.game_type.seat_trains and t >= 0
                else s.target_label(t))
        names[t] = name[:1].upper() + name[1:]
    return layout_table(g, width=width, height=height, names=names)


def table_svg(session: Session, lay, *, selected: Tile | None, targets: set[int],
              fresh: Tile | None = None) -> str:
    """The felt: every tile where the layout puts it, trains' markers, and the places
    the selected tile may go as buttons. Each tile a player can play onto (a line's
    open end, an empty line's double or the hub) says so: ``data-open-end="1"``."""
    look = _look(session)
    extra = getattr(lay, "extra", {}) or {}
    parts = [f'<svg class="felt-svg" xmlns="http://www.w3.org/2000/svg" viewBox="{lay.view_box}"'
             f' preserveAspectRatio="xMidYMid meet" role="group" aria-label="The table">']
    if lay.station is not None:
        b = lay.station
        parts.append(f'<rect class="station" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                     f'height="{b.h:.3f}" rx="0.3"/>')
    for j in lay.joints():
        pts = " ".join(f"{x:.3f},{y:.3f}" for x, y in j)
        parts.append(f'<polyline class="joint" points="{pts}"/>')
    # what each player did since your move, beside their train (Mexican Train)
    since = session.since_viewer() if session.game_type.seat_trains else {}
    for tv in lay.trains:
        parts.append(_train_markup(session, tv, selected, targets, lay,
                                   since.get(tv.train, "")))
    ends = {id(tv.tiles[-1]) for tv in lay.trains if tv.target is not None and tv.tiles}
    hub_open = extra.get("hub_open", False)
    for p in lay.tiles():
        cls = "placed fresh" if fresh is not None and p.tile == fresh else "placed"
        end = ' data-open-end="1"' if id(p) in ends or (p is lay.hub and hub_open) else ""
        x, y = p.corner()
        parts.append(f'<g class="{cls}"{end} role="img" aria-label="Domino {p.tile}">'
                     + domino_group(p.tile, x, y, angle=p.hi_angle, scale=1 / FACE_W,
                                    **look) + "</g>")
    scored = _scored(session) if fresh is not None else 0
    if scored:
        parts.append(_score_badge(lay, fresh, scored))
    # The places the chosen tile may go lie on top, so a tap anywhere on a lit train
    # (tiles included) plays there.
    for tv in lay.trains:
        if tv.train in targets and tv.target is not None:
            parts.append(_target_button(session, tv.train, tv.target.box, tv.lane))
    lead = extra.get("lead")
    if lead is not None:  # All Fives: the first tile of a hand goes in the middle (A3)
        if lead.value in targets:
            parts.append(_target_button(session, lead.value, lead.box, None))
        else:
            b = lead.box
            parts.append(f'<rect class="slot" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                         f'height="{b.h:.3f}" rx="0.15" data-drop="{lead.value}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _scored(session: Session) -> int:
    """What the last move scored (All Fives): its entries are the last of the log."""
    log = getattr(session.game, "log", None)
    n = len(session.news)
    if not n or not log:
        return 0
    return sum(x.points for x in log[-n:] if x.seat is not None)


def _score_badge(lay, fresh: Tile, points: int) -> str:
    """"+15" beside the tile that made it, in the slot after it (empty until the next
    move), so the score stays until then; the hub's at the top of the station."""
    box = None
    for tv in lay.trains:
        if tv.tiles and tv.tiles[-1].tile == fresh and tv.target is not None:
            box = tv.target.box
    if box is None and lay.hub is not None and lay.hub.tile == fresh and lay.station:
        st = lay.station
        box = type(st)(st.x, st.y - 1.0, st.w, 1.0)
    if box is None:
        return ""
    px = 22 / lay.scale
    w = max(box.w, len(str(points)) * px * 0.7 + px)
    return (f'<g class="score-pop" aria-hidden="true"><rect x="{box.cx - w / 2:.3f}" '
            f'y="{box.cy - px * 0.75:.3f}" width="{w:.3f}" height="{px * 1.5:.3f}" '
            f'rx="{px * 0.4:.3f}"/><text x="{box.cx:.3f}" y="{box.cy:.3f}" '
            f'text-anchor="middle" dominant-baseline="central" font-size="{px:.3f}">'
            f"+{points}</text></g>")


def _fit_text(text: str, width_px: float, size_px: float) -> str:
    """``text``, cut short with an ellipsis to about ``width_px`` at ``size_px``: a
    name is never squeezed below its size (older eyes), it is shortened instead."""
    most = max(3, int(width_px / (size_px * 0.58)))
    return text if len(text) <= most else text[:most - 1].rstrip() + "\u2026"


def _train_markup(session: Session, tv, selected: Tile | None, targets: set[int],
                  lay=None, event: str = "") -> str:
    out = []
    extra = getattr(lay, "extra", {}) or {}
    px = extra.get("label_px")  # the lanes' names keep one size in CSS px
    if tv.lane is not None and tv.train in targets:
        b = tv.lane
        out.append(f'<rect class="lane lit" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                   f'height="{b.h:.3f}" rx="0.25"/>')
    if tv.label is not None:
        lb = tv.label
        x, y = lb.point
        if px:
            size = px / lay.scale
            y = lb.box.cy
            text = _fit_text(lb.text, lb.box.w * lay.scale, px)
            said = ""
            if event and text == lb.text:
                # "Ann: drew and passed", in what room the band has after the name
                room = lb.box.w * lay.scale - (len(text) + 2) * px * 0.58
                if room > px * 3:
                    said = (f'<tspan class="lane-event">: '
                            f'{e(_fit_text(event, room, px))}</tspan>')
            out.append(f'<text class="train-label" x="{x:.3f}" y="{y:.3f}" '
                       f'text-anchor="{lb.anchor}" dominant-baseline="central" '
                       f'font-size="{size:.3f}">{e(text)}{said}</text>')
        else:
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
    fold = getattr(tv, "fold", None)
    if fold is not None and px:
        # The older tiles, folded: a small stack with how many there are.
        b = fold
        out.append(f'<g class="fold"><title>{tv.folded} older tiles</title>'
                   f'<rect x="{b.x + 0.22:.3f}" y="{b.y + 0.04:.3f}" width="{b.w - 0.3:.3f}" '
                   f'height="{b.h - 0.16:.3f}" rx="0.12"/>'
                   f'<rect x="{b.x + 0.08:.3f}" y="{b.y + 0.12:.3f}" width="{b.w - 0.3:.3f}" '
                   f'height="{b.h - 0.16:.3f}" rx="0.12"/>'
                   f'<text x="{b.x + 0.08 + (b.w - 0.3) / 2:.3f}" y="{b.y + 0.04 + b.h / 2:.3f}" '
                   f'text-anchor="middle" dominant-baseline="central" '
                   f'font-size="{px / lay.scale:.3f}">+{tv.folded}</text></g>')
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
    look = _look(session)
    hand = sorted(session.game.hands[seat], key=lambda t: (-t.hi, -t.lo))
    who = ("Your tiles" if len(session.humans) == 1 or session.name(seat) == "You"
           else f"{session.name(seat)}'s tiles")
    parts = [f'<div class="hand" role="group" aria-label="{e(who)}">']
    for t in hand:
        ok = t in playable
        state = "playable" if ok else "not playable"
        cls = "hand-tile" + (" playable" if ok else "") + (" selected" if t == selected else "")
        pressed = "true" if t == selected else "false"
        parts.append(
            f'<button type="button" class="{cls}" data-act="select" data-tile="{t}" '
            f'aria-pressed="{pressed}">' + _upright(t, **look)
            # named by hidden words, not aria-label: the name need not hold what large
            # print shows on the tile ("12" over "8"; axe's label-content-name-mismatch)
            + f'<span class="vh">Domino {t}, {state}</span></button>')
    if not hand:
        parts.append('<p class="hint-text">No tiles left.</p>')
    parts.append("</div>")
    return "".join(parts)


def _upright(t: Tile, coloured: bool = True, numerals: bool = False) -> str:
    return (f'<svg class="tile-svg" viewBox="0 0 {FACE_W} {FACE_H}" aria-hidden="true">'
            + domino_group(t, coloured=coloured, numerals=numerals) + "</svg>")


def _look(session: Session) -> dict:
    """How the player likes the tiles drawn: colour-coded pips, numerals (large print)."""
    st = session.settings
    return {"coloured": st.coloured, "numerals": getattr(st, "numerals", False)}


def actions_markup(session: Session) -> str:
    moves = session.my_moves()
    kinds = {m.kind for m in moves}
    g = session.game
    pass_name = "Pass <small>(marker up)</small>" if session.game_type.markers else "Pass"
    parts = ['<div class="actions" role="group" aria-label="Actions">',
             button(f"Draw <small>({len(g.boneyard)} left)</small>", "draw", cls="btn big",
                    disabled=DRAW not in kinds, name="Draw"),
             button(pass_name, "pass", cls="btn big", disabled=PASS not in kinds, name="Pass")]
    if g.knocks:
        # Where a forgotten knock costs tiles, the play down to one tile is pointed out.
        seat = session.viewer()
        last_play = (KNOCK in kinds and getattr(g.options, "knock_penalty", 0)
                     and seat is not None and len(g.hands[seat]) == 2
                     and not session.settings.knock_for_me)
        parts.append(button("Knock first! <small>(your play leaves one tile)</small>"
                            if last_play else "Knock", "knock",
                            cls="btn big primary" if last_play else "btn big",
                            disabled=KNOCK not in kinds, name="Knock"))
    for m in moves:
        if m.kind == CALL:
            who = session.name(m.target)
            parts.append(button(f"Catch {e(who)}: no knock!", f"call:{m.target}",
                                cls="btn big warn", name=f"Catch {who} not knocking"))
    # The move log and the score sheet, whole, in a dialog: narrow screens (up to 900 px)
    # have no room for them beside the table, and a long player list pushes them down.
    parts.append(button("Moves <small>and scores</small>", "sheet", cls="btn big sheet-open",
                        name="Moves and scores"))
    parts.append("</div>")
    return "".join(parts)


def seats_markup(session: Session) -> str:
    """Every player with their running total in view (issue 33): name and total on one
    line, then tiles left, who plays and what they did last."""
    g = session.game
    last = session.last_moves()
    parts = ['<ul class="seat-list" aria-label="Players">']
    for s, seat in enumerate(session.seats):
        turn = " turn" if g.turn == s else ""
        if len(session.sides()) == 2 and len(session.seats) == 4:  # partners (A1)
            turn += f" team-{g.sides[s]}"
        you = " (you)" if seat.human and len(session.humans) == 1 and seat.name != "You" \
            else ""
        kind = "" if seat.human else f"computer, {seat.level}"
        marker = ""
        if session.game_type.markers and s < len(g.markers):
            marker = ('<span class="badge open">train open</span>' if g.markers[s]
                      else '<span class="badge">train closed</span>')
        count = len(g.hands[s]) if s < len(g.hands) else 0
        total = g.totals[s] if s < len(g.totals) else 0
        parts.append(
            f'<li class="seat{turn}" data-seat="{s}"><span class="seat-name">{e(seat.name)}'
            f'{e(you)}</span><span class="seat-total"><span class="word">Total</span> '
            f'<strong>{total}</strong></span>'
            f'<span class="seat-info"><span class="seat-count">{count} tile'
            f'{"s" if count != 1 else ""}</span>{marker} <span class="seat-kind">{e(kind)}'
            f'</span> <span class="seat-last">{e(last.get(s, ""))}</span></span></li>')
    parts.append("</ul>")
    return "".join(parts)


def sheet_dialog(session: Session) -> str:
    """The move log and the score sheet, for screens too narrow to show them beside the
    table."""
    log = move_log_markup(session, most=30) or '<p class="hint-text">No moves yet this round.</p>'
    # named apart from the side panel's own log and sheet (landmarks must be unique)
    body = (log + scores_markup(session)).replace(
        'aria-label="Moves"', 'aria-label="Moves this round"', 1).replace(
        'aria-label="Score sheet"', 'aria-label="Score sheet of the game"', 1)
    return dialog("Moves and scores", body,
                  button("Close", "close", cls="btn big primary"), kind="wide sheet")


def move_log_markup(session: Session, most: int = 8) -> str:
    """The round's latest moves, newest first: what happened stays readable after the
    status line has moved on."""
    items = []
    for move, seat, _t in reversed(session.game.history):
        if move.kind == NEXT or len(items) == most:
            break
        if seat is not None:
            items.append(f"<li>{prose(session.move_words(move, seat))}</li>")
    if not items:
        return ""
    return ('<section class="move-log" aria-label="Moves"><h2>Moves</h2>'
            f'<ol>{"".join(items)}</ol></section>')


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
    by_rounds = session.game_type.length == ROUNDS
    title = (f"Round {g.round_number} of {total_rounds}" if total_rounds and by_rounds
             else f"Hand {g.round_number}")
    extra = ""
    if session.game_type.counts_ends:
        extra = _allfives_sheet(session)
    sheet = _match_sheet(session, compact=True)
    started = f'<p class="round-start">{prose(session.start_summary())}</p>'
    return (f'<section class="scores" aria-label="Score sheet"><h2>{e(title)}</h2>{extra}'
            f"{sheet}{started}</section>")


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


def game_title(session: Session) -> str:
    """The game and the rule sheet it is played by: "Mexican Train: Good Sam's ..."."""
    g = session.game
    preset = bones.PRESETS.get(g.preset)
    title = session.game_type.title
    return f"{title}: {preset.title}" if preset is not None else title


def topbar_markup(session: Session, hint: str = "") -> str:
    can_hint = bool(session.my_moves())
    # The status and the hint keep bands of a fixed height: a tap that changes their
    # words must not move the table below them.
    return (
        '<header class="topbar">'
        f'<h1 class="game-title">{e(game_title(session))}</h1>'
        f'<p class="status">{prose(session.status())}</p>'
        # with no hint, what the others did since your move ("Ann drew and passed.")
        f'<p class="hint-line">{prose(hint or session.since_viewer_text())}</p>'
        '<nav class="menu" aria-label="Game menu">'
        + button("Hint", "hint", disabled=not can_hint)
        + button("Undo", "undo", disabled=not can_hint and not session.humans)
        + button("Rules", "rules")
        + button("Settings", "settings")
        + button("New game", "home")
        + "</nav></header>")


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
           if session.game_type.counts_ends else "")
        + '<div class="felt-area">'
          f'{table_svg(session, lay, selected=selected, targets=targets, fresh=fresh)}</div>'
          f'<p class="boneyard">Boneyard: {len(session.game.boneyard)}</p>'
        + lines_list(session, targets) + "</section>"
        # It scrolls on a short screen: focusable, so the keyboard can scroll it too.
        + '<aside class="side" tabindex="0" aria-label="Players and scores">'
        + seats_markup(session) + move_log_markup(session)
        + scores_markup(session) + "</aside>"
        + "</div>"
        + '<footer class="tray">' + hand_markup(session, session.viewer(), selected)
        + actions_markup(session) + "</footer></div>")


def lines_list(session: Session, lit: set[int]) -> str:
    """Every train, line or end as a screen reader reads it (the drawing says the same to
    the eye): whose, its open end, its marker, and whether you may play there."""
    items = "".join(f'<li data-line="{t}" aria-label="{e(words)}">{e(words)}</li>'
                    for t, words in session.lines_said(lit))
    return f'<ul class="vh" aria-label="Lines on the table">{items}</ul>'


# ---- dialogs ----
def dialog(title: str, body: str, buttons: str, *, kind: str = "") -> str:
    return (f'<div class="overlay"><div class="dialog {kind}" role="dialog" aria-modal="true" '
            f'aria-labelledby="dialog-title"><h2 id="dialog-title">{e(title)}</h2>{body}'
            f'<div class="dialog-buttons">{buttons}</div></div></div>')


def handoff_dialog(session: Session) -> str:
    name = session.name(session.game.turn)
    whose = "your" if name == "You" else f"{e(name)}'s"
    return dialog(f"Pass to {name}",
                  f"<p>It is {whose} turn. Everyone else, look away!</p>",
                  button(f"I am {e(name)}: show my tiles", "take-seat", cls="btn big primary"),
                  kind="handoff")


def first_draw_dialog(session: Session) -> str:
    """How the game starts, as the preset's sheet has it (shown once, before anything
    moves): the double placed and by whom, every tile drawn for it or for the lead, and
    who plays first."""
    body = "".join(_start_step(session, step) for step in session.start_story())
    body += f'<p class="lead"><strong>{e(session.lead_text())}</strong></p>'
    begin = "Start round 1" if session.game_type.length == ROUNDS else "Start the game"
    return dialog("Who plays first", body, button(begin, "begin", cls="btn big primary"))


def _start_step(session: Session, step) -> str:
    if isinstance(step, str):
        return f"<p>{prose(step)}</p>"
    look = _look(session)
    if step[0] == "bones":  # G3 / A2: one bone each, again for a tie
        rows = [f'<li>{"Again: " if k else ""}{e(session.name(s))} drew '
                f'{domino_svg(t, height=56, **look)} '
                f'<span class="pips">{t.pips}</span></li>'
                for k, drawn in enumerate(step[1]) for s, t in drawn]
        return f'<ul class="draws">{"".join(rows)}</ul>'
    _kind, drew, hub = step  # C2 / S3: tiles drawn in turn until the double turned up
    rows = []
    for s, n in drew:
        last = (f', the last one <span class="tn">{hub}</span> '
                f"{domino_svg(hub, height=56, **look)}"
                if s == session.game.leader else "")
        rows.append(f"<li>{e(session.name(s))} drew {n} tile{'s' if n != 1 else ''}{last}</li>")
    return f'<ol class="draws drew">{"".join(rows)}</ol>'


def round_end_dialog(session: Session, joining: bool = False, can_join: bool = True,
                     error: str = "") -> str:
    """Every hand shown, the round's scores; ``can_join`` is off where nobody can type a
    name (a kiosk has no keyboard)."""
    g = session.game
    rows = []
    scores = g.round_scores[-1] if g.round_scores else []
    for s, seat in enumerate(session.seats):
        hand = g.hands[s] if s < len(g.hands) else []
        # big enough to count the pips against your own count
        tiles = "".join(domino_svg(t, height=88, **_look(session))
                        for t in sorted(hand, reverse=True)) or "out!"
        sc = scores[s] if s < len(scores) and scores[s] is not None else ""
        rows.append(f'<tr><th scope="row">{e(seat.name)}</th><td class="reveal">{tiles}</td>'
                    f"<td>{sc}</td><td>{g.totals[s]}</td></tr>")
    body = (f"<p>{e(session.round_end_text())}</p>"
            '<div class="sheet-wrap"><table class="sheet reveal-sheet"><thead><tr>'
            '<th scope="col">Player</th><th scope="col">Tiles left</th>'
            f'<th scope="col">This {session.game_type.round_word}</th>'
            '<th scope="col">Total</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')
    if joining:
        body += join_form(g.preset, error)
    word = session.game_type.round_word
    btns = button(f"Next {word}", "next",
                  cls="btn big primary")
    if can_join and not joining and bones.Move("join") in g.legal_moves():
        btns += button("A late arrival joins", "join-form", cls="btn")
    return dialog(f"{word.capitalize()} {g.round_number} is over", body, btns, kind="wide")


NAME_INPUT = 2 * NAME_CODES  # maxlength counts UTF-16 units: room for any name we take


def _alert(error: str) -> str:
    """The line that says why something typed was refused (empty until then)."""
    return f'<p class="form-error" role="alert">{e(error)}</p>'


def join_form(preset: str, error: str = "") -> str:
    return ('<fieldset class="join"><legend>A late arrival (joins with the highest total, '
            f'{e(cite("G7", preset))})</legend>{_alert(error)}<label>Name '
            f'<input type="text" id="join-name" maxlength="{NAME_INPUT}" '
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


def rules_dialog(preset: str) -> str:
    """A preset's rules in plain words, each with where its printed sheet has it."""
    p = bones.PRESETS[preset]
    items = "".join(f'<li data-rule="{rid}">{e(text)} <span class="rule-place">'
                    f"({e(place)})</span></li>"
                    for rid, place, text in rules_for(preset))
    body = (f"<p><strong>{e(game_type(p.game).title)}: {e(p.title)}</strong></p>"
            f"<p>{e(p.summary)}</p>"
            f'<p class="rule-sheet">As the {e(SHEET_TITLES[preset])} sheet has them:</p>'
            f'<ul class="rules">{items}</ul>'
            f'<h3>Playing by keyboard</h3><p class="keys-help">{e(KEYS_HELP)}</p>')
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
            f"colour)</label>"
            f'<label class="choice"><input type="checkbox" data-act="numerals"'
            f'{" checked" if s.numerals else ""}> Large print: numbers on the tiles '
            f"instead of pips</label>"
            f'<label class="choice"><input type="checkbox" data-act="knock-for-me"'
            f'{" checked" if s.knock_for_me else ""}> Knock for me when my play leaves one '
            f"tile</label>")
    return dialog("Settings", body, button("Done", "close", cls="btn big primary"))


def confirm_new_dialog(session: Session, what: str) -> str:
    """Before a new game replaces the one in progress (it is not kept)."""
    g = session.game
    body = (f"<p>A game of {e(game_title(session))} is in progress (round "
            f"{g.round_number}). A new game takes its place: it cannot be resumed after.</p>")
    return dialog("Start a new game?", body,
                  button("Keep playing the game in progress", "resume", cls="btn big primary")
                  + button("Start the new game", f"confirm-new:{what}", cls="btn big"))


def bad_save_dialog(reason: str, kept: bool = True) -> str:
    """``kept``: a copy is kept aside to download (until it is downloaded or the player
    starts fresh); a save too large to keep is only named."""
    if kept:
        body = (f"<p>Your saved game could not be opened: {e(reason)}.</p>"
                "<p>A fresh start is ready. The damaged save is kept until you download it "
                "(to show whoever looks after the game) or start fresh.</p>")
        btns = button("Download the damaged save", "download-bad", cls="btn")
    else:
        body = (f"<p>Your saved game could not be opened: {e(reason)}.</p>"
                "<p>It was too large to keep, so it was removed. A fresh start is "
                "ready.</p>")
        btns = ""
    return dialog("The saved game could not be opened", body,
                  btns + button("Start fresh", "start-fresh", cls="btn big primary"))


# ---- the start screen ----
def start_screen(form, *, can_resume: bool) -> str:
    """Game, rules, players; one big Quick game button."""
    games = "".join(
        f'<label class="choice big"><input type="radio" name="game" value="{g.id}"'
        f'{" checked" if g.id == form.game else ""} data-act="game:{g.id}"> {e(g.title)}</label>'
        for g in all_games())
    presets = []
    for name, p in presets_of(form.game).items():
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
            f'data-field="name" data-seat="{i}" value="{e(seat.name)}" maxlength="{NAME_INPUT}" '
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
        + button("Keep score for a table", "rally:table", cls="btn big",
                 name="Keep score for a table: one table's sheet on this device, from the "
                      "official's code")
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
        + _alert(form.error)
        + button("Start game", "start", cls="btn huge primary")
        + "</form></div>")


TARGETS = ((250, "250 (the sheet)"), (200, "200"), (150, "150"), (100, "100"), (50, "50"),
           (61, "61, counting in fives"))


def _length_choice(form) -> str:
    """How long a game lasts: rounds (train games) or the target (All Fives, A8)."""
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
        lo, hi = self.limits()
        self.resize(max(lo, min(hi, len(self.seats))))

    def resize(self, n: int) -> None:
        from app.seats import DEFAULT_NAMES

        lo, hi = self.limits()
        n = max(lo, min(hi, n))
        while len(self.seats) < n:
            self.seats.append(Seat(DEFAULT_NAMES[len(self.seats) % 8]))
        del self.seats[n:]
