"""Who sits at the table and how they like it: seats (a person or the computer, and at
what level), their names as the table shows them, and the table's settings.

Pure Python (tested in CPython). A name typed at the table is cleaned here (``clean_name``)
and refused when too long (``BadName``); two seats never share a name (``unique_names``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bones.errors import BadData
from bones.inbound import letters, name_text

LEVELS = ("easy", "normal", "hard")
KINDS = ("human", "computer", "phone")
PACES = {"slow": 1600, "normal": 900, "fast": 400, "very fast": 120}  # ms between moves
NAME_LIMIT = 20  # letters as people count them: an emoji of several code points is one
NAME_CODES = 8 * NAME_LIMIT  # code points, so marks piled on a letter stay bounded
DEFAULT_NAMES = ("You", "Ann", "Bob", "Cora", "Dan", "Edna", "Frank", "Gail")


@dataclass
class Seat:
    name: str
    kind: str = "computer"  # "human", "computer" or "phone" (a person on their own
    level: str = "normal"  #   device: app.together; the table never shows their hand)

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def computer(self) -> bool:
        return self.kind == "computer"


HINT_LEVELS = ("normal", "hard")  # whose choice the Hint button shows
VOLUMES = ("soft", "medium", "loud")  # the sound's volume (app.table.sound.LEVELS: its peaks)
# "Read the moves aloud": how fast the voice reads (speechSynthesis's rate, 1 its usual)
VOICE_RATES = {"slow": 0.8, "normal": 1.0, "fast": 1.3}
VOICE_NAME_LIMIT = 200  # a voice's name as the browser lists it


@dataclass
class Settings:
    pace: str = "normal"
    coloured: bool = True
    hints: str = "normal"  # "hard": the Hint button asks Hard (it thinks in the worker)
    numerals: bool = False  # large print: each half's number written instead of pips
    knock_for_me: bool = True  # G6 / S5: the page knocks as your play leaves one tile
    reduce_motion: bool = False  # tiles fade in where they land instead of travelling
    volume: str = "medium"  # the sound's volume (VOLUMES)
    muted: bool = False  # no sound (a kiosk's games start muted: app.kiosk.settings)
    voice: bool = False  # "Read the moves aloud": the live region's words spoken
    voice_rate: str = "normal"  # how fast (VOICE_RATES)
    voice_name: str = ""  # which of the browser's voices ("": its own choice)

    def __post_init__(self) -> None:
        # A hand-edited or damaged save gets the default for a value it cannot use.
        if self.pace not in PACES:
            self.pace = "normal"
        if self.hints not in HINT_LEVELS:
            self.hints = "normal"
        self.coloured = self.coloured is not False
        self.numerals = self.numerals is True
        self.knock_for_me = self.knock_for_me is not False
        self.reduce_motion = self.reduce_motion is True
        if self.volume not in VOLUMES:
            self.volume = "medium"
        self.muted = self.muted is True
        self.voice = self.voice is True
        if self.voice_rate not in VOICE_RATES:
            self.voice_rate = "normal"
        if not isinstance(self.voice_name, str) or len(self.voice_name) > VOICE_NAME_LIMIT:
            self.voice_name = ""


class BadName(BadData):
    """A name the table cannot take as it is (too long): nothing was changed."""


def clean_name(raw: str, fallback: str, who: str = "The name") -> str:
    """A seat name as the table shows it: one line, NFC, hidden characters and direction
    overrides taken out (joiners kept: a family emoji stays whole), ``fallback`` when
    empty. A name longer than NAME_LIMIT letters is refused (BadName), never cut."""
    text = name_text(raw)
    n = len(letters(text))
    if n > NAME_LIMIT:
        raise BadName(f"{who} is longer than {NAME_LIMIT} letters (it has {n})")
    if len(text) > NAME_CODES:
        raise BadName(f"{who} is longer than {NAME_CODES} characters with its marks")
    return text or fallback


def _cut(name: str, n: int) -> str:
    return "".join(letters(name)[:n])


def unique_names(names: list[str]) -> list[str]:
    """Two players called Ann become "Ann" and "Ann 2", so every seat can be told apart."""
    out: list[str] = []
    for n in names:
        name, k = n, 2
        while name.casefold() in (o.casefold() for o in out):
            name = f"{_cut(n, NAME_LIMIT - 3)} {k}"
            k += 1
        out.append(name)
    return out

