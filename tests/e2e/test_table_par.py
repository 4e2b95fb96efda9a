"""Your deal against par at phone size (360×740): the deal's result shows what Expert in
your seat made of the same cards, computed in the page, the same as in CPython; the review
steps through par's tricks beside yours."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from manni.bots import finish, make_bot
from manni.cards import card_code
from manni.match import Match
from manni.par import par_deal_steps
from manni.par_compare import first_difference, won_after
from manni.record import dumps
from manni.rules import get_rules
from manni.text import Translator

from manni_page import (PageMonitor, boot, booted, import_text, no_horizontal_scroll, record,
                        start_match, step, true_match, wait_settled)

W, H = 360, 740
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
RULES = get_rules("classic")
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
    par_deal = finish(par_deal_steps(match, 0, "easy"))
    par = par_deal.score()[0]
    yours = match.deal_scores[0][0]
    assert panel.get_attribute("data-par") == str(par)  # Pyodide's par is CPython's
    assert panel.get_attribute("data-yours") == str(yours)
    expect(page.locator("#table .vs-par")).to_have_attribute("data-duplicate", str(yours - par))
    expect(panel.locator(".deal-par")).to_contain_text("Expert in your seat")
    assert record(page)["par"] == {"level": "easy", "deals": [par]}
    page.click(".result [data-action=review]")  # par's play beside yours
    expect(page.locator("#review-body .review-par")).to_have_attribute(
        "data-par-review", str(par), timeout=PAR_MS)
    side_by_side(page, match, par_deal)
    page.click("#review-dialog [data-action=close-dialog]")
    page.reload()  # the cached par comes back with the match, not recomputed
    booted(page)
    expect(page.locator(".result")).to_have_attribute("data-par", str(par), timeout=5_000)
    page.click("[data-action=scores]")
    expect(page.locator("#scores-body td.par").first).to_have_text(
        f"+{par}" if par > 0 else str(par).replace("-", "−"))
    monitor.assert_clean(page)
    context.close()


def tricks_shown(page, kind: str) -> dict:
    col = page.locator(f"#review-body .compare [data-col={kind}]")
    return {"cards": col.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"),
            "winner": int(col.get_attribute("data-winner")), "won": int(col.get_attribute("data-won")),
            "marked": col.locator(".play.differs [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)")}


def expect_trick(page, n: int, deals: dict, first) -> None:
    """Trick ``n`` of your deal and of par's, side by side, as CPython played them."""
    section = page.locator("#review-body .review-par")
    expect(section).to_have_attribute("data-step", str(n))
    expect(section.locator(".compare-at")).to_have_text(f"Trick {n} of 12")
    for kind, tricks in deals.items():
        leader, cards, winner = tricks[n - 1]
        shown = tricks_shown(page, kind)
        assert shown["cards"] == [card_code(c) for c in cards]
        assert (shown["winner"], shown["won"]) == (winner, won_after(RULES, tricks, 0, n)[0])
        expect(section.locator(f".compare [data-col={kind}] .trick-after")).to_contain_text(
            f"{shown['won']} trick{'s' if shown['won'] != 1 else ''} so far")
        place = first[1] if n == first[0] else None
        assert shown["marked"] == ([] if place is None else [card_code(cards[place])])


