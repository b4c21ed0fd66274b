"""The markup of Invite by link (app.together.invite): the table's section with the link
in big text, and a phone's page while it reaches the table. Pure: plain values in, HTML
out."""

from __future__ import annotations

from app.shared.markup import NAME_INPUT, alert, button, e

CAMERA_WORDS = {
    "none": ("This device has no camera, so it cannot read the phones' codes. Invite the "
             "players by link instead: it needs no camera."),
    "denied": ("The camera is not allowed for this page, so this device cannot read the "
               "phones' codes. Invite the players by link instead, or allow the camera in "
               "the browser's settings for this site."),
}


def invite_section(*, url: str, words: str, trouble: bool, note: str, can_share: bool,
                   first: bool) -> str:
    """Before the link is made: what it is for and its button; then the link, Copy (and
    Share where the browser has it), and how the room is reached."""
    head = ('<section class="invite" aria-labelledby="invite-h">'
            '<h2 id="invite-h">Invite by link</h2>')
    if not url:
        return (head + "<p>For players who are not in this room, or when this device "
                "cannot read their codes: make a link, send it to them (a text message, "
                "an email), and opening it on their phone takes them to a seat here. It "
                "needs the internet.</p>"
                + button("Invite by link", "together-invite",
                         cls="btn huge" + (" primary" if first else ""))
                + "</section>")
    status = (alert(words) if trouble else
              f'<p class="together-status" role="status">{e(words)}</p>' if words else "")
    return (head + "<p>Send this link to each player. It holds the key to this table: "
            "send it only to them.</p>"
            f'<p class="invite-link" aria-label="The invite link">{e(url)}</p>'
            + '<div class="invite-buttons">'
            + button("Copy the link", "together-copy", cls="btn big primary")
            + (button("Share the link", "together-share", cls="btn big") if can_share else "")
            + "</div>"
            + (f'<p class="note" role="status">{e(note)}</p>' if note else "")
            + status
            + (button("Try again", "together-invite-again", cls="btn") if trouble else "")
            + "</section>")


def camera_note(state: str) -> str:
    """Why the same-room codes cannot work on this device, in words ("" when they can)."""
    words = CAMERA_WORDS.get(state, "")
    return f'<p class="together-status" role="status">{e(words)}</p>' if words else ""


def phone_link(*, name: str, kept: str, asked: bool, words: str, trouble: bool,
               problem: str) -> str:
    """A phone that opened an invite link, before its hand: the name, then "Join the
    table"; how the room is reached, in words."""
    if asked:
        body = ""
    else:
        body = ('<label class="big-label">Your name <input type="text" id="hand-name" '
                f'value="{e(name)}" maxlength="{NAME_INPUT}" autocomplete="off"></label>'
                + button("Join the table", "together-link-join", cls="btn huge primary"))
    status = (alert(words) if trouble else
              f'<p class="together-status" role="status">{e(words)}</p>' if words else "")
    return ('<div class="app hand-screen"><h1 id="hand-title">Join a table</h1>'
            "<p>You opened a table's invite link.</p>"
            + (f'<p class="note">{e(kept)}</p>' if kept else "")
            + status
            + (button("Try again", "together-link-again", cls="btn big") if trouble else "")
            + body + alert(problem)
            + button("Back", "together-home", cls="btn") + "</div>")
