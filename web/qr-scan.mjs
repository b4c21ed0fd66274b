/* Rally Dominoes: read a QR code with the device's camera.

   Imported only when a screen first scans (py/app/browser/qr.py, load_scanner). Importing it sets
   globalThis.rallyQR, the same object this module exports:

     rallyQR.start(video, onText?, onError?) -> Promise<{status, text, message}>
         Opens the back camera (facingMode "environment", or any camera there is) into
         `video`, a <video> element the page shows, and looks at a frame a few times a
         second until a QR code is read. Then it stops the camera and resolves once:
           {status: "read", text}            what the code says (UTF-8 text)
           {status: "stopped"}               stop() was called, or start() again
           {status: CODE, message}           the camera or the reader could not be had:
             "no-camera"  no camera (or none the browser lets the page see)
             "denied"     the person, or the browser's settings, refused the camera
             "in-use"     another app holds the camera
             "insecure"   the page is not on https (browsers give cameras to https only)
             "no-reader"  no BarcodeDetector and jsQR could not be loaded
             "failed"     anything else
           `message` is plain words for the screen.
         onText(text) and onError(message, code), when given, are called once as well.
         Python needs no callbacks: `await rallyQR.start(video)`.
     rallyQR.stop()      stops the camera and any scan; safe to call at any time.
     rallyQR.reader      "BarcodeDetector" or "jsQR" once a scan has chosen, else "".

   Reading: the browser's BarcodeDetector when it exists and lists "qr_code" (Chrome on
   Android, macOS, ChromeOS); else jsQR 1.4.0 (npm, Apache-2.0, web/jsqr/), imported on
   the first scan that needs it. Frames are drawn at most 640 pixels wide into a canvas
   that is never shown. */

const JSQR_URL = new URL("jsqr/jsQR.js", import.meta.url).href;
const FRAME_MS = 200;  // five looks a second: quick to answer, light on an old phone
const MAX_WIDTH = 640;

const MESSAGES = {
  "no-camera": "No camera was found on this device. Use a file or the short code instead.",
  "denied": "The camera is not allowed for this page. Allow the camera in the browser's " +
            "settings for this site, then try again. Or use a file or the short code.",
  "in-use": "The camera is busy in another app. Close that app, then try again.",
  "insecure": "The camera works only when the game's page is opened with https.",
  "no-reader": "This browser cannot read QR codes. Use a file or the short code instead.",
  "failed": "The camera did not start. Try again, or use a file or the short code.",
};

let current = null;  // the scan going on: {stream, timer, finish}
let readFrame = null;  // (canvas, context) -> Promise<string | null>, chosen once

export const rallyQR = { start, stop, reader: "" };
globalThis.rallyQR = rallyQR;

function cameraProblem(err) {
  const name = (err && err.name) || "";
  if (!globalThis.isSecureContext) return "insecure";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") {
    return "denied";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return "no-camera";
  }
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") {
    return "in-use";
  }
  return "failed";
}

async function chooseReader() {
  if (readFrame) return readFrame;
  const Detector = globalThis.BarcodeDetector;
  if (Detector) {
    try {
      const formats = await Detector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        rallyQR.reader = "BarcodeDetector";
        readFrame = async (canvas) => {
          const found = await detector.detect(canvas);
          const code = found.find((c) => c.format === "qr_code" && c.rawValue);
          return code ? code.rawValue : null;
        };
        return readFrame;
      }
    } catch (err) {
      console.warn("BarcodeDetector is here but does not work; using jsQR:", err);
    }
  }
  if (typeof globalThis.jsQR !== "function") await import(JSQR_URL);  // sets globalThis.jsQR
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  rallyQR.reader = "jsQR";
  readFrame = async (canvas, context) => {
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = globalThis.jsQR(image.data, image.width, image.height,
                                 { inversionAttempts: "dontInvert" });
    if (!code) return null;
    try {
      return utf8.decode(new Uint8Array(code.binaryData));  // Zoë, not ZoÃ«
    } catch {
      return code.data;
    }
  };
  return readFrame;
}

function release(scan) {
  clearTimeout(scan.timer);
  if (scan.stream) scan.stream.getTracks().forEach((track) => track.stop());
  if (scan.video && scan.video.srcObject === scan.stream) scan.video.srcObject = null;
}

function stop() {
  if (current) current.finish({ status: "stopped" });
}

function start(video, onText, onError) {
  stop();
  return new Promise((resolve) => {
    const scan = { stream: null, timer: 0, video, done: false };
    scan.finish = (result) => {
      if (scan.done) return;
      scan.done = true;
      release(scan);
      if (current === scan) current = null;
      if (result.status === "read" && onText) onText(result.text);
      if (result.message && onError) onError(result.message, result.status);
      resolve(result);
    };
    const fail = (code) => scan.finish({ status: code, message: MESSAGES[code] });
    current = scan;
    run(scan, fail).catch((err) => {
      console.warn("QR scan:", err);
      fail("failed");
    });
  });
}

async function run(scan, fail) {
  let read;
  try {
    read = await chooseReader();
  } catch (err) {
    console.warn("No QR reader:", err);
    return fail("no-reader");
  }
  if (scan.done) return;
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    return fail(globalThis.isSecureContext ? "no-camera" : "insecure");
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
    });
  } catch (err) {
    return fail(cameraProblem(err));
  }
  scan.stream = stream;
  if (scan.done) return release(scan);  // stopped while the browser asked
  const video = scan.video;
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  video.srcObject = stream;
  await video.play();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const look = async () => {
    if (scan.done) return;
    if (video.readyState >= 2 && video.videoWidth) {
      const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await read(canvas, context);
      if (text !== null && text !== undefined) return scan.finish({ status: "read", text });
    }
    if (!scan.done) scan.timer = setTimeout(() => look().catch(scan.fail), FRAME_MS);
  };
  scan.fail = (err) => {
    console.warn("QR scan:", err);
    fail("failed");
  };
  await look();
}
