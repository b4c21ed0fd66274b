"""Every move seen and heard: after a move is drawn, its tile travels from the mover's
place (their card beside the table, or the hand of the person at the screen) to where it
landed, and its sound plays (app.table.sound); a drawn tile flies face down from the
boneyard to the drawer.

The table itself never moves for it: the page lays a copy of the tile over everything
(app.browser.page's ``travel``, marked ``data-moving="1"`` while it flies) and takes it away when
it lands. With reduced motion (the browser's ``prefers-reduced-motion``, or the table's
setting "Reduce movement") the tile fades in where it lands instead; it keeps its bright
edge until the next move either way.

Sound waits for the player's first tap or key (browsers allow sound only after one): the
page's audio starts then, never before (``gesture``). Muted, nothing is made at all.

``t`` is the table screen (app.table.ui) whose moves these are."""

from __future__ import annotations

from app.game.seats import VOICE_RATES
from app.table import sound
from bones.moves import DRAW, PLAY, Move

# how long a tile travels, in ms, by the computer players' pace (app.game.seats.PACES): the
# tile lands well before the next move
TRAVEL_MS = {"slow": 600, "normal": 450, "fast": 300, "very fast": 100}
LANDED = ".felt-svg .placed.fresh"  # the tile just played (app.table.felt.table_svg)
BONEYARD = ".felt .boneyard"  # where a drawn tile sets off (app.table.views)
DRAW_BUTTON = '.actions [data-act="draw"]'  # ... where the felt has no room for it
SOUNDS_KEPT = 500  # cues kept in window.rallySounds (what was heard, for the tests)


def hand_tile(tile) -> str:
    return f'.hand-tile[data-tile="{tile}"]'


def marker(train: int) -> str:
    """A train's marker on the felt (app.table.felt)."""
    return f'.felt-svg .marker[data-train="{train}"]'


def seat_card(seat: int) -> str:
    return f'.seat[data-seat="{seat}"]'


class Motion:
    def __init__(self, t):
        self.t = t
        self._markers = None  # (game, round, moves played, the markers) last seen

    def start_of(self, move: Move, seat: int | None):
        """Where the tile of ``move`` starts, read before it is played: the tile being
        dragged, or the tile in the hand (the person at the screen); a computer player's
        card is read once the move is drawn (``shown``)."""
        s = self.t.session
        if move.kind != PLAY or s is None or seat is None or not s.seats[seat].human:
            return None
        page = self.t.page
        return page.motion.rect(".drag-ghost") or page.motion.rect(hand_tile(move.tile))

    def reduced(self) -> bool:
        s = self.t.session
        return (s is not None and s.settings.reduce_motion) or self.t.page.motion.reduced_motion()

    def shown(self, move: Move | None, seat: int | None, start=None,
              was_turn: int | None = None) -> None:
        """After ``move`` by ``seat`` is drawn: its tile travels (or fades in) and its
        sound plays. ``start``: where the tile was before (``start_of``); ``was_turn``:
        whose turn it was before the move (for "your turn")."""
        s = self.t.session
        if s is None or move is None:
            return
        ms = TRAVEL_MS.get(s.settings.pace, TRAVEL_MS["normal"])
        self.markers_moved(ms)
        if move.kind == PLAY and seat is not None:
            page = self.t.page
            card = seat_card(seat)
            if start is None and not s.seats[seat].human:
                start = page.motion.rect(card)
            lit = None if s.seats[seat].human else card
            if self.reduced() or not page.motion.travel(start, LANDED, ms, lit):
                page.motion.fade_in(LANDED, ms)
        elif move.kind == DRAW and seat is not None and not self.reduced():
            self.drawn(seat, ms)
        self.hear(sound.cues_for(s, move, seat, was_turn, self.t.moves()))

    def drawn(self, seat: int, ms: int) -> None:
        """A draw: a tile face down flies from the boneyard (on a phone, whose felt has no
        room for it, the Draw button that says how many are left) to the drawer: the
        person's new tile in their hand, or a computer's card, lit meanwhile."""
        s = self.t.session
        page = self.t.page
        start = page.motion.rect(BONEYARD) or page.motion.rect(DRAW_BUTTON)
        card = seat_card(seat)
        end = None
        if s.seats[seat].human and s.game.hands[seat]:
            end = page.motion.rect(hand_tile(s.game.hands[seat][-1]))
        lit = None if end is not None else card
        page.motion.fly_back(start, end or page.motion.rect(card), ms, lit)

    def markers_moved(self, ms: int) -> None:
        """A marker that went up or down since the last move seen fades in where it is
        now (the train games' markers, M3); nothing the first time, after an undo or in
        a new round."""
        s = self.t.session
        g = s.game
        now = s.observation().get("markers")
        before = self._markers
        self._markers = (id(g), g.round_number, len(g.history), now)
        if now is None or before is None or before[:2] != self._markers[:2] \
                or before[2] >= len(g.history) or before[3] is None:
            return
        for train, (was, up) in enumerate(zip(before[3], now)):
            if was != up:
                self.t.page.motion.fade_in(marker(train), ms)

    # ---- a voice ("Read the moves aloud") ---------------------------------------------
    def speak(self, text: str) -> None:
        """Read aloud what the live region says, with the setting on, at the table only
        (a kiosk's attract screen stays silent)."""
        s = self.t.session
        if not text or s is None or not s.settings.voice or not self.t.on_show():
            return
        self.t.page.motion.speak(text, VOICE_RATES[s.settings.voice_rate],
                                 s.settings.voice_name)

    # ---- sound --------------------------------------------------------------------------
    def hear(self, cues: list[str]) -> None:
        """Play ``cues`` (app.table.sound) unless the sound is off or not started yet."""
        s = self.t.session
        if not cues or s is None or s.settings.muted:
            return
        if self.t.page.motion.tones(sound.notes(cues, s.settings.volume)):
            for cue in cues:
                self.t.page.append("rallySounds", cue, SOUNDS_KEPT)

    def gesture(self, _event=None) -> None:
        """A tap or a key: the browser allows the page's sound from now on; it is
        started if the sound is on at the table."""
        s = self.t.session
        if s is not None and self.t.on_show() and not s.settings.muted:
            self.t.page.motion.start_audio()
