"""Shared by every test folder: build.py as an importable module (it is a script)."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_build():
    """build.py, loaded once under the name ``rally_build`` (``build`` is a PyPI package)."""
    if "rally_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("rally_build", ROOT / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["rally_build"] = module
        spec.loader.exec_module(module)
    return sys.modules["rally_build"]


@pytest.fixture(scope="session")
def rally_build():
    return load_build()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """``--dist loadgroup`` (pyproject.toml): each ``xdist_group``'s tests on one worker.
    pytest-xdist 3.8 marks a test's group by appending "@GROUP" to ``item._nodeid``, which
    pytest 9 no longer reads (a node's id is ``item._id``): every group was spread over
    the workers, each of which then did the group's shared work (a page per size) again.
    The same mark, put where pytest 9 reads it; nothing when xdist has put it already."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid:  # after any brackets, as xdist reads it
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(names)}")
