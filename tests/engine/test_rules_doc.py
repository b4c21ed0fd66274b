"""docs/rules.md states every sheet's rules in the project's words: its tables are
bones.rulebook's, so the page and the Rules panel can never say different things."""

from __future__ import annotations

import re
from pathlib import Path

from bones import rulebook
from bones.presets import PRESETS

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BLOCK = re.compile(r"<!-- generated: python -m bones rules -->\n(.*)<!-- end of generated -->",
                   re.S)


def test_the_rules_page_lists_what_the_rulebook_says():
    found = BLOCK.search(DOC.read_text())
    assert found, "docs/rules.md lost its generated block"
    assert found.group(1) == rulebook.markdown(), (
        "docs/rules.md is out of date: paste `PYTHONPATH=py python3 -m bones rules` "
        "between its markers")


def test_every_rule_of_every_preset_has_words_and_a_place_on_a_sheet():
    table = rulebook.markdown()
    for name, preset in PRESETS.items():
        assert f"(`{name}`)" in table
        for rid in preset.rules:
            assert rulebook.RULES[rid].strip()
            assert rulebook.cite(rid, name)
            assert f"| {rid} | {rulebook.cite(rid, name)} |" in table
