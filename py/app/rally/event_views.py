"""The rally event's forms as markup: setting up a new event, the list of tables and
adding one, a new playoff, and import / export (with the JSON and CSV downloads).
"""

from __future__ import annotations

from app.rally.markup import (
    NAME_INPUT,
    TITLE_INPUT,
    button,
    confirm_box,
    data_url,
    e,
    slug,
    text_field,
)
from app.rally.state import RallyState, SetupForm, table_title
from bones.games import presets_of
from bones.presets import PRESETS
from bones.rally import GAMES, Event, RallyError, sheet_defaults
from bones.rally.values import to_target
from bones.rulebook import cite

BOM = "\ufeff"


# ---- setting up an event --------------------------------------------------------------------
def doubles_preview(f: SetupForm) -> tuple[list, str]:
    """The starting doubles the form would give, or the engine's reason it cannot."""
    try:
        ev = Event.create(f.title.strip() or "Preview", f.game, f.preset,
                          rounds=f.rounds.strip() or None,
                          first_double=None if to_target(f.game) else (
                              f.first.strip() or None), house=f.house)
        return ev.state()["doubles"], ""
    except RallyError as exc:
        return [], str(exc)


def setup_page(ui: RallyState) -> str:
    f = ui.setup
    games = "".join(
        f'<label class="choice big"><input type="radio" name="rally-game" value="{k}"'
        f'{" checked" if k == f.game else ""} data-act="rally-game:{k}"> {e(v)}</label>'
        for k, v in GAMES.items())
    presets = "".join(
        f'<label class="choice"><input type="radio" name="rally-preset" value="{k}"'
        f'{" checked" if f.preset == k and f.house is None else ""} '
        f'data-act="rally-preset:{k}"> {e(p.title)}</label>'
        for k, p in presets_of(f.game).items())
    presets += "".join(  # the club's own, kept on this device (app.house)
        f'<label class="choice"><input type="radio" name="rally-preset" value="house-{i}"'
        f'{" checked" if f.house is not None and f.house.name == h.name else ""} '
        f'data-act="rally-house:{i}"> {e(h.title)}</label>' for i, h in enumerate(f.houses))
    changes = ("" if f.house is None else '<ul class="house-changes">' + "".join(
        f"<li>{e(c.text)}</li>" for c in f.house.differences()) + "</ul>")
    af = to_target(f.game)
    ds, why = doubles_preview(f)
    if af:
        rounds = text_field("Games", "rounds", f.rounds, numeric=True)
        preview = ""
    else:
        rounds = (text_field("Rounds", "rounds", f.rounds, numeric=True)
                  + text_field("First starting double", "first", f.first, numeric=True))
        _n, sheet_first = sheet_defaults(f.preset, f.house)
        rule = cite('G5' if 'G5' in PRESETS[f.preset].rules else 'S2', f.preset)
        whose = "the sheet starts" if f.house is None else "the house rules start"
        other = (f"; {whose} at {sheet_first}-{sheet_first} ({rule})"
                 if ds and ds[0] != sheet_first else "")
        preview = (f'<p class="preview">Starting doubles: '
                   f'{e(", ".join(f"{d}-{d}" for d in ds))}{e(other)}</p>' if ds else
                   f'<p class="preview warn">{e(why)}</p>')
    return (
        '<section class="rally-card" aria-labelledby="setup-title">'
        '<h2 id="setup-title">A new event</h2>'
        '<p>Keep the score sheets of tables playing with real tiles: enter each round\'s '
        "points, see the standings, print the sheets. Everything is saved on this "
        "machine after every entry.</p>"
        '<form class="rally-form">'
        + text_field("Event title", "title", f.title, extra=f' maxlength="{TITLE_INPUT}"')
        + f'<fieldset><legend>Game</legend><div class="choices">{games}</div></fieldset>'
        + f'<fieldset><legend>Rules</legend><div class="choices">{presets}</div>{changes}'
        + button("House rules&hellip;", "house:rally", cls="btn",
                 name="House rules: your club's own rules, made from a sheet")
        + "</fieldset>"
        + f'<fieldset><legend>Rounds</legend><div class="rally-row">{rounds}</div>{preview}'
          "</fieldset>"
        + button("Create the event", "rally-create", cls="btn huge primary")
        + "</form></section>"
        + '<section class="rally-card" aria-labelledby="import-title">'
          '<h2 id="import-title">Or bring an event from another machine</h2>'
        + import_field() + "</section>"
        + bad_save_note(ui))


