"""The rally scorekeeper gives, byte for byte, what it gave when rally_golden/ was recorded
(rally_golden.py says what and how), and the saves stored there load to exactly that."""

import pytest

from rally_golden import outputs, recorded, stored_saves

NOW = outputs()


@pytest.mark.parametrize("name", sorted(NOW))
def test_rally_output_is_byte_identical_to_the_recorded(name):
    assert recorded(name) is not None, f"rally_golden/{name} is not recorded"
    assert NOW[name] == recorded(name)


@pytest.mark.parametrize("name, text", sorted(stored_saves().items()))
def test_a_stored_rally_save_loads_to_the_recorded_output(name, text):
    assert text == recorded(name)
