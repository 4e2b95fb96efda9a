// The Python runtime and the first table. pyscript.toml names this module as PyScript's
// `interpreter`, and index.html loads it early (an async module): it starts the runtime
// as soon as it runs, as a bare loadPyodide() would, and sets up the table as soon as the
// runtime is up and the game's files are in place. Then it starts PyScript (index.html's
// <template id="pyscript-later">), which imports it, reads `version` and calls
// `loadPyodide(options)`, which gives it that runtime (Python's output then goes to
// PyScript's); PyScript's own Python start-up and static/main.py (what the first table does
// not need) run after the table is playable.
//
// The page loads it as one file, static/vendor/runtime.mjs: scripts/vendor.py puts the
// two modules imported below in place of their imports. So the files beside it are
// named from static/ ("../js/..."), which resolves the same from either folder.
//
// Return visits start from a memory snapshot of the runtime (made by
// snapshot-worker.mjs after a plain boot, kept in IndexedDB under the runtime's build id:
// snapshot-store.mjs). Anything wrong with it (missing, stale, corrupt, no IndexedDB, a
// boot from it that never finished) means a plain boot, and a bad snapshot is deleted.
// localStorage names the build whose snapshot was saved: a first visit does not open
// IndexedDB at all (opening it the first time creates the database, on the way to the
// runtime's start).
// `?snapshot=0` in the page URL forces a plain boot and makes no snapshot, for the rest
// of the tab's session (`?snapshot=1` ends that).
//
// The game package (manni.zip: the bytecode and catalog the first table needs) is fetched
// and inflated by game-reader.mjs, off this thread, while Python starts (after the
// runtime's own downloads), and its files written into Python's working directory; the
// rest (manni-later.zip) once the table is playable, before PyScript gets the runtime.
//
// What happened is shown on <html>: data-boot="snapshot" | "plain" (how Python started),
// data-wasm (how the wasm was compiled, below) and data-snapshot="saved" | "failed" (the
// background snapshot after a plain boot).
// Each step of the start-up is a performance measure named "manni:<step>" (see
// docs/performance.md, "Start-up"; static/main.py adds PyScript's start-up's).
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { LATER_AT_ONCE as NEEDS_LATER, RUNTIME } from "../vendor/build.mjs";

// Not on the way to the runtime's start, so not fetched before it (index.html preloads
// them after the runtime's own files): imported where they are needed, the loading
// screen's progress and the phases as the runtime starts (evaluating a module takes a task
// of its own: after Python's start, one would come before the table's).
const snapshots = () => import("../js/snapshot-store.mjs");
let phaseModule = null;
const phases = () => (phaseModule ??= import("../js/phase.mjs"));
const progress = () => import("../js/progress.mjs");
const rehearsal = () => import("../js/warm-up.mjs");

export { version };

// PyScript passes the folder of *this* module as indexURL: point it at the runtime.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
export const SNAPSHOT_KEY = `snapshot-${RUNTIME}`;
// Set in sessionStorage while a page runs from the snapshot: from before the restore
// until the page is left normally (pagehide, once the table was reached). Still there on
// the next load means that page never ended well (a boot that hung, a crashed tab): the
// snapshot is deleted and, in localStorage, turned off for this runtime build.
const ATTEMPT = "manni:snapshot-attempt";
const OFF = "manni:snapshot-off";
const SAVED = "manni:snapshot-saved";
const IDLE_DELAY_MS = 2000;
const GAME_ZIP = new URL("../manni.zip", import.meta.url).href;
const LATER_ZIP = new URL("../manni-later.zip", import.meta.url).href;
// Whether the first table needs manni-later.zip too, so that both come while Python starts:
// a table with friends (the address names one, as manni/ui/page/friends.py tests it) needs
// the network code, a match of partners (saved, or named by ?rules= as
// manni.ui.settings.parse_rules reads it) the table of four. The names come from the game
// (scripts/vendor.py writes them into build.mjs).
const LATER_AT_ONCE = (() => {
  const search = location.search;
  if (NEEDS_LATER.params.some((name) => search.includes(name))) return true;
  const named = search.replace(/^\?+/, "").split("&").find((part) => part.startsWith("rules="));
  if (named && NEEDS_LATER.variants.includes(named.slice(6).trim().toLowerCase())) return true;
  const saved = (key) => {
    try { return JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch { return {}; }
  };
  return NEEDS_LATER.rules.includes(saved(NEEDS_LATER.record).rules)
    || NEEDS_LATER.variants.includes(saved(NEEDS_LATER.settings).variant);
})();
// A page its service worker serves has manni-later.zip in the cache, and offline no other
// way to read it at once (the service worker does not answer a synchronous request): a
// plain start of it writes both zips before the first table.
const CACHED = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
const HOME = "/home/pyodide";  // Pyodide's working directory
const ASK_WAIT_MS = 1000;  // the longest Python's start waits for the game's worker

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
      await discardSnapshots();
      return null;
    }
    if (local((s) => s.getItem(SAVED)) !== RUNTIME) return null;
    const { hasSnapshot, readSnapshot } = await snapshots();
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
    const worker = new Worker(new URL("../js/snapshot-reader.mjs", import.meta.url), { type: "module" });
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
  const { afterLoading, whenIdle } = await phases();
  const phase = await afterLoading();
  if (phase === "error") {
    session((s) => s.removeItem(ATTEMPT));
    if (mode === "snapshot") discardSnapshots();
  } else if (mode === "snapshot") {
    addEventListener("pagehide", () => session((s) => s.removeItem(ATTEMPT)));
    addEventListener("pageshow", (e) => e.persisted && session((s) => s.setItem(ATTEMPT, RUNTIME)));
  } else if (enabled) {
    whenIdle(makeSnapshot, IDLE_DELAY_MS);
  }
}

