"""Past games: the games kept on the device (finished, or put away part way), their list,
a replay with the coach, and the statistics against the computers (docs/records.md,
"On the page")."""

# What the other screens may use (tests/app/test_app_structure.py): the store, for a
# kiosk official's count and clearing of the kiosk's past games; the controller opens
# the screen and hands it each game to keep.
PUBLIC = ("store",)
