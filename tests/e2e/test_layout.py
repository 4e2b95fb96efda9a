"""Layout at phone portrait, phone landscape and desktop: no horizontal scroll, 44 px targets,
your hand in the window without scrolling (a laptop's, a phone's on its side), a table of
four within a phone's height on its side.

One page for the module; the viewport is resized between checks. Screenshots of each size
go to artifacts/ (gitignored) for a human to look at.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from manni.bots import make_bot
from manni.match import Match
from manni.record import dumps
from manni.rules import get_rules
from manni_page import (PageMonitor, boot, broken_words, classic_first_to_choose, hand_codes,
                        import_text, let_cards_land, start_match, step, wait_settled)

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
SIZES = [(360, 740), (360, 640), (740, 360), (1280, 800)]


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
    narrow_and_tappable(page, w, h, name)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{w}x{h}.png"))


def narrow_and_tappable(page, w, h, name):
    sw = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert sw <= w, f"{name} at {w}x{h}: {sw}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll('button, select, input, summary, [data-card]')]
        .filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.dataset.card || e.dataset.action || e.id || e.tagName, r.width, r.height]; })
        .filter(([n, w, h]) => w < 44 || h < 44)""")
    assert not small, f"{name}: tap targets under 44px at {w}x{h}: {small}"


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


# A laptop's common windows and a phone on its side: your hand whole in the window, on
# every step of a deal where you act, whatever the felt holds. A laptop's window is shorter
# than its screen: 1366x657 is a 1366x768 screen under a browser's bars, 1280x600 a
# 1920x1080 one at 150%, 1024x690 a tablet on its side. At three seats with a Manni
# contract (Classic), an upright phone's short window too.
LAPTOP_WINDOWS = [(1366, 657), (1280, 600), (1024, 690)]
IN_WINDOW = [(1366, 768), (1280, 800), (1440, 900), *LAPTOP_WINDOWS, (740, 360)]
SHORT_PHONE = (360, 640)
HAND_BELOW = """() => Math.max(...[...document.querySelectorAll('#hand [data-card]')]
  .map(c => c.getBoundingClientRect().bottom)) - innerHeight"""


def hand_in_window(page, what: str, sizes: list[tuple[int, int]]) -> None:
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        let_cards_land(page)
        page.evaluate("scrollTo(0, 0)")
        below = page.evaluate(HAND_BELOW)
        assert below <= 0, f"{what} at {w}x{h}: your hand ends {below:.0f}px below the window"


