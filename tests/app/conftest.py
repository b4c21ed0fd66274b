"""Fixtures of the app tests."""

import pytest


@pytest.fixture(scope="module")
def built(rally_build):
    """dist/, built if any input changed since."""
    rally_build.build_if_stale()
    return rally_build.DIST
