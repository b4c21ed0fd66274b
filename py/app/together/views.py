"""The markup of Play together: the table's page (its code to join, its seats, who is
here) and the phone's (its code, its hand, its moves, the table in small). Pure: every
function takes plain values and returns HTML."""

from __future__ import annotations

from app.shared.markup import NAME_INPUT, alert, button, e
from app.shared.render import domino_svg
from bones.tiles import parse_tile

BIG_TILE = 150  # px: a tile of the phone's hand, on its side (long side up)


# ---- the table ---------------------------------------------------------------------------
def seat_lines(rows: list[tuple[str, str]]) -> str:
    """Each seat with who plays it: (name, what) pairs."""
    items = "".join(f"<li><strong>{e(name)}</strong>: {e(what)}</li>" for name, what in rows)
    return f'<ul class="together-seats" aria-label="Who plays where">{items}</ul>'


WAITS = {30: "30 seconds", 60: "1 minute", 120: "2 minutes", 300: "5 minutes",
         900: "15 minutes"}  # how long the table waits for a phone before the offer


def offer_buttons(offers: list[tuple[int, str]]) -> str:
    """For each phone waited on long enough: the computer plays for them until they are
    back."""
    return "".join(button(f"Let the computer play for {e(name)} until they are back",
                          f"together-standin:{seat}", cls="btn big") for seat, name in offers)


def wait_choice(wait: float) -> str:
    """The host's setting: how long a phone that went away is waited for."""
    radios = "".join(
        f'<label class="choice"><input type="radio" name="together-wait" value="{k}"'
        f'{" checked" if int(wait) == k else ""} data-act="together-wait:{k}"> {words}'
        "</label>" for k, words in WAITS.items())
    return ('<fieldset class="together-wait-choice"><legend>When a phone goes away, offer '
            f'the computer for its seat after</legend><div class="choices">{radios}</div>'
            "</fieldset>")


def host_page(*, code_svg: str, rows: list[tuple[str, str]], waiting: list[str],
              problem: str, note: str, can_play: bool, invite: str = "",
              no_camera: str = "", offers: list[tuple[int, str]] = (),
              wait: float = 60) -> str:
    """The table's page: its code for the next phone, the button that reads a phone's
    answer (or, ``no_camera``, why this device cannot), the invite link's section
    (app.together.invite_views), the seats, and the computer offered for a phone waited
    on long enough."""
    wait_lines = "".join(f'<p class="together-wait" role="status">Waiting for {e(n)}</p>'
                   for n in waiting)
    qr = (no_camera if no_camera else
          "<p>On your phone: open Rally Dominoes, tap <strong>Join a table with this "
          "phone</strong>, type your name and scan this code. Then hold your phone's code "
          "up to this device and tap the button below.</p>"
          f'<div class="qr together-qr">{code_svg}</div>'
          + button("Scan a phone's code", "together-scan", cls="btn huge primary"))
    return (
        '<div class="app together-screen"><h1 id="together-title">Play together</h1>'
        '<section aria-labelledby="join-h"><h2 id="join-h">Join this table</h2>'
        + qr + alert(problem)
        + (f'<p class="note" role="status">{e(note)}</p>' if note else "")
        + "</section>" + invite
        + '<section aria-labelledby="seats-h"><h2 id="seats-h">Seats</h2>'
        + seat_lines(rows) + wait_lines + offer_buttons(list(offers)) + wait_choice(wait)
        + "</section>"
        + button("Go to the table", "together-table", cls="btn huge",
                 disabled=not can_play)
        + button("Stop playing together", "together-stop", cls="btn")
        + "</div>")


def strip(waiting: list[str], here: list[str], offers: list[tuple[int, str]] = ()) -> str:
    """The line over the table while phones play at it: who is away (else who plays from
    a phone), the computer offered for a phone waited on long enough, and the way back to
    the table's code."""
    said = ("Waiting for " + ", ".join(waiting)) if waiting else (
        " and ".join(here) + " " + ("plays" if len(here) == 1 else "play") + " from "
        + ("a phone" if len(here) == 1 else "their phones"))
    return (f'<div class="together-strip" role="status"><span>{e(said)}</span>'
            + offer_buttons(list(offers))
            + button("Phones and seats", "together-open", cls="btn small") + "</div>")


