"""A rally table's entry page: the form that enters (or corrects) one round's points,
with its number pad, the G10 no-show buttons, a late arrival (G7) and "Correct a name",
above the table's score sheet.
"""

from __future__ import annotations

from app.rally.event_views import tables_page
from app.rally.markup import NAME_INPUT, button, confirm_box, e, text_field
from app.rally.state import RallyState, entry_round, new_draft
from app.shared.sheet import sheet_notes, sheet_table
from bones.rally import Event
from bones.rulebook import cite

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "enter")


def late_ok(ev: Event, table: str) -> bool:
    """G7 buttons: main tables of an event whose rules (the preset's, or the club's house
    rules on it: ``Rules.late_ok``, which the entry itself checks) take late arrivals,
    before any playoff."""
    return (bool(ev.rules.late_ok) and not table.startswith("P")
            and not any(t.startswith("P") for t in ev.tables()))


def table_page(ev: Event, ui: RallyState) -> str:
    t = ui.table
    if t is None or t not in ev.tables():
        return tables_page(ev, ui)
    sh = ev.sheet(t)
    draft = ui.drafts.get(t)
    r = entry_round(ev, t, draft)
    if draft is None or draft.round != r:
        draft = new_draft(ev, t, r)
    rnd = sh["rounds"][r - 1]
    fixing = bool(rnd["entered"])  # the form corrects a round already entered
    W = ev.rules.word.capitalize()
    options = "".join(
        f'<option value="{x["round"]}"{" selected" if x["round"] == r else ""}>'
        f'{e(x["label"])}{" (entered)" if x["entered"] else ""}</option>'
        for x in sh["rounds"])
    dbl = f' <span class="dbl">starting double {e(rnd["double_label"])}</span>' \
        if rnd["double_label"] else ""
    done = " (entered: change a score and save the correction)" if fixing else ""
    head = (f'<h2 id="entry-title" tabindex="-1">{e(sh["title"])}: {e(rnd["label"])}{dbl}'
            f"{e(done)}</h2>"
            f'<label class="rally-field inline" for="rally-round"><span>{W} to enter</span>'
            f'<select id="rally-round" data-rally-field="round">{options}</select></label>')
    names = ev.seated(t, r)
    totals = {p["name"]: p["total"] for p in sh["players"]}
    rows = []
    can_g10 = ev.rules.no_show_ok
    for i, n in enumerate(names):
        ns = n in draft.no_show
        active = i == min(draft.active, len(names) - 1)
        val = draft.points.get(n, "")
        tools = ""
        if can_g10 and draft.asking == n and not ns:
            tools = confirm_box(
                f"Did {n} not show their bones?",
                f"Did {e(n)} not show their bones? Their score this round becomes the "
                f"table's highest plus 10 ({e(cite('G10', ev.preset))}).",
                (f"Yes: {e(n)} did not show them", f"rally-noshow-yes:{i}"),
                ("No", f"rally-noshow-no:{i}"))
        elif can_g10:
            tools = button("Did not show their bones" + (" (marked)" if ns else ""),
                           f"rally-noshow:{i}", cls="btn noshow" + (" on" if ns else ""),
                           pressed=ns, name=f"{n} did not show their bones")
        rows.append(
            f'<li class="entry-player{" active" if active else ""}">'
            # Named by what it shows (a voice user says what they see), then what it does.
            + button(f'<span class="pname">{e(n)}</span> <span class="ptotal">total '
                     f'{"" if totals.get(n) is None else totals[n]}</span>'
                     '<span class="vh">: type their points</span>',
                     f"rally-pick:{i}", cls="btn who", pressed=active)
            + f'<label class="pts" for="rally-pts-{i}"><span class="vh">Points for {e(n)}'
              f'</span><input type="text" id="rally-pts-{i}" data-rally-field="pts" '
              f'data-i="{i}" inputmode="numeric" autocomplete="off" value="{e(val)}"'
              f'{" disabled" if ns else ""} placeholder="{"no-show" if ns else ""}" '
              f'aria-label="Points for {e(n)}"></label>'
            + tools + "</li>")
    who = names[min(draft.active, len(names) - 1)] if names else ""
    last = min(draft.active, len(names) - 1) == len(names) - 1
    save_words = (f"Save corrections to {rnd['label'].lower()}" if fixing
                  else f"Save {rnd['label'].lower()}")
    keys = []
    for k in KEYS:
        if k == "back":
            keys.append(button("&#9003;", "rally-key:back", cls="btn key",
                               name="Delete last digit"))
        elif k == "enter":
            keys.append(button("Enter" if not last else e(save_words),
                               "rally-key:enter", cls="btn key enter primary",
                               name="Enter" if not last else f"Enter and "
                               f"{save_words[0].lower()}{save_words[1:]}"))
        else:
            keys.append(button(k, f"rally-key:{k}", cls="btn key"))
    pad = (f'<div class="keypad" role="group" aria-label="Number pad for {e(who)}">'
           f'<p class="pad-for" aria-hidden="true">Points for {e(who)}</p>{"".join(keys)}</div>')
    save = ('<div class="save-row">'
            + f'<button type="submit" class="btn huge primary" data-act="rally-save">'
              f'{e(save_words)}</button>'
            + button("Undo the last change", "rally-undo", cls="btn big")
            + "</div>")
    late = ""
    if late_ok(ev, t):
        if ui.late_open:
            late = side_form(
                "A late arrival joins at the next round not entered, with the highest "
                f"total at the table ({cite('G7', ev.preset)}).",
                text_field("Name of the late arrival", "late-name", ui.late_name,
                           extra=f' maxlength="{NAME_INPUT}"'),
                "Add the late arrival", "rally-late")
        else:
            late = button("Late arrival", "rally-late-open", cls="btn big")
    extra = late + rename_form(sh, ui)
    entry = (
        f'<form class="entry" aria-labelledby="entry-title">{head}'
        f'<div class="entry-grid"><ol class="entry-players">{"".join(rows)}</ol>{pad}</div>'
        f"{save}</form>")
    return (
        '<section class="rally-card table-entry">'
        + ("" if ui.page_only else button("&larr; All tables", "rally-page:tables",
                                          cls="btn back"))
        + entry + f'<div class="entry-extra">{extra}</div></section>'
        + f'<section class="rally-card" aria-label="Score sheet of {e(sh["title"])}">'
          f'<h2>Score sheet: {e(sh["title"])}</h2>'
        + sheet_table(sh) + sheet_notes(sh) + "</section>")


