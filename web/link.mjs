/* Rally Dominoes: the link between the table and a player's device, with no server of ours
   (docs/together.md, "Links between devices").

   Imported only when Play together opens (py/app/browser/link.py). Importing it sets
   globalThis.rallyLink, the object this module exports. Texts go in and out as they are:
   what they mean is Python's business (bones.together).

   Face to face, by QR codes (one RTCPeerConnection and one data channel):
     const link = rallyLink.direct({iceServers, gatherMs, connectMs,
                                    onOpen(), onMessage(text), onClose(code, words)})
     await link.offer()        table:  {ok, sdp} the offer, candidates gathered
     await link.answer(sdp)    device: {ok, sdp} the answer to the table's offer
     await link.accept(sdp)    table:  {ok} the device's answer
     link.send(text) -> true, or false (and onClose once) when the link is gone; a text
                         sent before this side hears the channel open goes once it is
     link.close()              no onClose: this side chose to
     link.state                "new", "offered", "connecting", "open", "closed"
   A failure resolves {ok: false, code, words}; it never throws.

   Far apart, by an invite link (trystero's MQTT strategy, web/trystero/mqtt.mjs, bundled
   at build time and imported only here, on the first room):
     const room = await rallyLink.room({roomId, key, relays, iceServers, relayWaitMs,
                                        onPeerJoin(peer), onPeerLeave(peer), onRelay(),
                                        onMessage(text, peer), onProblem(code, words)})
     onRelay() once, when one of the room's brokers is reached
     room.send(text, peer?)    to one peer, or to all;  room.peers() -> [ids]
     await room.leave()

   The device, for the invite screens: await rallyLink.camera() -> "yes", "none" (no
   camera API, or no video input), "denied" (refused for this site) or "unknown";
   await rallyLink.copy(text) -> true when it is on the clipboard; rallyLink.canShare();
   await rallyLink.share(text) -> "shared", "cancelled" or "failed".

   onClose / onProblem codes: "unreachable" (never connected in time), "closed" (the other
   device went), "no-network" (this device has no address), "no-relay" (no broker
   answered), "wrong-key" (a device with another key in the room), "failed". */

const GATHER_MS = 5000;    // ICE gathering: a few hundred ms on a LAN; STUN may take seconds
const CONNECT_MS = 20000;  // from the answer to an open channel
const RELAY_WAIT_MS = 15000;
const APP_ID = "rally-dominoes";
const MAX_TEXT = 64000;    // a message longer than this is not ours: dropped

const WORDS = {
  "unreachable": "The two devices cannot reach each other. Some wifi keeps the devices on " +
    "it apart (hotels, campgrounds, guest networks). Put both devices on one phone's " +
    "hotspot and scan again, or use Invite by link.",
  "closed": "The other device has left the table, or lost its link.",
  "no-network": "This device is not on any network. Join the same wifi as the table, or " +
    "a phone's hotspot, and try again.",
  "no-relay": "The invite link could not reach any meeting point on the internet. Check " +
    "this device's internet connection, or ask the club to check the link settings.",
  "wrong-key": "This device and another in the room have different invite links (an old " +
    "one, or one cut short). Ask the table for the link again.",
  "bad-answer": "This code is not an answer to this table's code. Scan the code on the " +
    "player's device again.",
  "bad-offer": "This code is not a table's invitation. Scan the code on the table again.",
  "failed": "The link could not be made on this device. Try again.",
};

export const rallyLink = { direct, room, camera, copy, canShare, share, WORDS };
globalThis.rallyLink = rallyLink;

function problem(code, detail) {
  const out = { ok: false, code, words: WORDS[code] || WORDS.failed };
  if (detail) out.detail = String(detail);
  return out;
}

function call(fn, ...args) {
  if (typeof fn !== "function") return;
  try { fn(...args); } catch (err) { console.warn("rallyLink: a handler failed", err); }
}

/* Wait until the connection has gathered its candidates, or `ms` has passed: a slow STUN
   server then costs its candidate, not the link. */
function gathered(pc, ms) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() { if (pc.iceGatheringState === "complete") done(); }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

function hasCandidate(sdp) { return /^a=candidate:/m.test(sdp || ""); }

