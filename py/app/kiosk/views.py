"""Kiosk mode's screens as markup: pure functions, tested in CPython.

The attract screen (big game buttons over a computer-only game), the "Still playing?"
question, the official's PIN pad and settings. Every control is a real button, radio or
checkbox with ``data-act="kiosk-..."``, which the controller forwards to app.kiosk.ui.
Nothing here links off the page.
"""

from __future__ import annotations

import math

from app.game.games_ui import level_for, words
from app.game.seats import LEVELS
from app.game.session import GAME_TITLES
from app.kiosk.settings import GAME_ORDER, IDLE_CHOICES, PIN_MAX, KioskSettings
from app.shared.markup import button, dialog, e
from app.shared.storage import unsaved_words
from bones.games import presets_of

LENGTH_WORDS = {
    "short": "Short: one round (All Fives: to 50)",
    "medium": "Medium: three rounds (All Fives: to 100)",
    "sheet": "The rule sheet's full length",
}


def _gear() -> str:
    """A cog drawn as one polygon: eight teeth around a ring."""
    pts = []
    for k in range(32):
        a = (k + 0.5) * math.pi / 16
        r = 11 if (k // 2) % 2 == 0 else 8.2
        pts.append(f"{12 + r * math.cos(a):.2f},{12 + r * math.sin(a):.2f}")
    return ('<svg viewBox="0 0 24 24" width="34" height="34" aria-hidden="true">'
            f'<polygon points="{" ".join(pts)}" fill="currentColor"/>'
            '<circle cx="12" cy="12" r="3.6" fill="#1e5a3c"/></svg>')


def attract_screen(settings: KioskSettings, *, bg_svg: str = "", can_resume: bool = False,
                   resume_what: str = "", panel: str = "", unsaved: str | None = None,
                   code: str = "") -> str:
    """The screen strangers walk up to: one tap on a game starts it against the computer.
    Behind the buttons a computer-only game plays itself (``bg_svg``, redrawn in place).
    While this machine cannot save (``unsaved``: app.shared.storage's reason), a line for the
    official says so; the settings say why and what to do."""
    games = "".join(
        f'<button type="button" class="attract-game" data-act="kiosk-play:{g}">'
        f'<span class="attract-name">{e(GAME_TITLES[g])}</span>'
        f'<span class="attract-blurb">{e(words(g).blurb)}</span></button>'
        for g in settings.offered())
    from app.lessons.data import LESSONS

    lessons = "".join(button(f"Learn {x.title}", f"kiosk-learn:{x.id}", cls="btn big")
                      for x in LESSONS.values() if x.game in settings.offered())
    learn = (f'<div class="attract-learn" role="group" aria-label="Learn to play">'
             f'<p>Learn to play:</p>{lessons}</div>' if lessons else "")
    resume = ""
    if can_resume:
        resume = button(f"Resume your game{(' of ' + e(resume_what)) if resume_what else ''}",
                        "resume", cls="btn huge attract-resume")
    rally = (button("Rally scorekeeper", "rally", cls="btn big attract-rally")
             if settings.rally else "")
    if settings.together:  # the start form, to set up a table for phones (app.together)
        rally += button("Play together: players on their phones", "kiosk-host",
                        cls="btn big attract-together")
    return (
        '<div class="app attract">'
        f'<div id="attract-bg" class="attract-bg" aria-hidden="true">{bg_svg}</div>'
        '<div class="attract-front"><header class="attract-head">'
        '<h1 class="attract-title">Rally Dominoes</h1>'
        '<p class="attract-lead">Tap a game to play against the computer</p>'
        + (f'<p class="kiosk-unsaved">{e(unsaved_words(unsaved, "This kiosk")[0])} '
           "Official: open the settings (the cog).</p>" if unsaved else "")
        + '</header><div class="attract-foot">'
        f'<div class="attract-games" role="group" aria-label="Games">{games}</div>'
        + (f'<p class="attract-code">Your game is dealt from code <strong class="code">'
           f"{e(code)}</strong>: after each hand you can see the deal and check it.</p>"
           if code else "")
        + f'{learn}{resume}{rally}</div></div>'
        + button(_gear(), "kiosk-official",
                 cls="btn kiosk-gear", name="Official's settings")
        + "</div>" + panel)


def still_playing_dialog(seconds: int, rally: bool = False) -> str:
    """The question before the idle time-out puts a game away, or (``rally``) closes the
    rally scorekeeper."""
    title, closes, kept, yes = (
        ("Still there?", "the scorekeeper closes",
         "What you have typed stays here until you come back.", "Yes, keep working")
        if rally else
        ("Still playing?", "the game is put away",
         "A game put away can be resumed until someone starts a new one.",
         "Yes, keep playing"))
    body = ('<p class="kiosk-still-text">Nobody has touched the screen for a while.</p>'
            f'<p class="kiosk-countdown" aria-live="polite">Seconds left before {closes}: '
            f'<strong id="kiosk-countdown">{seconds}</strong></p>'
            f"<p>{kept}</p>")
    return dialog(title, body,
                  button("I'm done", "kiosk-still-no", cls="btn big")
                  + button(yes, "kiosk-still-yes", cls="btn huge primary"),
                  kind="kiosk-still")


def bad_save_dialog(reason: str) -> str:
    """A damaged save, in kiosk mode: no download for players (the official finds it in
    the settings)."""
    body = (f"<p>The saved game could not be opened: {e(reason)}.</p>"
            "<p>A fresh start is ready. The official can keep the damaged save from the "
            "official's settings.</p>")
    return dialog("The saved game could not be opened", body,
                  button("Start fresh", "close", cls="btn big primary"))


PIN_TITLES = {
    "pin": "Official's PIN",
    "new-pin": "Set the official's PIN",
    "again-pin": "Enter the new PIN again",
}
PIN_HELP = {
    "pin": "Only the official can change the kiosk's settings. Enter the PIN.",
    "new-pin": "Choose a PIN of 4 to 8 digits. Players cannot open the settings "
               "without it.",
    "again-pin": "Enter the same PIN once more, to be sure.",
}


def pin_pad(mode: str, entered: int, message: str = "", wait: int = 0) -> str:
    """The number pad for the official's PIN: digits are shown as dots, never echoed."""
    dots = "".join('<span class="dot on"></span>' if i < entered else
                   '<span class="dot"></span>' for i in range(max(4, min(PIN_MAX, entered))))
    said = f"{entered} digit{'s' if entered != 1 else ''} entered"
    keys = [button(str(d), f"kiosk-key:{d}", cls="btn key", disabled=wait > 0)
            for d in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
    keys += [button("Clear", "kiosk-key:clear", cls="btn key small-key", disabled=wait > 0),
             button("0", "kiosk-key:0", cls="btn key", disabled=wait > 0),
             button("OK", "kiosk-key:ok", cls="btn key primary", disabled=wait > 0 or not entered,
                    name="OK")]
    note = message
    if wait:
        note = f"Too many wrong PINs. Try again in {wait} seconds."
    body = (f"<p>{e(PIN_HELP[mode])}</p>"
            f'<p class="pin-dots" role="img" aria-label="{said}">{dots}</p>'
            f'<p class="pin-msg" role="alert">{e(note)}</p>'
            f'<div class="pin-pad" role="group" aria-label="Number pad">{"".join(keys)}</div>')
    return dialog(PIN_TITLES[mode], body, button("Cancel", "kiosk-cancel", cls="btn big"),
                  kind="kiosk-pin")


def _level_label(level: str) -> str:
    """A level as the kiosk's settings name it, with the games that play another
    ("Hard (All Fives; Normal in Mexican Train and Chicken Foot)")."""
    not_here = [GAME_TITLES[g] for g in GAME_ORDER if level_for(g, level) != level]
    if not not_here:
        return level.capitalize()
    here = [GAME_TITLES[g] for g in GAME_ORDER if level_for(g, level) == level]
    return (f"{level.capitalize()} ({' and '.join(here)}; Normal in "
            f"{' and '.join(not_here)})")


def _radio(name: str, act: str, label: str, checked: bool) -> str:
    return (f'<label class="choice"><input type="radio" name="{e(name)}" data-act="{e(act)}"'
            f'{" checked" if checked else ""}> {e(label)}</label>')


def _check(act: str, label: str, checked: bool) -> str:
    return (f'<label class="choice"><input type="checkbox" data-act="{e(act)}"'
            f'{" checked" if checked else ""}> {e(label)}</label>')


def official_settings(settings: KioskSettings, *, active: bool, message: str = "",
                      bad_save: bool = False, unsaved: str | None = None,
                      past: int = 0, clearing: bool = False) -> str:
    """The official's settings, behind the PIN. Each change is saved at once; while that
    or the game's save fails (``unsaved``), the part beside "Done" says why and what to do."""
    s = settings
    games = "".join(_check(f"kiosk-game:{g}", GAME_TITLES[g], g in s.games)
                    for g in GAME_ORDER)
    rules = []
    for g in GAME_ORDER:
        presets = presets_of(g).items()
        opts = "".join(_radio(f"kiosk-preset-{g}", f"kiosk-preset:{g}/{n}", p.title,
                              s.presets.get(g) == n) for n, p in presets)
        rules.append(f'<div class="kiosk-rules"><p class="kiosk-game">{e(GAME_TITLES[g])}'
                     f"</p>{opts}</div>")
    lengths = "".join(_radio("kiosk-length", f"kiosk-length:{k}", v, s.length == k)
                      for k, v in LENGTH_WORDS.items())
    levels = "".join(_radio("kiosk-level", f"kiosk-level:{lv}", _level_label(lv), s.level == lv)
                     for lv in LEVELS)
    idle_choices = list(IDLE_CHOICES)
    if s.idle_seconds not in idle_choices:
        idle_choices = sorted(idle_choices + [s.idle_seconds])
    idles = "".join(_radio("kiosk-idle", f"kiosk-idle:{v}", _duration(v), s.idle_seconds == v)
                    for v in idle_choices)
    extra = ""
    if bad_save:
        extra = ('<fieldset><legend>A damaged save</legend><p>A saved game could not be '
                 "opened; it is kept here for whoever looks after the game.</p>"
                 + button("Download the damaged save", "download-bad", cls="btn")
                 + "</fieldset>")
    saving = ""
    if unsaved:
        said, todo = unsaved_words(unsaved, "This kiosk")
        saving = ('<fieldset class="kiosk-saving"><legend>Saving</legend>'
                  f"<p><strong>{e(said)}</strong> Games and settings changed now are lost "
                  f"when the page reloads or the power goes.</p><p>{e(todo)}</p></fieldset>")
    body = (
        f'<p class="kiosk-msg" role="status">{e(message)}</p>'
        f'<fieldset><legend>Games offered</legend><div class="choices">{games}</div>'
        "</fieldset>"
        f'<fieldset><legend>Rules</legend>{"".join(rules)}</fieldset>'
        f'<fieldset><legend>Game length</legend><div class="choices">{lengths}</div>'
        "</fieldset>"
        f'<fieldset><legend>Computer players</legend><div class="choices">{levels}</div>'
        "</fieldset>"
        '<fieldset><legend>Back to the attract screen after no touch for</legend>'
        f'<div class="choices">{idles}</div></fieldset>'
        '<fieldset><legend>Rally scorekeeper</legend>'
        + _check("kiosk-rally", "Offer the rally scorekeeper on the attract screen", s.rally)
        + button("Open the rally scorekeeper now", "kiosk-open-rally", cls="btn")
        + "</fieldset>"
        '<fieldset><legend>Play together</legend>'
        + _check("kiosk-together", "Let players' phones join a table on this screen (Play "
                 "together on the attract screen)", s.together)
        + "</fieldset>"
        '<fieldset><legend>Sound</legend>'
        + _check("kiosk-sound", "Sound in the players' games (the attract screen stays "
                 "silent; each player can still mute it)", s.sound)
        + _check("kiosk-voice", "Read the moves aloud in the players' games (with the "
                 "device's voice; the attract screen stays silent)", s.voice)
        + "</fieldset>"
        + _past_fieldset(past, clearing)
        + '<fieldset><legend>Kiosk</legend>'
        + _check("kiosk-enabled", "Kiosk mode on (full screen, attract screen, idle time-out)",
                 s.enabled)
        + button("Change the PIN", "kiosk-change-pin", cls="btn")
        + "</fieldset>" + extra + saving)  # last: beside Done, which takes the focus
    title = "Official's settings" + ("" if active else " (kiosk mode is off)")
    return dialog(title, body, button("Done: lock the settings", "kiosk-done",
                                      cls="btn big primary"), kind="wide kiosk-settings")


def _past_fieldset(n: int, clearing: bool) -> str:
    """The games played here, kept until the official clears them (docs/records.md)."""
    said = (f"{n} game{'' if n == 1 else 's'} played on this kiosk "
            f"{'is' if n == 1 else 'are'} kept (players' past games and statistics)."
            if n else "No past games are kept on this kiosk.")
    if clearing:
        act = (f'<p class="warn">Clear all {n} past games? This cannot be undone.</p>'
               + button("Yes, clear them", "kiosk-clear-past-yes", cls="btn danger")
               + button("No, keep them", "kiosk-clear-past-no", cls="btn"))
    else:
        act = button("Clear the past games", "kiosk-clear-past", cls="btn",
                     disabled=not n)
    return f'<fieldset><legend>Past games</legend><p>{e(said)}</p>{act}</fieldset>'


def _duration(seconds: int) -> str:
    if seconds % 60 == 0:
        m = seconds // 60
        return f"{m} minute{'s' if m != 1 else ''}"
    return f"{seconds} seconds"
