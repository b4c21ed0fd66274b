"""The house rules screen's markup: the list of kept rule sets, the form that makes or
changes one (built from ``HouseRules.editor()``, every refusal beside its field), and a
rule set shared as a QR code and a file. Presses carry the prefix ``house-``."""

from __future__ import annotations

from dataclasses import dataclass, field

import bones
from app.shared.markup import NAME_INPUT, alert, button, e
from bones.games import game as game_type
from bones.house import HouseRules, players_words
from bones.rulebook import SHEET_TITLES


@dataclass
class HouseState:
    """What the screen holds between taps."""

    page: str = "list"  # list | edit | share
    draft: HouseRules | None = None  # the rule set on the form
    editing: str = ""  # the name of the kept rule set the form changes ("" a new one)
    errors: dict[str, str] = field(default_factory=dict)  # a value refused, by its field
    error: str = ""  # what went wrong (an import, a save)
    note: str = ""  # what was done
    sharing: str = ""  # the name of the rule set shown as a code
    pending: HouseRules | None = None  # an import whose name clashes: asks first
    deleting: str = ""  # the name of the rule set whose delete asks first
    named: bool = False  # the name was typed in or Save pressed: its problem may show
    asking: bool = False  # Save pressed on rules some tables cannot play: asks first
    base: str = "gs-mt"  # the sheet a new rule set starts from
    back: str = "start"  # where "Back" goes: "start" or "rally"


def messages(st: HouseState) -> str:
    return (f'<div class="house-msgs">{alert(st.error)}'
            f'<p class="house-note" role="status">{e(st.note)}</p></div>')


def head(title: str, back: str) -> str:
    to = "the rally scorekeeper" if back == "rally" else "the start screen"
    return ('<header class="house-head">'
            + button("Back", "house-back", cls="btn big", name=f"Back to {to}")
            + f'<h1 tabindex="-1" id="house-title">{e(title)}</h1></header>')


def summary(h: HouseRules) -> str:
    """A rule set in a few lines: where it comes from, who can play, what changes."""
    changes = h.differences()
    items = ("".join(f"<li>{e(c.text)}</li>" for c in changes) if changes
             else "<li>Nothing yet: played as the sheet says.</li>")
    return (f'<p class="house-from">From {e(SHEET_TITLES[h.base])} '
            f"({e(game_type(h.game).title)}), edition {h.edition}. {e(h.players)}.</p>"
            f'<ul class="house-changes">{items}</ul>')


def limits(h: HouseRules) -> str:
    """One sentence for the tables that cannot play these rules (though some can): who,
    the first reason in the engine's words, and what to change; "" when all can."""
    lim = [p for p in h.problems() if p.seats]
    if not lim or not h.seats:
        return ""
    out = sorted({n for p in lim for n in p.seats})
    labels = {r["field"]: r["label"] for r in h.form()}
    what = list(dict.fromkeys(labels.get(p.field, p.field) for p in lim))
    return (f"Tables of {players_words(out)} cannot play these rules; only "
            f"{h.players} can. {lim[0].message} To let them play, change "
            f"{' or '.join(what)}.")


def name_said(st: HouseState) -> str:
    """The name's problem, once the person has typed a name or pressed Save."""
    if not st.named or st.draft is None:
        return ""
    return next((p.message for p in st.draft.problems() if p.field == "name"), "")


def name_problem(message: str) -> str:
    return f'<p class="field-problem">{e(message)}</p>' if message else ""


def list_page(st: HouseState, kept: list[HouseRules], problem: str) -> str:
    cards = []
    for i, h in enumerate(kept):
        if st.deleting and st.deleting == h.name:
            ask = (f'<p class="house-ask" role="alert">Delete {e(h.name)}? Games already '
                   "played by them keep them.</p>"
                   + button("Yes, delete them", f"house-delete-yes:{i}", cls="btn big danger")
                   + button("No, keep them", "house-delete-no", cls="btn big"))
        else:
            ask = (button("Play these", f"house-play:{i}", cls="btn big primary",
                          name=f"Play {h.name}")
                   + button("Change", f"house-edit:{i}", cls="btn big", name=f"Change {h.name}")
                   + button("Share", f"house-share:{i}", cls="btn big", name=f"Share {h.name}")
                   + button("Delete", f"house-delete:{i}", cls="btn", name=f"Delete {h.name}"))
        cards.append(f'<li class="house-card"><h2>{e(h.name)}</h2>{summary(h)}'
                     f'<div class="house-buttons">{ask}</div></li>')
    listed = (f'<ul class="house-list" aria-label="House rules on this device">'
              f'{"".join(cards)}</ul>' if cards else
              '<p class="hint-text">No house rules on this device yet.</p>')
    sheets = "".join(f'<option value="{k}"{" selected" if k == st.base else ""}>'
                     f"{e(game_type(p.game).title)}: {e(SHEET_TITLES[k])}</option>"
                     for k, p in bones.PRESETS.items())
    clash = ""
    if st.pending is not None:
        clash = (f'<div class="house-ask" role="alert"><p>There are already house rules '
                 f"called {e(st.pending.name)} on this device. Replace them with the ones "
                 "brought in?</p>"
                 + button("Yes, replace them", "house-replace-yes", cls="btn big danger")
                 + button("No, keep mine", "house-replace-no", cls="btn big") + "</div>")
    return (
        '<div class="app house-screen">' + head("House rules", st.back)
        + '<p class="intro">Your club\'s own rules, made from one of the printed sheets: '
          "change what your club plays differently and give them a name.</p>"
        + messages(st) + (alert(problem) if problem else "") + clash + listed
        + '<section class="house-new" aria-labelledby="house-new-h">'
          '<h2 id="house-new-h">Make new house rules</h2>'
          f'<label class="big-label">Start from <select data-house-field="base" '
          f'aria-label="The sheet to start from">{sheets}</select></label>'
        + button("Start from this sheet", "house-new", cls="btn big primary")
        + "</section>"
          '<section class="house-bring" aria-labelledby="house-bring-h">'
          '<h2 id="house-bring-h">House rules from another device</h2>'
          '<label class="file-pick btn big">Open a house rules file '
          '<input type="file" accept=".json,application/json" data-house-field="import" '
          'aria-label="Open a house rules file"></label>'
        + button("Scan a house rules code", "house-scan", cls="btn big")
        + "</section></div>")


