"""The score sheet as a table: the one score-sheet renderer of the game. It draws a sheet
in the shape ``bones.rally`` gives (``Event.sheet`` for a rally table, ``match_sheet`` for
the table's in-game panel), so the printed rally sheets (app.rally) and the in-game sheet
(app.table) are the same code."""

from __future__ import annotations

from app.shared.markup import e
from bones.rally.values import to_target
from bones.rulebook import ordinal as _ordinal


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
    """The sheet's notes (what its marks mean), and the house rules it was played by."""
    items = "".join(f"<li>{e(n)}</li>" for n in sh["notes"])
    notes = f'<ul class="sheet-notes">{items}</ul>' if items else ""
    return notes + house_block(sh)


def house_block(sh: dict) -> str:
    """A sheet played by house rules names them, their edition and every change (the
    printout and the screen alike); "" for a sheet as printed."""
    h = sh.get("house")
    if not h:
        return ""
    items = "".join(f"<li>{e(c)}</li>" for c in h["changes"])
    return (f'<div class="sheet-house"><p><strong>{e(h["title"])}</strong>, edition '
            f'{h["edition"]}. What they change:</p><ul>{items}</ul></div>')
