"""The table screen as markup: pure functions of a Session and a layout. The felt (every
tile where the layout puts it, the trains' names and markers, the places the chosen tile
may go), the player's hand, the action buttons, the players with their totals, the move
log and the score panel, and the status line above them.

Nothing here decides what is legal: the legal moves come from the engine. The dialogs
over the table are app.table.dialog_views, the start screen app.start.views, the pieces they
share app.shared.markup.
"""

from __future__ import annotations

import bones
from app.render import FACE_W, domino_group
from app.session import Session
from app.shared.markup import button, e, prose, sound_button, tile_look, upright
from app.shared.storage import unsaved_words
from app.table.score_views import move_log_markup, scores_markup
from bones.moves import CALL, DRAW, KNOCK, PASS, PLAY
from bones.tiles import Tile


# ---- the felt ----
def table_layout(s, width: int, height: int, prefer=None):
    """Where every tile of the session's table goes (bones.layout), with the seats' names
    (and the Mexican Train's), and bigger tiles than the layout's default where the
    screen has room: older eyes."""
    from bones.layout import layout_game  # not needed by the first screen

    names = [seat.name for seat in s.seats] + s.words.extra_names()
    return layout_game(s.game, width=width, height=height, names=names, prefer=prefer,
                       max_scale=64.0)


def lanes_layout(s, width: int, height: int, before=None, brace: bool = False):
    """The play screen's table: every line in a lane of its own (bones.layout.lanes),
    each lane named as its button is ("Ann", "Mexican Train", "8-8 toe 2"), in the frame
    of ``before`` (the last layout of this round at this felt size) while the tiles fit
    it, so nothing on the table moves."""
    from bones.layout.lanes import layout_table  # not needed by the first screen

    g = s.game
    names = {}
    for t in s.words.lane_ids(g):
        # a seat's own train (M2) is named by whose it is: "Ann", not "Ann's train"
        name = (s.name(t) if s.game_type.seat_trains and t >= 0
                else s.target_label(t))
        names[t] = name[:1].upper() + name[1:]
    return layout_table(g, width=width, height=height, names=names, before=before,
                        brace=brace)


def table_svg(session: Session, lay, *, selected: Tile | None, targets: set[int],
              fresh: Tile | None = None) -> str:
    """The felt: every tile where the layout puts it, trains' markers, and the places
    the selected tile may go as buttons. Each tile a player can play onto (a line's
    open end, an empty line's double or the hub) says so: ``data-open-end="1"``."""
    return (felt_open(lay)
            + "".join(felt_parts(session, lay, selected=selected, targets=targets,
                                 fresh=fresh)) + "</svg>")


def felt_open(lay) -> str:
    """The felt's ``<svg>`` tag (its viewBox is the layout's)."""
    return (f'<svg class="felt-svg" xmlns="http://www.w3.org/2000/svg" viewBox="{lay.view_box}"'
            f' preserveAspectRatio="xMidYMid meet" role="group" aria-label="The table">')


