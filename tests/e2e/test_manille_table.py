"""Manille at the page (360×740): four seats, the parlée, ?rules=, hidden hands.

One booted page for the module, at the fastest speed with Medium opponents. Every question
seen on screen, yours or a bot's, is checked against the hands as dealt (the truth from
the saved record, computed here in CPython, not by the engine's own answer).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from manni.cards import card_code, cards_of
from manni.record import loads
from manni.text import Translator
from manni.ui.parlee import answer_text, parse_ask

from manni_page import (PageMonitor, RECORD_KEY, boot, no_horizontal_scroll, record, step,
                        true_match, wait_settled)

W, H = 360, 740
LEVEL = "medium"  # the bots of the four seats here: quick, and they ask (Easy never does)

SCAN = """() => { const attrs = [];
  for (const el of document.querySelectorAll('body *'))
    if (el.tagName !== 'SCRIPT') for (const a of el.attributes) attrs.push(a.value);
  return {attrs, text: document.body.innerText, html: document.body.innerHTML}; }"""

TALK = """() => ({trick: document.querySelector('.trick').dataset.trick,
  log: [...document.querySelectorAll('.talk-log li')].map(li => ({...li.dataset,
        text: li.textContent})),
  bubbles: [...document.querySelectorAll('.bubble')].map(b => ({...b.dataset,
        seat: b.closest('.seat').dataset.seat, text: b.textContent}))})"""


@pytest.fixture(scope="module")
def session(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html?snapshot=0")
    yield page, monitor, base_url
    context.close()


def start_manille(page, talk: bool, manche: int = 50) -> dict:
    page.click("[data-action=menu]")
    page.set_checked("#opt-practice", False)
    page.select_option("#opt-variant", "manille")
    expect(page.locator("#field-target")).to_be_hidden()
    page.select_option("#opt-manche", str(manche))
    page.select_option("#opt-talk", "on" if talk else "off")
    page.select_option("#opt-level", LEVEL)
    page.select_option("#opt-speed", "fastest")
    page.click("[data-action=start-match]")
    return wait_settled(page)


def hidden_now(match) -> set[int]:
    """The cards seat 0 may not see: the other three hands, but for the turned card."""
    d = match.deal
    hidden = set()
    for s in range(1, 4):
        hidden |= set(cards_of(d.hands[s]))
    hidden.discard(d.cut)
    return hidden


def assert_hidden(page) -> None:
    match = true_match(page)
    dom = page.evaluate(SCAN)
    t = Translator("en")
    # The announcer and the score sheet may still name a card played in an earlier deal,
    # which is public there although the same card is now in a hidden hand.
    played_before = {c for d in match.deals[:-1] for _, cards, _ in d.history for c in cards}
    for c in hidden_now(match):
        code = card_code(c)
        assert code not in dom["attrs"], f"{code} in an attribute"
        # a question names a card ("has:TS", "10♠"), never where it is: not a leak
        assert not re.search(rf"(?<![A-Za-z0-9:]){code}(?![A-Za-z0-9])", dom["html"]), code
        if c not in played_before:
            assert t.card(c).lower() not in dom["html"].lower(), t.card(c)
    mine = page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")
    assert set(mine) == {card_code(c) for c in cards_of(match.deal.hands[0])}


def true_answer(match, deal_index: int, trick: int, partner: int, code: str) -> int:
    """The answer from the partner's hand as dealt, less what it played before ``trick``."""
    hand = match.dealt(deal_index).hands[partner]
    for leader, cards, _ in match.deals[deal_index].history[:trick]:
        for i, c in enumerate(cards):
            if (leader + i) % 4 == partner:
                hand &= ~(1 << c)
    ask = parse_ask(code)
    if ask.kind == "count":
        return sum(1 for c in cards_of(hand) if c // 13 == ask.subject)
    return int(bool(hand >> ask.subject & 1))


def play_match(page, talk: bool) -> tuple[list[dict], int]:
    """Play the match out: ask (while questions are open, every other chance) or play the
    first playable card. Returns every question seen on screen and your questions' count."""
    st = start_manille(page, talk)
    seen: dict[tuple, dict] = {}
    mine = moves = 0
    while st["phase"] != "match-over":
        n = int(st["actions"])
        talk_now = page.evaluate(TALK)
        for i, entry in enumerate(talk_now["log"]):
            seen[(int(st["deal"]), talk_now["trick"], i)] = {**entry, "deal": int(st["deal"]),
                                                             "trick": talk_now["trick"]}
        asks = page.locator("[data-action=ask]")
        let_lead = page.locator("[data-action=let-lead]")
        if let_lead.count() and (moves % 2 or not asks.count()):
            let_lead.click()  # your partner is to lead: the table waited for you
            st = wait_settled(page, n + 1)
        elif talk and asks.count() and moves % 2 == 0:
            asks.nth(moves % asks.count()).click()
            mine += 1
            st = wait_settled(page, n + 1)
            after = page.evaluate(TALK)
            # your question is the last of yours; your partner, on lead, may have asked since
            last = [e for e in after["log"] if e["asker"] == "0"][-1]
            assert last["partner"] == "2" and len(after["log"]) > len(talk_now["log"])
            if after["log"][-1] == last:
                bubble = [b for b in after["bubbles"] if b["seat"] == "2"]
                assert bubble and bubble[0]["answer"] == last["answer"], after
        else:
            assert not asks.count() or talk
            page.locator("#hand button[data-card].playable").first.click()
            st = wait_settled(page, n + 1)
        moves += 1
        if moves % 10 == 0:
            assert_hidden(page)
            no_horizontal_scroll(page, W)
    return list(seen.values()), mine


def check_answers(page, entries: list[dict]) -> None:
    match = true_match(page)
    t = Translator("en")
    for e in entries:
        deal_no, trick = (int(x) for x in e["trick"].split("."))
        truth = true_answer(match, deal_no - 1, trick, int(e["partner"]), e["ask"])
        assert int(e["answer"]) == truth, e
        assert answer_text(parse_ask(e["ask"]), truth, t) in e["text"], e


def test_whole_match_with_the_parlee(session):
    page, monitor, _ = session
    entries, mine = play_match(page, talk=True)
    m = true_match(page)
    assert m.finished and m.rules.name == "manille" and m.options == {"target": 50, "talk": True}
    won = m.view(0).manches.won
    assert max(won) == 2 and sum(won) in (2, 3)
    assert mine > 0 and entries, "no question was asked on screen"
    assert any(e["asker"] != "0" for e in entries), "the bots never asked"
    check_answers(page, entries)
    headline = page.locator(".result .headline")
    expect(headline).to_have_text("You and your partner win the match!" if 0 in m.winners
                                  else "Your opponents win the match.")
    stats = json.loads(page.evaluate("() => localStorage.getItem('manni:stats')"))
    assert stats["matches"][f"manille/{LEVEL}"]["played"] >= 1
    no_horizontal_scroll(page, W)
    monitor.assert_clean(page)


def test_whole_match_muette(session):
    page, monitor, _ = session
    entries, mine = play_match(page, talk=False)
    m = true_match(page)
    assert m.finished and m.options["talk"] is False
    assert not entries and mine == 0
    assert not any(d.answers for d in m.deals)
    expect(page.locator(".talk-mode[data-talk=off]")).to_have_count(1)
    monitor.assert_clean(page)


def test_the_table_shows_four_seats_and_the_turned_card(session):
    page, monitor, _ = session
    start_manille(page, talk=True)
    m = true_match(page)
    v = m.view(0)
    for seat, place in ((1, "right"), (2, "top"), (3, "left")):
        el = page.locator(f".felt .seat-{seat}")
        expect(el).to_have_class(re.compile(rf"\b{place}\b"))
        expect(el.locator(".fan-count")).to_have_text(str(v.hand_sizes[seat]))
    # play runs to the right: your right-hand neighbour's box is right of the trick
    right = page.locator(".felt .seat-1").bounding_box()
    left = page.locator(".felt .seat-3").bounding_box()
    top = page.locator(".felt .seat-2").bounding_box()
    trick = page.locator(".trick").bounding_box()
    assert left["x"] < trick["x"] < right["x"] and top["y"] < trick["y"]
    if not v.played >> v.cut & 1:
        expect(page.locator(f".seat-{v.dealer} .turned [aria-label]")).to_have_attribute(
            "aria-label", Translator("en").card(v.cut))
    expect(page.locator(".contract[data-contract]")).to_have_attribute(
        "data-contract", v.contract.name)
    assert_hidden(page)
    monitor.assert_clean(page)


def test_a_refused_card_says_why(session):
    page, _, _ = session
    start_manille(page, talk=False)
    for _ in range(200):
        st = wait_settled(page)
        unplayable = page.locator("#hand button[data-card].unplayable")
        if st["phase"] == "play" and unplayable.count():
            n = int(st["actions"])
            unplayable.first.click(force=True)
            notice = page.locator("#notice")
            expect(notice).to_be_visible()
            expect(notice).to_have_attribute("data-kind", "warning")
            expect(notice).to_contain_text(re.compile(r"follow|beat|trump|overtrump"))
            assert int(wait_settled(page)["actions"]) == n
            return
        page.locator("#hand button[data-card].playable").first.click()
    raise AssertionError("never held an unplayable card")


def test_rules_link_opens_manille_and_a_bad_name_is_refused(session):
    page, monitor, base_url = session
    page.goto(f"{base_url}/index.html?snapshot=0&rules=hornafjordur")
    st = wait_settled(page)
    assert st["rules"] == "hornafjordur"
    expect(page.locator(".app-title")).to_have_text("Hornafjarðarmanni")
    assert page.title() == "Hornafjarðarmanni"
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille")
    st = wait_settled(page)
    assert st["rules"] == "manille" and page.evaluate("location.search") == ""
    expect(page.locator(".app-title")).to_have_text("Manille")  # the game played, not Manni
    assert page.title() == "Manille"
    expect(page.locator(".felt.four")).to_have_count(1)
    step(page)  # your first decision: a card, or your partner let lead (the seed is random)
    saved = record(page)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=nonsense")
    st = wait_settled(page)
    expect(page.locator('#alerts .alert[data-alert="set-aside"]')).to_contain_text(
        "does not have")
    assert page.evaluate("location.search") == ""
    assert st["rules"] == "manille"
    now = record(page)
    assert now["seed"] == saved["seed"] and now["actions"][:len(saved["actions"])] == saved["actions"]
    # a reload resumes it, and the record imports back
    page.reload()
    st = wait_settled(page)
    assert st["rules"] == "manille" and record(page)["seed"] == saved["seed"]
    text = page.evaluate(f"() => localStorage.getItem({RECORD_KEY!r})")
    assert loads(text).rules.name == "manille"
    monitor.assert_clean(page)


def test_seed_link_and_undo_fairness(session):
    page, monitor, base_url = session
    start_manille(page, talk=True)  # the link keeps your other settings: the parlée on
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=6")  # you lead trick 1
    st = wait_settled(page)
    assert record(page)["seed"] == 6 and st["actions"] == "0"
    ask = page.locator("[data-action=ask]").first
    code = ask.get_attribute("data-ask")
    ask.click()
    st = wait_settled(page, 1)
    undo = page.locator("[data-action=undo]")
    expect(undo).to_have_attribute("aria-disabled", "true")  # answered: no taking it back
    undo.click(force=True)
    expect(page.locator("#notice")).to_be_visible()
    assert wait_settled(page)["actions"] == "1"
    expect(page.locator(".talk-log li")).to_have_count(1)
    assert page.locator(".talk-log li").get_attribute("data-ask") == code
    monitor.assert_clean(page)


# A question scrolled out of the strip's row (reached by a swipe) is not a question cut off.
SCROLLED = """const scrolledOut = e => { const s = e.closest('.talk-sheet'); if (!s) return false;
  const r = e.getBoundingClientRect(), b = s.getBoundingClientRect(), mid = r.left + r.width / 2;
  return mid <= b.left || mid >= b.right; };"""

FITS = """() => { """ + SCROLLED + """ const box = e => e.getBoundingClientRect();
  const inside = r => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const els = [...document.querySelectorAll('#hand button[data-card], .talk-bar, .talk-sheet .ask,'
                                          + ' .felt .seat, .score-strip, .trick')];
  return {scroll: document.documentElement.scrollHeight - innerHeight, count: els.length,
          cards: document.querySelectorAll('#hand button[data-card]').length,
          sheet: !!document.querySelector('.talk-bar.open .talk-sheet'),
          out: els.filter(e => !inside(box(e)) && !scrolledOut(e)).map(e => e.className)}; }"""

# A gathered trick's card flying across the open strip (in static/js/motion.mjs's layer,
# made as it makes it if no card has flown yet): the strip stays on top.
UNDER_THE_SHEET = """() => { const bar = document.querySelector('.talk-bar.open');
  let layer = document.getElementById('motion-layer');
  if (!layer) { layer = document.createElement('div'); layer.id = 'motion-layer';
                layer.className = 'motion-layer'; document.body.appendChild(layer); }
  const card = document.createElement('span'); card.className = 'card back flying';
  const r = bar.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  card.style.left = `${x - 10}px`; card.style.top = `${y - 10}px`;
  card.style.pointerEvents = 'auto';  // hit-tested (in flight it never is), to see what is on top
  layer.appendChild(card);
  const top = document.elementFromPoint(x, y);
  card.remove();
  return bar.contains(top) ? 'under' : top === card ? 'over' : String(top && top.className); }"""


def test_the_table_and_the_open_sheet_fit_a_phone_without_scrolling(session):
    page, monitor, base_url = session
    start_manille(page, talk=True)
    for seed in (6, 2):  # you lead trick 1; your partner does
        page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed={seed}")
        wait_settled(page)
        page.wait_for_function("() => !document.querySelector('#hand .in-flight')")
        fit = page.evaluate(FITS)
        assert fit["cards"] == 8 and fit["sheet"], fit
        assert fit["scroll"] <= 0 and not fit["out"], fit
        assert page.evaluate(UNDER_THE_SHEET) == "under", seed
    monitor.assert_clean(page)


# The notice against the open sheet: do their boxes meet, and what is on top of each question.
BESIDE_THE_SHEET = """() => { """ + SCROLLED + """
  const n = document.getElementById('notice').getBoundingClientRect();
  const bar = document.querySelector('.talk-bar.open').getBoundingClientRect();
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const covered = [...document.querySelectorAll('.talk-sheet .ask')].filter(b => !scrolledOut(b)).filter(b => {
    const r = b.getBoundingClientRect();
    return !b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); });
  return {meets: n.bottom > bar.top && n.top < bar.bottom, inFelt: n.top >= felt.top,
          covered: covered.length}; }"""


def test_a_notice_leaves_the_open_sheet_free(session):
    """The seed link's notice, then a hint's reasons (which take taps, for 15 s): each is
    drawn above the open sheet, never over its questions."""
    page, monitor, base_url = session
    start_manille(page, talk=True)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=6")  # you lead trick 1
    wait_settled(page)
    page.wait_for_function("() => !document.querySelector('#hand .in-flight')")
    notice = page.locator("#notice")
    expect(notice).to_have_attribute("data-kind", "info")
    assert page.evaluate(BESIDE_THE_SHEET) == {"meets": False, "inFelt": True, "covered": 0}
    page.click("[data-action=hint]")
    expect(page.locator('#notice[data-kind="hint"]')).to_be_visible(timeout=10_000)
    assert page.evaluate(BESIDE_THE_SHEET) == {"meets": False, "inFelt": True, "covered": 0}
    said = notice.inner_text()  # a question in words, its button marked; or a card to play
    assert re.match(r"Hint: (ask your partner: (How many .\?|Do you have the .+\?)|play the )", said)
    marked = page.locator(".talk-sheet .ask.hinted")
    expect(marked).to_have_count(1 if said.startswith("Hint: ask") else 0)
    page.locator("[data-action=ask]").first.click()  # the sheet still takes a question
    wait_settled(page, 1)
    expect(page.locator(".talk-log li")).to_have_count(1)
    monitor.assert_clean(page)


def test_you_may_ask_before_your_partner_leads(session):
    page, monitor, base_url = session
    start_manille(page, talk=True)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=2")  # partner leads trick 1
    st = wait_settled(page)
    assert st["actions"] == "0"
    let_lead = page.locator("[data-action=let-lead]")
    expect(let_lead).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Ask first, or let them lead")
    expect(page.locator("#table")).to_have_attribute("data-asks", "0")  # it waits for you
    assert wait_settled(page)["actions"] == "0"
    expect(page.locator(".trick .card")).to_have_count(0)
    page.locator("[data-action=ask]").first.click()
    wait_settled(page, 1)
    expect(page.locator(".talk-log li[data-asker='0']")).to_have_count(1)
    expect(page.locator(".bubble[data-seat='2']")).to_have_count(1)
    talk_now = page.evaluate(TALK)
    (entry,) = talk_now["log"]
    assert entry["partner"] == "2" and talk_now["bubbles"][0]["answer"] == entry["answer"]
    check_answers(page, [{**entry, "trick": talk_now["trick"]}])  # true of its hand as dealt
    expect(let_lead).to_be_visible()  # one question left: still your choice
    expect(page.locator("#table")).to_have_attribute("data-asks", "0")
    expect(page.locator(".trick .card")).to_have_count(0)
    let_lead.click()
    st = wait_settled(page, 2)
    expect(page.locator(".trick .slot-2 .card")).to_have_count(1)  # your partner led
    expect(page.locator("[data-action=let-lead]")).to_have_count(0)
    # in the muette the partner leads at once: no sheet, nothing to wait for
    start_manille(page, talk=False)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=2")
    st = wait_settled(page, 1)
    expect(page.locator("[data-action=let-lead], [data-action=ask]")).to_have_count(0)
    assert record(page)["seed"] == 2
    monitor.assert_clean(page)


def test_let_my_partner_lead_unless_i_ask(session):
    """The setting: no tap to let your partner lead; your questions are offered meanwhile,
    one tap each, and asking one makes your partner wait for you."""
    page, monitor, base_url = session
    start_manille(page, talk=True)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=2")  # partner leads trick 1
    wait_settled(page)
    expect(page.locator("[data-action=let-lead]")).to_be_visible()  # by default it waits
    page.click("[data-action=menu]")
    expect(page.locator("#field-partner-leads")).to_be_visible()
    page.set_checked("#opt-partner-leads", True)
    page.click("#menu-dialog [data-action=close-dialog]")
    expect(page.locator(".trick .slot-2 .card")).to_have_count(1)  # it led, no tap of yours
    assert json.loads(page.evaluate("localStorage.getItem('manni:settings')"))["partner_leads"]
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille&seed=8")  # partner leads again
    page.locator("[data-action=ask]").first.click()  # offered before your partner plays: one tap
    st = wait_settled(page, 1)
    assert st["turn"] == "you" and st["actions"] == "1"
    expect(page.locator(".talk-log li[data-asker='0']")).to_have_count(1)
    expect(page.locator(".trick .card")).to_have_count(0)  # your partner waits for your questions
    page.locator("[data-action=let-lead]").click()
    expect(page.locator(".trick .slot-2 .card")).to_have_count(1)
    page.click("[data-action=menu]")
    page.set_checked("#opt-partner-leads", False)
    page.click("#menu-dialog [data-action=close-dialog]")
    monitor.assert_clean(page)


def test_last_trick_at_a_new_deal_shows_the_previous_deals(session):
    page, monitor, _ = session
    st = start_manille(page, talk=False)
    while st["deal"] == "1":
        n = int(st["actions"])
        page.locator("#hand button[data-card].playable").first.click()
        st = wait_settled(page, n + 1)
    m = true_match(page)
    assert not m.deal.history  # no trick of deal 2 can be taken before you have played
    page.click("[data-action=last-trick]")
    body = page.locator("#last-body")
    expect(body).to_contain_text("The last trick of deal 1")
    t = Translator("en")
    labels = body.locator(".card").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert labels == [t.card(c) for c in m.deals[0].history[-1][1]]
    page.keyboard.press("Escape")
    monitor.assert_clean(page)
