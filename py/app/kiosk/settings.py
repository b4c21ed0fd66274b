"""Kiosk mode: the official's settings, the PIN, the idle timer, the games.

Pure Python, tested in CPython (tests/app/test_kiosk.py). The browser side is
app.kiosk.ui, the markup app.kiosk.views; this module never touches the page.

- ``KioskSettings``: what the official chose (offered games and rules, computer level,
  game length, idle time, rally access, kiosk on/off) and the PIN's salted hash, kept in
  local storage as JSON under ``SETTINGS_KEY``. Damaged or hand-edited data never stops
  the page: each bad field falls back to its default and is reported.
- The PIN is stored as PBKDF2-HMAC-SHA256 (salted, iterated). Pyodide's hashlib has no
  ``pbkdf2_hmac`` (it needs OpenSSL), so it is computed here from ``hashlib.sha256``;
  the tests check it against CPython's ``hashlib.pbkdf2_hmac``.
- The idle timer is a pure function of the clock: ``idle_state(now, last_touch, ...)``.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field

import bones
from app.game.games_ui import words
from app.game.seats import LEVELS, Seat
from app.game.session import Session
from app.shared.storage import read, remove, write
from bones.errors import BadData
from bones.games import TARGET, games, preset_of
from bones.games import game as game_type
from bones.inbound import read_json

SETTINGS_KEY = "rally-dominoes:kiosk"
MAX_SETTINGS = 10_000  # characters: the settings take about 300
DEFAULTS_USED = "defaults used"  # the end of the problem when the whole setup is refused
SCREEN_KEY = "rally-dominoes:kiosk-screen"  # where a kiosk was: "attract" or "table"

GAME_ORDER = tuple(g.id for g in games())  # the registry's (bones/games.py)
IDLE_CHOICES = (60, 120, 180, 300, 600, 900)  # what the official may pick, in seconds
DEFAULT_IDLE = 180
COUNTDOWN = 30  # seconds of "Still playing?" before the game is put away
LENGTHS = ("short", "medium", "sheet")
PIN_MIN, PIN_MAX = 4, 8
PIN_ITERATIONS = 20_000
PIN_SCHEME = "pbkdf2-sha256"
MAX_FAILS = 5  # wrong PINs in a row before the pad waits
LOCKOUT = 30  # seconds the pad waits after MAX_FAILS wrong PINs
ATTRACT_PACE = 1200  # ms between the attract game's moves: calm, readable from afar
ATTRACT_LEVELS = ("easy", "normal")  # never Hard: no worker for the background game
COMPUTER_NAMES = ("Ann", "Bob", "Cora")


def default_presets() -> dict[str, str]:
    return {g: bones.GAMES[g].default_preset for g in GAME_ORDER}


@dataclass
class KioskSettings:
    enabled: bool = False  # kiosk mode on (also switched by ?kiosk=1 / ?kiosk=0)
    games: list[str] = field(default_factory=lambda: list(GAME_ORDER))  # offered, in order
    presets: dict[str, str] = field(default_factory=default_presets)  # rules for each game
    level: str = "normal"  # the computer players of a player's game
    length: str = "short"  # short, medium or the sheet's full length
    idle_seconds: int = DEFAULT_IDLE
    rally: bool = False  # a "Rally scorekeeper" button on the attract screen
    sound: bool = False  # sound in the players' games (the attract screen is always silent)
    voice: bool = False  # the moves read aloud in the players' games (never the attract's)
    together: bool = False  # "Play together" on the attract screen: phones join a table here
    pin: str = ""  # "pbkdf2-sha256$iterations$salt$hash" (hex), "" until the official sets one

    @property
    def has_pin(self) -> bool:
        return bool(self.pin)

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    def offered(self) -> list[str]:
        """The games on the attract screen, in the usual order (never none)."""
        return [g for g in GAME_ORDER if g in self.games] or list(GAME_ORDER)


def parse_settings(text) -> tuple[KioskSettings, list[str]]:
    """Settings from stored JSON, and what was wrong with it (each bad field is dropped
    for its default; unreadable data gives the defaults). Never raises."""
    s = KioskSettings()
    if text is None or text == "":
        return s, []
    try:
        data = read_json(text, "the kiosk's stored setup", MAX_SETTINGS)
    except BadData as e:
        return s, [f"{e}: {DEFAULTS_USED}"]
    if not isinstance(data, dict):
        return s, [f"the kiosk settings are not an object: {DEFAULTS_USED}"]
    problems = []

    def bad(name: str) -> None:
        problems.append(f"kiosk setting {name!r} is not valid: default used")

    if "enabled" in data:
        if isinstance(data["enabled"], bool):
            s.enabled = data["enabled"]
        else:
            bad("enabled")
    if "games" in data:
        games = data["games"]
        if (isinstance(games, list) and games and all(isinstance(g, str) for g in games)
                and all(g in GAME_ORDER for g in games)):
            s.games = [g for g in GAME_ORDER if g in games]
        else:
            bad("games")
    if "presets" in data:
        presets = data["presets"]
        if isinstance(presets, dict):
            for g, p in presets.items():
                if g in GAME_ORDER and isinstance(p, str) and _preset_for(p, g):
                    s.presets[g] = p
                else:
                    bad(f"presets.{g}")
        else:
            bad("presets")
    if "level" in data:
        if data["level"] in LEVELS:
            s.level = data["level"]
        else:
            bad("level")
    if "length" in data:
        if data["length"] in LENGTHS:
            s.length = data["length"]
        else:
            bad("length")
    if "idle_seconds" in data:
        v = data["idle_seconds"]
        if isinstance(v, int) and not isinstance(v, bool) and 5 <= v <= 24 * 3600:
            s.idle_seconds = v
        else:
            bad("idle_seconds")
    for name in ("rally", "sound", "voice", "together"):
        if name in data:
            if isinstance(data[name], bool):
                setattr(s, name, data[name])
            else:
                bad(name)
    if "pin" in data:
        if isinstance(data["pin"], str) and (data["pin"] == "" or _split_record(data["pin"])):
            s.pin = data["pin"]
        else:
            bad("pin")
    return s, problems


def load_settings(st) -> tuple[KioskSettings, list[str]]:
    """The settings kept in local storage ``st`` (None: storage is off), and what was
    wrong with them. Bad data does not stay for the next load: unreadable settings are
    removed, settings with bad fields are written back without them."""
    text = read(st, SETTINGS_KEY)
    s, problems = parse_settings(text)
    if problems:
        if problems[0].endswith(DEFAULTS_USED):
            remove(st, SETTINGS_KEY)
        else:
            write(st, SETTINGS_KEY, s.to_json())
    return s, problems


def _preset_for(name: str, game: str) -> bool:
    return preset_of(game, name) is not None


# ---- the PIN ----------------------------------------------------------------------------
def pin_problem(pin: str) -> str | None:
    """Why a new PIN cannot be used, in words (None: it can)."""
    if not pin.isdigit() or not pin.isascii():
        return "A PIN is made of digits only."
    if len(pin) < PIN_MIN:
        return f"A PIN needs at least {PIN_MIN} digits."
    if len(pin) > PIN_MAX:
        return f"A PIN has at most {PIN_MAX} digits."
    return None


def pbkdf2_sha256(password: bytes, salt: bytes, iterations: int) -> bytes:
    """PBKDF2-HMAC-SHA256, one 32-byte block (RFC 8018), from hashlib.sha256 alone."""
    import hashlib  # here, not at the top: importing it costs start-up ~10 ms in Pyodide

    block = 64
    key = password if len(password) <= block else hashlib.sha256(password).digest()
    key = key.ljust(block, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def prf(msg: bytes) -> bytes:
        i = inner.copy()
        i.update(msg)
        o = outer.copy()
        o.update(i.digest())
        return o.digest()

    u = prf(salt + b"\0\0\0\1")
    acc = int.from_bytes(u, "big")
    for _ in range(iterations - 1):
        u = prf(u)
        acc ^= int.from_bytes(u, "big")
    return acc.to_bytes(32, "big")


def pin_record(pin: str, *, salt: bytes | None = None,
               iterations: int = PIN_ITERATIONS) -> str:
    """What is stored for a PIN: scheme, iterations, salt and hash; never the PIN."""
    if salt is None:
        import secrets

        salt = secrets.token_bytes(16)
    digest = pbkdf2_sha256(pin.encode(), salt, iterations)
    return f"{PIN_SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def _split_record(record: str):
    parts = record.split("$")
    if len(parts) != 4 or parts[0] != PIN_SCHEME:
        return None
    try:
        iterations = int(parts[1])
        salt, digest = bytes.fromhex(parts[2]), bytes.fromhex(parts[3])
    except ValueError:
        return None
    if not (1 <= iterations <= 10_000_000) or len(digest) != 32 or not salt:
        return None
    return iterations, salt, digest


def check_pin(pin: str, record: str) -> bool:
    """True when ``pin`` is the PIN ``record`` was made from (constant-time compare)."""
    import hmac

    parts = _split_record(record)
    if parts is None or not pin:
        return False
    iterations, salt, digest = parts
    return hmac.compare_digest(pbkdf2_sha256(pin.encode(), salt, iterations), digest)


def pin_wait(now: float, fails: int, last_fail: float) -> int:
    """Seconds the PIN pad waits before another try: after MAX_FAILS wrong PINs in a row,
    LOCKOUT seconds from the last wrong one (0: try now)."""
    if fails < MAX_FAILS:
        return 0
    return max(0, math.ceil(last_fail + LOCKOUT - now))


# ---- the idle timer ---------------------------------------------------------------------
def countdown_for(idle_seconds: int) -> int:
    """How long "Still playing?" waits: COUNTDOWN, never longer than the idle time."""
    return max(1, min(COUNTDOWN, int(idle_seconds)))


def idle_state(now: float, last_touch: float, idle_seconds: float,
               countdown_s: float) -> str:
    """"active" until ``idle_seconds`` pass without a touch, then "asking" ("Still
    playing?") for ``countdown_s``, then "expired". A clock that went backwards counts
    as a touch now."""
    quiet = now - last_touch
    if quiet < idle_seconds:
        return "active"
    if quiet < idle_seconds + countdown_s:
        return "asking"
    return "expired"


def seconds_left(now: float, last_touch: float, idle_seconds: float,
                 countdown_s: float) -> int:
    """Whole seconds shown on the "Still playing?" countdown."""
    left = last_touch + idle_seconds + countdown_s - now
    return max(0, min(int(countdown_s), math.ceil(left)))


# ---- the URL ----------------------------------------------------------------------------
@dataclass
class UrlOptions:
    kiosk: bool | None = None  # ?kiosk=1 switches kiosk mode on, ?kiosk=0 off
    idle: int | None = None  # ?idle=SECONDS: idle time for this page (kiosk mode only)
    attract_pace: int | None = None  # ?attract-pace=MS: the attract game's pace (kiosk only)


_HEX = frozenset("0123456789abcdefABCDEF")


def _unquote(text: str) -> str:
    """A query string's %XX escapes (UTF-8) and + for space; a stray % stays as it is."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    out = bytearray(first.encode())
    for piece in rest:
        if len(piece) >= 2 and piece[0] in _HEX and piece[1] in _HEX:
            out.append(int(piece[:2], 16))
            out += piece[2:].encode()
        else:
            out += b"%" + piece.encode()
    return out.decode("utf-8", "replace")


def parse_query(query: str) -> dict[str, list[str]]:
    """``?a=1&b=x%20y`` as {"a": ["1"], "b": ["x y"]}.

    urllib.parse would do, but importing it costs about 50 ms in the browser at start-up.
    """
    out: dict[str, list[str]] = {}
    for part in query.lstrip("?").split("&"):
        if part:
            name, _, value = part.partition("=")
            out.setdefault(_unquote(name), []).append(_unquote(value))
    return out


def url_options(query: str) -> UrlOptions:
    q = parse_query(query)

    def number(name: str, lo: int, hi: int) -> int | None:
        raw = (q.get(name) or [""])[-1]
        try:
            v = int(raw)
        except ValueError:
            return None
        return v if lo <= v <= hi else None

    k = (q.get("kiosk") or [""])[-1].lower()
    kiosk = True if k in ("1", "on", "yes", "true") else False if k in (
        "0", "off", "no", "false") else None
    return UrlOptions(kiosk, number("idle", 1, 24 * 3600), number("attract-pace", 0, 60_000))


# ---- the games --------------------------------------------------------------------------
def length_options(game: str, length: str) -> dict | None:
    """Engine options for a kiosk game's length: strangers play a bit and leave."""
    if length == "sheet":
        return None
    if game_type(game).length == TARGET:  # A8
        return {"target": 50 if length == "short" else 100}
    return {"rounds": 1 if length == "short" else 3}


def player_session(settings: KioskSettings, game: str, seed=None, seal=None) -> Session:
    """One tap on the attract screen: you against the computer (three computer players in
    the train games, one in All Fives), by the official's rules, length and level."""
    if game not in GAME_ORDER:
        raise ValueError(f"no game called {game!r}")
    others = words(game).kiosk_seats - 1
    seats = [Seat("You", "human")] + [Seat(n, "computer", settings.level)
                                      for n in COMPUTER_NAMES[:others]]
    s = Session.new(game, settings.presets.get(game) or bones.GAMES[game].default_preset,
                    seats, seed=seed, options=length_options(game, settings.length), seal=seal)
    s.started = True  # one tap starts play: the draw for who goes first is told in a line
    s.settings.muted = not settings.sound  # silent unless the official turned sound on
    s.settings.voice = settings.voice  # read aloud only if the official turned it on
    return s


def attract_session(settings: KioskSettings, n: int, seed=None) -> Session:
    """The attract screen's n-th background game: computers only, Easy and Normal (no
    worker needed), the offered games in turn, short."""
    games = settings.offered()
    game = games[n % len(games)]
    seats_n = words(game).kiosk_seats
    seats = [Seat(COMPUTER_NAMES[i % 3] if i < 3 else "Dan", "computer",
                  ATTRACT_LEVELS[i % 2]) for i in range(seats_n)]
    s = Session.new(game, settings.presets.get(game) or bones.GAMES[game].default_preset,
                    seats, seed=seed, options=length_options(game, "short"))
    s.started = True
    return s