@pytest.mark.parametrize("variant", ["classic", "laugavatn"])
def test_your_hand_stays_in_the_window(browser, base_url, variant):
    """Classic's Manni choice (and on a short upright phone, a 360x640 window);
    Laugavatnsmanni's 16 cards (20 while laying away) beside the contracts to declare or
    overcall, the lists and the trick."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    monitor = PageMonitor(context)
    page = context.new_page()
    if variant == "classic":  # a deal where you choose first about the Manni
        boot(page, f"{base_url}/index.html?rules=classic&seed={classic_first_to_choose().seed}")
    else:
        boot(page, f"{base_url}/index.html")
        page.click("[data-action=menu]")
        page.select_option("#opt-variant", variant)
        page.select_option("#opt-exchange", "pickup")
        page.check("#opt-overcalls")
        page.select_option("#opt-speed", "fastest")
        page.click("[data-action=start-match]")
    sizes = IN_WINDOW + ([SHORT_PHONE] if variant == "classic" else [])
    st = wait_settled(page)
    checked = set()
    while st["phase"] in ("exchange", "play"):
        n, stage = int(st["actions"]), st.get("stage") or st["phase"]
        if st["phase"] == "play" and len(checked) > 1 and "play" in checked:
            break
        hand_in_window(page, f"{variant}, {stage}", sizes)
        checked.add(stage)
        page.set_viewport_size({"width": 1366, "height": 768})
        if stage in ("declare", "overcall"):
            page.locator(".declare-panel .choice").first.click()
        elif stage == "pickup":
            page.click("[data-action=take-manni]")
        elif stage == "lay_away":
            for code in hand_codes(page)[:4]:
                page.click(f'#hand button[data-card="{code}"]')
            page.click("[data-action=confirm-discard]")
        elif st["phase"] == "exchange":
            page.click("[data-action=keep-hand]")
        else:
            page.locator("#hand button[data-card].playable").first.click()
        st = wait_settled(page, n + 1)
    assert "play" in checked and len(checked) > 1, checked
    monitor.assert_clean(page)
    context.close()


def deal_two_turns(rules: str, seed: int) -> dict[str, str]:
    """Records of a match (every seat Easy) at your first turn at each step of its second
    deal (the contract's choice, the Manni, the play); deal 1's par is 2 above your score."""
    options = {"target": 20} if "target" in get_rules(rules).options else None
    m = Match(rules, options, seed=seed)
    bots = {s: make_bot("easy", seed=seed + s) for s in range(3)}
    records: dict[str, str] = {}
    while m.deal.number <= 2:
        if m.phase == "deal-over":
            m.start_next_deal()
            continue
        stage = m.view(0).stage or "play"
        if m.deal.number == 2 and m.turn == 0 and stage not in records:
            yours = m.deal_scores[0][m.rules.side_of[0]]
            m.par, m.par_level = {0: yours + 2}, "easy"  # a record carries par: not computed again
            records[stage] = dumps(m)
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return records


SMALL_PHONES = [SHORT_PHONE, (640, 360)]


@pytest.mark.parametrize("rules", ["classic", "hornafjordur", "trjamann", "laugavatn"])
def test_a_table_of_three_with_the_match_against_par_fits_a_small_phone(browser, base_url, rules):
    """Each step of a second deal where you act, "−2 vs par" in the deal's box: your hand
    whole in a 360x640 and a 640x360 window, no sideways scroll, 44 px targets, in English,
    Dutch and Russian (long words, tools of two lines). Trjámann and Laugavatnsmanni: while
    declaring (and overcalling) beside the lists, and in the declared contract."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "classic", level="easy")  # Easy's par, as the records carry
    ARTIFACTS.mkdir(exist_ok=True)
    records = deal_two_turns(rules, seed=11)
    assert "play" in records and len(records) > 1, list(records)
    if rules in ("trjamann", "laugavatn"):
        assert "declare" in records, list(records)
    for stage, text in records.items():
        page.set_viewport_size({"width": 360, "height": 640})
        import_text(page, text)
        st = wait_settled(page)
        if st["phase"] == "deal-over":  # deal 2 has no move yet: the record ends on deal 1
            page.click("[data-action=next-deal]")
            st = wait_settled(page, int(st["actions"]), 2)
        assert (st.get("stage") or st["phase"]) == stage, (stage, st)
        for lang in ("en", "nl", "ru"):
            page.click("[data-action=menu]")
            page.select_option("#opt-lang", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.click("#menu-dialog [data-action=close-dialog]")
            assert page.locator("#table .contract-box .vs-par").get_attribute("data-duplicate") == "-2"
            for w, h in SMALL_PHONES:
                what = f"{rules}, {stage}, in {lang}"
                hand_in_window(page, what, [(w, h)])
                narrow_and_tappable(page, w, h, what)
                page.screenshot(path=str(ARTIFACTS / f"par-{rules}-{stage}-{lang}-{w}x{h}.png"))
    monitor.assert_clean(page)
    context.close()


def test_a_table_of_four_fits_a_phone_on_its_side(browser, base_url):
    """Manille with your partner dealing: the turned card stays at the top seat without
    making the table taller than the window; the longest trump's name ("Trumps: diamonds")
    breaks between words only."""
    seed = next(s for s in range(100)
                if (m := Match("manille", seed=s)).first_dealer == 2 and m.deal.contract.trump == 2)
    context = browser.new_context(viewport={"width": 740, "height": 360})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html?rules=manille&seed={seed}")
    wait_settled(page)
    assert page.locator(".seat.top .turned .card").count() == 1
    for w, h in [(740, 360), (667, 375), (844, 390)]:
        page.set_viewport_size({"width": w, "height": h})
        let_cards_land(page)
        tall = page.evaluate("document.documentElement.scrollHeight - innerHeight")
        assert tall <= 0, f"the table of four at {w}x{h} is {tall}px taller than the window"
        assert broken_words(page, ".contract-name") == [], f"a word of the contract broken at {w}x{h}"
    monitor.assert_clean(page)
    context.close()


# At a laptop's size: each side seat's bubble ends above its seat and covers no other box.
SIDE_BUBBLES_ABOVE = """() => {
  const out = [];
  const boxes = [...document.querySelectorAll(
    '.felt.four .seat, .felt.four .contract-box, .felt.four .felt-corner > *')];
  for (const b of document.querySelectorAll('.felt.four .seat:is(.left, .right) .bubble')) {
    const r = b.getBoundingClientRect(), seat = b.closest('.seat').getBoundingClientRect();
    if (r.bottom > seat.top) out.push(['over its seat', b.textContent]);
    for (const e of boxes) {
      const o = e.getBoundingClientRect();
      if (r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1
          && !e.contains(b)) out.push(['over', e.className, b.textContent]);
    }
  }
  return out; }"""


def test_a_table_of_four_keeps_your_hand_in_the_window_through_two_deals(browser, base_url):
    """Manille, the parlée's talk on, seed 2: the seat on your right deals the first deal and
    your partner the second, each showing the turned card until it is played. On a short
    upright phone and in a 1366x768 screen's window (1366x657) your hand is whole in the
    window at every turn of both deals; in the second, the last deal's review is offered in
    the felt's corner, and on a taller upright phone, a phone on its side and the other
    laptops' windows too; at 1366x768 a side seat's answer is in the room above the seat,
    clear of everything."""
    assert Match("manille", seed=2).first_dealer == 1  # the seat on your right
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html?rules=manille&seed=2")
    st = wait_settled(page)
    turns = {1: 0, 2: 0}
    bubbles = 0
    while st["phase"] == "play" and int(st["deal"]) <= 2:
        deal = int(st["deal"])
        where = f"Manille, deal {deal}, move {st['actions']}"
        if deal == 1:
            hand_in_window(page, where, [SHORT_PHONE, LAPTOP_WINDOWS[0]])
        else:
            assert page.locator(".felt.four .felt-corner [data-action=review]").count() == 1
            hand_in_window(page, where, [(360, 740), SHORT_PHONE, (740, 360), *LAPTOP_WINDOWS,
                                         (1366, 768)])
            assert page.evaluate(SIDE_BUBBLES_ABOVE) == [], where
            bubbles += page.locator(".felt.four .seat:is(.left, .right) .bubble").count()
        page.set_viewport_size({"width": 1366, "height": 768})
        turns[deal] += 1
        st = step(page)
    assert min(turns.values()) >= 8, turns
    assert bubbles, "no answer was given at a side seat in the second deal"
    monitor.assert_clean(page)
    context.close()


@pytest.mark.parametrize("locale", ["is", "fr"])
def test_a_table_of_four_keeps_your_hand_on_a_short_phone_in_the_players_languages(
        browser, base_url, locale):
    """Icelandic and French roles, answers and buttons are longer than English ones: in seed
    1's first deal (you deal: the turned card is at your seat) your hand stays whole in a
    360x640 window at every turn."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    monitor = PageMonitor(context)
    page = context.new_page()
    assert Match("manille", seed=1).first_dealer == 0
    boot(page, f"{base_url}/index.html?rules=manille&seed=1")
    assert page.evaluate("document.documentElement.lang") == locale
    st = wait_settled(page)
    turns = 0
    while st["phase"] == "play" and int(st["deal"]) == 1:
        hand_in_window(page, f"Manille in {locale}, move {st['actions']}", [SHORT_PHONE])
        turns += 1
        st = step(page)
    assert turns >= 8, turns
    monitor.assert_clean(page)
    context.close()


def test_the_trumps_name_breaks_between_words_on_a_phone(browser, base_url):
    """Three seats, diamonds trumps: the name is whole on an upright phone and on its side."""
    seed = next(s for s in range(100) if Match("hornafjordur", seed=s).deal.contract.trump == 2)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html?rules=hornafjordur&seed={seed}")
    wait_settled(page)
    assert page.locator(".contract-name").inner_text() == "Trumps: diamonds"
    for w, h in [(360, 740), (667, 375), (740, 360)]:
        page.set_viewport_size({"width": w, "height": h})
        let_cards_land(page)
        assert broken_words(page, ".contract-name") == [], f"a word of the contract broken at {w}x{h}"
    monitor.assert_clean(page)
    context.close()


CLEAR = """() => { const felt = document.querySelector('.felt.four').getBoundingClientRect();
  const els = [...document.querySelectorAll(
    '.felt.four .seat, .felt.four .contract-box, .felt.four .felt-corner')];
  const out = [];
  for (const e of els) {
    const r = e.getBoundingClientRect();
    if (r.left < felt.left - 0.5 || r.right > felt.right + 0.5) out.push(['outside', e.className]);
    if (!e.matches('.seat') && e.scrollWidth > e.clientWidth + 1) out.push(['cut', e.className]);
  }
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i].getBoundingClientRect(), b = els[j].getBoundingClientRect();
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      out.push([els[i].className, els[j].className]);
  }
  return out; }"""


def test_a_practice_table_of_four_on_an_upright_phone(browser, base_url):
    """The practice mark and its Show-hands button sit in the corner beside your partner,
    clear of the deal's box and the seats, down to a 320 px phone; with every hand shown the
    seats at the sides hold their eight cards in two columns, not one. On a desktop they
    are in the table's own type, not the phone's small one."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    page.click("[data-action=menu]")
    page.set_checked("#opt-practice", True)
    page.select_option("#opt-variant", "manille")
    page.select_option("#opt-speed", "fastest")
    page.click("[data-action=start-match]")
    wait_settled(page)
    assert page.locator(".felt.four .practice-tools [data-action=show-hands]").count() == 1
    for w in (360, 320):
        page.set_viewport_size({"width": w, "height": 740})
        let_cards_land(page)
        assert page.evaluate(CLEAR) == [], f"at {w}x740"
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("[data-action=show-hands]")
    let_cards_land(page)
    assert page.evaluate(CLEAR) == []
    columns = page.evaluate("""() => [...document.querySelectorAll(
        '.felt.four .seat.left .open-hand, .felt.four .seat.right .open-hand')].map(h =>
        new Set([...h.children].map(c => Math.round(c.getBoundingClientRect().left))).size)""")
    assert len(columns) == 2 and min(columns) >= 2, columns
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "practice-four-360x740.png"), full_page=True)
    # on a desktop the corner is wider: the mark and the button in the table's own type
    page.set_viewport_size({"width": 1366, "height": 768})
    let_cards_land(page)
    assert page.evaluate(CLEAR) == []
    sizes = page.evaluate("""() => ['.felt.four .practice-mark',
        '.felt.four .practice-tools [data-action=show-hands]'].map(s =>
        parseFloat(getComputedStyle(document.querySelector(s)).fontSize))""")
    assert min(sizes) >= 12.8, sizes
    page.screenshot(path=str(ARTIFACTS / "practice-four-1366x768.png"))
    monitor.assert_clean(page)
    context.close()
