"""The page's part for each move seen and heard (app.table.motion): a tile's copy flying
over the page with the Web Animations API, short notes made with the Web Audio API
(app.table.sound), and the felt's pieces a move changed replaced in place (``patch_svg``).
``Page`` (app.browser.page) holds one as ``page.motion``; like app.browser.page, this
module reaches the browser (tests/engine/test_structure.py lists both)."""

from __future__ import annotations

import asyncio
import json

from app.dom import nothing


class PageMotion:
    """What the page does for app.table.motion (and a kiosk's felt patched in place): held
    by app.browser.page's ``Page`` as ``motion``, given Pyodide's ``js`` and the page's
    ``find``; it keeps the page's sound (an AudioContext, made after a tap or key)."""

    def __init__(self, js, find):
        self._js = js
        self._doc = js.document
        self._find = find  # Page.find: an element inside the part Python draws
        self._audio = None

    # ---- the felt changed in place (the kiosk's attract game: felt.felt_parts) --------
    def patch_svg(self, id_: str, view_box: str, count: int,
                  ops: list[tuple[int, int, str]]) -> bool:
        """Change the ``<svg>`` inside the element ``id_`` in place: its viewBox, and its
        ``count`` children by ``ops`` (at, how many to remove there, markup to insert
        there), last place first. False (nothing done) when there is no such ``<svg>`` with
        that many children: draw it whole."""
        el = self._doc.getElementById(id_)
        svg = None if nothing(el) else el.firstElementChild
        if nothing(svg) or int(svg.childElementCount) != count:
            return False
        svg.setAttribute("viewBox", view_box)
        kids = svg.children
        for at, n, html in ops:
            for _ in range(n):
                kids.item(at).remove()
            if html:
                ref = kids.item(at)
                if nothing(ref):
                    svg.insertAdjacentHTML("beforeend", html)
                else:
                    ref.insertAdjacentHTML("beforebegin", html)
        return True

    # ---- a move seen -------------------------------------------------------------------
    def rect(self, selector: str) -> tuple[float, float, float, float] | None:
        """Where what ``selector`` finds in the whole document is on screen (x, y, width,
        height in CSS px), or None when it is not there or not shown."""
        el = self._doc.querySelector(selector)
        if nothing(el):
            return None
        r = el.getBoundingClientRect()
        if r.width <= 0 or r.height <= 0:
            return None
        return float(r.x), float(r.y), float(r.width), float(r.height)

    def reduced_motion(self) -> bool:
        """Whether the browser asks for less movement (``prefers-reduced-motion``)."""
        try:
            return bool(self._js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:
            return False

    def travel(self, start, to: str, ms: int, lit: str | None = None) -> bool:
        """A copy of the tile ``to`` finds on the felt flies from ``start`` (a ``rect``)
        to it over ``ms``, laid over the page (``.travel``, ``data-moving="1"``) and
        removed when it lands; the tile itself is hidden meanwhile and what ``lit``
        finds is lit. Nothing on the page moves or changes size. False (nothing done)
        when there is no start, no such tile or no Web Animations."""
        dest, svg = self._find(to), self._find(".felt-svg")
        if start is None or dest is None or svg is None:
            return False
        r, f = dest.getBoundingClientRect(), svg.getBoundingClientRect()
        if r.width <= 0 or r.height <= 0 or not hasattr(dest, "animate"):
            return False
        x, y, w, h = start
        box = self._doc.createElement("div")
        box.className = "travel"
        box.setAttribute("aria-hidden", "true")
        box.dataset.moving = "1"
        for k, v in (("left", f.x), ("top", f.y), ("width", f.width), ("height", f.height)):
            box.style.setProperty(k, f"{float(v):.1f}px")
        # the copy is no part of the table: another class, and no open end to find
        copy = svg.cloneNode(False)
        for a in ("role", "aria-label", "id"):
            copy.removeAttribute(a)
        copy.setAttribute("class", "travel-svg")
        tile = dest.cloneNode(True)
        tile.removeAttribute("data-open-end")
        copy.appendChild(tile)
        box.appendChild(copy)
        cx, cy = float(r.x + r.width / 2), float(r.y + r.height / 2)
        box.style.setProperty("transform-origin", f"{cx - float(f.x):.1f}px "
                                                  f"{cy - float(f.y):.1f}px")
        grow = max(0.5, min(1.5, min(w, h) / float(min(r.width, r.height))))
        frames = [{"transform": f"translate({x + w / 2 - cx:.1f}px, {y + h / 2 - cy:.1f}px) "
                                f"scale({grow:.3f})"}, {"transform": "none"}]
        dest.classList.add("arriving")
        return self._fly(box, frames, ms, dest, lit)

    def fly_back(self, start, end, ms: int, lit: str | None = None) -> bool:
        """A tile face down (a drawn tile) flies from ``start`` to ``end`` (``rect``s:
        the boneyard, the drawer's card or the tile in the hand) over ``ms``, laid over
        the page (``.travel.drawn``, ``data-moving="1"``) and removed when it lands;
        what ``lit`` finds is lit meanwhile. False (nothing done) without both places
        or Web Animations."""
        if start is None or end is None:
            return False
        (sx, sy, sw, sh), (ex, ey, ew, eh) = start, end
        h = max(24.0, min(eh, 96.0))
        cx, cy = ex + ew / 2, ey + eh / 2
        box = self._doc.createElement("div")
        box.className = "travel drawn"
        box.setAttribute("aria-hidden", "true")
        box.dataset.moving = "1"
        box.dataset.drawn = "1"
        for k, v in (("left", cx - h / 4), ("top", cy - h / 2), ("width", h / 2),
                     ("height", h)):
            box.style.setProperty(k, f"{float(v):.1f}px")
        frames = [{"transform": f"translate({sx + sw / 2 - cx:.1f}px, "
                                f"{sy + sh / 2 - cy:.1f}px)", "opacity": 1},
                  {"transform": "none", "opacity": 1, "offset": 0.85},
                  {"transform": "none", "opacity": 0}]
        return self._fly(box, frames, ms, None, lit)

    def _fly(self, box, frames: list, ms: int, dest, lit: str | None) -> bool:
        """``box`` laid over the page and moved by ``frames`` over ``ms``, what ``lit``
        finds lit meanwhile; all taken away (and ``dest`` shown) when it lands."""
        glow = self._find(lit) if lit else None
        self._doc.body.appendChild(box)
        if glow is not None:
            glow.classList.add("moving-from")
        try:
            anim = box.animate(self._js.JSON.parse(json.dumps(frames)), self._js.JSON.parse(
                json.dumps({"duration": ms, "easing": "ease-in-out"})))
        except Exception:
            self._landed_now(box, dest, glow)
            return False
        asyncio.ensure_future(self._landed(anim, box, dest, glow))
        return True

    async def _landed(self, anim, box, dest, glow) -> None:
        try:
            await anim.finished
        except Exception:  # cancelled: it is taken away all the same
            pass
        self._landed_now(box, dest, glow)

    def _landed_now(self, box, dest, glow) -> None:
        box.remove()
        if dest is not None:
            dest.classList.remove("arriving")
        if glow is not None:
            glow.classList.remove("moving-from")

    def fade_in(self, to: str, ms: int) -> None:
        """What ``to`` finds fades in where it is over ``ms`` (reduced motion: nothing
        travels)."""
        el = self._find(to)
        if el is None or not hasattr(el, "animate"):
            return
        el.animate(self._js.JSON.parse(json.dumps([{"opacity": 0}, {"opacity": 1}])),
                   self._js.JSON.parse(json.dumps({"duration": ms})))

    def mark(self, selector: str, cls: str, on: bool) -> int:
        """Give every element ``selector`` finds in the whole document the class ``cls``
        (``on``) or take it away; how many were found (app.table.show_again's tiles still to
        come and the move being shown again)."""
        found = self._doc.querySelectorAll(selector)
        n = int(found.length)
        for i in range(n):
            el = found.item(i)
            if on:
                el.classList.add(cls)
            else:
                el.classList.remove(cls)
        return n

    # ---- a voice (app.table.motion's ``speak``) ---------------------------------------------
    def voices(self) -> list[str] | None:
        """The names of the browser's voices for reading aloud (English ones first, then
        the rest); None when the browser has no ``speechSynthesis`` at all."""
        synth = getattr(self._js.window, "speechSynthesis", None)
        if nothing(synth):
            return None
        try:
            found = synth.getVoices()
            listed = [(str(found[i].name), str(found[i].lang))
                      for i in range(int(found.length))]
        except Exception:
            return []
        english = [n for n, lang in listed if lang.lower().startswith("en")]
        return english + [n for n, lang in listed if not lang.lower().startswith("en")]

    def speak(self, text: str, rate: float, voice: str = "") -> bool:
        """Read ``text`` aloud at ``rate`` with the voice named ``voice`` (the browser's
        own choice when "" or gone). Never over itself: what is being read ends first, and
        a line still waiting its turn is dropped for this newer one. False where the
        browser cannot read aloud."""
        synth = getattr(self._js.window, "speechSynthesis", None)
        ctor = getattr(self._js.window, "SpeechSynthesisUtterance", None)
        if nothing(synth) or nothing(ctor):
            return False
        try:
            if bool(synth.pending):
                synth.cancel()
            line = ctor.new(text)
            line.rate = rate
            if voice:
                found = synth.getVoices()
                for i in range(int(found.length)):
                    v = found[i]
                    if str(v.name) == voice:
                        line.voice = v
                        break
            synth.speak(line)
            return True
        except Exception:
            return False

    def hush(self) -> None:
        """Stop reading aloud at once (the setting turned off)."""
        synth = getattr(self._js.window, "speechSynthesis", None)
        if not nothing(synth):
            synth.cancel()

    # ---- sound (app.table.sound) --------------------------------------------------------------
    def start_audio(self) -> bool:
        """The page's sound, made (an AudioContext) or woken: call it only from a tap
        or a key (browsers allow sound only after one). False where there is none."""
        try:
            if self._audio is None:
                ctor = getattr(self._js.window, "AudioContext", None)
                if nothing(ctor):
                    return False
                self._audio = ctor.new()
            if str(self._audio.state) == "suspended":
                self._audio.resume()
            return True
        except Exception:
            return False

    def tones(self, notes) -> bool:
        """Play ``notes`` (app.table.sound's ``Note``s: start s, frequency, end frequency, length
        s, wave, peak level) now; False (silence) before ``start_audio``."""
        ctx = self._audio
        if ctx is None:
            return False
        t0 = float(ctx.currentTime) + 0.02
        for start, freq, end_freq, length, wave, level in notes:
            t, stop = t0 + start, t0 + start + length
            osc, gain = ctx.createOscillator(), ctx.createGain()
            osc.type = wave
            osc.frequency.setValueAtTime(freq, t)
            if end_freq != freq:
                osc.frequency.exponentialRampToValueAtTime(end_freq, stop)
            g = gain.gain
            g.setValueAtTime(0.0001, t)
            g.exponentialRampToValueAtTime(max(level, 0.0002), t + 0.012)
            g.exponentialRampToValueAtTime(0.0001, stop)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(t)
            osc.stop(stop + 0.02)
        return True
