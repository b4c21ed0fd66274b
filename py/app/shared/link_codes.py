"""The texts that link a player's device to a table (docs/together.md, "Links between
devices"): the two QR codes of a link made face to face, and the invite link's room and
key. Pure Python, tested in CPython; app.browser.link carries them.

Face to face: the table shows ``offer_code(sdp)`` (``RDO1:...``), the device reads it with
``read_offer`` and shows ``answer_code(sdp)`` (``RDA1:...``), which the table reads with
``read_answer``. Each is a WebRTC session description with its network candidates,
compressed and in Base45 by ``bones.qrtext``, so one QR code carries it.

Far apart: ``new_invite()`` makes a room id and a secret key from the system's random
numbers; ``invite_url(address, invite)`` puts them after ``#`` (the fragment: a browser
never sends it to any server), with the table's meeting points when they are not the
defaults (``&via=``); ``read_invite(url)`` takes them back out.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from urllib.parse import quote, unquote

from app.shared.link_settings import MAX_RELAYS, BadLinkSettings, check_relay
from bones import qrtext
from bones.errors import BadData

OFFER, ANSWER = "O", "A"
MAX_SDP = 5_000  # characters: a data channel's offer with its candidates is about 600
_SDP_CHARS = re.compile(r"[\x20-\x7e\r\n]*")
FRAGMENT = "join="
ROOM_BYTES = 12  # 96 random bits: no two tables meet by chance
KEY_BYTES = 16  # 128 random bits: the key the signalling is encrypted with
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
VIA = "&via="  # then the meeting points, each quoted, between commas
MAX_FRAGMENT = 8_000  # characters: 8 meeting points of 300 characters, each quoted, fit


class BadLinkCode(BadData):
    """A scanned code or an invite link that cannot be used, in plain words."""


# Face to face, a session description is one data channel: rebuilt from the few lines
# that differ between two (its addresses and keys) with the rest written as every browser
# writes it; the code is then about half the size (version 10 or 11 instead of 18: docs).
# A description of another shape travels whole.
_LINE = {"u": "ice-ufrag", "p": "ice-pwd", "s": "setup", "m": "mid", "x": "sctp-port",
         "z": "max-message-size"}
_FIELD = {
    "u": re.compile(r"[A-Za-z0-9+/]{4,256}"),
    "p": re.compile(r"[A-Za-z0-9+/]{22,256}"),
    "s": re.compile(r"actpass|active|passive"),
    "m": re.compile(r"[A-Za-z0-9_-]{1,32}"),
    "x": re.compile(r"[0-9]{1,5}"),
    "z": re.compile(r"[0-9]{1,10}"),
    "h": re.compile(r"sha-(1|224|256|384|512)"),
    "f": re.compile(r"([0-9A-F]{2}){20,64}"),
}
_CANDIDATE = re.compile(r"[A-Za-z0-9+/]{1,32} [0-9]{1,3} (udp|tcp|UDP|TCP) [0-9]{1,10} "
                        r"[A-Za-z0-9.:-]{1,64} [0-9]{1,5} typ [a-z]{4,5}"
                        r"( (raddr|rport|tcptype) [A-Za-z0-9.:-]{1,64})*")
_DROPPED = {"generation", "network-id", "network-cost", "ufrag"}  # optional, for this link
MAX_CANDIDATES = 24
_FIXED = {"v=0", "s=-", "t=0 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
          "a=msid-semantic:WMS *", "c=IN IP4 0.0.0.0", "a=ice-options:trickle",
          "a=sendrecv"}


def _short_candidate(value: str) -> str:
    words = value.split()
    keep, i = words[:8], 8
    while i + 1 < len(words):
        if words[i] not in _DROPPED:
            keep += words[i:i + 2]
        i += 2
    return " ".join(keep)


def compact(sdp: str) -> dict:
    """The parts of a data channel's session description that differ between two, or
    ``{"d": sdp}`` (whole) when it is not of the shape ``expand`` rebuilds."""
    body: dict = {"c": []}
    lines = [line for line in sdp.replace("\r\n", "\n").split("\n") if line]
    names = {v: k for k, v in _LINE.items()}
    for line in lines:
        key, _, value = line[2:].partition(":")
        if line in _FIXED or line.startswith(("o=", "a=group:BUNDLE ")):
            continue
        if line == "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" and "d" not in body:
            body["d"] = 1
        elif line.startswith("a=candidate:"):
            body["c"].append(_short_candidate(value))
        elif line.startswith("a=fingerprint:") and " " in value and "f" not in body:
            body["h"], _, hexed = value.partition(" ")
            body["f"] = hexed.replace(":", "").upper()
        elif line.startswith("a=") and key in names and names[key] not in body:
            body[names[key]] = value
        else:
            return {"d": sdp}
    body.pop("d", None)
    try:
        ok = expand(body) is not None
    except BadLinkCode:
        ok = False
    return body if ok else {"d": sdp}


def expand(body: dict) -> str:
    """The session description ``compact`` made ``body`` of; BadLinkCode if any part is
    not what a browser writes."""
    if set(body) == {"d"}:
        return _check_sdp(body["d"])
    bad = BadLinkCode("This code does not hold a link between devices: scan it again")
    if set(body) != {*_FIELD, "c"}:
        raise bad
    for name, pattern in _FIELD.items():
        if not (isinstance(body[name], str) and pattern.fullmatch(body[name])):
            raise bad
    cands = body["c"]
    if (not isinstance(cands, list) or len(cands) > MAX_CANDIDATES
            or not all(isinstance(c, str) and _CANDIDATE.fullmatch(c) for c in cands)):
        raise bad
    hexed = body["f"]
    finger = ":".join(hexed[i:i + 2] for i in range(0, len(hexed), 2))
    mid = body["m"]
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", f"a=group:BUNDLE {mid}",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0", *(f"a=candidate:{c}" for c in cands),
             f"a=ice-ufrag:{body['u']}", f"a=ice-pwd:{body['p']}", "a=ice-options:trickle",
             f"a=fingerprint:{body['h']} {finger}", f"a=setup:{body['s']}", f"a=mid:{mid}",
             f"a=sctp-port:{body['x']}", f"a=max-message-size:{body['z']}"]
    return "\r\n".join(lines) + "\r\n"


def _code(kind: str, sdp: str) -> str:
    return qrtext.encode(kind, compact(_check_sdp(sdp)))


def _read(text, kind: str) -> str:
    body = qrtext.decode(text, kind, BadLinkCode)
    body.pop("v", None)
    return expand(body)


def _check_sdp(sdp) -> str:
    if (not isinstance(sdp, str) or not sdp.startswith("v=0") or len(sdp) > MAX_SDP
            or not _SDP_CHARS.fullmatch(sdp)):
        raise BadLinkCode("This code does not hold a link between devices: scan it again")
    return sdp


def offer_code(sdp: str) -> str:
    """The table's code: ``sdp`` (its offer) as text for one QR code."""
    return _code(OFFER, sdp)


