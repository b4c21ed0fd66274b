"""Play together's screens in CPython: a table and two phones, each a controller over a
fake page, linked by an in-memory stand-in for app.browser.link.DirectLink that carries
each text to the other side as the data channel would (in order, one at a time). What
each phone is sent, and shows, holds no other seat's tiles; a move a phone may not make
changes nothing on the table."""

from __future__ import annotations

import asyncio
import json
import re
from html import unescape

import own_loop
from app.controller import Controller
from app.game.seats import Seat
from app.game.session import Session
from app.table.saving import SAVE_KEY
from app.together.phone import KEEP_KEY
from app.together.ui import TogetherScreen
from fakepage import FakePage
from test_hostile_input import Storage


class Wire:
    """The links made in one test, by their codes."""

    def __init__(self):
        self.offers: dict[str, FakeLink] = {}
        self.answers: dict[str, FakeLink] = {}
        self.lose = 0  # the next texts the table sends that are lost on the way


class FakeLink:
    def __init__(self, wire: Wire, on_open, on_message, on_close):
        self.wire, self.on_open, self.on_message, self.on_close = wire, on_open, on_message, \
            on_close
        self.other: FakeLink | None = None
        self.open = False

    async def offer(self) -> str:
        code = f"RDO1:{len(self.wire.offers)}"
        self.wire.offers[code] = self
        return code

    async def answer(self, code: str) -> str:
        table = self.wire.offers[code]
        self.other, table.other = table, self
        answer = f"RDA1:{code}"
        self.wire.answers[answer] = self
        return answer

    async def accept(self, code: str) -> None:
        phone = self.wire.answers.get(code)
        if phone is None or phone.other is not self:
            raise RuntimeError("That is not this table's answer.")
        self.open = phone.open = True
        # The two sides hear the channel open in no set order: here the phone first, and
        # its first message reaches the table before the table hears it open.
        phone.on_open()
        asyncio.get_running_loop().call_later(0.02, self.on_open)

    def send(self, text: str) -> bool:
        if not self.open or self.other is None or not self.other.open:
            return False
        if self.wire.lose and self in self.wire.offers.values():
            # sent, and lost, as a send before its side heard the channel open was
            self.wire.lose -= 1
            return True
        asyncio.get_running_loop().call_soon(self.other.on_message, text)
        return True

    def close(self) -> None:
        if self.open:
            self.open = False
            if self.other is not None and self.other.open:
                self.other.open = False
                self.other.on_close("closed", "The other device has gone.")


