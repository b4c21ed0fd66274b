"""Invite by link in CPython: the link's fragment read back (a bad, forged or cut one gets
plain words and breaks nothing), and the table's and phones' screens over an in-memory
stand-in for the brokers' room (app.browser.link's RoomLink): phones that open the link
take the free seats, see only their own tiles, play as a QR-joined phone does and come
back after a reload by their key; a room no broker answers, a table that never answers
and a table with no camera are said in words."""

from __future__ import annotations

import asyncio
import json
import re
from html import unescape

import pytest

import own_loop
from app.controller import Controller
from app.game.seats import Seat
from app.shared import link_settings
from app.shared.link_codes import BadLinkCode, Invite, invite_url, new_invite, read_invite
from app.together import invite as invite_mod
from app.together.phone import KEEP_KEY
from app.together.ui import TogetherScreen
from fakepage import FakePage
from test_hostile_input import Storage

NO_RELAY = "The invite link could not reach any meeting point on the internet."


class Hub:
    """The brokers: who is in which room. Devices meet only with the same room and key
    (the signalling is sealed with the key: another key reads nothing)."""

    def __init__(self, reachable: bool = True):
        self.reachable = reachable
        self.rooms: dict[tuple[str, str], list[FakeRoom]] = {}
        self.made = 0


class FakeRoom:
    def __init__(self, hub: Hub, invite: Invite, callbacks: dict):
        hub.made += 1
        self.hub, self.where, self.cb = hub, (invite.room, invite.key), callbacks
        self.id = f"peer{hub.made}"

    def others(self):
        return [r for r in self.hub.rooms.get(self.where, []) if r is not self]

    async def send(self, text: str, peer: str | None = None) -> bool:
        loop = asyncio.get_running_loop()
        for other in self.others():
            if peer is None or other.id == peer:
                loop.call_soon(other.cb["on_message"], text, self.id)
        return True

    async def leave(self) -> None:
        members = self.hub.rooms.get(self.where, [])
        if self in members:
            members.remove(self)
            for other in members:
                asyncio.get_running_loop().call_soon(other.cb["on_peer_leave"], self.id)


class FakeBrowser:
    def __init__(self, hub: Hub, camera: str = "yes"):
        self.hub, self._camera = hub, camera
        self.settings = None
        self.copied = ""

    async def join(self, invite, settings, **cb):
        self.settings = settings
        room = FakeRoom(self.hub, invite, cb)
        loop = asyncio.get_running_loop()
        if not self.hub.reachable:
            loop.call_soon(cb["on_problem"], "no-relay", NO_RELAY)
            return room
        others = list(self.hub.rooms.setdefault(room.where, []))
        self.hub.rooms[room.where].append(room)
        loop.call_soon(cb["on_relay"])
        for other in others:  # each side hears the other join
            loop.call_soon(other.cb["on_peer_join"], room.id)
            loop.call_soon(cb["on_peer_join"], other.id)
        return room

    async def camera(self) -> str:
        return self._camera

    async def copy(self, text: str) -> bool:
        self.copied = text
        return True

    async def can_share(self) -> bool:
        return False

    async def share(self, url: str) -> str:
        return "failed"


class NoCodes:
    """The QR codes' link (DirectLink) where there is none: a code that is never read."""

    def __init__(self, **kw):
        pass

    async def offer(self) -> str:
        return "RDO1:none"

    def close(self) -> None:
        pass


def text(c: Controller) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", c.page.html)).split())


def device(hub: Hub, storage=None, camera: str = "yes") -> Controller:
    c = Controller(FakePage(storage if storage is not None else Storage()))
    c.together = TogetherScreen(c, make_link=NoCodes, browser=FakeBrowser(hub, camera))
    return c


async def settle(n: int = 20) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def host(table: Controller, kinds: list[str]) -> None:
    form = table.start_screen.form
    form.seats = [Seat(n, k) for n, k in zip(("Ann", "Bob", "Cora"), kinds, strict=False)]
    table.act("together-host")


