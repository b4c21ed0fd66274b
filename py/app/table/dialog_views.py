"""The dialogs as markup: over the table (who plays first, pass the screen, the round's
and the match's end, a late arrival, the moves and scores), and the app's own (the
rules, the settings, a new game over one in progress, a save that could not be read).

Pure functions of a Session (or of what they show); each is a ``dialog`` (app.shared.markup)
with its buttons, whose ``data-act`` the controller reads. Which dialog is open is
app.table.dialogs, whose values draw themselves with these.
"""

from __future__ import annotations

import bones
from app.game.seats import PACES, VOICE_RATES, VOLUMES
from app.game.session import Session
from app.shared.markup import KEYS_HELP, NAME_INPUT, alert, button, dialog, e, prose, tile_look
from app.shared.render import domino_svg
from app.table.deal_views import deal_section, dealt_from
from app.table.score_views import move_log_markup, score_sheet, scores_markup
from app.table.views import game_title, show_again_button
from app.table.voice import voice_note
from bones.games import ROUNDS
from bones.games import game as game_type
from bones.rulebook import SHEET_TITLES, cite, rules_for
from bones.rulebook import ordinal as _ordinal


# ---- over the table ----
def sheet_dialog(session: Session) -> str:
    """The move log and the score sheet, for screens too narrow to show them beside the
    table."""
    log = move_log_markup(session, most=30) or '<p class="hint-text">No moves yet this round.</p>'
    # named apart from the side panel's own log and sheet (landmarks must be unique)
    body = (log + scores_markup(session)).replace(
        'aria-label="Moves"', 'aria-label="Moves this round"', 1).replace(
        'aria-label="Score sheet"', 'aria-label="Score sheet of the game"', 1)
    # "Show again" first, in view as the dialog opens (narrow screens' only one)
    again = show_again_button(session, cls="btn big")
    if again:
        body = f'<div class="dialog-buttons sheet-again">{again}</div>' + body
    return dialog("Moves and scores", body,
                  button("Close", "close", cls="btn big primary"), kind="wide sheet")


def handoff_dialog(session: Session) -> str:
    """Hot seat: the screen goes to the player whose turn it is (the start form names the
    first player "You": then it is "Your turn", never "Pass to You")."""
    name = session.name(session.game.turn)
    if name == "You":
        return dialog("Your turn", "<p>Take the screen. Everyone else, look away!</p>",
                      button("Show my tiles", "take-seat", cls="btn big primary"),
                      kind="handoff")
    return dialog(f"Pass to {name}",
                  f"<p>It is {e(name)}'s turn. Everyone else, look away!</p>",
                  button(f"I am {e(name)}: show my tiles", "take-seat", cls="btn big primary"),
                  kind="handoff")


def first_draw_dialog(session: Session) -> str:
    """How the game starts, as the preset's sheet has it (shown once, before anything
    moves): the double placed and by whom, every tile drawn for it or for the lead, and
    who plays first."""
    body = "".join(_start_step(session, step) for step in session.wording.start_story())
    body += f'<p class="lead"><strong>{e(session.wording.lead_text())}</strong></p>'
    body += dealt_from(session)  # the code shown before this deal, and the cut
    begin = "Start round 1" if session.game_type.length == ROUNDS else "Start the game"
    return dialog("Who plays first", body, button(begin, "begin", cls="btn big primary"))


def _start_step(session: Session, step) -> str:
    if isinstance(step, str):
        return f"<p>{prose(step)}</p>"
    look = tile_look(session)
    if step[0] == "bones":  # G3 / A2: one bone each, again for a tie
        rows = [f'<li>{"Again: " if k else ""}{e(session.name(s))} drew '
                f'{domino_svg(t, height=56, **look)} '
                f'<span class="pips">{t.pips}</span></li>'
                for k, drawn in enumerate(step[1]) for s, t in drawn]
        return f'<ul class="draws">{"".join(rows)}</ul>'
    _kind, drew, hub = step  # C2 / S3: tiles drawn in turn until the double turned up
    rows = []
    for s, n in drew:
        last = (f', the last one <span class="tn">{hub}</span> '
                f"{domino_svg(hub, height=56, **look)}"
                if s == session.game.leader else "")
        rows.append(f"<li>{e(session.name(s))} drew {n} tile{'s' if n != 1 else ''}{last}</li>")
    return f'<ol class="draws drew">{"".join(rows)}</ol>'


