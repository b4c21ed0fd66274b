"""The small pieces of markup every rally page uses, and app.rally.sync_views too: escaping,
buttons, the "replace?" question, a labelled text field, and ``data:`` links for
downloads.

Every control is a real button, link or labelled input; ``data-act="rally-..."`` says
what a press means (app.rally.ui acts on it).
"""

from __future__ import annotations

import re
from html import escape
from urllib.parse import quote

from bones.rally import MAX_NAME, MAX_TITLE

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


def text_field(label: str, key: str, value: str, *, numeric: bool = False, fid: str = "",
               extra: str = "") -> str:
    fid = fid or f"rally-{key}"
    mode = ' inputmode="numeric" pattern="[0-9]*"' if numeric else ""
    return (f'<label class="rally-field" for="{fid}"><span>{e(label)}</span>'
            f'<input type="text" id="{fid}" data-rally-field="{e(key)}" value="{e(value)}"'
            f'{mode} autocomplete="off"{extra}></label>')


def slug(title: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return (s or "rally")[:40]


def data_url(text: str, mime: str) -> str:
    return f"data:{mime};charset=utf-8," + quote(text, safe="")
