"""The rally scorekeeper's screens as markup: pure functions of a ``bones.rally.Event``
and the screen's own state (``RallyState``), unit-tested in CPython.

Also the one score-sheet renderer of the game: ``sheet_table`` draws a sheet in the shape
``bones.rally`` gives (``Event.sheet`` for a rally table, ``match_sheet`` for the table's
in-game panel), so the printed rally sheets and the in-game sheet are the same code.

Every control is a real button, link or labelled input; ``data-act="rally-..."`` says
what a press means (app.rally_ui acts on it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from urllib.parse import quote

from bones.games import preset_of, presets_of
from bones.presets import PRESETS
from bones.rally import GAMES, MAX_NAME, MAX_ROUNDS, MAX_TITLE, Event, RallyError, sheet_defaults
from bones.rally.values import to_target
from bones.rulebook import cite
from bones.rulebook import ordinal as _ordinal

PAGES = ("tables", "standings", "history", "playoff", "devices", "files")
DEVICE_PAGES = ("table", "history", "send")  # a table's own device (app.sync_views)
PAGE_NAMES = {"tables": "Tables", "standings": "Standings", "history": "History",
              "playoff": "Playoff", "devices": "Table devices", "files": "Import / export",
              "table": "Score sheet", "send": "Send to the official"}
KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "enter")
BOM = "\ufeff"
# maxlength counts UTF-16 units, so a name of emoji would be cut without a word: the
# inputs take the most any name may hold, and bones.rally refuses a longer one saying so.
NAME_INPUT, TITLE_INPUT = 16 * MAX_NAME, 16 * MAX_TITLE


def e(text) -> str:
    return escape(str(text), quote=True)


def button(label: str, act: str, *, cls: str = "btn", name: str | None = None,
           disabled: bool = False, pressed: bool | None = None, extra: str = "") -> str:
    aria = f' aria-label="{e(name)}"' if name else ""
    if pressed is not None:
        aria += f' aria-pressed="{"true" if pressed else "false"}"'
    dis = " disabled" if disabled else ""
    return (f'<button type="button" class="{cls}" data-act="{e(act)}"{aria}{dis}{extra}>'
            f"{label}</button>")


def confirm_box(label: str, text: str, yes: tuple[str, str], no: tuple[str, str]) -> str:
    """A question before something is replaced: ``text`` (markup), a warning button
    (label, act) that goes ahead and a primary one that keeps what is there."""
    return (f'<div class="confirm" role="group" aria-label="{e(label)}"><p>{text}</p>'
            + button(yes[0], yes[1], cls="btn big warn")
            + button(no[0], no[1], cls="btn big primary") + "</div>")


# ---- the screen's state ---------------------------------------------------------------------
@dataclass
class SetupForm:
    """The new-event form, kept between taps (the page is redrawn whole). Rounds and the
    first starting double start as the chosen sheet has them (G5, S2) and follow a
    change of rules, except a field the official has typed in (``edited``): that one is
    theirs until they empty it. A change of game starts the form over."""

    title: str = ""
    game: str = "mexican-train"
    preset: str = "gs-mt"
    rounds: str = ""
    first: str = ""
    edited: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.set_preset(self.preset)

    def set_game(self, game: str) -> None:
        if game not in GAMES:
            return
        self.game = game
        self.edited.clear()
        from bones.core import GAMES as MATCHES

        self.set_preset(MATCHES[game].default_preset)

    def set_preset(self, preset: str) -> None:
        p = PRESETS.get(preset)
        if p is None or preset_of(self.game, preset) is None:
            return
        self.preset = preset
        rounds, first = sheet_defaults(preset)
        if "rounds" not in self.edited:
            self.rounds = str(rounds)
        if "first" not in self.edited:
            self.first = "" if first is None else str(first)

    def type_in(self, name: str, value: str) -> None:
        """The official typed in a field: an emptied field is the sheet's again."""
        setattr(self, name, value)
        if name in ("rounds", "first"):
            if value.strip():
                self.edited.add(name)
            else:
                self.edited.discard(name)


@dataclass
class Draft:
    """One round's points at one table as they are being typed or tapped in."""

    round: int
    points: dict[str, str] = field(default_factory=dict)  # name -> digits as typed
    no_show: set[str] = field(default_factory=set)  # names marked G10
    active: int = 0  # the seat the number pad types for (0-based among the seated)