async def open_link(phone: Controller, url: str, name: str | None,
                    found: bool = True) -> None:
    phone.act("together-link:" + url.split("#", 1)[1])
    await settle()
    if name is not None:
        there = "The table is there: type your name and tap Join the table"
        assert not found or there in text(phone)
        phone.page.values["hand-name"] = name
        phone.act("together-link-join")
    await settle()


def leave_all(*devices: Controller) -> None:
    for c in devices:
        t = c.together
        if t.table is not None:
            t.table.close()
        t.table = t.phone = None
        t._leave_invite()
        if t.room is not None:
            t.room.close()


# ---- the link's fragment ---------------------------------------------------------------------
GOOD = Invite("Rm7fQ2xkVt9PaL0s", "k3Y-secret_T0pS3cretKey")


@pytest.mark.parametrize("url", [
    "https://x.org/#join=",  # nothing after it
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s",  # cut before the key
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.",  # cut at the dot
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.k3Y-secret",  # the key cut short
    "https://x.org/#join=Rm7f.k3Y-secret_T0pS3cretKey",  # the room cut short
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.k3Y-secret_T0pS3cretKey.more",  # more added
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.k3Y%20secret_T0pS3cretKey",  # changed
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.k3Y<script>T0pS3cretKey",
    "https://x.org/#join=" + "a" * 65 + "." + "b" * 22,  # too long
    "https://x.org/#join=Rm7fQ2xkVt9PaL0s.k3Ÿ-secret_T0pS3cretKey",  # not our letters
    "#join=.",
])
def test_a_cut_or_changed_invite_link_is_said_in_plain_words(url):
    with pytest.raises(BadLinkCode, match="cut short or changed. Ask for the link again"):
        read_invite(url)


def test_an_invite_link_reads_back_and_an_address_without_one_is_no_invite():
    invite = new_invite()
    url = invite_url("https://club.example.org/dominoes/?kiosk=1#old", invite)
    assert url.startswith("https://club.example.org/dominoes/?kiosk=1#join=")
    assert read_invite(url) == invite
    assert invite.room != invite.key and invite != new_invite()
    assert read_invite(invite_url("https://x.org/", GOOD)) == GOOD
    for nothing in ("https://x.org/", "https://x.org/#", "https://x.org/#rules", None, 5,
                    "#joined=abc"):
        assert read_invite(nothing) is None


def test_the_tables_own_meeting_points_travel_in_the_link_and_are_checked():
    club = ("wss://club.example.org:8884/mqtt", "ws://127.0.0.1:9001/")
    invite = new_invite(club)
    url = invite_url("https://x.org/", invite)
    assert read_invite(url) == invite and read_invite(url).relays == club
    for bad in ("http%3A%2F%2Fevil.example.org%2F", "ws%3A%2F%2Fevil.example.org%2F",
                "wss%3A%2F%2F", "javascript%3Aalert(1)"):
        with pytest.raises(BadLinkCode, match="names a meeting point that cannot be used"):
            read_invite("https://x.org/#" + GOOD.fragment + "&via=" + bad)
    for cut in ("&via=", "&via=" + ",".join(["wss%3A%2F%2Fa.org%2F"] * 9),
                "&via=" + "x" * 9000):
        with pytest.raises(BadLinkCode, match="cut short or changed"):
            read_invite("https://x.org/#" + GOOD.fragment + cut)


@pytest.mark.parametrize("fragment", ["join=", "join=abc.def", "join=Rm7fQ2xkVt9PaL0s.<b>x",
                                      "join=" + "x" * 5000])
def test_a_phone_that_opens_a_bad_link_says_so_and_joins_nothing(fragment):
    hub = Hub()
    phone = device(hub)
    phone.start()
    phone.act("together-link:" + fragment)
    assert phone.screen == "hand"
    assert "This invite link is cut short or changed. Ask for the link again" in text(phone)
    assert "<b>" not in phone.page.html and hub.made == 0
    phone.act("together-home")  # and the way back works
    assert phone.screen == "start"


