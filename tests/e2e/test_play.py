"""The game in a real Chromium at phone size (360×740), one booted page for the module.

The tests share the page (booting Pyodide costs seconds) but not their order: each brings
the page to the state it needs (a new match, a ?seed=N match or an imported record).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from manni.cards import card_code, cards_of
from manni.match import Match
from manni.record import dumps

from manni_page import (BOOTS, PageMonitor, assert_no_hidden_cards, boot, boot_as, hand_codes,
                        import_text, must_follow_match, no_horizontal_scroll, record, start_match,
                        state, step, true_match, wait_settled)

W, H = 360, 740


@pytest.fixture(scope="module", params=BOOTS)
def session(request, browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot_as(page, f"{base_url}/index.html", request.param)
    yield page, monitor, base_url
    context.close()


@pytest.fixture
def page(session):
    return session[0]


def seed_with_first_dealer(dealer: int, rules="classic") -> int:
    return next(s for s in range(1000) if Match(rules, seed=s).first_dealer == dealer)


def at_must_follow(page) -> dict:
    """Import the must-follow position: your turn to play, and you must follow suit."""
    text = dumps(must_follow_match())
    import_text(page, text)
    return wait_settled(page, len(json.loads(text)["actions"]))


# -- boot ---------------------------------------------------------------------------------
def test_boots_offline_without_errors(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    st = state(page)
    assert st["phase"] in ("exchange", "play") and st["turn"] in ("you", "opponent")
    expect(page.locator("[data-action=menu]")).to_have_text("Menu")  # filled from the catalog
    monitor.assert_clean(page)
    assert any(u.endswith("/static/manni.zip") for u in monitor.requests)
    no_horizontal_scroll(page)
    context.close()


def test_hidden_cards_never_reach_the_page(page):
    start_match(page, "classic", 5)
    assert_no_hidden_cards(page) > 0
    for _ in range(6):
        step(page)
        assert_no_hidden_cards(page)


# -- exchanges ----------------------------------------------------------------------------
def test_classic_take_the_manni(session):
    page, monitor, base_url = session
    seed = seed_with_first_dealer(2)  # seat 0 is asked first
    boot(page, f"{base_url}/index.html?seed={seed}")
    assert page.evaluate("location.search") == ""  # consumed: a reload resumes, not restarts
    st = wait_settled(page)
    assert (st["phase"], record(page)["seed"]) == ("exchange", seed)
    before = hand_codes(page)
    expect(page.locator("[data-action=keep-hand]")).to_be_visible()
    page.click("[data-action=take-manni]")
    wait_settled(page, 1)
    after = hand_codes(page)
    assert len(after) == 12 and not set(after) & set(before)
    m = true_match(page)
    assert m.deal.manni_taken_by == 0
    assert set(after) == {card_code(c) for c in cards_of(m.deal.hands[0])}
    assert m.turn == 0  # the taker ends the exchange; the dealer's left (you) leads
    expect(page.locator(".seat-0 .seat-note")).to_have_text("Your turn")
    expect(page.locator(".manni-note")).to_have_text("You took the Manni")
    assert_no_hidden_cards(page)
    monitor.assert_clean(page)


def test_classic_shows_what_each_opponent_chose(session):
    page, _, base_url = session
    seed = seed_with_first_dealer(0)  # seat 0 deals: both opponents choose first
    boot(page, f"{base_url}/index.html?seed={seed}")
    wait_settled(page)
    m = true_match(page)
    notes = page.locator(".opponents .seat-note").all_inner_texts()
    for seat, note in zip((1, 2), notes):
        ex = m.deal.exchanged[seat]
        if ex is None:
            assert note == ""
        else:
            assert note == ("Took the Manni" if ex else "Kept the hand")
    assert any(m.deal.exchanged[s] is not None for s in (1, 2))


def test_hornafjordur_discard_and_draw(page):
    st = start_match(page, "hornafjordur", 5)
    while not (st["phase"] == "exchange" and page.locator("[data-action=confirm-discard]").count()):
        page.goto(page.url)  # rare: never our turn to exchange? start again
        st = start_match(page, "hornafjordur", 5)
    m = true_match(page)
    limit = m.rules.exchange.limit(m.deal)
    before = hand_codes(page)
    expect(page.locator("[data-action=confirm-discard]")).to_have_text("Keep my hand")
    picks = before[:min(limit, 3)]
    for code in picks:
        page.click(f"#hand [data-card=\"{code}\"]")
    expect(page.locator(f"#hand [data-card=\"{picks[0]}\"]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-action=confirm-discard]")).to_have_text(f"Discard {len(picks)} cards and draw")
    if limit < 12:  # one more than allowed is refused with the reason
        for code in before[len(picks):limit + 1]:
            page.click(f"#hand [data-card=\"{code}\"]")
        expect(page.locator("#notice")).to_contain_text(f"at most {limit}")
        for code in before[len(picks):limit]:
            page.click(f"#hand [data-card=\"{code}\"]")  # unselect again
    n = int(state(page)["actions"])
    page.click("[data-action=confirm-discard]")
    wait_settled(page, n + 1)
    after = hand_codes(page)
    assert len(after) == 12 and not set(picks) & set(after)
    expect(page.locator(".seat-0 .seat-note")).to_have_text(
        "Your turn" if state(page)["phase"] == "play" and true_match(page).turn == 0
        else f"Exchanged {len(picks)} cards")
    m = true_match(page)
    for seat in (1, 2):
        if m.deal.exchanged[seat] is not None:
            expect(page.locator(f".seat-{seat} .seat-note")).to_contain_text(
                "Kept the hand" if m.deal.exchanged[seat] == 0 else f"Exchanged {m.deal.exchanged[seat]} card")
    assert_no_hidden_cards(page)  # the discards and the Manni stay hidden


# -- play -------------------------------------------------------------------------------------
def test_illegal_tap_is_refused_with_reason(page):
    text = dumps(must_follow_match())
    import_text(page, text)
    n = len(json.loads(text)["actions"])
    wait_settled(page, n)
    assert state(page)["actions"] == str(n)
    dimmed = page.locator("#hand button[data-card][aria-disabled=true]")
    playable = page.locator("#hand button[data-card].playable")
    assert dimmed.count() > 0 and playable.count() > 0
    before = hand_codes(page)
    # Contract: an unplayable card reports itself disabled (aria-disabled) ...
    expect(dimmed.first).to_be_disabled()
    expect(playable.first).to_be_enabled()
    # ... yet a real tap on it still reaches the page, which refuses it with the reason.
    dimmed.first.click(force=True)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("You must follow suit")
    assert hand_codes(page) == before and state(page)["actions"] == str(n)
    # the playable ones are marked, and the reason names them
    for code in playable.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"):
        expect(page.locator("#notice")).to_contain_text(code)


def _check_hint_shown(page, n: int) -> None:
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Hint: ")
    expect(notice).to_contain_text("expected score")
    expect(page.locator("#announcer")).to_contain_text("Hint: ")
    assert state(page)["actions"] == str(n)  # a hint never plays for you
    assert_no_hidden_cards(page)  # computed from your view: no opponent card reaches the page


def test_hint_marks_one_playable_card(page):
    st = at_must_follow(page)
    n = int(st["actions"])
    assert st["phase"] == "play"
    page.click("[data-action=hint]")
    hinted = page.locator("#hand button[data-card].hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_class(re.compile(r"\bplayable\b"))
    expect(hinted).to_have_attribute("aria-description", "Suggested by the hint")
    label = hinted.get_attribute("aria-label")
    expect(page.locator("#notice")).to_contain_text(f"play the {label}")
    _check_hint_shown(page, n)


def test_a_tap_puts_a_hint_away_before_its_time(page):
    st = at_must_follow(page)
    page.click("[data-action=hint]")
    notice = page.locator('#notice[data-kind="hint"]')
    expect(notice).to_be_visible()
    notice.click()  # a hint's reasons would stay up for 15 s
    expect(notice).to_be_hidden(timeout=2000)
    expect(page.locator("#hand button[data-card].hinted")).to_have_count(1)  # still marked
    assert state(page)["actions"] == st["actions"]  # the tap played nothing


def test_hint_in_the_classic_exchange(page):
    m = Match("classic", {"target": 5}, seed_with_first_dealer(2))  # seat 0 is asked first
    import_text(page, dumps(m))
    wait_settled(page, 0)
    assert state(page)["phase"] == "exchange"
    page.click("[data-action=hint]")
    hinted = page.locator(".actions .btn.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-action") in ("take-manni", "keep-hand")
    assert page.locator("#hand .hinted").count() == 0
    _check_hint_shown(page, 0)
    page.click("[data-action=keep-hand]")  # the hint goes with the decision
    assert wait_settled(page, 1)["phase"] == "play"  # seat 0 leads: the Hint is on again
    expect(page.locator(".hinted")).to_have_count(0)
    expect(page.locator("[data-action=hint]")).to_be_enabled()


def test_expert_opponents_think_in_the_page(page):
    """Expert is offered in the new-match dialog and its opponents answer in the page (each
    move in slices of ~10 ms, about a second a move)."""
    page.click("[data-action=menu]")
    labels = page.locator("#opt-level option").all_inner_texts()
    page.keyboard.press("Escape")
    assert labels == ["Easy", "Medium", "Hard", "Expert"]
    st = start_match(page, level="expert")
    n = int(st["actions"])
    for _ in range(4):
        st = step(page)
    assert int(st["actions"]) > n + 4  # the Expert opponents acted in between


def test_reload_mid_deal_resumes_the_same_hand(page):
    st = at_must_follow(page)
    assert st["phase"] == "play"
    before, actions = hand_codes(page), st["actions"]
    page.reload()
    page.wait_for_function("document.getElementById('table').dataset.phase === 'play'", timeout=90_000)
    wait_settled(page, int(actions))
    assert hand_codes(page) == before and state(page)["actions"] == actions


def test_keyboard_plays_a_card_and_undo_takes_it_back(page):
    st = at_must_follow(page)
    n = int(st["actions"])
    page.locator("#hand button.playable").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in hand_codes(page)
    page.locator("#hand button.playable").first.focus()
    page.keyboard.press("Enter")
    st = wait_settled(page, n + 1)
    undo = page.locator("[data-action=undo]")
    if int(st["actions"]) == n + 1:  # nobody has answered (you won the trick): a mis-tap
        expect(undo).to_be_enabled()
        page.click("[data-action=undo]")
        page.wait_for_function(f"document.getElementById('table').dataset.actions === '{n}'")
    else:  # an opponent has answered: Undo would peek, so it is off and says why
        expect(undo).to_be_disabled()
        expect(undo).to_have_attribute("title", re.compile("answered"))
    assert state(page)["turn"] == "you"


def test_broken_import_is_refused_and_the_match_survives(page):
    at_must_follow(page)
    saved = page.evaluate("localStorage.getItem('manni:record')")
    hand = hand_codes(page)
    for bad in ("{not json", json.dumps({"format": "chess-pgn"}),
                json.dumps({**json.loads(saved), "actions": [{"play": "2S"}]})):
        import_text(page, bad)
        expect(page.locator("#menu-message")).to_contain_text("could not be loaded")
        page.click("#menu-dialog [data-action=close-dialog]")
        assert page.evaluate("localStorage.getItem('manni:record')") == saved
        assert hand_codes(page) == hand


def test_export_downloads_the_record(page):
    at_must_follow(page)
    page.click("[data-action=menu]")
    with page.expect_download() as info:
        page.click("[data-action=export]")
    path = info.value.path()
    with open(path, encoding="utf-8") as f:
        exported = json.load(f)
    page.click("#menu-dialog [data-action=close-dialog]")
    assert exported == record(page)
    assert info.value.suggested_filename.endswith(".json")


def test_dialogs_fit_the_phone(page):
    at_must_follow(page)
    for action in ("menu", "scores"):
        page.click(f"[data-action={action}]")
        no_horizontal_scroll(page)
        page.keyboard.press("Escape")


# -- a whole match ------------------------------------------------------------------------
def test_whole_match_to_target_5_by_clicking(session):
    page, monitor, _ = session
    st = start_match(page, "classic", 5)
    deals = 0
    while st["phase"] != "match-over":
        st = step(page)
        if st["phase"] == "deal-over":
            deals += 1
            expect(page.locator(".result [data-action=next-deal]")).to_be_visible()
            expect(page.locator(".result .sheet tbody tr")).to_have_count(deals)
            no_horizontal_scroll(page)
    m = true_match(page)
    assert m.finished and max(m.totals) >= 5
    winner = {0: "You win the match!", 1: "Sigga wins the match.", 2: "Jón wins the match."}
    expect(page.locator(".result .headline")).to_have_text(winner[m.winners[0]])
    no_horizontal_scroll(page)
    page.click(".result [data-action=new-match]")
    expect(page.locator("#menu-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    monitor.assert_clean(page)
