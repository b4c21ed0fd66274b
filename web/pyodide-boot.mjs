// The page's Pyodide (index.html's "interpreter"): Pyodide itself, started from a memory
// snapshot of the game's Python when this browser has one for exactly this runtime and this
// bundle. The snapshot is made here, in a worker, once the page is ready and
// idle, and kept in Cache Storage. A missing, stale or bad one means a normal start.
import { loadPyodide as loadRuntime, version } from "../pyodide/pyodide.mjs";

export { version };

const CACHE = "rally-snapshot";
// build.py: a hash of the Pyodide build, the game's bundle and the snapshot's own code.
const KEY = new URL("../snapshot/__SNAPSHOT_KEY__", import.meta.url).href;
const indexURL = new URL("../pyodide/", import.meta.url).href;
// PyScript may load this module in its workers too (the AI's): they start as before.
const inPage = typeof document !== "undefined";
const root = inPage ? document.documentElement : null;

// Asked for at once, while PyScript is still starting. The browser tests give every page
// the snapshot they made once per run instead (a promise of its bytes, set before this
// page's scripts: tests/browser/conftest.py); a fresh browser context has none kept.
const given = inPage ? self.rallyGivenSnapshot : undefined;
const stored = given ? Promise.resolve(given).catch(() => null)
  : (inPage && "caches" in self)
  ? caches.open(CACHE).then((c) => c.match(KEY)).then((r) => r && r.arrayBuffer())
      .catch(() => null)
  : Promise.resolve(null);

// Pyodide runs Python on a JSPI stack whenever WebAssembly.Suspending exists. Chromium's
// sampling heap profiler, switched on in a few per cent of launches (field trial
// HeapProfilerReporting), walks past that small stack into its guard page and the renderer
// dies at start-up ("Aw, Snap!", "Target crashed"). Nothing here needs JSPI (no run_sync),
// so it is hidden before Pyodide looks. Undo this once Chromium walks JSPI stacks safely:
// tests/browser/test_browser_boot.py boots with the profiler forced on.
export function hideJspi() {
  for (const name of ["Suspending", "Suspender"]) {
    if (globalThis.WebAssembly && name in WebAssembly) delete WebAssembly[name];
  }
}

// Start-up marks for `build.py bench boot` (index.html's rallyBoot.mark): Pyodide asked
// for, and Pyodide up; PyScript's own start-up follows, then the page's Python.
function mark(name) {
  if (self.rallyBoot) self.rallyBoot.mark(name);
}

export async function loadPyodide(options) {
  hideJspi();
  if (!inPage) return loadRuntime({ ...options, indexURL });
  const snapshot = await stored;
  mark("pyodide");
  if (snapshot) {
    try {
      const py = await loadRuntime({ ...options, indexURL, _loadSnapshot: snapshot });
      root.dataset.snapshot = "used";
      mark("pyodide-ready");
      return py;
    } catch (err) {
      console.info("Rally Dominoes: starting without the saved snapshot:", err);
      root.dataset.snapshot = "refused";
      caches.delete(CACHE).catch(() => {});
    }
  }
  document.addEventListener("rally:ready", makeWhenIdle, { once: true });
  const py = await loadRuntime({ ...options, indexURL });
  mark("pyodide-ready");
  return py;
}

// A few seconds after the table is drawn, when the browser is idle: the player's first
// taps come first.
function makeWhenIdle() {
  // The browser tests set this in every page but those that test the snapshot: on a
  // 2-core CI machine a second Python start per page costs minutes (tests/browser/conftest.py).
  if (self.rallyNoSnapshot === true) return;
  const idle = self.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
  setTimeout(() => idle(() => {
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url),
                              { type: "module" });
    worker.onmessage = ({ data }) => {
      root.dataset.snapshot = data.saved ? "saved" : "not-saved";
      if (!data.saved) console.info("Rally Dominoes: no start-up snapshot:", data.error);
      worker.terminate();
    };
    window.rallyBoot.bundle.then((bundle) => worker.postMessage({ bundle, key: KEY, indexURL }));
  }, { timeout: 10000 }), 3000);
}
