"""Automated accessibility audit with axe-core (WCAG 2 A/AA), offline, at phone size.

axe-core is a devDependency (package.json): it is never served to users; each check
injects node_modules/axe-core/axe.min.js into the page (`add_script_tag(path=...)`, an
inline script, so no request; the context bypasses the page's Content-Security-Policy for
this injected tool only) and runs `axe.run()` on the whole document. One booted page
for the module; each test brings it to its state by importing a record built in CPython.
Fails on any violation of impact "serious" or "critical".
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from manni.actions import KEEP, Play
from manni.cards import cards_of
from manni.match import Match
from manni.record import dumps

from manni_page import (PageMonitor, boot, classic_first_to_choose, import_text, let_cards_land,
                        must_follow_match, wait_settled)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
W, H = 360, 740
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = ("serious", "critical")

# Genuine false positives, each waived only for the elements named here (rule -> selector).
WAIVED = {
    # The cards of your hand show the corner index ("J", "A", "10") and are named in full
    # ("Jack of hearts"). A card index is a symbolic glyph like the suit sign, not a word
    # label: WCAG's Understanding 2.5.3 (Label in Name) treats symbolic text characters
    # (its example: "B" for bold) as outside the criterion, and voice users say the card's
    # name. Other elements stay checked by this rule.
    "label-content-name-mismatch": "#hand button[data-card]",
}

RUN_AXE = """async ([tags, waived]) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                     resultTypes: ['violations'], elementRef: true});
  return r.violations.map(v => {
    const nodes = v.nodes.filter(n => !(waived[v.id] && n.element.matches(waived[v.id])));
    return {id: v.id, impact: v.impact, help: v.help, count: nodes.length,
            targets: nodes.map(n => n.target.join(' ')).slice(0, 8)};
  }).filter(v => v.count > 0);
}"""


@pytest.fixture(scope="module")
def session(browser, base_url):
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run `npm ci`", pytrace=False)
    context = browser.new_context(viewport={"width": W, "height": H}, bypass_csp=True)
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    yield page, monitor
    context.close()


@pytest.fixture
def page(session):
    return session[0]


def audit(page) -> list[dict]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    let_cards_land(page)  # axe measures tap targets where they are
    return page.evaluate(RUN_AXE, [WCAG_TAGS, WAIVED])


def assert_accessible(page, where: str) -> None:
    found = audit(page)
    for v in found:  # the lesser ones are reported, not failed on
        if v["impact"] not in BLOCKING:
            print(f"axe ({where}), {v['impact']}: {v['id']} {v['targets']}")
    bad = [v for v in found if v["impact"] in BLOCKING]
    assert not bad, f"axe ({where}): " + json.dumps(bad, indent=1, ensure_ascii=False)


def load(page, match: Match) -> dict:
    """Import the match into the page and wait until it waits for you."""
    text = dumps(match)
    import_text(page, text)
    st = wait_settled(page, len(json.loads(text)["actions"]))
    expect(page.locator("#menu-dialog")).not_to_be_visible()
    return st


def classic_deal_over() -> Match:
    m = Match("classic", {"target": 20}, 3)
    while m.phase == "exchange":
        m.apply(KEEP)
    while m.phase == "play":
        m.apply(Play(cards_of(m.deal.legal_cards())[0]))
    assert m.phase == "deal-over"
    return m


def test_classic_exchange_on_your_turn(page):
    st = load(page, classic_first_to_choose())
    assert st["phase"] == "exchange"
    expect(page.locator("[data-action=take-manni]")).to_be_visible()
    assert_accessible(page, "Classic exchange")


def test_play_on_your_turn_with_a_card_in_the_trick(page):
    st = load(page, must_follow_match())
    assert st["phase"] == "play"
    expect(page.locator(".trick .slot .card").first).to_be_visible()
    assert page.locator("#hand button[aria-disabled=true]").count() > 0
    assert_accessible(page, "play, following suit")


def test_deal_over_panel(page):
    st = load(page, classic_deal_over())
    assert st["phase"] == "deal-over"
    expect(page.locator(".result [data-action=next-deal]")).to_be_visible()
    assert_accessible(page, "deal-over panel")


def test_menu_dialog_open(session):
    page, monitor = session
    page.click("[data-action=menu]")
    expect(page.locator("#menu-dialog")).to_be_visible()
    try:
        assert_accessible(page, "menu dialog")
    finally:
        page.keyboard.press("Escape")
    monitor.assert_clean(page)


def test_review_rules_statistics_and_the_lesson(session):
    page, monitor = session
    st = load(page, classic_deal_over())
    assert st["phase"] == "deal-over"
    page.click(".result [data-action=review]")
    expect(page.locator("[data-review] .review-summary")).to_be_visible(timeout=60_000)
    expect(page.locator("[data-review] .review-par .compare")).to_be_visible(timeout=240_000)
    assert_accessible(page, "review dialog")  # par's tricks beside yours too
    page.keyboard.press("Escape")
    for action, dialog in (("rules", "#rules-dialog"), ("stats", "#stats-dialog")):
        page.click("[data-action=menu]")
        page.click(f"#menu-dialog [data-action={action}]")
        expect(page.locator(dialog)).to_be_visible()
        assert_accessible(page, f"{action} dialog")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
    page.click("[data-action=menu]")
    page.click("[data-action=tutorial]")
    expect(page.locator(".tutorial-prompt")).to_be_visible()
    assert_accessible(page, "lesson prompt")
    page.click(".tutorial-prompt [data-action=leave-tutorial]")
    monitor.assert_clean(page)
