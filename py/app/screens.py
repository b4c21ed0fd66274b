"""Whole screens as markup: pure functions of engine values, tested in CPython."""

from __future__ import annotations

from app.render import domino_svg
from bones.tiles import tile


def welcome_markup() -> str:
    """The first table: the double-twelve set down as the station, drawn from engine data."""
    station = tile(12, 12)
    return (
        '<section class="welcome" aria-labelledby="welcome-title">'
        '<h1 id="welcome-title">Rally Dominoes</h1>'
        f'<div class="station" data-station="{station}">{domino_svg(station, height=260)}</div>'
        f"<p>The double-twelve is down. Mexican Train, Chicken Foot and All Fives"
        " are on their way.</p>"
        "</section>"
    )
