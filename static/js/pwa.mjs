// Offline play and "Add to Home Screen": once the table is playable and the page idle, puts
// the manifest and the icons in the document (index.html's <template id="installable">) and
// registers the service worker (/sw.js, written by scripts/vendor.py); offers a new
// deploy as "A new version is ready — reload". The new version takes over only when the
// player says so, and the page reloads at once, so no page ever mixes two builds. The
// saved match (localStorage) is not touched by any of this.
import { afterLoading, whenIdle } from "./phase.mjs";

const REGISTER_DELAY_MS = 1000;

function offerUpdate(registration) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  if (!banner || !button) return;
  banner.hidden = false;
  document.documentElement.dataset.update = "ready";
  button.onclick = () => {
    button.disabled = true;
    const waiting = registration.waiting;
    if (!waiting) { location.reload(); return; }  // already active: this page predates it
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    waiting.postMessage({ type: "SKIP_WAITING" });
  };
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
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
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
