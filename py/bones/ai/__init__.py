"""Computer opponents and hints for every game.

Three levels, all of which see only ``game.observation(seat)`` and
``game.legal_moves()``:

- ``easy``: a beginner: mostly random, but takes an obvious good play.
- ``normal``: rules of thumb per game (ai/mexican.py, ai/chicken.py, ai/allfives.py).
- ``hard``: Perfect-Information Monte Carlo: deal the unseen tiles into worlds that
  agree with everything the seat has seen, play each candidate out with a fast
  policy, and keep the move that does best on average (ai/search.py).

    >>> import bones, bones.ai
    >>> g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=1)
    >>> m = bones.ai.choose(g, g.turn, "normal", seed=1)
    >>> m in g.legal_moves()
    True
"""

from .levels import LEVELS, Hint, choose, choose_from_json, hint, hint_from_json

__all__ = ["LEVELS", "Hint", "choose", "choose_from_json", "hint", "hint_from_json"]
