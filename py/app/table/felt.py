"""The felt as markup: every tile where the layout puts it, the trains' names and markers,
the places the chosen tile may go, the score a play just made. Pure functions of a
Session and a layout (bones.layout's lanes for the table, its whole-table layout for a
kiosk's attract screen); the rest of the table screen is app.table.views."""

from __future__ import annotations

from app.game.session import Session
from app.shared.markup import e, tile_look
from app.shared.render import FACE_W, domino_group
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

    return layout_table(s.game, width=width, height=height, names=lane_names(s),
                        before=before, brace=brace)


def lane_names(s) -> dict[int, str]:
    """Each lane's name, as its button is named ("Ann", "Mexican Train", "8-8 toe 2")."""
    names = {}
    for t in s.words.lane_ids(s.game):
        # a seat's own train (M2) is named by whose it is: "Ann", not "Ann's train"
        name = (s.name(t) if s.game_type.seat_trains and t >= 0
                else s.wording.target_label(t))
        names[t] = name[:1].upper() + name[1:]
    return names


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
    since = session.wording.since_viewer() if session.game_type.seat_trains else {}
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

    def tucked(p) -> str:
        # a folded tile, hidden until "Show again" shows its move over the chip, named
        x, y = p.corner()
        size = (extra.get("label_px") or 18) / lay.scale
        return (f'<g class="tucked" role="img" aria-label="Domino {p.tile}">'
                + domino_group(p.tile, x, y, angle=p.hi_angle, scale=1 / FACE_W, **look)
                + f'<text class="tucked-name" x="{p.x:.3f}" y="{p.box.y - size * 0.6:.3f}" '
                f'text-anchor="middle" font-size="{size:.3f}">{p.tile}</text></g>')

    if lay.hub is not None:
        parts.append(tile(lay.hub))
    # each lane a group named as the log and the hints name it, its tiles inside
    plain = plain_names(lay)
    for tv in lay.trains:
        parts.append(f'<g class="lane-group" role="group" aria-label="{e(tv.name)}" '
                     f'data-folded="{tv.folded}">'
                     + _train_markup(session, tv, selected, targets, lay,
                                     since.get(tv.train, ""), plain)
                     + "".join(tile(p) for p in tv.tiles)
                     + "".join(tucked(p) for p in getattr(tv, "tucked", ())) + "</g>")
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
    return sum(x.points for x in session.last_scores if x.seat is not None)


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


BOLD, PLAIN = 0.58, 0.55  # a letter's width, of its size, in bold and in regular weight


def _fit_text(text: str, width_px: float, size_px: float, per: float = BOLD) -> str:
    """``text``, cut short with an ellipsis to about ``width_px`` at ``size_px``: a
    name is never squeezed below its size (older eyes), it is shortened instead."""
    most = max(3, int(width_px / (size_px * per)))
    return text if len(text) <= most else text[:most - 1].rstrip() + "\u2026"


def _band_px(lay, lb) -> float:
    """The room a name above its lane has in regular weight (CSS px): its band, and the
    felt's margin it runs towards (a name stands at the station's side of its lane)."""
    from bones.layout.lane_frame import MARGIN

    return (lb.box.w + MARGIN) * lay.scale


def plain_names(lay) -> bool:
    """The lanes' names in regular weight: where a name above its lane would be cut in
    bold and stands whole in regular weight, at the same size (a phone's felt in large
    print: "Christabel\u2026" was cut, "Christabelle" reads whole); every name alike."""
    extra = getattr(lay, "extra", {}) or {}
    px = extra.get("label_px")
    if not px or extra.get("labels") != "band":
        return False
    cut = [tv.label for tv in lay.trains if tv.label is not None
           and _fit_text(tv.label.text, tv.label.box.w * lay.scale, px) != tv.label.text]
    return any(_fit_text(lb.text, _band_px(lay, lb), px, PLAIN) == lb.text for lb in cut)


def _train_markup(session: Session, tv, selected: Tile | None, targets: set[int],
                  lay=None, event: str = "", plain: bool = False) -> str:
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
            per = PLAIN if plain else BOLD
            width = _band_px(lay, lb) if plain else lb.box.w * lay.scale
            text = _fit_text(lb.text, width, px, per)
            said = ""
            if event and text == lb.text:
                # "Ann: drew and passed", in what room the band has after the name: whole
                # or not at all (the player's card says it too)
                room = width - (len(text) + 2) * px * per
                if _fit_text(event, room, px, per) == event:
                    said = f'<tspan class="lane-event">: {e(event)}</tspan>'
            cls = "train-label plain" if plain else "train-label"
            out.append(f'<text class="{cls}" x="{x:.3f}" y="{y:.3f}" '
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
        out.append(f'<g class="marker {state}" data-train="{tv.train}"><circle '
                   f'cx="{m.x:.3f}" cy="{m.y:.3f}" r="{m.r:.3f}"/>{ring}'
                   f'<title>{e(tv.name)}: {state}</title></g>')
    fold = getattr(tv, "fold", None)
    if fold is not None and px:
        # The older tiles, folded: a small stack with how many there are.
        b = fold
        # a button that opens the whole line, but while a chosen tile's places are lit
        # (then the table's buttons are those places)
        act = ("" if targets else f' role="button" tabindex="0" data-act="whole-train:'
               f'{tv.train}" aria-label="{e(tv.name)}: {tv.folded} older tiles. Show the '
               f'whole line"')
        out.append(f'<g class="fold"{act}><title>{tv.folded} older tiles</title>'
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
    name = session.wording.target_label(target)
    name = name[:1].upper() + name[1:]
    hit = lane or b
    return (f'<g class="target" role="button" tabindex="0" aria-label="{e(name)}" '
            f'data-act="target" data-target="{target}">'
            f'<rect class="hit" x="{hit.x:.3f}" y="{hit.y:.3f}" width="{hit.w:.3f}" '
            f'height="{hit.h:.3f}"/><rect class="slot lit" x="{b.x:.3f}" y="{b.y:.3f}" '
            f'width="{b.w:.3f}" height="{b.h:.3f}" rx="0.15"/>{number}</g>')