def import_field() -> str:
    return ('<label class="rally-file" for="rally-import"><span>Import an event file (JSON or '
            'CSV)</span><input type="file" id="rally-import" data-rally-field="import" '
            'accept=".json,.csv,application/json,text/csv,text/plain"></label>')


def bad_save_note(ui: RallyState) -> str:
    if not ui.bad_save:
        return ""
    return ('<section class="rally-card warn" aria-labelledby="bad-title">'
            '<h2 id="bad-title">The saved event could not be opened</h2>'
            "<p>It is kept aside: download it to show whoever looks after the "
            "scorekeeper.</p>"
            + button("Download the damaged save", "rally-download-bad", cls="btn big")
            + "</section>")


# ---- tables ---------------------------------------------------------------------------------
def tables_page(ev: Event, ui: RallyState) -> str:
    cards = []
    for t in ev.tables():
        sh = ev.sheet(t)
        done = sum(1 for r in sh["rounds"] if r["entered"])
        names = ", ".join(p["name"] for p in sh["players"])
        state = "all entered" if sh["complete"] else f"{done} of {len(sh['rounds'])} entered"
        cards.append(
            f'<li class="table-card"><h3>{e(sh["title"])}</h3><p class="names">{e(names)}</p>'
            f'<p class="progress">{e(ev.rules.word.capitalize())}s: {e(state)}</p>'
            + button(f"Open {e(sh['title'])}", f"rally-open:{t}", cls="btn big primary")
            + "</li>")
    listing = (f'<ul class="table-cards">{"".join(cards)}</ul>' if cards else
               "<p>No tables yet: add the first one below.</p>")
    add = "" if any(t.startswith("P") for t in ev.tables()) else add_table_form(ev, ui)
    return ('<section class="rally-card" aria-labelledby="tables-title">'
            f'<h2 id="tables-title">Tables</h2>{listing}</section>' + add)


def add_table_form(ev: Event, ui: RallyState) -> str:
    n = len(ui.new_names)
    hi = ev.rules.max_seats
    nxt = max((int(t) for t in ev.tables() if not t.startswith("P")), default=0) + 1
    what = "Players or partnerships" if ev.rules.fives else "Players"
    rows = "".join(
        "<li>" + text_field(f"Player {i + 1}", "name", v, fid=f"rally-name-{i}",
                            extra=f' data-i="{i}" maxlength="{NAME_INPUT}"') + "</li>"
        for i, v in enumerate(ui.new_names))
    return (
        '<section class="rally-card" aria-labelledby="add-title">'
        f'<h2 id="add-title">Add table {nxt}</h2>'
        '<form class="rally-form">'
        f'<div class="stepper"><span>{what}:</span>'
        + button("&minus;", "rally-seats:-1", name="One seat fewer", disabled=n <= 2)
        + f'<span class="count" aria-live="polite">{n} seats</span>'
        + button("+", "rally-seats:1", name="One more seat", disabled=n >= hi)
        + f'</div><ol class="name-rows">{rows}</ol>'
        + button(f"Add table {nxt}", "rally-add-table", cls="btn big primary")
        + "</form></section>")


