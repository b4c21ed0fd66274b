"""The code's shape: no import circle among the modules under py/, no module
over 500 lines, one module of py/app touching the browser, and build.py and its tools/
kept small, circle-free and importable before .venv exists. Imports are read with
``ast``, not run: every ``import`` counts, also one inside a function (a circle put off
until a call is still a circle) and one under ``if TYPE_CHECKING:`` (a circle only a type
checker follows is still one a reader has to untangle)."""

import ast
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
TOOLS_DIR = ROOT / "tools"
MAX_LINES = 500
MAX_BUILD_LINES = 700  # build.py: build, serve and the command line
MAX_TOOL_LINES = 500  # each module of tools/ (the benchmarks, the dev environment, ...)
# The modules of py/app that reach the browser: the package app.browser (the page, its parts
# for moves seen and heard and for focus, the QR loader) and start-up.
BROWSER_MODULES = {"browser/page.py", "browser/page_motion.py", "browser/page_focus.py",
                   "browser/qr.py", "browser/link.py", "boot.py"}
# Names that reach the browser (Pyodide's bridge, the document, the window, the DOM),
# as names in the code: words in strings and comments do not count.
BROWSER_NAMES = {"js", "pyodide_js", "create_proxy", "document", "doc", "window",
                 "documentElement", "querySelector", "querySelectorAll", "getElementById",
                 "createElement", "elementFromPoint", "activeElement", "addEventListener",
                 "innerHTML", "outerHTML", "textContent", "localStorage", "ResizeObserver",
                 "dataset", "tagName", "classList", "getAttribute", "setAttribute",
                 "removeAttribute", "scrollTop", "clientWidth", "clientHeight",
                 "getClientRects"}


def modules(root: Path = PY) -> dict[str, Path]:
    """Dotted name -> file, for every module of every package under ``root`` (py/)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules under py/ that ``name`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in known:
                    target = target.rpartition(".")[0]
                out.add(target)
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    return {m for m in out if m in known and m != name}


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while not group or v not in group:
                group.add(stack.pop())
            if len(group) > 1:
                found.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph(root: Path = PY) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_import_graph_is_read():
    graph = import_graph()
    assert {"bones.core", "bones.games", "bones.tiles"} <= graph["bones.allfives"]
    assert "bones.rally.event" in graph["bones.rally.csv_in"]
    assert "bones.qrtext" in graph["bones.house"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_a_circle_under_type_checking_is_found(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from .b import B\n")
    (pkg / "b.py").write_text("def f():\n    from pkg import a\n")
    assert circles(import_graph(tmp_path)) == [{"pkg.a", "pkg.b"}]


def test_no_import_circle_even_under_type_checking():
    assert [sorted(c) for c in circles(import_graph())] == []


def test_no_module_over_500_lines():
    long = {p.relative_to(PY).as_posix(): n for p in PY.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def browser_names(source: str) -> list[tuple[int, str]]:
    """(line, name) for each of BROWSER_NAMES used as a name in ``source``'s code."""
    return [(t.start[0], t.string)
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type == tokenize.NAME and t.string in BROWSER_NAMES]


def test_browser_names_are_read_from_the_code_only():
    code = 'import js\nx = c.doc.getElementById("table")  # the document\ny = "js."\n'
    assert browser_names(code) == [(1, "js"), (2, "doc"), (2, "getElementById")]


def test_only_app_page_touches_the_browser():
    """Everything else in py/app asks app.browser.page's Page (boot.py starts the page, qr.py
    loads the QR modules, link.py the link between devices)."""
    app = PY / "app"
    found = {f"{p.relative_to(app).as_posix()}:{line}": name for p in sorted(app.rglob("*.py"))
             if p.relative_to(app).as_posix() not in BROWSER_MODULES
             for line, name in browser_names(p.read_text(encoding="utf-8"))}
    assert found == {}


