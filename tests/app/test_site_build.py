"""build.py's pure parts: what goes into dist/ and how it is named."""

import json
import re
import zipfile

import pytest


def test_every_python_file_ships_in_the_bundle(rally_build, built):
    names = set(zipfile.ZipFile(built / rally_build.BUNDLE).namelist())
    on_disk = {
        p.relative_to(rally_build.PY_SRC).as_posix()
        for pkg in ("bones", "app")
        for p in (rally_build.PY_SRC / pkg).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert on_disk - set(rally_build.DEV_ONLY) <= names
    assert {"bones/tiles.py", "app/boot.py", "app/shared/render.py"} <= names
    assert not any("__pycache__" in n for n in names)
    assert all(n[:-1] in names for n in names if n.endswith(".pyc"))  # only our own bytecode


# Tools for developers, never run by the page.
DEV_MODULES = {"bones/ai/arena.py", "bones/ai/benchai.py", "bones/bench.py",
               "bones/ai/field.py", "bones/__main__.py"}


def test_development_modules_stay_out_of_the_bundle(built, rally_build):
    names = set(zipfile.ZipFile(built / rally_build.BUNDLE).namelist())
    assert not names & (DEV_MODULES | {n + "c" for n in DEV_MODULES})


def _imported(path: str, tree) -> set[str]:
    """Modules a file imports, absolute, as zip paths' stems (``bones/ai/arena``)."""
    import ast

    package = path.rsplit("/", 1)[0].split("/")
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.replace(".", "/") for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            mod = base + (node.module.split(".") if node.module else [])
            out.add("/".join(mod))
            out |= {"/".join(mod + [a.name]) for a in node.names}
    return out


def test_nothing_the_page_ships_imports_a_development_module(built, rally_build):
    import ast

    dev = {n.removesuffix(".py") for n in rally_build.DEV_ONLY}
    with zipfile.ZipFile(built / rally_build.BUNDLE) as zf:
        for name in zf.namelist():
            if name.endswith(".py"):
                used = _imported(name, ast.parse(zf.read(name)))
                assert not used & dev, f"{name} imports {used & dev}"


def test_bundle_is_reproducible(rally_build, tmp_path):
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    rally_build.write_bundle(a)
    rally_build.write_bundle(b)
    assert a.read_bytes() == b.read_bytes()


def test_no_source_maps_or_console_pages(rally_build, built):
    files = rally_build.dist_files(built)
    assert not [f for f in files if f.endswith(".map") or "console" in f]
    scripts = [f for f in files if f.endswith((".js", ".mjs"))]
    assert not [f for f in scripts if b"sourceMappingURL" in (built / f).read_bytes()]
    for name in rally_build.PYODIDE_FILES:
        assert f"pyodide/{name}" in files


def test_build_py_and_its_tools_never_ship(rally_build, built):
    """build.py and tools/ (the benchmarks, the dev environment, the server) are the
    developers': not in dist/, not in the bundle, whatever tools/ holds."""
    tools = {p.relative_to(rally_build.ROOT).as_posix()
             for p in (rally_build.ROOT / "tools").rglob("*.py")}
    assert {"tools/devenv.py", "tools/bench/boot.py"} <= tools
    names = set(zipfile.ZipFile(built / rally_build.BUNDLE).namelist())
    shipped = set(rally_build.dist_files(built)) | names
    assert not {n for n in shipped if n.startswith("tools/") or n.endswith("build.py")}
    assert not {n for n in names if n.removesuffix("c") in tools}
    assert rally_build.python_packages() == [rally_build.PY_SRC / "app",
                                             rally_build.PY_SRC / "bones"]


def test_dev_dependencies_never_ship(rally_build, built):
    """axe-core (the accessibility test's) stays in node_modules."""
    dev = json.loads((rally_build.ROOT / "package.json").read_text())["devDependencies"]
    assert "axe-core" in dev
    files = rally_build.dist_files(built)
    assert not [f for f in files if any(name in f for name in dev)]
    assert not [f for f in files if f.endswith((".js", ".mjs", ".html"))
                and b"axe-core" in (built / f).read_bytes()]


def test_service_worker_precaches_every_file_under_a_content_hash(rally_build, built):
    sw = (built / "sw.js").read_text()
    start = sw.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.loads(sw[start : sw.index(";\n", start)])
    shipped = [f for f in rally_build.dist_files(built) if f not in ("sw.js", "index.html")]
    # The page once, as "./": a first visit downloads index.html once.
    assert precache[0] == "./" and sorted(precache[1:]) == shipped
    assert all(not url.startswith("/") and "://" not in url for url in precache)
    assert '"rally-dominoes-' in sw


def test_any_changed_file_makes_a_new_service_worker_and_page_version(rally_build, built,
                                                                      tmp_path):
    """The version (the cache's name) hashes every shipped file, so a change to
    any one reaches returning visitors through a new sw.js; the page knows its version."""
    import shutil

    page = rally_build.page_html()
    site = tmp_path / "site"
    shutil.copytree(built, site)
    before = rally_build.stamp_version(site, page)
    assert f'const CACHE = "{before}";' in (site / "sw.js").read_text()
    assert f'var version = "{before}";' in (site / "index.html").read_text()
    for rel in ("web/ai-worker.py", "py/rally.zip", "pyodide/pyodide-lock.json"):
        with open(site / rel, "ab") as f:
            f.write(b"\n")
        after = rally_build.stamp_version(site, page)
        assert after != before, rel
        assert f'const CACHE = "{after}";' in (site / "sw.js").read_text()
        before = after
    assert rally_build.stamp_version(site, page.replace("<title>", "<title>New ")) != before


def test_manifest_is_relative(built):
    manifest = json.loads((built / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes


def test_index_points_pyscript_at_the_vendored_pyodide(built):
    html = (built / "index.html").read_text()
    assert '"interpreter": "web/pyodide-boot.mjs"' in html
    assert "cdn" not in html.lower() and "https://" not in html
    # Its snapshot wrapper loads the vendored Pyodide.
    boot = (built / "web/pyodide-boot.mjs").read_text()
    assert 'from "../pyodide/pyodide.mjs"' in boot


def test_snapshot_name_changes_with_the_bundle_or_the_runtime(rally_build, built, tmp_path):
    """A browser's start-up snapshot is used only for exactly the Pyodide build
    and the Python bundle it was made from."""
    import shutil

    site = tmp_path / "site"
    shutil.copytree(built, site)
    module = site / rally_build.SNAPSHOT_MODULE
    shutil.copyfile(rally_build.WEB / "pyodide-boot.mjs", module)
    names = [rally_build.stamp_snapshot_key(site)]
    assert names[0] in module.read_text() and rally_build.SNAPSHOT_MARK not in module.read_text()
    for rel in ("py/rally.zip", "pyodide/pyodide.asm.wasm", "web/snapshot-worker.mjs"):
        with open(site / rel, "ab") as f:
            f.write(b"\n")
        shutil.copyfile(rally_build.WEB / "pyodide-boot.mjs", module)
        names.append(rally_build.stamp_snapshot_key(site))
    assert len(set(names)) == len(names)


def test_bundle_carries_bytecode_made_by_the_browsers_python(rally_build, built):
    """Each module has a .pyc made by Pyodide's own Python (when node could run it)."""
    import shutil

    if shutil.which("node") is None:
        pytest.skip("no node: the bundle ships sources only")
    names = set(zipfile.ZipFile(built / rally_build.BUNDLE).namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert {n + "c" for n in sources} <= names
    pyc = zipfile.ZipFile(built / rally_build.BUNDLE).read("bones/tiles.pyc")
    assert pyc[4:8] == (1).to_bytes(4, "little")  # PEP 552 flags: hash-based, unchecked


def test_index_carries_a_content_security_policy_with_its_inline_scripts_hash(
        rally_build, built):
    """The policy is in a meta tag before any script; inline code runs by hash."""
    html = (built / "index.html").read_text()
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
                       html).group(1)
    assert html.index("Content-Security-Policy") < html.index("<script")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert rally_build.csp_hash(script) in directives["script-src"].split()
    assert rally_build.csp_hash(style) in directives["style-src"].split()
    # Any port is allowed only for a websocket to this machine (a broker of one's own for
    # invite links, docs/together.md); no wildcard elsewhere.
    loopback = ("ws://127.0.0.1:*", "ws://localhost:*")
    assert directives["connect-src"].split() == ["'self'", "wss:", *loopback]
    rest = policy
    for source in loopback:
        rest = rest.replace(source, "")
    assert "'unsafe-inline'" not in policy and "https:" not in policy and "*" not in rest
    # Only the runtime's needs beyond our own files and inline script (docs/security.md).
    assert set(directives["script-src"].split()) == {
        "'self'", "'wasm-unsafe-eval'", "'unsafe-eval'", rally_build.csp_hash(script)}
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert "onclick" not in html  # inline handlers would need 'unsafe-hashes'


def _get(url: str, **headers):
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


def test_dev_server_sends_gzip_when_asked_as_github_pages_does(rally_build, tmp_path):
    """`build.py serve` and the bench compress text and wasm for a client that
    accepts gzip, so local audits and benches see the bytes players get."""
    import gzip

    text = b"<!doctype html><p>" + b"dominoes " * 2000
    wasm = b"\0asm\1\0\0\0" + bytes(range(256)) * 100
    png = b"\x89PNG\r\n\x1a\n" + b"x" * 5000
    (tmp_path / "index.html").write_bytes(text)
    (tmp_path / "a.wasm").write_bytes(wasm)
    (tmp_path / "i.png").write_bytes(png)
    with rally_build.SiteServer(tmp_path, prefix="/site/") as server:
        for rel, body in (("", text), ("a.wasm", wasm)):
            status, headers, got = _get(server.url + rel, **{"Accept-Encoding": "gzip, br"})
            assert status == 200 and headers.get("Content-Encoding") == "gzip", rel
            assert "Accept-Encoding" in headers.get("Vary", "")
            assert int(headers["Content-Length"]) == len(got) < len(body)
            assert gzip.decompress(got) == body
            # Revalidation (the dev server sends no-cache) still answers 304.
            again = _get(server.url + rel, **{"Accept-Encoding": "gzip",
                                              "If-Modified-Since": headers["Last-Modified"]})
            assert again[0] == 304, rel
        status, headers, got = _get(server.url + "a.wasm")  # no Accept-Encoding: as is
        assert "Content-Encoding" not in headers and got == wasm
        status, headers, got = _get(server.url + "i.png", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and got == png  # already compressed