@dataclass
class RallyState:
    """Which rally page shows and what its forms hold. The event itself is not here."""

    page: str = "tables"  # tables | table | standings | history | playoff | files
    table: str | None = None  # the table whose entry page shows
    setup: SetupForm = field(default_factory=SetupForm)
    new_names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    drafts: dict[str, Draft] = field(default_factory=dict)
    late_open: bool = False
    late_name: str = ""
    rename_open: bool = False  # the "Correct a name" form
    rename_seat: str = "1"  # 1-based seat at the table, as the select gives it
    rename_name: str = ""
    po_kind: str | None = None
    po_first: str = ""
    po_rounds: str = ""
    error: str = ""  # shown in the role="alert" region
    note: str = ""  # what just happened, in the status line
    bad_save: bool = False  # a damaged save was put aside: offer it as a download
    pending_import: Event | None = None  # a good file waiting for "replace the event?"
    pending_name: str = ""
    confirm_new: bool = False
    printed_at: str = ""
    page_only: bool = False  # a table's own device: its one table, no list of tables


# ---- small facts about an event -------------------------------------------------------------
def fives(ev: Event) -> bool:
    return ev.rules.fives


def word(ev: Event) -> str:
    return "game" if fives(ev) else "round"


def late_ok(ev: Event, table: str) -> bool:
    """G7 buttons: main tables of a preset with late arrivals, before any playoff."""
    p = PRESETS[ev.preset]
    return (not fives(ev) and bool(getattr(p.options, "late_arrivals", False))
            and not table.startswith("P") and not any(t.startswith("P") for t in ev.tables()))


def tab_cell(label: str) -> str:
    """"Table 2" / "Playoff 1", the word hidden on a phone (the column says Table)."""
    t = table_title(label)
    word_, _, n = t.partition(" ")
    return f'<span class="tword">{e(word_)} </span>{e(n)}'


def table_title(label: str) -> str:
    return f"Playoff {label[1:]}" if label.startswith("P") else f"Table {label}"


def entry_round(ev: Event, table: str, draft: Draft | None) -> int:
    """The round the entry form is for: the draft's if it is a round of the table, else
    the next round to enter (or the last round when all are entered)."""
    n = len(ev.sheet(table)["rounds"])
    if draft is not None and 1 <= draft.round <= n:
        return draft.round
    return ev.next_round(table) or n


def new_draft(ev: Event, table: str, r: int) -> Draft:
    """A fresh form for round ``r``: empty, or, for a round already entered, holding
    what was entered (so a wrong score is corrected where it stands)."""
    d = Draft(r)
    sh = ev.sheet(table)
    if not any(x["round"] == r and x["entered"] for x in sh["rounds"]):
        return d
    for p in sh["players"]:
        cell = p["cells"][r - 1]
        if cell["points"] is None:
            continue
        if cell["mark"] == "no-show":
            d.no_show.add(p["name"])
        else:
            d.points[p["name"]] = str(cell["points"])
    return d


