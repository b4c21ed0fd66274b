"""The fuzz: a corpus of hostile inputs driven through every way data comes in,
by the same functions the page uses (docs/security.md):

    the saved game        Session.from_json, and the controller's start-up (_load)
    kiosk settings        parse_settings, load_settings
    the rally store       RallyScreen.open
    rally files           bones.rally.loads (JSON and CSV), RallyScreen.import_data
    the AI worker         choose_from_json / hint_from_json (what the worker is sent),
                          read_choice / read_hint (what the page is sent back)

The corpus: deep nesting, megabytes, wrong types, NaN and Infinity, numbers as strings,
unknown and missing keys, truncated files, Unicode controls and direction overrides,
formula prefixes, huge numbers; each applied at many places of a real save, setting,
event and CSV file (chosen by a fixed seed, so a failure reproduces).

Every case ends in a value the page can use or a BadData (the one refusal type) with a
short message; nothing else may escape, and no other stored key changes.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import random

import pytest

from app.game.seats import LEVELS, PACES, Seat
from app.game.session import Session
from app.kiosk.settings import SETTINGS_KEY, KioskSettings, load_settings, parse_settings
from app.rally.ui import SAVE_KEY as RALLY_KEY
from app.table import saving
from bones import ai
from bones.ai.levels import read_choice, read_hint
from bones.errors import BadData
from bones.rally import NO_SHOW, Event, loads
from test_hostile_input import RallyHost, Storage, Table

RNG_SEED = 32
PLACES = 30  # places of each sample that get each hostile value

# ---- the hostile values and texts --------------------------------------------------------
NAN, INF = float("nan"), float("inf")
VALUES = [
    None, True, False, 0, -1, 1.5, 10**30, -(10**30), NAN, INF, -INF,
    "", "13", "1e999", "NaN", "-0", "x" * 5000, "\u202eevil\u202c", "\u200b\u2066a\u2069",
    "=HYPERLINK(\"http://e.vil/\")", "+1+2", "@SUM(A1:A9)", "-3", "\t\r", "\x00\x1b[31m",
    "\ud800", [], {}, json.loads("[" * 20 + "1" + "]" * 20), {"a": {"b": {"c": None}}},
    [None] * 50,
]


def raw_texts() -> list[str]:
    """Texts that are hostile whatever they are read as."""
    deep = "[" * 10_000 + "]" * 10_000
    return [
        "", " ", "null", "true", "0", "-1", "1e999", "NaN", "Infinity", "-Infinity", '"x"',
        "[]", "{}", "[1, 2, 3]", '{"format": 5}', "9" * 5000, "-" + "9" * 30,
        deep, "{\"a\":" * 10_000 + "1" + "}" * 10_000, "[" * 17 + "]" * 17,
        '{"x": "' + "[" * 10_000 + '"}',  # brackets inside a string are not nesting
        "[" * 10_000,  # never closed
        "x" * 3_000_000, '"' + "a" * 3_000_000 + '"', "[" + "1," * 1_000_000 + "1]",
        "\ufeff{}", "\u202e{}", "\x00" * 1000, "\ud800\udfff",
        "=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0",
        "record,table\n" + "x,1\n" * 30_000,
        "record,table,round,double,seat,player,points,total,info\n" + '"' * 5001,
    ]


def mutations(doc, rng: random.Random) -> list:
    """``doc`` changed at PLACES places: each value of VALUES put there, the key taken
    away, an unknown key added beside it."""
    paths: list[tuple] = []

    def walk(x, path):
        paths.append(path)
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, path + (k,))
        elif isinstance(x, list):
            for i, v in enumerate(x[:6]):
                walk(v, path + (i,))

    walk(doc, ())
    out = []
    for path in rng.sample(paths, min(PLACES, len(paths))):
        for v in VALUES:
            out.append(put(doc, path, v))
        if path:
            out.append(put(doc, path, DELETE))
            out.append(put(doc, path[:-1] + ("surprise",), 1))
    return out


DELETE = object()


def put(doc, path: tuple, value):
    d = copy.deepcopy(doc)
    if not path:
        return value
    box = d
    for k in path[:-1]:
        box = box[k]
    if not isinstance(box, dict | list):
        return d
    if value is DELETE:
        del box[path[-1]]
    elif isinstance(box, list) and not isinstance(path[-1], int):
        box.append(value)
    else:
        box[path[-1]] = value
    return d


def texts_of(doc, rng: random.Random) -> list[str]:
    """The sample's mutations as JSON (NaN and Infinity written as JSON's extensions),
    the sample cut short at a few places, and the raw hostile texts."""
    whole = json.dumps(doc)
    out = [json.dumps(m) for m in mutations(doc, rng)]
    out += [whole[:n] for n in rng.sample(range(len(whole)), 8)]
    return out + raw_texts()


# ---- the samples -------------------------------------------------------------------------
def a_session() -> Session:
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "human"), Seat("Ann"),
                                               Seat("Bob", "computer", "easy")], seed=7)
    s.started = True
    rng = random.Random(1)
    for _ in range(12):
        s.play(rng.choice(s.game.legal_moves()))
    return s


def an_event() -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=3)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve"])
    ev.enter_round(1, 1, [10, 0, 25])
    ev.late_arrival(1, "Fay")
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    ev.rename(2, 1, "Deb")
    return ev


def csv_texts(ev: Event, rng: random.Random) -> list[str]:
    """The event's CSV with hostile cells put in, rows doubled, lines cut."""
    rows = list(csv.reader(io.StringIO(ev.to_csv())))
    cells = [(r, c) for r in range(1, len(rows)) for c in range(len(rows[r]))]
    strings = [v for v in VALUES if isinstance(v, str)] + ["99999999", "1.5", "P1", "no-show"]
    out = []
    for r, c in rng.sample(cells, PLACES):
        for v in strings:
            changed = copy.deepcopy(rows)
            changed[r][c] = v
            out.append(to_text(changed))
    for r in rng.sample(range(1, len(rows)), 8):
        out.append(to_text(rows[:r] + rows[r - 1:]))  # a row twice
        out.append(to_text(rows[:r] + rows[r + 1:]))  # a row missing
    whole = to_text(rows)
    out += [whole[:n] for n in rng.sample(range(len(whole)), 8)]
    return out