function direct(opts = {}) {
  const iceServers = opts.iceServers || [];
  const gatherMs = opts.gatherMs ?? GATHER_MS;
  const connectMs = opts.connectMs ?? CONNECT_MS;
  let pc = null;
  let channel = null;
  let timer = null;
  let early = [];  // texts sent before this side heard the channel open: sent on open
  const link = { state: "new", offer, answer, accept, send, close };

  function end(code) {
    if (link.state === "closed") return;
    const wasOpen = link.state === "open";
    link.state = "closed";
    early = [];
    clearTimeout(timer);
    try { if (channel) channel.close(); } catch { /* already gone */ }
    try { if (pc) pc.close(); } catch { /* already gone */ }
    if (!code) return;
    const why = wasOpen ? "closed" : code;  // once open, however it ends, the other went
    call(opts.onClose, why, WORDS[why]);
  }

  function make() {
    pc = new RTCPeerConnection({ iceServers });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") end("unreachable");
    });
  }

  function opened() {
    if (link.state === "closed") return;
    if (link.state !== "open") {
      clearTimeout(timer);
      link.state = "open";
      call(opts.onOpen);
    }
    flush();
  }

  function flush() {  // what was sent before this side could send, in order
    while (early.length && link.state === "open" && channel && channel.readyState === "open") {
      if (!put(early.shift())) return;
    }
  }

  function put(text) {  // on the open channel, or the link ends
    try {
      channel.send(String(text));
      return true;
    } catch { /* closing under us */ }
    end("closed");
    return false;
  }

  function useChannel(ch) {
    channel = ch;
    ch.addEventListener("open", opened);
    ch.addEventListener("message", (e) => {
      // The other side may speak before this side's open event: its message proves the
      // channel open, so onOpen is always heard first, and an answer to it is not lost.
      if (link.state !== "open") opened();
      if (typeof e.data === "string" && e.data.length <= MAX_TEXT) call(opts.onMessage, e.data);
    });
    ch.addEventListener("close", () => end(link.state === "open" ? "closed" : "unreachable"));
  }

  function waitForOpen() {
    // The channel may already be open: its event can come before the promise that set
    // the description resolves.
    if (link.state === "open" || link.state === "closed") return;
    link.state = "connecting";
    timer = setTimeout(() => { if (link.state !== "open") end("unreachable"); }, connectMs);
  }

  async function localSdp() {
    await pc.setLocalDescription();
    await gathered(pc, gatherMs);
    return pc.localDescription.sdp;
  }

  async function offer() {
    if (link.state !== "new") return problem("failed", "offer() is called once, on a new link");
    try {
      make();
      useChannel(pc.createDataChannel("rally", { ordered: true }));
      const sdp = await localSdp();
      if (!hasCandidate(sdp)) { end(); return problem("no-network"); }
      link.state = "offered";
      return { ok: true, sdp };
    } catch (err) {
      end();
      return problem("failed", err);
    }
  }

  async function answer(sdp) {
    if (link.state !== "new") return problem("failed", "answer() is called once, on a new link");
    try {
      make();
      pc.addEventListener("datachannel", (e) => useChannel(e.channel));
      try {
        await pc.setRemoteDescription({ type: "offer", sdp: String(sdp) });
      } catch (err) {
        end();
        return problem("bad-offer", err);
      }
      const mine = await localSdp();
      if (!hasCandidate(mine)) { end(); return problem("no-network"); }
      waitForOpen();
      return { ok: true, sdp: mine };
    } catch (err) {
      end();
      return problem("failed", err);
    }
  }

  async function accept(sdp) {
    if (link.state !== "offered") return problem("failed", "accept() follows offer()");
    try {
      await pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
    } catch (err) {
      // A wrong answer leaves the offer as it was: the table can scan another.
      return problem("bad-answer", err);
    }
    waitForOpen();
    return { ok: true };
  }

  function send(text) {
    if (link.state === "new" || link.state === "closed") return false;
    if (link.state !== "open" || !channel || channel.readyState === "connecting"
        || early.length) {
      if (early.length >= 64) return false;
      early.push(String(text));  // the channel is not open here yet: sent once it is
      return true;
    }
    if (channel.readyState === "open") return put(text);
    end("closed");
    return false;
  }

  function close() { end(); }

  return link;
}

let trystero = null;  // the bundled MQTT strategy, imported on the first room

async function room(opts) {
  if (!trystero) {
    trystero = await import(new URL("trystero/mqtt.mjs", import.meta.url).href);
  }
  const relays = Array.from(opts.relays || []);
  let warned = false;
  const tell = (code, detail) => {
    if (code === "wrong-key" && warned) return;
    warned = warned || code === "wrong-key";
    call(opts.onProblem, code, WORDS[code] || WORDS.failed, detail ? String(detail) : "");
  };
  const joined = trystero.joinRoom({
    appId: APP_ID,
    password: String(opts.key),
    relayConfig: { urls: relays, redundancy: relays.length },
    rtcConfig: { iceServers: opts.iceServers || [] },
  }, String(opts.roomId), {
    onJoinError: (e) => tell(/password/.test(e.error) ? "wrong-key" : "unreachable", e.error),
  });
  const action = joined.makeAction("msg");
  action.onMessage = (data, ctx) => {
    if (typeof data === "string" && data.length <= MAX_TEXT) call(opts.onMessage, data, ctx.peerId);
  };
  joined.onPeerJoin = (peer) => call(opts.onPeerJoin, peer);
  joined.onPeerLeave = (peer) => call(opts.onPeerLeave, peer);
  // This room's brokers only: another room of this page may hold other brokers open.
  const reached = () => {
    const sockets = trystero.getRelaySockets();
    return relays.some((url) => sockets[url] && sockets[url].readyState === 1);
  };
  const waitUntil = Date.now() + (opts.relayWaitMs ?? RELAY_WAIT_MS);
  const relayTimer = setInterval(() => {
    if (reached()) {
      clearInterval(relayTimer);
      call(opts.onRelay);
    } else if (Date.now() >= waitUntil) {
      clearInterval(relayTimer);
      tell("no-relay");
    }
  }, 200);
  return {
    send(text, peer) {
      return action.send(String(text), peer ? { target: peer } : undefined).then(() => true, () => false);
    },
    peers() { return Object.keys(joined.getPeers()); },
    async leave() {
      clearInterval(relayTimer);
      await joined.leave();
    },
  };
}

/* ---- the device, for the invite screens ---- */

async function camera() {
  const media = navigator.mediaDevices;
  if (!media || !media.getUserMedia) return "none";
  try {
    if (navigator.permissions) {
      const state = await navigator.permissions.query({ name: "camera" });
      if (state.state === "denied") return "denied";
    }
  } catch { /* this browser cannot say: the devices may */ }
  try {
    const devices = await media.enumerateDevices();
    return devices.some((d) => d.kind === "videoinput") ? "yes" : "none";
  } catch {
    return "unknown";
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(String(text));
    return true;
  } catch {
    return false;
  }
}

function canShare() { return typeof navigator.share === "function"; }

async function share(text) {
  if (!canShare()) return "failed";
  try {
    await navigator.share({ title: "Rally Dominoes", text: "Join my table:", url: String(text) });
    return "shared";
  } catch (err) {
    return err && err.name === "AbortError" ? "cancelled" : "failed";
  }
}
