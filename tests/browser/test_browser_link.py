"""The link between the table and a player's device (app.browser.link, web/link.mjs), in
the real page under its policy: two browser contexts of one Chromium stand for the table
and a phone. Face to face, the texts of the two QR codes go table -> phone -> table as the
cameras would read them; by invite link, the devices meet through a mosquitto broker this
module starts on 127.0.0.1 (installed by `build.py test` where apt can), which a listener
of our own watches to show it sees no session description in the clear.

What this cannot show: real phones, real wifi (client isolation, mDNS blocked), NATs and
TURN; docs/together.md, "Links between devices", says so."""

from __future__ import annotations

import json
import re
import time

import pytest

import mqtt_broker
from browser_steps import BOOT_TIMEOUT_MS, SHOTS
from mqtt_broker import Listener, free_port
from qr_camera import decode_qr

# One worker runs the module: its three pages start once.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("link")]

SEALED = re.compile(r"(\d{1,3},){15}\d{1,3}\$[A-Za-z0-9+/]+=*")
READY_JS = "document.documentElement.dataset.ready === '1'"
# The page's own Python, as tests/browser/test_qr_scan.py reaches it.
RUN_PYTHON = """async (code) => {
  const core = await import(new URL('pyscript/core.js', document.baseURI).href);
  const py = await core.whenDefined('py');
  const out = await py.interpreter.runPythonAsync(code);
  return out && out.toJs ? out.toJs() : out;
}"""

# Each device keeps what came in, in order, as its screens would be told; a new link (and
# a new event list) for each test, in pages opened once for the module.
SETUP = """
from app.browser.link import DirectLink, LinkProblem, RoomLink
from app.shared.link_codes import Invite
from app.shared.link_settings import LinkSettings
if "link" in globals():
    link.close()
if "room" in globals():
    await room.leave()
    del room
events = []
def on_open(): events.append(["open"])
def on_message(text, peer=None): events.append(["message", text])
def on_close(code, words): events.append(["close", code, words])
def on_problem(code, words): events.append(["problem", code, words])
def on_peer_join(peer): events.append(["join", str(peer)])
def on_peer_leave(peer): events.append(["leave", str(peer)])
link = DirectLink(on_open=on_open, on_message=on_message, on_close=on_close,
                  connect_ms=CONNECT_MS)
"""


def py(page, code: str):
    return page.evaluate(RUN_PYTHON, code)


def events(page) -> list:
    return py(page, "[list(e) for e in events]")