def read_offer(text) -> str:
    """The offer in a table's code; BadLinkCode in plain words for anything else."""
    return _read(text, OFFER)


def answer_code(sdp: str) -> str:
    """The device's code: ``sdp`` (its answer) as text for one QR code."""
    return _code(ANSWER, sdp)


def read_answer(text) -> str:
    """The answer in a device's code; BadLinkCode in plain words for anything else."""
    return _read(text, ANSWER)


@dataclass(frozen=True)
class Invite:
    """A room to meet in and the key its signalling is encrypted with; ``relays``, the
    meeting points (brokers) the table uses when they are not the defaults, so a phone
    meets it there whatever its own settings are."""

    room: str
    key: str
    relays: tuple[str, ...] = ()

    @property
    def fragment(self) -> str:
        via = ",".join(quote(r, safe="") for r in self.relays)
        return f"{FRAGMENT}{self.room}.{self.key}" + (f"{VIA}{via}" if via else "")


def new_invite(relays: tuple[str, ...] = ()) -> Invite:
    return Invite(secrets.token_urlsafe(ROOM_BYTES), secrets.token_urlsafe(KEY_BYTES),
                  tuple(relays))


def invite_url(address: str, invite: Invite) -> str:
    """The page's address (whatever fragment it had dropped) with the invite after ``#``."""
    return address.split("#", 1)[0] + "#" + invite.fragment


def read_invite(url) -> Invite | None:
    """The invite in a page address or its fragment: None when it carries none, and
    BadLinkCode when it carries one that is cut short or altered."""
    if not isinstance(url, str):
        return None
    fragment = url.split("#", 1)[1] if "#" in url else url
    if not fragment.startswith(FRAGMENT):
        return None
    cut = BadLinkCode("This invite link is cut short or changed. Ask for the link again, "
                      "and open all of it")
    if len(fragment) > MAX_FRAGMENT:
        raise cut
    body, via, relays = fragment[len(FRAGMENT):].partition(VIA)
    room, _, key = body.partition(".")
    if not (_TOKEN.fullmatch(room) and _TOKEN.fullmatch(key)) or (via and not relays):
        raise cut
    found = tuple(unquote(r) for r in relays.split(",")) if via else ()
    if len(found) > MAX_RELAYS:
        raise cut
    for relay in found:
        try:
            check_relay(relay)
        except BadLinkSettings as exc:
            raise BadLinkCode(f"This invite link names a meeting point that cannot be used: "
                              f"{exc}. Ask for the link again") from None
    return Invite(room, key, found)
