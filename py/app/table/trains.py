"""A lane's whole line, for players who count what has been played: a tap or a key on a
lane's fold chip ("+12", app.table.felt) opens every tile of it in order, oldest first,
doubles marked, each with who played it; it closes with Escape, a tap outside it or its
Close button, and a screen reader reads it as a list."""

from __future__ import annotations

from dataclasses import dataclass

from app.screen import Dialog
from app.shared.markup import button, e, upright
from bones.moves import PLAY


@dataclass(frozen=True)
class WholeTrain(Dialog):
    """The whole line of the lane whose open line is ``line`` (its fold chip's target)."""
    line: int

    def markup(self, c) -> str:
        return "" if c.session is None else whole_train_dialog(c.session, self.line)


class WholeTrains:
    """The table screen's part (app.table.ui's ``parts``) that opens a lane's whole line:
    given the game now (``game()``), the dialog slot (app.screen) and the table's redraw."""

    def __init__(self, game, slot, redraw):
        self.game, self.slot, self.redraw = game, slot, redraw

    def do_whole_train(self, arg, el) -> None:
        try:
            line = int(arg)
        except ValueError:
            return
        if self.game() is None:
            return
        self.slot.dialog = WholeTrain(line)
        self.redraw()


def lane_of(session, line: int):
    """The lane (bones.layout.lane_frame's ``Lane``) whose open line is ``line``, named as
    on the felt; None if there is none."""
    from app.table.felt import lane_names
    from bones.layout.tables import table_for

    got = table_for(session.game.game).lanes(session.game, lane_names(session))
    return next((ln for ln in got.lanes if ln.id == line), None)


def whole_train_dialog(session, line: int) -> str:
    """Every tile of a lane in order, each as it lies (the number it was played onto
    first), with who played it; a double says so."""
    lane = lane_of(session, line)
    close = button("Close", "close", cls="btn big primary")
    if lane is None:
        return _dialog("That line", "<p>That line is no longer on the table.</p>", close)
    who = {}
    for move, seat, *_ in session.game.history:
        if move.kind == PLAY and seat is not None:
            who[move.tile] = session.name(seat)
    look = {"coloured": session.settings.coloured,
            "numerals": getattr(session.settings, "numerals", False)}
    items = []
    tiles = ([(lane.root, lane.root.hi)] if lane.root is not None else []) + list(
        zip(lane.tiles, lane.firsts, strict=True))
    for i, (t, first) in enumerate(tiles, 1):
        words = f"{first}-{t.other(first)}"
        if t.hi == t.lo:
            words += ", a double"
        if t in who:
            words += f", played by {who[t]}"
        items.append(f'<li class="whole-tile">{upright(t, **look)}'
                     f'<span>{i}. {e(words)}</span></li>')
    n = len(tiles)
    title = f"{lane.name}: {n} tile{'s' if n != 1 else ''}"
    body = (f'<p class="hint-text">Oldest first; the last is the open end.</p>'
            f'<ol class="whole-train" aria-label="{e(title)}, oldest first">'
            + "".join(items) + "</ol>")
    return _dialog(title, body, close)


def _dialog(title: str, body: str, buttons: str) -> str:
    """app.shared.markup's dialog, closed by a tap outside it too (the overlay closes;
    a tap inside, on no button, does nothing)."""
    return (f'<div class="overlay" data-act="close"><div class="dialog wide whole" '
            f'role="dialog" aria-modal="true" aria-labelledby="dialog-title" data-act="stay">'
            f'<h2 id="dialog-title" tabindex="-1">{e(title)}</h2>{body}'
            f'<div class="dialog-buttons">{buttons}</div></div></div>')