# The rules and the rally describe games; the table's geometry and the computer players
# register themselves from their own packages (bones.layout.tables, bones.ai.levels).
APART_FROM_RULES = ("bones.layout", "bones.ai")
TOOLS = {"bones.__main__", "bones.bench"}  # command lines, which run every layer


def rules_modules(graph: dict[str, set[str]]) -> list[str]:
    return [m for m in graph if m.startswith("bones") and m not in TOOLS
            and not any(m == p or m.startswith(p + ".") for p in APART_FROM_RULES)]


def test_the_rules_never_import_layout_or_ai():
    graph = import_graph()
    rules = rules_modules(graph)
    assert {"bones", "bones.mexican", "bones.games", "bones.rally.event"} <= set(rules)
    found = {m: sorted(t for t in graph[m] if t.startswith(APART_FROM_RULES)) for m in rules}
    assert {m: t for m, t in found.items() if t} == {}


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        for m in graph[todo.pop()] - seen:
            seen.add(m)
            todo.append(m)
    return seen


def test_house_rules_never_reach_the_rally():
    """House rules are a game's, not a rally's: their QR codes are bones.qrtext's."""
    graph = import_graph()
    assert sorted(m for m in reaches(graph, "bones.house") if m.startswith("bones.rally")) == []
    assert sorted(m for m in graph["bones.qrtext"] if m.startswith("bones.")) == [
        "bones.errors", "bones.inbound"]


# ---- build.py and tools/ ----------------------------------------------------------------------
def tools_graph() -> dict[str, set[str]]:
    """tools/'s modules and build.py (as ``build``), by what they import of each other."""
    known = {f"tools.{name}" if name else "tools": path
             for name, path in modules(TOOLS_DIR).items()}
    known["build"] = ROOT / "build.py"
    return {name: imports(name, path, known) for name, path in known.items()}


def test_build_py_and_tools_stay_small():
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in [ROOT / "build.py", *sorted(TOOLS_DIR.rglob("*.py"))]}
    assert sizes["build.py"] <= MAX_BUILD_LINES
    assert {p: n for p, n in sizes.items() if p != "build.py" and n > MAX_TOOL_LINES} == {}
    assert {"tools/devenv.py", "tools/bench/__init__.py"} <= set(sizes)


def test_tools_have_no_import_circle_and_never_import_build_py():
    graph = tools_graph()
    assert {"tools.bench", "tools.devenv", "tools.serving"} <= graph["build"]
    assert circles(graph) == []
    assert sorted(m for m, deps in graph.items() if "build" in deps) == []


def top_level_imports(path: Path) -> set[str]:
    """The top-level packages a module imports when it is loaded: not inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name.split(".")[0] for a in child.names)
            elif isinstance(child, ast.ImportFrom) and not child.level:
                found.add((child.module or "").split(".")[0])
            visit(child)

    visit(tree)
    return found


def test_build_py_and_tools_load_with_the_standard_library_only():
    """build.py runs before .venv exists (CI's first command): it and tools/ import only the
    standard library and each other when loaded; Playwright and the rest wait for a call."""
    outside = {p.relative_to(ROOT).as_posix(): sorted(
                   top_level_imports(p) - set(sys.stdlib_module_names) - {"tools"})
               for p in [ROOT / "build.py", *sorted(TOOLS_DIR.rglob("*.py"))]}
    assert {p: names for p, names in outside.items() if names} == {}


def test_no_table_keyed_by_game_outside_the_registry():
    """What differs by game travels in the game's bundle (bones.games.GameType): no dict in
    the engine keyed by the games' ids (as house_settings' per-game catalogue once was)."""
    from bones.games import games

    ids = {g.id for g in games()}
    found = []
    for name, path in modules().items():
        if not name.startswith("bones."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict) and {
                    k.value for k in node.keys if isinstance(k, ast.Constant)} & ids:
                found.append(f"{name}:{node.lineno}")
    assert found == []
    assert all(g.house_settings for g in games())
