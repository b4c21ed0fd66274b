"""Pip geometry and SVG markup: pure Python, no browser."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.shared.render import domino_group, domino_svg, pip_positions, pip_radius
from bones.tiles import full_set, tile

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("n", range(19))
def test_each_number_has_that_many_pips_inside_the_half(n):
    pips = pip_positions(n)
    assert len(pips) == n
    r = pip_radius(n)
    for x, y in pips:
        assert r <= x <= 1 - r and r <= y <= 1 - r


@pytest.mark.parametrize("n", range(19))
def test_pips_do_not_touch_and_are_symmetric(n):
    pips = pip_positions(n)
    r = pip_radius(n)
    for i, (x1, y1) in enumerate(pips):
        for x2, y2 in pips[i + 1 :]:
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 > 2 * r
    # A half turned upside down looks the same, so a tile reads the same from either side.
    rotated = sorted((round(1 - x, 4), round(1 - y, 4)) for x, y in pips)
    assert rotated == sorted((round(x, 4), round(y, 4)) for x, y in pips)


def test_classic_faces():
    assert pip_positions(1) == ((0.5, 0.5),)
    assert len(set(pip_positions(12))) == 12  # a full 3 x 4 grid


def test_out_of_range():
    with pytest.raises(ValueError):
        pip_positions(19)


@given(st.sampled_from(full_set(18)))
def test_svg_is_well_formed_with_one_circle_a_pip(t):
    root = ET.fromstring(domino_svg(t))
    assert root.tag == f"{SVG}svg"
    assert root.get("data-tile") == str(t)
    assert root.get("aria-label") == f"Domino {t.hi}-{t.lo}"
    assert len(root.findall(f".//{SVG}circle")) == t.pips


def test_group_placement():
    g = domino_group(tile(6, 3), 10, 20, angle=90)
    assert 'transform="translate(10 20) rotate(90)"' in g
    assert 'data-tile="6-3"' in g
