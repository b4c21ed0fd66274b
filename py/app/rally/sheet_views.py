"""Score sheets, standings and the history of a rally event as markup.

``sheet_table`` is the one score-sheet renderer of the game: it draws a sheet in the
shape ``bones.rally`` gives (``Event.sheet`` for a rally table, ``match_sheet`` for the
table's in-game panel), so the printed rally sheets and the in-game sheet are the same
code.
"""

from __future__ import annotations

from app.rally.markup import button, e
from app.rally.state import RallyState, table_title
from bones.rally import Event
from bones.rally.values import to_target
from bones.rulebook import cite
from bones.rulebook import ordinal as _ordinal


# ---- the shared score sheet -----------------------------------------------------------------
def sheet_table(sh: dict, *, compact: bool = False, caption: str | None = None) -> str:
    """A score sheet (``Event.sheet`` / ``match_sheet`` data) as a table: players as
    rows, rounds as columns, late starts (G7) and no-show penalties (G10) marked, citing
    the sheet's own items, totals and places.

    ``compact`` (the in-game side panel): only the rounds entered, numbered, and the
    total; otherwise every round with its starting double, a Start column when someone
    joined late, and the place."""
    rounds = [r for r in sh["rounds"] if r["entered"]] if compact else sh["rounds"]
    starts = sh["has_starts"] and not compact
    late_rule = sh["marks"]["late"]["cite"]
    head = ['<th scope="col">Player</th>']
    if starts:
        head.append(f'<th scope="col">Start <small>({e(late_rule)})</small></th>')
    for r in rounds:
        if compact:
            head.append(f'<th scope="col"><abbr title="{e(r["label"])}">{r["round"]}</abbr>'
                        "</th>")
        else:
            dbl = f'<small class="dbl">{e(r["double_label"])}</small>' if r["double_label"] \
                else ""
            head.append(f'<th scope="col">{e(r["label"])}{dbl}</th>')
    head.append('<th scope="col" class="total">Total</th>')
    if not compact:
        head.append('<th scope="col" class="place">Place</th>')
    body = []
    shown = {r["round"] for r in rounds}
    for p in sh["players"]:
        who = e(p["name"])
        if not compact and p["late"]:
            who += (f' <small class="late">joined {word_of(sh)} {p["joined"]} '
                    f"({e(late_rule)})</small>")
        if not compact and p.get("from"):
            who += f' <small class="from">{e(p["from"])}</small>'
        cells = [f'<th scope="row">{who}</th>']
        if starts:
            cells.append(f'<td class="start">{p["start"] if p["late"] else ""}</td>')
        for c in p["cells"]:
            if c["round"] not in shown:
                continue
            if c["mark"] == "no-show":  # the sheet's notes say what the star means
                mark = sh["marks"]["no-show"]
                cells.append(f'<td class="no-show" title="{e(mark["text"])} '
                             f'({e(mark["cite"])})">{e(c["text"])}<sup>*</sup></td>')
            elif c["mark"] == "not seated":
                cells.append('<td class="not-seated"><span aria-hidden="true">&ndash;</span>'
                             '<span class="vh">not seated</span></td>')
            else:
                cells.append(f"<td>{e(c['text'])}</td>")
        total = "" if p["total"] is None else p["total"]
        cells.append(f'<td class="total">{total}</td>')
        if not compact:
            place = ""
            if p["played"] or p["late"]:
                place = _ordinal(p["place"]) + (" =" if p["tie"] else "")
            cells.append(f'<td class="place">{place}</td>')
        cls = ' class="leader"' if p["place"] == 1 and any(
            x["played"] for x in sh["players"]) else ""
        body.append(f"<tr{cls}>{''.join(cells)}</tr>")
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    kind = "sheet compact" if compact else "sheet rally-sheet"
    # A sheet wider than the screen scrolls sideways: by keyboard too (tabindex).
    wrap = (f'<div class="sheet-wrap" tabindex="0" role="group" '
            f'aria-label="{e(caption or sh["title"])}">')
    return (f'{wrap}<table class="{kind}">{cap}<thead><tr>{"".join(head)}'
            f'</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def word_of(sh: dict) -> str:
    return "game" if to_target(sh["game"]) else "round"


def sheet_notes(sh: dict) -> str:
    if not sh["notes"]:
        return ""
    items = "".join(f"<li>{e(n)}</li>" for n in sh["notes"])
    return f'<ul class="sheet-notes">{items}</ul>'


def win_rule(lower_wins: bool) -> str:
    return "lowest total wins" if lower_wins else "highest total wins"


# ---- standings ------------------------------------------------------------------------------
def tab_cell(label: str) -> str:
    """"Table 2" / "Playoff 1", the word hidden on a phone (the column says Table)."""
    t = table_title(label)
    word_, _, n = t.partition(" ")
    return f'<span class="tword">{e(word_)} </span>{e(n)}'


def standings_block(st: dict, title: str, hid: str) -> str:
    """G11/S6 standings: the two places, ties flagged for a play-off, every player."""
    flagged = {(r["table"], r["seat"]) for g in st["places"] if not g["decided"]
               for r in g["rows"]}
    podium = []
    for g in st["places"]:
        if g["decided"]:
            podium.append(f'<li class="decided"><span class="medal">{_ordinal(g["place"])}'
                          f'</span> {e(g["rows"][0]["name"])} <span class="tot">'
                          f'{g["rows"][0]["total"]}</span></li>')
        else:
            podium.append(f'<li class="tie"><strong class="tie-flag">Tie: play-off needed'
                          f'</strong> {e(g["message"])}</li>')
    rows = []
    for r in st["rows"]:
        flag = ""
        if (r["table"], r["seat"]) in flagged:
            flag = '<strong class="tie-flag">Tie: play-off needed</strong>'
        elif r["tie"]:
            flag = "tie"
        late = ' <small class="late">late</small>' if r["late"] else ""
        rows.append(f'<tr class="{"tied" if flag else ""}"><td class="place">'
                    f'{_ordinal(r["place"])}</td><th scope="row">{e(r["name"])}{late}</th>'
                    f'<td class="tab">{tab_cell(r["table"])}</td>'
                    f'<td class="total">{r["total"]}</td><td class="flag">{flag}</td></tr>')
    so_far = "" if st["complete"] else (
        '<p class="so-far">Not every round is entered yet: these are the standings so '
        "far.</p>")
    return (f'<h2 id="{hid}">{e(title)}</h2>{so_far}'
            f'<ul class="podium">{"".join(podium)}</ul>'
            '<div class="sheet-wrap" tabindex="0" role="group" aria-label="Standings">'
            '<table class="sheet standings-table"><thead><tr>'
            '<th scope="col">Place</th><th scope="col">Player</th><th scope="col">Table</th>'
            '<th scope="col">Total</th><th scope="col"><span class="vh">Tie</span></th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def standings_page(ev: Event, ui: RallyState) -> str:
    main = [t for t in ev.tables() if not t.startswith("P")]
    if not main:
        return ('<section class="rally-card"><h2>Standings</h2><p>No tables yet.</p>'
                "</section>")
    out = ['<section class="rally-card" aria-labelledby="st-main">'
           + standings_block(ev.standings(), f"Standings: all tables, "
                             f"{win_rule(ev.lower_wins)} ({cite('G11', ev.preset)})",
                             "st-main") + "</section>"]
    for p in [t for t in ev.tables() if t.startswith("P")]:
        out.append(f'<section class="rally-card" aria-labelledby="st-{p}">'
                   + standings_block(ev.standings(p), table_title(p), f"st-{p}")
                   + "</section>")
    return "".join(out)


# ---- history --------------------------------------------------------------------------------
def history_page(ev: Event, ui: RallyState) -> str:
    items = []
    for h in reversed(ev.history()):
        state = ""
        if not h["in_force"] and h["undone_by"]:
            state = f'<span class="undone">undone by change {h["undone_by"]}</span>'
        at = f'<span class="at">{e(h["at"])}</span>' if h.get("at") else ""
        btn = ""
        if h["can_undo"]:
            if h["op"] == "undo":
                btn = button("Redo", f"rally-undo:{h['n']}", cls="btn small",
                             name=f"Redo: cancel change {h['n']}")
            else:
                btn = button("Undo", f"rally-undo:{h['n']}", cls="btn small",
                             name=f"Undo change {h['n']}")
        cls = "change" + ("" if h["in_force"] else " out")
        items.append(f'<li class="{cls}"><span class="n">{h["n"]}</span>'
                     f'<span class="what">{e(h["text"])} {state}</span>{at}{btn}</li>')
    return ('<section class="rally-card" aria-labelledby="hist-title">'
            '<h2 id="hist-title">History: every change, newest first</h2>'
            "<p>Undo cancels one change and is itself kept here; undo an undo to bring "
            "the change back. A change that a later one needs cannot be undone before "
            "it.</p>"
            f'<ol class="history" aria-label="Changes">{"".join(items)}</ol></section>')
