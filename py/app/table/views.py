"""The table screen as markup: pure functions of a Session and a layout. The felt is
app.table.felt; here the player's hand, the action buttons, the players with their
totals, the move log and the score panel, and the status line above them.

Nothing here decides what is legal: the legal moves come from the engine. The dialogs
over the table are app.table.dialog_views, the start screen app.start.views, the pieces
they share app.shared.markup.
"""

from __future__ import annotations

import re

import bones
from app.game.session import Session
from app.shared.markup import button, e, prose, sound_button, tile_look, upright
from app.shared.storage import unsaved_words
from app.table.felt import table_svg
from app.table.position import Position
from app.table.score_views import move_log_markup, scores_markup
from bones.moves import CALL, DRAW, KNOCK, PASS
from bones.tiles import Tile

# The longest word of a name two players' cards a row beside the table hold whole (four
# to six players at 1024 x 768, large print too); a longer one takes a card a row
PAIRED_LETTERS = 5


# ---- the hand and the buttons ----
def hand_markup(session: Session, view) -> str:
    """The tiles of the seat at the screen, from the position's view (app.table.position:
    its observation, its moves, its hand in its player's order, app.game.hand); hidden when no
    seat is at the screen. Each tile is marked ``data-hand-tile="1"``; the tiles' size is
    set once the page knows the room there is (app.table.board)."""
    seat = view.obs["seat"]
    selected = view.selected
    if seat is None:  # the hot-seat's words only where a person plays at this screen
        hint = ("The tiles are hidden until the player takes the screen." if session.humans
                else "Each player's tiles are on their own phone."
                if any(s.kind == "phone" for s in session.seats) else "")
        return ('<div class="hand hidden-hand" role="group" aria-label="Tiles">'
                + (f'<p class="hint-text">{hint}</p>' if hint else "") + "</div>")
    playable = view.playable
    look = tile_look(session)
    hand = view.hand
    who = ("Your tiles" if len(session.humans) == 1 or session.name(seat) == "You"
           else f"{session.name(seat)}'s tiles")
    parts = [f'<div class="hand" role="group" aria-label="{e(who)}" '
             f'aria-describedby="hand-keys" data-tiles="{len(hand)}">']
    for t in hand:
        ok = t in playable
        state = "playable" if ok else "not playable"
        # a tile tapped that cannot go anywhere now is not chosen: it is marked wrong
        # (a red outline and a shake, web/style.css) while the line says why
        chosen, wrong = t == selected and ok, t == selected and not ok
        cls = ("hand-tile" + (" playable" if ok else "") + (" selected" if chosen else "")
               + (" wrong" if wrong else ""))
        pressed = "true" if chosen else "false"
        if wrong:
            state = "not playable now: see why above the table"
        parts.append(
            f'<button type="button" class="{cls}" data-act="select" data-tile="{t}" '
            f'data-hand-tile="1" aria-pressed="{pressed}"'
            + (' data-wrong="1"' if wrong else "") + ">" + upright(t, **look)
            # named by hidden words, not aria-label: the name need not hold what large
            # print shows on the tile ("12" over "8"; axe's label-content-name-mismatch)
            + f'<span class="vh">Domino {t}, {state}</span></button>')
    if not hand:
        parts.append('<p class="hint-text">No tiles left.</p>')
    parts.append('<p class="vh" id="hand-keys">Shift and an arrow key moves a tile along '
                 'your hand.</p></div>')
    return "".join(parts)


def actions_markup(session: Session, view: Position | None = None) -> str:
    """Draw, pass, show again, knock, catch a missed knock, sort the hand, and the moves
    and scores; ``view``: the position's (app.table.position; worked out if not given)."""
    view = view or Position.of(session, None)
    obs, moves = view.obs, view.moves
    kinds = {m.kind for m in moves}
    g = session.game
    pass_name = "Pass <small>(marker up)</small>" if session.game_type.markers else "Pass"
    parts = ['<div class="actions" role="group" aria-label="Actions">',
             button(f"Draw <small>({obs['boneyard']} left)</small>", "draw", cls="btn big",
                    disabled=DRAW not in kinds, name="Draw"),
             button(pass_name, "pass", cls="btn big", disabled=PASS not in kinds, name="Pass")]
    # beside Draw and Pass: the row below them has no room for a fourth button
    parts.append(show_again_button(session))
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


def show_again_button(session: Session, cls: str = "btn big show-again") -> str:
    """"Show again": the others' moves since the player's own, shown again on the table
    (app.table.show_again); with the move log: in the action row beside the side panel's log,
    and in the "Moves and scores" dialog, where narrow screens find it (their action row
    has no room for it, web/style.css)."""
    if session.viewer() is None:
        return ""
    since = 0 if session.computer_to_move() else len(session.wording.moves_since_viewer())
    return button("Show again", "show-again", cls=cls, disabled=not since, name="Show again")


