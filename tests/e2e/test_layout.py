"""Layout at phone portrait, phone landscape and desktop: no horizontal scroll, 44 px targets.

One page for the module; the viewport is resized between checks. Screenshots of each size
go to artifacts/ (gitignored) for a human to look at.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from manni_page import PageMonitor, boot, let_cards_land, start_match, step

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
SIZES = [(360, 740), (740, 360), (1280, 800)]


@pytest.fixture(scope="module")
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "hornafjordur", 20)  # no deal scores 20: deal-over comes before match-over
    yield page
    monitor.assert_clean(page)
    context.close()


def check(page, w, h, name):
    page.set_viewport_size({"width": w, "height": h})
    let_cards_land(page)
    sw = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert sw <= w, f"{name} at {w}x{h}: {sw}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll('button, select, input, summary, [data-card]')]
        .filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.dataset.card || e.dataset.action || e.id || e.tagName, r.width, r.height]; })
        .filter(([n, w, h]) => w < 44 || h < 44)""")
    assert not small, f"tap targets under 44px at {w}x{h}: {small}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{w}x{h}.png"))


@pytest.mark.parametrize("w,h", SIZES)
def test_exchange_layout(page, w, h):
    check(page, w, h, "exchange")


def test_play_and_result_layouts(page):
    st = step(page)
    while st["phase"] != "play":
        st = step(page)
    for w, h in SIZES:
        check(page, w, h, "play")
    while st["phase"] != "deal-over":
        st = step(page)
    for w, h in SIZES:
        check(page, w, h, "deal-over")
