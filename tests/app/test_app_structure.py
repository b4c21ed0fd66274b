"""The page layer's house rules, read from the code with ``ast`` (never run):

- no module of py/app over ``MAX_LINES`` lines;
- no import circle among py/app's modules, counting every import: inside a function, and
  under ``if TYPE_CHECKING:`` too (a circle hidden from the run is still one a reader
  has to untangle);
- no mixin stacks: no class in py/app with more than one base class defined in py/app;
- parts keep out of their screen's fields: a class a screen holds in its ``parts()`` is
  given what it works on (or returns what changed); it never assigns to its screen's
  fields, nor to anything reached through them, nor calls a mutating method on them
  (``MUTATORS``) or one of the screen's private methods;
- parts do not hold the controller: no part's module imports app.controller, no part is
  made with the controller handed to it (``Part(controller)``, ``Part(self.c)``), takes it
  as a parameter (``c``, ``controller``) or keeps it (``self.c``); they are handed what
  they read and call (the page, the game now, the dialog slot, a redraw);
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
SCREENS = ("table", "start", "rally", "kiosk", "past", "house", "together")
# the packages every screen uses: what several screens share, the browser, the game at
# the table (app.game) and the lessons (app.lessons: played on the table, begun from the start)
NOT_SCREENS = {"shared", "browser", "game", "lessons"}
TOP_LEVEL = {"__init__", "boot", "controller", "screen", "dom"}  # app/ itself holds only these
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


MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "discard", "add",
            "clear", "update", "setdefault", "sort", "reverse"}


def _is_own_field(e: ast.AST, methods: set[str]) -> bool:
    """``self.desk``: a field of the screen that is its state; not one of its methods (a
    callback, ``methods``), another part (a part made beside another is given that one:
    the kiosk's ``official``), nor the controller."""
    return (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)
            and e.value.id == "self" and e.attr not in CONTROLLER_NAMES
            and e.attr not in PART_FIELDS and e.attr not in methods)


PART_FIELDS = {"official", "motion"}  # parts handed to other parts of the same screen


def part_classes(root: Path = APP) -> dict[str, tuple[Path, set[str]]]:
    """Each class a screen holds in its ``parts()`` ("app.kiosk.official_ui.OfficialPanel")
    -> its file and the names it may keep its screen under: ``screen``, and any field set
    from the parameter the screen passes itself or its own state as (``Part(self)``,
    ``Part(x, screen=self)``, ``Part(self.desk)``, ``d = self.desk; Part(d)``)."""
    mods = modules(root)
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in mods.items()}
    # "module.Class" -> the screens' calls that make it, with the names in the screen's
    # ``__init__`` bound to a field of the screen (``d = self.desk``)
    made: dict[str, list[tuple[ast.Call, set[str]]]] = {}
    for name, tree in trees.items():
        where = {a.asname or a.name: node.module for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module in mods for a in node.names}
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            fns = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
            if "parts" not in fns or "__init__" not in fns:
                continue
            held = {e.attr for r in ast.walk(fns["parts"]) if isinstance(r, ast.Return)
                    for e in (r.value.elts if isinstance(r.value, ast.Tuple) else [r.value])
                    if isinstance(e, ast.Attribute)}
            methods = set(fns) | {n.name for n in cls.body
                                          if isinstance(n, ast.AsyncFunctionDef)}
            own = {t.id for n in ast.walk(fns["__init__"]) if isinstance(n, ast.Assign)
                   and _is_own_field(n.value, methods) for t in n.targets
                   if isinstance(t, ast.Name)}
            for node in ast.walk(fns["__init__"]):
                if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                        and isinstance(node.value.func, ast.Name)
                        and any(isinstance(t, ast.Attribute) and t.attr in held
                                for t in node.targets)):
                    cname = node.value.func.id
                    made.setdefault(f"{where.get(cname, name)}.{cname}", []).append(
                        (node.value, own, methods))
    out = {}
    for qual, calls in made.items():
        mod, cname = qual.rsplit(".", 1)
        cls = next(n for n in ast.walk(trees[mod]) if isinstance(n, ast.ClassDef)
                   and n.name == cname)
        init = next((f for f in cls.body if isinstance(f, ast.FunctionDef)
                     and f.name == "__init__"), None)
        params = [a.arg for a in init.args.args[1:]] if init else []
        given = set()
        for call, own, methods in calls:  # the screen, or its own state (its desk)
            def mine(a, own=own, methods=methods):
                return (isinstance(a, ast.Name) and (a.id == "self" or a.id in own)
                        or _is_own_field(a, methods))
            given |= {params[i] for i, a in enumerate(call.args) if i < len(params)
                      and mine(a)}
            given |= {k.arg for k in call.keywords if mine(k.value)}
        names = {"screen"}
        for n in ast.walk(init or cls):  # ``self.x = x`` and ``self.x, self.y = x, y``
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    pairs = (zip(t.elts, n.value.elts) if isinstance(t, ast.Tuple)
                             and isinstance(n.value, ast.Tuple) else [(t, n.value)])
                    names |= {a.attr for a, v in pairs if isinstance(a, ast.Attribute)
                              and isinstance(v, ast.Name) and v.id in given}
        out[qual] = (mods[mod], names)
    return out


