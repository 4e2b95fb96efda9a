// The first table's layout, rehearsed while the runtime downloads. The first time the page
// lays out a table, the browser looks up each font size and weight it uses and the
// glyphs (the suits) that the first font lacks: on a phone-class start that is most of
// the first render. Laying out a table once while the page's thread waits on the network
// fills those caches, so the real first table, drawn once Python is up, finds them full.
// TABLE is a new Classic match's table as the game draws it (scripts/vendor.py renders
// it): no one's cards but those of that made-up deal's own player. It is laid out hidden,
// inert and out of the accessibility tree, and removed in the same task, before anything
// is painted.
import { TABLE } from "../vendor/sample-table.mjs";

// Resolves once the page's stylesheet applies: loaded, and switched on by static/js/boot.js.
function styled() {
  return new Promise((resolve) => {
    const css = document.getElementById("app-css");
    if (!css) return resolve(false);
    const check = () => {
      if (!css.sheet || css.media !== "all") return;
      watch.disconnect();
      resolve(true);
    };
    const watch = new MutationObserver(check);
    watch.observe(css, { attributes: true, attributeFilter: ["media"] });
    css.addEventListener("load", check, { once: true });
    css.addEventListener("error", () => resolve(false), { once: true });
    check();
  });
}

// Lays the sample out once, unless `busy()` says the runtime no longer leaves the page's
// thread idle (Python has started: the work would then delay the table, not prepare it).
// Never throws: a failed rehearsal only means a slower first render.
export async function warmUp(busy) {
  try {
    const ok = await styled();
    const table = document.getElementById("table");
    if (!ok || !table || busy()) return;
    const start = performance.now();
    const box = document.createElement("div");
    box.className = "warm-up";
    box.inert = true;
    box.setAttribute("aria-hidden", "true");
    box.innerHTML = TABLE;
    table.append(box);
    box.getBoundingClientRect();  // the layout itself
    box.remove();
    performance.measure("manni:warm-up", { start, end: performance.mark("manni:warmed-up").startTime });
  } catch { /* no sample, no stylesheet: nothing rehearsed */ }
}