def _control(row: dict, draft: HouseRules) -> str:
    f = row["field"]
    label = e(row["label"])
    if row["control"] == "sizes":
        boxes = "".join(
            f'<label class="size-box">{s["players"]} players <input type="number" '
            f'inputmode="numeric" min="{row["low"]}" max="{row["high"]}" value="{s["tiles"]}" '
            f'data-house-field="size" data-setting="{f}" data-players="{s["players"]}" '
            f'aria-label="{label}: tiles each for {s["players"]} players"></label>'
            for s in row["sizes"])
        return f'<div class="sizes">{boxes}</div>'
    if row["control"] == "number":
        return (f'<input type="number" inputmode="numeric" min="{row["low"]}" '
                f'max="{row["high"]}" value="{row["value"]}" data-house-field="set" '
                f'data-setting="{f}" aria-label="{label}">')
    opts = "".join(f'<option value="{i}"{" selected" if c["value"] == row["value"] else ""}>'
                   f"{e(c['words'])}</option>" for i, c in enumerate(row["choices"]))
    return f'<select data-house-field="set" data-setting="{f}" aria-label="{label}">{opts}</select>'


def setting_row(row: dict, draft: HouseRules, refused: str) -> str:
    f = row["field"]
    cites = ", ".join(r["cite"] for r in row["rules"])
    where = f" ({e(cites)})" if cites else " (a house rule: on no sheet)"
    changed = ""
    if row["changed"]:
        changed = ('<span class="house-mark">Changed</span> '
                   + button("As the sheet", f"house-reset:{f}", cls="btn small",
                            name=f"As the sheet: {row['label']}"))
    problems = [refused] if refused else []
    if row["problem"]:
        problems.append(row["problem"])
    said = "".join(f'<p class="field-problem">{e(p)}</p>' for p in problems)
    return (f'<li class="house-setting{" changed" if row["changed"] else ""}" '
            f'data-setting="{f}"><h2>{e(row["label"])}</h2>'
            f'<p class="hint-text">{e(row["help"])}</p>{_control(row, draft)}'
            f'<p class="sheet-value">The sheet{where}: {e(row["sheet_words"])}</p>'
            f"{changed}{said}</li>")


def edit_page(st: HouseState) -> str:
    h = st.draft
    ed = h.editor()
    rows = "".join(setting_row(r, h, st.errors.get(r["field"], "")) for r in ed["settings"])
    changes = ("".join(f"<li>{e(c)}</li>" for c in ed["changes"]) or
               "<li>Nothing yet: played as the sheet says.</li>")
    title = f"Change {st.editing}" if st.editing else "New house rules"
    who = limits(h)
    if who and st.asking:  # the one message, now with the choice
        who = (f'<div class="house-ask" role="alert"><p>{e(who)}</p>'
               + button(f"Save them for {h.players} only", "house-save:limited",
                        cls="btn big")
               + button("No, change them", "house-limited-no", cls="btn big") + "</div>")
    elif who:
        who = f'<p class="field-problem house-limits">{e(who)}</p>'
    else:
        who = f'<p>{e(ed["players"] or "No number of players can play these rules")}.</p>'
    return (
        '<div class="app house-screen house-edit">' + head(title, st.back)
        + f'<p class="house-note" role="status">{e(st.note)}</p>'
        + f'<p class="house-from">From {e(ed["sheet"])} ({e(game_type(h.game).title)}).</p>'
        '<form class="house-form" aria-label="House rules">'
        f'<label class="big-label">Name <input type="text" data-house-field="name" '
        f'value="{e(h.name)}" maxlength="{NAME_INPUT}" autocomplete="off" '
        f'placeholder="Sun Lakes Tuesday" aria-label="Name of the house rules" '
        f'aria-describedby="house-name-said"></label>'
        f'<div id="house-name-said" aria-live="polite">'
        f'{name_problem(st.errors.get("name") or name_said(st))}</div>'
        + f'<ol class="house-settings">{rows}</ol>'
        f'<section class="house-sum" aria-labelledby="house-sum-h"><h2 id="house-sum-h">'
        f'What your club plays differently</h2><ul class="house-changes">{changes}</ul>'
        f"{who}</section>" + alert(st.error)
        + '<div class="house-buttons">'
        + button("Save", "house-save", cls="btn huge primary", name="Save the house rules")
        + button("Cancel", "house-cancel", cls="btn big") + "</div></form></div>")


def share_page(st: HouseState, h: HouseRules, qr: str) -> str:
    return (
        '<div class="app house-screen house-share">' + head(f"Share {h.name}", st.back)
        + messages(st) + summary(h)
        + '<p class="intro">On the other device, open House rules and choose "Scan a house '
          'rules code", or send it the file.</p>'
        + f'<figure class="qr-box">{qr}<figcaption>{e(h.title)}</figcaption></figure>'
        + button("Save as a file", "house-file", cls="btn big primary",
                 name=f"Save {h.name} as a file")
        + button("Done", "house-done", cls="btn big") + "</div>")
