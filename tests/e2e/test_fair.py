"""Fair play at phone size (360×740): on a normal table Undo can't peek (taking the Manni,
drawing, an answered card); at a practice table all three can be undone and every hand
can be shown."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from manni.match import Match
from manni.record import dumps

from manni.cards import card_code, cards_of

from manni_page import (BOOT_MS, BOOTS, PageMonitor, assert_no_hidden_cards, boot, boot_as,
                        hand_codes, import_text, no_horizontal_scroll, record, start_match, state,
                        step, true_match, wait_settled)

W, H = 360, 740
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="module", params=BOOTS)
def session(request, browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot_as(page, f"{base_url}/index.html", request.param)
    start_match(page, "classic", 5)  # saves the fastest speed for the imports below
    yield page, monitor
    context.close()


@pytest.fixture
def page(session):
    return session[0]


def seat0_first(rules: str, practice: bool) -> str:
    """A fresh match's record where seat 0 is asked first in the exchange."""
    m = next(m for m in (Match(rules, {"target": 5}, seed=s) for s in range(100)) if m.deal.dealer == 2)
    m.practice = practice
    return dumps(m)


def load(page, text: str) -> dict:
    import_text(page, text)
    expect(page.locator("#menu-dialog")).not_to_be_visible()
    return wait_settled(page)


def undo_state(page) -> str | None:
    """None if Undo may be pressed, else the reason it gives (its description)."""
    undo = page.locator("[data-action=undo]")
    if undo.get_attribute("aria-disabled") != "true":
        return None
    expect(undo).to_be_disabled()  # as assistive technology sees it
    why = page.locator("#" + undo.get_attribute("aria-describedby")).text_content()
    assert why and undo.get_attribute("title") == why
    return why


def refused_undo(page) -> str:
    """Undo is off: a tap says why and changes nothing."""
    why = undo_state(page)
    assert why, "Undo should be off"
    n = state(page)["actions"]
    page.locator("[data-action=undo]").click(force=True)
    expect(page.locator("#notice")).to_have_text(why)
    assert state(page)["actions"] == n
    return why


def press_undo(page, to_actions: int) -> None:
    assert undo_state(page) is None
    page.click("[data-action=undo]")
    page.wait_for_function(f"document.getElementById('table').dataset.actions === '{to_actions}'")


def lead_a_card(page) -> int:
    """Keep / play until it is your lead with a fresh trick; play the first card. The number of
    actions before that card."""
    for _ in range(40):
        st = wait_settled(page)
        n = int(st["actions"])
        if page.locator("[data-action=keep-hand]").count():
            page.click("[data-action=keep-hand]")
        elif page.locator("[data-action=confirm-discard]").count():
            page.click("[data-action=confirm-discard]")
        elif not true_match(page).deal.trick:
            page.locator("#hand button.playable").first.click()
            wait_settled(page, n + 1)
            return n
        else:
            page.locator("#hand button.playable").first.click()
        wait_settled(page, n + 1)
    raise AssertionError("never your lead")


# -- a normal table ----------------------------------------------------------------------
def test_taking_the_manni_cannot_be_undone(page):
    load(page, seat0_first("classic", practice=False))
    assert "practice" not in record(page)
    expect(page.locator("[data-action=show-hands]")).to_have_count(0)
    assert "Nothing of yours" in undo_state(page)
    page.click("[data-action=take-manni]")
    wait_settled(page, 1)
    assert "seen new cards" in refused_undo(page)
    assert true_match(page).deal.manni_taken_by == 0


def discard_two(page) -> list[str]:
    """Hornafjarðarmanni, your first exchange: discard two cards and draw; the hand before."""
    before = hand_codes(page)
    for code in before[:2]:
        page.click(f'#hand [data-card="{code}"]')
    page.click("[data-action=confirm-discard]")
    wait_settled(page, 1)
    return before


def test_drawing_cannot_be_undone(page):
    load(page, seat0_first("hornafjordur", practice=False))
    before = discard_two(page)
    assert "seen new cards" in refused_undo(page)
    assert not set(before[:2]) & set(hand_codes(page))


def test_an_answered_card_cannot_be_undone(page):
    load(page, seat0_first("classic", practice=False))
    n = lead_a_card(page)  # at the fastest speed both opponents have answered by now
    assert len(true_match(page).actions) > n + 1
    assert "answered" in refused_undo(page)
    assert_no_hidden_cards(page)


# -- a practice table ---------------------------------------------------------------------
def test_practice_from_the_dialog_is_marked_in_the_record(session):
    page, monitor = session
    start_match(page, "classic", 5, practice=True)
    assert record(page)["practice"] is True
    expect(page.locator(".practice-tools .practice-mark")).to_have_text("Practice")
    page.click("[data-action=menu]")
    expect(page.locator("#opt-practice")).to_be_checked()
    page.click("#menu-dialog [data-action=close-dialog]")
    monitor.assert_clean(page)


