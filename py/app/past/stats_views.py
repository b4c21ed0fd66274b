"""The statistics page: for each game and sheet played against the computers, the games
played and won, the rounds (average, best, gone out), how each computer level fared, and
one chart of your score in each finished game, drawn as inline SVG (bones.stats)."""

from __future__ import annotations

import bones
from app.past.views import GAME_TITLES, MONTHS, e, head, notices, place_word, when

CHART_GAMES = 12  # the chart shows the latest games
BAR_W, GAP, CHART_H, LABEL_H = 56, 16, 220, 56


def group_title(g: dict) -> str:
    game = GAME_TITLES.get(g["game"], g["game"])
    preset = bones.PRESETS.get(g["sheet"])
    sheet = preset.title if preset is not None else g["sheet"]
    house = g.get("house")
    return f"{game}, {sheet}" + (f" (house rules: {house})" if house else "")


def number(x) -> str:
    if x is None:
        return "none yet"
    return f"{x:.1f}".removesuffix(".0") if isinstance(x, float) else str(x)


def summary_table(g: dict) -> str:
    low = g["lower_wins"]
    rows = (("Games finished", g["games"]), ("Games you won", g["won"]),
            ("Games put away part way", g["abandoned"]),
            ("Rounds played", g["rounds"]),
            ("Your average round", number(g["average"])),
            (f"Your best round ({'fewest' if low else 'most'} points)", number(g["best"])),
            ("Rounds you went out", g["out"]))
    body = "".join(f'<tr><th scope="row">{e(k)}</th><td class="num">{e(v)}</td></tr>'
                   for k, v in rows)
    return f'<table class="past-stats"><caption>Your games</caption><tbody>{body}</tbody></table>'


LEVEL_ROWS = (("games", "Games finished with it"), ("won", "You finished ahead"),
              ("lost", "It finished ahead"), ("rounds", "Rounds played with it"),
              ("rounds_won", "Rounds you did better"), ("rounds_lost", "Rounds it did better"))


def levels_table(g: dict) -> str:
    """One column a computer level (Easy, Normal, Hard): narrow enough for a phone."""
    if not g["levels"]:
        return ""
    levels = sorted(g["levels"], key=lambda lv: "enh".index(lv[0]))
    cols = "".join(f'<th scope="col" class="num">{e(lv.capitalize())}</th>' for lv in levels)
    rows = "".join(
        f'<tr><th scope="row">{e(label)}</th>'
        + "".join(f'<td class="num">{g["levels"][lv][key]}</td>' for lv in levels) + "</tr>"
        for key, label in LEVEL_ROWS)
    return ('<table class="past-stats"><caption>You against each computer level</caption>'
            f'<thead><tr><th scope="col">Computer level</th>{cols}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def short_date(date: str) -> str:
    """"2025-06-01..." as "1 Jun": no day-month order to guess."""
    try:
        return f"{int(date[8:10])} {MONTHS[int(date[5:7]) - 1][:3]}"
    except (ValueError, IndexError):
        return date[:10]


def chart_svg(g: dict) -> str:
    """Your final score in each of the latest finished games, as bars: a won game dark
    green and marked "Won", others grey with the place."""
    points = g["chart"][-CHART_GAMES:]
    if not points:
        return ""
    top = max(max(p["total"] for p in points), 1)
    n = len(points)
    width = max(n, 6) * (BAR_W + GAP) + GAP
    height = CHART_H + LABEL_H + 30
    bars = []
    for i, p in enumerate(points):
        h = max(2, round(CHART_H * max(p["total"], 0) / top))
        x = GAP + i * (BAR_W + GAP)
        y = 30 + CHART_H - h
        cls = "bar won" if p["won"] else "bar"
        label = "Won" if p["won"] else place_word(p["place"])
        bars.append(
            f'<rect class="{cls}" x="{x}" y="{y}" width="{BAR_W}" height="{h}" rx="4"/>'
            f'<text class="bar-value" x="{x + BAR_W / 2}" y="{y - 6}">{p["total"]}</text>'
            f'<text class="bar-label" x="{x + BAR_W / 2}" y="{30 + CHART_H + 24}">{label}</text>'
            f'<text class="bar-date" x="{x + BAR_W / 2}" y="{30 + CHART_H + 48}">'
            f'{e(short_date(p["date"]))}</text>')
    words = "; ".join(f"{when(p['date'])}: {p['total']} points, "
                      f"{'won' if p['won'] else place_word(p['place']) + ' place'}"
                      for p in points)
    title = ("Your score in your finished game" if n == 1 else
             f"Your score in each of your last {n} finished games")
    return (f'<figure class="past-chart"><figcaption>{e(title)}</figcaption>'
            f'<svg viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{e(title)}: {e(words)}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{e(title)}</title>'
            f'<line class="axis" x1="0" y1="{30 + CHART_H}" x2="{width}" '
            f'y2="{30 + CHART_H}"/>{"".join(bars)}</svg></figure>')


def group_markup(g: dict) -> str:
    title = group_title(g)
    return (f'<section class="past-group" aria-label="{e(title)}"><h2>{e(title)}</h2>'
            + summary_table(g) + levels_table(g) + chart_svg(g) + "</section>")


def stats_page(groups: list[dict], *, notice: str = "", error: str = "") -> str:
    if groups:
        body = "".join(group_markup(g) for g in groups)
        intro = ('<p class="past-count">Your games against the computer players, kept on this '
                 "device. Games with more than one person at the table are not counted.</p>")
    else:
        body = ""
        intro = ('<p class="past-count">No statistics yet: finish a game against the computer '
                 "players and it is counted here.</p>")
    return ('<div class="app past-screen">' + head("My statistics", "stats")
            + notices(notice, error) + intro + body + "</div>")
