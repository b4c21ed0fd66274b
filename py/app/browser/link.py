"""The link between the table and a player's device, for the Play together screens: the
only Python that reaches web/link.mjs (docs/together.md, "Links between devices").
Neither the module nor the signalling library is loaded before a screen asks for a link.

Face to face, by two QR codes (no internet needed; one network: a wifi or a hotspot)::

    link = DirectLink(on_open=..., on_message=..., on_close=...)
    code = await link.offer()               # table: RDO1:... for its QR code
    code = await link.answer(scanned)       # device: reads the table's code, gives its own
    await link.accept(scanned)              # table: reads the device's code
    link.send(text) -> bool                 # False (and on_close once) when it is gone
    link.close()

Far apart, by an invite link (the internet; see app.shared.link_codes for the link)::

    room = await RoomLink.join(invite, settings, on_peer_join=..., on_peer_leave=...,
                               on_message=..., on_problem=..., on_relay=...)
    await room.send(text, peer=None) -> bool    # one peer, or all
    room.peers() -> list[str]
    await room.leave()

Callbacks: ``on_open()``, ``on_message(text)`` / ``on_message(text, peer)``,
``on_close(code, words)``, ``on_peer_join(peer)``, ``on_peer_leave(peer)``,
``on_problem(code, words)``, ``on_relay()`` (a broker was reached). ``words`` are plain
words for the screen. A step that fails raises LinkProblem, whose ``code`` says which
("no-network", "bad-offer", "bad-answer", "failed", or "bad-code" for a code that is not
ours) and whose text is the words.
What comes in is text from another device: hand it to bones.together, which trusts none.
"""

from __future__ import annotations

from app.shared.link_codes import (
    BadLinkCode,
    Invite,
    answer_code,
    offer_code,
    read_answer,
    read_offer,
)
from app.shared.link_settings import LinkSettings

LINK_MODULE = "web/link.mjs"  # relative to the page: the site lives under a sub-path


class LinkProblem(RuntimeError):
    """A step of making a link failed; str() is the words for the screen."""

    def __init__(self, code: str, words: str):
        super().__init__(words)
        self.code = code
        self.words = words


async def load_link(js=None):
    """web/link.mjs, imported the first time; returns its ``rallyLink``."""
    if js is None:
        import js
    have = getattr(js.globalThis, "rallyLink", None)
    if have is not None and type(have).__name__ not in ("JsNull", "JsUndefined"):
        return have
    from pyscript import js_import

    url = str(js.URL.new(LINK_MODULE, js.document.baseURI).href)
    (module,) = await js_import(url)
    return module.rallyLink


def _js_object(data: dict):
    import js
    from pyodide.ffi import to_js

    return to_js(data, dict_converter=js.Object.fromEntries)


def _proxy(fn):
    from pyodide.ffi import create_proxy

    return create_proxy(fn if fn is not None else (lambda *args: None))


def _failed(result) -> LinkProblem:
    return LinkProblem(str(result.code), str(result.words))


class DirectLink:
    """One data channel to one device, made by exchanging two QR codes. Host candidates
    only unless ``ice`` is given: both devices on one network, and the code stays small."""

    def __init__(self, *, on_open=None, on_message=None, on_close=None,
                 ice: LinkSettings | None = None, gather_ms: int = 5000,
                 connect_ms: int = 20000):
        self._callbacks = {"onOpen": _proxy(on_open), "onMessage": _proxy(on_message),
                           "onClose": _proxy(on_close)}
        self._ice = ice.for_page()["iceServers"] if ice is not None else []
        self._gather_ms = gather_ms
        self._connect_ms = connect_ms
        self._link = None

    async def _make(self):
        api = await load_link()
        options = _js_object({"iceServers": self._ice, "gatherMs": self._gather_ms,
                              "connectMs": self._connect_ms})
        for name, fn in self._callbacks.items():
            setattr(options, name, fn)
        self._link = api.direct(options)
        return self._link

    @property
    def state(self) -> str:
        return "new" if self._link is None else str(self._link.state)

    async def offer(self) -> str:
        """The table's side: the text of its QR code."""
        result = await (await self._make()).offer()
        if not result.ok:
            raise _failed(result)
        return offer_code(str(result.sdp))

    async def answer(self, scanned: str) -> str:
        """The device's side: reads the table's code (BadLinkCode's words when it is not
        one) and returns the text of the device's own QR code."""
        try:
            sdp = read_offer(scanned)
        except BadLinkCode as exc:
            raise LinkProblem("bad-code", str(exc)) from None
        result = await (await self._make()).answer(sdp)
        if not result.ok:
            raise _failed(result)
        return answer_code(str(result.sdp))

    async def accept(self, scanned: str) -> None:
        """The table's side: reads the device's code. A code that is not an answer to
        this offer raises LinkProblem and leaves the offer open for another scan."""
        if self._link is None:
            raise LinkProblem("failed", "Show this table's code first.")
        try:
            sdp = read_answer(scanned)
        except BadLinkCode as exc:
            raise LinkProblem("bad-code", str(exc)) from None
        result = await self._link.accept(sdp)
        if not result.ok:
            raise _failed(result)

    def send(self, text: str) -> bool:
        return bool(self._link is not None and self._link.send(text))

    def close(self) -> None:
        if self._link is not None:
            self._link.close()


class RoomLink:
    """The devices that opened one invite link, met through the brokers of ``settings``;
    the signalling between them is encrypted with the invite's key."""

    def __init__(self, room):
        self._room = room

    @classmethod
    async def join(cls, invite: Invite, settings: LinkSettings | None = None, *,
                   on_peer_join=None, on_peer_leave=None, on_message=None,
                   on_problem=None, on_relay=None, relay_wait_ms: int = 15000) -> RoomLink:
        api = await load_link()
        page = (settings or LinkSettings()).for_page()
        options = _js_object({"roomId": invite.room, "key": invite.key,
                              "relays": page["relays"], "iceServers": page["iceServers"],
                              "relayWaitMs": relay_wait_ms})
        options.onPeerJoin = _proxy(on_peer_join)
        options.onPeerLeave = _proxy(on_peer_leave)
        options.onMessage = _proxy(on_message)
        options.onRelay = _proxy(on_relay)
        options.onProblem = _proxy(
            (lambda code, words, detail="": on_problem(code, words)) if on_problem else None)
        return cls(await api.room(options))

    async def send(self, text: str, peer: str | None = None) -> bool:
        return bool(await self._room.send(text, peer))

    def peers(self) -> list[str]:
        return [str(p) for p in self._room.peers()]

    async def leave(self) -> None:
        await self._room.leave()


# ---- the device, for the invite screens ------------------------------------------------------
async def camera() -> str:
    """"yes", "none" (no camera, or no way to use one), "denied" or "unknown"."""
    return str(await (await load_link()).camera())


async def copy_text(text: str) -> bool:
    """``text`` on the clipboard; False where the browser will not."""
    return bool(await (await load_link()).copy(text))


async def can_share() -> bool:
    return bool((await load_link()).canShare())


async def share(url: str) -> str:
    """The system's share sheet with ``url``: "shared", "cancelled" or "failed"."""
    return str(await (await load_link()).share(url))
