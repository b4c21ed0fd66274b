"""The start screen: the form that sets up a game (which game, which sheet, who plays),
the quick game, and asking first when a new game would put the one in play away."""

from __future__ import annotations

import bones
from app.game.deal_codes import BadCut, sealed
from app.game.seats import BadName, Seat, Settings, clean_name
from app.game.session import Session
from app.screen import Screen
from app.shared.house_store import HouseStore
from app.start import views as start_views
from app.table import dialogs
from bones import fair
from bones.house import HouseRules, same_name


class StartScreen(Screen):
    name = "start"

    def __init__(self, c):
        self.c = c
        self.form = start_views.StartForm()

    def markup(self) -> str:
        houses = HouseStore(self.c.storage()).of_game(self.form.game)
        if self.form.house and not any(same_name(h, self.form.house) for h in houses):
            self.form.house = ""  # deleted meanwhile (here or in another tab)
        return start_views.start_screen(self.form, can_resume=self.c.can_resume(),
                                        houses=houses)

    def choose_house(self, h: HouseRules) -> None:
        """House rules chosen ("Play these" on the house rules screen)."""
        if h.game != self.form.game:
            self.form.set_game(h.game)
        self.form.preset, self.form.house = h.base, h.name
        self.form.error = ""
        lo, hi = min(h.seats), max(h.seats)
        self.form.resize(max(lo, min(hi, len(self.form.seats))))

    # ---- its fields ---------------------------------------------------------------------
    def on_change(self, el) -> bool:
        field = el.data.get("field")
        if not field:
            return False
        if field == "option":
            self.form.set_option(el.data["option"], el.value)
            return True
        if field == "cut":
            self.form.cut = el.value
            return True
        i = int(el.data["seat"])
        seat = self.form.seats[i]
        if field == "kind":
            seat.kind = el.value
            self.c.render()
            self.c.focus(f'[data-field="kind"][data-seat="{i}"]')
        elif field == "level":
            seat.level = el.value
        elif field == "name":
            seat.name = el.value
        return True

    def on_input(self, el) -> bool:
        if el.data.get("field") == "cut":  # kept through redraws (the form is drawn anew)
            self.form.cut = el.value
            return True
        if el.data.get("field") == "name":
            self.form.seats[int(el.data["seat"])].name = el.value
            return True
        return False

    # ---- its presses --------------------------------------------------------------------
    def do_game(self, arg, el) -> None:
        self.form.set_game(arg)
        self.c.render()
        self.c.focus(f'input[name=game][value="{arg}"]')

    def house_at(self, arg: str) -> HouseRules | None:
        """The form's game's house rules kept here, by their place in its list."""
        try:
            return HouseStore(self.c.storage()).of_game(self.form.game)[int(arg)]
        except (ValueError, IndexError):
            return None

    def do_pick_house(self, arg, el) -> None:
        h = self.house_at(arg)
        if h is None:
            return
        self.choose_house(h)
        self.c.render()
        self.c.focus(f'input[name=preset][value="house-{arg}"]')

    def do_preset(self, arg, el) -> None:
        if arg in bones.PRESETS:
            self.form.preset, self.form.house = arg, ""
            self.form.options.pop("rounds", None)  # each sheet has its own length
            self.c.render()
            self.c.focus(f'input[name=preset][value="{arg}"]')

    def do_seats(self, arg, el) -> None:
        self.form.resize(len(self.form.seats) + int(arg))
        self.c.render()

    def do_quick(self, arg, el) -> None:
        if self.ask_first("quick"):
            return
        seal = self.first_seal()
        if seal is not None:
            self.c.begin(Session.quick(seal=seal))

    def first_seal(self):
        """The first deal's seal, from the code the start screen shows and the cut typed
        there (a new code then for the next game); None, said, for a cut that is no
        number."""
        f = self.form
        try:
            seal = sealed(f.secret, self.c.page.value_of("cut-first"))
        except BadCut as exc:
            f.error = str(exc)
            self.c.render()
            self.c.focus("#cut-first")
            return None
        f.error, f.cut, f.secret = "", "", fair.new_secret()  # the next game's own
        return seal

    def do_start(self, arg, el) -> None:
        if self.ask_first("start"):
            return
        session = self.new_session()
        if session is not None:
            self.c.begin(session)

    def new_session(self) -> Session | None:
        """The game the form sets up, or None with the reason said on the form."""
        f = self.form
        for i, x in enumerate(f.seats):
            try:
                clean_name(x.name, "", f"Player {i + 1}'s name")
            except BadName as exc:  # said, not cut: the player shortens it
                f.error = f"{exc}. Please shorten it."
                self.c.render()
                self.c.focus(f'[data-field="name"][data-seat="{i}"]')
                return None
        house = HouseStore(self.c.storage()).get(f.house) if f.house else None
        if f.house and house is None:
            f.house, f.error = "", "Those house rules are no longer on this device."
            self.c.render()
            return None
        if house is not None and len(f.seats) not in house.seats:
            f.error = f"{house.name} can be played by {house.players}."
            self.c.render()
            self.c.focus('[data-act="seats:-1"]')
            return None
        seal = self.first_seal()
        if seal is None:
            return None
        s = self.c.session
        return Session.new(f.game, f.preset, [Seat(x.name, x.kind, x.level) for x in f.seats],
                           options=None if house else f.engine_options(),
                           settings=s.settings if s else Settings(), house=house, seal=seal)

    # ---- "Learn to play" (app.lessons.lesson) ----------------------------------------------------
    def do_learn(self, arg, el) -> None:
        from app.lessons.data import LESSONS

        if arg not in LESSONS or self.ask_first(f"learn:{arg}"):
            return
        s = self.c.session
        self.c.begin(Session.for_lesson(arg, s.settings if s else Settings()))
        self.c.say(self.c.session.lesson_line())

    def do_lesson_again(self, arg, el) -> None:
        s = self.c.session
        if s is not None and s.lesson:
            self.do_learn(s.lesson, el)

    def do_again(self, arg, el) -> None:
        """Play again: the same players and rules, dealt from the code the game's summary
        showed and the cut typed there."""
        s = self.c.session
        seats = [Seat(x.name, x.kind, x.level) for x in s.seats]
        options = s.game.next_game_options()  # A8: All Fives' winner leads the next game
        try:
            seal = s.next_game_seal(self.c.page.value_of("cut-next"))
        except BadCut as exc:  # said beside the cut
            self.c.table.state.cut_error = str(exc)
            self.c.render()
            self.c.focus("#cut-next")
            return
        self.c.begin(Session.new(s.game.game, s.game.preset, seats, settings=s.settings,
                                 options=options, house=s.game.house, seal=seal))

    def do_lesson_real(self, arg, el) -> None:
        """After a lesson: a real game of it, by its sheet, against Easy players."""
        s = self.c.session
        if s is None or not s.lesson:
            return
        game = s.game
        seats = [Seat("You", "human")] + [Seat(n, "computer", "easy")
                                          for n in ("Ann", "Bob", "Cora")]
        try:  # dealt from the code the lesson's end showed, and the cut typed there
            seal = s.next_game_seal(self.c.page.value_of("cut-next"))
        except BadCut as exc:  # said beside the cut
            self.c.table.state.cut_error = str(exc)
            self.c.render()
            self.c.focus("#cut-next")
            return
        self.c.begin(Session.new(game.game, game.preset, seats, settings=s.settings,
                                 seal=seal))

    def do_confirm_new(self, arg, el) -> None:
        self.c.dialog = dialogs.ConfirmNew(arg)
        if arg.startswith("learn:"):
            self.do_learn(arg.removeprefix("learn:"), el)
        elif arg == "quick":
            self.do_quick(arg, el)
        elif arg == "start":
            self.do_start(arg, el)

    def ask_first(self, what: str) -> bool:
        """A new game over one in progress asks first (it would be lost)."""
        c = self.c
        if not c.can_resume() or c.session.lesson or c.dialog == dialogs.ConfirmNew(what):
            return False
        c.dialog = dialogs.ConfirmNew(what)
        c.render()
        return True