def slug(title: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return (s or "rally")[:40]


def data_url(text: str, mime: str) -> str:
    return f"data:{mime};charset=utf-8," + quote(text, safe="")


def json_export(ev: Event) -> tuple[str, str]:
    """(href, file name) of the JSON download: the whole log, history included."""
    return data_url(ev.dumps(), "application/json"), f"{slug(ev.title)}-rally.json"


def csv_export(ev: Event) -> tuple[str, str]:
    """(href, file name) of the CSV download, with a byte-order mark for spreadsheets."""
    return data_url(BOM + ev.to_csv(), "text/csv"), f"{slug(ev.title)}-rally.csv"


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
    head.append('<th scope="col">Total</th>')
    if not compact:
        head.append('<th scope="col">Place</th>')
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
    return "game" if sh["game"] == "all-fives" else "round"


def sheet_notes(sh: dict) -> str:
    if not sh["notes"]:
        return ""
    items = "".join(f"<li>{e(n)}</li>" for n in sh["notes"])
    return f'<ul class="sheet-notes">{items}</ul>'


def win_rule(lower_wins: bool) -> str:
    return "lowest total wins" if lower_wins else "highest total wins"


# ---- the whole screen -----------------------------------------------------------------------
def rally_screen(ev: Event | None, ui: RallyState, *, pages: dict[str, str] | None = None,
                 device: str | None = None) -> str:
    """The scorekeeper: a bar with its pages, the messages, the page, and (for print
    only) every sheet and the standings. ``pages``: markup of the pages drawn elsewhere
    (app.sync_views); ``device``: the table a table's own device keeps (its pages only)."""
    pages = pages or {}
    kicker = "Rally scorekeeper" if device is None else "Table scorekeeper"
    leave = button("Leave the scorekeeper", "rally-home", cls="btn")
    if ev is None:
        page = pages.get("start") or setup_page(ui)
        title = kicker
        nav = '<nav class="rally-nav" aria-label="Rally pages">' + leave + "</nav>"
    else:
        title = ev.title if device is None else f"{ev.title}: Table {device}"
        current = ("tables" if ui.page == "table" and device is None else ui.page)
        tabs = "".join(
            button(PAGE_NAMES[p], f"rally-page:{p}",
                   cls="btn tab" + (" current" if p == current else ""),
                   extra=' aria-current="page"' if p == current else "")
            for p in (PAGES if device is None else DEVICE_PAGES))
        nav = ('<nav class="rally-nav" aria-label="Rally pages">' + tabs
               + button("Print score sheets", "rally-print", cls="btn") + leave + "</nav>")
        page = pages.get(ui.page) or {
            "tables": tables_page, "table": table_page, "standings": standings_page,
            "history": history_page, "playoff": playoff_page,
            "files": files_page}.get(ui.page, tables_page)(ev, ui)
    sub = "" if ev is None else (
        f'<p class="rally-sub">{e(GAMES[ev.game])}, {e(PRESETS[ev.preset].title)}: '
        f"{e(win_rule(ev.lower_wins))}</p>")
    return (
        '<div class="app rally">'
        f'<header class="rally-bar"><div class="rally-head"><p class="rally-kicker">'
        f'{kicker}</p><h1>{e(title)}</h1>{sub}</div>{nav}</header>'
        + messages(ui)
        + f'<div class="rally-page">{page}</div>'
        + ("" if ev is None else print_sheets(ev, ui))
        + "</div>")


def messages(ui: RallyState) -> str:
    return (f'<div class="rally-msgs"><p class="rally-error" role="alert">{e(ui.error)}</p>'
            f'<p class="rally-note" role="status">{e(ui.note)}</p></div>')


def _field(label: str, key: str, value: str, *, numeric: bool = False, fid: str = "",
           extra: str = "") -> str:
    fid = fid or f"rally-{key}"
    mode = ' inputmode="numeric" pattern="[0-9]*"' if numeric else ""
    return (f'<label class="rally-field" for="{fid}"><span>{e(label)}</span>'
            f'<input type="text" id="{fid}" data-rally-field="{e(key)}" value="{e(value)}"'
            f'{mode} autocomplete="off"{extra}></label>')


# ---- setting up an event --------------------------------------------------------------------
def doubles_preview(f: SetupForm) -> tuple[list, str]:
    """The starting doubles the form would give, or the engine's reason it cannot."""
    try:
        ev = Event.create(f.title.strip() or "Preview", f.game, f.preset,
                          rounds=f.rounds.strip() or None,
                          first_double=None if to_target(f.game) else (
                              f.first.strip() or None))
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
        f'{" checked" if f.preset == k else ""} data-act="rally-preset:{k}"> {e(p.title)}'
        "</label>" for k, p in presets_of(f.game).items())
    af = to_target(f.game)
    ds, why = doubles_preview(f)
    if af:
        rounds = _field("Games", "rounds", f.rounds, numeric=True)
        preview = ""
    else:
        rounds = (_field("Rounds", "rounds", f.rounds, numeric=True)
                  + _field("First starting double", "first", f.first, numeric=True))
        _n, sheet_first = sheet_defaults(f.preset)
        other = (f"; the sheet starts at {sheet_first}-{sheet_first} "
                 f"({cite('G5' if 'G5' in PRESETS[f.preset].rules else 'S2', f.preset)})"
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
        + _field("Event title", "title", f.title, extra=f' maxlength="{TITLE_INPUT}"')
        + f'<fieldset><legend>Game</legend><div class="choices">{games}</div></fieldset>'
        + f'<fieldset><legend>Rules</legend><div class="choices">{presets}</div></fieldset>'
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
            f'<p class="progress">{e(word(ev).capitalize())}s: {e(state)}</p>'
            + button(f"Open {e(sh['title'])}", f"rally-open:{t}", cls="btn big primary")
            + "</li>")
    listing = (f'<ul class="table-cards">{"".join(cards)}</ul>' if cards else
               "<p>No tables yet: add the first one below.</p>")
    add = "" if any(t.startswith("P") for t in ev.tables()) else add_table_form(ev, ui)
    return ('<section class="rally-card" aria-labelledby="tables-title">'
            f'<h2 id="tables-title">Tables</h2>{listing}</section>' + add)