# ---- playoff --------------------------------------------------------------------------------
def playoff_page(ev: Event, ui: RallyState) -> str:
    po = [t for t in ev.tables() if t.startswith("P")]
    existing = "".join(
        f'<li class="table-card"><h3>{e(table_title(p))}</h3><p class="names">'
        f'{e(", ".join(x["name"] for x in ev.sheet(p)["players"]))}</p>'
        + button(f"Open {e(table_title(p))}", f"rally-open:{p}", cls="btn big primary")
        + "</li>" for p in po)
    try:
        cand = ev.playoff_candidates(ui.po_kind)
    except RallyError as exc:
        cand = {"kind": ui.po_kind, "ready": False, "players": [], "notes": [],
                "message": str(exc)}
    kind = cand["kind"]
    kinds = "".join(
        f'<label class="choice"><input type="radio" name="rally-po-kind" value="{k}"'
        f'{" checked" if kind == k else ""} data-act="rally-po-kind:{k}"> {e(label)}</label>'
        for k, label in (("winners", f"Table winners ({cite('S6', ev.preset)})"),
                         ("ties", "Players tied for 1st or 2nd (play-off)")))
    if cand["ready"]:
        who = ("<p>They would play: <strong>" + e(", ".join(cand["players"]))
               + "</strong></p>")
    else:
        who = f'<p class="warn">{e(cand["message"])}</p>'
    notes = "".join(f'<p class="note">{e(n)}</p>' for n in cand["notes"])
    af = ev.rules.fives  # played to a target: games, no starting double (A8)
    fields = (text_field("Games", "po-rounds", ui.po_rounds, numeric=True) if af else
              text_field("Starting double", "po-first", ui.po_first, numeric=True)
              + text_field("Rounds", "po-rounds", ui.po_rounds, numeric=True))
    form = ('<form class="rally-form">'
            f'<fieldset><legend>Who plays</legend><div class="choices">{kinds}</div>'
            f"{who}{notes}</fieldset>"
            f'<fieldset><legend>The official picks</legend><div class="rally-row">{fields}'
            "</div></fieldset>"
            + button("Create the playoff", "rally-playoff", cls="btn huge primary",
                     disabled=not cand["ready"])
            + "</form>")
    return ((f'<section class="rally-card"><h2>Playoff tables</h2><ul class="table-cards">'
             f"{existing}</ul></section>" if po else "")
            + '<section class="rally-card" aria-labelledby="po-title">'
              '<h2 id="po-title">A new playoff</h2>'
              "<p>Table winners go to a playoff table with its own starting double and "
              "rounds; a tie for 1st or 2nd is settled the same way.</p>"
            + form + "</section>")


# ---- import / export ------------------------------------------------------------------------
def json_export(ev: Event) -> tuple[str, str]:
    """(href, file name) of the JSON download: the whole log, history included."""
    return data_url(ev.dumps(), "application/json"), f"{slug(ev.title)}-rally.json"


def csv_export(ev: Event) -> tuple[str, str]:
    """(href, file name) of the CSV download, with a byte-order mark for spreadsheets."""
    return data_url(BOM + ev.to_csv(), "text/csv"), f"{slug(ev.title)}-rally.csv"


def files_page(ev: Event, ui: RallyState) -> str:
    jhref, jname = json_export(ev)
    chref, cname = csv_export(ev)
    pending = ""
    if ui.pending_import is not None:
        p = ui.pending_import
        pending = confirm_box(
            "Replace the event?",
            f'<strong>{e(ui.pending_name)}</strong> holds the event '
            f'<strong>{e(p.title)}</strong> ({len(p.tables())} tables). Open it in place '
            f"of <strong>{e(ev.title)}</strong>? Download this one first if you need it.",
            ("Replace with the file's event", "rally-import-yes"),
            ("Keep the current event", "rally-import-no"))
    new = (('<div class="confirm" role="group" aria-label="Start a new event?">'
            f"<p>This clears <strong>{e(ev.title)}</strong> from this machine. Download it "
            "first if you need it.</p>"
            + button("Yes, start a new event", "rally-new-yes", cls="btn big warn")
            + button("Keep it", "rally-new-no", cls="btn big primary") + "</div>")
           if ui.confirm_new else button("Start a new event", "rally-new", cls="btn big"))
    return (
        '<section class="rally-card" aria-labelledby="exp-title">'
        '<h2 id="exp-title">Export</h2>'
        "<p>Move the event to another machine, or keep a copy. JSON keeps the whole "
        "history; CSV is the score sheets, for a spreadsheet.</p>"
        f'<p class="rally-row"><a class="btn big primary" href="{e(jhref)}" '
        f'download="{e(jname)}">Download JSON</a>'
        f'<a class="btn big" href="{e(chref)}" download="{e(cname)}">Download CSV</a></p>'
        "</section>"
        '<section class="rally-card" aria-labelledby="imp-title">'
        '<h2 id="imp-title">Import</h2>'
        "<p>A file is checked change by change before anything is replaced; a bad file "
        "is refused and the event here stays as it is.</p>"
        + import_field() + pending + "</section>"
        + '<section class="rally-card"><h2>A new event</h2>' + new + "</section>"
        + bad_save_note(ui))