def round_end_dialog(session: Session, joining: bool = False, can_join: bool = True,
                     error: str = "", cut_error: str = "") -> str:
    """Every hand shown (as the observation shows them once the round is over, G10), the
    round's scores; ``can_join`` is off where nobody can type a name (a kiosk has no
    keyboard). First who went out (or won the hand), then the people at the screen, then
    the others: the rows that matter most are in view when the dialog opens."""
    g = session.game
    shown = session.observation().get("shown", [])  # none before the round is over
    rows = []
    scores = g.round_scores[-1] if g.round_scores else []
    for s in _summary_order(session):
        seat = session.seats[s]
        hand = shown[s] if s < len(shown) else []
        # big enough to count the pips against your own count
        tiles = "".join(domino_svg(t, height=88, **tile_look(session))
                        for t in sorted(hand, reverse=True)) or "out!"
        sc = scores[s] if s < len(scores) and scores[s] is not None else ""
        rows.append(f'<tr><th scope="row">{e(seat.name)}</th><td class="reveal">{tiles}</td>'
                    f"<td>{sc}</td><td>{g.totals[s]}</td></tr>")
    body = (f"<p>{e(session.wording.round_end_text())}</p>"
            '<div class="sheet-wrap"><table class="sheet reveal-sheet"><thead><tr>'
            '<th scope="col">Player</th><th scope="col">Tiles left</th>'
            f'<th scope="col">This {session.game_type.round_word}</th>'
            '<th scope="col">Total</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')
    body += deal_section(session, cut_error)  # this deal's code, the next one's and the cut
    if joining:
        body += join_form(g.preset, error)
    word = session.game_type.round_word
    if session.lesson:  # the lesson's end (app.lessons.lesson): what it scored, and what next
        return lesson_end_dialog(session, body)
    btns = button(f"Next {word}", "next",
                  cls="btn big primary")
    if can_join and not joining and bones.Move("join") in g.legal_moves():
        btns += button("A late arrival joins", "join-form", cls="btn")
    return dialog(f"{word.capitalize()} {g.round_number} is over", body, btns, kind="wide")


def lesson_end_dialog(session: Session, body: str) -> str:
    """The lesson's end: what the round scored and why (the lesson's own words when the
    round went as written, else what did happen, as after any round), then what next,
    in view on a phone before the hands shown below."""
    run = session.lesson_run
    x = run.lesson
    said = run.end() or _round_said(session)
    nexts = ('<div class="dialog-buttons lesson-next">'
             + button("Play a real game", "lesson-real", cls="btn big primary",
                      name=f"Play a real game of {x.title} against Easy players")
             + button("Start the lesson again", "lesson-again", cls="btn big")
             + button("Back to the start", "home", cls="btn big") + "</div>")
    if not run.end():  # the round's own line is in what is said: not twice
        body = body.replace(f"<p>{e(session.wording.round_end_text())}</p>", "", 1)
    return dialog(f"Lesson done: {x.title}",
                  f'<p class="lesson-end">{prose(said)}</p>' + nexts + body, "",
                  kind="wide lesson-done")


def _round_said(session: Session) -> str:
    """What happened in a round that did not go as its lesson wrote it: how it ended
    (blocked, or who went out) and what each player scored in it."""
    g = session.game
    scores = g.round_scores[-1] if g.round_scores else []
    each = [f"{session.name(s)} {n}" for s, n in enumerate(scores) if n is not None]
    word = session.game_type.round_word
    return " ".join(x for x in (
        f"This {word} went another way than the lesson's.", session.wording.round_end_text(),
        f"Scores this {word}: {', '.join(each)}." if each else "") if x)


def _summary_order(session: Session) -> list[int]:
    """The seats as the round's summary lists them: who went out (All Fives: who won the
    hand), the people at the screen, then everyone else in seat order."""
    g = session.game
    first = g.out if getattr(g, "out", None) is not None else getattr(g, "winner", None)
    lead = ([first] if first is not None else []) + session.humans
    order = list(dict.fromkeys(s for s in lead if 0 <= s < len(session.seats)))
    return order + [s for s in range(len(session.seats)) if s not in order]


def join_form(preset: str, error: str = "") -> str:
    return ('<fieldset class="join"><legend>A late arrival (joins with the highest total, '
            f'{e(cite("G7", preset))})</legend>{alert(error)}<label>Name '
            f'<input type="text" id="join-name" maxlength="{NAME_INPUT}" '
            'autocomplete="off"></label>'
            '<label>Who plays <select id="join-kind"><option value="human">A person'
            '</option><option value="computer">The computer</option></select></label>'
            + button("Add the player", "join", cls="btn primary") + "</fieldset>")


def match_end_dialog(session: Session, cut_error: str = "") -> str:
    g = session.game
    places = g.standings()
    # the places are written out ("1st", a tie twice): the list is not numbered as well
    items = "".join(f'<li class="place-{p}"><span class="place">{_ordinal(p)}</span> '
                    f'{e(session.name(s))} <span class="total">{t}</span></li>'
                    for p, s, t in places)
    body = (f'<p class="winners">{e(session.wording.winners_text())}</p>'
            f'<ol class="standings">{items}</ol>'
            + score_sheet(session, caption="Score sheet") + deal_section(session, cut_error))
    return dialog("The game is over", body,
                  button("Play again", "again", cls="btn big primary")
                  + button("New game", "home", cls="btn"), kind="wide")


