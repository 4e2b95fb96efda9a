"""Learning Manille at the page (360×740): the rules page, the lesson played to its end,
a hint with the play rule's reason, and the review of the lesson's deal."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from manni_page import PageMonitor, boot, no_horizontal_scroll, wait_settled

pytestmark = pytest.mark.e2e
W, H = 360, 740


@pytest.fixture(scope="module")
def session(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html?snapshot=0&rules=manille")
    yield page, monitor
    context.close()


def test_rules_lesson_hint_and_review(session):
    page, monitor = session
    wait_settled(page)
    page.click("[data-action=menu]")
    page.click("#menu-dialog [data-action=rules]:not([data-from])")
    rules = page.locator("#rules-body [data-rules-page=manille]")
    expect(rules).to_be_visible()
    expect(rules.locator(".rules-section")).to_have_count(10)
    expect(rules).to_contain_text("you must overtrump")
    no_horizontal_scroll(page, W)
    rules.locator("[data-action=tutorial][data-rules=manille]").click()
    prompt = page.locator(".tutorial-prompt")
    expect(prompt).to_have_attribute("data-prompt", "intro")
    expect(page.locator(".felt.four")).to_have_count(1)
    seen, hinted = {"intro"}, False  # (the prompt above)
    for _ in range(12):
        st = wait_settled(page)
        seen.add(prompt.get_attribute("data-prompt"))
        if st["phase"] == "match-over":
            break
        n = int(st["actions"])
        if not hinted and prompt.get_attribute("data-prompt") == "partner":
            page.click("[data-action=hint]")
            notice = page.locator('#notice[data-kind="hint"]')
            expect(notice).to_contain_text("your partner's", timeout=30_000)
            hinted = True
        page.locator("#hand button.playable").first.click()
        wait_settled(page, n + 1)
    st = wait_settled(page)
    seen.add(prompt.get_attribute("data-prompt"))
    assert st["phase"] == "match-over" and hinted
    assert {"intro", "partner", "count", "climb", "trump", "deal_over"} <= seen
    expect(page.locator(".result .tutorial-end")).to_contain_text("of the 68 points")
    no_horizontal_scroll(page, W)
    page.click(".result [data-action=review]")
    review = page.locator("#review-body [data-review='1']")
    expect(review).to_be_visible(timeout=120_000)
    expect(review.locator(".review-hand")).to_have_count(4)
    expect(review.locator(".review-tricks > li")).to_have_count(8)
    expect(review).to_contain_text("Turned card: 9 of hearts")
    page.click("#review-dialog [data-action=close-dialog]")
    page.click(".result [data-action=leave-tutorial]")
    expect(page.locator(".tutorial-prompt")).to_have_count(0)
    assert wait_settled(page)["rules"] == "manille"
    monitor.assert_clean(page)
