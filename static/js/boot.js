/*
 * Loading screen and start-up failure handling for the Manni page.
 *
 * Plain JavaScript, a deferred classic <script> fetched first, so it works even when
 * the Python runtime never arrives. Contract with the page:
 *   - #table carries data-phase="loading" until Python changes it;
 *   - #boot-message / #boot-detail / #boot-reload show progress and errors
 *     (the start-up steps and bytes come from static/js/progress.mjs);
 *   - the loading texts (data-boot-text) stay hidden until <html data-boot-lang> says they
 *     are in the player's language; #app-css, the page's stylesheet, waits for media="all".
 * Python (or anything else) can report a fatal start-up problem with
 *   window.manniBoot.fail("what went wrong", "optional detail").
 */
(function () {
  "use strict";

  // After this long without Python, say so (the runtime is ~6 MB gzipped on a
  // first visit: a slow phone connection can legitimately take a while).
  var SLOW_MS = 20000;
  // After this long, give up and show an error.
  var FAIL_MS = 120000;

  var timers = [];
  var done = false;

  // Texts in the player's language, put before this code by scripts/vendor.py (which
  // serves static/vendor/boot.js, texts and code, from the catalogs and this file); the
  // English fallbacks below without them.
  var TEXT = window.MANNI_BOOT_TEXT || {};
  var SETTINGS_KEY = window.MANNI_SETTINGS_KEY;  // the page's saved settings (JSON)
  var lang = pickLanguage();
  document.documentElement.lang = lang;

  function pickLanguage() {
    var saved;
    try { saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}").lang; } catch (e) { saved = ""; }
    if (saved && TEXT[saved]) return saved;
    var prefs = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i]).toLowerCase().split("-")[0];
      if (TEXT[code]) return code;
    }
    return "en";
  }

  function t(key, fallback) {
    return (TEXT[lang] && TEXT[lang][key]) || fallback;
  }

  function $(id) { return document.getElementById(id); }
  function phase() { var t = $("table"); return t ? t.dataset.phase : undefined; }
  function loading() { return !done && phase() === "loading"; }

  function setText(id, text) { var el = $(id); if (el) el.textContent = text; }

  // Elements marked data-boot-text="key" (text) or data-boot-aria="key" (aria-label), and the
  // game's name; their English stays when the language lacks the key. Then the texts may show.
  // The how-to-play card of the game the player last played (Manni's unless Manille's).
  function pickHowto() {
    var game;
    try { game = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}").variant; } catch (e) { game = ""; }
    var lists = document.querySelectorAll(".boot-howto [data-howto]");
    var wanted = game === "manille" ? "manille" : "manni";
    lists.forEach(function (el) { el.hidden = el.dataset.howto !== wanted; });
  }

  // The game's name (game.<rule set>): the address's ?rules=, else the saved settings'
  // variant; Manni's at a friends' table (the host's game is not known yet).
  var LONG_NAME = 9;  // letters: a longer name is set smaller (manni/ui/title.py says the same)
  function gameName(fallback) {
    var query = new URLSearchParams(location.search), rules = query.get("rules");
    if (query.has("table")) return fallback;
    if (!rules) {
      try { rules = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}").variant; } catch (e) { rules = ""; }
    }
    if (rules === "classic-minus") rules = "classic";
    return t("game." + rules, fallback);
  }

  // fn(element, key) for each element marked with the attribute `name`.
  function eachMarked(name, fn) {
    document.querySelectorAll("[" + name + "]").forEach(function (el) { fn(el, el.getAttribute(name)); });
  }

  function translateMarked() {
    eachMarked("data-boot-text", function (el, key) { el.textContent = t(key, el.textContent); });
    var name = gameName(t("app.title", document.title));
    document.querySelectorAll('[data-i18n="app.title"]').forEach(function (el) {
      el.textContent = name;
      el.classList.toggle("long", name.length > LONG_NAME);
    });
    document.title = name;
    eachMarked("data-boot-aria", function (el, key) {
      el.setAttribute("aria-label", t(key, el.getAttribute("aria-label")));
    });
    document.documentElement.dataset.bootLang = lang;
  }

  function progress(message, detail) {
    if (!loading()) return;
    if (message) setText("boot-message", message);
    setText("boot-detail", detail || "");
  }

  function finish() {
    done = true;
    timers.forEach(clearTimeout);
    timers = [];
  }

  function fail(reason, detail) {
    if (done && phase() === "error") return;  // keep the first error
    finish();
    var table = $("table");
    if (table) {
      table.dataset.phase = "error";
      table.setAttribute("aria-busy", "false");
    }
    var status = $("boot-status");
    if (status) status.setAttribute("role", "alert");
    setText("boot-message", t("failed", "Manni could not start: {reason}").replace("{reason}", reason));
    detail = String(detail || "");
    setText("boot-detail", detail.length > 160 ? detail.slice(0, 159) + "…" : detail);
    var reload = $("boot-reload");
    if (reload) reload.hidden = false;
  }

  // For the page's Python (manni/ui/page/shell.py), which puts every marked text in the
  // player's language with one call each way (a call from Python costs more than the work):
  // the keys marked under each attribute, then {attribute: {key: text}} to put in place.
  var MARKED = { "data-i18n": null, "data-i18n-aria": "aria-label",
                 "data-boot-text": null, "data-boot-aria": "aria-label" };

  function markedKeys() {
    var keys = {};
    Object.keys(MARKED).forEach(function (name) {
      var seen = {};
      eachMarked(name, function (el, key) { seen[key] = true; });
      keys[name] = Object.keys(seen);
    });
    return JSON.stringify(keys);
  }

  function fillMarked(json) {
    var texts = JSON.parse(json);
    Object.keys(texts).forEach(function (name) {
      var into = MARKED[name], byKey = texts[name];
      if (into === undefined) return;
      eachMarked(name, function (el, key) {
        var text = byKey[key];
        if (typeof text !== "string") return;
        if (into) el.setAttribute(into, text);
        else el.textContent = text;
      });
    });
  }

  window.manniBoot = { progress: progress, fail: fail, t: t,
                       markedKeys: markedKeys, fillMarked: fillMarked };

  // A script or stylesheet of the runtime failed to load (404, offline, …).
  // Resource errors do not bubble, so listen in the capture phase.
  addEventListener("error", function (event) {
    var el = event.target;
    if (!loading() || !el || el === window) return;
    var url = el.src || el.href;
    if (url && (el.tagName === "SCRIPT" || el.tagName === "LINK")) {
      fail(t("file_failed", "a file could not be loaded."), url);
    }
  }, true);

  // This script is deferred: a download that failed before it ran fired its error event
  // unheard. Resource Timing still lists it (status 0 for a network error). Browsers
  // without responseStatus fall back to the timeouts below.
  function failedEarlier() {
    if (!window.performance || !performance.getEntriesByType) return;
    var ours = {};
    document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="preload"], ' +
                              'link[rel="modulepreload"]').forEach(function (el) {
      ours[el.src || el.href] = true;
    });
    performance.getEntriesByType("resource").forEach(function (entry) {
      var status = entry.responseStatus;
      if (!ours[entry.name] || typeof status !== "number") return;
      if (status >= 400 || (status === 0 && entry.decodedBodySize === 0)) {
        fail(t("file_failed", "a file could not be loaded."), entry.name);
      }
    });
  }

  // The Python runtime failing to download or start surfaces as a rejected promise.
  addEventListener("unhandledrejection", function (event) {
    if (!loading()) return;
    // The runtime's own words ("Pyodide has suffered a fatal error…") go to the console.
    console.error(event.reason);
    fail(t("runtime_failed", "the Python runtime failed to load."),
         t("runtime_hint", "Reload the page; if it fails again, this browser may not run it."));
  });

  // An uncaught Python error is shown by PyScript as a .py-error element (and a
  // console.error); it fires no window error event.
  function watchPyErrors() {
    new MutationObserver(function () {
      if (!loading()) return;
      var err = document.querySelector(".py-error");
      if (err) fail(t("python_error", "a Python error occurred."), err.textContent.trim().split("\n").pop());
    }).observe(document.body || document.documentElement, { childList: true, subtree: true });
  }

  // Stop the timers as soon as Python moves the page out of "loading".
  function watchPhase() {
    var table = $("table");
    if (!table) return;
    new MutationObserver(function () {
      if (phase() !== "loading" && !done) finish();
    }).observe(table, { attributes: true, attributeFilter: ["data-phase"] });
  }

  function start() {
    pickHowto();
    translateMarked();
    var css = $("app-css");
    if (css) css.media = "all";
    failedEarlier();
    watchPyErrors();
    watchPhase();
    var reload = $("boot-reload");
    // Reload without the query string: a bad ?seed=… must not fail again.
    if (reload) reload.addEventListener("click", function () { location.replace(location.pathname); });
    timers.push(setTimeout(function () {
      progress(t("still_loading", "Still loading…"),
               t("first_visit", "Starting Python in the browser takes a while on first visit."));
    }, SLOW_MS));
    timers.push(setTimeout(function () {
      if (loading()) fail(t("timeout", "the Python runtime did not start in time."),
                          t("check_connection", "Check your connection and reload."));
    }, FAIL_MS));
    if (typeof WebAssembly !== "object") {
      fail(t("no_wasm", "this browser does not support WebAssembly."));
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
