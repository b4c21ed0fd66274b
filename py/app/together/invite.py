"""Invite by link: the table and the phones far apart meet in a room of the invite's
brokers (app.browser.link's RoomLink, the relays and STUN servers of
app.shared.link_settings), and the same bones.together messages go through it as through
a QR code's data channel (docs/together.md, "Far apart: an invite link").

The table (``TableInvite``) makes the room and its key (app.shared.link_codes
``new_invite``), shows the link, and gives each device in the room a link of its own in
``TableSide.links`` (``PeerLink``), so its messages go through ``TableHost.receive`` as a
QR-joined phone's do. A phone (``PhoneRoom``) looks to ``PhoneSide`` like a QR code's
link: it says hello to every device in the room, takes the one that answers as a table
for the table, and hears no one else.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

from app.shared import link_settings, storage
from app.shared.link_codes import BadLinkCode, Invite, invite_url, new_invite, read_invite

RELAY_WAIT_MS = 15_000  # no broker of the settings reached in this long: said in words
TABLE_WAIT_S = 30.0  # a phone in the room with no table answering this long: said
HELLO_EVERY_S = 2.0  # a phone asks the room for its table this often until one answers
INVITE_KEY = "rally-dominoes:together-invite"  # the table's room, beside its game's save
HELLO = '{"v":1,"type":"hello"}'

WORDS = {
    "joining": "Reaching the meeting point on the internet...",
    "ready": "Ready: a phone that opens this link joins this table.",
    "no-table": ("The table did not answer. Check that the table's device still shows "
                 "this game's Play together page with its invite link, or ask for the "
                 "link again."),
    "left": "The table has gone from the room. Waiting for it to come back...",
    # a phone's, while it looks for its table
    "phone-joining": "Reaching the table over the internet...",
    "phone-ready": "Looking for the table...",
    "phone-found": "The table is there: type your name and tap Join the table.",
    "failed": "The invite link could not be opened on this device: ",
}


class Browser:
    """What the invite screens ask of the page (app.browser.link); a test gives its own."""

    async def join(self, invite: Invite, settings, **callbacks):
        from app.browser.link import RoomLink

        return await RoomLink.join(invite, settings, **callbacks)

    async def camera(self) -> str:
        from app.browser import link

        return await link.camera()

    async def copy(self, text: str) -> bool:
        from app.browser import link

        return await link.copy_text(text)

    async def can_share(self) -> bool:
        from app.browser import link

        return await link.can_share()

    async def share(self, url: str) -> str:
        from app.browser import link

        return await link.share(url)


class PeerLink:
    """One device in the room, as the table's TableSide sees a link: ``send`` keeps the
    order of what is sent (each goes once the one before it has)."""

    def __init__(self, holder, peer: str):
        self.holder = holder  # has ``room`` (RoomLink, or a test's stand-in)
        self.peer = peer
        self.queue: list[str] = []
        self.task: asyncio.Future | None = None
        self.closed = False

    def send(self, text: str) -> bool:
        if self.closed or self.holder.room is None:
            return False
        self.queue.append(str(text))
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._drain())
        return True

    async def _drain(self) -> None:
        while self.queue and not self.closed and self.holder.room is not None:
            text = self.queue.pop(0)
            try:
                await self.holder.room.send(text, self.peer)
            except Exception:  # the peer went: its leaving is said by the room
                self.queue.clear()

    def close(self) -> None:
        self.closed = True
        self.queue.clear()


def _callbacks(obj) -> dict:
    return {"on_peer_join": obj._join, "on_peer_leave": obj._leave,
            "on_message": obj._message, "on_problem": obj._problem,
            "on_relay": obj._relay, "relay_wait_ms": RELAY_WAIT_MS}


class _Room:
    """What the table's and a phone's sides share: the room, joined with this device's
    link settings, and what it says while it is reached (``state``, ``problem``)."""

    def __init__(self, c, api, invite: Invite):
        self.c = c
        self.api = api
        self.invite = invite
        self.room = None
        self.state = "joining"  # "joining", "ready" (a broker reached), "no-relay", "failed"
        self.problem = ""  # what went wrong, in words
        self.said = ""  # the settings kept on this device that could not be used, and why
        self.gone = False

    async def start(self) -> None:
        settings, self.said = link_settings.load(self.c.storage())
        if self.invite.relays:  # the table's meeting points, which the link names
            settings = replace(settings, relays=self.invite.relays)
        try:
            room = await self.api.join(self.invite, settings, **_callbacks(self))
        except Exception as exc:  # no link module, a browser without WebRTC: in words
            self.state, self.problem = "failed", WORDS["failed"] + str(exc)
            self.c.render()
            return
        if self.gone:
            await room.leave()
            return
        self.room = room
        self.c.render()

    def words(self) -> str:
        return self.problem or WORDS.get(self.state, "")

    def _relay(self) -> None:
        if self.state in ("joining", "no-relay"):
            self.state, self.problem = "ready", ""
        self.c.render()

    def _problem(self, code, words) -> None:
        code, words = str(code), str(words)
        if code == "no-relay" and self.state == "ready":
            return
        if code == "no-relay":
            self.state = "no-relay"
        self.problem = words
        self.c.render()

    async def leave(self) -> None:
        self.gone = True
        room, self.room = self.room, None
        if room is not None:
            try:
                await room.leave()
            except Exception:
                pass


class TableInvite(_Room):
    """The table's room: the link on show, and each device in the room a link of
    ``table`` (app.together.host's TableSide)."""

    def __init__(self, c, api, table, invite: Invite | None = None):
        if invite is None:  # a club's own meeting points go in the link: phones meet there
            relays = link_settings.load(c.storage())[0].relays
            invite = new_invite(() if relays == link_settings.DEFAULT_RELAYS else relays)
        super().__init__(c, api, invite)
        self.table = table
        self.url = invite_url(c.page.url("./"), self.invite)
        self.devices: dict[str, str] = {}  # peer -> the table's id for that device
        self.note = ""  # "The link is copied", ...
        self.can_share = False

    async def start(self) -> None:
        self.keep()
        try:
            self.can_share = bool(await self.api.can_share())
        except Exception:
            self.can_share = False
        await super().start()

    # ---- the room, kept beside the game: a reload of the table's page joins it again
    def keep(self) -> None:
        storage.write(self.c.storage(), INVITE_KEY, json.dumps(
            {"game": self.table._game_id(), "invite": self.invite.fragment}))

    @staticmethod
    def kept(c, table) -> Invite | None:
        try:
            data = json.loads(storage.read(c.storage(), INVITE_KEY) or "null")
            if isinstance(data, dict) and data.get("game") == table._game_id():
                return read_invite(data.get("invite"))
        except (ValueError, BadLinkCode):
            pass
        return None

    @staticmethod
    def forget(c) -> None:
        storage.remove(c.storage(), INVITE_KEY)

    # ---- the room's devices: each one a link of the table's
    def _device(self, peer) -> str:
        peer = str(peer)
        device = self.devices.get(peer)
        if device is None:
            device = self.devices[peer] = f"room-{peer}"[:100]
        if device not in self.table.links:
            self.table.links[device] = PeerLink(self, peer)
        return device

    def _join(self, peer) -> None:
        self._device(peer)

    def _message(self, text, peer=None) -> None:
        if peer is None or self.gone:
            return
        self.table.receive(self._device(peer), str(text))

    def _leave(self, peer) -> None:
        device = self.devices.pop(str(peer), None)
        if device is None:
            return
        link = self.table.links.get(device)
        if link is not None:
            link.close()
        self.table._closed(device, "The other device has left the table.")

    # ---- what the person at the table asks
    async def copy(self) -> None:
        ok = await self.api.copy(self.url)
        self.note = ("The link is copied: paste it into a text message or an email." if ok
                     else "This browser would not copy it: press and hold the link above "
                          "to copy it, or read it out.")
        self.c.render()

    async def share(self) -> None:
        done = await self.api.share(self.url)
        self.note = "" if done in ("shared", "cancelled") else (
            "The link could not be shared from here: copy it instead.")
        self.c.render()


class PhoneRoom(_Room):
    """A phone's way to the table through the room, as PhoneSide takes a link:
    ``send(text)``, ``close()``, and ``on_open``/``on_message``/``on_close`` as a data
    channel's. It opens once its person asked to join (``go``) and a table answered."""

    def __init__(self, c, api, invite: Invite, *, on_open, on_message, on_close,
                 kept_table: str | None = None):
        super().__init__(c, api, invite)
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.kept_table = kept_table  # the table this phone keeps a seat's key for
        self.table_peer: str | None = None
        self.wanted = False  # the person asked to join (or this phone keeps a seat's key)
        self.opened = False
        self.link = PeerLink(self, "")
        self.since = 0.0  # seconds waited for a table, with a broker reached

    async def start(self) -> None:
        await super().start()
        asyncio.ensure_future(self._watch())

    async def _watch(self) -> None:
        """Until a table answers: ask the room again now and then; after TABLE_WAIT_S,
        say the table is not there (and go on asking)."""
        waited = 0.0
        while not self.gone:
            await asyncio.sleep(HELLO_EVERY_S)
            if self.table_peer is not None or self.room is None:
                continue
            waited += HELLO_EVERY_S
            try:
                await self.room.send(HELLO)
            except Exception:
                pass
            if waited >= TABLE_WAIT_S and self.state == "ready":
                self.state = "no-table"
                self.c.render()

    @property
    def found(self) -> bool:
        return self.table_peer is not None

    def words(self) -> str:
        if self.problem:
            return self.problem
        if self.found:
            return "" if self.wanted else WORDS["phone-found"]
        return WORDS.get("phone-" + self.state) or super().words()

    def go(self) -> None:
        """The person asked to join: the link opens as soon as the table answers."""
        self.wanted = True
        self._open()

    def _open(self) -> None:
        if self.wanted and self.found and not self.opened:
            self.opened = True
            self.on_open()

    def _join(self, peer) -> None:
        if self.room is not None and self.table_peer is None:
            asyncio.ensure_future(self.room.send(HELLO, str(peer)))

    def _message(self, text, peer=None) -> None:
        text, peer = str(text), str(peer)
        if self.table_peer is None:
            if not _from_a_table(text):
                return  # another phone's hello, or anything before a table answered
            self.table_peer = self.link.peer = peer
            self.link.closed = False
            if self.kept_table is not None and self.kept_table == _table_id(text):
                self.wanted = True  # its own seat back, by its key: no name asked
            if self.state in ("joining", "no-table", "no-relay"):
                self.state = "ready"
            self.problem = ""
        if peer != self.table_peer:
            return
        self.on_message(text)
        self._open()

    def _leave(self, peer) -> None:
        if str(peer) != self.table_peer:
            return
        self.table_peer = None
        self.link.close()
        was, self.opened = self.opened, False
        self.state = "left"
        if was:
            self.on_close("closed", WORDS["left"])
        self.c.render()

    def send(self, text: str) -> bool:
        return self.found and self.link.send(text)

    def close(self) -> None:
        asyncio.ensure_future(self.leave())


def _table_id(text: str):
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data.get("table") if isinstance(data, dict) else None


def _from_a_table(text: str) -> bool:
    """The table's answer to hello (bones.together's ``table``): the first device in the
    room that sends one is this phone's table."""
    if len(text) > 32_000:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") in ("table", "seat", "state")
