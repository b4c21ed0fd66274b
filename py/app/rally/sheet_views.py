"""Standings and the history of a rally event as markup; a sheet itself is drawn by
app.shared.sheet (``sheet_table``), the same code as the table's in-game sheet."""

from __future__ import annotations

from app.rally.markup import button, e
from app.rally.state import RallyState, table_title
from bones.rally import Event
from bones.rulebook import cite
from bones.rulebook import ordinal as _ordinal


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
