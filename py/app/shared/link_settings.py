"""Where invite links meet and how devices learn their addresses: the MQTT brokers the
signalling goes through and the STUN/TURN servers WebRTC asks (docs/together.md, "Links
between devices"). A club can point them at its own broker or TURN server.

Data only, checked; pure Python, tested in CPython. Kept in local storage under ``KEY`` as
JSON::

    {"relays": ["wss://broker.example.org:8884/mqtt"],
     "ice": [{"urls": ["stun:stun.example.org:3478"]},
             {"urls": ["turn:turn.example.org:3478"], "username": "club", "credential": "..."}]}

A stored record that cannot be read is not used: the defaults are, and ``load`` says why
in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from app.shared import storage
from bones.errors import BadData
from bones.inbound import read_json

KEY = "rally-dominoes:link-settings"
# Public brokers with a secure websocket listener, run by their makers for anyone's tests
# (trystero's own list, less two); the signalling through them is encrypted (docs).
DEFAULT_RELAYS = (
    "wss://test.mosquitto.org:8081/mqtt",
    "wss://broker.emqx.io:8084/mqtt",
    "wss://broker.hivemq.com:8884/mqtt",
)
MAX_RELAYS = 8
MAX_ICE = 8
MAX_URLS = 4  # addresses of one STUN/TURN server
MAX_FIELD = 300  # characters in an address, a user name or a password
MAX_STORED = 8_000
# ws:// (not secure) only to this machine: an https page may not open it elsewhere, and the
# page's policy (docs/csp.md) allows no other.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
ICE_SCHEMES = ("stun", "stuns", "turn", "turns")


class BadLinkSettings(BadData):
    """Link settings that cannot be used, said in plain words."""


@dataclass(frozen=True)
class IceServer:
    """One STUN or TURN server: its addresses, and for TURN its user name and password."""

    urls: tuple[str, ...]
    username: str = ""
    credential: str = ""

    def to_dict(self) -> dict:
        out: dict = {"urls": list(self.urls)}
        if self.username or self.credential:
            out.update(username=self.username, credential=self.credential)
        return out


DEFAULT_ICE = (
    IceServer(("stun:stun.l.google.com:19302",)),
    IceServer(("stun:stun.cloudflare.com:3478",)),
)


@dataclass(frozen=True)
class LinkSettings:
    relays: tuple[str, ...] = DEFAULT_RELAYS
    ice: tuple[IceServer, ...] = field(default=DEFAULT_ICE)

    def to_dict(self) -> dict:
        return {"relays": list(self.relays), "ice": [s.to_dict() for s in self.ice]}

    def for_page(self) -> dict:
        """What web/link.mjs takes: ``relays`` and ``iceServers`` (RTCIceServer)."""
        return {"relays": list(self.relays), "iceServers": [s.to_dict() for s in self.ice]}

    @property
    def has_turn(self) -> bool:
        return any(url.split(":", 1)[0] in ("turn", "turns")
                   for server in self.ice for url in server.urls)

    @classmethod
    def from_dict(cls, data) -> LinkSettings:
        if not isinstance(data, dict):
            raise BadLinkSettings("The link settings should be a list of meeting points "
                                  "and address servers")
        unknown = sorted(set(data) - {"relays", "ice"})
        if unknown:
            raise BadLinkSettings(f"The link settings have something this page does not "
                                  f"know: {', '.join(map(str, unknown))[:80]}")
        relays = data.get("relays", list(DEFAULT_RELAYS))
        ice = data.get("ice", [s.to_dict() for s in DEFAULT_ICE])
        if not isinstance(relays, list) or not 1 <= len(relays) <= MAX_RELAYS:
            raise BadLinkSettings(f"Give 1 to {MAX_RELAYS} meeting points (relays) for "
                                  "invite links")
        if not isinstance(ice, list) or len(ice) > MAX_ICE:
            raise BadLinkSettings(f"Give at most {MAX_ICE} address servers (STUN or TURN)")
        return cls(tuple(check_relay(r) for r in relays), tuple(check_ice(s) for s in ice))

    @classmethod
    def loads(cls, text) -> LinkSettings:
        return cls.from_dict(read_json(text, "The link settings", MAX_STORED, BadLinkSettings))


def _text(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadLinkSettings(f"{what} is missing")
    if len(value) > MAX_FIELD or any(c.isspace() or ord(c) < 32 for c in value):
        raise BadLinkSettings(f"{what} is too long or has spaces in it: {value[:60]!r}")
    return value


def check_relay(url) -> str:
    """A broker's websocket address: wss://, or ws:// to this machine only."""
    url = _text(url, "A meeting point's address")
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        host, parts = "", None
    local = parts is not None and parts.scheme == "ws" and host in LOCAL_HOSTS
    if parts is None or not host or not (parts.scheme == "wss" or local):
        raise BadLinkSettings(
            "A meeting point must be a secure websocket address, such as "
            f"wss://broker.example.org:8884/mqtt, and {url[:60]!r} is not")
    return url


def check_ice(server) -> IceServer:
    """One STUN/TURN server as RTCIceServer gives it; TURN needs its user name and
    password."""
    if not isinstance(server, dict) or set(server) - {"urls", "username", "credential"}:
        raise BadLinkSettings("An address server should have its addresses (urls), and "
                              "for TURN a username and a credential")
    urls = server.get("urls")
    if isinstance(urls, str):
        urls = [urls]
    if not isinstance(urls, list) or not 1 <= len(urls) <= MAX_URLS:
        raise BadLinkSettings(f"An address server needs 1 to {MAX_URLS} addresses")
    for url in urls:
        _text(url, "An address server's address")
        scheme, _, rest = url.partition(":")
        if scheme not in ICE_SCHEMES or not rest or rest.startswith("/"):
            raise BadLinkSettings("An address server's address starts with stun:, stuns:, "
                                  f"turn: or turns:, and {url[:60]!r} does not")
    turn = any(url.split(":", 1)[0] in ("turn", "turns") for url in urls)
    username = server.get("username", "")
    credential = server.get("credential", "")
    if turn:
        _text(username, "A TURN server's user name")
        _text(credential, "A TURN server's password")
    elif username or credential:
        raise BadLinkSettings("Only a TURN server takes a user name and a password")
    return IceServer(tuple(urls), username, credential)


def load(st) -> tuple[LinkSettings, str]:
    """The settings kept on this device (``st``: localStorage or a stand-in), else the
    defaults; with why the kept ones were not used ("" when there is nothing to say)."""
    text = storage.read(st, KEY)
    if text is None:
        return LinkSettings(), ""
    try:
        return LinkSettings.loads(text), ""
    except BadLinkSettings as exc:
        return LinkSettings(), f"The link settings on this device were not used: {exc}."


def save(st, settings: LinkSettings) -> bool:
    import json

    return storage.write(st, KEY, json.dumps(settings.to_dict(), separators=(",", ":")))
