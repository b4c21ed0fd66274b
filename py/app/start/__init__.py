"""The start screen: the form that sets up a game."""
