"""Helpers to drive the Manni page in tests (imported by tests/e2e/test_*.py).

Only the automation hooks of docs/ui.md are used: #table[data-phase|data-turn|data-actions],
#hand button[data-card], [data-action=...], #notice, #menu-message.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from manni.actions import KEEP, Play  # noqa: E402
from manni.cards import card_code, cards_of  # noqa: E402
from manni.match import Match  # noqa: E402
from manni.record import loads  # noqa: E402
from manni.text import Translator  # noqa: E402

import crashes  # noqa: E402
from browser import BOOT_TIMEOUT_MS as BOOT_MS, Monitor, wait_until_booted  # noqa: E402

RECORD_KEY = "manni:record"
SETTINGS_KEY = "manni:settings"
STEP_MS = 30_000

SETTLED = ("() => { const t = document.getElementById('table');"
           " return t && t.dataset.turn === 'you' && t.dataset.phase !== 'loading'"
           " && Number(t.dataset.actions) >= %d && Number(t.dataset.deal) >= %d; }")


# From now on, window.__moves gets [when, actions, turn, phase, a finished trick shown] each
# time #table[data-actions] changes (a move landed on the table).
WATCH_MOVES = """() => { window.__moves = []; let last = null;
  new MutationObserver(() => { const t = document.getElementById('table');
    if (t && t.dataset.actions !== last) { last = t.dataset.actions;
      window.__moves.push([performance.now(), Number(last), t.dataset.turn, t.dataset.phase,
                           !!document.querySelector('.trick.done')]); } })
  .observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true}); }"""

PageMonitor = Monitor  # browser.Monitor: the one monitor, here on module-scoped contexts


# Notes where the last taps landed (the nearest card or control, else the element), for
# SHOWN: a lost tap says what took it.
TAPS = """if (!window.__taps) { window.__taps = [];
  for (const type of ['pointerdown', 'pointerup', 'click']) addEventListener(type, (e) => {
    const t = e.target instanceof Element ? e.target : null;
    const c = t && t.closest('[data-card], [data-action]');
    window.__taps.push(`${type} ${c ? c.dataset.card || c.dataset.action : t ? t.id || t.nodeName : '?'}`);
    window.__taps.splice(0, window.__taps.length - 6);
  }, true); }"""


def boot(page, url: str) -> None:
    page.add_init_script(TAPS)
    page.goto(url)
    booted(page)


def booted(page) -> None:
    """Waits for the page's boot to end, and fails with what the loading screen says if it
    ended on the error screen."""
    assert wait_until_booted(page) != "error", f"the boot failed: {page.evaluate(SHOWN)}"


# How a test's page starts Python: plainly, or restored from the runtime's memory snapshot
# as players' return visits do (static/js/runtime.mjs). Module fixtures take them as params.
BOOTS = ("plain", "snapshot")
SNAPSHOT_DONE = "() => document.documentElement.dataset.snapshot"


def with_query(url: str, query: str) -> str:
    return url + ("&" if "?" in url else "?") + query


def boot_as(page, url: str, mode: str) -> None:
    """Boots `url` as `mode` says. "plain": with ?snapshot=0, for the tab's whole session.
    "snapshot": a first visit (once its snapshot is stored), then the return visit, restored;
    later loads in this tab restore too."""
    if mode == "plain":
        boot(page, with_query(url, "snapshot=0"))
        return
    boot(page, url)
    if page.evaluate("() => document.documentElement.dataset.boot") != "snapshot":
        page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_MS)
        assert page.evaluate(SNAPSHOT_DONE) == "saved"
        page.reload()
        booted(page)
    assert page.evaluate("() => document.documentElement.dataset.boot") == "snapshot"


def attr(page, name: str) -> str:
    return page.get_attribute("#table", f"data-{name}")


def state(page) -> dict:
    return page.evaluate("() => ({...document.getElementById('table').dataset})")


# What the page shows when a wait gives up: where it stands and what it says (a hidden
# notice keeps its last text: it is not shown; the loading screen's only on the error screen).
SHOWN = """() => ({table: {...(document.getElementById('table') || {}).dataset},
  boot: document.getElementById('table')?.dataset.phase === 'error'
    ? ['boot-message', 'boot-detail'].map(id => document.getElementById(id)?.textContent.trim()) : null,
  notice: (n => n && !n.hidden ? n.textContent.trim() : null)(document.getElementById('notice')),
  dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
  actions: [...document.querySelectorAll('[data-action]')].filter(e => e.offsetParent !== null)
    .map(e => e.dataset.action + (e.disabled ? ' (disabled)' : '')),
  taps: window.__taps})"""


def wait_settled(page, actions: int = 0, deal: int = 0) -> dict:
    crashes.sample(page)
    try:
        page.wait_for_function(SETTLED % (actions, deal), timeout=STEP_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"not your turn after {STEP_MS} ms (waited for actions >= {actions},"
                             f" deal >= {deal}); the page shows {page.evaluate(SHOWN)}") from None
    return state(page)


def let_cards_land(page) -> None:
    """Wait until the cards in flight (static/js/motion.mjs) have landed: sizes and places
    are measured where the cards rest, not half-way through a deal's scale-up."""
    page.evaluate("() => new Promise(requestAnimationFrame)")  # let the last redraw start its moves
    page.evaluate("() => Promise.all(document.getAnimations().filter(a => a.constructor === Animation)"
                  ".map(a => a.finished.catch(() => null)))")


