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
// modules imported below in place of their imports (they import nothing themselves). So the
// files beside it are named from static/ ("../js/..."), which resolves the same from either
// folder. Return visits start from a memory snapshot (snapshot-boot.mjs); the game's files
// come through game-files.mjs; the wasm is compiled as it arrives (early-wasm.mjs).
// `?snapshot=0` in the page URL forces a plain boot and makes no snapshot, for the rest
// of the tab's session (`?snapshot=1` ends that).
//
// What happened is shown on <html>: data-boot="snapshot" | "plain" (how Python started),
// data-wasm (how the wasm was compiled, below) and data-snapshot="saved" | "failed" (the
// background snapshot after a plain boot).
// Each step of the start-up is a performance measure named "manni:<step>" (see
// docs/performance.md, "Start-up"; static/main.py adds PyScript's start-up's).
import { loadPyodide as loadRuntime, version } from "../vendor/pyodide/pyodide.mjs";
import { LATER_AT_ONCE as NEEDS_LATER, RUNTIME } from "../vendor/build.mjs";
import { PACKAGE_LOADER_SOURCE } from "../vendor/package-loader.mjs";
import { compilingEarly } from "../js/early-wasm.mjs";
import { gameFiles } from "../js/game-files.mjs";
import { snapshotBoot } from "../js/snapshot-boot.mjs";

// Not on the way to the runtime's start, so not fetched before it (index.html preloads
// them after the runtime's own files): imported where they are needed, the loading
// screen's progress and the phases as the runtime starts (evaluating a module takes a task
// of its own: after Python's start, one would come before the table's).
const snapshotStore = () => import("../js/snapshot-store.mjs");
let phaseModule = null;
const phases = () => (phaseModule ??= import("../js/phase.mjs"));
const progress = () => import("../js/progress.mjs");
const rehearsal = () => import("../js/warm-up.mjs");

export { version };

// PyScript passes the folder of *this* module as indexURL: point it at the runtime.
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
export const SNAPSHOT_KEY = `snapshot-${RUNTIME}`;
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
// A start-up step from `start` (a time or a mark's name) to now, and a mark "manni:<end>"
// (with `detail`) at its end when named. Never throws: timing is no reason to fail a start.
function measure(step, start, end, detail = null) {
  try {
    const at = end ? performance.mark(`manni:${end}`, { detail }).startTime : performance.now();
    performance.measure(`manni:${step}`, { start, end: at });
  } catch { /* no User Timing */ }
}

const snapshots = snapshotBoot({ RUNTIME, SNAPSHOT_KEY, root, phases, snapshots: snapshotStore });
const { fetchGame, writeLater, withGame, fetchCatalog, gameAsked } =
  gameFiles({ GAME_ZIP, LATER_ZIP, HOME, root, measure });
const loadRuntimeCompilingEarly = compilingEarly(loadRuntime, WASM_URL, root);

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
  snapshots.afterBoot(mode);
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
  // Without Navigation Timing (a test's faked clock) "interactive" comes before the deferred
  // scripts run, so only "complete" is sure; then DOMContentLoaded or load, whichever comes.
  const fired = nav ? nav.domContentLoadedEventStart > 0 : false;
  if (fired || document.readyState === "complete") resolve();
  else {
    addEventListener("DOMContentLoaded", resolve, { once: true });
    addEventListener("load", resolve, { once: true });
  }
});

// Python's output goes to PyScript's once it has asked for the runtime, till then to the
// console (as Pyodide's own would).
const io = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

let pythonStarts = false;
let fromSnapshot = false;  // the start Pyodide is making now
// Both zips before the first table: it needs the later one, or a plain start of a page its
// service worker serves (a snapshot holds every file already).
const laterAtOnce = () => LATER_AT_ONCE || (CACHED && !fromSnapshot);

// A plain start's runtime, made as Pyodide makes it; then, with the interpreter up and before
// Pyodide's bootstrap imports its package loader, static/py/package_loader.py makes that
// loader import shutil, tempfile, zipfile and the compression modules only when first used
// (scripts/vendor_runtime.py). If it cannot run, the bootstrap imports them.
async function createRuntime(settings) {
  const { default: create } = await import(`${INDEX_URL}pyodide.asm.mjs`);
  const module = await create(settings);
  const run = module.API && module.API.rawRun;
  const [failed, error] = typeof run === "function" ? run(PACKAGE_LOADER_SOURCE) : [1, "no rawRun"];
  if (failed) console.warn("Manni: the package loader is imported in full:", error);
  return module;
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
  const snapshot = await snapshots.open();
  if (snapshot) {
    snapshots.begin();
    let pyodide = null;
    fromSnapshot = true;
    try {
      pyodide = await loadRuntimeCompilingEarly({ ...config, _loadSnapshot: snapshot.bytes });
    } catch (err) {
      console.warn("Manni: the saved start-up snapshot did not load; starting normally.", err);
      await snapshots.failed();
    }
    if (pyodide) {
      snapshots.forget(pyodide);
      return started("snapshot", pyodide);
    }
    fromSnapshot = false;
  }
  // A plain start leaves the page's thread idle for seconds while the wasm downloads:
  // the table's first layout is rehearsed then (static/js/warm-up.mjs).
  rehearsal().then(({ warmUp }) => warmUp(() => pythonStarts), () => {});
  return started("plain", await loadRuntimeCompilingEarly({ ...config, createPyodideModule: createRuntime }));
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