def test_practice_undoes_a_take_and_shows_every_hand(page):
    load(page, seat0_first("classic", practice=True))
    before = hand_codes(page)
    page.click("[data-action=take-manni]")
    wait_settled(page, 1)
    press_undo(page, 0)
    assert hand_codes(page) == before
    page.click("[data-action=show-hands]")
    expect(page.locator("[data-action=show-hands]")).to_have_attribute("aria-pressed", "true")
    m = true_match(page)
    for seat in (1, 2):
        expect(page.locator(f".seat-{seat} .open-hand .card")).to_have_count(12)
    page.screenshot(path=str(ARTIFACTS / "fair-practice-hands-360.png"))
    page.click("[data-action=show-hands]")
    expect(page.locator(".open-hand")).to_have_count(0)
    assert m.practice


def test_practice_undoes_a_draw(page):
    load(page, seat0_first("hornafjordur", practice=True))
    before = discard_two(page)
    press_undo(page, 0)
    assert hand_codes(page) == before


def test_practice_undoes_an_answered_card(page):
    load(page, seat0_first("classic", practice=True))
    n = lead_a_card(page)
    press_undo(page, n)
    assert state(page)["turn"] == "you" and not true_match(page).deal.trick


# -- the review of a finished deal --------------------------------------------------------
def review_cards(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-review] [data-card]", "els => els.map(e => e.dataset.card)"))


def test_review_shows_the_whole_deal_only_after_it(session):
    page, monitor = session
    st = start_match(page, "classic", 20)
    while st["phase"] != "deal-over":
        expect(page.locator("[data-action=review]")).to_have_count(0)
        expect(page.locator("[data-review]")).to_have_count(0)
        assert_no_hidden_cards(page)
        st = step(page)
    # Resumed from its record (a reload), the finished deal can be reviewed.
    page.reload()
    page.wait_for_function("document.getElementById('table').dataset.phase === 'deal-over'", timeout=BOOT_MS)
    page.click("[data-action=review]")
    summary = page.locator("[data-review] .review-summary")
    expect(summary).to_have_text(
        __import__("re").compile(r"^You matched Hard on \d+ of 12 cards; estimated loss \d+\.\d points\."),
        timeout=60_000)
    m = true_match(page)
    dealt = m.dealt(0)
    everything = {card_code(c) for h in dealt.hands for c in cards_of(h)} | {card_code(c) for c in dealt.manni}
    assert len(everything) == 48 and review_cards(page) == everything  # 36 dealt + the Manni
    for seat in range(3):
        shown = page.locator(".review-hand").nth(seat).locator("[data-card]")
        expect(shown).to_have_count(12)
    expect(page.locator("[data-review] .review-tricks").first.locator("> li")).to_have_count(12)
    beside = page.locator("[data-review] .review-par .compare [data-card]")  # par's trick by yours
    expect(beside).to_have_count(6, timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "fair-review-360.png"))
    page.locator(".review-tricks").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "fair-review-tricks-360.png"))
    page.click("#review-dialog [data-action=close-dialog]")
    expect(page.locator("[data-review]")).to_have_count(0)  # nothing of it stays in the page
    n = int(state(page)["actions"])
    page.click("[data-action=next-deal]")
    wait_settled(page, n, 2)
    expect(page.locator("[data-action=review]")).to_have_count(0)
    assert page.inner_html("#review-body") == ""
    monitor.assert_clean(page)


BREAK_REVIEW = """async (broken) => {
  const runtime = await (await import("./static/vendor/runtime.mjs")).loadPyodide();
  runtime.runPython(broken ? `
import manni.ui.game as game
game._review_steps = game.Game.review_steps
def _fails(self, index):
    raise RuntimeError("a review that fails")
game.Game.review_steps = _fails` : `
import manni.ui.game as game
game.Game.review_steps = game._review_steps`);
}"""


def test_a_review_that_fails_says_so_and_the_match_goes_on(session):
    page, monitor = session
    st = start_match(page, "classic", 20)
    while st["phase"] != "deal-over":
        st = step(page)
    page.evaluate(BREAK_REVIEW, True)
    try:
        page.click("[data-action=review]")
        expect(page.locator("#review-body .review-failed")).to_have_text(
            "This deal could not be reviewed. Your match continues.")
        expect(page.locator("#review-body .review-busy")).to_have_count(0)
    finally:
        page.evaluate(BREAK_REVIEW, False)
    assert any("a review that fails" in e for e in monitor.console_errors), monitor.console_errors
    monitor.console_errors.clear()  # the fault reported, as every fault of the page is
    page.click("#review-dialog [data-action=close-dialog]")
    n = int(state(page)["actions"])
    page.click("[data-action=next-deal]")
    wait_settled(page, n, 2)
    monitor.assert_clean(page)