def rename_form(sh: dict, ui: RallyState) -> str:
    """ "Correct a name": a misspelt name is fixed everywhere (the change is kept in the
    history and can be undone)."""
    if not ui.rename_open:
        return button("Correct a name", "rally-rename-open", cls="btn big")
    opts = "".join(
        f'<option value="{i}"{" selected" if str(i) == ui.rename_seat else ""}>'
        f'{e(p["name"])}</option>' for i, p in enumerate(sh["players"], 1))
    return side_form(
        "Correct a player's name on this table's sheet.",
        '<label class="rally-field" for="rally-rename-seat"><span>Whose name</span>'
        f'<select id="rally-rename-seat" data-rally-field="rename-seat">{opts}</select></label>'
        + text_field("The right name", "rename-name", ui.rename_name,
                     extra=f' maxlength="{NAME_INPUT}"'),
        "Save the name", "rally-rename")


def side_form(intro: str, fields: str, ok: str, act: str) -> str:
    """A small form under the entry (late arrival, a name): what it does, its fields, the
    button that does it and Cancel (``act`` + "-cancel")."""
    return (f'<form class="late-form"><p>{e(intro)}</p>{fields}'
            + button(e(ok), act, cls="btn big primary")
            + button("Cancel", f"{act}-cancel", cls="btn big") + "</form>")