def over_table(c) -> str:
    """The line over the table while phones play at it (``c`` the page's controller):
    who is away, and the way to the table's code; after the table's page was reloaded,
    the way back to its phones."""
    s = c.session
    t = getattr(c.together, "table", None)
    if t is not None and t.session is s:
        return strip(t.waiting(), t.here(), t.offers())
    if s is None or not any(x.kind == "phone" for x in s.seats):
        return ""
    return strip([x.name for x in s.seats if x.kind == "phone"], [])


# ---- the phone ---------------------------------------------------------------------------
VERBS = {"draw": "Draw a tile", "pass": "Pass", "knock": "Knock: one tile left"}
ARMS = {"C": "to lead", "E": "on the east end", "W": "on the west end",
        "N": "on the north end", "S": "on the south end"}  # All Fives' ends (A3)


def move_words(notation: str, names: list[str], me: int | None,
               game: str | None = "mexican-train") -> str:
    """A move the table listed, in words: "9-7 on your train", "Draw a tile". A seat's
    number after @ is its train in Mexican Train only; Chicken Foot numbers its lines,
    All Fives names its ends (docs/notation.md)."""
    if notation in VERBS:
        return VERBS[notation]
    tile, at, where = notation.partition("@")
    if not at:
        return notation
    if tile == "call" and where.isdigit() and int(where) < len(names):
        return f"Call {names[int(where)]}: they did not knock"
    if game == "mexican-train" and where == "M":
        return f"{tile} on the Mexican Train"
    if game == "mexican-train" and where.isdigit():
        n = int(where)
        if n == me:
            return f"{tile} on your train"
        return f"{tile} on {names[n]}'s train" if n < len(names) else notation
    if game == "chicken-foot" and where.isdigit():
        return f"{tile} on line {int(where) + 1}"
    return f"{tile} {ARMS.get(where, 'at ' + where)}"


def _tile(text: str, height: int) -> str:
    try:
        return domino_svg(parse_tile(text), height=height)
    except (ValueError, TypeError):
        return e(text)


def phone_join(*, name: str, kept: str, answer_svg: str, problem: str,
               status: str) -> str:
    """Before the link is open: the name, the scan of the table's code, then this phone's
    code for the table to read."""
    if answer_svg:
        body = ('<h2 id="answer-h">Show this to the table</h2><p>Hold this code up to the '
                "table's device; it scans it and you are in.</p>"
                f'<div class="qr together-qr">{answer_svg}</div>')
    else:
        body = ('<label class="big-label">Your name <input type="text" id="hand-name" '
                f'value="{e(name)}" maxlength="{NAME_INPUT}" '
                'autocomplete="off"></label>'
                + (f'<p class="note">{e(kept)}</p>' if kept else "")
                + button("Scan the table's code", "together-hand-scan",
                         cls="btn huge primary"))
    return ('<div class="app hand-screen"><h1 id="hand-title">Join a table</h1>'
            + (f'<p class="together-status" role="status">{e(status)}</p>' if status else "")
            + body + alert(problem)
            + button("Back", "together-home", cls="btn") + "</div>")


def phone_hand(*, me: str, hand: list[str], moves: list[tuple[str, str]],
               table: list[str], status: str, refusal: str, your_turn: bool,
               lost: bool = False) -> str:
    """The phone at the table: its hand as big tiles, its moves as buttons (only on its
    turn), the table in small (lines of text), and the link's state; once the link is
    lost, the way back to the seat (the table's code again)."""
    tiles = "".join(f'<li class="phone-tile" aria-label="{e(t)}">{_tile(t, BIG_TILE)}</li>'
                    for t in hand)
    buttons = "".join(
        "<li>" + button(e(words), f"together-move:{notation}", cls="btn big move-btn",
                        name=words) + "</li>" for notation, words in moves)
    turn = ("Your turn" if your_turn else "Wait for your turn")
    lines = "".join(f"<li>{e(x)}</li>" for x in table)
    return ('<div class="app hand-screen">'
            f'<h1 id="hand-title">{e(me)}</h1>'
            + (f'<p class="together-status" role="status">{e(status)}</p>' if status else "")
            + (button("Scan the table's code", "together-hand-scan", cls="btn huge primary")
               if lost else "")
            + f'<p class="hand-turn" role="status">{e(turn)}</p>'
            + alert(refusal)
            + f'<ul class="phone-moves" aria-label="Your moves">{buttons}</ul>'
            + f'<ul class="phone-hand" aria-label="Your hand">{tiles}</ul>'
            + f'<section class="phone-table" aria-label="The table"><ul>{lines}</ul>'
            "</section></div>")