# -- statistics -----------------------------------------------------------------------------
def one_card_from_the_end(practice: bool, skip: int = 0) -> tuple[str, str]:
    """A record of a match that your next card ends, and that card's code."""
    from manni.bots import make_bot
    found = 0
    for seed in range(100):
        m = Match("classic", {"target": 5}, seed=seed)
        bots = {s: make_bot("easy", seed=s) for s in range(3)}
        while not m.finished:
            if m.phase == "deal-over":
                m.start_next_deal()
            s = m.turn
            m.apply(bots[s].choose(m.view(s)), s)
        last = m.actions[-1]
        m.undo()
        if m.turn == 0 and m.deal.number == len(m.deals):
            found += 1
            if found > skip:
                m.practice = practice
                return dumps(m), card_code(last.card)
    raise AssertionError("no match ended by seat 0")


def played_in_stats(page) -> int:
    page.click("[data-action=menu]")
    page.click("[data-action=stats]")
    n = int(page.get_attribute("[data-stats-played]", "data-stats-played"))
    page.click("#stats-dialog [data-action=close-dialog]")
    return n


def test_statistics_count_a_finished_match_and_ignore_a_practice_one(page):
    page.evaluate("localStorage.removeItem('manni:stats')")
    page.reload()
    wait_settled(page)
    assert played_in_stats(page) == 0
    for practice, skip in ((True, 0), (False, 1)):
        text, code = one_card_from_the_end(practice, skip)
        load(page, text)
        n = int(state(page)["actions"])
        page.click(f'#hand [data-card="{code}"]')
        page.wait_for_function("document.getElementById('table').dataset.phase === 'match-over'")
        assert played_in_stats(page) == (0 if practice else 1)
    page.click("[data-action=menu]")
    page.click("[data-action=stats]")
    expect(page.locator("#stats-body")).to_contain_text("Winning streak")
    expect(page.locator("#stats-body")).to_contain_text("1 practice match finished (not counted).")
    page.screenshot(path=str(ARTIFACTS / "fair-stats-360.png"))
    page.click("[data-action=reset-stats]")
    page.click("[data-action=reset-stats-confirm]")
    expect(page.locator("[data-stats-played]")).to_have_attribute("data-stats-played", "0")
    page.click("#stats-dialog [data-action=close-dialog]")


# -- how to play ----------------------------------------------------------------------------
def test_rules_page_from_the_new_match_dialog_follows_the_choice(page):
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", "hornafjordur")
    page.click("#menu-dialog [data-action=rules][data-from=opt-variant]")
    body = page.locator("#rules-body")
    expect(body.locator("[data-rules-page=hornafjordur]")).to_be_visible()
    expect(body).to_contain_text("Nóló")
    expect(body.locator(".rules-figure .card.face").first).to_be_visible()
    no_horizontal_scroll(page, W)
    page.screenshot(path=str(ARTIFACTS / "fair-rules-360.png"))
    page.click("#rules-body [data-action=rules][data-variant=classic]")
    expect(body.locator("[data-rules-page=classic]")).to_be_visible()
    expect(body).to_contain_text("48 cards")
    page.click("#rules-dialog [data-action=close-dialog]")
    expect(page.locator("#menu-dialog")).to_be_visible()  # back in the dialog it came from
    page.click("#menu-dialog [data-action=close-dialog]")


# -- learn by playing -----------------------------------------------------------------------
def test_the_lesson_plays_to_its_end_and_gives_your_match_back(page):
    st = start_match(page, "classic", 5)
    saved = page.evaluate("localStorage.getItem('manni:record')")
    mine = hand_codes(page)
    page.click("[data-action=menu]")
    page.click("[data-action=tutorial]")
    prompt = page.locator(".tutorial-prompt")
    expect(prompt).to_have_attribute("data-prompt", "exchange")
    page.screenshot(path=str(ARTIFACTS / "fair-tutorial-360.png"))
    seen = set()
    for _ in range(60):
        st = wait_settled(page)
        seen.add(prompt.get_attribute("data-prompt"))
        if st["phase"] == "deal-over":
            break
        n = int(st["actions"])
        if page.locator("[data-action=keep-hand]").count():
            page.click("[data-action=keep-hand]")
        else:
            page.locator("#hand button.playable").first.click()
        wait_settled(page, n + 1)
    assert state(page)["phase"] == "deal-over"
    assert {"exchange", "lead", "deal_over"} <= seen and seen & {"follow", "void", "trump_won"}
    expect(page.locator(".result [data-action=next-deal]")).to_have_count(0)
    expect(page.locator(".result .tutorial-end")).to_contain_text("only tricks beyond four score")
    page.screenshot(path=str(ARTIFACTS / "fair-tutorial-end-360.png"))
    assert page.evaluate("localStorage.getItem('manni:record')") == saved  # never saved over
    page.click(".result [data-action=leave-tutorial]")
    expect(page.locator(".tutorial-prompt")).to_have_count(0)
    assert hand_codes(page) == mine
    # It can be replayed from the menu, and left at any time.
    page.click("[data-action=menu]")
    page.click("[data-action=tutorial]")
    expect(prompt).to_have_attribute("data-prompt", "exchange")
    page.click(".tutorial-prompt [data-action=leave-tutorial]")
    expect(page.locator(".tutorial-prompt")).to_have_count(0)
    assert hand_codes(page) == mine
