// Where the runtime's memory snapshot is kept: IndexedDB, one database with one record
// (the bytes, keyed by the runtime build they belong to). Used by runtime.mjs (the page),
// snapshot-worker.mjs (writes it) and snapshot-reader.mjs (reads it).
//
// Not Cache Storage: where website data is held in memory (WebKit's ephemeral sessions:
// Safari's private tabs, WebKitGTK under automation), a Cache Storage entry lives only as
// long as a client that opened the cache: one written by a worker is gone once the worker
// is terminated, one written by the page once the page is reloaded. IndexedDB keeps it
// there as everywhere else.
export const DATABASE = "manni-snapshot";
const STORE = "snapshots";
const LEGACY_CACHE = "manni-snapshot";  // where older builds kept it

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open() {
  const req = indexedDB.open(DATABASE, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

// Runs fn(store) in one transaction; resolves with fn's request's result once committed.
async function transact(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let result;
      request(fn(tx.objectStore(STORE))).then((r) => { result = r; }, () => {});
      tx.oncomplete = () => resolve(result);
      tx.onerror = tx.onabort = () => reject(tx.error || new Error("snapshot store aborted"));
    });
  } finally {
    db.close();
  }
}

export async function hasSnapshot(key) {
  return (await transact("readonly", (s) => s.count(key))) > 0;
}

// The snapshot's bytes (an ArrayBuffer), or null.
export async function readSnapshot(key) {
  const value = await transact("readonly", (s) => s.get(key));
  if (value instanceof Blob) return value.arrayBuffer();
  return value instanceof ArrayBuffer ? value : null;
}

// Stores the snapshot as the only one (older builds' are dropped). As a Blob, which
// Chromium reads several times faster than an ArrayBuffer; as an ArrayBuffer where a Blob
// cannot be stored (WebKit's ephemeral sessions refuse them).
export async function writeSnapshot(key, bytes) {
  const put = (value) => transact("readwrite", (s) => {
    s.clear();
    return s.put(value, key);
  });
  try {
    await put(new Blob([bytes]));
  } catch {
    await put(bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer);
  }
  if (self.caches) await caches.delete(LEGACY_CACHE).catch(() => {});
}

export async function dropSnapshots() {
  try {
    await transact("readwrite", (s) => s.clear());
  } catch { /* nothing to drop */ }
}
