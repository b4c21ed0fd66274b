"""A past game's replay: the table after each move drawn with the table's own felt
(app.table.felt), every hand face up, the move in words, the four ways to step, and
the coach at the player's own moves (bones.ai.coach: what Normal and Hard would have
played and why, and a plain mark where the choice cost points)."""

from __future__ import annotations

import dataclasses

from app.past.views import e, game_words, head, notices, when
from app.shared.markup import button, prose, tile_look
from app.shared.render import domino_svg
from app.table import felt
from bones.fair import verify

FELT_W, FELT_H = 1000, 620  # the layout's frame; the SVG scales to the page
TOP_GAP = 16  # px of felt above the tiles


def hands_markup(view) -> str:
    """Every hand face up, by seat."""
    look = tile_look(view)
    rows = []
    for i, seat in enumerate(view.seats):
        hand = sorted(view.game.hands[i], key=lambda t: (t.hi, t.lo), reverse=True)
        tiles = "".join(f'<li>{domino_svg(t, height=76, **look)}</li>' for t in hand)
        count = f"{len(hand)} tile{'' if len(hand) == 1 else 's'}"
        whose = "Your" if seat.name == "You" else f"{seat.name}'s"
        rows.append(f'<li class="past-hand"><h3>{e(seat.name)} ({count})</h3>'
                    f'<ul class="past-tiles" aria-label="{e(whose)} tiles">{tiles}'
                    "</ul></li>")
    return f'<ul class="past-hands">{"".join(rows)}</ul>'


def felt_svg(view, size: tuple[int, int] | None = None) -> str:
    """The table at the position, laid out for the felt's size on the page (a phone's
    felt is taller than wide, so its tiles are drawn bigger)."""
    w, h = size if size and size[0] > 0 and size[1] > 0 else (FELT_W, FELT_H)
    lay = felt.lanes_layout(view, w, h)
    # the tiles from the felt's top, just under the steps (the play screen centres them
    # in room kept for the lines to grow; a replay's felt is laid out afresh each move)
    top = lay.content.y - TOP_GAP / lay.scale
    if top > lay.view.y:
        lay = dataclasses.replace(lay, view=lay.view._replace(y=top))
    return felt.table_svg(view, lay, selected=None, targets=set())


def felt_markup(view, size: tuple[int, int] | None = None) -> str:
    return f'<div class="past-felt" id="past-felt">{felt_svg(view, size)}</div>'


def steps(pos: int, total: int, mine: tuple[str, bool] | None = None) -> str:
    """The ways to step; ``mine``: (its label, whether a person's move lies ahead), for
    the button that goes straight to the next move a person made (where the coach is).
    A phone shows the first words of each ("Back"), the name says it whole."""
    at_start, at_end = pos <= 0, pos >= total

    def step(first: str, more: str, arg: str, off: bool, key: str, cls: str = "btn big"):
        label = f'{first}<span class="step-more"> {more}</span>' if more else first
        return button(label, f"past-step:{arg}", cls=cls, disabled=off,
                      name=f"{first} {more}" if more else None,
                      extra=f' aria-keyshortcuts="{key}"')

    ahead = "" if mine is None else button(mine[0], "past-step:mine", cls="btn big mine",
                                           disabled=not mine[1], extra=' aria-keyshortcuts="N"')
    return ('<div class="past-steps" role="group" aria-label="Step through the game">'
            + step("Start", "", "start", at_start, "Home")
            + step("Back", "one move", "back", at_start, "ArrowLeft")
            + step("Forward", "one move", "forward", at_end, "ArrowRight", "btn big primary")
            + step("End", "", "end", at_end, "End")
            + ahead + "</div>")


def coach_markup(coach: dict) -> str:
    """The coach at the move just shown: ``coach`` holds ``state`` ("none": not the
    player's move; "ask": not worked out yet; "thinking"; "done" with ``advice``)."""
    state = coach.get("state", "none")
    if state == "none":
        return ""
    who = e(coach.get("name", "You"))
    if state == "ask":
        body = (f"<p>{who} made this move. The coach can say what the computer players "
                "would have played here.</p>"
                + button("What would the computers play?", "past-coach", cls="btn big primary"))
    elif state == "thinking":
        body = "<p>The coach is thinking about this move. This can take a little while.</p>"
    else:
        a = coach["advice"]
        if a.forced:
            body = "<p>There was no real choice here: every player would do the same.</p>"
        else:
            body = (f"<p>{who} chose to <strong>{prose(coach['played'])}</strong>.</p>"
                    f"<p><strong>Normal</strong> says: {prose(a.normal.reason)}</p>"
                    f"<p><strong>Hard</strong> says: {prose(a.hard.reason)}</p>"
                    + verdict(a))
    return (f'<section class="past-coach" id="past-coach" aria-labelledby="coach-title">'
            f'<h2 id="coach-title" tabindex="-1">The coach</h2>{body}</section>')


def verdict(a) -> str:
    if a.marked:
        return (f'<p class="coach-mark"><strong>This choice cost about {round(a.cost)} '
                "points</strong> against the computers' choice, by the coach's reckoning."
                "</p>")
    if a.cost <= 0 and a.played in (a.normal.notation, a.hard.notation):
        return "<p>That is what a computer player would have done.</p>"
    return "<p>A fair choice: the difference is small.</p>"


def deal_markup(deal: dict | None, word: str) -> str:
    """The round's deal code opened (docs/records.md): the secret, the cut and the seed,
    and whether the deal follows from them and is the one played ("" without a code)."""
    if deal is None:
        return ""
    problems = [*verify(deal), *deal.get("played", [])]
    verdict_ = ("It checks: the code is the secret number's hash, the hands and boneyard "
                "are what the seed deals, and they are the ones played." if not problems
                else "It does not check: " + "; ".join(problems) + ".")
    return (f'<details class="past-deal"><summary>This {e(word)}\'s deal: code '
            f'<strong class="code">{e(deal["code"])}</strong>, cut {deal["cut"]:,}</summary>'
            f'<p class="deal-check">{e(verdict_)}</p>'
            f'<dl class="deal-facts"><dt>Secret number</dt><dd class="hex">'
            f'{e(deal["secret"])}</dd><dt>Seed</dt><dd class="hex">{e(deal["seed"])}</dd>'
            "</dl></details>")


def replay_page(rec: dict, view, *, pos: int, total: int, said: str, round_no: int,
                coach: dict, notice: str = "", error: str = "",
                felt_size: tuple[int, int] | None = None, deal: dict | None = None,
                mine: tuple[str, bool] | None = None) -> str:
    """The replay: the heading, the ways to step, the move in words and the felt
    together in the first screenful (``.past-stage``: the words just under the steps, the
    felt taking the height they leave), then the coach, the deal and every hand."""
    title = f"Replay: {game_words(rec)}"
    where = (f"Move {pos} of {total}, round {round_no}" if pos else
             f"The deal, before the first move ({total} moves in all)")
    return ('<div class="app past-screen past-replay"><div class="past-stage">'
            + head(title, "replay") + notices(notice, error) + steps(pos, total, mine)
            + f'<p class="past-where" aria-live="polite"><strong>{e(where)}</strong>'
            + (f". {prose(said)}" if said else "") + "</p>"
            + felt_markup(view, felt_size) + "</div>"
            + coach_markup(coach) + deal_markup(deal, view.game_type.round_word)
            + f'<p class="past-when">Played {e(when(rec["date"]))}.</p>'
            + hands_markup(view) + "</div>")
