// Makes the runtime's memory snapshot off the page's thread (started by runtime.mjs once
// the table is playable and the page idle). An instance booted to make a snapshot cannot
// run PyScript, which is why this is a separate, throw-away Pyodide.
//
// What the snapshot holds: Python started by the vendored Pyodide, with the standard
// library modules PyScript's bootstrap imports and the game package (the manni/ of
// manni.zip and manni-later.zip, unpacked where the page unpacks them) already imported:
// every module but those needing the page.
// No JavaScript object is referenced from Python, which is what makes a snapshot
// restorable. Files are not in it: runtime.mjs unpacks them again on restore.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { writeSnapshot } from "./snapshot-store.mjs";

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const ZIPS = ["../manni.zip", "../manni-later.zip"].map((p) => new URL(p, import.meta.url).href);
const HOME = "/home/pyodide";  // Pyodide's working directory: where runtime.mjs unpacks

// Modules that cannot load here (manni.ui.page's need the page; command-line tools may need
// stdlib modules the trimmed runtime lacks) raise ImportError and stay out.
const PREIMPORT = `
import asyncio, base64, binascii, html, importlib, inspect, io, json, os, pkgutil, sys, zipfile
# Not pyscript/ (PyScript's bytecode, no package): here the game's imports of pyscript would
# find it an empty namespace package and the snapshot would keep that.
for path in ("/tmp/manni.zip", "/tmp/manni-later.zip"):
    with zipfile.ZipFile(path) as z:
        z.extractall(${JSON.stringify(HOME)}, [n for n in z.namelist() if n.startswith("manni/")])
import manni
for name in manni.module_code.every_module("manni"):
    if not name.endswith("__main__"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
`;

// As on the page (runtime.mjs): the runtime without stack switching, which the snapshot keeps.
try { delete WebAssembly.Suspending; } catch { /* not deletable: Pyodide uses it */ }

let answered = false;
function answer(message) {
  if (!answered) self.postMessage(message);
  answered = true;
}
const fail = (err) => answer({ ok: false, error: String(err && err.message || err) });

// Pyodide starts its downloads (the lock file, the wasm) before it awaits them, so when
// the network fails, loadPyodide rejects and also leaves rejections nobody awaits. They
// are this snapshot's failure, reported to the page like any other, not uncaught errors.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  fail(event.reason);
});

self.onmessage = async ({ data: { key } }) => {
  try {
    const [pyodide, ...zips] = await Promise.all([
      loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true }),
      ...ZIPS.map((url) => fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        return r.arrayBuffer();
      })),
    ]);
    zips.forEach((zip, i) => {
      pyodide.FS.writeFile(`/tmp/${ZIPS[i].split("/").pop()}`, new Uint8Array(zip));
    });
    pyodide.runPython(PREIMPORT);
    const bytes = pyodide.makeMemorySnapshot();
    await writeSnapshot(key, bytes);
    answer({ ok: true, bytes: bytes.length });
  } catch (err) {
    fail(err);
  }
};
