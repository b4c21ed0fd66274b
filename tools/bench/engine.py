"""The engine's own benchmarks: `build.py bench engine` (python -m bones.bench in CPython)
and `bench worlds` (Hard's search in Pyodide on Node, as the page runs it)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..common import NODE_MODULES, PY_SRC, ROOT, say
from ..npm import ensure_npm

# Run by Node with the vendored Pyodide: ``python -m bones bench-ai`` in the Python the page
# runs (3.14 on WebAssembly, the same V8 engine as Chromium's), on the engine's sources.
WORLDS_SCRIPT = r"""
import { readFileSync, readdirSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, pyDir, argsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide();
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const f of readdirSync(src)) {
    const s = src + "/" + f, d = dst + "/" + f;
    if (statSync(s).isDirectory()) { if (f !== "__pycache__") copy(s, d); }
    else if (f.endsWith(".py")) py.FS.writeFile(d, readFileSync(s));
  }
}
copy(pyDir + "/bones", "/bench/bones");
py.globals.set("bench_args", argsJson);
py.runPython(`
import json, sys
sys.path.insert(0, "/bench")
from bones.ai.benchai import main
main(json.loads(bench_args))
`);
"""


def page_hard_ms() -> dict[str, int]:
    """Each game's id and Hard's thinking time in the page's worker (``hard_ms`` in
    app/game/games_ui.py), as the page's own code gives them."""
    code = ("import json; from app.game.games_ui import titles, words; "
            "print(json.dumps({g: words(g).hard_ms for g in titles()}))")
    env = {**os.environ, "PYTHONPATH": str(PY_SRC)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


def cmd_bench_worlds(args: argparse.Namespace, build: Callable[[], object]) -> int:
    """Hard's search in Pyodide (Node): move times and the worlds a budget buys, with the
    page's budget by default. The arena's ``ARENA_WORLDS`` stand for these figures. Node
    reads the engine's sources from py/: no ``build``."""
    ensure_npm()
    node = shutil.which("node")
    budget = args.budget_ms
    per_game: dict = {}
    if budget is None:  # the page's budgets: each game's hard_ms (app/game/games_ui.py)
        per_game = page_hard_ms()
        budget = max(per_game.values())
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "worlds.mjs"
        script.write_text(WORLDS_SCRIPT)
        bench_args = ["--levels", args.levels, "--moves", str(args.moves),
                      "--budget-ms", str(budget)]
        for game, ms in per_game.items():
            bench_args += ["--game-budget-ms", f"{game}={ms}"]
        if args.k:
            bench_args += ["-k", args.k]
        version = json.loads((NODE_MODULES / "pyodide/package.json").read_text())["version"]
        if args.worlds:
            bench_args += ["--worlds", str(args.worlds)]
            what = f"Hard {args.worlds} worlds a move"
        elif per_game:
            what = "Hard's budget " + ", ".join(f"{g} {ms} ms" for g, ms in per_game.items())
        else:
            what = f"Hard's budget {budget:.0f} ms"
        print(f"{args.levels} in Pyodide {version} on Node, {what} (load average "
              f"{os.getloadavg()[0]:.1f}):", flush=True)
        return subprocess.run([node, str(script), str(NODE_MODULES / "pyodide" / "pyodide.mjs"),
                               str(ROOT / "py"), json.dumps(bench_args)],
                              stdin=subprocess.DEVNULL).returncode


def cmd_bench_engine(rest: list[str]) -> int:
    if not (PY_SRC / "bones" / "bench.py").exists():
        say("no engine benchmark yet (py/bones/bench.py with a main())")
        return 1
    env = {**os.environ, "PYTHONPATH": str(PY_SRC)}
    return subprocess.call([sys.executable, "-m", "bones.bench", *rest], env=env, cwd=ROOT)
