"""The whole table in view while you may ask (Manille's parlée), on phones upright and on
their side: every seat's name, the turned card, the trick and the scores inside the window
and not covered; the questions in a strip under the felt, your hand below it. Screenshots
go to artifacts/talk-view-<lang>-<w>x<h>-<seed>.png."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from manni_page import PageMonitor, boot, let_cards_land, wait_settled

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
# French at every size; where it is tightest, Russian (the longest trick counts: "0 взяток")
# and Dutch (the longest tools and roles: "Ongedaan maken", "tegenstander")
CASES = [("fr", 360, 740), ("fr", 360, 640), ("fr", 740, 360), ("fr", 640, 360),
         ("ru", 360, 640), ("ru", 640, 360), ("nl", 360, 640), ("nl", 640, 360)]

# For each element that must stay in view: is its box inside the window, and is the element
# itself what a tap at its middle reaches (not a strip, a notice or a flying card over it)?
IN_VIEW = """() => {
  const els = [...document.querySelectorAll('.seat .seat-name, .turned .card, .trick, .score-strip,'
                                          + ' #hand button[data-card], .talk-sheet .ask')];
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const bar = document.querySelector('.talk-bar').getBoundingClientRect();
  const bad = [];
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const strip = e.closest('.talk-sheet');
    if (strip) {  // a question scrolled out of the strip's row is fine: it is reached by a swipe
      const s = strip.getBoundingClientRect();
      const mid = r.left + r.width / 2;
      if (mid <= s.left || mid >= s.right) continue;
    }
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (!inside || !(top && (e.contains(top) || (strip && strip.contains(top)))))
      bad.push(`${e.className} "${e.textContent.trim().slice(0, 12)}" ${Math.round(r.top)}-${Math.round(r.bottom)}`
               + ` under ${top && top.className}`);
  }
  const meets = bar.top < felt.bottom && bar.bottom > felt.top && bar.left < felt.right && bar.right > felt.left;
  return {bad, meets, scroll: document.documentElement.scrollHeight - innerHeight,
          seats: document.querySelectorAll('.seat .seat-name').length,
          turned: document.querySelectorAll('.turned .card').length}; }"""


@pytest.mark.parametrize("lang, w, h", CASES, ids=[f"{c[0]}-{c[1]}x{c[2]}" for c in CASES])
def test_the_table_stays_in_view_while_you_may_ask(browser, base_url, lang, w, h):
    context = browser.new_context(viewport={"width": w, "height": h}, locale=lang)
    context.add_init_script("localStorage.setItem('manni:settings', JSON.stringify("
                            "{variant: 'manille', speed: 'fastest', level: 'medium'}))")
    monitor = PageMonitor(context)
    page = context.new_page()
    for seed in (6, 2):  # you lead trick 1; your partner does (the table waits for you)
        boot(page, f"{base_url}/index.html?snapshot=0&rules=manille&seed={seed}")
        wait_settled(page)
        let_cards_land(page)
        page.evaluate("document.getElementById('notice').click()")  # the seed's notice: away
        expect(page.locator("#notice")).to_be_hidden()
        expect(page.locator(".talk-bar.open [data-action=ask]").first).to_be_visible()
        if seed == 2:
            expect(page.locator("[data-action=let-lead]")).to_be_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"talk-view-{lang}-{w}x{h}-{seed}.png"))
        view = page.evaluate(IN_VIEW)
        assert view["seats"] == 4 and view["turned"] == 1, view
        assert not view["bad"] and not view["meets"] and view["scroll"] <= 0, view
    page.locator("[data-action=ask]").first.click()  # the strip takes a question: one tap
    wait_settled(page, 1)
    expect(page.locator(".talk-log li[data-asker='0']")).to_have_count(1)
    monitor.assert_clean(page)
    context.close()