def _depth_into(expr: ast.AST, names: set[str], aliases: dict[str, int]) -> int | None:
    """How many fields and items ``expr`` reaches past the screen (``self.screen`` -> 0,
    ``self.screen.ui.note`` -> 2); None when it does not start at the screen. ``aliases``:
    local names bound to the screen or to something reached through it, with its depth."""
    n = 0
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        if (isinstance(expr, ast.Attribute) and expr.attr in names
                and isinstance(expr.value, ast.Name) and expr.value.id == "self"):
            return n
        expr, n = expr.value, n + 1
    if isinstance(expr, ast.Name) and expr.id in aliases:
        return n + aliases[expr.id]
    return None


class _Into:
    """Whether an expression (a target, or what a method is called on) reaches at least
    ``least`` fields past the screen."""

    def __init__(self, names: set[str], aliases: dict[str, int]):
        self.names, self.aliases = names, aliases

    def __call__(self, e: ast.AST, least: int = 1) -> bool:
        if isinstance(e, (ast.Tuple, ast.List)):
            return any(self.target(x) for x in e.elts)
        if isinstance(e, ast.Starred):
            return self.target(e.value)
        d = _depth_into(e, self.names, self.aliases)
        return d is not None and d >= least

    def target(self, e: ast.AST) -> bool:
        """An assignment's target: a local name bound anew is no write."""
        return not isinstance(e, ast.Name) and self(e)


CONTROLLER_NAMES = {"c", "controller"}  # what the page's controller is called where it is held


def _is_controller(e: ast.AST) -> bool:
    """``controller``, ``c`` or ``self.c``: the controller itself (not ``controller.page``)."""
    return (isinstance(e, ast.Name) and e.id in CONTROLLER_NAMES
            or isinstance(e, ast.Attribute) and e.attr in CONTROLLER_NAMES
            and isinstance(e.value, ast.Name) and e.value.id == "self")


def controller_holders(root: Path = APP) -> dict[str, list[str]]:
    """Each part (``part_classes``) -> how it comes to hold the page's controller: its
    module imports app.controller, the screen hands it the controller when making it, its
    ``__init__`` takes a parameter named for it, or it keeps one in a field (``self.c``)."""
    mods = modules(root)
    g = graph(root)
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in mods.items()}
    out: dict[str, list[str]] = {}
    parts = part_classes(root)
    for qual in parts:
        mod, cname = qual.rsplit(".", 1)
        found = []
        if "app.controller" in g.get(mod, set()):
            found.append("imports app.controller")
        cls = next(n for n in ast.walk(trees[mod]) if isinstance(n, ast.ClassDef)
                   and n.name == cname)
        for fn in (f for f in cls.body if isinstance(f, ast.FunctionDef)):
            if fn.name == "__init__":
                found += [f"takes {a.arg}" for a in fn.args.args[1:] + fn.args.kwonlyargs
                          if a.arg in CONTROLLER_NAMES]
            for node in ast.walk(fn):
                if isinstance(node, ast.Attribute) and node.attr in CONTROLLER_NAMES \
                        and isinstance(node.value, ast.Name) and node.value.id == "self":
                    found.append(f"line {node.lineno}: self.{node.attr}")
        for name, tree in trees.items():  # the screens' calls that make it
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)
                         and isinstance(n.func, ast.Name) and n.func.id == cname):
                if any(_is_controller(a) for a in call.args) or any(
                        _is_controller(k.value) for k in call.keywords):
                    found.append(f"{name} line {call.lineno}: made with the controller")
        if found:
            out[qual] = sorted(set(found))
    return out


