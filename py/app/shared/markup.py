"""What every screen's markup is made of: escaped text and sentences, buttons with the
table's keys, the dialog frame, the line that says why typed text was refused, and a tile
drawn upright the way the player likes tiles drawn.

Every control is a real button (or an SVG group with role="button") with a name a person
would say: "Domino 12-5, playable", "Mexican Train", "Draw". The controller listens for
clicks and keys on the whole page and reads ``data-act`` to know what was asked.
"""

from __future__ import annotations

import re
from html import escape

from app.game.seats import NAME_CODES
from app.shared.render import FACE_H, FACE_W, domino_group
from bones.rulebook import PLACES
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


# Keys for the table's commands (app.shared.keyboard), shown on their buttons' tooltips and in
# the rules panel.


SHORTCUTS = {"draw": "D", "pass": "P", "knock": "K", "hint": "H", "read": "T"}


KEYS_HELP = ("Keys: Tab moves between the parts of the screen. Arrow keys move among your "
             "tiles, and among the places lit for the chosen tile. Shift and an arrow key "
             "move a tile along your hand, to keep your tiles in your own order. Enter or "
             "Space chooses a tile and plays it there. Escape puts the chosen tile back, "
             "or closes a window. D draws, P passes, K knocks, H asks for a hint, and T "
             "reads the whole table aloud.")


def _keyed(act: str) -> str:
    key = SHORTCUTS.get(act)
    return f' aria-keyshortcuts="{key}" title="Key: {key}"' if key else ""


def button(label: str, act: str, *, cls: str = "btn", disabled: bool = False,
           extra: str = "", name: str | None = None) -> str:
    aria = f' aria-label="{e(name)}"' if name else ""
    dis = " disabled" if disabled else ""
    return (f'<button type="button" class="{cls}" data-act="{e(act)}"{aria}{dis}'
            f"{_keyed(act)}{extra}>{label}</button>")


def dialog(title: str, body: str, buttons: str, *, kind: str = "") -> str:
    """A modal dialog over the screen: its title names it, its buttons close it. The title
    can take focus (``tabindex=-1``): a dialog longer than the screen opens at its top
    with focus there (app.shared.keyboard)."""
    return (f'<div class="overlay"><div class="dialog {kind}" role="dialog" aria-modal="true" '
            f'aria-labelledby="dialog-title"><h2 id="dialog-title" tabindex="-1">{e(title)}</h2>'
            f'{body}'
            f'<div class="dialog-buttons">{buttons}</div></div></div>')


NAME_INPUT = 2 * NAME_CODES  # maxlength counts UTF-16 units: room for any name we take


def alert(error: str) -> str:
    """The line that says why something typed was refused (empty until then)."""
    return f'<p class="form-error" role="alert">{e(error)}</p>'


def upright(t: Tile, coloured: bool = True, numerals: bool = False) -> str:
    """A tile standing up, as in the hand (and under the finger while it is dragged)."""
    return (f'<svg class="tile-svg" viewBox="0 0 {FACE_W} {FACE_H}" aria-hidden="true">'
            + domino_group(t, coloured=coloured, numerals=numerals) + "</svg>")


def tile_look(session) -> dict:
    """How the player likes the tiles drawn: colour-coded pips, numerals (large print)."""
    st = session.settings
    return {"coloured": st.coloured, "numerals": getattr(st, "numerals", False)}


SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>'
SOUND_ON = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" ' \
           'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
SOUND_OFF = '<path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2" ' \
            'stroke-linecap="round"/>'


def sound_button(muted: bool) -> str:
    """The sound on or off, in view at the table: a speaker, crossed out while muted
    (its volume is in Settings)."""
    on = not muted
    icon = ('<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            + SPEAKER + (SOUND_ON if on else SOUND_OFF) + "</svg>")
    return button(icon, "mute", cls="btn sound" + ("" if on else " muted"), name="Sound",
                  extra=f' aria-pressed="{"true" if on else "false"}"')
