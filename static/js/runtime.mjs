// The Python runtime as PyScript sees it: pyscript.toml names this module as its
// `interpreter`. PyScript imports it, reads `version`, and calls `loadPyodide(options)`.
//
// Return visits start from a memory snapshot of the runtime (made by
// snapshot-worker.mjs after a plain boot, kept in IndexedDB under the runtime's build id:
// snapshot-store.mjs). Anything wrong with it (missing, stale, corrupt, no IndexedDB, a
// boot from it that never finished) means a plain boot, and a bad snapshot is deleted.
// `?snapshot=0` in the page URL forces a plain boot and makes no snapshot, for the rest
// of the tab's session (`?snapshot=1` ends that).
//
// The game package (manni.zip: its bytecode and catalogs) is fetched here, not by
// PyScript's [files], so that it downloads while Python starts (at a low priority: the
// runtime's own files are needed first), and unpacked into Python's working directory
// before PyScript runs main.py.
//
// What happened is shown on <html>: data-boot="snapshot" | "plain" (how Python started)
// and data-snapshot="saved" | "failed" (the background snapshot after a plain boot).
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { RUNTIME } from "../vendor/build.mjs";
import { afterLoading, whenIdle } from "./phase.mjs";
import { step } from "./progress.mjs";
import { dropSnapshots, hasSnapshot, readSnapshot } from "./snapshot-store.mjs";

export { version };

// PyScript passes the folder of *this* module as indexURL: point it at the runtime.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const SNAPSHOT_KEY = `snapshot-${RUNTIME}`;
// Set in sessionStorage while a page runs from the snapshot: from before the restore
// until the page is left normally (pagehide, once the table was reached). Still there on
// the next load means that page never ended well (a boot that hung, a crashed tab): the
// snapshot is deleted and, in localStorage, turned off for this runtime build.
const ATTEMPT = "manni:snapshot-attempt";
const OFF = "manni:snapshot-off";
const IDLE_DELAY_MS = 2000;
const GAME_ZIP = new URL("../manni.zip", import.meta.url).href;
const HOME = "/home/pyodide";  // Pyodide's working directory

const root = document.documentElement;
// ?snapshot=0 holds for the rest of the tab's session (the page drops its query after
// start-up, so a reload would forget it); ?snapshot=1 ends it.
const TAB_OFF = "manni:snapshot-tab-off";
const asked = new URLSearchParams(location.search).get("snapshot");
if (asked === "0") session((s) => s.setItem(TAB_OFF, "1"));
if (asked === "1") session((s) => s.removeItem(TAB_OFF));
let enabled = "indexedDB" in self && session((s) => s.getItem(TAB_OFF)) !== "1"
  && local((s) => s.getItem(OFF)) !== RUNTIME;

function store(name, fn) {
  try { return fn(self[name]); } catch { return null; }  // storage may be off
}
function session(fn) { return store("sessionStorage", fn); }
function local(fn) { return store("localStorage", fn); }

// {bytes: a promise of the snapshot's bytes} (a promise, so that reading them overlaps
// the runtime's start), or null.
async function openSnapshot() {
  if (!enabled) return null;
  try {
    if (session((s) => s.getItem(ATTEMPT)) === RUNTIME) {
      session((s) => s.removeItem(ATTEMPT));
      local((s) => s.setItem(OFF, RUNTIME));
      enabled = false;  // nor is a new one made now
      await dropSnapshots();
      return null;
    }
    if (!(await hasSnapshot(SNAPSHOT_KEY))) return null;
    const read = readInWorker().catch(() => readSnapshot(SNAPSHOT_KEY)).then((b) => {
      if (!b) throw new Error("the snapshot is gone");
      return new Uint8Array(b);
    });
    return { bytes: read };
  } catch {
    return null;
  }
}

// The snapshot's bytes, read by static/js/snapshot-reader.mjs (rejects if it cannot).
function readInWorker() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-reader.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data) resolve(data);
      else reject(new Error("no snapshot"));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(e);
    };
    worker.postMessage({ key: SNAPSHOT_KEY });
  });
}

// After the table is playable: a page on the snapshot ends its attempt when it is left
// normally; after a plain boot, make a snapshot once the page is idle. A boot that ends
// on the error screen drops the snapshot.
async function afterBoot(mode) {
  const phase = await afterLoading();
  if (phase === "error") {
    session((s) => s.removeItem(ATTEMPT));
    if (mode === "snapshot") dropSnapshots();
  } else if (mode === "snapshot") {
    addEventListener("pagehide", () => session((s) => s.removeItem(ATTEMPT)));
    addEventListener("pageshow", (e) => e.persisted && session((s) => s.setItem(ATTEMPT, RUNTIME)));
  } else if (enabled) {
    whenIdle(makeSnapshot, IDLE_DELAY_MS);
  }
}

let game = null;
function fetchGame() {
  game ??= fetch(GAME_ZIP, { priority: "low" }).then((r) => {
    if (!r.ok) throw new Error(`${GAME_ZIP}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  return game;
}

// The catalog of the language boot.js chose (the one Python will choose: the saved
// setting, else the browser's), fetched with the game; English comes in manni.zip.
let catalog = null;
function fetchCatalog() {
  const lang = document.documentElement.lang || "en";
  if (lang === "en") return Promise.resolve(null);
  catalog ??= fetch(new URL(`../vendor/locale/${lang}.json`, import.meta.url), { priority: "low" })
    .then((r) => (r.ok ? r.text() : null))
    .then((text) => text && { lang, text }, () => null);
  return catalog;
}

async function withGame(pyodide) {
  pyodide.unpackArchive(await fetchGame(), "zip", { extractDir: HOME });
  const fetched = await fetchCatalog();
  if (!fetched) return;
  const translate = pyodide.pyimport("manni.text.translate");
  try {
    translate.install(fetched.lang, fetched.text);
  } catch { /* damaged: the page starts in English and fetches it again */ }
  translate.destroy();
}

function makeSnapshot() {
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch {
    root.dataset.snapshot = "failed";
    return;
  }
  const end = (result) => {
    root.dataset.snapshot = result;
    worker.terminate();
  };
  worker.onmessage = (event) => end(event.data && event.data.ok ? "saved" : "failed");
  worker.onerror = () => end("failed");
  worker.postMessage({ key: SNAPSHOT_KEY });
}

async function started(mode, pyodide) {
  await withGame(pyodide);
  step("table");
  root.dataset.boot = mode;
  afterBoot(mode);
  return pyodide;
}

// Read as soon as this module runs (index.html loads it early, before PyScript asks).
let opening = openSnapshot();

// Pyodide keeps its options for the page's life: without this, the snapshot's 31 MB too.
function forgetSnapshot(pyodide) {
  const config = pyodide._api && pyodide._api.config;
  if (config) delete config._loadSnapshot;
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = await opening;
  opening = null;
  fetchGame();
  fetchCatalog();
  if (snapshot) {
    session((s) => s.setItem(ATTEMPT, RUNTIME));
    let pyodide = null;
    try {
      pyodide = await loadRuntime({ ...config, _loadSnapshot: snapshot.bytes });
    } catch (err) {
      console.warn("Manni: the saved start-up snapshot did not load; starting normally.", err);
      session((s) => s.removeItem(ATTEMPT));
      await dropSnapshots();
    }
    if (pyodide) {
      forgetSnapshot(pyodide);
      return started("snapshot", pyodide);
    }
  }
  return started("plain", await loadRuntime(config));
}
