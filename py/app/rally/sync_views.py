"""Markup for tables that keep their own sheets (docs/rally.md, "Table devices"): the
official's "Table devices" page (hand-out codes, receiving sheets, the side-by-side review
of a sheet that differs) and the table device's own pages. Pure functions of the event and
the screen's state, like app.rally.views; QR codes come in as markup from app.browser.qr."""

from __future__ import annotations

from dataclasses import dataclass

from app.rally.markup import button, confirm_box, data_url, e, slug
from bones.rally import NO_SHOW, Event
from bones.rally.sync import Merge, TableDevice


@dataclass
class SyncState:
    """What the table-device pages hold, beside the rally screen's own state."""

    handout: str | None = None  # the table whose hand-out code shows
    merge: Merge | None = None  # a received sheet waiting for the official
    merge_name: str = ""  # where it came from ("the camera", a file name)
    code_text: str = ""  # a round's code as typed
    pending: TableDevice | None = None  # a new hand-out waiting for "replace this table?"


def _pts(v) -> str:
    return "" if v is None else "no-show" if v == NO_SHOW else str(v)


def _file_link(text: str, name: str, label: str) -> str:
    return (f'<a class="btn big" href="{e(data_url(text, "text/plain"))}" '
            f'download="{e(name)}">{e(label)}</a>')


# ---- the official's device --------------------------------------------------------------------
def devices_page(ev: Event, sync: SyncState, qr_markup: str, handout_text: str) -> str:
    tables = [t for t in ev.tables() if not t.startswith("P")]
    items = []
    for t in tables:
        got = [c for c in ev._log if c["op"] == "received" and c["table"] == t]
        state = (f"sheet last received at change {got[-1]['n']}" if got
                 else "no sheet received yet")
        items.append(f'<li class="table-card"><h3>Table {e(t)}</h3><p>{e(state)}</p>'
                     + button(f"Show Table {e(t)}'s code", f"rally-handout:{t}",
                              cls="btn big primary") + "</li>")
    listing = (f'<ul class="table-cards">{"".join(items)}</ul>' if items
               else "<p>Add tables first (Tables page).</p>")
    listing_card = ('<section class="rally-card" aria-labelledby="dev-title">'
                    '<h2 id="dev-title">Tables on their own devices</h2>'
                    "<p>A table's scorekeeper can keep its sheet on a phone or tablet: open "
                    "this page there, choose <strong>Keep score for a table</strong>, and "
                    "scan the table's code from this screen. No network is needed. Scan its "
                    "sheet back here at the end, or at any time.</p>" + listing + "</section>")
    out = merge_review(ev, sync) if sync.merge is not None else ""
    if sync.handout is not None and qr_markup:
        t = sync.handout
        out += ('<section class="rally-card handout" aria-labelledby="ho-title">'
                f'<h2 id="ho-title" tabindex="-1">Table {e(t)}: scan this with the table\'s '
                f'device</h2><div class="qr-box">{qr_markup}</div>'
                "<p>No camera there? Send the file instead, and open it on the table's "
                "device.</p><p class=\"rally-row\">"
                + _file_link(handout_text, f"{slug(ev.title)}-table-{t}-handout.txt",
                             f"Download Table {t}'s hand-out")
                + button("Done", "rally-handout-done", cls="btn big") + "</p></section>")
    out += receive_section(sync) + listing_card
    return out


def receive_section(sync: SyncState) -> str:
    return (
        '<section class="rally-card" aria-labelledby="recv-title">'
        '<h2 id="recv-title">Receive a table\'s sheet</h2>'
        "<p>Each sheet is checked before anything changes. The same sheet twice adds "
        "nothing; a later one adds only what is new.</p>"
        '<p class="rally-row">'
        + button("Scan a table's sheet", "rally-scan:sheet", cls="btn big primary")
        + '</p><label class="rally-file" for="rally-sheet-file"><span>Open a table\'s sheet '
          'file</span><input type="file" id="rally-sheet-file" data-rally-field="sheet-file" '
          'accept=".txt,text/plain"></label>'
        '<div class="rally-form code-form">'
        '<label class="rally-field" for="rally-round-code"><span>Or type one round\'s code, '
        'as the table reads it out (like 2-3-12-0-25-471)</span>'
        f'<input type="text" id="rally-round-code" data-rally-field="round-code" '
        f'autocomplete="off" value="{e(sync.code_text)}"></label>'
        + button("Enter the round's code", "rally-round-code", cls="btn big")
        + "</div></section>")


