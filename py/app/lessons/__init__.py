"""Learn to play: a lesson's run over a game (``lesson``) and the lessons' steps as data
(``data``); docs/lessons.md."""
