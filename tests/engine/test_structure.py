"""The code's shape: no import circle among the modules under py/, no module
over 500 lines, and one module of py/app touching the browser. Imports are read with
``ast``, not run: every ``import`` counts, also one inside a function (a circle put off
until a call is still a circle), except those under ``if TYPE_CHECKING:``, which never
run."""

import ast
import io
import tokenize
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
MAX_LINES = 500

# Import circles still to be taken apart: none. A new one is refused.
KNOWN_CIRCLES: set[frozenset[str]] = set()
# Modules over MAX_LINES still to be split: none. A new one is refused.
KNOWN_LONG: set[str] = set()
# The modules of py/app that reach the browser: the package app.browser (the page, its parts
# for moves seen and heard and for focus, the QR loader) and start-up.
BROWSER_MODULES = {"browser/page.py", "browser/page_motion.py", "browser/page_focus.py",
                   "browser/qr.py", "boot.py"}
# Names that reach the browser (Pyodide's bridge, the document, the window, the DOM),
# as names in the code: words in strings and comments do not count.
BROWSER_NAMES = {"js", "pyodide_js", "create_proxy", "document", "doc", "window",
                 "documentElement", "querySelector", "querySelectorAll", "getElementById",
                 "createElement", "elementFromPoint", "activeElement", "addEventListener",
                 "innerHTML", "outerHTML", "textContent", "localStorage", "ResizeObserver",
                 "dataset", "tagName", "classList", "getAttribute", "setAttribute",
                 "removeAttribute", "scrollTop", "clientWidth", "clientHeight",
                 "getClientRects"}


def modules() -> dict[str, Path]:
    """Dotted name -> file, for every module of every package under py/."""
    out = {}
    for path in sorted(PY.rglob("*.py")):
        parts = list(path.relative_to(PY).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
        or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules under py/ that ``name`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    never = {id(n) for node in ast.walk(tree) if _type_checking(node)
             for stmt in node.body for n in ast.walk(stmt)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in never:
            continue
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


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_import_graph_is_read():
    graph = import_graph()
    assert {"bones.core", "bones.games", "bones.tiles"} <= graph["bones.allfives"]
    assert "bones.rally.event" in graph["bones.rally.csv_in"]
    assert "bones.rally.event" not in graph["bones.rally.csv_out"]  # TYPE_CHECKING only
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_import_circle():
    new = [sorted(c) for c in circles(import_graph()) if frozenset(c) not in KNOWN_CIRCLES]
    assert new == []


def test_no_module_over_500_lines():
    long = {p.relative_to(PY).as_posix(): n for p in PY.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert {p: n for p, n in long.items() if p not in KNOWN_LONG} == {}


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
    loads the QR modules)."""
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
