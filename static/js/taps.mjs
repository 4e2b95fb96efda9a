// A tap survives a redraw. Page.render() (manni/ui/page/shell.py) replaces #game wholesale:
// a card or button pressed with a mouse just before a redraw and released just after is gone
// at the release, and the browser sends no click at all (Chromium 156, checked). A message from a
// friends' table or a hint that has finished thinking redraws while it is your turn.
// Here, when the pressed control was replaced and the release lands on its redrawn twin
// (same card, same action), the twin is clicked: the one click path decides as for any tap.
// Mouse only: a finger's tap is a gesture the browser hit-tests when it ends, so it already
// reaches the twin (checked), and a second click from here would come on top of it.

const CONTROL = "[data-card], [data-action]";
const keyOf = (el) => [el.dataset.card, el.dataset.action, el.dataset.contract].join("|");
let pressed = null;  // {el, key, id}: the control under the last mouse press
let owed = null;     // a twin to click unless the browser clicks something itself first

function control(target) {
  return target instanceof Element ? target.closest(CONTROL) : null;
}

document.addEventListener("pointerdown", (e) => {
  const el = e.pointerType === "mouse" && e.button === 0 ? control(e.target) : null;
  pressed = el && { el, key: keyOf(el), id: e.pointerId };
}, true);

document.addEventListener("pointerup", (e) => {
  const p = pressed;
  pressed = null;
  if (!p || p.id !== e.pointerId || p.el.isConnected) return;
  const twin = control(e.target);
  if (!twin || keyOf(twin) !== p.key) return;
  owed = twin;
  // The browser's own click, if it sends one, comes in this same task: it wins.
  setTimeout(() => {
    const el = owed;
    owed = null;
    if (el && el.isConnected) el.click();
  }, 0);
}, true);

document.addEventListener("pointercancel", () => { pressed = null; }, true);
document.addEventListener("click", (e) => { if (e.isTrusted) owed = null; }, true);
