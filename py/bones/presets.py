"""Rule presets: one per rule sheet, each a value of its game's options.

A preset is data, not a code path. Its ``rules`` list the rule IDs of
docs/rules.md that it follows, in the order the Rules panel shows
them; ``summary`` is the short plain-words line on the start screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Preset:
    name: str
    game: str
    title: str
    summary: str
    options: Any
    rules: tuple[str, ...]


PRESETS: dict[str, Preset] = {}


def register(preset: Preset) -> Preset:
    """Each game module registers its own presets."""
    PRESETS[preset.name] = preset
    return preset


GOOD_SAMS = ("G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11")