def to_text(rows) -> str:
    f = io.StringIO()
    csv.writer(f, lineterminator="\r\n").writerows(rows)
    return f.getvalue()


# ---- what every case must end in ---------------------------------------------------------
def refused_plainly(exc: BaseException) -> None:
    """The one refusal: a BadData with a short message in words."""
    assert isinstance(exc, BadData), f"{type(exc).__name__} escaped: {exc!r}"[:300]
    msg = str(exc)
    assert 10 <= len(msg) <= 600 and msg.isprintable(), msg[:300]


def outcome(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except Exception as exc:
        refused_plainly(exc)
        return None


@pytest.fixture
def rng(request):
    """Each test's own generator, seeded by its name: its samples do not depend on which
    tests ran before it (or on which worker)."""
    return random.Random(f"{RNG_SEED}:{request.node.name}")


def test_the_saved_game(rng):
    s = a_session()
    cases = texts_of(json.loads(s.to_json()), rng)
    loaded = 0
    for text in cases:
        got = outcome(Session.from_json, text)
        if got is not None:  # accepted: every value is one the table can use
            loaded += 1
            assert all(x.kind in ("human", "computer") and x.level in LEVELS
                       for x in got.seats)
            assert got.settings.pace in PACES and got.wording.status()
            if got.computer_to_move():
                ai.choose(got.game, got.game.turn, got.seats[got.game.turn].level, seed=1)
    assert len(cases) > 1000 and loaded  # some changes are harmless (a name, a setting)


def test_the_saved_game_at_start_up_leaves_every_other_key_alone(rng):
    others = {"rally-dominoes:rally": an_event().dumps(), "rally-dominoes:kiosk": "{}",
              "someone-else": "\u202e" + "x" * 100}
    texts = raw_texts() + rng.sample(texts_of(json.loads(a_session().to_json()), rng), 200)
    for text in texts:
        st = Storage({**others, saving.SAVE_KEY: text})
        c = Table(st)
        session = c._load()  # never raises
        assert (session is None) == (c.dialog is not None) or text == ""  # "": no save
        if c.dialog is not None:
            assert saving.SAVE_KEY not in st
            assert st.get(saving.BAD_SAVE_KEY) in (None, text)
        assert {k: st[k] for k in others} == others


def test_kiosk_settings(rng):
    good = json.loads(KioskSettings(enabled=True, rally=True).to_json())
    for text in texts_of(good, rng):
        s, problems = parse_settings(text)  # never raises
        assert isinstance(s, KioskSettings) and s.level in LEVELS and s.offered()
        assert all(isinstance(p, str) and len(p) < 600 for p in problems)
        st = Storage({SETTINGS_KEY: text, "other": "kept"})
        again, _ = load_settings(st)
        assert again == s and load_settings(st) == (s, [])  # the next load is clean
        assert st["other"] == "kept"


def test_rally_json_files_and_the_rally_store(rng):
    ev = an_event()
    texts = texts_of(ev.to_json(), rng)
    for text in texts:
        got = outcome(loads, text)
        if got is not None:
            assert got.standings() and got.to_csv()
    for text in rng.sample(texts, 150) + raw_texts():
        c = RallyHost(Storage({RALLY_KEY: text, "other": "kept"}))
        c.rally.open()  # never raises
        assert c.rally.event is not None or c.rally.ui.error or text == ""
        c.render()
        assert c.st["other"] == "kept"


def test_rally_csv_files(rng):
    ev = an_event()
    for text in csv_texts(ev, rng) + raw_texts():
        got = outcome(loads, text)
        if got is not None:
            assert loads(got.to_csv()) == got
    c = RallyHost(Storage())
    c.rally.open()
    for text in raw_texts():
        c.rally.import_data(text.encode("utf-8", "surrogatepass"), "hostile.csv")
        assert c.rally.event is None and "hostile.csv was not imported" in c.rally.ui.error


def test_the_ai_workers_messages_both_ways(rng):
    s = a_session()
    g = s.game
    save = s.game.to_json()
    seat = g.turn
    for text in texts_of(save, random.Random(RNG_SEED))[::4] + raw_texts():
        outcome(ai.choose_from_json, text, seat, "normal", 1, 50)
    args = {"seat": [seat, float(seat), -1, 99, "1", None, NAN, True, 10**30],
            "level": ["normal", "godlike", "", None, 3, ["hard"]],
            "seed": [1, "a/1", None, NAN, [1], "x" * 500],
            "budget_ms": [50, None, 0, -5, NAN, INF, 10**9, "300", True]}
    base = {"seat": seat, "level": "easy", "seed": 1, "budget_ms": 50}
    for key, values in args.items():
        for v in values:
            kw = {**base, key: v}
            got = outcome(ai.choose_from_json, json.dumps(save), **kw)
            assert got is None or read_choice(g, got) in g.legal_moves()
            hint_kw = {**kw, "level": "normal" if kw["level"] == "easy" else kw["level"]}
            outcome(ai.hint_from_json, json.dumps(save), **hint_kw)
    h = ai.hint_from_json(json.dumps(save), seat, "normal", 1)
    answers = texts_of(h, rng) + [v for v in VALUES if isinstance(v, str)] + [
        None, 5, "13-13@M", "draw" * 20, g.notation(g.legal_moves()[0])]
    for text in answers:
        move = outcome(read_choice, g, text)
        assert move is None or move in g.legal_moves()
        hint = outcome(read_hint, g, text)
        assert hint is None or hint.move in g.legal_moves()
