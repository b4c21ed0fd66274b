"""The table screen: a game in play, its state, its markup, the hand, dragging, the
computer's turns, the moves seen and heard, autosave."""

# What the other screens may use (tests/app/test_app_structure.py): the game's dialogs (the
# start form asks before a game in play is replaced; a kiosk says a damaged save), the
# table's markup and felt (a kiosk's attract screen is a table the computer plays), and the save's
# keys (a kiosk says why it is not saving).
PUBLIC = ("dialogs", "felt", "views", "saving")
