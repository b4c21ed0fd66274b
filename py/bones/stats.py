"""Your statistics against the computers, from the kept games (bones.archive): per game
and sheet (or house rule set), games played and won, the average and best round, the
rounds you went out, how each computer level fared against you, and one point a finished
game for a chart. Only games with one person at the table count (the others computers):
that person is "you". Read from each record's summary, never by replaying.

    >>> statistics([])
    []
"""

from __future__ import annotations

from collections.abc import Iterable


def _you(record: dict, name: str | None) -> int | None:
    """The one person's seat, when every other seat is a computer (and, given ``name``,
    the person is called so)."""
    people = [i for i, p in enumerate(record["players"]) if p["kind"] == "human"]
    if len(people) != 1 or len(record["players"]) < 2:
        return None
    you = people[0]
    if name is not None and record["players"][you]["name"].casefold() != name.casefold():
        return None
    return you


def _better(a: int, b: int, lower_wins: bool) -> int:
    """1 when score ``a`` beats ``b``, -1 when it loses to it, 0 for a tie."""
    if a == b:
        return 0
    return 1 if (a < b) == lower_wins else -1


def _group(record: dict) -> dict:
    return {"game": record["game"], "sheet": record["sheet"],
            "house": (record.get("house") or {}).get("name"),
            "lower_wins": record["summary"]["lower_wins"],
            "games": 0, "won": 0, "abandoned": 0, "rounds": 0, "total": 0,
            "best": None, "out": 0, "levels": {}, "chart": []}


def _level(group: dict, level: str) -> dict:
    return group["levels"].setdefault(level, {"games": 0, "won": 0, "lost": 0, "rounds": 0,
                                              "rounds_won": 0, "rounds_lost": 0})


def statistics(records: Iterable[dict], *, name: str | None = None) -> list[dict]:
    """One entry per game and sheet (and house rule set), in the order first met:

    - ``games`` finished and ``won`` (first place, a shared first included), and
      ``abandoned``;
    - ``rounds`` you played to the end (abandoned games' too), their ``average`` score
      and ``best`` (the lowest in a game scored by pips left, the highest in All
      Fives: ``lower_wins``), and ``out``: the rounds you went out;
    - ``levels``: per computer level, each computer of that level on the other side
      once a game: ``games`` you both finished, ``won`` (you placed ahead), ``lost``
      (it did), and the same per round (``rounds``, ``rounds_won``, ``rounds_lost``);
    - ``chart``: per finished game, oldest first, its date, id, your total and place,
      whether you won, and your average round.
    """
    groups: dict[tuple, dict] = {}
    for rec in sorted(records, key=lambda r: r["date"]):
        you = _you(rec, name)
        if you is None:
            continue
        key = (rec["game"], rec["sheet"], (rec.get("house") or {}).get("name"))
        g = groups.setdefault(key, _group(rec))
        _count(g, rec, you)
    out = []
    for g in groups.values():
        total = g.pop("total")
        g["average"] = total / g["rounds"] if g["rounds"] else None
        out.append(g)
    return out


def _count(g: dict, rec: dict, you: int) -> None:
    sm = rec["summary"]
    low = sm["lower_wins"]
    foes = [(c, p["level"]) for c, p in enumerate(rec["players"])
            if p["kind"] == "computer" and sm["sides"][c] != sm["sides"][you]]
    mine = []
    for row, out in zip(sm["rounds"], sm["out"], strict=True):
        if row[you] is None:
            continue
        mine.append(row[you])
        g["out"] += out == you
        for c, level in foes:
            if row[c] is None:
                continue
            lv = _level(g, level)
            lv["rounds"] += 1
            b = _better(row[you], row[c], low)
            lv["rounds_won"] += b > 0
            lv["rounds_lost"] += b < 0
    g["rounds"] += len(mine)
    g["total"] += sum(mine)
    if mine:
        best = min(mine) if low else max(mine)
        g["best"] = best if g["best"] is None else (min if low else max)(g["best"], best)
    if not sm["over"]:
        g["abandoned"] += 1
        return
    places = sm["places"]
    g["games"] += 1
    g["won"] += places[you] == 1
    for c, level in foes:
        lv = _level(g, level)
        lv["games"] += 1
        lv["won"] += places[you] < places[c]
        lv["lost"] += places[you] > places[c]
    g["chart"].append({"date": rec["date"], "id": rec["id"], "total": sm["totals"][you],
                       "place": places[you], "won": places[you] == 1,
                       "average": sum(mine) / len(mine) if mine else None})
