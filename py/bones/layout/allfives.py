"""All Fives on the table (not yet)."""


def layout_allfives(lay, **_kw):
    raise ValueError("no table layout for 'all-fives' yet")