def merge_review(ev: Event, sync: SyncState) -> str:
    m = sync.merge
    words = m.words()
    theirs = "".join(f"<li>{e(w)}</li>" for w in words["theirs"])
    head = (f'<section class="rally-card merge" aria-labelledby="merge-title">'
            f'<h2 id="merge-title" tabindex="-1">{e(m.summary())}</h2>'
            f"<p>From {e(sync.merge_name)}.</p>")
    if m.status == "clean":
        return (head + f"<h3>What the table's sheet adds</h3><ol>{theirs}</ol>"
                + '<p class="rally-row">'
                + button("Add them to the event", "rally-merge:table", cls="btn big primary")
                + button("Not now", "rally-merge-cancel", cls="btn big") + "</p></section>")
    own = "".join(f"<li>{e(w)}</li>" for w in words["own"])
    n = len(ev.state()["doubles"])
    W = ev.rules.word.capitalize()
    cols = "".join(f'<th scope="col">{W} {r}</th>' for r in range(1, n + 1))
    rows = []
    for row in m.rows:
        for who, vals in (("This device", row["official"]), ("Table's device", row["table"])):
            cells = "".join(
                (f'<td class="differs"><strong>{e(_pts(v))}</strong>'
                 '<span class="vh"> (differs)</span></td>'
                 if r + 1 in row["rounds"] else f"<td>{e(_pts(v))}</td>")
                for r, v in enumerate(vals or [None] * n))
            missing = "" if vals else " (not on this sheet)"
            rows.append(f'<tr><th scope="row">{e(row["name"])}: {who}{e(missing)}</th>'
                        f"{cells}</tr>")
    why = f"<p>{e(m.reason)}</p>" if m.reason else ""
    return (head + why
            + '<div class="sheet-wrap" tabindex="0" role="group" aria-label="Both sheets">'
              '<table class="sheet side-by-side">'
              f'<caption>The two sheets side by side: bold marks what differs</caption>'
              f'<thead><tr><th scope="col">Player</th>{cols}</tr></thead>'
              f'<tbody>{"".join(rows)}</tbody></table></div>'
            + f"<h3>Your changes to this table since its last sheet</h3><ol>{own}</ol>"
            + f"<h3>The table's new changes</h3><ol>{theirs}</ol>"
            + '<p class="rally-row">'
            + button("Keep the table's sheet", "rally-merge:table", cls="btn big primary",
                     name="Keep the table's sheet (your own changes to it are undone, and "
                          "stay in the history)")
            + button("Keep this device's sheet", "rally-merge:official", cls="btn big")
            + button("Decide later", "rally-merge-cancel", cls="btn big") + "</p></section>")


# ---- the table's device ----------------------------------------------------------------------
def device_start(sync: SyncState) -> str:
    """Before a hand-out: how to get one."""
    return (
        '<section class="rally-card" aria-labelledby="dstart-title">'
        '<h2 id="dstart-title">Keep score for a table</h2>'
        "<ol class=\"steps\"><li>The rally official opens <strong>Rally scorekeeper</strong>, "
        "<strong>Table devices</strong>, and shows your table's code.</li>"
        "<li>Press <strong>Scan the official's code</strong> and hold this device's camera "
        "up to it.</li><li>Enter each round's points here. When asked, show the official "
        "your sheet's code.</li></ol>"
        '<p class="rally-row">'
        + button("Scan the official's code", "rally-scan:handout", cls="btn huge primary")
        + "</p>" + handout_file_field() + "</section>" + pending_note(sync))


def handout_file_field() -> str:
    return ('<label class="rally-file" for="rally-handout-file"><span>Or open a hand-out '
            'file the official sent</span><input type="file" id="rally-handout-file" '
            'data-rally-field="handout-file" accept=".txt,text/plain"></label>')


def pending_note(sync: SyncState) -> str:
    p = sync.pending
    if p is None:
        return ""
    return confirm_box(
        "Replace this table?",
        f"This code hands you <strong>Table {e(p.table)}</strong> of "
        f"<strong>{e(p.title)}</strong>. It replaces the sheet kept on this device: show "
        "the official your sheet first if they have not scanned it.",
        ("Replace the sheet", "rally-handout-yes"), ("Keep this sheet", "rally-handout-no"))


def send_page(dev: TableDevice, sync: SyncState, qr_markup: str) -> str:
    """The table's sheet as a code for the official, a file, and each round's short code."""
    ev = dev.event
    sh = ev.sheet(dev.table)
    codes = []
    for r in sh["rounds"]:
        if r["entered"]:
            codes.append(f'<li><span>{e(r["label"])}:</span> '
                         f'<strong class="round-code">{e(dev.round_code(r["round"]))}'
                         "</strong></li>")
    code_list = (f'<ol class="round-codes">{"".join(codes)}</ol>' if codes
                 else f"<p>No {ev.rules.word} is entered yet.</p>")
    text = dev.sheet()
    return (
        '<section class="rally-card handout" aria-labelledby="send-title">'
        f'<h2 id="send-title" tabindex="-1">Table {e(dev.table)}\'s sheet: show this to the '
        f'official</h2><div class="qr-box">{qr_markup}</div>'
        "<p>The official scans it with <strong>Scan a table's sheet</strong>. Show it "
        "again after any change: only what is new is added.</p><p class=\"rally-row\">"
        + _file_link(text, f"{slug(ev.title)}-table-{dev.table}-sheet.txt",
                     "Download the sheet file")
        + "</p></section>"
        '<section class="rally-card" aria-labelledby="codes-title">'
        f'<h2 id="codes-title">One {ev.rules.word} at a time, read aloud</h2>'
        f"<p>If the official cannot scan, read out a {ev.rules.word}'s code; they type it in.</p>"
        + code_list + "</section>"
        '<section class="rally-card"><h2>A new hand-out</h2>'
        "<p>The official can hand you this table again, or another one.</p>"
        '<p class="rally-row">'
        + button("Scan the official's code", "rally-scan:handout", cls="btn big")
        + "</p>" + handout_file_field() + pending_note(sync) + "</section>")