def felt_parts(session: Session, lay, *, selected: Tile | None, targets: set[int],
               fresh: Tile | None = None) -> list[str]:
    """What ``table_svg`` draws inside its ``<svg>``, piece by piece (each piece stays
    the same markup while what it draws stays: the attract screen redraws only the
    pieces that change)."""
    look = tile_look(session)
    extra = getattr(lay, "extra", {}) or {}
    parts = []
    if lay.station is not None:
        b = lay.station
        parts.append(f'<rect class="station" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                     f'height="{b.h:.3f}" rx="0.3"/>')
    for j in lay.joints():
        pts = " ".join(f"{x:.3f},{y:.3f}" for x, y in j)
        parts.append(f'<polyline class="joint" points="{pts}"/>')
    # what each player did since your move, beside their train (Mexican Train)
    since = session.since_viewer() if session.game_type.seat_trains else {}
    ends = extra.get("open_ends")  # (tile, train, index) of each drawing to play onto
    if ends is None:  # the whole-table layouts (the kiosk's attract screen)
        ends = {(p.tile, p.train, p.index) for tv in lay.trains
                if tv.target is not None and tv.tiles for p in tv.tiles[-1:]}
        if extra.get("hub_open") and lay.hub is not None:
            ends.add((lay.hub.tile, lay.hub.train, lay.hub.index))

    def tile(p) -> str:
        cls = "placed fresh" if fresh is not None and p.tile == fresh else "placed"
        end = ' data-open-end="1"' if (p.tile, p.train, p.index) in ends else ""
        x, y = p.corner()
        return (f'<g class="{cls}"{end} role="img" aria-label="Domino {p.tile}">'
                + domino_group(p.tile, x, y, angle=p.hi_angle, scale=1 / FACE_W, **look)
                + "</g>")

    if lay.hub is not None:
        parts.append(tile(lay.hub))
    # each lane a group named as the log and the hints name it, its tiles inside
    for tv in lay.trains:
        parts.append(f'<g class="lane-group" role="group" aria-label="{e(tv.name)}" '
                     f'data-folded="{tv.folded}">'
                     + _train_markup(session, tv, selected, targets, lay,
                                     since.get(tv.train, ""))
                     + "".join(tile(p) for p in tv.tiles) + "</g>")
    scored = _scored(session) if fresh is not None else 0
    if scored:
        parts.append(_score_badge(lay, fresh, scored))
    # The places the chosen tile may go lie on top, so a tap anywhere on a lit train
    # (tiles included) plays there.
    for tv in lay.trains:
        if tv.train in targets and tv.target is not None:
            parts.append(_target_button(session, tv.train, tv.target.box, tv.lane,
                                        _slot_number(tv, lay)))
    lead = extra.get("lead")
    if lead is not None:  # All Fives: the first tile of a hand goes in the middle (A3)
        if lead.value in targets:
            parts.append(_target_button(session, lead.value, lead.box, None))
        else:
            b = lead.box
            parts.append(f'<rect class="slot" x="{b.x:.3f}" y="{b.y:.3f}" width="{b.w:.3f}" '
                         f'height="{b.h:.3f}" rx="0.15" data-drop="{lead.value}"/>')
    return parts


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
        if px and extra.get("labels") == "head2":
            # a name in two lines before the lane's tiles (a narrow felt)
            from bones.layout.lane_frame import LINE_PX, name_lines

            size = px / lay.scale
            parts = name_lines(lb.text, True)
            step = LINE_PX / lay.scale
            y0 = lb.box.cy - step * (len(parts) - 1) / 2
            spans = "".join(
                f'<tspan x="{x:.3f}" y="{y0 + i * step:.3f}">'
                f'{e(_fit_text(part, lb.box.w * lay.scale, px))}</tspan>'
                for i, part in enumerate(parts))
            out.append(f'<text class="train-label" text-anchor="{lb.anchor}" '
                       f'dominant-baseline="central" font-size="{size:.3f}">{spans}</text>')
        elif px:
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
                   f'height="{b.h:.3f}" rx="0.15" data-drop="{tv.train}"/>'
                   + _slot_number(tv, lay))
    return "".join(out)


def _slot_number(tv, lay) -> str:
    """The number to match, written in the slot of a lane with no tile drawn before it
    (a toe whose double lies in another lane, an empty train): what to play there."""
    px = (getattr(lay, "extra", {}) or {}).get("label_px")
    if tv.tiles or tv.target is None or not px:
        return ""
    b = tv.target.box
    size = max(px, min(px * 1.4, 0.8 * lay.scale)) / lay.scale
    return (f'<text class="slot-number" x="{b.cx:.3f}" y="{b.cy:.3f}" text-anchor="middle" '
            f'dominant-baseline="central" font-size="{size:.3f}" '
            f'aria-hidden="true">{tv.target.value}</text>')


def _target_button(session: Session, target: int, b, lane, number: str = "") -> str:
    name = session.target_label(target)
    name = name[:1].upper() + name[1:]
    hit = lane or b
    return (f'<g class="target" role="button" tabindex="0" aria-label="{e(name)}" '
            f'data-act="target" data-target="{target}">'
            f'<rect class="hit" x="{hit.x:.3f}" y="{hit.y:.3f}" width="{hit.w:.3f}" '
            f'height="{hit.h:.3f}"/><rect class="slot lit" x="{b.x:.3f}" y="{b.y:.3f}" '
            f'width="{b.w:.3f}" height="{b.h:.3f}" rx="0.15"/>{number}</g>')