def wait_for_event(page, kind: str, timeout: float = 20.0) -> list:
    """The first event of ``kind`` on ``page``'s device, once it has come."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = [e for e in events(page) if e[0] == kind]
        if found:
            return found[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"no {kind!r} in {events(page)}")


broker = mqtt_broker.broker  # the module's mosquitto (tests/browser/mqtt_broker.py)
REQUESTED: dict[str, list[str]] = {}  # each device's requests, from its first


@pytest.fixture(scope="module")
def pages(browser, site_url, snapshot_script):
    """Three devices (the table, a phone, a stranger's phone), each the game open in a
    context of its own, started together once for the module."""
    contexts, out = [], {}
    for name in ("table", "phone", "stranger"):
        ctx = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block")
        ctx.add_init_script(snapshot_script)
        contexts.append(ctx)
        page = ctx.new_page()
        REQUESTED[name] = []
        ctx.on("request", lambda request, name=name: REQUESTED[name].append(request.url))
        out[name] = page
        page.goto(site_url)
    for page in out.values():
        page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT_MS)
    yield out
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def device(pages, watch_page):
    """device(name, connect_ms=20000) -> (page, watch): that device with a new link and
    nothing heard yet, its console and requests watched from now."""

    def make(name: str, connect_ms: int = 20000):
        page = pages[name]
        watch = watch_page(page)
        py(page, SETUP.replace("CONNECT_MS", str(connect_ms)))
        return page, watch

    return make


def link_by_codes(table, phone) -> tuple[str, str]:
    """The table shows its code, the phone reads it and shows its own, the table reads
    that: returns the two texts the QR codes carry."""
    offer = py(table, "await link.offer()")
    answer = py(phone, f"await link.answer({offer!r})")
    py(table, f"await link.accept({answer!r})")
    return offer, answer


def loaded(name: str) -> list[str]:
    return [url.rsplit("/", 2)[-2:][-1] for url in REQUESTED[name]
            if "/web/link.mjs" in url or "/web/trystero/" in url]


def test_table_and_phone_link_by_two_codes_and_talk_both_ways(device):
    table, table_watch = device("table")
    phone, phone_watch = device("phone")
    assert loaded("stranger") == [], "nothing of the link loads at start-up"
    offer, answer = link_by_codes(table, phone)
    assert offer.startswith("RDO1:") and answer.startswith("RDA1:")
    wait_for_event(table, "open")
    wait_for_event(phone, "open")
    assert [py(table, "link.state"), py(phone, "link.state")] == ["open", "open"]

    assert py(phone, """link.send('{"v":1,"type":"join","name":"Zoë"}')""") is True
    assert wait_for_event(table, "message") == ["message", '{"v":1,"type":"join","name":"Zoë"}']
    for n in range(3):  # in order, each once
        py(table, f"link.send('state {n}')")
    end = time.monotonic() + 10
    while len([e for e in events(phone) if e[0] == "message"]) < 3 and time.monotonic() < end:
        phone.wait_for_timeout(100)
    assert [e[1] for e in events(phone) if e[0] == "message"] == ["state 0", "state 1",
                                                                   "state 2"]
    # Face to face needs no signalling library.
    assert loaded("table") == loaded("phone") == ["link.mjs"]
    table_watch.assert_clean()
    phone_watch.assert_clean()


def test_the_table_code_fits_one_qr_code_the_page_draws(device, browser):
    """The offer's text, drawn by the page's own QR maker at the size the rally codes
    are drawn, is one code of version 13 or less (the offer whole was version 18)."""
    table, watch = device("table")
    offer = py(table, "await link.offer()")
    version = py(table, f"""
from app.browser.qr import ensure_segno, qr_svg, qr_version
import js
await ensure_segno()
box = js.document.body.appendChild(js.document.createElement("div"))
box.innerHTML = qr_svg({offer!r}, title="Join this table")
qr_version({offer!r})
""")
    code = table.get_by_role("img", name="Join this table")
    assert code.is_visible()
    width = code.bounding_box()["width"]
    shot = code.screenshot()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "link-offer-390.png").write_bytes(shot)
    # Read back off the phone-sized screen by jsQR, as a camera would see it.
    assert decode_qr(browser, shot) == offer
    assert width >= 300, "drawn across the phone's width"
    print(f"\nthe table's code: {len(offer)} characters, QR version {version}")
    assert len(offer) < 600 and version <= 13
    # The phone's answer is the same size again: one code too.
    phone, _ = device("phone")
    answer = py(phone, f"await link.answer({offer!r})")
    assert len(answer) < 600
    watch.assert_clean()


def test_a_wrong_code_is_refused_in_words_and_the_table_can_scan_again(device):
    table, _ = device("table")
    phone, _ = device("phone")
    offer = py(table, "await link.offer()")
    words = py(table, """
try:
    await link.accept("RDH1:not an answer")
    out = "accepted"
except LinkProblem as exc:
    out = [exc.code, str(exc)]
out
""")
    assert words[0] == "bad-code" and "hand-out" in words[1]
    # A phone that reads its own kind of code (the table's code, not an answer) says so.
    bad = py(phone, f"""
try:
    await link.answer({offer.replace("RDO1", "RDA1")!r})
    out = "answered"
except LinkProblem as exc:
    out = [exc.code, str(exc)]
out
""")
    assert bad[0] == "bad-code" and "table's code" in bad[1]
    answer = py(phone, f"await link.answer({offer!r})")
    py(table, f"await link.accept({answer!r})")
    wait_for_event(table, "open")


def test_a_message_after_the_phone_reloaded_reports_the_close_in_words(device):
    """The phone's page reloads (or closes): the table is told once, in words, and a
    message to it says it was not sent."""
    table, _ = device("table")
    phone, _ = device("phone")
    link_by_codes(table, phone)
    wait_for_event(table, "open")
    wait_for_event(phone, "open")
    phone.reload()
    end = time.monotonic() + 15
    sent = True
    while sent and time.monotonic() < end:  # the close comes at once, or the next send finds it
        sent = py(table, "link.send('state 9')")
        if sent:
            table.wait_for_timeout(200)
    assert sent is False
    close = wait_for_event(table, "close")
    assert close[1] == "closed" and "left the table" in close[2]
    assert py(table, "link.state") == "closed"
    assert py(table, "link.send('again')") is False
    assert len([e for e in events(table) if e[0] == "close"]) == 1, "the close is told once"
    phone.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT_MS)  # for the next tests


def test_devices_that_cannot_reach_each_other_are_told_so_in_words(device):
    """The phone's answer never comes back (as when wifi keeps devices apart): the phone
    says in words what to do instead of waiting for ever."""
    table, _ = device("table")
    phone, _ = device("phone", connect_ms=1500)
    offer = py(table, "await link.offer()")
    py(phone, f"await link.answer({offer!r})")  # the table never reads it
    close = wait_for_event(phone, "close", timeout=10)
    assert close[1] == "unreachable"
    assert "hotspot" in close[2] and "Invite by link" in close[2]


# ---------------------------------------------------------------- by invite link


def join_room(page, ws_port: int, room: str, key: str) -> None:
    py(page, f"""
settings = LinkSettings.from_dict({{"relays": ["ws://127.0.0.1:{ws_port}/"], "ice": []}})
room = await RoomLink.join(Invite({room!r}, {key!r}), settings, on_peer_join=on_peer_join,
                           on_peer_leave=on_peer_leave, on_message=on_message,
                           on_problem=on_problem, relay_wait_ms=8000)
""")


def test_an_invite_link_meets_through_a_broker_that_sees_nothing_in_the_clear(device, broker):
    ws_port, mqtt_port = broker
    listener = Listener(mqtt_port)
    room = "Rm7fQ2xkVt9PaL0s"
    key = "k3Y-secret_T0pS3cretKeyOfTheRoom"
    table, table_watch = device("table")
    phone, phone_watch = device("phone")
    stranger, _ = device("stranger")
    join_room(table, ws_port, room, key)
    join_room(phone, ws_port, room, key)
    join_room(stranger, ws_port, room, "an-old-key-that-is-not-this-one")
    peer = wait_for_event(table, "join", timeout=30)[1]
    wait_for_event(phone, "join", timeout=30)

    assert py(phone, """await room.send('{"v":1,"type":"hello"}')""") is True
    assert wait_for_event(table, "message") == ["message", '{"v":1,"type":"hello"}']
    assert py(table, f"await room.send('state for you', {peer!r})") is True
    assert wait_for_event(phone, "message") == ["message", "state for you"]
    py(table, "await room.send('to everyone')")
    end = time.monotonic() + 10
    while ["message", "to everyone"] not in events(phone) and time.monotonic() < end:
        phone.wait_for_timeout(100)
    assert ["message", "to everyone"] in events(phone)

    # The device with the wrong key met no one, read nothing, and was told why.
    assert [e for e in events(stranger) if e[0] in ("message", "join")] == []
    # Whichever side read the other's sealed offer (trystero picks who offers) is told.
    end = time.monotonic() + 20
    told = []
    while not told and time.monotonic() < end:
        told = [(name, e) for name, page in (("stranger", stranger), ("table", table),
                                             ("phone", phone))
                for e in events(page) if e[0] == "problem"]
        stranger.wait_for_timeout(100)
    assert told, "nobody was told of the other key"
    for _, problem in told:
        assert problem[1] == "wrong-key" and "link again" in problem[2]
    assert len([n for n, _ in told if n == "stranger"]) <= 1, "said once"
    assert "mqtt.mjs" in loaded("table")
    assert py(table, "room.peers()") == [peer]

    # What crossed the broker: announcements of random peer ids, and the offers, answers
    # and candidates, each sealed (AES-GCM: "iv$ciphertext") with a key made from the
    # room's key. No session description, address or room key in the clear.
    listener.close()
    sealed = {"offer": 0, "answer": 0, "candidate": 0}
    for topic, body in listener.seen:
        for clear in (b"v=0", b"fingerprint", b"ice-ufrag", b"candidate:", b"127.0.0.1",
                      b".local", room.encode(), key.encode()):
            assert clear not in body, f"{clear!r} crossed the broker in the clear: {body!r}"
        assert room not in topic and key not in topic
        message = json.loads(body)
        assert set(message) <= {"peerId", "offerId", *sealed}, message
        for field in sealed.keys() & message.keys():
            assert SEALED.fullmatch(message[field]), message[field][:80]
            sealed[field] += 1
    assert sealed["offer"] >= 1 and sealed["answer"] >= 1, sealed
    table_watch.assert_clean()
    phone_watch.assert_clean()
    for page in (table, phone, stranger):
        py(page, "await room.leave()")


def test_no_broker_answering_is_told_in_words(device):
    """The invite link's brokers cannot be reached (no internet, or a club's broker
    down): the device says so instead of waiting."""
    stranger, _ = device("stranger")
    py(stranger, f"""
settings = LinkSettings.from_dict({{"relays": ["ws://127.0.0.1:{free_port()}/"], "ice": []}})
room = await RoomLink.join(Invite("Rm7fQ2xkVt9PaL0s", "k" * 22), settings,
                           on_problem=on_problem, relay_wait_ms=1500)
""")
    problem = wait_for_event(stranger, "problem", timeout=10)
    assert problem[1] == "no-relay" and "internet" in problem[2]
