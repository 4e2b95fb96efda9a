// Firefox (Gecko) through puppeteer-core over WebDriver BiDi: boots the game, plays a deal's
// first cards, returns from the runtime snapshot, plays offline, opens Manille's four seats,
// with no console error. Run by tests/e2e/test_firefox.py:
//   node tests/e2e/firefox_check.cjs FIREFOX_PATH
// Serves the repository itself on a free 127.0.0.1 port (stopped for the offline visit).
// Prints one JSON line: {"ok": true, "steps": [...]} or {"ok": false, "error", "shown"}.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const ROOT = path.resolve(__dirname, "..", "..");
const BOOT_MS = 150000;
const STEP_MS = 30000;
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
  ".toml": "text/plain", ".zip": "application/zip", ".svg": "image/svg+xml",
  ".png": "image/png", ".webmanifest": "application/manifest+json", ".py": "text/plain" };

function serve() {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = path.join(ROOT, rel.endsWith("/") ? rel + "index.html" : rel);
    if (!file.startsWith(ROOT + path.sep)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
                           "Cache-Control": "no-cache" });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const BOOTED = () => { const t = document.getElementById("table");
  return !!t && t.dataset.phase !== "loading"
    && (t.dataset.phase === "error" || !!t.dataset.turn); };
const SHOWN = () => ({ table: { ...(document.getElementById("table") || {}).dataset },
  html: { ...document.documentElement.dataset },
  errors: [...document.querySelectorAll(".py-error")].map((e) => e.textContent) });

async function main() {
  const steps = [];
  const errors = [];
  let server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: process.argv[2],
                                           headless: true });
  const page = await browser.newPage();
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const table = () => page.evaluate(() => ({ ...document.getElementById("table").dataset }));
  const actions = () => page.evaluate(
    () => JSON.parse(localStorage.getItem("manni:record") || '{"actions": []}').actions.length);
  async function booted() {
    await page.waitForFunction(BOOTED, { timeout: BOOT_MS, polling: 200 });
    const st = await table();
    if (st.phase === "error") throw new Error("the boot failed");
    if (await page.$(".py-error")) throw new Error("a Python error is shown");
    return st;
  }
  async function settled(n = 0, deal = 0) {
    await page.waitForFunction((n, deal) => { const t = document.getElementById("table").dataset;
      return t.turn === "you" && Number(t.actions) >= n && Number(t.deal) >= deal; },
      { timeout: STEP_MS, polling: 100 }, n, deal);
    return table();
  }
  async function step() {  // one sensible move, as tests/e2e/manni_page.py's step()
    const st = await settled();
    const n = Number(st.actions);
    if (st.phase === "exchange") {
      await page.click((await page.$("[data-action=keep-hand]"))
        ? "[data-action=keep-hand]" : "[data-action=confirm-discard]");
      return settled(n + 1);
    }
    if (st.phase === "play") {
      await page.click((await page.$("[data-action=let-lead]"))
        ? "[data-action=let-lead]" : "#hand button[data-card].playable");
      return settled(n + 1);
    }
    if (st.phase === "deal-over") {
      await page.click("[data-action=next-deal]");
      return settled(n, Number(st.deal) + 1);
    }
    return st;
  }
  async function playACard() {
    const before = await actions();
    for (let i = 0; i < 10; i++) {
      const st = await step();
      if (st.phase === "play" && (await actions()) > before) return;
    }
    throw new Error("no card played");
  }
  async function newMatch(variant) {
    await page.click("[data-action=menu]");
    await page.select("#opt-variant", variant);
    await page.select("#opt-level", "easy");
    await page.select("#opt-speed", "fastest");
    await page.click("[data-action=start-match]");
    return settled();
  }
  const html = () => page.evaluate(() => ({ ...document.documentElement.dataset }));
  try {
    await page.goto(url);
    await booted();
    if ((await html()).boot !== "plain") throw new Error("the first visit did not boot plainly");
    steps.push("boot");
    await newMatch("classic");
    await playACard();
    await playACard();
    steps.push("first cards");
    await page.waitForFunction(() => document.documentElement.dataset.snapshot
      && document.documentElement.dataset.sw === "active", { timeout: BOOT_MS, polling: 200 });
    if ((await html()).snapshot !== "saved") throw new Error("no snapshot saved");
    const record = await page.evaluate(() => localStorage.getItem("manni:record"));
    await page.reload();
    await booted();
    if ((await html()).boot !== "snapshot") throw new Error("the return visit did not restore");
    if (await page.evaluate(() => localStorage.getItem("manni:record")) !== record) {
      throw new Error("the return visit lost the match");
    }
    await playACard();
    steps.push("return visit from the snapshot");
    await new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
    server = null;  // offline: nothing answers on the site's port
    await page.reload();
    await booted();
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
      throw new Error("no service worker controls the offline page");
    }
    await playACard();
    steps.push("offline");
    await newMatch("manille");
    const four = await page.evaluate(() => [".felt.four", "#game section.seat"]
      .map((s) => document.querySelectorAll(s).length));
    if (four[0] !== 1 || four[1] !== 4) throw new Error(`Manille's table: ${four}`);
    await playACard();
    steps.push("Manille's four seats");
    if (errors.length) throw new Error(`console errors: ${JSON.stringify(errors)}`);
    steps.push("no console error");
    console.log(JSON.stringify({ ok: true, steps }));
  } catch (e) {
    let shown = null;
    try { shown = await page.evaluate(SHOWN); } catch (_) { /* the page is gone */ }
    console.log(JSON.stringify({ ok: false, steps, error: String(e && e.message || e), errors,
                                 shown }));
    process.exitCode = 1;
  } finally {
    await browser.close();
    if (server) server.close();
  }
}

main();
