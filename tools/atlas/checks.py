"""The checks at every screen (the page's own script ``CHECK``, run in the page) and
the visit of one page at one size through every screen (``Visit``)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from .saves import BOOT_MS, READY, WHOLE_WITH_ELLIPSIS
from .screens import Chain, Pages, Screen, chains, visiting_order

# ---- the checks ----------------------------------------------------------------------------
# Before the page's own scripts: CSP violations are kept (Chromium also says them in the
# console), and storage waiting in sessionStorage is put in place (``load``).
INIT = """(() => {
  window.atlasCsp = [];
  document.addEventListener('securitypolicyviolation', e =>
    window.atlasCsp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' +
                         (e.sample || '')));
  const pending = sessionStorage.getItem('atlas:storage');
  if (pending === null) return;
  sessionStorage.removeItem('atlas:storage');
  for (const k of Object.keys(localStorage))
    if (k.startsWith('rally-dominoes:')) localStorage.removeItem(k);
  for (const [k, v] of Object.entries(JSON.parse(pending))) localStorage.setItem(k, v);
})();"""

CHECK = """([heading, dialog, allowed, names]) => {
  const W = innerWidth, H = innerHeight, out = [];
  const seen = el => el && el.checkVisibility && el.checkVisibility();
  const inView = r => r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1
      && r.bottom <= H + 1 && r.right <= W + 1;
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.tagName)
      .trim().replace(/\\s+/g, ' ').slice(0, 60);
  const doc = document.scrollingElement;
  if (doc.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} px wide`);
  for (const d of document.querySelectorAll('[role=dialog], .overlay, dialog')) {
    if (!seen(d)) continue;
    if (d.scrollWidth > d.clientWidth + 1 && getComputedStyle(d).overflowX !== 'visible')
      out.push(`the dialog scrolls sideways: ${d.scrollWidth} px in ${d.clientWidth}`);
    const r = d.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1)
      out.push(`the dialog is wider than the screen: ${Math.round(r.left)} to `
               + `${Math.round(r.right)} px`);
  }
  const box = dialog ? [...document.querySelectorAll('[role=dialog]')].filter(seen).pop() : null;
  if (dialog && !box) out.push('no dialog open');
  if (box) {
    const r = box.getBoundingClientRect();
    if (r.top < -1 || r.top > H)
      out.push(`the dialog's top is out of view (${Math.round(r.top)} px)`);
  }
  const h = [...(box || document).querySelectorAll(heading)].filter(seen)[0];
  if (!h) out.push(`no heading (${heading})`);
  else if (!inView(h.getBoundingClientRect())) {
    const r = h.getBoundingClientRect();
    out.push(`the heading "${name(h)}" is out of view (${Math.round(r.top)} to `
             + `${Math.round(r.bottom)} px of ${H})`);
  }
  // cut with an ellipsis: by the style, or a "\u2026" the code put at a shortened text's end
  const cut = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || el.closest('[aria-hidden=true]')) continue;
    const st = getComputedStyle(el);
    if (st.textOverflow === 'ellipsis' && st.overflowX !== 'visible'
        && el.scrollWidth > el.clientWidth + 0.5 && seen(el) && el.textContent.trim())
      cut.push(`"${name(el)}" (text-overflow)`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.textContent.trim();
    if (!t.endsWith('\\u2026') || allowed.includes(t)) continue;
    const el = n.parentElement;
    if (!seen(el)) continue;
    const whole = el.closest('[aria-label]');
    cut.push(`"${t}"` + (whole ? ` (in "${whole.getAttribute('aria-label').slice(0, 60)}")`
                               : ''));
  }
  if (cut.length) out.push('cut with an ellipsis: ' + [...new Set(cut)].slice(0, 8).join(', '));
  // a name broken mid-word: one of its words drawn on more than one line ("Chri/stab/elle")
  const broken = [];
  for (const el of document.querySelectorAll(names)) {
    if (!seen(el) || el.closest('[aria-hidden=true]')) continue;
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      for (const m of n.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                 .map(r => Math.round(r.top / 4)));
        if (tops.size > 1) broken.push(`"${m[0]}" in ${tops.size} lines`);
      }
    }
  }
  if (broken.length)
    out.push('a name broken mid-word: ' + [...new Set(broken)].slice(0, 8).join(', '));
  const felt = document.querySelector('.past-felt, .felt');
  const hands = document.querySelector('.past-hands');
  return {problems: out, felt: felt ? felt.innerHTML : '', hands: hands ? hands.innerHTML : ''};
}"""

# Where a page writes a player's name (the players' cards, a sheet's rows): a name wraps
# between its words, never inside one
NAMES = ".seat-name, th[scope=row]"


@dataclass
class Result:
    screen: str
    size: tuple[int, int]
    large: bool
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    shot: str = ""
    # where the seconds went: "load" (a page boot), "go" (the presses, a game handed over),
    # "check" and "shot"
    parts: dict[str, float] = field(default_factory=dict)


class Visit:
    """Every screen in turn at one size (``run``), each with its problems."""

    def __init__(self, page, url: str, size: tuple[int, int], large: bool,
                 shots: Path | None = None, after: Visit | None = None):
        """``page``: one page for every chain, or ``Pages``, kept from size to size: a
        chain goes on where its page was left (large print after normal print at a size),
        or is brought back to its start (another size's), or loaded. ``after``: the visit
        whose pages this one goes on with (given one page)."""
        if isinstance(page, Pages):
            self.pages = page
        else:
            self.pages = after.pages if after else Pages(lambda: page, one=True)
        self.url, self.size, self.large, self.shots = url, size, large, shots
        self.page = None
        self.errors: list[str] = []
        self.replay_seen: list[tuple[str, str, str]] = []
        self._heard: list = []  # (page, event, listener): taken off when the run ends

    def hear(self, page) -> None:
        """This visit's console errors and page errors, from ``page``."""
        if any(p is page for p, _e, _f in self._heard):
            return
        for event, fn in (("console", lambda m: m.type == "error" and self.errors.append(
                f"console: {m.text[:200]}")), ("pageerror", lambda exc: self.errors.append(
                f"page error: {str(exc)[:200]}"))):
            page.on(event, fn)
            self._heard.append((page, event, fn))

    def load(self, chain: Chain) -> None:
        page = self.page
        if not page.url.startswith(self.url):  # a new page: the site's origin, not booted
            page.goto(self.url + "manifest.webmanifest", wait_until="commit")
        page.evaluate("s => sessionStorage.setItem('atlas:storage', s)",
                      json.dumps(chain.storage(self.large)))
        page.goto(self.url + chain.query)
        page.wait_for_function(READY, timeout=BOOT_MS)
        self.replay_seen = []

    def run(self, only: list[str] | None = None) -> dict[str, Result]:
        out = {}
        try:
            for s in visiting_order():
                if (only is not None and s.id not in only) or (self.large and not s.large):
                    continue
                out[s.id] = self.visit(s)
        finally:
            for page, event, fn in self._heard:
                if not page.is_closed():
                    page.remove_listener(event, fn)
            self._heard = []
        return out

    def reach(self, chain: Chain) -> bool:
        """The page for ``chain`` at this size and on it; True if it was loaded."""
        key = self.pages.key(chain.name)
        page = self.pages.page(chain.name)
        was = self.pages.on.get(key)
        if (was is not None and was[0] == chain.name and was[1] != self.size
                and chain.reset is None and key):
            page, was = self.pages.renew(chain.name), None
        w, h = self.size
        if page.viewport_size != {"width": w, "height": h}:
            # a kiosk asks for full screen at a tap: left, or the window keeps its size
            page.evaluate("() => document.fullscreenElement && document.exitFullscreen()")
            try:
                page.set_viewport_size({"width": w, "height": h})
            except Exception:  # a page left full screen: a new one
                if not key:
                    raise
                page, was = self.pages.renew(chain.name), None
                page.set_viewport_size({"width": w, "height": h})
        self.page = page
        self.hear(page)
        self.pages.on[key] = None  # until a screen is reached on it
        if was is not None and was[0] == chain.name:
            if was[1] == self.size:
                return False
            if chain.reset is not None:
                try:
                    chain.reset(page)
                    return False
                except Exception:  # not where it was thought: loaded afresh
                    pass
        self.load(chain)
        return True

    def visit(self, s: Screen) -> Result:
        res = Result(s.id, self.size, self.large)
        t0 = time.monotonic()
        try:
            chain = chains()[s.chain]
            if self.reach(chain):
                res.parts["load"] = time.monotonic() - t0
            page = self.page
            self.errors.clear()
            page.evaluate("window.atlasCsp = []")
            t1 = time.monotonic()
            s.go(page, self.large)
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                          "requestAnimationFrame(r)))")
            t2 = time.monotonic()
            res.parts["go"] = t2 - t1
            res.problems = self.check(s)
            res.parts["check"] = time.monotonic() - t2
            self.pages.on[self.pages.key(s.chain)] = (s.chain, self.size)
        except Exception as exc:  # a screen not reached: said, and the next starts afresh
            res.problems = [f"not reached: {type(exc).__name__}: {str(exc).splitlines()[0]}"]
        page = self.page
        if self.shots is not None:
            name = shot_name(s.id, self.size, self.large)
            self.shots.mkdir(parents=True, exist_ok=True)
            t3 = time.monotonic()
            try:
                page.screenshot(path=str(self.shots / name))
                res.parts["shot"] = time.monotonic() - t3
                res.shot = name
            except Exception as exc:
                res.problems.append(f"no screenshot: {exc}")
        res.seconds = time.monotonic() - t0
        return res

    def check(self, s: Screen) -> list[str]:
        page = self.page
        got = page.evaluate(CHECK, [s.heading, s.dialog, list(WHOLE_WITH_ELLIPSIS), NAMES])
        problems = got["problems"]
        try:
            box = s.primary(page).bounding_box(timeout=2_000) if s.primary else {}
        except Exception:
            box = None
        w, h = self.size
        if box == {}:
            pass
        elif box is None:
            problems.append("no primary action shown")
        elif not (box["y"] >= -1 and box["y"] + box["height"] <= h + 1 and box["x"] >= -1
                  and box["x"] + box["width"] <= w + 1):
            problems.append(f"the primary action is out of view ({box['y']:.0f} to "
                            f"{box['y'] + box['height']:.0f} px of {h})")
        csp = page.evaluate("window.atlasCsp")
        problems += [f"CSP: {c}" for c in csp]
        problems += self.errors
        if s.replay:
            for other, felt, hands in self.replay_seen:
                if felt == got["felt"]:
                    problems.append(f"the replay's felt is the same as at {other}")
                if hands == got["hands"]:
                    problems.append(f"the replay's hands are the same as at {other}")
            self.replay_seen.append((s.id, got["felt"], got["hands"]))
        return problems


def shot_name(sid: str, size: tuple[int, int], large: bool) -> str:
    return f"{sid}-{size[0]}x{size[1]}{'-large' if large else ''}.png"
