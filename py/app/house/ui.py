"""The house rules screen (``HouseScreen``): the rule sets kept on this device
(app.shared.house_store), the form that makes or changes one, and sharing by QR code and
file. A rule set is changed through ``HouseRules.with_change`` only, so every value the
engine refuses is said beside its field, and nothing that cannot be played is saved.

From the start screen ("House rules") or the rally scorekeeper's set-up; "Play these"
chooses the rule set on the start form, and the rally's set-up offers it for an event."""

from __future__ import annotations

import asyncio

from app.browser import qr
from app.house import views
from app.house.views import HouseState
from app.screen import Screen
from app.shared.house_store import HouseStore
from bones.errors import BadData
from bones.house import HouseRules, HouseRulesError
from bones.house_settings import per_seats


class HouseScreen(Screen):
    name = "house"
    prefix = "house-"

    def __init__(self, c):
        self.c = c
        self.st = HouseState()
        self.store = HouseStore(c.storage())

    def open(self, back: str = "start") -> None:
        self.store = HouseStore(self.c.storage())  # another tab may have changed them
        self.st = HouseState(back=back, base=self.st.base)

    def render(self, focus: str | None = "#house-title") -> None:
        self.c.render()
        if focus:
            self.c.focus(focus)

    # ---- markup ------------------------------------------------------------------------
    def markup(self) -> str:
        st = self.st
        if st.page == "edit" and st.draft is not None:
            return views.edit_page(st)
        if st.page == "share" and (h := self.store.get(st.sharing)) is not None:
            return views.share_page(st, h, self._qr(h))
        st.page = "list"
        return views.list_page(st, self.store.rules, self.store.problem)

    def _qr(self, h: HouseRules) -> str:
        try:
            import segno  # noqa: F401  (py/segno.zip, loaded on first use)
        except ImportError:
            asyncio.ensure_future(self._load_qr())
            return '<p class="qr-wait" role="status">Drawing the code&hellip;</p>'
        return qr.qr_svg(h.to_code(), title=f"{h.name} as a QR code")

    async def _load_qr(self) -> None:
        try:
            await qr.ensure_segno()
        except Exception as exc:  # offline before it was ever cached: say so, keep going
            self.st.error = f"The QR code could not be drawn here ({exc}): use the file instead."
        self.c.render()

    def _say(self, note: str = "", error: str = "") -> None:
        self.st.note, self.st.error = note, error

    def _kept(self, arg: str) -> HouseRules | None:
        try:
            return self.store.rules[int(arg)]
        except (ValueError, IndexError):
            return None

    # ---- the list ----------------------------------------------------------------------
    def do_back(self, arg, el) -> None:
        if self.st.back == "rally":
            self.c.act("rally")
        else:
            self.c.act("home")

    def do_new(self, arg, el) -> None:
        self.st.draft = HouseRules.start(self.st.base)
        self.st.editing, self.st.named = "", False  # no word about the name until typed
        self._to_edit()

    def do_edit(self, arg, el) -> None:
        h = self._kept(arg)
        if h is not None:
            self.st.draft, self.st.editing, self.st.named = h, h.name, True
            self._to_edit()

    def _to_edit(self) -> None:
        self.st.page, self.st.errors, self.st.asking = "edit", {}, False
        self._say()
        self.render()

    def do_play(self, arg, el) -> None:
        h = self._kept(arg)
        if h is not None:
            self.c.start_screen.choose_house(h)
            self.c.act("home")
            self.c.focus('[data-act="start"]')

    def do_share(self, arg, el) -> None:
        h = self._kept(arg)
        if h is not None:
            self.st.page, self.st.sharing = "share", h.name
            self._say()
            self.render()

    def do_file(self, arg, el) -> None:
        h = self.store.get(self.st.sharing)
        if h is not None:
            self.c.page.download(h.dumps(), h.file_name())
            self._say(f"{h.name} saved as the file {h.file_name()}.")
            self.render(None)

    def do_done(self, arg, el) -> None:
        self.st.page = "list"
        self._say()
        self.render()

    def do_delete(self, arg, el) -> None:
        h = self._kept(arg)
        if h is not None:
            self.st.deleting = h.name
            self.render('[data-act="house-delete-no"]')

    def do_delete_yes(self, arg, el) -> None:
        h = self._kept(arg)
        self.st.deleting = ""
        if h is not None:
            try:
                self.store.delete(h.name)
                self._say(f"{h.name} deleted.")
            except HouseRulesError as exc:
                self._say(error=str(exc))
        self.render()

    def do_delete_no(self, arg, el) -> None:
        self.st.deleting = ""
        self.render()

    # ---- bringing rules in: a file or a code ---------------------------------------------
    def bring_in(self, data, source: str) -> None:
        """House rules from a file's or a code's text: refused in plain words (nothing
        kept is changed), kept, or held while the page asks about a name clash."""
        self._say()
        try:
            h = HouseRules.read(data)
        except BadData as exc:
            self._say(error=f"{source} was not brought in. {_sentence(str(exc))} Nothing "
                            "here was changed.")
            return
        if self.store.clash(h) is not None:
            self.st.pending = h
            return
        self._keep_import(h)

    def _keep_import(self, h: HouseRules) -> None:
        try:
            kept = self.store.put(h)
            self._say(f"{kept.name} brought in: {kept.players}.")
        except HouseRulesError as exc:
            self._say(error=f"{h.name} was not kept: {_sentence(str(exc))}")

    def do_replace_yes(self, arg, el) -> None:
        h, self.st.pending = self.st.pending, None
        if h is not None:
            self._keep_import(h)
        self.render()

    def do_replace_no(self, arg, el) -> None:
        h, self.st.pending = self.st.pending, None
        self._say(f"Your own {h.name} kept; the others were not brought in." if h else "")
        self.render()

    def do_scan(self, arg, el) -> None:
        scanner = self.c.scanner
        if scanner is None:
            self._say(error="This browser cannot use a camera here: open the file instead.")
            self.render()
            return

        def got(text: str) -> None:
            self.bring_in(text, "The code")
            self.render()

        def failed(message: str) -> None:
            self._say(error=message)
            self.render()

        scanner.start("Hold the camera up to the house rules code", got, failed)

    async def _read_file(self, file) -> None:
        page = self.c.page
        name = page.file_name(file) or "The file"
        try:
            self.bring_in(await page.read_bytes(file), name)
        except Exception as exc:  # never a silent failure
            self._say(error=f"{name} could not be read. {_sentence(str(exc))} Nothing here "
                            "was changed.")
        self.render()

    # ---- the form ------------------------------------------------------------------------
    def on_change(self, el) -> bool:
        f = el.data.get("houseField")
        if f == "base":
            self.st.base = el.value
        elif f == "import":
            if el.files:
                asyncio.ensure_future(self._read_file(el.files[0]))
        elif f == "name" and self.st.draft is not None:
            # drawn again only when what is said of the name changes: a redraw as the
            # player leaves the field would replace the control they are tapping next
            said = views.name_said(self.st)
            self.st.draft, self.st.named = self.st.draft.named(el.value), True
            if views.name_said(self.st) != said:
                self.c.render()
        elif f in ("set", "size") and self.st.draft is not None:
            self._set(f, el)
            self.c.render()
            if el.data.get("setting", "") in self.st.errors:
                self._show_problem(el.data.get("setting", ""))
        else:
            return False
        return True

    def on_input(self, el) -> bool:
        if el.data.get("houseField") == "name" and self.st.draft is not None:
            said = views.name_said(self.st)
            self.st.draft, self.st.named = self.st.draft.named(el.value), True
            self.st.errors.pop("name", None)
            if views.name_said(self.st) != said:  # said at once, the field left as it is
                self.c.page.set_inner("house-name-said",
                                      views.name_problem(views.name_said(self.st)))
            return True
        return False

    def _set(self, kind: str, el) -> None:
        st, h = self.st, self.st.draft
        field = el.data.get("setting", "")
        row = next((r for r in h.form() if r["field"] == field), None)
        if row is None:
            return
        value = el.value
        if kind == "size":
            sizes = dict(per_seats(h.options()))
            try:
                sizes[int(el.data.get("players", ""))] = value
            except ValueError:
                return
            value = sizes
        elif row["control"] not in ("number", "sizes"):
            try:
                value = row["choices"][int(value)]["value"]
            except (ValueError, IndexError):
                return
        st.asking = False  # what the save asked about may have changed
        try:
            st.draft = h.with_change(field, value)
            st.errors.pop(field, None)
        except HouseRulesError as exc:
            st.errors[field] = str(exc)

    def do_reset(self, arg, el) -> None:
        if self.st.draft is not None:
            try:
                self.st.draft = self.st.draft.without_change(arg)
                self.st.errors.pop(arg, None)
                self.st.asking = False
            except HouseRulesError:
                return
            self.render(f'[data-setting="{arg}"] select, [data-setting="{arg}"] input')

    def do_save(self, arg, el) -> None:
        st = self.st
        h = st.draft
        if h is None:
            return
        bad = h.refusals()
        if bad:  # said once, beside its field, which takes focus
            st.named, st.error, st.asking = True, "", False
            self._say()
            self.render(self._field(bad[0].field or "name"))
            if bad[0].field:  # the name's message is just under its field, at the top
                self._show_problem(bad[0].field)
            return
        if views.limits(h) and arg != "limited":  # some tables cannot play them: ask
            st.asking, st.error = True, ""
            self.render('[data-act="house-limited-no"]')
            return
        clash = self.store.clash(h, but=st.editing)
        if clash is not None:
            st.error = (f"Not saved: there are already house rules called {clash.name}. "
                        "Choose another name, or change those.")
            self.render('[data-house-field="name"]')
            return
        try:
            kept = self.store.put(h, replacing=st.editing)
        except HouseRulesError as exc:
            st.error = f"Not saved: {exc}"
            self.render(None)
            return
        st.page, st.draft, st.editing, st.asking = "list", None, "", False
        only = f", for {kept.players} only" if views.limits(kept) else ""
        self._say(f"{kept.name} saved (edition {kept.edition}){only}.")
        self.render()

    def do_limited_no(self, arg, el) -> None:
        """Not saved for fewer tables: back to the setting that keeps the others out."""
        st = self.st
        st.asking = False
        lim = [p for p in st.draft.problems() if p.seats] if st.draft else []
        self.render(self._field(lim[0].field) if lim else None)

    def _show_problem(self, field: str) -> None:
        """A setting's card scrolled into view whole, its heading, its field and what is
        said of its value under it (a message far down a long form, below the fold after
        the redraw); the least scroll that shows it, none when it is in view."""
        self.c.page.focusing.reveal(f'.house-setting[data-setting="{field}"]')

    @staticmethod
    def _field(field: str) -> str:
        return ('[data-house-field="name"]' if field == "name" else
                f'[data-setting="{field}"] select, [data-setting="{field}"] input')

    def do_cancel(self, arg, el) -> None:
        self.st.page, self.st.draft, self.st.errors = "list", None, {}
        self._say()
        self.render()


def _sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first, a full stop last."""
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]