def screen_writes(root: Path = APP) -> dict[str, list[str]]:
    """Each part (``part_classes``) -> where it writes into its screen: an assignment (plain,
    augmented, annotated, ``del``, ``setattr``) to a field of the screen or to anything
    reached through one, a ``MUTATORS`` call on them, a call of the screen's private method;
    also through a local name bound to the screen (``k = self.screen; k.x = 1``)."""
    out = {}
    for qual, (path, names) in sorted(part_classes(root).items()):
        cname = qual.rsplit(".", 1)[1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cname)
        found = []
        for fn in (f for f in ast.walk(cls) if isinstance(f, (ast.FunctionDef,
                                                                ast.AsyncFunctionDef))):
            aliases: dict[str, int] = {}
            for node in ast.walk(fn):  # names bound to the screen or what it holds
                if isinstance(node, ast.Assign):
                    for t in node.targets:
                        pairs = (zip(t.elts, node.value.elts) if isinstance(t, ast.Tuple)
                                 and isinstance(node.value, ast.Tuple) else [(t, node.value)])
                        aliases |= {a.id: d for a, v in pairs if isinstance(a, ast.Name)
                                    and (d := _depth_into(v, names, {})) is not None}
            into = _Into(names, aliases)
            for node in ast.walk(fn):
                targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete)) else
                           [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                           else [])
                hit = any(into.target(t) for t in targets)
                if isinstance(node, ast.Call):
                    f = node.func
                    hit = (isinstance(f, ast.Attribute) and f.attr in MUTATORS and into(f.value)
                           or isinstance(f, ast.Attribute) and f.attr.startswith("_")
                           and not f.attr.startswith("__") and into(f.value, 0)
                           or isinstance(f, ast.Name) and f.id in ("setattr", "delattr")
                           and bool(node.args) and into(node.args[0], 0))
                if hit:
                    found.append(f"line {node.lineno}: {ast.unparse(node).splitlines()[0]}")
        if found:
            out[qual] = sorted(set(found), key=lambda x: int(x.split()[1][:-1]))
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


def test_app_itself_holds_only_start_up_the_controller_and_what_a_screen_is():
    """Everything else lives in the package that says what it holds."""
    assert {p.stem for p in APP.glob("*.py")} == TOP_LEVEL


def test_screens_keep_to_themselves():
    assert trespasses() == []


def test_parts_do_not_write_into_their_screen():
    """A part is given what it works on, or returns what changed (docs/app.md): it writes
    nothing of its screen, nor of the state the screen hands it (``Part(self.desk)``: the
    rally's parts return an app.rally.state ``Changed`` instead)."""
    assert set(part_classes()) >= {"app.kiosk.official_ui.OfficialPanel",
                                   "app.rally.sync_ui.SyncActions",
                                   "app.rally.event_ui.EventActions"}
    assert screen_writes() == {}


def test_parts_do_not_hold_the_controller():
    """A part is handed what it reads and calls, not the page's controller (docs/app.md):
    the table's, the kiosk's and the rally's parts alike."""
    assert set(part_classes()) >= {"app.table.show_again.Replay", "app.table.voice.VoiceSettings",
                                   "app.table.deal_views.DealCodes", "app.table.trains.WholeTrains",
                                   "app.kiosk.idle_ui.IdleTimeout",
                                   "app.kiosk.attract_ui.AttractGame",
                                   "app.rally.sync_ui.SyncActions"}
    assert controller_holders() == {}


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


