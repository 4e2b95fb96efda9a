"""Your deal against par at phone size (360×740): the deal's result shows what Expert in
your seat made of the same cards, computed in the page, the same as in CPython."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from manni.par import par_of

from manni_page import PageMonitor, boot, booted, record, start_match, step, true_match

W, H = 360, 740
PAR_MS = 240_000  # Expert replays a whole deal in the page's Pyodide, in slices


def test_a_deals_result_shows_par(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "classic", level="easy")
    st = step(page)
    while st["phase"] != "deal-over":
        st = step(page)
    panel = page.locator(".result")
    expect(panel.locator(".deal-par")).to_be_visible()
    expect(panel).to_have_attribute("data-par", re.compile(r"^-?\d+$"), timeout=PAR_MS)
    match = true_match(page)
    par = par_of(match, 0, "easy")
    yours = match.deal_scores[0][0]
    assert panel.get_attribute("data-par") == str(par)  # Pyodide's par is CPython's
    assert panel.get_attribute("data-yours") == str(yours)
    expect(panel.locator(".deal-par")).to_contain_text("Expert in your seat")
    assert record(page)["par"] == {"level": "easy", "deals": [par]}
    page.click(".result [data-action=review]")  # par's play beside yours
    expect(page.locator("#review-body .review-par")).to_have_attribute(
        "data-par-review", str(par), timeout=PAR_MS)
    page.click("#review-dialog [data-action=close-dialog]")
    page.reload()  # the cached par comes back with the match, not recomputed
    booted(page)
    expect(page.locator(".result")).to_have_attribute("data-par", str(par), timeout=5_000)
    page.click("[data-action=scores]")
    expect(page.locator("#scores-body td.par").first).to_have_text(
        f"+{par}" if par > 0 else str(par).replace("-", "−"))
    monitor.assert_clean(page)
    context.close()
