// The game's files: manni.zip (what the first table imports) fetched and inflated by
// game-reader.mjs off the page's thread while Python starts, its files written into Python's
// working directory; manni-later.zip (the rest) once the table is playable, or at once when
// the first table needs it; the boot language's catalog beside them.
// Inlined into static/vendor/runtime.mjs by scripts/vendor.py: no imports here.
export function gameFiles({ GAME_ZIP, LATER_ZIP, HOME, root, measure }) {
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
  const files = {
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
  self.manniGameFiles = files;

  let laterWritten = null;
  function writeLater(pyodide) {
    laterWritten ??= fetchGame(LATER_ZIP).then((zip) => {
      if (files.laterWritten) return;  // an import read them meanwhile
      const start = performance.now();
      writeGame(pyodide, zip);
      files.laterWritten = true;
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

  return { fetchGame, writeLater, withGame, fetchCatalog, gameAsked };
}
