"""S7: colour-coded pips, checked for older eyes and colour-blind players (issue 33).

Each number 1-12 keeps its own colour (matching by colour is matching by number), stands out
from the ivory face by 3:1, and stays apart from the others under a simulation of the three
dichromacies (Machado et al. 2009; tests/app/colour_vision.py). The old palette failed the
last: 6 and 11 were 2.4 CIEDE2000 apart for a deuteranope, 5 and 9 3.0 for a protanope.
"""

import itertools
import re

import pytest

from app.render import PIP_COLOURS, domino_group
from bones.tiles import Tile
from colour_vision import contrast, delta_e, simulate

NUMBERS = range(1, 13)
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")


def _face() -> str:
    return re.search(r'class="face"[^>]* fill="(#[0-9a-f]{6})"', domino_group(Tile(1, 0)))[1]


def test_S7_each_number_has_its_own_colour():
    assert len(set(PIP_COLOURS[:13])) == 13


def test_every_pip_colour_stands_out_from_the_face_by_3_to_1():
    """Issue 33: 6 (amber) was 2.2:1 on the ivory face, 11 (orange) 3.0:1."""
    face = _face()
    low = {n: round(contrast(PIP_COLOURS[n], face), 2) for n in NUMBERS
           if contrast(PIP_COLOURS[n], face) < 3.0}
    assert low == {}


def test_the_simulation_matches_published_figures():
    """Sanity of the helpers: CIEDE2000 of pure red against pure green is 86.6; a
    deuteranope sees pure red and pure green as near-identical yellows."""
    assert delta_e("#ff0000", "#00ff00") == pytest.approx(86.6, abs=0.1)
    assert delta_e(simulate("#ff0000", "deuteranopia"),
                   simulate("#00ff00", "deuteranopia")) < 25
    assert simulate("#777777", "protanopia") == "#777777"  # greys stay grey


def _closest(vision, pairs):
    seen = {n: simulate(PIP_COLOURS[n], vision) for n in NUMBERS}
    return min((round(delta_e(seen[a], seen[b]), 1), a, b) for a, b in pairs)


def test_any_two_colours_stay_apart_with_normal_sight():
    assert _closest(None, itertools.combinations(NUMBERS, 2))[0] >= 18


@pytest.mark.parametrize("vision", DEFICIENCIES)
def test_any_two_colours_stay_apart_for_colour_blind_players(vision):
    """10 CIEDE2000 or more for every pair (the old palette: 2.4 to 5.3)."""
    assert _closest(vision, itertools.combinations(NUMBERS, 2))[0] >= 10


@pytest.mark.parametrize("vision", DEFICIENCIES)
def test_numbers_one_or_two_apart_are_farther_apart_still(vision):
    """Pip patterns of neighbouring numbers look most alike, so their colours must differ
    most: 12 CIEDE2000 or more under every simulation."""
    near = [(a, b) for a, b in itertools.combinations(NUMBERS, 2) if b - a <= 2]
    assert _closest(vision, near)[0] >= 12
