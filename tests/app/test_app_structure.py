"""The page layer's house rules, read from the code with ``ast`` (never run):

- no module of py/app over ``MAX_LINES`` lines;
- no import circle among py/app's modules, counting every import: inside a function, and
  under ``if TYPE_CHECKING:`` too (a circle hidden from the run is still one a reader
  has to untangle);
- no mixin stacks: no class in py/app with more than one base class defined in py/app;
- screens keep to themselves. The screen packages are ``SCREENS``. A module of a screen
  package imports from another screen package only the modules that package names in its
  ``__init__``'s ``PUBLIC``; the rest of py/app (the game at the table, app.shared,
  app.browser) imports no screen package at all, except the modules that assemble the
  screens (``ASSEMBLERS``: start-up and the controller).
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "py" / "app"
MAX_LINES = 400
SCREENS = ("table", "start", "rally", "kiosk", "past", "house")
NOT_SCREENS = {"shared", "browser"}  # the packages every screen uses
ASSEMBLERS = {"app.boot", "app.controller"}


def modules(root: Path = APP) -> dict[str, Path]:
    """Dotted name -> file, for every module under ``root`` (py/app)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(path: Path, known: set[str]) -> set[str]:
    """The py/app modules ``path`` imports, wherever the import stands: ``from app.x import
    y`` names the module ``app.x.y`` when there is one, else ``app.x``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in known:
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            found |= subs if subs else {node.module}
            if len(subs) < len(node.names):
                found.add(node.module)
    return found


def graph(root: Path = APP) -> dict[str, set[str]]:
    mods = modules(root)
    return {name: imports(path, set(mods)) - {name} for name, path in mods.items()}


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), and any
    module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def app_classes(root: Path = APP) -> dict[str, list[str]]:
    """Each class in py/app -> its bases that are classes of py/app (by name: defined in the
    same module, or imported from a py/app module)."""
    mods = modules(root)
    defined = {name: {n.name for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
                      if isinstance(n, ast.ClassDef)} for name, p in mods.items()}
    out = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ours = set(defined[name])
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in mods:
                ours |= {a.asname or a.name for a in node.names
                         if a.name in defined[node.module]}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases]
                out[f"{name}.{node.name}"] = [b for b in bases if b in ours]
    return out


def screen_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in SCREENS else None


def public(screen: str, root: Path = APP) -> set[str]:
    """The modules a screen package offers the others (its ``__init__``'s ``PUBLIC``)."""
    tree = ast.parse((root / screen / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "PUBLIC" for t in node.targets):
            return {f"app.{screen}.{m}" for m in ast.literal_eval(node.value)}
    return set()


def trespasses(root: Path = APP) -> list[str]:
    """Every import that breaks the screens' boundaries, as "importer -> imported"."""
    offered = {s: public(s, root) for s in SCREENS}
    out = []
    for mod, deps in sorted(graph(root).items()):
        own = screen_of(mod)
        for dep in sorted(deps):
            other = screen_of(dep) or (dep.split(".")[1] if dep.count(".") == 1
                                       and dep.split(".")[1] in SCREENS else None)
            if other is None or other == own or mod in ASSEMBLERS:
                continue
            if own is None or dep not in offered[other]:
                out.append(f"{mod} -> {dep}")
    return out


# ---- the rules --------------------------------------------------------------------------
def test_no_module_is_long():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_no_import_circle_even_under_type_checking():
    assert circles(graph()) == []


def test_no_mixin_stacks():
    stacks = {cls: bases for cls, bases in app_classes().items() if len(bases) > 1}
    assert stacks == {}


def test_every_screen_package_is_a_screen():
    """Each package of py/app is a screen, kept to itself, or one every screen uses."""
    packages = {p.parent.name for p in APP.glob("*/__init__.py")}
    assert packages - NOT_SCREENS == set(SCREENS)


def test_screens_keep_to_themselves():
    assert trespasses() == []


# ---- the rules catch what they are for ----------------------------------------------------
def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "app"
    for rel, text in {"__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for screen in SCREENS:
        (root / screen).mkdir(exist_ok=True)
        init = root / screen / "__init__.py"
        if not init.exists():
            init.write_text("", encoding="utf-8")
    return root


def test_a_circle_under_type_checking_is_found(tmp_path):
    root = _tree(tmp_path, {
        "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.b import B\n",
        "b.py": "from app import a\n",
        "c.py": "def f():\n    from app.a import x\n",
    })
    assert circles(graph(root)) == [["app.a", "app.b"]]


def test_a_mixin_stack_is_found(tmp_path):
    root = _tree(tmp_path, {
        "parts.py": "class A:\n    pass\nclass B:\n    pass\n",
        "whole.py": "from app.parts import A, B\nclass C(A, B, object):\n    pass\n"
                    "class D(A):\n    pass\n",
    })
    found = app_classes(root)
    assert found["app.whole.C"] == ["A", "B"] and found["app.whole.D"] == ["A"]


def test_a_trespass_is_found(tmp_path):
    root = _tree(tmp_path, {
        "table/__init__.py": 'PUBLIC = ("views",)\n',
        "table/views.py": "",
        "table/state.py": "",
        "kiosk/ui.py": "from app.table import views\nfrom app.table.state import X\n",
        "shared/__init__.py": "",
        "shared/markup.py": "from app.table.views import f\n",
        "controller.py": "from app.table.state import X\n",
    })
    assert trespasses(root) == ["app.kiosk.ui -> app.table.state",
                                "app.shared.markup -> app.table.views"]