# The words (split at spaces and hyphens) of the shown elements matching a selector that a
# line break falls inside, each as '"word" in "its text"': text may wrap between words, never
# within one.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.offsetParent === null || el.closest('dialog:not([open])')) continue;
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\\s\\-\u2010]+/g)) {
        const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1)
          broken.push(`"${m[0]}" in "${el.textContent.trim().slice(0, 30)}"`);
      }
    }
  }
  return broken; }"""


def broken_words(page, selector: str) -> list[str]:
    return page.evaluate(BROKEN_WORDS, selector)


def hand_codes(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def no_horizontal_scroll(page, width: int = 360) -> None:
    sw = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert sw <= width, f"page is {sw}px wide in a {width}px viewport"


def record(page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem({RECORD_KEY!r})"))


def true_match(page):
    """TEST-ONLY: the whole truth, by replaying the saved record in CPython (not via the page)."""
    return loads(page.evaluate(f"() => localStorage.getItem({RECORD_KEY!r})"))


def start_match(page, variant="classic", target=5, level="easy", speed="fastest",
                practice=False) -> dict:
    page.click("[data-action=menu]")
    page.set_checked("#opt-practice", practice)
    page.select_option("#opt-variant", variant)
    page.fill("#opt-target", str(target))
    page.select_option("#opt-level", level)
    page.select_option("#opt-speed", speed)
    page.click("[data-action=start-match]")
    return wait_settled(page)


def import_text(page, text: str) -> None:
    """Import through the menu and wait until the page has answered: a loaded record closes
    the menu, a refused one says why in it (records are replayed in slices, asynchronously)."""
    page.click("[data-action=menu]")
    page.evaluate("document.getElementById('menu-message').textContent = ''")
    page.fill("#import-text", text)
    page.click("[data-action=import-text]")
    page.wait_for_function("() => !document.getElementById('menu-dialog').open"
                           " || document.getElementById('menu-message').textContent.trim() !== ''",
                           timeout=STEP_MS)


def step(page) -> dict:
    """Make one sensible move for the player (keep / no discard / let a waiting partner lead /
    first playable card / next deal)."""
    st = wait_settled(page)
    n, phase = int(st["actions"]), st["phase"]
    if phase == "exchange":
        if page.locator("[data-action=keep-hand]").count():
            page.click("[data-action=keep-hand]")
        else:
            page.click("[data-action=confirm-discard]")
        return wait_settled(page, n + 1)
    if phase == "play":
        if page.locator("[data-action=let-lead]").count():
            page.click("[data-action=let-lead]")
        else:
            page.locator("#hand button[data-card].playable").first.click()
        return wait_settled(page, n + 1)
    if phase == "deal-over":
        deal = int(st["deal"])
        page.click("[data-action=next-deal]")
        return wait_settled(page, n, deal + 1)
    return st


HIDDEN_SCAN = """() => {
  const attrs = [], labels = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.tagName === 'SCRIPT') continue;
    for (const a of el.attributes) attrs.push(a.value);
  }
  return {attrs, text: document.body.innerText, html: document.body.innerHTML};
}"""


def hidden_cards(match, seat: int = 0) -> set[int]:
    """Cards seat 0 must not see now: others' hands, the Manni, others' discards (not the cut)."""
    d = match.deal
    hidden = set(cards_of(d.hands[1]) + cards_of(d.hands[2]) + list(d.manni)
                 + cards_of(d.out[1]) + cards_of(d.out[2]))
    if d.cut is not None:
        hidden.discard(d.cut)  # the cut card is shown to everyone
    return hidden


def assert_no_hidden_cards(page) -> int:
    match = true_match(page)
    hidden = hidden_cards(match)
    dom = page.evaluate(HIDDEN_SCAN)
    t = Translator("en")
    codes = {card_code(c) for c in hidden}
    leaked = sorted(set(dom["attrs"]) & codes)
    assert not leaked, f"hidden card codes in attributes: {leaked}"
    html = re.sub(r"<script.*?</script>", "", dom["html"], flags=re.S)
    for c in hidden:
        code = card_code(c)
        assert not re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", html), f"{code} in the page"
        label = t.card(c)
        assert label.lower() not in html.lower(), f"'{label}' in the page markup"
        assert label.lower() not in dom["text"].lower(), f"'{label}' in the page text"
    # and the player's own hand is all there
    assert set(hand_codes(page)) == {card_code(c) for c in cards_of(match.deal.hands[0])}
    return len(hidden)


def classic_first_to_choose() -> Match:
    """A fresh Classic match where you (seat 0) are asked first about the Manni."""
    seed = next(s for s in range(1000) if Match("classic", seed=s).first_dealer == 2)
    return Match("classic", {"target": 5}, seed)


def must_follow_match() -> Match:
    """Classic, seat 0 to play with a card in the trick, holding cards it may not play."""
    for seed in range(200):
        m = Match("classic", {"target": 5}, seed)
        while m.phase == "exchange":
            m.apply(KEEP)
        while m.phase == "play":
            d = m.deal
            if m.turn == 0 and d.trick and d.legal_cards() != d.hands[0]:
                return m
            m.apply(Play(cards_of(d.legal_cards())[-1]))
    raise AssertionError("no such position")
