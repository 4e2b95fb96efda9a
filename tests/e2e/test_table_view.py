"""The table at a glance (issue 13): notices by kind, hands you can count, cards that move.

One browser context for the module; each test brings the page to the state it needs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from manni_page import (PageMonitor, boot, import_text, must_follow_match, start_match, step,
                        true_match)
from manni.record import dumps

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
SIZES = [(360, 740), (740, 360), (1280, 800)]

BOXES = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
                     const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const n = document.getElementById('notice');
  return {notice: n.hidden ? null : box('#notice'), kind: n.dataset.kind,
          hand: box('#hand'), contract: box('.contract-box')};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def session(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    yield page, base_url
    monitor.assert_clean(page)
    context.close()


@pytest.fixture
def page(session):
    return session[0]


@pytest.mark.parametrize("i,size", enumerate(SIZES))
def test_info_notice_keeps_off_the_contract_and_the_hand(session, i, size):
    page, base_url = session
    w, h = size
    page.set_viewport_size({"width": w, "height": h})
    boot(page, f"{base_url}/index.html?seed={31 + i}")  # a new seed: "Match started from seed N"
    got = page.evaluate(BOXES)
    assert got["kind"] == "info" and got["notice"] is not None
    assert page.get_attribute("#notice", "role") == "status"
    assert not overlap(got["notice"], got["hand"]), got
    assert not overlap(got["notice"], got["contract"]), got
    # it lets taps through and goes away by itself
    assert page.eval_on_selector("#notice", "e => getComputedStyle(e).pointerEvents") == "none"
    page.wait_for_selector("#notice", state="hidden", timeout=8000)


def test_a_refusal_is_a_warning_and_looks_apart_from_info(page):
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("localStorage.clear()")
    m = must_follow_match()
    import_text(page, dumps(m))
    info_bg = page.eval_on_selector("#notice", "e => getComputedStyle(e).backgroundColor")
    assert page.get_attribute("#notice", "data-kind") == "info"  # "Game record loaded."
    page.locator("#hand button[data-card].unplayable").first.click(force=True)
    page.wait_for_selector("#notice[data-kind=warning]:not([hidden])")
    assert page.get_attribute("#notice", "role") == "alert"
    warn_bg = page.eval_on_selector("#notice", "e => getComputedStyle(e).backgroundColor")
    assert warn_bg != info_bg


BACKS = """() => [...document.querySelectorAll('.card.back, .fan, .fan-slot, .pile, .pile-card')].map(e => ({
  cls: [...e.classList], attrs: [...e.attributes].map(a => a.name),
  text: e.textContent.trim(), hidden: !!e.closest('[aria-hidden=true]')}))"""


def test_opponents_hands_are_fans_of_backs_that_name_no_card(page):
    page.set_viewport_size({"width": 360, "height": 740})
    st = start_match(page, "classic", 5)
    while st["phase"] == "exchange":
        st = step(page)
    counts = page.eval_on_selector_all(".felt .fan", "fs => fs.map(f => [f.querySelectorAll('.back').length,"
                                       " f.querySelector('.fan-count').textContent])")
    assert len(counts) == 2 and all(n == int(shown) and n > 0 for n, shown in counts)
    allowed = {"card", "back", "fan", "fan-slot", "fan-count", "pile", "pile-card"}
    for el in page.evaluate(BACKS):
        assert set(el["cls"]) <= allowed, el
        assert set(el["attrs"]) <= {"class", "aria-hidden", "data-pile"}, el
        assert el["text"].isdigit() or el["text"] == "", el  # a count at most
        assert el["hidden"], el
    # each seat's pile holds the tricks it took (six drawn at most)
    for _ in range(4):
        st = step(page)
    tricks = true_match(page).deal.tricks
    piles = page.eval_on_selector_all(".pile", "ps => ps.map(p => [p.dataset.pile, p.children.length])")
    assert sorted(piles) == [[str(s), min(tricks[s], 6)] for s in range(3)]
    assert sum(tricks) >= 1
