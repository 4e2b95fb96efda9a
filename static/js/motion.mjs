// Motion and sound at the table, with the Web Animations API: no library.
//
// manni/ui/page/shell.py calls window.manniMotion.before() just before it redraws #game and
// .after(json) just after, with what moved since the last draw (Game.take_motions):
//   ["deal"], ["play", seat, code], ["gather", winner, trick key], ["exchange", seat, out, in]
// Cards fly FLIP-style (drawn at their new place, animated from where they were). Nothing
// here decides anything or waits: the page's hooks (#table data-*) are already set when an
// animation starts, and taps reach the controls at their places at all times: a card on
// its way (class in-flight) and the flying copies have pointer-events: none. Face-down
// copies are plain backs: they carry no card.
// prefers-reduced-motion turns every move into a fade.

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
const stats = { moves: 0, fades: 0 };  // read by tests/e2e/test_table_view.py
let handRects = new Map();   // card code -> its rect in the hand before the redraw
let doneTrick = null;        // the finished trick on the table before the redraw
const gathered = new Set();  // trick keys already gathered (a redraw keeps them gathered)
let lastTurn = null;
let audio = null;

function layer() {
  let el = document.getElementById("motion-layer");
  if (!el) {
    el = document.createElement("div");
    el.id = "motion-layer";
    el.className = "motion-layer";
    el.setAttribute("aria-hidden", "true");
    document.body.appendChild(el);
  }
  return el;
}

const rectOf = (el) => (el ? el.getBoundingClientRect() : null);
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const q = (sel) => document.querySelector(sel);

function animate(el, frames, opts) {
  const fade = reduced.matches;
  if (fade) {
    stats.fades++;
    return el.animate(frames.map((f) => ({ opacity: f.opacity ?? 1 })), opts);
  }
  stats.moves++;
  return el.animate(frames, opts);
}

