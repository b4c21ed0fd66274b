"""Behaviour kept byte for byte: what the engine, the arena and the table say
for fixed seeds (golden/record.py) has the SHA-256 recorded in golden/digests.json. A
refactor keeps them all; a wanted change of behaviour records them again with
``python tests/engine/golden/record.py --write`` and says why in its commit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))

import record  # noqa: E402


def test_engine_arena_and_table_say_what_they_said(tmp_path):
    want = json.loads(record.DIGESTS.read_text())
    got = record.record(tmp_path)
    changed = sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))
    assert not changed, (
        f"changed: {', '.join(changed)}. To see how: run tests/engine/golden/record.py DIR "
        "on this revision and on the last good one, then diff -r the two")
