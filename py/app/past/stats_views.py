"""The statistics page: for each game and sheet played against the computers, the games
played and won, the rounds (average, best, gone out), how each computer level fared, and
one chart of your score in each finished game, drawn as inline SVG (bones.stats)."""

from __future__ import annotations

import bones
from app.past.views import GAME_TITLES, e, head, notices, place_word, when

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


def levels_table(g: dict) -> str:
    if not g["levels"]:
        return ""
    rows = "".join(
        f'<tr><th scope="row">{e(level.capitalize())}</th><td class="num">{lv["games"]}</td>'
        f'<td class="num">{lv["won"]}</td><td class="num">{lv["lost"]}</td>'
        f'<td class="num">{lv["rounds_won"]} of {lv["rounds"]}</td>'
        f'<td class="num">{lv["rounds_lost"]} of {lv["rounds"]}</td></tr>'
        for level, lv in sorted(g["levels"].items(), key=lambda kv: "enh".index(kv[0][0])))
    return ('<table class="past-stats"><caption>You against each computer level</caption>'
            '<thead><tr><th scope="col">Level</th><th scope="col">Games</th>'
            '<th scope="col">You finished ahead</th><th scope="col">It finished ahead</th>'
            '<th scope="col">Rounds you did better</th><th scope="col">Rounds it did better'
            f"</th></tr></thead><tbody>{rows}</tbody></table>")


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
            f'{e(p["date"][8:10].lstrip("0"))}/{e(p["date"][5:7].lstrip("0"))}</text>')
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