// The element is drawn at its place (`to`, its rect): make it come from `from` (a rect). On
// its way it is no target: a tap goes to what rests under the finger (a button the card
// crosses), and the card takes taps again once it has landed. Callers moving several cards
// read every rect first: a rect read after a card's class changed lays the page out again.
function flyFrom(el, from, ms, delay = 0, s = 1, to = rectOf(el)) {
  if (!from || !to || !to.width) return;
  const a = centre(from), b = centre(to);
  el.classList.add("in-flight");  // a class, not a style attribute: the CSP allows none
  const land = () => el.classList.remove("in-flight");
  animate(el, [
    { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${s})`, opacity: reduced.matches ? 0 : 1 },
    { transform: "none", opacity: 1 },
  ], { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" })
    .finished.then(land, land);
}

// A face-down copy flying from one rect to another, then gone.
function backFlight(from, to, ms, delay) {
  if (!from || !to) return;
  const el = document.createElement("span");
  el.className = "card back flying";
  const a = centre(from), b = centre(to);
  el.style.left = `${a.x}px`;
  el.style.top = `${a.y}px`;
  layer().appendChild(el);
  const run = animate(el, [
    { transform: "translate(-50%, -50%)", opacity: 0 },
    { transform: "translate(-50%, -50%)", opacity: 1, offset: 0.15 },
    { transform: `translate(calc(${b.x - a.x}px - 50%), calc(${b.y - a.y}px - 50%))`, opacity: 1, offset: 0.85 },
    { transform: `translate(calc(${b.x - a.x}px - 50%), calc(${b.y - a.y}px - 50%))`, opacity: 0 },
  ], { duration: ms, delay, easing: "ease-in-out", fill: "both" });
  run.finished.then(() => el.remove(), () => el.remove());
}

function seatRect(seat) {
  if (seat === 0) return rectOf(q("#hand")) || rectOf(q(".seat-0"));
  return rectOf(q(`.seat-${seat} .fan`)) || rectOf(q(`.seat-${seat}`));
}
const manniRect = () => rectOf(q(".manni-row")) || rectOf(q(".contract-box"));

// -- the events ----------------------------------------------------------------------------
function deal(ms, brisk) {
  const from = manniRect();
  const cards = [...document.querySelectorAll("#hand [data-card]")];
  const step = brisk ? 0 : Math.min(ms / 6, 500 / Math.max(1, cards.length));
  const flights = cards.map((el, i) => [el, i, 0.6]);
  for (const seat of [1, 2, 3]) {  // no seat 3 at a table of three
    document.querySelectorAll(`.seat-${seat} .fan .back`).forEach((el, i) => flights.push([el, i, 0.8]));
  }
  const rects = flights.map(([el]) => rectOf(el));
  flights.forEach(([el, i, s], k) => flyFrom(el, from, ms, i * step, s, rects[k]));
}

function play(seat, code, ms) {
  const card = q(`.trick .slot-${seat} .card`);
  if (!card) return;
  const own = seat === 0 && handRects.get(code);
  if (own) flyFrom(card, own, ms, 0, own.width / rectOf(card).width);
  else flyFrom(card, seatRect(seat), ms, 0, 0.6);
}

// The finished trick slides to its winner's pile: copies of its cards fly (outside the
// table), the trick itself is hidden at once (class "gathered", kept if it is redrawn).
function gather({ key, winner, cards }, ms) {
  gathered.add(key);
  const trick = q(`.trick.done[data-trick="${key}"]`);
  if (trick) trick.classList.add("gathered");
  const pile = rectOf(q(`.pile[data-pile="${winner}"]`)) || seatRect(winner);
  if (!pile) return;
  const to = centre(pile);
  for (const { html, rect } of cards) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const el = holder.firstElementChild;
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
    el.classList.add("flying");
    el.style.left = `${rect.left}px`;
    el.style.top = `${rect.top}px`;
    layer().appendChild(el);
    const a = centre(rect);
    animate(el, [
      { transform: "none", opacity: 1 },
      { transform: `translate(${to.x - a.x}px, ${to.y - a.y}px) scale(0.3)`, opacity: 0.2 },
    ], { duration: ms, easing: "ease-in", fill: "forwards" }).finished.then(() => el.remove(), () => el.remove());
  }
}

function finishedTrick() {
  const trick = q(".trick.done:not(.gathered)");
  if (!trick || gathered.has(trick.dataset.trick)) return null;
  return {
    key: trick.dataset.trick, winner: Number(trick.dataset.winner),
    cards: [...trick.querySelectorAll(".card")].map((el) => ({ html: el.outerHTML, rect: rectOf(el) })),
  };
}

// After the trick pause; or at once if the table is redrawn without it first (the next lead).
function scheduleGather(key, ms, pause) {
  setTimeout(() => {
    const done = finishedTrick();
    if (done && done.key === key) gather(done, ms);
  }, ms + pause);
}

function exchange(seat, out, got, ms) {
  const manni = manniRect(), hand = seatRect(seat);
  const n = Math.min(out, 6), m = Math.min(got, 6);
  for (let i = 0; i < n; i++) backFlight(hand, manni, ms * 1.6, i * 60);
  for (let i = 0; i < m; i++) backFlight(manni, hand, ms * 1.6, (n ? ms * 0.6 : 0) + i * 60);
}

// Your remaining cards close the gap (FLIP), e.g. after you played or exchanged.
function reflowHand(ms) {
  const cards = [...document.querySelectorAll("#hand [data-card]")];
  const rects = cards.map(rectOf);  // every rect before the first animation
  for (const [i, el] of cards.entries()) {
    const was = handRects.get(el.dataset.card);
    const now = rects[i];
    if (!was || !now || (Math.abs(was.left - now.left) < 1 && Math.abs(was.top - now.top) < 1)) continue;
    if (reduced.matches) continue;  // nothing to fade: the card was there already
    // one keyframe: it ends on the card's own transform (a selected card stays raised)
    animate(el, [{ transform: `translate(${was.left - now.left}px, ${was.top - now.top}px)`, offset: 0 }],
      { duration: ms, easing: "ease-out" });
  }
}

// -- sound and haptics (off unless the player turns them on in the menu) --------------------
function tone(freq, start, length, type = "sine", gain = 0.12) {
  const ctx = audio;
  const osc = ctx.createOscillator(), g = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t = ctx.currentTime + start;
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(g).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

function snap() {  // a card laid down: a short burst of filtered noise
  const ctx = audio;
  const buf = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.05), ctx.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ctx.createBufferSource(), filter = ctx.createBiquadFilter(), g = ctx.createGain();
  src.buffer = buf;
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  g.gain.value = 0.5;
  src.connect(filter).connect(g).connect(ctx.destination);
  src.start();
}

const SOUNDS = {
  card: snap,
  trick: () => { tone(523, 0, 0.18); tone(784, 0.09, 0.25); },
  won: () => { tone(659, 0, 0.16); tone(880, 0.08, 0.18); tone(1319, 0.16, 0.3); },
  turn: () => tone(988, 0, 0.22, "triangle", 0.1),
};

function sound(name, on) {
  if (!on) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    SOUNDS[name]();
  } catch (e) { /* no audio here: stay silent */ }
}

// -- the page's calls ------------------------------------------------------------------------
function before() {
  handRects = new Map();
  for (const el of document.querySelectorAll("#hand [data-card]")) handRects.set(el.dataset.card, rectOf(el));
  doneTrick = finishedTrick();
}

function after(json) {
  const m = JSON.parse(json);
  document.documentElement.dataset.motion = reduced.matches ? "reduced" : "full";
  const trick = q(".trick.done");
  if (trick && gathered.has(trick.dataset.trick)) trick.classList.add("gathered");
  if (doneTrick && !q(`.trick.done[data-trick="${doneTrick.key}"]`)) gather(doneTrick, m.ms);
  doneTrick = null;
  let dealt = false;
  for (const [kind, ...args] of m.events) {
    if (kind === "deal") { deal(m.ms, m.brisk); dealt = true; }
    else if (kind === "play") { play(args[0], args[1], m.ms); sound("card", m.sound); }
    else if (kind === "gather") {
      scheduleGather(args[1], m.ms, m.pause);
      setTimeout(() => sound(args[0] === 0 ? "won" : "trick", m.sound), m.ms);
    } else if (kind === "exchange") exchange(args[0], args[1], args[2], m.ms);
  }
  if (!dealt && !m.brisk) reflowHand(m.ms);
  if (m.turn && lastTurn === false) {
    sound("turn", m.sound);
    if (m.haptics && navigator.vibrate) navigator.vibrate(40);
  }
  lastTurn = m.turn;
}

window.manniMotion = { before, after, stats, sound: (name) => sound(name, true) };
