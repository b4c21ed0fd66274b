"""The rally scorekeeper's screen as markup: pure functions of a ``bones.rally.Event``
and the screen's own state (``app.rally.state.RallyState``), unit-tested in CPython.

This module draws the whole screen (the bar with its pages, the messages, the page, and
for print only every sheet and the standings); the pages come from
app.rally.event_views (set-up, tables, playoff, files), app.rally.entry_views (a table's
entry page) and app.rally.sheet_views (standings, history); a sheet is drawn by
app.shared.sheet, the one score-sheet renderer of the game, the table's in-game panel's too.
"""

from __future__ import annotations

from app.rally.entry_views import table_page
from app.rally.event_views import files_page, playoff_page, setup_page, tables_page
from app.rally.markup import button, e
from app.rally.sheet_views import history_page, standings_block, standings_page, win_rule
from app.rally.state import RallyState, table_title
from app.shared.sheet import sheet_notes, sheet_table
from bones.presets import PRESETS
from bones.rally import GAMES, Event
from bones.rulebook import cite

PAGES = ("tables", "standings", "history", "playoff", "devices", "files")
DEVICE_PAGES = ("table", "history", "send")  # a table's own device (app.rally.sync_views)
PAGE_NAMES = {"tables": "Tables", "standings": "Standings", "history": "History",
              "playoff": "Playoff", "devices": "Table devices", "files": "Import / export",
              "table": "Score sheet", "send": "Send to the official"}


# ---- the whole screen -----------------------------------------------------------------------
def rally_screen(ev: Event | None, ui: RallyState, *, pages: dict[str, str] | None = None,
                 device: str | None = None, storage: str = "") -> str:
    """The scorekeeper: a bar with its pages, the messages, the page, and (for print
    only) every sheet and the standings. ``pages``: markup of the pages drawn elsewhere
    (app.rally.sync_views); ``device``: the table a table's own device keeps (its pages only);
    ``storage``: whether the browser keeps what the page stores (index.html's
    ``data-storage``)."""
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
        f'<p class="rally-sub">{e(GAMES[ev.game])}, {e(rules_title(ev))}: '
        f"{e(win_rule(ev.lower_wins))}</p>")
    return (
        '<div class="app rally">'
        f'<header class="rally-bar"><div class="rally-head"><p class="rally-kicker">'
        f'{kicker}</p><h1>{e(title)}</h1>{sub}</div>{nav}</header>'
        + messages(ui) + keep_note(ev, device, storage)
        + f'<div class="rally-page">{page}</div>'
        + ("" if ev is None else print_sheets(ev, ui))
        + "</div>")


def keep_note(ev: Event | None, device: str | None, storage: str) -> str:
    """While an event is in progress and the browser has not promised to keep what the
    page stores (docs/browsers.md), a quiet reminder to export it."""
    if ev is None or device is not None or storage not in ("not-kept", "refused"):
        return ""
    return ('<p class="rally-keep">This browser may clear what it stores. Keep a copy of '
            "the event on another machine or a memory stick: "
            + button("Import / export", "rally-page:files", cls="btn small") + "</p>")


def messages(ui: RallyState) -> str:
    banner = f'<p class="save-banner">{e(ui.unsaved)}</p>' if ui.unsaved else ""
    return (f'<div class="rally-msgs">{banner}'
            f'<p class="rally-error" role="alert">{e(ui.error)}</p>'
            f'<p class="rally-note" role="status">{e(ui.note)}</p></div>')


def rules_title(ev: Event) -> str:
    """The sheet an event is scored by, or its house rules ("House rules: Sun Lakes
    Tuesday (from Good Sam's Mexican Train)")."""
    return PRESETS[ev.preset].title if ev.house is None else ev.house.title


# ---- print ----------------------------------------------------------------------------------
def print_sheets(ev: Event, ui: RallyState) -> str:
    """Every table's sheet, one a page, then the standings: shown only when printing."""
    head = (f'<p class="print-head">{e(ev.title)}: {e(GAMES[ev.game])}, '
            f'{e(rules_title(ev))}'
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
