"""The texts that link a player's device to a table (docs/together.md, "Links between
devices"): the two QR codes of a link made face to face, and the invite link's room and
key. Pure Python, tested in CPython; app.browser.link carries them.

Face to face: the table shows ``offer_code(sdp)`` (``RDO1:...``), the device reads it with
``read_offer`` and shows ``answer_code(sdp)`` (``RDA1:...``), which the table reads with
``read_answer``. Each is a WebRTC session description with its network candidates,
compressed and in Base45 by ``bones.qrtext``, so one QR code carries it.

Far apart: ``new_invite()`` makes a room id and a secret key from the system's random
numbers; ``invite_url(page, invite)`` puts them after ``#`` (the fragment: a browser
never sends it to any server); ``read_invite(url)`` takes them back out.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from bones import qrtext
from bones.errors import BadData

OFFER, ANSWER = "O", "A"
MAX_SDP = 5_000  # characters: a data channel's offer with its candidates is about 600
_SDP_CHARS = re.compile(r"[\x20-\x7e\r\n]*")
FRAGMENT = "join="
ROOM_BYTES = 12  # 96 random bits: no two tables meet by chance
KEY_BYTES = 16  # 128 random bits: the key the signalling is encrypted with
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class BadLinkCode(BadData):
    """A scanned code or an invite link that cannot be used, in plain words."""


def _code(kind: str, sdp: str) -> str:
    return qrtext.encode(kind, {"s": _check_sdp(sdp)})


def _read(text, kind: str) -> str:
    body = qrtext.decode(text, kind, BadLinkCode)
    return _check_sdp(body.get("s"))


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
    """A room to meet in and the key its signalling is encrypted with."""

    room: str
    key: str

    @property
    def fragment(self) -> str:
        return f"{FRAGMENT}{self.room}.{self.key}"


def new_invite() -> Invite:
    return Invite(secrets.token_urlsafe(ROOM_BYTES), secrets.token_urlsafe(KEY_BYTES))


def invite_url(page: str, invite: Invite) -> str:
    """The page's address (whatever fragment it had dropped) with the invite after ``#``."""
    return page.split("#", 1)[0] + "#" + invite.fragment


def read_invite(url) -> Invite | None:
    """The invite in a page address or its fragment: None when it carries none, and
    BadLinkCode when it carries one that is cut short or altered."""
    if not isinstance(url, str):
        return None
    fragment = url.split("#", 1)[1] if "#" in url else url
    if not fragment.startswith(FRAGMENT):
        return None
    room, _, key = fragment[len(FRAGMENT):].partition(".")
    if not (_TOKEN.fullmatch(room) and _TOKEN.fullmatch(key)):
        raise BadLinkCode("This invite link is cut short or changed. Ask for the link "
                          "again, and open all of it")
    return Invite(room, key)
