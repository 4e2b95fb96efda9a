// When the page leaves its loading screen: resolves with #table's data-phase once it is
// no longer "loading" (an error screen says "error"; anything else is a playable table).
export function afterLoading() {
  return new Promise((resolve) => {
    const table = document.getElementById("table");
    if (!table) return;
    const check = () => {
      const phase = table.dataset.phase;
      if (phase === "loading") return false;
      resolve(phase);
      return true;
    };
    if (check()) return;
    const watch = new MutationObserver(() => { if (check()) watch.disconnect(); });
    watch.observe(table, { attributes: true, attributeFilter: ["data-phase"] });
  });
}

export function whenIdle(fn, delayMs = 0) {
  setTimeout(() => {
    if ("requestIdleCallback" in self) requestIdleCallback(fn, { timeout: 5000 });
    else fn();
  }, delayMs);
}
