"""Trjámann and Laugavatnsmanni played through the page at phone size (360x740), whole
matches: declaring from the list, overcalls, picking the Manni up and laying four cards
away, 16-card hands without horizontal scroll, the contract and declarer on the table, the
lists ticked on the score sheet. Screenshots go to artifacts/ (gitignored)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from manni_page import (PageMonitor, assert_no_hidden_cards, boot, hand_codes,
                        no_horizontal_scroll, record, true_match, wait_settled)

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
W, H = 360, 740


@pytest.fixture(scope="module")
def page(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    yield page
    monitor.assert_clean(page)
    context.close()


def start(page, variant: str, level: str) -> dict:
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", variant)
    assert page.locator("#field-target").is_hidden()  # no target: the lists are the match
    assert page.locator("#field-exchange").is_visible()
    assert page.locator("#field-overcalls").is_visible() == (variant == "laugavatn")
    page.select_option("#opt-exchange", "pickup")
    if variant == "laugavatn":
        page.check("#opt-overcalls")
    page.select_option("#opt-level", level)
    page.select_option("#opt-speed", "fastest")
    page.click("[data-action=start-match]")
    return wait_settled(page)


def no_side_scroll(page, name: str, shots: set) -> None:
    """No horizontal scroll; one screenshot of each state (``name``)."""
    no_horizontal_scroll(page, W)
    if name not in shots:
        shots.add(name)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"declared-{name}-{W}x{H}.png"), full_page=True)


def play_match(page, variant: str, rnd: random.Random) -> dict:
    """Play the whole match through the page; returns what was seen along the way."""
    seen = {"overcalled": 0, "declared": 0, "laid_away": 0, "checked_play": 0}
    shots: set = set()
    st = wait_settled(page)
    while st["phase"] != "match-over":
        n, phase, stage = int(st["actions"]), st["phase"], st.get("stage", "")
        if phase == "exchange":
            no_side_scroll(page, f"{variant}-{stage}", shots)
            if stage == "declare":
                buttons = page.locator(".declare-panel [data-action=declare]")
                assert buttons.count() >= 1 and page.locator(".declare-panel table.lists").count() == 1
                buttons.nth(rnd.randrange(buttons.count())).click()
                seen["declared"] += 1
            elif stage == "overcall":
                overs = page.locator(".declare-panel [data-action=overcall]")
                if overs.count() and rnd.random() < 0.5:
                    overs.nth(rnd.randrange(overs.count())).click()
                    seen["overcalled"] += 1
                else:
                    page.click(".declare-panel [data-action=pass]")
            elif stage == "pickup":
                page.click("[data-action=take-manni]")
            else:
                assert stage == "lay_away"
                codes = hand_codes(page)
                assert len(codes) == 20
                for code in rnd.sample(codes, 4):
                    page.click(f'#hand button[data-card="{code}"]')
                page.click("[data-action=confirm-discard]")
                seen["laid_away"] += 1
            st = wait_settled(page, n + 1)
        elif phase == "play":
            if len(hand_codes(page)) == 16:
                no_side_scroll(page, f"{variant}-play", shots)
                # The contract and its declarer are on the table during play.
                assert page.locator(".contract-box .declared-by[data-declarer]").count() == 1
                assert page.locator(".contract-box .contract").inner_text().strip()
                seen["checked_play"] += 1
            page.locator("#hand button[data-card].playable").first.click()
            st = wait_settled(page, n + 1)
        else:
            deal = int(st["deal"])
            no_side_scroll(page, f"{variant}-deal-over", shots)
            assert page.locator(".result table.lists td.ticked").count() == deal
            page.click("[data-action=next-deal]")
            st = wait_settled(page, n, deal + 1)
    no_side_scroll(page, f"{variant}-match-over", shots)
    return seen


@pytest.mark.parametrize("variant,level,deals", [("trjamann", "easy", 12),
                                                ("laugavatn", "medium", 18)])
def test_a_whole_declared_match_through_the_page(page, variant, level, deals):
    rnd = random.Random(deals)
    start(page, variant, level)
    seen = play_match(page, variant, rnd)
    match = true_match(page)
    assert match.finished and len(match.deals) == deals and match.rules.name == variant
    entries = sorted(match.rules.ENTRIES)
    for seat in range(3):
        assert sorted(d.contract.entry for d in match.deals if d.contract.declarer == seat) == entries
    # The sheet shows every list fully ticked.
    assert page.locator(".result table.lists td.ticked").count() == deals
    assert page.locator(".result table.lists td.open").count() == 0
    assert seen["declared"] >= 1 and seen["laid_away"] >= 1 and seen["checked_play"] >= 1
    actions = record(page)["actions"]
    if variant == "laugavatn":
        assert seen["overcalled"] >= 1
        assert any(a.get("overcall") for a in actions)
        assert any(d.contract.declarer != (d.dealer + 1) % 3 for d in match.deals)
    else:
        assert not any("overcall" in a for a in actions)
    assert_no_hidden_cards(page)
