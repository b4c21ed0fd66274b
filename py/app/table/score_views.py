"""The table's record in words: the round's latest moves (the side panel, and the "Moves
and scores" dialog) and the score panel (the match's sheet, drawn by the rally
scorekeeper's code; All Fives' race to its target and its scoring plays). Pure functions
of a Session, tested in CPython."""

from __future__ import annotations

from app.game.session import Session
from app.shared.markup import e, prose
from bones.games import ROUNDS
from bones.moves import NEXT


def move_log_markup(session: Session, most: int = 8) -> str:
    """The round's latest moves, newest first: what happened stays readable after the
    status line has moved on."""
    items = []
    for move, seat, _t in reversed(session.game.history):
        if move.kind == NEXT or len(items) == most:
            break
        if seat is not None:
            items.append(f"<li>{prose(session.wording.move_words(move, seat))}</li>")
    if not items:
        return ""
    return ('<section class="move-log" aria-label="Moves"><h2>Moves</h2>'
            f'<ol>{"".join(items)}</ol></section>')


def score_sheet(session: Session, **how) -> str:
    """The match's score sheet, drawn as the rally scorekeeper's are (app.shared.sheet).
    Imported here, not at start-up: the first screen does not need it."""
    from app.shared.sheet import house_block, sheet_table
    from bones.rally import match_sheet

    g = session.game
    sh = match_sheet(g, [session.name(s) for s in range(g.seats)])
    return sheet_table(sh, **how) + ("" if how.get("compact") else house_block(sh))


def scores_markup(session: Session) -> str:
    g = session.game
    total_rounds = getattr(g.options, "rounds", None)
    by_rounds = session.game_type.length == ROUNDS
    title = (f"Round {g.round_number} of {total_rounds}" if total_rounds and by_rounds
             else f"Hand {g.round_number}")
    if session.lesson:  # one round only: "of 10" would promise nine more
        title = "A lesson: one " + ("round" if by_rounds else "hand")
    extra = ""
    if session.game_type.counts_ends:
        extra = _allfives_sheet(session)
    sheet = score_sheet(session, compact=True)
    started = f'<p class="round-start">{prose(session.wording.start_summary())}</p>'
    code = session.deal_code()  # shown through the round (app.game.deal_codes)
    if code is not None:
        started += f'<p class="deal-code">Deal code: <strong class="code">{e(code)}</strong></p>'
    return (f'<section class="scores" aria-label="Score sheet"><h2>{e(title)}</h2>{extra}'
            f"{sheet}{started}</section>")


def _allfives_sheet(session: Session) -> str:
    """A8 / A4: the race to the target by side, and every scoring play with why."""
    g = session.game
    groups = session.sides()
    totals = g.side_totals()
    target = g.options.target
    sides = "".join(
        f'<li class="team team-{i}"><span>{e(session.wording.side_name(seats))}</span> '
        f'<strong>{totals[i]}</strong></li>' for i, seats in enumerate(groups))
    lines = []
    for entry in reversed(g.log[-12:]):
        lines.append(f'<li><span class="hand-no">Hand {entry.hand}:</span> '
                     f'{e(session.wording.score_logged(entry))}</li>')
    log = (f'<ol class="score-log" aria-label="Scoring plays">{"".join(lines)}</ol>'
           if lines else '<p class="hint-text">No points scored yet.</p>')
    return (f'<ul class="teams" aria-label="Totals (first to {target} wins)">{sides}</ul>'
            f'<p class="target">First to {target} wins.</p>{log}')
