"""Play together's screen: on the table, its code to join, its seats and who is here
(``TableSide``); on a phone, the name and the scan, then its hand and its moves
(``PhoneSide``). Presses ``together-...`` come here (app.controller)."""

from __future__ import annotations

import asyncio

from app.screen import Screen
from app.shared.link_codes import BadLinkCode, read_invite
from app.together import invite_views, views
from app.together.host import PULSE_S, TableSide
from app.together.invite import Browser, PhoneRoom, TableInvite
from app.together.phone import PhoneSide
from bones.together import BadMessage
from bones.together.messages import player_name

PING_S = 15.0  # a phone says it is still here this often (bones.together.host.PING_EVERY)


class TogetherScreen(Screen):
    prefix = "together-"

    def __init__(self, c, make_link=None, browser=None):
        self.c = c
        self._make_link = make_link  # DirectLink in the page; a test's stand-in
        self.browser = browser or Browser()  # rooms, camera, clipboard (app.together.invite)
        self.invite: TableInvite | None = None  # the table's invite link, once made
        self.room: PhoneRoom | None = None  # this phone's way in by an invite link
        self.camera = ""  # "none" or "denied": this table cannot read the phones' codes
        self.link_problem = ""  # an invite link opened here that cannot be used, and why
        self.mode = ""  # "host" (this device is the table) or "phone"
        self.table: TableSide | None = None
        self.phone: PhoneSide | None = None
        self.qr_problem = ""
        self._loop: asyncio.Future | None = None

    @property
    def name(self) -> str:
        return "hand" if self.mode == "phone" else "together"

    def make_link(self, **kw):
        if self._make_link is None:
            from app.browser.link import DirectLink

            self._make_link = DirectLink
        return self._make_link(**kw)

    # ---- markup --------------------------------------------------------------------------------
    def markup(self) -> str:
        if self.mode == "phone" and self.phone is not None:
            return self._phone_markup()
        t = self.table
        if t is None:
            return '<div class="app together-screen"><h1>Play together</h1></div>'
        code = (self._qr(t.code, "This table's code to join") if t.code else
                '<p class="qr-wait" role="status">Making the code&hellip;</p>')
        return views.host_page(code_svg=code, rows=t.rows(), waiting=t.waiting(),
                               problem=t.problem or self.qr_problem, note=t.note,
                               can_play=self.c.session is t.session,
                               invite=self._invite_markup(),
                               no_camera=invite_views.camera_note(self.camera),
                               offers=t.offers(), wait=t.host.wait)

    def _invite_markup(self) -> str:
        i = self.invite
        if i is None:
            return invite_views.invite_section(url="", words="", trouble=False, note="",
                                               can_share=False, first=bool(self.camera))
        return invite_views.invite_section(
            url=i.url, words=" ".join(x for x in (i.words(), i.said) if x),
            trouble=i.state in ("no-relay", "failed") or bool(i.problem), note=i.note,
            can_share=i.can_share, first=False)


    def _phone_markup(self) -> str:
        p, room = self.phone, self.room
        cl = p.client
        status = p.status()
        if room is not None and p.state == "lost":
            status = ("Reconnecting... The link to the table is lost. " + room.words())
        if p.state in ("open", "lost") and cl.seat is not None and cl.view is not None:
            return views.phone_hand(me=cl.name or "Your hand", hand=[str(t) for t in cl.hand],
                                    moves=p.moves() if p.state == "open" else [],
                                    table=p.table_lines(),
                                    status=status, refusal=cl.refusal or "",
                                    your_turn=cl.my_turn, lost=p.state == "lost")
        if room is not None or self.link_problem:
            kept = (f"You have a seat at a table as {cl.name}: coming back to it..."
                    if cl.token and room is not None and room.wanted else "")
            words = room.words() if room is not None else ""
            if room is not None and room.found and room.wanted:
                words = status or "Joining the table..."
            return invite_views.phone_link(
                name=cl.name, kept=kept, asked=room is None or room.wanted, words=words,
                trouble=room is not None and room.state in ("no-relay", "failed", "no-table"),
                problem=self.link_problem or p.problem)
        kept = (f"You have a seat at a table as {cl.name}: scan the table's code to come "
                "back to it." if cl.token else "")
        answer = self._qr(p.answer, "This phone's code for the table") if p.answer else ""
        status = p.status() or ("Joining the table..." if p.state == "open" else "")
        return views.phone_join(name=cl.name, kept=kept, answer_svg=answer,
                                problem=p.problem or self.qr_problem, status=status)

    def _qr(self, text: str, title: str) -> str:
        from app.browser import qr

        try:
            import segno  # noqa: F401  (py/segno.zip, loaded on first use)
        except ImportError:
            asyncio.ensure_future(self._load_qr())
            return '<p class="qr-wait" role="status">Drawing the code&hellip;</p>'
        return qr.qr_svg(text, title=title)

    async def _load_qr(self) -> None:
        from app.browser import qr

        try:
            await qr.ensure_segno()
        except Exception as exc:  # offline before it was ever cached: say so
            self.qr_problem = f"The QR code could not be drawn here ({exc})."
        self.c.render()

    # ---- the table ---------------------------------------------------------------------------
    def do_host(self, arg, el) -> None:
        """"Play together" on the start form: the game as set up, this device its table."""
        c = self.c
        form = c.start_screen.form
        if not any(x.kind == "phone" for x in form.seats):
            form.error = ('To play together, choose "A person, on their phone" for at '
                          "least one player.")
            c.render()
            return
        session = c.start_screen.new_session()
        if session is None:
            return
        form.error = ""
        if self.table is not None:
            self.table.close()
        c.begin(session)
        self._host(session)

    def _host(self, session) -> None:
        self.mode = "host"
        self._leave_invite()
        self.table = TableSide(self.c, session, self.make_link)
        self.table.keep()
        self._show("together")
        asyncio.ensure_future(self.table.new_offer())
        asyncio.ensure_future(self._look_for_camera())
        kept = TableInvite.kept(self.c, self.table)
        if kept is not None:  # the table's page was reloaded: its room again, same link
            self._start_invite(kept)
        self._run()

    async def _look_for_camera(self) -> None:
        try:
            state = await self.browser.camera()
        except Exception:
            state = "unknown"
        self.camera = state if state in ("none", "denied") else ""
        self.c.render()

    # ---- the table's invite link (app.together.invite) ---------------------------------------
    def _start_invite(self, invite=None) -> None:
        if self.table is None:
            return
        self.invite = TableInvite(self.c, self.browser, self.table, invite)
        asyncio.ensure_future(self.invite.start())
        self.c.render()

    def _leave_invite(self) -> None:
        i, self.invite = self.invite, None
        if i is not None:
            asyncio.ensure_future(i.leave())

    def do_invite(self, arg, el) -> None:
        """"Invite by link": a room with a new key, and its link on show."""
        if self.invite is None:
            self._start_invite()

    def do_invite_again(self, arg, el) -> None:
        """"Try again" after no meeting point answered: the same link, joined anew."""
        i = self.invite
        if i is not None:
            self._leave_invite()
            self._start_invite(i.invite)

    def do_copy(self, arg, el) -> None:
        if self.invite is not None:
            asyncio.ensure_future(self.invite.copy())

    def do_share(self, arg, el) -> None:
        if self.invite is not None:
            asyncio.ensure_future(self.invite.share())

    def do_open(self, arg, el) -> None:
        """"Phones and seats" over the table: its code again (after the table's page was
        reloaded, with the seats kept for this game: each phone comes back by its key)."""
        s = self.c.session
        if self.table is not None and self.table.session is s:
            self.mode = "host"
            self._show("together")
        elif s is not None and any(x.kind == "phone" for x in s.seats):
            self._host(s)

    def do_wait(self, arg, el) -> None:
        """The host's setting: how long a phone that went away is waited for."""
        if self.table is not None and arg.isdigit() and int(arg) in views.WAITS:
            self.table.set_wait(int(arg))
            self.c.render()

    def do_standin(self, arg, el) -> None:
        """"Let the computer play for Ann until they are back"."""
        if self.table is not None and arg.isdigit():
            self.table.stand_in(int(arg))

    def do_table(self, arg, el) -> None:
        self.c.do_resume(arg, el)

    def do_stop(self, arg, el) -> None:
        """No more phones: the computer plays their seats from now on."""
        t, self.table = self.table, None
        self._leave_invite()
        TableInvite.forget(self.c)
        if t is not None:
            t.close()
            for s in t.session.seats:
                if s.kind == "phone":
                    s.kind = "computer"
        self.c.save()
        self.c.do_resume(arg, el)

    def do_scan(self, arg, el) -> None:
        t = self.table
        if t is None:
            return

        def got(text: str) -> None:
            asyncio.ensure_future(t.accept(text))

        def failed(message: str) -> None:
            t.problem = (f"{message} Or invite the players by link (below): it needs no "
                         "camera.")
            self.c.render()

        self._scanner().start("Hold the phone's code up to the camera", got, failed)

    # ---- the phone ---------------------------------------------------------------------------
    def do_join(self, arg, el) -> None:
        """"Join a table with this phone" on the start screen."""
        self.mode, self.link_problem = "phone", ""
        if self.room is not None:  # the codes now, not the link opened before
            self.room.close()
            self.room = None
            self.phone = None
        if self.phone is None:
            self.phone = PhoneSide(self.c, self.make_link)
        self._show("hand")
        self._run()

    def _read_name(self, p) -> bool:
        """The name typed on a phone, kept; else why not, said, and the box focused."""
        try:
            p.client.name = player_name(self.c.page.value_of("hand-name"))
        except BadMessage:
            p.problem = "Type your name first (at most 24 letters)."
            self.c.render()
            self.c.focus("#hand-name")
            return False
        return True

    def do_hand_scan(self, arg, el) -> None:
        p = self.phone
        if p is None:
            return
        if p.client.token is None and not self._read_name(p):
            return
        p.problem = ""

        def got(text: str) -> None:
            asyncio.ensure_future(p.scanned(text))

        def failed(message: str) -> None:
            p.problem = message
            self.c.render()

        self._scanner().start("Hold the camera up to the table's code", got, failed)

    def do_link(self, arg, el) -> None:
        """A page opened with an invite link (app.boot): a phone, into the room, to take a
        free seat, or its own again by the key it keeps."""
        try:
            invite = read_invite(arg)
        except BadLinkCode as exc:
            self.mode, self.link_problem = "phone", f"{exc}."
            self.phone = self.phone or PhoneSide(self.c, self.make_link)
            self._show("hand")
            return
        if invite is None:
            return
        self.mode, self.link_problem = "phone", ""
        if self.room is not None and self.room.invite == invite and not self.room.gone:
            self._show("hand")
            return
        if self.room is not None:
            self.room.close()
        if self.phone is not None and self.phone.link is not None:
            self.phone.link.close()
        p = self.phone = PhoneSide(self.c, self.make_link)
        # its seat back by its key, with no name asked, when the table is the one it
        # keeps a key for (its ``table`` answer says)
        self.room = p.link = PhoneRoom(
            self.c, self.browser, invite, on_open=p._opened, on_message=p.receive,
            on_close=p._closed, kept_table=p.client.table if p.client.token else None)
        self._show("hand")
        asyncio.ensure_future(self.room.start())
        self._run()

    def do_link_again(self, arg, el) -> None:
        """"Try again" on a phone whose room was not reached, or whose table did not
        answer: the same link, joined anew."""
        room = self.room
        if room is None:
            return
        name = self.phone.client.name if self.phone is not None else ""
        room.close()
        self.room = None
        self.do_link(room.invite.fragment, el)
        if room.wanted and self.room is not None and self.phone is not None:
            self.phone.client.name = self.phone.client.name or name
            self.room.go()

    def do_link_join(self, arg, el) -> None:
        """"Join the table" on a phone that opened an invite link."""
        p, room = self.phone, self.room
        if p is None or room is None:
            return
        if not self._read_name(p):
            return
        p.problem = ""
        room.go()
        self.c.render()

    def do_move(self, arg, el) -> None:
        if self.phone is not None:
            self.phone.move(arg)

    def do_home(self, arg, el) -> None:
        self.c.do_home(arg, el)

    # ---- shared -----------------------------------------------------------------------------
    def _scanner(self):
        c = self.c
        if c.scanner is None:
            from app.shared.scan import Scanner

            c.scanner = Scanner(c)
        return c.scanner

    def _show(self, screen: str) -> None:
        self._scanner()
        self.c.screen, self.c.dialog = screen, None
        self.c.render()

    def _run(self) -> None:
        if self._loop is None or self._loop.done():
            self._loop = asyncio.ensure_future(self._beat())

    async def _beat(self) -> None:
        """The table looks at its match for moves to send; a phone pings now and then."""
        since_ping = 0.0
        while self.table is not None or self.phone is not None:
            await asyncio.sleep(PULSE_S)
            try:
                if self.table is not None:
                    self.table.pulse()
                since_ping += PULSE_S
                p = self.phone
                if p is not None:
                    p.beat(PULSE_S)
                if since_ping >= PING_S and p is not None and p.state == "open":
                    since_ping = 0.0
                    p.link.send(p.client.ping())
            except Exception as exc:  # the beat must go on: say it in the console
                self.c.page.error(f"Play together: {exc!r}")
