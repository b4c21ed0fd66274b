"""Record what the engine and the table say for fixed seeds, to prove a refactor left
behaviour unchanged.

It writes, for every game and preset: a random play-out's moves, saves and replays; the
arena's JSON for short runs (timings removed); the table's markup, status and spoken words
after every move of a seated session; the start form, kiosk and dialog markup. That is
about 25 MB, so the repository keeps only each file's SHA-256 (``digests.json``), which
``test_golden.py`` compares.

    python tests/engine/golden/record.py OUT_DIR   # write the files (before and after a
                                                   # change, then diff -r the two)
    python tests/engine/golden/record.py --write   # record the digests again (only for a
                                                   # wanted change of behaviour)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "engine")]

import bones  # noqa: E402
from bones.moves import JOIN, NEXT, PLAY  # noqa: E402

SEATS = {"mexican-train": 4, "chicken-foot": 4, "all-fives": 4}


def _presets():
    return [(p.game, name) for name, p in sorted(bones.PRESETS.items())]


def engine_records(out: Path) -> None:
    """Random play to the end of the match; the save after each round; replays of the
    shipped saves."""
    for game, preset in _presets():
        g = bones.new_game(game, seats=SEATS[game], preset=preset, seed=7)
        rng = random.Random(7)
        lines = []
        for _ in range(4000):
            if g.match_over:
                break
            ms = g.legal_moves()
            m = rng.choice(ms)
            g.play(m)
            lines.append(f"{m} | {' '.join(map(str, ms))}")
            if g.round_over and not g.match_over:
                lines.append("SAVE " + bones.dumps(g))
        lines.append("END " + bones.dumps(g))
        lines.append("STANDINGS " + repr(g.standings()))
        (out / f"engine-{preset}.txt").write_text("\n".join(lines) + "\n")
    saves = json.loads((ROOT / "tests/engine/saves_v1.json").read_text())
    lines = []
    for name, text in sorted(saves.items()):
        text = text if isinstance(text, str) else json.dumps(text)
        g = bones.loads(text)
        lines.append(f"{name} {bones.dumps(g)} {' '.join(map(str, g.legal_moves()))}")
    (out / "saves.txt").write_text("\n".join(lines) + "\n")


def arena_records(out: Path) -> None:
    from bones.ai.arena import run

    runs = [("mexican-train", ["normal", "easy", "easy", "easy"], 3),
            ("mexican-train", ["hard", "normal", "easy", "easy"], 1),
            ("chicken-foot", ["normal", "easy", "easy", "easy"], 3),
            ("chicken-foot", ["hard", "normal", "easy", "easy"], 1),
            ("all-fives", ["normal", "easy"], 2),
            ("all-fives", ["hard", "normal"], 1)]
    for game, seats, n in runs:
        res = run(game, None, seats, n, "1", workers=1, worlds=4, duplicate=False,
                  progress=False)
        res["config"].pop("seconds", None)
        for rec in res.get("records", []):
            for k in [k for k in rec if "second" in k or "time" in k]:
                rec.pop(k)
        (out / f"arena-{game}-{'-'.join(seats)}.json").write_text(
            json.dumps(res, indent=1, sort_keys=True, default=str))


def app_records(out: Path) -> None:
    from app.game.seats import Seat
    from app.game.session import Session
    from app.kiosk import settings as kiosk
    from app.kiosk import views as kiosk_views
    from app.start import views as start_views
    from app.table import dialog_views, felt, views

    for game, preset in _presets():
        seats = [Seat("You", "human"), Seat("Ann", "human")] + [
            Seat(n) for n in ("Bob", "Cora")][:SEATS[game] - 2]
        s = Session.new(game, preset, seats, seed=11)
        rng = random.Random(11)
        lines = [views.game_title(s), s.wording.status(), repr(s.wording.start_story()),
                 dialog_views.first_draw_dialog(s)]
        s.started = True
        for i in range(2000):
            g = s.game
            if g.match_over:
                break
            ms = [m for m in g.legal_moves() if m.kind != JOIN]  # a seat joining: no Seat
            plays = [m for m in ms if m.kind == PLAY]
            m = rng.choice(plays or ms)
            seat = g.turn if m.kind != NEXT else None
            lines.append(f"HINT {s.wording.hint_words(m)}")
            g.play(m)
            lines.append(s.wording.move_said(m, seat))
            lines.append(s.wording.status())
            lines.append(repr(s.wording.lines_said({m.target})))
            if i % 7 == 0 or g.round_over:
                lines.append(s.wording.table_said())
                lay = felt.lanes_layout(s, 960, 514)
                lines.append(views.whole_table(s, lay, selected=None, hint="h"))
                lines.append(views.seats_markup(s))
                lines.append(views.actions_markup(s))
                lines.append(views.scores_markup(s))
                lines.append(views.move_log_markup(s))
                lay2 = felt.table_layout(s, 1280, 800)
                lines.append(repr(lay2))
            if g.round_over and not g.match_over:
                lines.append(dialog_views.round_end_dialog(s))
                lines.append(repr(s.wording.start_story()))
        s.next_secret = "11" * 32  # the next game's code is the page's random number: fixed
        lines.append(dialog_views.match_end_dialog(s) if g.match_over else "")
        lines.append(s.wording.winners_text() if g.match_over else "")
        lines.append(dialog_views.rules_dialog(preset))
        (out / f"app-{preset}.txt").write_text("\n".join(lines) + "\n")
    form = start_views.StartForm()
    form.secret = "00" * 32  # the first deal's code is the page's random number: fixed here
    lines = []
    for game in ("mexican-train", "chicken-foot", "all-fives"):
        form.set_game(game)
        form.set_option("target", "61")
        form.set_option("rounds", "5")
        lines.append(repr((form.limits(), form.engine_options(), form.preset)))
        lines.append(start_views.start_screen(form, can_resume=True))
    st = kiosk.KioskSettings()
    lines.append(repr(kiosk.default_presets()))
    for game in ("mexican-train", "chicken-foot", "all-fives"):
        for length in ("short", "long", "standard", "x"):
            lines.append(repr(kiosk.length_options(game, length)))
        lines.append(kiosk.player_session(st, game, seed=3).to_json())
    for n in range(4):
        lines.append(kiosk.attract_session(st, n, seed=3).to_json())
    lines.append(kiosk_views.official_settings(st, active=True))
    lines.append(kiosk_views.attract_screen(st, can_resume=False))
    (out / "app-forms.txt").write_text("\n".join(lines) + "\n")


DIGESTS = Path(__file__).resolve().parent / "digests.json"


def record(out: Path) -> dict[str, str]:
    """Write every record into ``out``; each file's name and SHA-256."""
    out.mkdir(parents=True, exist_ok=True)
    engine_records(out)
    app_records(out)
    arena_records(out)
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.iterdir())}


def main() -> None:
    if sys.argv[1:] == ["--write"]:
        with tempfile.TemporaryDirectory() as tmp:
            DIGESTS.write_text(json.dumps(record(Path(tmp)), indent=1) + "\n")
        print(f"wrote {DIGESTS}")
    elif len(sys.argv) == 2 and not sys.argv[1].startswith("-"):
        record(Path(sys.argv[1]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
