"""The event's history in plain words: every change, whether it is in force, and who
undid it. Players are named by the latest name any change gave them."""

from __future__ import annotations

from typing import Any

from ..presets import PRESETS
from .state import in_force
from .values import GAMES, NO_SHOW, Rules, table_title


def names_of(log: list[dict]) -> dict[str, str]:
    """The latest name known for every player id, from every change (in force or not)."""
    names: dict[str, str] = {}
    for c in log:
        names_step(c, names)
    return names


def names_step(c: dict, names: dict[str, str]) -> None:
    """The names a change gives (or changes), into ``names`` (player id -> name)."""
    if c["op"] == "add_table":
        for i, n in enumerate(c["players"], 1):
            names[f"{c['n']}.{i}"] = n
    elif c["op"] in ("add_player", "late"):
        names[f"{c['n']}.1"] = c["name"]
    elif c["op"] == "playoff":
        for i, ref in enumerate(c["players"], 1):
            names[f"{c['n']}.{i}"] = ref if isinstance(ref, str) else \
                ref[2] if len(ref) > 2 else names.get(str(ref[1]), str(ref[1]))
    elif c["op"] == "rename":
        names[str(c["player"])] = c["name"]


def describe(c: dict, names: dict[str, str], rules: Rules | None) -> str:
    """One change in plain words, players by the names in ``names``."""
    word = rules.word if rules else "round"
    rule = rules.cite if rules else str

    def who(p: Any) -> str:
        return names.get(str(p), str(p))

    def pts(v: Any) -> str:
        return f"did not show ({rule('G10')})" if v == NO_SHOW else str(v)

    op = c["op"]
    t = f"{table_title(str(c['table']))}" if "table" in c else ""
    if op == "create":
        ds = c["doubles"]
        what = (f"{len(ds)} games" if ds and ds[0] is None else
                f"{len(ds)} rounds from {ds[0]}-{ds[0]}" if ds else "")
        preset = PRESETS[c["preset"]].title if c["preset"] in PRESETS else c["preset"]
        if isinstance(c.get("house"), dict):
            preset = f"house rules {str(c['house'].get('name'))[:40]!r} on {preset}"
        return f"Event {c['title']!r} created: {GAMES.get(c['game'], c['game'])}, " \
               f"{preset}, {what}"
    if op == "add_table":
        return f"{t} added: {', '.join(c['players'])}"
    if op == "add_player":
        return f"{t}: {c['name']} added"
    if op == "late":
        return f"{t}: {c['name']} joins late at {word} {c['round']} with the highest " \
               f"total ({rule('G7')})"
    if op == "remove_player":
        return f"{t}: {who(c['player'])} taken off"
    if op == "rename":
        return f"{t}: a name corrected to {c['name']}"
    if op == "enter":
        p = c["points"]
        if isinstance(p, dict):
            body = ", ".join(f"{who(k)} {pts(v)}" for k, v in p.items())
        else:
            body = ", ".join(pts(v) for v in p)
        return f"{t}, {word} {c['round']} entered: {body}"
    if op == "correct":
        return f"{t}, {word} {c['round']}: {who(c['player'])} corrected to " \
               f"{pts(c['points'])}"
    if op == "no_show":
        return f"{t}, {word} {c['round']}: {who(c['player'])} did not show their " \
               f"bones ({rule('G10')})"
    if op == "playoff":
        ps = ", ".join(r if isinstance(r, str) else r[2] if len(r) > 2 else who(r[1])
                       for r in c["players"])
        ds = c["doubles"]
        what = (f"{len(ds)} games" if ds[0] is None else
                f"{len(ds)} rounds from {ds[0]}-{ds[0]}")
        return f"{t} created: {ps}; {what}"
    if op == "received":
        kept = "" if c["kept"] == "table" else ": the official's own entries kept"
        return f"{t}'s sheet received up to its change {c['upto']}{kept}"
    if op == "undo":
        return f"Undo of change {c['change']}"
    return op


def history_of(log: list[dict], rules: Rules) -> list[dict]:
    """Every change, oldest first: number, time, plain words, and whether it is in force
    (``undone_by`` names the undo that cancelled it)."""
    eff = {c["n"] for c in in_force(log)}
    undone_by: dict[int, int] = {}
    for c in log:
        if c["op"] == "undo" and c["n"] in eff:
            undone_by[c["change"]] = c["n"]
    names = names_of(log)
    was: dict[str, str] = {}  # each player's name as it stood before each change
    out = []
    for c in log:
        text = describe(c, names, rules)
        if "via" in c:
            text += f" (from {table_title(c['via'][0])}'s device)"
        if c["op"] == "rename":
            old = was.get(str(c["player"]))
            if old is not None and old != c["name"]:
                text = f"{table_title(str(c['table']))}: {old} renamed {c['name']}"
        names_step(c, was)
        if c["op"] == "undo":
            text += f" ({describe(log[c['change'] - 1], names, rules)})"
        out.append({"n": c["n"], "op": c["op"], "at": c.get("at"), "text": text,
                    "in_force": c["n"] in eff, "undone_by": undone_by.get(c["n"]),
                    "can_undo": c["n"] in eff and c["op"] not in ("create", "received")})
    return out