# ---- the hand and the buttons ----
def hand_markup(session: Session, obs: dict, selected: Tile | None) -> str:
    """The tiles of the seat at the screen, from its observation (``Session.observation``),
    in its player's order (app.hand); hidden when no seat is at the screen. Each tile is
    marked ``data-hand-tile="1"``; the tiles' size is set once the page knows the room
    there is (app.table.ui)."""
    seat = obs["seat"]
    if seat is None:
        return ('<div class="hand hidden-hand" role="group" aria-label="Tiles">'
                '<p class="hint-text">The tiles are hidden until the player takes the '
                'screen.</p></div>')
    moves = session.my_moves()
    playable = {m.tile for m in moves if m.kind == PLAY}
    look = tile_look(session)
    hand = session.hand_in_order(obs)
    who = ("Your tiles" if len(session.humans) == 1 or session.name(seat) == "You"
           else f"{session.name(seat)}'s tiles")
    parts = [f'<div class="hand" role="group" aria-label="{e(who)}" '
             f'aria-describedby="hand-keys" data-tiles="{len(hand)}">']
    for t in hand:
        ok = t in playable
        state = "playable" if ok else "not playable"
        cls = "hand-tile" + (" playable" if ok else "") + (" selected" if t == selected else "")
        pressed = "true" if t == selected else "false"
        parts.append(
            f'<button type="button" class="{cls}" data-act="select" data-tile="{t}" '
            f'data-hand-tile="1" aria-pressed="{pressed}">' + upright(t, **look)
            # named by hidden words, not aria-label: the name need not hold what large
            # print shows on the tile ("12" over "8"; axe's label-content-name-mismatch)
            + f'<span class="vh">Domino {t}, {state}</span></button>')
    if not hand:
        parts.append('<p class="hint-text">No tiles left.</p>')
    parts.append('<p class="vh" id="hand-keys">Shift and an arrow key moves a tile along '
                 'your hand.</p></div>')
    return "".join(parts)


def actions_markup(session: Session, obs: dict | None = None) -> str:
    """Draw, pass, knock, catch a missed knock, sort the hand, and the moves and scores;
    ``obs``: the observation of the seat at the screen (``Session.observation``, made if
    not given)."""
    obs = session.observation() if obs is None else obs
    moves = session.my_moves()
    kinds = {m.kind for m in moves}
    g = session.game
    pass_name = "Pass <small>(marker up)</small>" if session.game_type.markers else "Pass"
    parts = ['<div class="actions" role="group" aria-label="Actions">',
             button(f"Draw <small>({obs['boneyard']} left)</small>", "draw", cls="btn big",
                    disabled=DRAW not in kinds, name="Draw"),
             button(pass_name, "pass", cls="btn big", disabled=PASS not in kinds, name="Pass")]
    if g.knocks:
        # Where a forgotten knock costs tiles, the play down to one tile is pointed out.
        hand = obs["hand"]
        last_play = (KNOCK in kinds and getattr(g.options, "knock_penalty", 0)
                     and hand is not None and len(hand) == 2
                     and not session.settings.knock_for_me)
        parts.append(button("Knock first! <small>(your play leaves one tile)</small>"
                            if last_play else "Knock", "knock",
                            cls="btn big primary knock" if last_play else "btn big knock",
                            disabled=KNOCK not in kinds, name="Knock"))
    for m in moves:
        if m.kind == CALL:
            who = session.name(m.target)
            parts.append(button(f"Catch {e(who)}: no knock!", f"call:{m.target}",
                                cls="btn big warn", name=f"Catch {who} not knocking"))
    if obs["hand"]:
        parts.append(button("Sort", "sort", cls="btn big sort",
                            name="Sort my tiles by number"))
    # The move log and the score sheet, whole, in a dialog: narrow screens (up to 900 px)
    # have no room for them beside the table, and a long player list pushes them down.
    parts.append(button("Moves <small>and scores</small>", "sheet", cls="btn big sheet-open",
                        name="Moves and scores"))
    parts.append("</div>")
    return "".join(parts)


