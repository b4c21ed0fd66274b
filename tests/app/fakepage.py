"""A stand-in for app.browser.page's ``Page`` in CPython: the same methods, over plain Python
state the tests read back (test_fake_page.py keeps the two in step). Nothing is laid
out, so there is no size, no focusable control and no element to find; what the app
writes to the page (flags, lines said, texts, downloads, focus) is kept here."""

from __future__ import annotations

import time
from datetime import datetime
from types import SimpleNamespace

from app.dom import Control


class FakePage:
    def __init__(self, storage=None, query: str = ""):
        self.st = storage
        self.search = query
        self.errors: list[str] = []  # the console's errors and warnings
        self.listeners: list[tuple] = []  # (target, kind, fn)
        self.html = ""
        self.flags: dict[str, str] = {}
        self.said: list[str] = []
        self.texts: dict[str, str] = {}
        self.values: dict[str, str] = {}  # value_of: the fields' values, by id
        self.panels: set[str] = set()  # the panels shown (open_panel)
        self.focused = None  # a selector, "#" + an id, or an element given to focus_el
        self.active_acts: dict[str, str] = {}  # active_data's answers
        self.downloads: list[tuple[str, str, str]] = []
        self.globals: dict = {}
        self.scrolls: dict[str, int] = {}
        self.revealed: list[str] = []  # what was scrolled into view (focusing.reveal), in turn
        self.vars: dict[tuple[str, str], str] = {}  # set_var: (selector, property) -> value
        self.at = None  # what element_at finds
        self.ghosts: list = []  # every drag ghost added
        self.history = 0
        self.printed = 0
        self.keep_asked = 0  # keep_storage: how often the browser was asked, its answer
        self.keep_answer = "refused"
        self.motion = FakeMotion(self)  # Page's part for moves seen and heard
        self.focusing = FakeFocus(self)  # and for focus

    # ---- events -------------------------------------------------------------------------
    def listen(self, target: str, kind: str, fn, passive: bool | None = None) -> None:
        self.listeners.append((target, kind, fn))

    # ---- drawing ------------------------------------------------------------------------
    def set_html(self, html: str) -> None:
        self.html = html

    def flag(self, name: str, value: str | None) -> None:
        if value is None:
            self.flags.pop(name, None)
        else:
            self.flags[name] = value

    def read_flag(self, name: str) -> str:
        return self.flags.get(name, "")

    async def keep_storage(self) -> str:
        """The browser's answer is ``keep_answer`` ("kept" or "refused")."""
        self.keep_asked += 1
        self.flags["storage"] = self.keep_answer
        return self.keep_answer

    def say(self, text: str) -> None:
        if text:
            self.said = (self.said + [text])[-5:]

    def set_text(self, id_: str, text: str) -> None:
        self.texts[id_] = text

    def set_inner(self, id_: str, html: str) -> None:
        self.texts[id_] = html

    def size(self, id_: str):
        return None

    def size_of(self, selector: str):
        return None

    def replace(self, selector: str, html: str) -> None:
        pass

    def set_var(self, selector: str, name: str, value: str) -> None:
        self.vars[(selector, name)] = value

    def watch_size(self, selector: str, fn) -> None:
        pass

    def scroll_top(self, selector: str, value: int | None = None) -> int:
        if value is not None:
            self.scrolls[selector] = value
        return self.scrolls.get(selector, 0)

    def scrolls(self, selector: str) -> bool:
        return False

    def open_panel(self, id_: str) -> None:
        self.panels.add(id_)

    def close_panel(self, id_: str) -> bool:
        was = id_ in self.panels
        self.panels.discard(id_)
        return was

    # ---- the dragged tile's ghost -------------------------------------------------------
    def add_ghost(self, html: str):
        ghost = SimpleNamespace(html=html, at=None, removed=False)
        self.ghosts.append(ghost)
        return ghost

    def place(self, el, x: float, y: float) -> None:
        el.at = (x, y)

    def remove(self, el) -> None:
        el.removed = True

    def remove_all(self, selector: str) -> None:
        pass

    def element_at(self, x: float, y: float):
        return self.at

    # ---- elements -----------------------------------------------------------------------
    def find(self, selector: str, within: str | None = None):
        return None

    def has(self, selector: str) -> bool:
        return False

    def data(self, el, name: str) -> str | None:
        v = getattr(getattr(el, "dataset", None), name, None)
        return None if v is None else str(v)

    def data_all(self, selector: str, name: str) -> list[str]:
        return []

    def value_of(self, id_: str) -> str:
        return self.values.get(id_, "")

    def matches(self, el, selector: str) -> bool:
        return False

    def is_role_button(self, el) -> bool:
        return False

    def control(self, el) -> Control:
        """A Control as it is (the tests make them), else an empty one."""
        return el if isinstance(el, Control) else Control()

    def file_name(self, file) -> str:
        return str(getattr(file, "name", "") or "")

    async def read_text(self, file) -> str:
        return str(file.text)

    async def read_bytes(self, file) -> bytes:
        return file.text.encode("utf-8")

    def typing_in(self, el) -> bool:
        return False

    # ---- the browser --------------------------------------------------------------------
    def error(self, text: str) -> None:
        self.errors.append(text)

    def warn(self, text: str) -> None:
        self.errors.append(text)

    def storage(self):
        return self.st

    def query(self) -> str:
        return self.search

    def url(self, path: str) -> str:
        return path

    def push_history(self) -> None:
        self.history += 1

    def set_viewport(self, content: str) -> None:
        pass

    def restore_viewport(self) -> None:
        pass

    def fullscreen(self) -> None:
        pass

    def print(self) -> None:
        self.printed += 1

    def download(self, text: str, filename: str, mime: str = "application/json") -> None:
        self.downloads.append((text, filename, mime))

    def clock(self) -> str:
        return datetime.now().strftime("%Y-%m-%d %H:%M")

    def now_ms(self) -> float:
        return time.perf_counter() * 1000

    def publish(self, name: str, value) -> None:
        self.globals[name] = value

    def append(self, name: str, value, keep: int) -> None:
        items = self.globals.setdefault(name, [])
        items.append(value)
        if len(items) > keep:
            del items[:keep // 2]

    def wasm_bytes(self) -> int | None:
        return None

    async def scan_qr(self, video_id: str):
        raise RuntimeError("no camera in CPython")

    def stop_qr(self) -> None:
        pass


class FakeMotion:
    """Stands in for app.browser.page_motion's ``PageMotion`` (``page.motion``): what was
    asked to fly, fade, sound or change in place."""

    def __init__(self, page):
        self._page = page
        self.patches: list = []  # patch_svg's calls
        self.rects: dict[str, tuple] = {}  # rect's answers, by selector
        self.reduce = False  # the browser asks for reduced motion
        self.travels: list[tuple] = []  # (start, to, ms, lit) of each tile that travelled
        self.fades: list[tuple[str, int]] = []
        self.flights: list[tuple] = []  # (start, end, ms, lit) of each drawn tile's flight
        self.audio = 0  # start_audio calls (the page's sound made at the first)
        self.played: list = []  # every note played
        self.marks: list[tuple[str, str, bool]] = []  # mark's calls, in order
        self.marked: set[tuple[str, str]] = set()  # (selector, class) marked now
        self.voice_names: list[str] | None = ["Test voice"]  # None: no speechSynthesis
        self.spoken: list[tuple[str, float, str]] = []  # (text, rate, voice) read aloud
        self.hushed = 0

    def patch_svg(self, id_: str, view_box: str, count: int,
                  ops: list[tuple[int, int, str]]) -> bool:
        self.patches.append((id_, view_box, count, ops))
        return id_ in self._page.texts

    def rect(self, selector: str):
        return self.rects.get(selector)

    def reduced_motion(self) -> bool:
        return self.reduce

    def travel(self, start, to: str, ms: int, lit: str | None = None) -> bool:
        if start is None:
            return False
        self.travels.append((start, to, ms, lit))
        return True

    def fly_back(self, start, end, ms: int, lit: str | None = None) -> bool:
        if start is None or end is None:
            return False
        self.flights.append((start, end, ms, lit))
        return True

    def fade_in(self, to: str, ms: int) -> None:
        self.fades.append((to, ms))

    def mark(self, selector: str, cls: str, on: bool) -> int:
        self.marks.append((selector, cls, on))
        if on:
            self.marked.add((selector, cls))
        else:
            self.marked.discard((selector, cls))
        return 1

    def voices(self) -> list[str] | None:
        return self.voice_names

    def speak(self, text: str, rate: float, voice: str = "") -> bool:
        if self.voice_names is None:
            return False
        self.spoken.append((text, rate, voice))
        return True

    def hush(self) -> None:
        self.hushed += 1

    def start_audio(self) -> bool:
        self.audio += 1
        return True

    def tones(self, notes) -> bool:
        if not self.audio:
            return False
        self.played.extend(notes)
        return True


class FakeFocus:
    """Stands in for app.browser.page_focus's ``PageFocus`` (``page.focusing``): what was
    focused last is the page's ``focused``."""

    def __init__(self, page):
        self._page = page

    def active(self):
        return None

    def inside(self, el, within: str | None = None) -> bool:
        return False

    def focus_kept(self) -> bool:
        return False

    def focusables(self, within: str | None = None, matching: str | None = None) -> list:
        return []

    def focus_el(self, el) -> None:
        self._page.focused = el

    def focus(self, selector: str, within: str | None = None) -> bool:
        self._page.focused = selector
        return True

    def focus_id(self, id_: str) -> None:
        self._page.focused = "#" + id_

    def try_focus(self, selector: str, within: str | None = None) -> bool:
        return False

    def focus_key(self, attrs: tuple[str, ...]):
        return None

    def to_top(self) -> None:
        self._page.scrolls["window"] = 0

    def reveal(self, selector: str) -> None:
        self._page.revealed.append(selector)

    def active_data(self, name: str) -> str:
        return self._page.active_acts.get(name, "")

    def caret_to_end(self, selector: str) -> None:
        pass
