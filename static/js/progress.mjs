// The loading screen's progress: which step the start-up is in, and how much of the
// runtime has arrived. Bytes come from Resource Timing (each file counts once it is
// complete; sizes unpacked, against the totals scripts/vendor.py wrote in build.mjs), so
// nothing here touches the downloads themselves.
import { DOWNLOADS } from "../vendor/build.mjs";

// English fallbacks; boot.js's t() gives the player's language where it has the key.
export const STEPS = {
  download: "Downloading Python…",
  start: "Starting Python…",
};
const say = (key, english) => (window.manniBoot && window.manniBoot.t
  ? window.manniBoot.t(key, english) : english);

const root = new URL("../../", import.meta.url).href;
const sizes = new Map(Object.entries(DOWNLOADS).map(([path, n]) => [new URL(path, root).href, n]));
const total = Array.from(sizes.values()).reduce((a, b) => a + b, 0);
const arrived = new Map();
let current = "download";

const mb = (n) => (n / 1e6).toFixed(1);

function show() {
  let got = 0;
  for (const n of arrived.values()) got += n;
  const bar = document.getElementById("boot-progress");
  if (bar) {
    // Bytes while downloading; after that, no number is honest: an indeterminate bar.
    if (current === "download" && total) bar.value = got / total;
    else bar.removeAttribute("value");
  }
  const detail = current === "download" && total
    ? say("step_bytes", "{got} of {total} MB").replace("{got}", mb(got)).replace("{total}", mb(total))
    : "";
  if (window.manniBoot) window.manniBoot.progress(say(`step_${current}`, STEPS[current]), detail);
}

// Moves forward only: download -> start.
function step(name) {
  const order = Object.keys(STEPS);
  if (order.indexOf(name) <= order.indexOf(current)) return;
  current = name;
  show();
}

function record(entries) {
  for (const e of entries) {
    const url = e.name.split("#")[0];
    if (sizes.has(url) && !arrived.has(url)) arrived.set(url, sizes.get(url));
  }
  if (arrived.size === sizes.size) step("start");
  else if (current === "download") show();
}

if ("PerformanceObserver" in self) {
  try {
    new PerformanceObserver((list) => record(list.getEntries()))
      .observe({ type: "resource", buffered: true });
  } catch { /* an old browser: the steps still show */ }
}
// runtime.mjs may import this before boot.js (deferred) has run: show again once it has.
if (window.manniBoot) show();
else addEventListener("DOMContentLoaded", show, { once: true });