def seats_markup(session: Session, obs: dict | None = None) -> str:
    """Every player with their running total in view: name and total on one
    line, then tiles left (``obs``, as in ``actions_markup``), who plays and what they
    did last."""
    obs = session.observation() if obs is None else obs
    sizes = obs["hand_sizes"]
    g = session.game
    last = session.wording.last_moves()
    # a name with a word too long for half the side panel takes a card a row (web/style.css)
    longest = max((len(w) for seat in session.seats for w in seat.name.split()), default=0)
    wide = " long-names" if longest > PAIRED_LETTERS else ""
    parts = [f'<ul class="seat-list seats-{len(session.seats)}{wide}" aria-label="Players">']
    for s, seat in enumerate(session.seats):
        turn = " turn" if g.turn == s else ""
        if len(session.sides()) == 2 and len(session.seats) == 4:  # partners (A1)
            turn += f" team-{g.sides[s]}"
        you = " (you)" if seat.human and len(session.humans) == 1 and seat.name != "You" \
            else ""
        kind = f"computer, {seat.level}" if seat.computer else (
            "on their phone" if seat.kind == "phone" else "")
        marker = ""
        if session.game_type.markers and s < len(g.markers):
            # its two words kept together when the card's line breaks (web/style.css)
            marker = ('<span class="badge open">train\u00a0open</span>' if g.markers[s]
                      else '<span class="badge">train\u00a0closed</span>')
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
    if session.lesson:
        return f"Learn to play: {session.lesson_run.lesson.title}"
    if g.house is not None:  # "House rules: Sun Lakes Tuesday (from Good Sam's ...)"
        return g.house.title
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


_TILE_FIRST = re.compile(r"\d+-\d+ ")


def topbar_markup(session: Session, view: Position | None = None, hint: str = "",
                  unsaved: str | None = None) -> str:
    can_hint = bool((view or Position.of(session, None)).moves)
    if session.lesson:  # a lesson (app.lessons.lesson): what it says; start again, or leave it
        line = lesson_line_markup(session, hint)
        first = button("Start again", "lesson-again", name="Start again: the lesson")
        leave = button("Leave", "home", name="Leave the lesson")
    else:  # with no hint, what the others did since your move ("Ann drew and passed.")
        line = f'<p class="hint-line">{prose(hint or session.wording.since_viewer_text())}</p>'
        first = button("Hint", "hint", disabled=not can_hint)
        leave = button("New game", "home")
    # The status and the hint keep bands of a fixed height: a tap that changes their
    # words must not move the table below them. The banner shows only while saving fails.
    return (
        '<header class="topbar">'
        + unsaved_banner(unsaved)
        + f'<h1 class="game-title">{e(game_title(session))}</h1>'
        f'<div class="messages"><p class="status" data-instruction="1">'
        f'{prose(session.wording.status())}</p>{line}</div>'
        '<nav class="menu" aria-label="Game menu">' + first
        + button("Undo", "undo", disabled=not can_hint and not session.humans)
        + button("Rules", "rules")
        + button("Settings", "settings")
        + leave
        + sound_button(session.settings.muted)
        + "</nav></header>")


def lesson_line_markup(session: Session, hint: str) -> str:
    """A lesson's line: the step's sentence, which stays through the step (tapping its
    tile lights the tile and its place; the words that say where are the sentence's
    own), or why a tapped tile is not the one (Session.tile_hint) until the next move.
    The sentence holds its room under the words shown (unseen): the table below keeps
    its place from the step's first view to the tap on its place."""
    sentence = session.lesson_line()
    wrong = bool(_TILE_FIRST.match(hint)) and " can go on: " not in hint
    if not wrong:
        return f'<p class="hint-line lesson-line"><span>{prose(sentence)}</span></p>'
    return ('<p class="hint-line lesson-line wrong-tap"><span class="line-now">'
            f'{prose(hint)}</span><span class="line-hold" aria-hidden="true">'
            f'{prose(sentence)}</span></p>')


def table_screen(session: Session, view, felt_svg: str, *, hint: str = "",
                 unsaved: str | None = None) -> str:
    """The table screen: ``view`` the position's (app.table.position, worked out once for
    the whole screen), ``felt_svg`` the felt (app.table.felt; empty until the felt's
    size is known, app.table.board)."""
    obs = view.obs
    return (
        '<div class="app table-screen">'
        + topbar_markup(session, view, hint, unsaved)
        + '<div class="board">'
        # The labels sit in bands of their own above and below the tiles, so that no
        # label ever covers a tile or a place to play (the layout gets the space between).
        + '<section class="felt" aria-label="Table">'
        + (f'<p class="count-badge" aria-label="Count on the table: {session.game.count}">'
           f'Count <strong>{session.game.count}</strong></p>'
           if session.game_type.counts_ends else "")
        + f'<div class="felt-area">{felt_svg}</div>'
          f'<p class="boneyard">Boneyard: {obs["boneyard"]}</p>'
        + lines_list(session, set(view.targets), view.moves) + "</section>"
        # It scrolls on a short screen: focusable, so the keyboard can scroll it too.
        + '<aside class="side" tabindex="0" aria-label="Players and scores">'
        + seats_markup(session, obs) + move_log_markup(session)
        + scores_markup(session) + "</aside>"
        + "</div>"
        # the hand, then its actions, as Tab reaches them (the style sheet places them)
        + '<div class="tray">' + hand_markup(session, view)
        + actions_markup(session, view) + "</div></div>")


def lines_list(session: Session, lit: set[int], moves: tuple | None = None) -> str:
    """Every train, line or end as a screen reader reads it (the drawing says the same to
    the eye): whose, its open end, its marker, and whether you may play there (``moves``:
    the person's, as the position's view worked them out)."""
    items = "".join(f'<li data-line="{t}" aria-label="{e(words)}">{e(words)}</li>'
                    for t, words in session.wording.lines_said(lit, moves))
    return f'<ul class="vh" aria-label="Lines on the table">{items}</ul>'


def whole_table(session: Session, lay, *, selected: Tile | None = None, hint: str = "",
                fresh: Tile | None = None) -> str:
    """The table screen with its felt laid out by ``lay``: the page's drawing in one
    piece (app.table.board draws the felt for the felt's measured size)."""
    view = Position.of(session, selected)
    svg = table_svg(session, lay, selected=selected, targets=set(view.targets), fresh=fresh)
    return table_screen(session, view, svg, hint=hint)
