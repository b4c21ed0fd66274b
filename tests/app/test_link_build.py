"""The invite link's signalling library as dist/ ships it (tools/link_bundle.py): pinned,
one self-contained file with its licences, and nothing at start-up points at it."""

from __future__ import annotations

import json
import re

BARE_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](?![./])[^"']+["']""")


def test_the_library_and_its_bundler_are_pinned(rally_build):
    package = json.loads((rally_build.ROOT / "package.json").read_text())
    assert package["dependencies"]["@trystero-p2p/mqtt"] == "0.25.4"
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["esbuild"])


def test_the_shipped_module_is_self_contained_with_its_licences(rally_build, built):
    module = (built / "web" / "trystero" / "mqtt.mjs").read_text()
    assert BARE_IMPORT.findall(module) == [], "a browser cannot resolve a bare import"
    assert "joinRoom" in module and "getRelaySockets" in module
    assert "//# sourceMappingURL" not in module
    licences = (built / "web" / "trystero" / "LICENSES.txt").read_text()
    for name in ("@trystero-p2p/core", "@trystero-p2p/mqtt", "mqtt"):
        version = json.loads((rally_build.NODE_MODULES / name / "package.json")
                             .read_text())["version"]
        assert f"{name} {version} (MIT)" in licences
        assert licences.count("Permission is hereby granted") >= 3


def test_nothing_at_start_up_loads_the_link(built):
    for start in ("index.html", "web/pyodide-boot.mjs"):
        text = (built / start).read_text()
        assert "link.mjs" not in text and "trystero" not in text
    link = (built / "web" / "link.mjs").read_text()
    assert 'import(new URL("trystero/mqtt.mjs", import.meta.url)' in link
    assert BARE_IMPORT.findall(link) == []