# ---- the screens over the room -------------------------------------------------------------
def test_phones_join_by_the_link_see_only_their_hands_and_play_as_a_qr_phone_does():
    async def body():
        hub = Hub()
        table, ann, bob = device(hub), device(hub), device(hub)
        club = {"relays": ["wss://club.example.org:8884/mqtt"], "ice": []}
        link_settings.save(table.storage(), link_settings.LinkSettings.from_dict(club))
        host(table, ["phone", "phone", "computer"])
        await settle()
        assert "Invite by link" in text(table) and "Scan a phone's code" in text(table)
        table.act("together-invite")
        await settle()
        inv = table.together.invite
        assert inv.url in text(table) and "#join=" in inv.url
        assert "Ready: a phone that opens this link joins this table" in text(table)
        assert table.together.browser.settings.relays == tuple(club["relays"])
        assert "&via=wss%3A%2F%2Fclub.example.org%3A8884%2Fmqtt" in inv.url
        table.act("together-copy")
        await settle()
        assert table.together.browser.copied == inv.url and "copied" in text(table)
        await open_link(ann, inv.url, "Annie")
        await open_link(bob, inv.url, "Bert")
        s = table.session
        assert [x.name for x in s.seats] == ["Annie", "Bert", "Cora"]
        # the phones keep the defaults, and meet the table at the club's broker the link names
        assert ann.together.browser.settings.relays == tuple(club["relays"])
        assert "Annie : on their phone: connected" in text(table)
        assert "Bert : on their phone: connected" in text(table)
        for seat, phone in ((0, ann), (1, bob)):
            p = phone.together.phone
            assert p.client.seat == seat and p.client.hand == s.game.hands[seat]
            others = {str(t) for i, h in enumerate(s.game.hands) if i != seat for t in h}
            for message in p.received:
                assert not set(json.loads(message).get("view", {}).get("hand") or []) & others
            assert all(f'aria-label="{t}"' not in phone.page.html for t in others)
        # the one to move taps a move: the table plays it
        s.started = True
        while s.game.turn == 2:
            s.play(s.game.legal_moves()[0])
            table.together.table.pulse()
            await settle()
        mover, waiting = (ann, bob) if s.game.turn == 0 else (bob, ann)
        before = len(s.game.history)
        move = mover.together.phone.client.legal[0]
        mover.act(f"together-move:{move}")
        await settle()
        assert len(s.game.history) == before + 1
        assert s.game.notation(s.game.history[-1][0]) == move
        # a move for another seat, sent from a phone as it is, is refused
        p = waiting.together.phone
        if s.game.turn != (0 if waiting is ann else 1):
            p.link.send(json.dumps({"v": 1, "type": "move", "move": "draw",
                                    "at": len(s.game.history)}))
            await settle()
            assert len(s.game.history) == before + 1 and "turn" in (p.client.refusal or "")
        # a phone's messages to the other phones are heard by no one
        assert all("hello" not in m for m in ann.together.phone.received)
        leave_all(table, ann, bob)
        await settle()

    own_loop.run(body())