def side_by_side(page, match, par_deal) -> None:
    deals = {"yours": match.deals[0].history, "par": par_deal.history}
    first = first_difference(deals["yours"], deals["par"])
    assert first is not None, "Expert played every card as the test's first playable card"
    n = first[0]
    section = page.locator("#review-body .review-par")
    expect(section.locator(".compare-note")).to_have_text(
        re.compile(rf"Par first played another card at trick {n} \(marked\)\.$"))
    expect_trick(page, n, deals, first)  # opened where par first played another card
    yours, theirs = (page.locator(f"#review-body .compare [data-col={k}]").bounding_box()
                     for k in ("yours", "par"))
    assert theirs["y"] >= yours["y"] + yours["height"] - 1  # stacked on a phone
    section.scroll_into_view_if_needed()
    no_horizontal_scroll(page, W)
    page.screenshot(path=str(ARTIFACTS / "par-review-360.png"))
    to = n + 1 if n < 12 else n - 1
    section.locator(f"[data-dir={'next' if to > n else 'prev'}]").focus()
    page.keyboard.press("Enter")  # by keyboard, and the focus stays on the button
    expect_trick(page, to, deals, first)
    assert page.evaluate("() => document.activeElement.dataset.action") == "review-step"
    section.locator("[data-dir=first]").click()
    expect_trick(page, n, deals, first)
    for _ in range(n - 1):
        section.locator("[data-dir=prev]").click()
    expect_trick(page, 1, deals, first)
    expect(section.locator("[data-dir=prev]")).to_have_attribute("aria-disabled", "true")
    page.set_viewport_size({"width": 1024, "height": 768})  # beside each other on a desktop
    yours, theirs = (page.locator(f"#review-body .compare [data-col={k}]").bounding_box()
                     for k in ("yours", "par"))
    assert theirs["y"] == yours["y"] and theirs["x"] >= yours["x"] + yours["width"]
    section.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "par-review-1024.png"))
    page.set_viewport_size({"width": W, "height": H})


def your_turn_in_deal_two(rules: str, seed: int) -> Match:
    """A match whose first deal is over (every seat Easy), in its second deal at your turn
    after two tricks."""
    m = Match(rules, {"target": 20} if "target" in get_rules(rules).options and rules != "manille"
              else None, seed=seed)
    bots = {s: make_bot("easy", seed=seed + s) for s in range(m.rules.seats)}
    while not (m.deal.number == 2 and m.phase == "play" and m.turn == 0
               and len(m.deal.history) >= 2):
        assert m.phase != "match-over"
        if m.phase == "deal-over":
            m.start_next_deal()
            continue
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


STRIP_H = 640  # the score line must fit the smaller phone
ONE_LINE = "el => el.getClientRects().length"


def check_mark(page, t, shot: str) -> None:
    """"−2 vs par" on the table's score line, on one line, inside it, in the window."""
    mark = page.locator("#table .vs-par")
    expect(mark).to_have_attribute("data-duplicate", "-2")
    expect(mark.locator("[aria-hidden]")).to_have_text(t("par.strip", n="−2"))
    expect(mark.locator(".visually-hidden")).to_have_text(t("par.duplicate", n="−2"))
    assert mark.locator("[aria-hidden]").evaluate(ONE_LINE) == 1, shot
    box = mark.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= W, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= STRIP_H, box
    holder = mark.locator("xpath=..").bounding_box()  # inside its line, not over the felt
    assert holder["x"] <= box["x"] and box["x"] + box["width"] <= holder["x"] + holder["width"] + 0.5
    no_horizontal_scroll(page, W)
    page.screenshot(path=str(ARTIFACTS / f"par-strip-{shot}-360x{STRIP_H}.png"))


def test_the_match_against_par_is_on_the_tables_score_line(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": STRIP_H}, locale="en-US")
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "classic", level="easy")
    expect(page.locator("#table .vs-par")).to_have_count(0)  # no par known yet
    for n, rules in enumerate(["manille", "hornafjordur", "trjamann", "laugavatn", "classic"]):
        m = your_turn_in_deal_two(rules, seed=11 + n)
        yours = m.deal_scores[0][m.rules.side_of[0]]
        m.par, m.par_level = {0: yours + 2}, "easy"  # a record carries par: not computed again
        import_text(page, dumps(m))
        expect(page.locator("#menu-dialog")).not_to_be_visible()
        wait_settled(page)
        check_mark(page, Translator("en"), f"{rules}-en")
    for lang in ("ru", "fr", "is", "nl", "sv"):  # a table of three's box is the narrowest
        page.click("[data-action=menu]")
        page.select_option("#opt-lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.click("#menu-dialog [data-action=close-dialog]")
        check_mark(page, Translator(lang), f"classic-{lang}")
    monitor.assert_clean(page)
    context.close()