// A start-up step from `start` (a time or a mark's name) to now, and a mark "manni:<end>"
// (with `detail`) at its end when named. Never throws: timing is no reason to fail a start.
function measure(step, start, end, detail = null) {
  try {
    const at = end ? performance.mark(`manni:${end}`, { detail }).startTime : performance.now();
    performance.measure(`manni:${step}`, { start, end: at });
  } catch { /* no User Timing */ }
}

// PyScript, once the table is playable: index.html's <template id="pyscript-later"> holds
// its module and what it fetches, put in the document now (each element made anew: a
// script copied from a template would not run).
function startPyScript() {
  const later = document.getElementById("pyscript-later");
  if (!later) return;
  later.remove();
  performance.mark("manni:pyscript-added");
  for (const node of later.content.children) {
    const el = document.createElement(node.localName);
    for (const { name, value } of node.attributes) el.setAttribute(name, value);
    document.head.append(el);
  }
}

// The document's own steps: the HTML parsed (Navigation Timing); once the table is
// playable, PyScript's module loaded (its chunk's Resource Timing), then PyScript up to
// asking for the runtime (reading its config, its plugins).
function measureDocument() {
  try {
    const parsed = performance.getEntriesByType("navigation")[0].domInteractive;
    performance.measure("manni:html", { start: 0, end: parsed });
    const added = performance.getEntriesByName("manni:pyscript-added")[0];
    const start = added ? added.startTime : parsed;
    const core = performance.getEntriesByType("resource")
      .find((e) => /\/vendor\/pyscript\/core-[^/]*\.js$/.test(e.name));
    const loaded = Math.max(start, core ? core.responseEnd : 0);
    performance.measure("manni:pyscript-module", { start, end: loaded });
    measure("pyscript-start", loaded, "runtime-asked");
  } catch { /* no Navigation or User Timing */ }
}

// Resolves once the worker has the request for manni.zip (or this thread fetches instead).
let gameAskedNow;
const gameAsked = new Promise((resolve) => { gameAskedNow = resolve; });
const games = new Map();  // url -> a promise of {files} or {bytes}
// {files} (static/js/game-reader.mjs fetched and inflated them, off this thread) or
// {bytes} (the zip, fetched here when the worker could not).
function fetchGame(url = GAME_ZIP) {
  if (!games.has(url)) {
    games.set(url, readGame(url).catch(() => {
      if (url === GAME_ZIP) gameAskedNow();
      return fetch(url, { priority: "low" }).then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        return r.arrayBuffer();
      }).then((bytes) => ({ bytes }));
    }));
  }
  return games.get(url);
}

// Made when this module runs, while the page's thread is still free to start it; told to
// fetch when Python starts, when that thread is busy for seconds.
let readerFailed = null;
let readerReady = false;
const requests = new Map();  // url -> {resolve, reject, askedNow}
const reader = (() => {
  try {
    const worker = new Worker(new URL("../js/game-reader.mjs", import.meta.url), { type: "module" });
    worker.onerror = (e) => {
      readerFailed = e;
      for (const request of requests.values()) request.reject(e);
      requests.clear();
      worker.terminate();
    };
    worker.onmessage = ({ data }) => {
      if (data.ready) {
        readerReady = true;
        return;
      }
      const request = requests.get(data.url);
      if (!request) return;
      if (data.asked) {
        request.askedNow(true);
        return;
      }
      requests.delete(data.url);
      if (data.files) request.resolve(data);
      else request.reject(new Error(`${data.url}: ${data.error}`));
      if (games.has(LATER_ZIP) && !requests.size) worker.terminate();  // nothing more to read
    };
    return worker;
  } catch (err) {
    readerFailed = err;
    return null;
  }
})();