def seats_markup(session: Session, obs: dict | None = None) -> str:
    """Every player with their running total in view: name and total on one
    line, then tiles left (``obs``, as in ``actions_markup``), who plays and what they
    did last."""
    obs = session.observation() if obs is None else obs
    sizes = obs["hand_sizes"]
    g = session.game
    last = session.last_moves()
    parts = [f'<ul class="seat-list seats-{len(session.seats)}" aria-label="Players">']
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
        count = sizes[s] if s < len(sizes) else 0
        total = g.totals[s] if s < len(g.totals) else 0
        tiles = f'{count} tile{"s" if count != 1 else ""}'
        parts.append(
            f'<li class="seat{turn}" data-seat="{s}"><span class="seat-name">{e(seat.name)}'
            f'{e(you)}</span><span class="seat-total"><span class="word">Total</span> '
            f'<strong>{total}</strong></span>'
            f'<span class="seat-info"><span class="seat-count">{tiles}</span>{marker} '
            f'<span class="seat-kind">{e(kind)}</span> '
            f'<span class="seat-last">{e(last.get(s, ""))}</span></span></li>')
    parts.append("</ul>")
    return "".join(parts)


# ---- the side panel, the top bar and the whole screen ----
def game_title(session: Session) -> str:
    """The game and the rule sheet it is played by: "Mexican Train: Good Sam's ..."."""
    g = session.game
    preset = bones.PRESETS.get(g.preset)
    title = session.game_type.title
    return f"{title}: {preset.title}" if preset is not None else title


def unsaved_banner(why: str | None) -> str:
    """While the game cannot be saved: why, and what to do (app.shared.storage)."""
    if why is None:
        return ""
    said, todo = unsaved_words(why)
    # no live role: it is drawn again at every redraw; the controller says it once
    return f'<p class="save-banner"><strong>{e(said)}</strong> {e(todo)}</p>'


def topbar_markup(session: Session, hint: str = "", unsaved: str | None = None) -> str:
    can_hint = bool(session.my_moves())
    # The status and the hint keep bands of a fixed height: a tap that changes their
    # words must not move the table below them. The banner shows only while saving fails.
    return (
        '<header class="topbar">'
        + unsaved_banner(unsaved)
        + f'<h1 class="game-title">{e(game_title(session))}</h1>'
        f'<div class="messages"><p class="status" data-instruction="1">'
        f'{prose(session.status())}</p>'
        # with no hint, what the others did since your move ("Ann drew and passed.")
        f'<p class="hint-line">{prose(hint or session.since_viewer_text())}</p></div>'
        '<nav class="menu" aria-label="Game menu">'
        + button("Hint", "hint", disabled=not can_hint)
        + button("Undo", "undo", disabled=not can_hint and not session.humans)
        + button("Rules", "rules")
        + button("Settings", "settings")
        + button("New game", "home")
        + sound_button(session.settings.muted)
        + "</nav></header>")



def table_screen(session: Session, lay, *, selected: Tile | None, hint: str = "",
                 fresh: Tile | None = None, unsaved: str | None = None) -> str:
    moves = session.my_moves()
    targets = {m.target for m in moves if m.kind == PLAY and m.tile == selected}
    obs = session.observation()  # all the screen reads of the tiles, once
    return (
        '<div class="app table-screen">'
        + topbar_markup(session, hint, unsaved)
        + '<div class="board">'
        # The labels sit in bands of their own above and below the tiles, so that no
        # label ever covers a tile or a place to play (the layout gets the space between).
        + '<section class="felt" aria-label="Table">'
        + (f'<p class="count-badge" aria-label="Count on the table: {session.game.count}">'
           f'Count <strong>{session.game.count}</strong></p>'
           if session.game_type.counts_ends else "")
        + '<div class="felt-area">'
          f'{table_svg(session, lay, selected=selected, targets=targets, fresh=fresh)}</div>'
          f'<p class="boneyard">Boneyard: {obs["boneyard"]}</p>'
        + lines_list(session, targets) + "</section>"
        # It scrolls on a short screen: focusable, so the keyboard can scroll it too.
        + '<aside class="side" tabindex="0" aria-label="Players and scores">'
        + seats_markup(session, obs) + move_log_markup(session)
        + scores_markup(session) + "</aside>"
        + "</div>"
        # the hand, then its actions, as Tab reaches them (the style sheet places them)
        + '<div class="tray">' + hand_markup(session, obs, selected)
        + actions_markup(session, obs) + "</div></div>")


def lines_list(session: Session, lit: set[int]) -> str:
    """Every train, line or end as a screen reader reads it (the drawing says the same to
    the eye): whose, its open end, its marker, and whether you may play there."""
    items = "".join(f'<li data-line="{t}" aria-label="{e(words)}">{e(words)}</li>'
                    for t, words in session.lines_said(lit))
    return f'<ul class="vh" aria-label="Lines on the table">{items}</ul>'
