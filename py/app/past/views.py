"""The past games' markup: the list (newest first: when, which game and sheet, who
played at what level, the final scores and who won), the question before deleting, and
what the replay and the statistics pages share (their heading and way back). The replay
is app.past.playback_views, the statistics app.past.stats_views."""

from __future__ import annotations

import bones
from app.game.games_ui import titles
from app.shared.markup import alert, button, dialog, e

GAME_TITLES = titles()
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd"}


def when(date: str) -> str:
    """"2025-06-01T14:05" as people say it: "1 June 2025 at 14:05"."""
    try:
        y, m, d = int(date[:4]), int(date[5:7]), int(date[8:10])
        day = f"{d} {MONTHS[m - 1]} {y}"
    except (ValueError, IndexError):
        return date
    clock = date[11:16]
    return f"{day} at {clock}" if len(clock) == 5 else day


def place_word(p: int) -> str:
    return PLACE_WORDS.get(p, f"{p}th")


def game_words(rec: dict) -> str:
    """"Mexican Train, Good Sam's rules"."""
    game = GAME_TITLES.get(rec["game"], rec["game"])
    preset = bones.PRESETS.get(rec["sheet"])
    sheet = preset.title if preset is not None else rec["sheet"]
    house = (rec.get("house") or {}).get("name")
    return f"{game}, {sheet}" + (f" (house rules: {house})" if house else "")


def who_plays(p: dict) -> str:
    return "a person" if p["kind"] == "human" else f"computer, {p['level'].capitalize()}"


def winners(rec: dict) -> str:
    sm = rec["summary"]
    first = [p["name"] for p, place in zip(rec["players"], sm["places"], strict=True)
             if place == 1]
    names = " and ".join(first)
    if rec["ended"] == "finished":
        return f"{names} won." if len(first) == 1 else f"{names} shared first place."
    return f"Not finished: {names} {'was' if len(first) == 1 else 'were'} ahead."


def ending(rec: dict) -> str:
    n = len(rec["summary"]["rounds"])
    rounds = f"{n} round{'' if n == 1 else 's'}"
    if rec["ended"] == "finished":
        return f"Finished after {rounds}"
    return f"Put away part way, after {rounds}"


def scores_table(rec: dict, caption: str) -> str:
    sm = rec["summary"]
    # who plays as what under the name, not in a column of its own: three columns fit a
    # 390 px phone with 12-letter names (four made the list 405 px wide)
    rows = "".join(
        f'<tr><th scope="row">{e(p["name"])}<span class="past-plays">{e(who_plays(p))}'
        f'</span></th><td class="num">{sm["totals"][i]}</td>'
        f'<td>{place_word(sm["places"][i])}</td></tr>'
        for i, p in enumerate(rec["players"]))
    low = "fewest points wins" if sm["lower_wins"] else "most points wins"
    return (f'<table class="past-scores"><caption>{e(caption)} ({low})</caption>'
            '<thead><tr><th scope="col">Player</th>'
            '<th scope="col">Score</th><th scope="col">Place</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def game_card(rec: dict) -> str:
    gid = rec["id"]
    title = game_words(rec)
    return (f'<li class="past-game" data-game="{gid}"><article aria-labelledby="g-{gid}">'
            f'<h2 id="g-{gid}">{e(title)}</h2>'
            f'<p class="past-when">{e(when(rec["date"]))}. {e(ending(rec))}.</p>'
            f'<p class="past-won">{e(winners(rec))}</p>'
            + scores_table(rec, "Final scores")
            + '<div class="past-buttons">'
            + button("Replay this game", f"past-replay:{gid}", cls="btn big primary",
                     name=f"Replay this game: {title}, {when(rec['date'])}")
            + button("Save to a file", f"past-export:{gid}", cls="btn big",
                     name=f"Save to a file: {title}, {when(rec['date'])}")
            + button("Delete", f"past-ask-delete:{gid}", cls="btn big",
                     name=f"Delete: {title}, {when(rec['date'])}")
            + "</div></article></li>")


def head(title: str, page: str) -> str:
    """The heading, and the way to each page of past games and back to the start."""
    tabs = "".join(
        button(label, f"past-page:{p}", cls="btn big" + (" primary" if p == page else ""),
               extra=' aria-current="page"' if p == page else "")
        for p, label in (("list", "Past games"), ("stats", "My statistics")))
    return (f'<header class="past-head"><h1>{e(title)}</h1><nav class="past-nav" '
            f'aria-label="Past games">{tabs}'
            + button("Back to the start", "home", cls="btn big") + "</nav></header>")


def notices(notice: str, error: str) -> str:
    said = f'<p class="past-notice" role="status">{e(notice)}</p>' if notice else ""
    return said + alert(error)


def import_field() -> str:
    return ('<label class="past-file btn big" for="past-import"><span>Bring in games from a '
            'file</span><input type="file" id="past-import" data-act="past-import" '
            'accept=".json,application/json,text/plain"></label>')


def list_page(kept: dict, *, notice: str = "", error: str = "") -> str:
    games = kept["games"]
    n = len(games)
    if games:
        intro = (f'<p class="past-count">{n} game{"" if n == 1 else "s"} kept on this '
                 "device, the newest first.</p>")
        body = f'<ol class="past-list">{"".join(game_card(r) for r in games)}</ol>'
    else:
        intro = ('<p class="past-count">No past games yet. Every game you finish here is '
                 "kept, and so is a game you put away by starting another.</p>")
        body = ""
    tools = ('<div class="past-tools">'
             + button("Save all to a file", "past-export", cls="btn big", disabled=not n)
             + import_field()
             + button("Delete all past games", "past-ask-delete", cls="btn big",
                      disabled=not n) + "</div>")
    # the games first, then what is done with them all: the newest game's Replay this
    # game in the first screenful on a phone
    return ('<div class="app past-screen">' + head("Past games", "list")
            + notices(notice, error) + intro + body + tools + "</div>")


def confirm_delete(game: str, what: str, count: int) -> str:
    if game:
        title, body = "Delete this game?", f"{what} will be gone from this device for good."
        yes = button("Yes, delete it", f"past-delete:{game}", cls="btn big warn")
    else:
        title = "Delete every past game?"
        body = (f"All {count} past games will be gone from this device for good. "
                "Save them to a file first if you may want them.")
        yes = button("Yes, delete them all", "past-delete", cls="btn big warn")
    return dialog(title, f"<p>{e(body)}</p>",
                  button("No, keep", "close", cls="btn big primary") + yes)
