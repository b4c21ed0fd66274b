"""The table screen: a game in play, its state, its markup, the hand, dragging, the
computer's turns, the moves seen and heard, autosave."""
