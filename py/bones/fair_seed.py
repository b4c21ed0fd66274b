"""The arithmetic of a deal anyone can check (docs/records.md): the page's secret
number, the code that commits to it, the seed it makes with the player's cut, and the
shuffle that seed drives. Standard library only (``hashlib``, ``secrets``); nothing here
knows a game, so ``core`` can shuffle with it.

    >>> h = commitment("00" * 32)
    >>> h[:16], short_code(h)
    ('60e05bd1b195af2f', '60E0 5BD1 B195 AF2F')
    >>> code_problem("60e0-5bd1", h), code_problem("60E0 5BD1 B195 AF2E", h)
    (None, "the code shown, 60E0 5BD1 B195 AF2E, is not the start of the secret number's hash")
    >>> round_seed("00" * 32, 417)[:16]
    'bd5af432d54b1e12'
    >>> deck = list(range(10)); Shuffler(round_seed("00" * 32, 417), "round-1").shuffle(deck)
    >>> deck
    [4, 3, 5, 1, 2, 7, 8, 0, 9, 6]
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from typing import NamedTuple

SECRET_BYTES = 32  # the page's number: 256 random bits, written as 64 hex digits
CUT_MAX = 999_999_999  # a cut is a whole number from 0 to this (no cut: 0)
CODE_DIGITS = 16  # the code shown: the hash's first 16 hex digits (64 bits), in fours
OLD_CODE_DIGITS = 8  # what the page showed before: a deal file of then still checks
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def new_secret() -> str:
    """The page's number for one deal: 32 random bytes from the system's secure source,
    as 64 lowercase hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def commitment(secret: str) -> str:
    """The commitment to ``secret``: the SHA-256 of its 64 hex digits (as ASCII text), in
    lowercase hex. Shown before the deal; nobody can find the secret from it, and no
    other secret gives it."""
    return _sha256(secret)


def short_code(hash_hex: str) -> str:
    """The code as the table shows it: the hash's first 16 hex digits in capitals, in
    four groups of four ("60E0 5BD1 B195 AF2F"). The full hash is kept and checked."""
    head = hash_hex[:CODE_DIGITS].upper()
    return " ".join(head[i:i + 4] for i in range(0, CODE_DIGITS, 4))


def printable(text: str) -> str:
    """``text`` as a terminal or a page may show it: control characters (a terminal's
    escapes), invisible ones and those that reorder the text around them (U+202E)
    written out as ``\\u202e``."""
    return "".join(f"\\u{ord(c):04x}" if c != "\n" and c != " "
                   and unicodedata.category(c)[0] in "CZ" else c for c in text)


def code_problem(code, hash_hex: str) -> str | None:
    """What is wrong with ``code``, a code as shown (spaces, dashes and capitals allowed),
    as the commitment ``hash_hex``: None when it is the hash's start, at least 8 digits
    long (the page showed 8 before it showed 16)."""
    if not isinstance(code, str):
        return "the code is not written as text, like \"60E0 5BD1 B195 AF2F\""
    digits = re.sub(r"[ \-]", "", code[:200]).lower()
    shown = printable(code[:80])
    if not re.fullmatch(rf"[0-9a-f]{{{OLD_CODE_DIGITS},64}}", digits):
        return (f"the code, {shown}, is not {OLD_CODE_DIGITS} to 64 hex digits (0-9, A-F), "
                "like \"60E0 5BD1 B195 AF2F\"")
    if not hash_hex.startswith(digits):
        return f"the code shown, {shown}, is not the start of the secret number's hash"
    return None


def round_seed(secret: str, cut: int) -> str:
    """The seed of a round's deal: the SHA-256 of the secret, a colon and the cut in
    decimal ("...e3:417"). Neither the page (which fixed the secret before the cut) nor
    the player (who cut without knowing the secret) chose it alone."""
    return _sha256(f"{secret}:{cut}")


def numbers(seed: str, purpose: str):
    """The endless stream of 32-bit numbers a seed gives for one purpose: block n is the
    SHA-256 of "SEED/PURPOSE/n" (n = 0, 1, 2, ...), read as 8 numbers of 4 bytes each,
    most significant byte first."""
    n = 0
    while True:
        block = hashlib.sha256(f"{seed}/{purpose}/{n}".encode("ascii")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        n += 1


class Shuffler:
    """What ``Match.rng`` hands a committed round: a shuffle driven by ``numbers``.

    The shuffle is Fisher and Yates's: for i from the last place down to 1, a place j
    from 0 to i is chosen and the tiles at i and j change places. To choose j among
    k = i + 1 places without favouring any, numbers of 2^32 - (2^32 mod k) or more are
    passed over, and j is the next number's remainder on division by k."""

    def __init__(self, seed: str, purpose: str):
        self._numbers = numbers(seed, purpose)

    def below(self, k: int) -> int:
        limit = 2**32 - 2**32 % k
        for x in self._numbers:
            if x < limit:
                return x % k
        raise AssertionError("unreachable: the stream never ends")

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Sealed(NamedTuple):
    """One round's commitment (``hash``, shown as its ``code`` before the deal), the
    secret that opens it and the player's cut. A match keeps one a round (``Match.fair``)
    and its save keeps them all, so it replays exactly; the page reveals a round's once
    the round is over."""

    hash: str
    secret: str
    cut: int

    @property
    def seed(self) -> str:
        return round_seed(self.secret, self.cut)

    @property
    def code(self) -> str:
        return short_code(self.hash)

    def to_json(self) -> dict:
        return {"hash": self.hash, "secret": self.secret, "cut": self.cut}


def seal(secret: str, cut: int, hash_hex: str | None = None) -> Sealed:
    """A round's seal from the page's secret and the player's cut, checked: the secret
    is 64 lowercase hex digits, the cut a whole number from 0 to CUT_MAX, and the hash
    (when given: the one that was shown) is the secret's. Raises ValueError in plain
    words."""
    if not isinstance(secret, str) or not _HEX64.fullmatch(secret):
        raise ValueError("the secret number is not 64 hex digits (0-9, a-f)")
    if type(cut) is not int or not 0 <= cut <= CUT_MAX:
        raise ValueError(f"the cut is a whole number from 0 to {CUT_MAX:,}, not "
                         f"{str(cut)[:20]}")
    h = commitment(secret)
    if hash_hex is not None and hash_hex != h:
        raise ValueError("the code shown before the deal is not the secret number's hash")
    return Sealed(h, secret, cut)


def read_seal(data, what: str) -> Sealed:
    """A seal as a save keeps it (``Sealed.to_json``), or ValueError saying what is
    wrong with ``what`` ("round 2's deal code")."""
    if not isinstance(data, dict) or set(data) != {"hash", "secret", "cut"}:
        raise ValueError(f"{what} is not a hash, a secret and a cut")
    try:
        return seal(data["secret"], data["cut"], data["hash"])
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None