// manni.zip's steps are "zip-ask" and "zip-fetch"; manni-later.zip's "later-fetch".
function readGame(url) {
  return new Promise((resolve, reject) => {
    if (readerFailed) {
      reject(readerFailed);
      return;
    }
    const first = url === GAME_ZIP;
    const start = performance.now();
    let asked = false;
    const askedNow = (waited) => {
      if (asked || !first) return;
      asked = true;
      measure("zip-ask", start, "zip-asked", { waited });
      gameAskedNow();
    };
    requests.set(url, {
      askedNow,
      reject,
      resolve: ({ files, sent }) => {
        // The page's Resource Timing does not see a worker's download: its size goes on the mark.
        measure(first ? "zip-fetch" : "later-fetch", start, first ? "zip-arrived" : "later-arrived",
                { transferSize: sent || 0 });
        resolve({ files });
      },
    });
    reader.postMessage({ url });
    if (readerReady) askedNow(false);  // a running worker has it without this thread's help
  });
}

// Into Python's working directory: the files, or the zip by Pyodide (which unpacks it
// with Python's zipfile, now that Python is up).
function writeGame(pyodide, { bytes, files }) {
  if (!files) {
    pyodide.unpackArchive(bytes, "zip", { extractDir: HOME });
    return;
  }
  const { FS } = pyodide;
  const folders = new Set();
  for (const [name, data] of files) {
    const path = `${HOME}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));  // a folder's own path ends with "/"
    if (!folders.has(folder)) {
      FS.mkdirTree(folder);
      folders.add(folder);
    }
    if (!name.endsWith("/")) FS.writeFile(path, data);
  }
}

// The files the first table does not need (manni-later.zip), written once it is playable:
// fewer bytes arrive while Python starts. Until they are, an import that needs one reads
// the zip at once (manni/ui/page/later_files.py calls readLaterNow); the bots' first move
// and the first hint wait for `arrived` instead (settled once they are written, or did not
// come).
let laterSettled;
const gameFiles = {
  home: HOME,
  laterWritten: false,
  arrived: new Promise((resolve) => { laterSettled = resolve; }),
  // The zip's bytes, read synchronously (the import that needs them cannot wait).
  readLaterNow() {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", LATER_ZIP, false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");  // bytes as chars 0-255
    xhr.send();
    if (xhr.status !== 200) throw new Error(`${LATER_ZIP}: HTTP ${xhr.status}`);
    const text = xhr.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    root.dataset.gameLater = "read-now";
    return bytes;
  },
};
self.manniGameFiles = gameFiles;

let laterWritten = null;
function writeLater(pyodide) {
  laterWritten ??= fetchGame(LATER_ZIP).then((zip) => {
    if (gameFiles.laterWritten) return;  // an import read them meanwhile
    const start = performance.now();
    writeGame(pyodide, zip);
    gameFiles.laterWritten = true;
    const later = pyodide.pyimport("manni.ui.page.later_files");
    later.forget_listings();
    later.destroy();
    root.dataset.gameLater = "fetched";
    measure("later-write", start, "later-written");
  }).catch((err) => {
    console.warn("Manni: the rest of the game's files did not arrive; imports read them.", err);
  }).finally(laterSettled);
  return laterWritten;
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
  const zip = await fetchGame();
  const start = performance.now();
  writeGame(pyodide, zip);
  measure("zip-unpack", start, "zip-unpacked");
  const fetched = await fetchCatalog();
  if (!fetched) return;
  const translate = pyodide.pyimport("manni.text.translate");
  try {
    translate.install(fetched.lang, fetched.text);
  } catch { /* damaged: the page starts in English and fetches it again */ }
  translate.destroy();
  measure("catalog", "manni:zip-unpacked", "catalog-installed");
}

function discardSnapshots() {
  local((s) => s.removeItem(SAVED));
  return snapshots().then((store) => store.dropSnapshots());
}

function makeSnapshot() {
  let worker;
  try {
    worker = new Worker(new URL("../js/snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch {
    root.dataset.snapshot = "failed";
    return;
  }
  const end = (result) => {
    if (result === "saved") local((s) => s.setItem(SAVED, RUNTIME));
    root.dataset.snapshot = result;
    worker.terminate();
  };
  worker.onmessage = (event) => end(event.data && event.data.ok ? "saved" : "failed");
  worker.onerror = () => end("failed");
  worker.postMessage({ key: SNAPSHOT_KEY });
}

// The modules the first table needs, imported one by one so that each is measured (what
// it adds to those before it: "manni" is the engine); the last one starts the page.
const TABLE_IMPORTS = ["manni", "manni.text", "manni.record", "manni.ui.render", "manni.ui.game",
                       "manni.ui.page.shell", "manni.ui.page.boot"];

// pyimport, not runPython: that compiles its code, which costs more than a short import.
// Python's cyclic garbage collector waits until the table is playable: nearly all the first
// table makes (modules, classes, the catalog) lives as long as the page, and a collection
// among these steps would go through all of it to free next to nothing.
function startTable(pyodide) {
  let last = "manni:game-ready";
  const collector = pyodide.pyimport("gc");
  collector.disable();
  try {
    let module = null;
    for (const name of TABLE_IMPORTS) {
      module?.destroy();
      module = pyodide.pyimport(name);
      measure(`import ${name}`, last, `imported ${name}`);
      last = `manni:imported ${name}`;
    }
    module.start();
    module.destroy();
    measure("first-render", last, "playable");
  } catch (err) {
    // manni.ui.page.boot.start shows its own failures; this is for one before it could.
    console.error(err);
    const lines = String(err && err.message || err).trim().split("\n");
    window.manniBoot?.fail(window.manniBoot.t("python_error", "a Python error occurred."),
                           lines[lines.length - 1]);
  } finally {
    collector.enable();
    collector.destroy();
  }
}

async function started(mode, pyodide) {
  measure("python-start", "manni:python-starts", "runtime-started");
  await withGame(pyodide);
  if (laterAtOnce()) await writeLater(pyodide);
  measure("game", "manni:runtime-started", "game-ready");
  root.dataset.boot = mode;
  afterBoot(mode);
  await parsed;
  startTable(pyodide);
  afterTheTableIsDrawn(() => {
    writeLater(pyodide);
    startPyScript();
  });
  return pyodide;
}

// What comes after the first table (the later files, PyScript) waits until it has been
// drawn: neither its task nor its frame waits for them. A hidden tab draws no frame.
function afterTheTableIsDrawn(fn) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, 100);
}

// The page's own scripts (net.js, motion.mjs, ...) have run: DOMContentLoaded waits for
// them. This module, async, may run once the markup is parsed but before they have.
const parsed = new Promise((resolve) => {
  const nav = performance.getEntriesByType?.("navigation")?.[0];
  const fired = nav ? nav.domContentLoadedEventStart > 0 : document.readyState !== "loading";
  if (fired || document.readyState === "complete") resolve();
  else addEventListener("DOMContentLoaded", resolve, { once: true });
});

// Python's output goes to PyScript's once it has asked for the runtime, till then to the
// console (as Pyodide's own would).
const io = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

// Pyodide keeps its options for the page's life: without this, the snapshot's 31 MB too.
function forgetSnapshot(pyodide) {
  const config = pyodide._api && pyodide._api.config;
  if (config) delete config._loadSnapshot;
}

let pythonStarts = false;
let fromSnapshot = false;  // the start Pyodide is making now
// Both zips before the first table: it needs the later one, or a plain start of a page its
// service worker serves (a snapshot holds every file already).
const laterAtOnce = () => LATER_AT_ONCE || (CACHED && !fromSnapshot);

// Pyodide fetches the wasm as loadPyodide starts but hands the answer to
// WebAssembly.instantiateStreaming only once pyodide.asm.mjs has arrived and run. This
// thread reads the wasm's body, and what the preload cannot hold waits for whoever takes it:
// on a fast link the download stalls until then. So for one call each, fetch() and
// instantiateStreaming() are wrapped here: the wasm's answer is compiled as it arrives, and
// Pyodide's instantiation uses that module. If it did not compile, Pyodide's instantiation
// goes on as it would have: from the same answer if the compile left it unread (cancelling
// it would fail the preload, which the loading screen reports), else from a second fetch.
// <html data-wasm> says which: "early" | "again".
function loadRuntimeCompilingEarly(options) {
  if (typeof WebAssembly.compileStreaming !== "function") return loadRuntime(options);
  const nativeFetch = self.fetch;
  const nativeInstantiate = WebAssembly.instantiateStreaming;
  let answer = null;
  let compiled = null;
  const wrappedFetch = function (input, init) {
    const response = nativeFetch.call(this, input, init);
    if (String(input instanceof Request ? input.url : input) === WASM_URL) {
      self.fetch = nativeFetch;
      answer = response;
      compiled = WebAssembly.compileStreaming(response);
      compiled.catch(() => {});  // answered below
    }
    return response;
  };
  const wrappedInstantiate = function (source, imports) {
    if (source !== answer) return nativeInstantiate.call(this, source, imports);
    WebAssembly.instantiateStreaming = nativeInstantiate;
    return compiled.then((module) => {
      root.dataset.wasm = "early";
      return WebAssembly.instantiate(module, imports).then((instance) => ({ module, instance }));
    }, () => {
      root.dataset.wasm = "again";
      return answer.then((r) => nativeInstantiate.call(
        WebAssembly, r.bodyUsed ? nativeFetch(WASM_URL) : r, imports));
    });
  };
  self.fetch = wrappedFetch;
  WebAssembly.instantiateStreaming = wrappedInstantiate;
  return loadRuntime(options).finally(() => {
    if (self.fetch === wrappedFetch) self.fetch = nativeFetch;
    if (WebAssembly.instantiateStreaming === wrappedInstantiate) {
      WebAssembly.instantiateStreaming = nativeInstantiate;
    }
  });
}

async function boot() {
  const config = {
    indexURL: INDEX_URL,
    stdout: (line) => io.stdout(line),
    stderr: (line) => io.stderr(line),
    // The game's files are fetched once the runtime's own have arrived and Python starts
    // (Pyodide calls fsInit then): on a slow link they do not share the bandwidth with the
    // wasm, and arrive while Python starts. That start holds this thread for seconds, so
    // unless the worker has said it is running, it waits until the worker has the request:
    // a message to a worker that is still starting is passed on by this thread, and would
    // sit until Python is up.
    fsInit: async () => {
      pythonStarts = true;
      measure("pyodide-load", "manni:runtime-module", "python-starts");
      fetchGame();
      if (laterAtOnce()) fetchGame(LATER_ZIP);
      fetchCatalog();
      await Promise.race([gameAsked, new Promise((resolve) => setTimeout(resolve, ASK_WAIT_MS))]);
    },
  };
  progress().catch(() => {});
  phases().catch(() => {});
  const snapshot = await openSnapshot();
  if (snapshot) {
    session((s) => s.setItem(ATTEMPT, RUNTIME));
    let pyodide = null;
    fromSnapshot = true;
    try {
      pyodide = await loadRuntimeCompilingEarly({ ...config, _loadSnapshot: snapshot.bytes });
    } catch (err) {
      console.warn("Manni: the saved start-up snapshot did not load; starting normally.", err);
      session((s) => s.removeItem(ATTEMPT));
      await discardSnapshots();
    }
    if (pyodide) {
      forgetSnapshot(pyodide);
      return started("snapshot", pyodide);
    }
    fromSnapshot = false;
  }
  // A plain start leaves the page's thread idle for seconds while the wasm downloads:
  // the table's first layout is rehearsed then (static/js/warm-up.mjs).
  rehearsal().then(({ warmUp }) => warmUp(() => pythonStarts), () => {});
  return started("plain", await loadRuntimeCompilingEarly(config));
}

// Python runs without WebAssembly stack switching (JSPI), as in browsers that lack it:
// Chromium's frame-pointer stack walks can crash the tab when they meet a switched stack
// (docs/ui.md, "Without stack switching"). Pyodide uses it only if this is there.
try { delete WebAssembly.Suspending; } catch { /* not deletable: Pyodide uses it */ }

// Started as soon as this module runs (index.html loads it early, as an async module), as
// a bare loadPyodide() would: the runtime and the table do not wait for PyScript, which
// starts once the table is set up and gets the runtime when it asks for it.
measure("runtime-module", 0, "runtime-module");
const runtime = boot();

export async function loadPyodide(options = {}) {
  measureDocument();
  if (options.stdout) io.stdout = options.stdout;
  if (options.stderr) io.stderr = options.stderr;
  const pyodide = await runtime;
  await writeLater(pyodide);  // PyScript's package is among them, and main.py imports the rest
  performance.mark("manni:pyscript-runtime");
  return pyodide;
}
