"""Keeping games with the past games (app.past.store): a finished game when the table
saves it, a game put away part way when another begins. Made by the controller and
handed to the table screen (``TableScreen.finished``) and to the past games screen, so a
game's last move is kept without the table calling back into the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.game.session import Session


class Keeper:
    """Keeps a game once (``keep_game``); ``note`` is what keeping the last game came to,
    in words, when worth one (older games dropped to make room, or why it could not be
    kept), shown on the past games list and returned to be said."""

    def __init__(self, clock, storage):
        self.clock, self.storage = clock, storage  # the page's clock and its storage
        self.note = ""
        self.last: tuple | None = None  # the game last kept: (its match, its moves)

    def keep_game(self, session: Session | None) -> str:
        """Keep the session's game with the others; the words to say, or ""."""
        if session is None or self._kept_already(session):
            return ""
        from app.past import store  # here: start-up does not load the past games
        from bones import archive

        rec = store.record(session, self.clock())
        if rec is None:
            return ""
        st = self.storage()
        kept, _ = store.load(st)
        if archive.find(kept, rec["id"]) is not None:
            return ""
        why, dropped = store.keep(st, rec)
        if why is None:
            self.last = (session.game, len(session.game.history))
            said = store.dropped_words(dropped)
        else:
            said = f"This game could not be kept with the past games: {store.why_words(why)}."
        self.note = said
        return said

    def _kept_already(self, session: Session) -> bool:
        """This very game, as it stands, was the last one kept (a save after the end)."""
        was = self.last
        return was is not None and was[0] is session.game and was[1] == len(
            session.game.history)
