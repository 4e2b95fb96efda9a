// Return visits start from a memory snapshot of the runtime (made by snapshot-worker.mjs
// after a plain boot, kept in IndexedDB under the runtime's build id: snapshot-store.mjs).
// Anything wrong with it (missing, stale, corrupt, no IndexedDB, a boot from it that never
// finished) means a plain boot, and a bad snapshot is deleted. localStorage names the build
// whose snapshot was saved: a first visit does not open IndexedDB at all (opening it the
// first time creates the database, on the way to the runtime's start).
// Inlined into static/vendor/runtime.mjs by scripts/vendor.py: no imports here.

// Set in sessionStorage while a page runs from the snapshot: from before the restore
// until the page is left normally (pagehide, once the table was reached). Still there on
// the next load means that page never ended well (a boot that hung, a crashed tab): the
// snapshot is deleted and, in localStorage, turned off for this runtime build.
const ATTEMPT = "manni:snapshot-attempt";
const OFF = "manni:snapshot-off";
const SAVED = "manni:snapshot-saved";
const IDLE_DELAY_MS = 2000;

function store(name, fn) {
  try { return fn(self[name]); } catch { return null; }  // storage may be off
}
function session(fn) { return store("sessionStorage", fn); }
function local(fn) { return store("localStorage", fn); }

// RUNTIME: the runtime's build id; SNAPSHOT_KEY: its snapshot's key; snapshots() and
// phases(): snapshot-store.mjs and phase.mjs, imported when needed.
export function snapshotBoot({ RUNTIME, SNAPSHOT_KEY, root, snapshots, phases }) {
  // ?snapshot=0 holds for the rest of the tab's session (the page drops its query after
  // start-up, so a reload would forget it); ?snapshot=1 ends it.
  const TAB_OFF = "manni:snapshot-tab-off";
  const asked = new URLSearchParams(location.search).get("snapshot");
  if (asked === "0") session((s) => s.setItem(TAB_OFF, "1"));
  if (asked === "1") session((s) => s.removeItem(TAB_OFF));
  let enabled = "indexedDB" in self && session((s) => s.getItem(TAB_OFF)) !== "1"
    && local((s) => s.getItem(OFF)) !== RUNTIME;

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

  // Pyodide keeps its options for the page's life: without this, the snapshot's 31 MB too.
  function forgetSnapshot(pyodide) {
    const config = pyodide._api && pyodide._api.config;
    if (config) delete config._loadSnapshot;
  }

  // A start from the snapshot begins (ended by pagehide, or by failed()).
  function begin() { session((s) => s.setItem(ATTEMPT, RUNTIME)); }

  // The snapshot did not load: a plain start follows, and the snapshot goes.
  function failed() {
    session((s) => s.removeItem(ATTEMPT));
    return discardSnapshots();
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

  return { open: openSnapshot, begin, failed, afterBoot, forget: forgetSnapshot };
}
