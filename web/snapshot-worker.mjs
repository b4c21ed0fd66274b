// Makes the start-up snapshot for web/pyodide-boot.mjs, off the page's thread: a Pyodide
// that has imported the game's modules, as bytes. Nothing here may touch the page or any
// live JavaScript object (the snapshot could not hold it), and PyScript is not loaded.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { hideJspi } from "./pyodide-boot.mjs";

self.onmessage = async ({ data: { bundle, key, indexURL } }) => {
  try {
    hideJspi();  // as the page does: a snapshot is made and loaded on the same kind of stack
    const py = await loadPyodide({ indexURL, _makeSnapshot: true });
    // The same path as index.html's script writes it to: modules imported later (the
    // kiosk, the rally screens) are read from it after a snapshot start.
    py.FS.writeFile("/home/pyodide/rally.zip", new Uint8Array(bundle));
    py.runPython(`
import sys
sys.path.insert(0, "rally.zip")
import app.boot, app.controller, pyodide.ffi  # what app.boot.start imports
`);
    const snapshot = py.makeMemorySnapshot();
    const cache = await caches.open("rally-snapshot");
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(snapshot));
    self.postMessage({ saved: true, bytes: snapshot.length });
  } catch (err) {
    self.postMessage({ saved: false, error: String(err) });
  }
};
