"""Challenge a friend, two browser contexts at phone size (360×740): the link made after a
match deals the same first deal to whoever opens it, whose same cards meet the same bots'
cards, and both results show side by side; a damaged link is refused, the match kept."""
from __future__ import annotations

from playwright.sync_api import expect

from manni.actions import KEEP, TAKE, Play
from manni.bots import make_bot
from manni.cards import card_code
from manni.record import dumps
from manni.review import deal_actions
from manni.ui import parlee
from manni.ui.game import Game
from manni.ui.settings import Settings

from manni_page import (PageMonitor, boot, booted, import_text, record, start_match,
                        true_match, wait_settled)

W, H = 360, 740


def finished_match():
    """A Classic match to 5 as the page plays it (its opponents, Easy), Easy in your seat."""
    g = Game.new(Settings(target=5, level="easy"), seed=77)
    me = make_bot("easy", seed=3)
    while not g.match.finished:
        if g.phase == "deal-over":
            g.next_deal()
        elif not g.play_opponent_now():
            assert g.view.turn == 0 or parlee.leave_lead(g)
            if g.view.turn == 0:
                assert g.act(me.choose(g.view))
    return g.match


def your_actions(match, index: int) -> list:
    return [a for _, seat, a in deal_actions(match, index) if seat == 0]


def do(page, action) -> None:
    n = int(wait_settled(page)["actions"])
    if action == TAKE:
        page.click("[data-action=take-manni]")
    elif action == KEEP:
        page.click("[data-action=keep-hand]")
    else:
        assert isinstance(action, Play)
        page.click(f"#hand button[data-card=\"{card_code(action.card)}\"]")
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.actions) > {n}")


def test_a_challenge_link_deals_the_same_first_deal_to_a_friend(browser, base_url):
    theirs = finished_match()
    a = browser.new_context(viewport={"width": W, "height": H})
    page_a = a.new_page()
    boot(page_a, f"{base_url}/index.html")
    start_match(page_a, "classic", level="easy")  # the level the link will name
    import_text(page_a, dumps(theirs))
    wait_settled(page_a, len(theirs.actions))
    link = page_a.locator("[data-challenge-link]")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert "?challenge=" in href and href.startswith(base_url)

    b = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(b)
    page = b.new_page()
    boot(page, href)
    expect(page.locator("#notice")).to_contain_text("challenge")
    for action in your_actions(theirs, 0):
        do(page, action)
    wait_settled(page)
    mine = true_match(page)
    assert len(mine.deal_scores) == 1
    first = len(list(deal_actions(theirs, 0)))
    assert mine.actions == theirs.actions[:first]  # the same bots' cards after yours
    assert mine.seed == theirs.seed and mine.dealt(0).hands == theirs.dealt(0).hands
    panel = page.locator(".result")
    expect(panel.locator(".challenge-note")).to_be_visible()
    claimed = str(theirs.deal_scores[0][0])
    expect(panel.locator(".deal-par [data-claimed]")).to_have_attribute("data-claimed", claimed)
    expect(panel).to_have_attribute("data-yours", str(mine.deal_scores[0][0]), timeout=240_000)

    saved = record(page)
    page.goto(f"{base_url}/index.html?challenge=eyJ2IjoxLCJydWxlcyI6")  # damaged
    booted(page)
    expect(page.locator('#alerts .alert[data-alert="set-aside"]')).to_contain_text("challenge")
    assert record(page)["actions"] == saved["actions"]  # the match goes on
    monitor.assert_clean(page)
    a.close()
    b.close()
