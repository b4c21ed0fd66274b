"""The texts that link a player's device to a table, and the link settings
(app.shared.link_codes, app.shared.link_settings): what a QR code or an invite link
carries, and what a club may set, read as text from outside."""

from __future__ import annotations

import json

import pytest

from app.shared import link_codes as codes
from app.shared import link_settings as ls
from bones import qrtext

# An offer as Chromium makes it for one data channel, with two host candidates.
SDP = "\r\n".join([
    "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:2747415734 1 udp 2113937151 6d0c3a3e-2a4f-4bd9-9d7e-0c1e8f1f4a11.local "
    "50633 typ host generation 0 network-cost 999",
    "a=candidate:1826337370 1 udp 2113939711 0f3b2e6c-5b1d-4c8e-8f1a-2b3c4d5e6f70.local "
    "41254 typ host generation 0 network-cost 999",
    "a=ice-ufrag:Qh3v", "a=ice-pwd:4sKmwGXl4TqCkxQ0S8dXb7Vd", "a=ice-options:trickle",
    "a=fingerprint:sha-256 " + ":".join(f"{(i * 37) % 256:02X}" for i in range(32)),
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])


def lines(sdp: str) -> set[str]:
    return set(sdp.split("\r\n")) - {""}


ESSENTIAL = {line for line in SDP.split("\r\n") if line.startswith(
    ("a=ice-", "a=fingerprint", "a=setup", "a=mid", "a=sctp", "a=max-message", "m="))}


def test_an_offer_and_an_answer_keep_what_makes_the_link_in_half_the_code():
    offer = codes.offer_code(SDP)
    assert offer.startswith("RDO1:") and set(offer[5:]) <= set(qrtext.B45)
    back = codes.read_offer(offer)
    assert ESSENTIAL <= lines(back)
    # Each candidate as it was, less its optional tail (generation, network cost).
    assert [line.split(" generation")[0] for line in SDP.split("\r\n")
            if line.startswith("a=candidate")] == [
        line for line in back.split("\r\n") if line.startswith("a=candidate")]
    assert codes.compact(back) == codes.compact(SDP), "the same text read twice"
    answer = codes.answer_code(SDP.replace("actpass", "active"))
    assert answer.startswith("RDA1:")
    assert "a=setup:active" in lines(codes.read_answer(answer))
    whole = qrtext.encode("O", {"d": SDP})
    print(f"\nan offer of {len(SDP)} characters: a code of {len(offer)}, {len(whole)} whole")
    assert len(offer) < 0.6 * len(whole)


def test_a_description_of_another_shape_travels_whole():
    odd = SDP.replace("a=mid:0", "a=mid:0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:1")
    assert codes.compact(odd) == {"d": odd}
    assert codes.read_offer(codes.offer_code(odd)) == odd


@pytest.mark.parametrize(("text", "words"), [
    ("RDH1:ABC", "hand-out, not a table's code to join it"),
    ("https://example.org/", "not from Rally Dominoes"),
    ("RDO1:%%%", "damaged"),
    ("RDO9:ABC", "version 9"),
    (None, "is not a table's code"),
])
def test_a_code_that_is_not_a_tables_is_refused_in_words(text, words):
    with pytest.raises(codes.BadLinkCode, match=words):
        codes.read_offer(text)


def test_the_other_sides_code_is_told_apart():
    with pytest.raises(codes.BadLinkCode, match="answer to a table's code, not"):
        codes.read_offer(codes.answer_code(SDP))
    with pytest.raises(codes.BadLinkCode, match="table's code to join it, not"):
        codes.read_answer(codes.offer_code(SDP))


GOOD = codes.compact(SDP)


@pytest.mark.parametrize("body", [
    {"d": "hello"}, {"d": 5}, {}, {"d": "v=0\x00"}, {"d": "v=0" + "a" * codes.MAX_SDP},
    {**GOOD, "u": "a b"}, {**GOOD, "f": "XYZ"}, {**GOOD, "s": "both"}, {**GOOD, "extra": 1},
    {**GOOD, "c": ["1 1 udp 1 host\r\na=evil 1 typ host"]}, {**GOOD, "c": "1"},
    {**GOOD, "c": GOOD["c"] * 13}, {k: v for k, v in GOOD.items() if k != "p"},
])
def test_a_code_of_ours_that_holds_no_session_is_refused(body):
    with pytest.raises(codes.BadLinkCode, match="does not hold a link"):
        codes.read_answer(qrtext.encode("A", body))