def text(c: Controller) -> str:
    """What the page says, as a person reads it."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", c.page.html)).split())


def device(wire: Wire) -> Controller:
    c = Controller(FakePage(Storage()))
    c.together = TogetherScreen(
        c, make_link=lambda **kw: FakeLink(wire, kw["on_open"], kw["on_message"],
                                           kw["on_close"]))
    return c


async def settle(n: int = 10) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def join(table: Controller, phone: Controller, name: str) -> None:
    phone.act("together-join")
    phone.page.values["hand-name"] = name
    phone.act("together-hand-scan")  # the name is read; no camera here: the code is given
    await settle()
    side = table.together.table
    code = side.code
    await phone.together.phone.scanned(code)
    await side.accept(phone.together.phone.answer)
    await asyncio.sleep(0.05)
    await settle()


def host(table: Controller, kinds: list[str]) -> None:
    form = table.start_screen.form
    form.seats = [Seat(n, k) for n, k in zip(("Ann", "Bob", "Cora"), kinds, strict=False)]
    table.act("together-host")


def other_tiles(table: Controller, seat: int) -> set[str]:
    g = table.session.game
    mine = {str(t) for t in g.hands[seat]}
    return {str(t) for i, h in enumerate(g.hands) if i != seat for t in h} - mine


def test_two_phones_join_see_only_their_hands_and_a_phones_move_is_played_on_the_table():
    async def body():
        wire = Wire()
        table, ann, bob = device(wire), device(wire), device(wire)
        host(table, ["phone", "phone", "computer"])
        await settle()
        assert table.screen == "together" and "Join this table" in text(table)
        assert "Waiting for Ann" in text(table) and "Waiting for Bob" in text(table)
        await join(table, ann, "Annie")
        await join(table, bob, "Bert")
        s = table.session
        assert [x.name for x in s.seats] == ["Annie", "Bert", "Cora"]
        assert "Waiting for" not in text(table)
        assert "Annie : on their phone: connected" in text(table)
        table.act("together-table")  # the felt, with the line over it
        assert table.screen == "table"
        assert "Annie and Bert play from their phones" in text(table)
        assert text(table).count("on their phone") == 2  # their cards, not "computer"
        # no person plays at the table's own screen: the hot-seat's words are not said
        assert "until the player takes the screen" not in text(table)
        assert "Each player's tiles are on their own phone." in text(table)
        for seat, phone in ((0, ann), (1, bob)):
            p = phone.together.phone
            assert p.client.seat == seat and len(p.client.hand) == len(s.game.hands[seat])
            hidden = other_tiles(table, seat)
            for message in p.received:
                got = set(json.loads(message).get("view", {}).get("hand") or [])
                assert not got & hidden
            assert all(f'aria-label="{t}"' not in phone.page.html for t in hidden)
            kept = json.loads(phone.page.st[KEEP_KEY])
            assert kept["seat"] == seat and kept["token"] == p.client.token
        # the one to move taps a move: the table plays it, says it and saves it
        s.started = True
        while s.game.turn == 2:  # the computer leads: the table plays it, as its loop would
            assert s.computer_to_move()
            s.play(s.game.legal_moves()[0])
            table.together.table.pulse()  # and each phone hears of it
            await settle()
        turn = s.game.turn
        assert not s.computer_to_move(), "the computer never plays a phone's seat"
        mover = (ann, bob)[turn]
        assert mover.together.phone.client.moves == len(s.game.history)
        before = len(s.game.history)
        move = mover.together.phone.client.legal[0]
        assert 'data-act="together-move:' in mover.page.html
        mover.act(f"together-move:{move}")
        await settle()
        assert len(s.game.history) == before + 1
        assert s.game.notation(s.game.history[-1][0]) == move
        # said, saved and drawn as any move made away from the table's screen
        assert len(Session.from_json(table.page.st[SAVE_KEY]).game.history) == before + 1
        assert table.page.said and s.name(s.game.history[-1][1]) in table.page.said[-1]
        # a move out of turn, sent as a phone would, is refused: nothing changes
        waiting = next(x for i, x in enumerate((ann, bob)) if s.game.turn != i)
        saved = table.page.st.get(SAVE_KEY)
        p = waiting.together.phone
        p.link.send(json.dumps({"v": 1, "type": "move", "move": "draw",
                                "at": len(s.game.history)}))
        await settle()
        assert len(s.game.history) == before + 1
        assert table.page.st.get(SAVE_KEY) == saved
        assert "It is not your turn." in text(waiting)  # in plain words, on its screen
        table.together.table.close()
        await settle()
        ann.together.phone = None
        bob.together.phone = None

    own_loop.run(body())


def test_a_phone_that_reloads_comes_back_to_its_seat_by_its_kept_key():
    async def body():
        wire = Wire()
        table, ann = device(wire), device(wire)
        host(table, ["phone", "computer", "computer"])
        await settle()
        await join(table, ann, "Ann")
        token = ann.together.phone.client.token
        ann.together.phone.link.close()  # the page reloads: its link is gone
        await settle()
        assert "Waiting for Ann" in text(table) or "Ann : on their phone: away" in text(table)
        again = Controller(FakePage(ann.page.st))  # the same phone, its storage kept
        again.together = TogetherScreen(
            again, make_link=lambda **kw: FakeLink(wire, kw["on_open"], kw["on_message"],
                                                   kw["on_close"]))
        again.act("together-join")
        assert "You have a seat at a table as Ann" in text(again)
        await join(table, again, "")
        p = again.together.phone
        assert p.client.seat == 0 and p.client.token == token
        assert "Ann : on their phone: connected" in text(table)
        table.together.table.close()
        await settle()

    own_loop.run(body())


def test_a_seat_whose_answer_is_lost_is_asked_for_again():
    """The table's answer to a phone's rejoin is lost: the phone asks again after
    ASK_AGAIN_S, and is back in its seat with its hand (it stayed at 'Joining the table...'
    for ever, on its turn, with nothing else sent its way)."""
    from app.together.phone import ASK_AGAIN_S

    async def body():
        wire = Wire()
        table, ann = device(wire), device(wire)
        host(table, ["phone", "computer", "computer"])
        await settle()
        await join(table, ann, "Ann")
        hand = ann.together.phone.client.hand
        ann.together.phone.link.close()  # the page reloads
        await settle()
        again = device(wire)
        again.page.st.update(ann.page.st)
        again.act("together-join")
        p = again.together.phone
        side = table.together.table
        again.page.values["hand-name"] = ""
        again.act("together-hand-scan")
        await p.scanned(side.code)
        wire.lose = 2  # the seat and the state, the table's whole answer
        await side.accept(p.answer)
        await asyncio.sleep(0.05)
        await settle()
        assert "Joining the table" in text(again) and p.client.view is None
        p.beat(ASK_AGAIN_S / 2)
        await settle()
        assert p.client.view is None  # not yet: the table may be slow
        p.beat(ASK_AGAIN_S / 2)
        await settle()
        assert p.client.seat == 0 and p.client.hand == hand
        assert "Your hand" in again.page.html and "Joining the table" not in text(again)
        p.beat(ASK_AGAIN_S * 2)  # answered: nothing more is asked
        await settle()
        assert sum('"type":"seat"' in m for m in p.received) == 1
        table.together.table.close()
        await settle()

    own_loop.run(body())


def test_a_phone_away_is_waited_for_then_the_computer_is_offered_until_they_are_back():
    async def body():
        wire = Wire()
        table, ann = device(wire), device(wire)
        clock = [1_000_000.0]
        table.page.now_ms = lambda: clock[0]
        host(table, ["phone", "computer", "computer"])
        await settle()
        assert 'value="60" checked' in table.page.html  # the host's setting, a minute
        table.act("together-wait:30")
        assert 'value="30" checked' in table.page.html
        await join(table, ann, "Ann")
        side = table.together.table
        table.act("together-table")
        ann.together.phone.link.close()  # Ann's phone is gone
        await settle()
        offer = "Let the computer play for Ann until they are back"
        assert "Waiting for Ann" in text(table) and offer not in text(table)
        clock[0] += 29_000
        side.pulse()
        assert offer not in text(table)
        clock[0] += 1_000  # the host's 30 seconds: the offer, on the line over the felt
        side.pulse()
        assert "Waiting for Ann" in text(table) and offer in text(table)
        s = table.session
        assert s.seats[0].kind == "phone"
        table.act("together-standin:0")
        assert s.seats[0].kind == "computer" and side.host.seats[0].standin
        assert "Waiting for Ann" not in text(table) and offer not in text(table)
        s.started = True
        while s.game.turn != 0:
            s.play(s.game.legal_moves()[0])
        assert s.computer_to_move(), "the computer plays Ann's seat while she is away"
        s.play(s.game.legal_moves()[0])
        side.pulse()
        table.together.mode = "host"
        table.act("together-open")
        assert "Ann : the computer, until their phone is back" in text(table)
        again = device(wire)  # Ann is back, her seat's key kept on her phone
        again.page.st.update(ann.page.st)
        await join(table, again, "")
        p = again.together.phone
        assert p.client.seat == 0 and p.client.hand == list(s.game.hands[0])
        assert s.seats[0].kind == "phone" and not side.host.seats[0].standin
        assert "Ann : on their phone: connected" in text(table)
        kept = json.loads(table.page.st["rally-dominoes:together-table"])
        assert json.loads(kept["seats"])["wait"] == 30
        table.together.table.close()
        await settle()

    own_loop.run(body())


def test_play_together_needs_a_phone_seat():
    c = Controller(FakePage(Storage()))
    c.start_screen.form.seats = [Seat("Ann", "human"), Seat("Bob")]
    c.act("together-host")
    assert c.session is None and "on their phone" in text(c)


def test_after_the_tables_page_reloads_its_phones_come_back_to_their_seats():
    async def body():
        wire = Wire()
        table, ann, bob = device(wire), device(wire), device(wire)
        host(table, ["phone", "phone", "computer"])
        await settle()
        await join(table, ann, "Ann")
        await join(table, bob, "Bob")
        hands = [ann.together.phone.client.hand, bob.together.phone.client.hand]
        table.together.table.close()  # the table's page reloads: every link is gone
        await settle()
        assert ann.together.phone.state == "lost"
        assert "Reconnecting" in text(ann)
        assert 'data-act="together-hand-scan"' in ann.page.html  # the way back, on its hand
        assert 'data-act="together-move:' not in ann.page.html  # no move to a lost table
        again = device(wire)
        again.page.st.update(table.page.st)  # the same device, its storage kept
        again.start()
        assert again.screen == "table"
        assert "Waiting for Ann, Bob" in text(again)  # the line over the table
        again.act("together-open")
        await settle()
        assert "Join this table" in text(again)
        table = again
        for phone, seat in ((bob, 1), (ann, 0)):  # in another order: each to its own seat
            await join(table, phone, "")
            assert phone.together.phone.client.seat == seat
            assert phone.together.phone.client.hand == hands[seat]
        assert "Waiting for" not in text(table)
        table.together.table.close()
        await settle()

    own_loop.run(body())


def test_a_phones_moves_are_said_in_each_games_own_words():
    from app.together.views import move_words

    names = ["Ann", "Bob", "Cora"]
    assert move_words("9-7@0", names, 0, "mexican-train") == "9-7 on your train"
    assert move_words("9-7@1", names, 0, "mexican-train") == "9-7 on Bob's train"
    assert move_words("12-5@M", names, 0, "mexican-train") == "12-5 on the Mexican Train"
    assert move_words("9-4@0", names, 0, "chicken-foot") == "9-4 on line 1"  # not a train
    assert move_words("5-0@C", names, 0, "all-fives") == "5-0 to lead"
    assert move_words("3-1@W", names, 0, "all-fives") == "3-1 on the west end"
    assert move_words("6-1@N2", names, 0, "all-fives") == "6-1 at N2"
    assert move_words("draw", names, 0, "chicken-foot") == "Draw a tile"
    assert move_words("call@2", names, 0, "mexican-train") == "Call Cora: they did not knock"


def test_a_kiosk_hosts_a_table_for_phones_only_when_its_official_says_so():
    from app.kiosk.settings import KioskSettings, parse_settings
    from app.kiosk.ui import KioskScreen
    from app.kiosk.views import attract_screen, official_settings

    assert parse_settings("{}")[0].together is False  # off unless the official sets it
    assert parse_settings('{"together": true}')[0].together is True
    assert "Play together" not in attract_screen(KioskSettings())
    assert "kiosk-host" in attract_screen(KioskSettings(together=True))
    assert "phones join a table on this screen" in official_settings(KioskSettings(),
                                                                     active=True)

    async def body():
        c = Controller(FakePage(Storage()))
        c.kiosk = k = KioskScreen(c)
        k.official.settings.enabled = True
        k.start()
        c.screen = "attract"
        c.act("kiosk-host")  # not offered: nothing happens
        assert c.screen == "attract"
        k.official.settings.together = True
        c.act("kiosk-host")
        await settle()
        assert c.screen == "together" and "Join this table" in text(c)
        assert [x.kind for x in c.session.seats][:2] == ["phone", "phone"]
        c.together.table.close()
        await settle()

    own_loop.run(body())


def test_a_code_a_phone_has_answered_leaves_the_table_at_once():
    """The table reads a phone's code: the table's own code that phone answered is taken
    off the screen before the link opens (a second phone scanning it would wait for ever),
    and the next phone's code comes after; a code that is not this table's answer leaves
    the code on show."""
    async def body():
        wire = Wire()
        table, ann = device(wire), device(wire)
        host(table, ["phone", "phone", "computer"])
        await settle()
        side = table.together.table
        used = side.code
        assert used and "Making the code" not in table.page.html
        ann.act("together-join")
        ann.page.values["hand-name"] = "Ann"
        ann.act("together-hand-scan")
        await settle()
        await ann.together.phone.scanned(used)
        shown = []
        real = side.offer.accept

        async def opening(code):
            shown.append(("Making the code" in table.page.html, side.code))
            await real(code)

        side.offer.accept = opening
        await side.accept(ann.together.phone.answer)
        await settle()
        assert shown == [(True, "")], shown  # gone while the link opens
        assert side.code and side.code != used  # the next phone's
        await side.accept("RDA1:not-this-tables")
        assert side.code and "Making the code" not in table.page.html
        assert "not this table's answer" in text(table)

    own_loop.run(body())


def test_a_phone_with_no_name_typed_is_asked_for_it_and_scans_nothing():
    wire = Wire()
    phone = device(wire)
    phone.act("together-join")
    phone.page.values["hand-name"] = "   "
    phone.act("together-hand-scan")
    assert "Type your name first (at most 24 letters)." in text(phone)
    assert phone.together.phone.client.name in ("", None) and not wire.answers
