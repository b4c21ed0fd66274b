"""The deal codes at the table (app.game.deal_codes): in a round's summary, the round's code
with "Show the deal", and the next deal's code with the cut; the dialog that shows a
round's deal whole, checked, with its file for ``python -m bones check-deal``."""

from __future__ import annotations

from dataclasses import dataclass

from app.game.deal_codes import full_hash, last_deal
from app.game.session import Session
from app.screen import Dialog
from app.shared.markup import alert, button, dialog, e, prose

CHECK_HELP = ("Anyone can check it: the code is the first 16 digits of the hash, the SHA-256 "
              "of the secret number, and the seed is the SHA-256 of the secret, a colon "
              "and the cut. Save the deal as a file, and python -m bones check-deal deals it "
              "again from the secret and the cut and compares.")


def deal_section(session: Session, cut_error: str = "") -> str:
    """In a round's (or the game's) summary: the deal just played, and the next one's
    code with the cut ("" in a game without codes)."""
    done = last_deal(session.game)
    parts = []
    if done is not None:
        parts.append(f'<p>This deal\'s code was <strong class="code">{e(done["code"])}'
                     f"</strong>, cut {done['cut']:,}. "
                     + button("Show the deal", "deal", cls="btn small",
                              name=f"Show the deal of {session.game_type.round_word} "
                                   f"{done['round']}") + "</p>")
    code = session.next_code()
    if code is not None:
        what = "next game" if session.next_is_a_game() else "next deal"
        parts.append(
            f'<p>The {what}\'s code: <strong class="code">{e(code)}</strong>. Cut the '
            'deck with any number (or leave it empty) before you deal.</p>'
            + full_hash(session.next_secret)
            + alert(cut_error)  # why the cut typed was refused
            + '<label class="cut-box">Cut <input type="text" id="cut-next" '
              'inputmode="numeric" maxlength="13" autocomplete="off" '
              'aria-label="Cut the deck for the next deal: a number"></label>')
    if not parts:
        return ""
    return f'<section class="deal-codes" aria-label="Deal codes">{"".join(parts)}</section>'


def dealt_from(session: Session) -> str:
    """Before the first move: the code this deal was made from (shown before it), and the
    cut ("" in a game without codes)."""
    g = session.game
    if not g.fair or len(g.fair) < g.round_number:
        return ""
    sealed = g.fair[g.round_number - 1]
    return (f'<p class="deal-code">Dealt from code <strong class="code">{e(sealed.code)}'
            f"</strong>, cut {sealed.cut:,}.</p>")


def deal_dialog(session: Session, files: bool = True) -> str:
    """The last round's deal, whole: the secret, the cut, the seed, every hand and the
    boneyard in drawing order, and whether it checks; ``files``: with its file (not on a
    kiosk, which offers no downloads)."""
    d = last_deal(session.game)
    if d is None:
        return ""
    checks = ("It checks: the code is the secret number's hash, and these hands and this "
              "boneyard are what the seed deals." if not d["problems"] else
              "It does not check: " + "; ".join(d["problems"]) + ".")
    hands = "".join(f'<tr><th scope="row">{e(session.name(s))}</th>'
                    f'<td>{prose(", ".join(h))}</td></tr>' for s, h in enumerate(d["hands"]))
    placed = (f"<p>In the middle before the deal: {e(d['placed'])}.</p>"
              if d["placed"] else "")
    body = (f'<p class="deal-check">{e(checks)}</p>'
            f'<dl class="deal-facts"><dt>Code</dt><dd>{e(d["code"])}</dd>'
            f'<dt>Hash</dt><dd class="hex full-hash">{e(d["hash"])}</dd>'
            f'<dt>Secret number</dt><dd class="hex">{e(d["secret"])}</dd>'
            f'<dt>Cut</dt><dd>{d["cut"]}</dd>'
            f'<dt>Seed</dt><dd class="hex">{e(d["seed"])}</dd></dl>{placed}'
            '<div class="sheet-wrap" tabindex="0" role="group" aria-label="The hands dealt">'
            f'<table class="sheet deal-hands"><tbody>{hands}</tbody></table></div>'
            f'<p>The boneyard, in drawing order: {prose(", ".join(d["boneyard"])) or "empty"}.</p>'
            f'<p class="hint-text">{e(CHECK_HELP)}</p>')
    word = session.game_type.round_word
    return dialog(f"The deal of {word} {d['round']}", body,
                  (button("Save the deal as a file", "deal-file", cls="btn big") if files
                   else "") + button("Back", "deal-back", cls="btn big primary"), kind="wide")


@dataclass(frozen=True)
class Deal(Dialog):
    """The deal of the round just over, whole and checked."""

    def markup(self, c) -> str:
        kiosk = c.kiosk is not None and c.kiosk.active
        return "" if c.session is None else deal_dialog(c.session, files=not kiosk)


class DealCodes:
    """The table's part (``TableScreen.parts``) that answers the deal's buttons: given
    the game now (``game()``), the dialog slot (app.screen), the page and the table's
    redraw."""

    def __init__(self, game, slot, page, redraw):
        self.game, self.slot, self.page, self.redraw = game, slot, page, redraw

    def do_deal(self, arg, el) -> None:
        self.slot.dialog = Deal()
        self.redraw()

    def do_deal_back(self, arg, el) -> None:
        self.slot.dialog = None  # the round's summary again
        self.redraw()
        self.page.focusing.focus('[data-act="deal"]')

    def do_deal_file(self, arg, el) -> None:
        from app.game.deal_codes import deal_file

        d = last_deal(self.game().game)
        if d is not None:
            self.page.download(deal_file(d), f"rally-dominoes-deal-{d['code'].replace(' ', '')}"
                                 ".json")