# ---- the app's own ----
def rules_dialog(preset: str) -> str:
    """A preset's rules in plain words, each with where its printed sheet has it."""
    p = bones.PRESETS[preset]
    items = "".join(f'<li data-rule="{rid}">{e(text)} <span class="rule-place">'
                    f"({e(place)})</span></li>"
                    for rid, place, text in rules_for(preset))
    body = (f"<p><strong>{e(game_type(p.game).title)}: {e(p.title)}</strong></p>"
            f"<p>{e(p.summary)}</p>"
            f'<p class="rule-sheet">{e(_as_the_sheet(preset))}:</p>'
            f'<ul class="rules">{items}</ul>'
            f'<h3>Playing by keyboard</h3><p class="keys-help">{e(KEYS_HELP)}</p>')
    return dialog("The rules", body, button("Close", "close", cls="btn big primary"),
                  kind="wide")


def house_rules_dialog(h) -> str:
    """House rules (bones.house) as the Rules panel shows them: the sheet's rules, each
    one the house changes marked with the house's value, then changes on no rule."""
    items = []
    for row in h.rules_panel():
        marks = "".join(f'<span class="house-rule">House rule: {e(t)}</span>'
                        for t in row["changes"])
        text = "" if row["rule"] is None else e(row["text"])
        items.append(f'<li data-rule="{row["rule"] or "house"}"'
                     f'{" class=changed" if row["changes"] else ""}>{text} '
                     f'<span class="rule-place">({e(row["cite"])})</span>{marks}</li>')
    n = len(h.differences())
    body = (f"<p><strong>{e(h.title)}</strong>, edition {h.edition}. {e(h.players)}.</p>"
            f"<p>{n} change{'s' if n != 1 else ''} from the sheet, each marked "
            "&ldquo;House rule&rdquo; below.</p>"
            f'<p class="rule-sheet">{e(_as_the_sheet(h.base))}, with the house rules:</p>'
            f'<ul class="rules">{"".join(items)}</ul>'
            f'<h3>Playing by keyboard</h3><p class="keys-help">{e(KEYS_HELP)}</p>')
    return dialog("The rules", body, button("Close", "close", cls="btn big primary"),
                  kind="wide")


def _as_the_sheet(preset: str) -> str:
    """"As the Good Sam's Mexican Train sheet has them", "As the Samboree tournament sheet
    has them" (never "sheet sheet"), "As Candela's Mexican Train rules have them"."""
    title = SHEET_TITLES[preset]
    if title.endswith("rules"):
        return f"As {title} have them"
    return f"As the {title if title.endswith('sheet') else title + ' sheet'} has them"


HINT_CHOICES = (("normal", "Normal's choice (straight away)"),
                ("hard", "Hard's choice (it thinks for half a second)"))


def voice_fieldset(s, voices: list[str] | None) -> str:
    """"Read the moves aloud" with its speed and voice; where the browser cannot read
    aloud (``voices`` None: no speechSynthesis; empty: no voice), it says so."""
    note = voice_note(voices)
    box = (f'<label class="choice"><input type="checkbox" data-act="voice"'
           f'{" checked" if s.voice and not note else ""}{" disabled" if note else ""}>'
           f" Read the moves aloud</label>")
    if note:
        return (f'<fieldset class="voice"><legend>A voice</legend>{box}'
                f'<p class="hint-text voice-note">{note}</p></fieldset>')
    rates = "".join(
        f'<label class="choice"><input type="radio" name="voice-rate" value="{k}"'
        f'{" checked" if s.voice_rate == k else ""} data-act="voice-rate:{k}"> '
        f"{k.capitalize()}</label>" for k in VOICE_RATES)
    more = (f'<fieldset><legend>Reading speed</legend><div class="choices">{rates}</div>'
            f"</fieldset>")
    if len(voices) > 1:
        options = "".join(f'<option value="{e(n)}"{" selected" if n == s.voice_name else ""}>'
                          f"{e(words)}</option>" for n, words in
                          [("", "The device's own choice"), *((n, n) for n in voices)])
        more += (f'<label class="voice-pick">Voice <select data-act="voice-name">{options}'
                 f"</select></label>")
    return f'<fieldset class="voice"><legend>A voice</legend>{box}{more}</fieldset>'