def test_an_invite_is_random_and_goes_after_the_hash_only():
    one, two = codes.new_invite(), codes.new_invite()
    assert one != two and len(one.room) == 16 and len(one.key) >= 22
    url = codes.invite_url("https://club.example/rally-dominoes/?x=1#old", one)
    assert url == f"https://club.example/rally-dominoes/?x=1#join={one.room}.{one.key}"
    before_hash = url.split("#")[0]
    assert one.room not in before_hash and one.key not in before_hash
    assert codes.read_invite(url) == one
    assert codes.read_invite("#" + one.fragment) == one
    assert codes.read_invite("https://club.example/rally-dominoes/") is None
    assert codes.read_invite("https://club.example/#other") is None


@pytest.mark.parametrize("fragment", ["join=", "join=abc.def", "join=" + "a" * 20,
                                      "join=" + "a" * 20 + "." + "b" * 10,
                                      "join=" + "a" * 20 + ".b<script>bbbbbbbbbb"])
def test_an_invite_cut_short_or_changed_is_refused_in_words(fragment):
    with pytest.raises(codes.BadLinkCode, match="cut short or changed"):
        codes.read_invite("https://x/#" + fragment)


# ---------------------------------------------------------------- settings


class Store(dict):
    def getItem(self, key):  # noqa: N802  (the browser's name)
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value


def test_the_defaults_are_secure_brokers_and_public_stun():
    s = ls.LinkSettings()
    page = s.for_page()
    assert page["relays"] and all(r.startswith("wss://") for r in page["relays"])
    assert all(u.startswith("stun:") for srv in page["iceServers"] for u in srv["urls"])
    assert not s.has_turn


def test_a_clubs_own_broker_and_turn_server_are_kept_and_read_back():
    st = Store()
    mine = ls.LinkSettings.from_dict({
        "relays": ["wss://mqtt.club.example:8884/mqtt"],
        "ice": [{"urls": "stun:stun.club.example:3478"},
                {"urls": ["turn:turn.club.example:3478?transport=udp",
                          "turns:turn.club.example:5349"],
                 "username": "club", "credential": "s3cret"}]})
    assert mine.has_turn
    assert ls.save(st, mine)
    got, why = ls.load(st)
    assert (got, why) == (mine, "")
    assert got.for_page()["iceServers"][1] == {
        "urls": ["turn:turn.club.example:3478?transport=udp", "turns:turn.club.example:5349"],
        "username": "club", "credential": "s3cret"}


def test_nothing_kept_means_the_defaults():
    assert ls.load(Store()) == (ls.LinkSettings(), "")
    assert ls.load(None) == (ls.LinkSettings(), "")


@pytest.mark.parametrize(("data", "words"), [
    ({"relays": ["ws://broker.example.org/mqtt"]}, "secure websocket address"),
    ({"relays": ["https://broker.example.org/"]}, "secure websocket address"),
    ({"relays": ["wss://"]}, "secure websocket address"),
    ({"relays": ["wss://host:port/"]}, "secure websocket address"),
    ({"relays": []}, "Give 1 to 8"),
    ({"relays": ["wss://a.example/"] * 9}, "Give 1 to 8"),
    ({"relays": ["wss://a example/"]}, "spaces"),
    ({"ice": [{"urls": "http://stun.example"}]}, "starts with stun:"),
    ({"ice": [{"urls": []}]}, "1 to 4 addresses"),
    ({"ice": [{"urls": "turn:turn.example:3478"}]}, "user name is missing"),
    ({"ice": [{"urls": "stun:s.example", "username": "u"}]}, "Only a TURN server"),
    ({"ice": [{"urls": "stun:s.example", "port": 3}]}, "should have its addresses"),
    ({"relays": ["wss://a.example/"], "extra": 1}, "does not know: extra"),
    ([], "should be a list"),
])
def test_settings_that_cannot_be_used_are_refused_in_words(data, words):
    with pytest.raises(ls.BadLinkSettings, match=words):
        ls.LinkSettings.from_dict(data)


def test_a_local_broker_may_be_plain_ws_for_this_machine_only():
    s = ls.LinkSettings.from_dict({"relays": ["ws://127.0.0.1:9001/", "ws://localhost:1/"],
                                   "ice": []})
    assert s.relays == ("ws://127.0.0.1:9001/", "ws://localhost:1/") and s.ice == ()


@pytest.mark.parametrize("stored", ["{", json.dumps({"relays": ["ftp://x"]}), "x" * 9_000])
def test_kept_settings_that_cannot_be_read_give_the_defaults_and_say_why(stored):
    st = Store({ls.KEY: stored})
    got, why = ls.load(st)
    assert got == ls.LinkSettings()
    assert why.startswith("The link settings on this device were not used:")
    assert st[ls.KEY] == stored, "nothing is lost"
