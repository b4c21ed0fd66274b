"""The past games screen (``PastScreen``): the list of games kept on the device, a
replay of one with the coach, the statistics; and keeping each game as it finishes, or
as a new game puts it away part way (app.past.store). Its presses carry ``past-``."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from app.game.seats import Seat
from app.game.session import Session
from app.past import store
from app.past import views as past_views
from app.past.dialogs import ConfirmDelete
from app.screen import Screen
from bones import archive
from bones.errors import BadData

if TYPE_CHECKING:  # loaded when a game is first replayed: not at start-up
    from bones.ai.coach import Coach
    from bones.playback import Replay

STEP_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end",
             "n": "mine", "N": "mine"}


class PastScreen(Screen):
    name = "past"
    prefix = "past-"

    def __init__(self, c):
        self.c = c
        self.page = "list"  # list | replay | stats
        self.notice = ""  # what was just done, in words (a game deleted, a file read)
        self.error = ""  # why something could not be done
        self.game: dict | None = None  # the record being replayed
        self.replay: Replay | None = None
        self.coach: Coach | None = None
        self.pos = 0  # the replay's position: moves played
        self.asked: set[int] = set()  # moves whose coach was asked for
        self.thinking: int | None = None  # the move the coach is working out
        self.felt_size: tuple[int, int] | None = None  # the replay's felt, as last measured

    def st(self):
        return self.c.storage()

    def markup(self) -> str:
        kept, problems = store.load(self.st())
        notice = " ".join([self.c.keeper.note, self.notice, *problems]).strip()
        if self.page == "replay" and self.replay is not None:
            return self._replay_markup(notice)
        if self.page == "stats":
            from app.past.stats_views import stats_page  # loaded when first shown
            from bones.stats import statistics

            return stats_page(statistics(kept["games"]), notice=notice, error=self.error)
        return past_views.list_page(kept, notice=notice, error=self.error)

    def _replay_markup(self, notice: str) -> str:
        r, rec, pos = self.replay, self.game, self.pos
        coach = self._coach_state(pos)  # first: it may move the replay's cursor
        match = r.at(pos)
        view = self.view(match)
        said = ""
        if pos:
            move, seat, _t = match.history[-1]
            said = view.wording.move_said(move, seat) or view.wording.move_words(move, seat)
        from app.past.playback_views import replay_page  # loaded when first shown

        number = r.round_of(pos).number
        try:  # the round's deal code opened, once the round is over (docs/records.md)
            deal = r.deal(number)
        except ValueError:  # a round put away part way: its deal stays sealed
            deal = None
        return replay_page(rec, view, pos=pos, total=len(r), said=said, round_no=number,
                           coach=coach, notice=notice, error=self.error,
                           felt_size=self.felt_size, deal=deal, mine=self._mine_button())

    def _people(self) -> list[str]:
        return [p["name"] for p in self.game["players"] if p["kind"] == "human"]

    def next_mine(self) -> int | None:
        """The position just after the next move a person made, or None: none is left."""
        people = {i for i, p in enumerate(self.game["players"]) if p["kind"] == "human"}
        return next((i + 1 for i in range(self.pos, len(self.replay))
                     if self.replay.move(i)[0] in people), None)

    def _mine_button(self) -> tuple[str, bool] | None:
        """A long game's way to the person's moves: "Your next move" (one person, You),
        "Ann's next move", or "A person's next move" at a shared screen."""
        people = self._people()
        if not people:
            return None
        name = people[0] if len(people) == 1 else ""
        label = ("Your next move" if name == "You" else f"{name}'s next move" if name
                 else "A person's next move")
        return label, self.next_mine() is not None

    def drawn(self) -> None:
        """The replay's felt laid out again at its size on the page, when that changed."""
        if self.page != "replay" or self.replay is None:
            return
        size = self.c.page.size("past-felt")
        if size and size[0] > 0 and size[1] > 0 and size != self.felt_size:
            self.felt_size = size
            from app.past.playback_views import felt_svg

            self.c.page.set_inner("past-felt", felt_svg(self.view(self.replay.at(self.pos)),
                                                        size))

    def _coach_state(self, pos: int) -> dict:
        """The coach at the move just shown (move pos - 1), for the player's own moves."""
        if pos == 0:
            return {"state": "none"}
        i = pos - 1
        seat, _text = self.replay.move(i)
        players = self.game["players"]
        if seat is None or players[seat]["kind"] != "human":
            return {"state": "none"}
        out = {"name": players[seat]["name"]}
        if self.thinking == i:
            return {**out, "state": "thinking"}
        if i not in self.asked:
            return {**out, "state": "ask"}
        advice = self.coach.advice(i)
        before = self.view(self.replay.at(i))
        played = before.wording.hint_words(before.game.parse(advice.played))
        return {**out, "state": "done", "advice": advice, "played": played}

    def view(self, match) -> Session:
        """The match at a position as the table's markup reads it: begun (who plays first
        was said), so a move's words end in the turn's line, not the start's."""
        return Session(match, [Seat(p["name"], p["kind"], p["level"])
                               for p in self.game["players"]], started=True)

    # ---- its presses --------------------------------------------------------------------
    def open(self) -> None:
        self.c.screen = "past"
        self.c.dialog = None
        self.page, self.notice, self.error = "list", "", ""
        self.c.render()
        self.c.page.focusing.to_top()  # not where the start screen was scrolled to

    def do_open(self, arg, el) -> None:
        self.open()

    def do_page(self, arg, el) -> None:
        self.page = arg if arg in ("list", "stats") else "list"
        self.notice = self.error = ""
        self.c.render()
        self.c.page.focusing.to_top()

    def do_replay(self, arg, el) -> None:
        kept, _ = store.load(self.st())
        rec = archive.find(kept, arg)
        self.notice = self.error = ""
        if rec is None:
            self.error = "That game is no longer kept here."
            self.c.render()
            return
        try:
            from bones.playback import Replay  # loaded when first replayed

            self.replay = Replay(rec["save"])
        except Exception as exc:  # a kept save is first replayed here
            self.error = f"This game could not be replayed: {exc}. It is still kept."
            self.c.render()
            return
        self.game, self.pos, self.asked, self.thinking = rec, 0, set(), None
        from bones.ai.coach import Coach

        self.coach = Coach(self.replay, seed=rec["id"])
        self.page = "replay"
        self.c.render()
        # it opens at its top, ready to step: focus on "Forward one move"
        self.c.page.focusing.focus('[data-act="past-step:forward"]')
        self.c.page.focusing.to_top()

    def do_step(self, arg, el) -> None:
        if self.replay is None:
            return
        total = len(self.replay)
        to = {"start": 0, "back": self.pos - 1, "forward": self.pos + 1,
              "end": total}.get(arg, self.pos)
        if arg == "mine":
            to = self.next_mine() or self.pos
        self.pos = max(0, min(total, to))
        self._keep_focus_on_steps()
        self.c.render()

    def _keep_focus_on_steps(self) -> None:
        """A step button that goes off at the new position (Forward at the end) hands
        focus to one that stays on before the redraw, so focus stays with the steps and
        the page does not jump to whatever control comes next."""
        p = self.c.page.focusing
        if not p.active_data("act").startswith("past-step:"):
            return
        if self.pos >= len(self.replay):
            p.focus('[data-act="past-step:back"]')
        elif self.pos == 0 or (p.active_data("act") == "past-step:mine"
                               and self.next_mine() is None):
            p.focus('[data-act="past-step:forward"]')

    def on_key(self, event, key: str) -> bool:
        """The replay's keys: left and right arrows step, Home and End jump (the page
        does not scroll with them)."""
        if self.page != "replay" or key not in STEP_KEYS or self.c.dialog is not None:
            return False
        event.preventDefault()
        self.do_step(STEP_KEYS[key], None)
        return True

    def do_coach(self, arg, el) -> None:
        """Work out the coach at the move shown; the page says it is thinking first."""
        if self.replay is None or self.pos == 0:
            return
        i = self.pos - 1
        self.thinking = i
        self.c.render()
        # the button pressed is gone: focus on the coach's heading, where the answer
        # comes, not on the page's first control (the window would jump to its top)
        self.c.page.focusing.focus("#coach-title")
        asyncio.ensure_future(self._advise(i))

    async def _advise(self, i: int) -> None:
        await asyncio.sleep(0.05)  # the "thinking" line is drawn first
        self.advise(i)

    def advise(self, i: int) -> None:
        try:
            self.coach.advice(i)
            self.asked.add(i)
        except Exception as exc:
            self.error = f"The coach could not look at this move: {exc}"
        self.thinking = None
        self.c.render()
        if self.page == "replay" and self.pos - 1 == i:  # still at that move: the answer
            self.c.page.focusing.reveal("#past-coach")  # in view, scrolled the least

    def do_export(self, arg, el) -> None:
        kept, _ = store.load(self.st())
        rec = archive.find(kept, arg) if arg else None
        if arg and rec is None:
            return
        today = self.c.page.clock()
        name = archive.export_name(rec if rec else len(kept["games"]), today)
        self.c.page.download(archive.export(kept, [arg] if arg else None), name)
        self.notice = f"Saved to the file {name} (look in your downloads)."
        self.c.render()

    def do_import(self, arg, el) -> None:
        if el.files:
            asyncio.ensure_future(self._import(el.files[0]))

    async def _import(self, file) -> None:
        name = self.c.page.file_name(file) or "The file"
        try:
            text = await self.c.page.read_text(file)
        except Exception as exc:  # never a silent failure
            text, self.error = None, f"{name} could not be read ({exc}). Nothing was changed."
        if text is not None:
            self.import_text(text, name)
        self.c.render()

    def import_text(self, text: str, name: str) -> None:
        """A file's games added through the guarded entry (bones.archive.import_games);
        a bad file changes nothing and says why."""
        self.notice = self.error = ""
        kept, _ = store.load(self.st())
        try:
            new, done = archive.import_games(kept, text)
        except BadData as exc:
            self.error = (f"{name} could not be used: {exc}. Nothing here was changed.")
            return
        why = store.save(self.st(), new) if done.added else None
        if why is not None:
            self.error = (f"The games from {name} could not be kept: {store.why_words(why)}. "
                          "Nothing here was changed.")
            return
        self.page = "list"
        self.notice = f"From {name}: {done.words()}"

    def do_ask_delete(self, arg, el) -> None:
        kept, _ = store.load(self.st())
        rec = archive.find(kept, arg) if arg else None
        what = (f"{past_views.game_words(rec)}, played {past_views.when(rec['date'])}"
                if rec else "")
        if arg and rec is None:
            return
        self.c.dialog = ConfirmDelete(arg, what, len(kept["games"]))
        self.c.render()

    def do_delete(self, arg, el) -> None:
        kept, _ = store.load(self.st())
        new = archive.remove(kept, [arg] if arg else None)
        why = store.save(self.st(), new)
        self.c.dialog = None
        if why is not None:
            self.error = f"Nothing was deleted: {store.why_words(why)}."
            self.c.render()
            return
        gone = len(kept["games"]) - len(new["games"])
        self.notice = (f"{gone} past game{'' if gone == 1 else 's'} deleted." if gone
                       else "Nothing was deleted.")
        self.error = ""
        self.c.dialog = None
        self.c.render()