def test_a_phone_that_reloads_comes_back_to_its_seat_and_a_table_reload_keeps_the_link():
    async def body():
        hub = Hub()
        table, ann = device(hub), device(hub)
        host(table, ["phone", "computer", "computer"])
        await settle()
        table.act("together-invite")
        await settle()
        url = table.together.invite.url
        await open_link(ann, url, "Ann")
        token, hand = ann.together.phone.client.token, ann.together.phone.client.hand
        ann.together.room.close()  # the phone's page reloads
        await settle()
        assert "Ann : on their phone: away" in text(table) or "Waiting for Ann" in text(table)
        again = device(hub, ann.page.st)
        again.start()
        await open_link(again, url, None)  # no name asked: its key brings it back
        p = again.together.phone
        assert p.client.seat == 0 and p.client.token == token and p.client.hand == hand
        assert "Ann : on their phone: connected" in text(table)
        # the table's page reloads: its room again, the same link; the phone comes back
        table.together.table.close()
        await table.together.invite.leave()
        await settle()
        assert "Reconnecting" in text(again)
        t2 = device(hub, table.page.st)
        t2.start()
        t2.act("together-open")
        await settle()
        assert t2.together.invite is not None and t2.together.invite.url == url
        await asyncio.sleep(invite_mod.HELLO_EVERY_S + 0.1)  # the phone asks again
        await settle()
        assert p.state == "open" and p.client.seat == 0 and "Reconnecting" not in text(again)
        assert "Ann : on their phone: connected" in text(t2)
        leave_all(t2, again)
        await settle()

    own_loop.run(body())


def test_no_meeting_point_reached_is_said_in_words_on_the_table_and_the_phone():
    async def body():
        hub = Hub(reachable=False)
        table, ann = device(hub), device(hub)
        host(table, ["phone", "computer", "computer"])
        await settle()
        table.act("together-invite")
        await settle()
        assert NO_RELAY in text(table) and "Try again" in text(table)
        assert "Reaching the meeting point" not in text(table)
        await open_link(ann, table.together.invite.url, "Ann", found=False)
        assert NO_RELAY in text(ann) and "Joining the table" not in text(ann)
        hub.reachable = True
        table.act("together-invite-again")
        await settle()
        assert "Ready: a phone that opens this link" in text(table)
        ann.act("together-link-again")  # the phone tries again: it is seated, as asked
        await settle()
        assert ann.together.phone.client.seat == 0 and NO_RELAY not in text(ann)
        assert "Ann : on their phone: connected" in text(table)
        leave_all(table, ann)
        await settle()

    own_loop.run(body())


def test_a_phone_whose_table_never_answers_is_told_so(monkeypatch):
    monkeypatch.setattr(invite_mod, "HELLO_EVERY_S", 0.01)
    monkeypatch.setattr(invite_mod, "TABLE_WAIT_S", 0.05)

    async def body():
        hub = Hub()
        ann = device(hub)
        await open_link(ann, "https://x.org/#" + GOOD.fragment, "Ann", found=False)
        assert "Looking for the table..." in text(ann)
        await asyncio.sleep(0.1)
        await settle()
        assert "The table did not answer" in text(ann)
        leave_all(ann)
        await settle()

    own_loop.run(body())


@pytest.mark.parametrize("camera, words", [
    ("none", "This device has no camera, so it cannot read the phones' codes"),
    ("denied", "The camera is not allowed for this page"),
])
def test_a_table_without_a_camera_says_so_and_offers_the_link(camera, words):
    async def body():
        table = device(Hub(), camera=camera)
        host(table, ["phone", "computer", "computer"])
        await settle()
        assert words in text(table) and "Invite the players by link" in text(table)
        assert "Scan a phone's code" not in text(table)
        assert 'data-act="together-invite"' in table.page.html
        leave_all(table)
        await settle()

    own_loop.run(body())


def test_a_phone_keeping_a_seat_at_another_table_is_asked_its_name_here():
    async def body():
        hub = Hub()
        table = device(hub)
        host(table, ["phone", "computer", "computer"])
        await settle()
        table.act("together-invite")
        await settle()
        old = {"name": "Ann", "table": "0123456789", "seat": 1, "token": "x" * 22}
        ann = device(hub, Storage({KEEP_KEY: json.dumps(old)}))
        await open_link(ann, table.together.invite.url, "Annie")  # asked, as a new player
        p = ann.together.phone
        assert p.client.seat == 0 and p.client.name == "Annie" and p.client.token != old["token"]
        assert "Annie : on their phone: connected" in text(table)
        leave_all(table, ann)
        await settle()

    own_loop.run(body())