def test_a_part_writing_into_its_screen_is_found(tmp_path):
    root = _tree(tmp_path, {
        "kiosk/part.py": (
            "class Part:\n"
            "    def __init__(self, host):\n"
            "        self.host = host\n"
            "        self.screen = host\n"
            "    def do_a(self, arg, el):\n"
            "        self.host.panel = None\n"  # a field, under another name
            "        self.screen.ui.note = 'x'\n"  # through a field
            "        self.screen.fails += 1\n"
            "        self.screen.ui.drafts[arg] = 1\n"
            "        self.screen.ui.drafts.clear()\n"
            "        self.screen._set_where('t')\n"
            "        k = self.screen\n"
            "        k.settings_unsaved = 1\n"
            "        ev, ui = self.screen.event, self.screen.ui\n"
            "        ui.page, n = 'x', 1\n"
            "        ui.drafts.clear()\n"
            "        del self.screen.x\n"
            "        setattr(self.screen, 'y', 1)\n"
            "    def do_b(self, arg, el):\n"
            "        self.note = self.screen.ui.note\n"  # reads: fine
            "        self.screen.render()\n"
            "        n = self.screen.ui.drafts.get(arg)\n"
        ),
        "kiosk/ui.py": (
            "from app.kiosk.part import Part\n"
            "class Screen:\n"
            "    def __init__(self):\n"
            "        self.part = Part(self)\n"
            "    def parts(self):\n"
            "        return (self.part,)\n"
        ),
    })
    found = screen_writes(root)
    assert list(found) == ["app.kiosk.part.Part"]
    assert [w.split(":")[0] for w in found["app.kiosk.part.Part"]] == [
        f"line {n}" for n in (6, 7, 8, 9, 10, 11, 13, 15, 16, 17, 18)]


def test_a_part_holding_the_controller_is_found(tmp_path):
    root = _tree(tmp_path, {
        "controller.py": "",
        "kiosk/part.py": (
            "from app import controller\n"
            "class Held:\n"
            "    def __init__(self, c, page):\n"
            "        self.c = c\n"
        ),
        "kiosk/told.py": (
            "class Told:\n"
            "    def __init__(self, page, *, render):\n"
            "        self.page, self.render = page, render\n"
            "    def do_a(self, arg, el):\n"
            "        self.render()\n"
        ),
        "kiosk/ui.py": (
            "from app.kiosk.part import Held\n"
            "from app.kiosk.told import Told\n"
            "class Screen:\n"
            "    def __init__(self, controller):\n"
            "        self.c = controller\n"
            "        self.held = Held(self.c, controller.page)\n"
            "        self.told = Told(controller.page, render=lambda: self.c.render())\n"
            "    def parts(self):\n"
            "        return (self.held, self.told)\n"
        ),
    })
    found = controller_holders(root)
    assert list(found) == ["app.kiosk.part.Held"]
    assert found["app.kiosk.part.Held"] == [
        "app.kiosk.ui line 6: made with the controller", "imports app.controller",
        "line 4: self.c", "takes c"]


def test_a_part_writing_into_the_state_its_screen_hands_it_is_found(tmp_path):
    root = _tree(tmp_path, {
        "rally/part.py": (
            "class Part:\n"
            "    def __init__(self, page, desk, *, save):\n"
            "        self.page, self.desk, self.save = page, desk, save\n"
            "    def do_a(self, arg, el):\n"
            "        self.desk.ui.note = 'x'\n"
            "        self.save()\n"
            "        return self.desk.ui.page\n"
        ),
        "rally/ui.py": (
            "from app.rally.part import Part\n"
            "class Screen:\n"
            "    def __init__(self, controller):\n"
            "        self.desk = object()\n"
            "        d = self.desk\n"
            "        self.part = Part(controller.page, d, save=self.save)\n"
            "    def save(self):\n"
            "        pass\n"
            "    def parts(self):\n"
            "        return (self.part,)\n"
        ),
    })
    found = screen_writes(root)
    assert list(found) == ["app.rally.part.Part"]
    assert [w.split(":")[0] for w in found["app.rally.part.Part"]] == ["line 5"]
