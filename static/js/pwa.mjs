// Offline play and "Add to Home Screen": once the table is playable and the page idle, puts
// the manifest and the icons in the document (index.html's <template id="installable">) and
// registers the service worker (/sw.js, written by scripts/vendor.py); offers a new
// deploy as "A new version is ready — reload". The new version takes over only when the
// player says so, and the page reloads when it has, so no page ever mixes two builds. The
// saved match (localStorage) is not touched by any of this.
import { afterLoading, whenIdle } from "./phase.mjs";

const REGISTER_DELAY_MS = 1000;
// The waiting worker takes over only once the running one has no event in hand; if that
// has not happened by then, the page reloads anyway, which ends whatever of its own the
// running worker was serving, and the new version takes over on the next page.
const TAKE_OVER_WAIT_MS = 5000;
// sessionStorage: this tab's player asked for the new version (kept across that reload).
const ASKED_KEY = "manni:update-asked";

function asked() {
  try { return sessionStorage.getItem(ASKED_KEY) === "1"; } catch { return false; }
}

function setAsked(yes) {
  try {
    if (yes) sessionStorage.setItem(ASKED_KEY, "1");
    else sessionStorage.removeItem(ASKED_KEY);
  } catch { /* no sessionStorage: the request lasts this page only */ }
}

// `registration` is null when the new version is already in charge (another tab's Reload).
function offerUpdate(registration) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  if (!banner || !button) return;
  banner.hidden = false;
  button.disabled = false;
  document.documentElement.dataset.update = "ready";
  button.onclick = () => {
    button.disabled = true;
    takeOver(registration);
  };
}

function takeOver(registration, waitMs = TAKE_OVER_WAIT_MS) {
  const waiting = registration && registration.waiting;
  if (!waiting) { setAsked(false); location.reload(); return; }  // this page predates the active one
  setAsked(true);
  document.documentElement.dataset.update = "asked";
  waiting.postMessage({ type: "SKIP_WAITING" });
  if (waitMs) setTimeout(() => location.reload(), waitMs);
}

// From the page's start: a controller that changes under a page means a new version has
// taken over. If this tab asked for it, reload now; if another tab did, offer the reload
// (the player here may be mid-game with friends).
if ("serviceWorker" in navigator && navigator.serviceWorker.controller) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (asked()) {
      setAsked(false);
      location.reload();
    } else {
      offerUpdate(null);
    }
  });
}

async function register() {
  const registration = await navigator.serviceWorker.register(
    new URL("../../sw.js", import.meta.url), { scope: new URL("../../", import.meta.url).href,
                                                updateViaCache: "none" });
  document.documentElement.dataset.sw = "registered";
  // Only a worker that replaces a running one is an update (the first install is not).
  // It waits while this page is controlled by the old one; a page that no worker controls
  // (the visit that installed the first) sees the new one activate at once.
  const watch = (worker, replacing) => worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
    if (worker.state === "activated") {
      document.documentElement.dataset.sw = "active";
      if (replacing && !navigator.serviceWorker.controller) offerUpdate(registration);
    }
  });
  if (registration.waiting && navigator.serviceWorker.controller) {
    offerUpdate(registration);
    // Reloaded while the new version had not yet taken over: ask once more (a message may be
    // lost with a worker that was stopping), without another timed reload.
    if (asked()) takeOver(registration, 0);
  } else {
    setAsked(false);
  }
  if (registration.installing) watch(registration.installing, false);
  else if (registration.active) document.documentElement.dataset.sw = "active";
  registration.addEventListener("updatefound", () => watch(registration.installing, !!registration.active));
  // A phone keeps the app open for days: look for a new deploy when it comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

function installable() {
  const links = document.getElementById("installable");
  if (!links) return;
  links.remove();
  document.getElementById("icon-blank")?.remove();
  document.head.append(document.importNode(links.content, true));
}

afterLoading().then(() => whenIdle(installable));

if ("serviceWorker" in navigator && new URLSearchParams(location.search).get("sw") !== "0") {
  afterLoading().then((phase) => {
    if (phase !== "error") whenIdle(() => register().catch((err) => {
      document.documentElement.dataset.sw = "failed";
      console.warn("Manni: offline support is not available.", err);
    }), REGISTER_DELAY_MS);
  });
}
