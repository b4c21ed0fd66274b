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