def add_table_form(ev: Event, ui: RallyState) -> str:
    n = len(ui.new_names)
    hi = 4 if fives(ev) else 8
    nxt = max((int(t) for t in ev.tables() if not t.startswith("P")), default=0) + 1
    what = "Players or partnerships" if fives(ev) else "Players"
    rows = "".join(
        "<li>" + _field(f"Player {i + 1}", "name", v, fid=f"rally-name-{i}",
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
    W = word(ev).capitalize()
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
    can_g10 = not fives(ev)
    for i, n in enumerate(names):
        ns = n in draft.no_show
        active = i == min(draft.active, len(names) - 1)
        val = draft.points.get(n, "")
        tools = ""
        if can_g10:
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
                _field("Name of the late arrival", "late-name", ui.late_name,
                       extra=f' maxlength="{NAME_INPUT}"'), "Add the late arrival", "rally-late")
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
        + _field("The right name", "rename-name", ui.rename_name,
                 extra=f' maxlength="{NAME_INPUT}"'),
        "Save the name", "rally-rename")


def side_form(intro: str, fields: str, ok: str, act: str) -> str:
    """A small form under the entry (late arrival, a name): what it does, its fields, the
    button that does it and Cancel (``act`` + "-cancel")."""
    return (f'<form class="late-form"><p>{e(intro)}</p>{fields}'
            + button(e(ok), act, cls="btn big primary")
            + button("Cancel", f"{act}-cancel", cls="btn big") + "</form>")


# ---- standings ------------------------------------------------------------------------------
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
    af = fives(ev)
    fields = (_field("Games", "po-rounds", ui.po_rounds, numeric=True) if af else
              _field("Starting double", "po-first", ui.po_first, numeric=True)
              + _field("Rounds", "po-rounds", ui.po_rounds, numeric=True))
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


# ---- print ----------------------------------------------------------------------------------
def print_sheets(ev: Event, ui: RallyState) -> str:
    """Every table's sheet, one a page, then the standings: shown only when printing."""
    head = (f'<p class="print-head">{e(ev.title)}: {e(GAMES[ev.game])}, '
            f'{e(PRESETS[ev.preset].title)}'
            + (f", printed {e(ui.printed_at)}" if ui.printed_at else "") + "</p>")
    parts = []
    for t in ev.tables():
        sh = ev.sheet(t)
        parts.append(f'<article class="print-sheet">{head}<h2>{e(sh["title"])}</h2>'
                     + sheet_table(sh) + sheet_notes(sh)
                     + '<p class="sign">Official: ______________________</p></article>')
    if any(not t.startswith("P") for t in ev.tables()):
        parts.append(f'<article class="print-sheet">{head}'
                     + standings_block(ev.standings(), f"Standings ({cite('G11', ev.preset)})",
                                       "print-st")
                     + "".join(standings_block(ev.standings(p), table_title(p),
                                               f"print-st-{p}")
                               for p in ev.tables() if p.startswith("P"))
                     + "</article>")
    return f'<div class="print-sheets">{"".join(parts)}</div>'


def parse_count(text: str, what: str, lo: int = 1, hi: int = MAX_ROUNDS) -> int:
    """A whole number typed in a form, or a RallyError in the engine's words."""
    t = str(text).strip()
    if not re.fullmatch(r"[0-9]{1,4}", t) or not lo <= int(t) <= hi:
        raise RallyError(f"{what} must be a whole number from {lo} to {hi}, not {t!r}")
    return int(t)