def settings_dialog(session: Session, storage: str = "", ios: str = "",
                    voices: list[str] | None = None) -> str:
    """``storage`` and ``ios``: what index.html learnt of the browser (docs/browsers.md),
    for the line on whether it keeps saved games; ``voices``: the browser's voices for
    reading aloud (None: it cannot)."""
    s = session.settings
    paces = "".join(
        f'<label class="choice"><input type="radio" name="pace" value="{k}"'
        f'{" checked" if s.pace == k else ""} data-act="pace:{k}"> {k.capitalize()}</label>'
        for k in PACES)
    hints = "".join(
        f'<label class="choice"><input type="radio" name="hints" value="{k}"'
        f'{" checked" if session.hint_level == k else ""} data-act="hints:{k}"> {words}'
        "</label>" for k, words in HINT_CHOICES if k in session.words.levels)
    volumes = "".join(
        f'<label class="choice"><input type="radio" name="volume" value="{k}"'
        f'{" checked" if s.volume == k else ""} data-act="volume:{k}"> {k.capitalize()}'
        f"</label>" for k in VOLUMES)
    body = (f'<fieldset><legend>Computer players move</legend>'
            f'<div class="choices">{paces}</div></fieldset>'
            f'<fieldset><legend>The Hint button shows</legend>'
            f'<div class="choices">{hints}</div></fieldset>'
            f'<label class="choice"><input type="checkbox" data-act="coloured"'
            f'{" checked" if s.coloured else ""}> Colour-coded pips (each number its own '
            f"colour)</label>"
            f'<label class="choice"><input type="checkbox" data-act="numerals"'
            f'{" checked" if s.numerals else ""}> Large print: numbers on the tiles '
            f"instead of pips</label>"
            f'<label class="choice"><input type="checkbox" data-act="knock-for-me"'
            f'{" checked" if s.knock_for_me else ""}> Knock for me when my play leaves one '
            f"tile</label>"
            f'<label class="choice"><input type="checkbox" data-act="reduce-motion"'
            f'{" checked" if s.reduce_motion else ""}> Reduce movement: tiles appear where '
            f"they land instead of travelling there</label>"
            f'<fieldset><legend>Sound volume</legend><div class="choices">{volumes}</div>'
            f'<p class="hint-text">The speaker button beside the menu turns the sound '
            f'{"on" if s.muted else "off"}.</p></fieldset>'
            + voice_fieldset(s, voices) + keep_note(storage, ios))
    return dialog("Settings", body, button("Done", "close", cls="btn big primary"))


def keep_note(storage: str, ios: str) -> str:
    """Whether this browser keeps saved games for sure (index.html's ``data-storage``:
    "kept", "not-kept", "refused", "unknown"), and what to do when it does not: on an
    iPad or iPhone (``ios`` "browser"), add the game to the Home Screen; elsewhere, ask it.
    """
    if ios == "browser" and storage != "kept":
        text = ("On an iPad or iPhone, Safari may clear saved games after a week without a "
                "visit. To keep them, add this game to your Home Screen: tap the Share "
                "button, then <strong>Add to Home Screen</strong>, and play from there. "
                "(The game on the Home Screen starts fresh: finish a game in progress "
                "here first.)")
    elif storage == "not-kept":
        text = ("This browser may clear saved games when it runs short of space. "
                + button("Ask it to keep them", "keep-storage", cls="btn"))
    elif storage == "refused":
        text = ("This browser would not promise to keep saved games: it may clear them "
                "when it runs short of space.")
    elif storage == "kept":
        text = "This browser keeps your saved games."
    else:
        return ""
    return f'<p class="keep-note">{text}</p>'



def confirm_new_dialog(session: Session, what: str) -> str:
    """Before a new game replaces the one in progress (it is not kept)."""
    g = session.game
    body = (f"<p>A game of {e(game_title(session))} is in progress (round "
            f"{g.round_number}). A new game takes its place: it cannot be resumed after.</p>")
    return dialog("Start a new game?", body,
                  button("Keep playing the game in progress", "resume", cls="btn big primary")
                  + button("Start the new game", f"confirm-new:{what}", cls="btn big"))


def bad_save_dialog(reason: str, kept: bool = True) -> str:
    """``kept``: a copy is kept aside to download (until it is downloaded or the player
    starts fresh); a save too large to keep is only named."""
    if kept:
        body = (f"<p>Your saved game could not be opened: {e(reason)}.</p>"
                "<p>A fresh start is ready. The damaged save is kept until you download it "
                "(to show whoever looks after the game) or start fresh.</p>")
        btns = button("Download the damaged save", "download-bad", cls="btn")
    else:
        body = (f"<p>Your saved game could not be opened: {e(reason)}.</p>"
                "<p>It was too large to keep, so it was removed. A fresh start is "
                "ready.</p>")
        btns = ""
    return dialog("The saved game could not be opened", body,
                  btns + button("Start fresh", "start-fresh", cls="btn big primary"))
