"""The table at a glance: notices by kind, hands you can count, cards that move.

One browser context for the module; each test brings the page to the state it needs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from manni_page import (BOOTS, WATCH_MOVES, PageMonitor, boot, boot_as, classic_first_to_choose,
                        hand_codes, import_text, let_cards_land, must_follow_match, start_match,
                        state, step, true_match, wait_settled)
from manni.actions import KEEP, Play
from manni.cards import parse_card
from manni.record import dumps

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
SIZES = [(360, 740), (740, 360), (1280, 800)]

BOXES = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
                     const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const n = document.getElementById('notice');
  return {notice: n.hidden ? null : box('#notice'), kind: n.dataset.kind,
          hand: box('#hand'), contract: box('.contract-box')};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module", params=BOOTS)
def session(request, browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    monitor = PageMonitor(context)
    page = context.new_page()
    boot_as(page, f"{base_url}/index.html", request.param)
    yield page, base_url
    monitor.assert_clean(page)
    context.close()


@pytest.fixture
def page(session):
    return session[0]


@pytest.mark.parametrize("i,size", enumerate(SIZES))
def test_info_notice_keeps_off_the_contract_and_the_hand(session, i, size):
    page, base_url = session
    w, h = size
    page.set_viewport_size({"width": w, "height": h})
    boot(page, f"{base_url}/index.html?seed={31 + i}")  # a new seed: "Match started from seed N"
    let_cards_land(page)
    got = page.evaluate(BOXES)
    assert got["kind"] == "info" and got["notice"] is not None
    assert page.get_attribute("#notice", "role") == "status"
    assert not overlap(got["notice"], got["hand"]), got
    assert not overlap(got["notice"], got["contract"]), got
    # it lets taps through and goes away by itself
    assert page.eval_on_selector("#notice", "e => getComputedStyle(e).pointerEvents") == "none"
    page.wait_for_selector("#notice", state="hidden", timeout=8000)


def test_a_refusal_is_a_warning_and_looks_apart_from_info(page):
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("localStorage.clear()")
    m = must_follow_match()
    import_text(page, dumps(m))
    info_bg = page.eval_on_selector("#notice", "e => getComputedStyle(e).backgroundColor")
    assert page.get_attribute("#notice", "data-kind") == "info"  # "Game record loaded."
    page.locator("#hand button[data-card].unplayable").first.click(force=True)
    page.wait_for_selector("#notice[data-kind=warning]:not([hidden])")
    assert page.get_attribute("#notice", "role") == "alert"
    warn_bg = page.eval_on_selector("#notice", "e => getComputedStyle(e).backgroundColor")
    assert warn_bg != info_bg


BACKS = """() => [...document.querySelectorAll('.card.back, .fan, .fan-slot, .pile, .pile-card')].map(e => ({
  cls: [...e.classList], attrs: [...e.attributes].map(a => a.name),
  text: e.textContent.trim(), hidden: !!e.closest('[aria-hidden=true]')}))"""


def test_opponents_hands_are_fans_of_backs_that_name_no_card(page):
    page.set_viewport_size({"width": 360, "height": 740})
    st = start_match(page, "classic", 5)
    while st["phase"] == "exchange":
        st = step(page)
    counts = page.eval_on_selector_all(".felt .fan", "fs => fs.map(f => [f.querySelectorAll('.back').length,"
                                       " f.querySelector('.fan-count').textContent])")
    assert len(counts) == 2 and all(n == int(shown) and n > 0 for n, shown in counts)
    allowed = {"card", "back", "fan", "fan-slot", "fan-count", "pile", "pile-card", "flying"}
    for el in page.evaluate(BACKS):  # "flying": a back on its way (its place in "style")
        assert set(el["cls"]) <= allowed, el
        assert set(el["attrs"]) <= {"class", "aria-hidden", "data-pile", "style"}, el
        assert el["text"].isdigit() or el["text"] == "", el  # a count at most
        assert el["hidden"], el
    # each seat's pile holds the tricks it took (six drawn at most)
    for _ in range(4):
        st = step(page)
    tricks = true_match(page).deal.tricks
    piles = page.eval_on_selector_all(".pile", "ps => ps.map(p => [p.dataset.pile, p.children.length])")
    assert sorted(piles) == [[str(s), min(tricks[s], 6)] for s in range(3)]
    assert sum(tricks) >= 1


# Resolves at the page's next turn (data-turn="you" in play): taps the first playable card
# at once, in the same task, and says whether a card was still moving then.
TAP_WHILE_MOVING = """() => new Promise(resolve => {
  const table = document.getElementById('table');
  const moving = () => document.getAnimations()
    .filter(a => a.constructor === Animation && a.playState === 'running').length;
  const go = () => {
    if (table.dataset.turn !== 'you' || table.dataset.phase !== 'play') return false;
    const card = document.querySelector('#hand button[data-card].playable');
    if (!card) return false;
    const n = moving(), actions = Number(table.dataset.actions);
    card.click();
    resolve({moving: n, actions});
    return true;
  };
  if (go()) return;
  const obs = new MutationObserver(() => { if (go()) obs.disconnect(); });
  obs.observe(table, {attributes: true});
})"""

MOTION = "() => ({...window.manniMotion.stats, mode: document.documentElement.dataset.motion})"


def play_to_the_end_of_exchange(page) -> dict:
    st = wait_settled(page)
    while st["phase"] == "exchange":
        st = step(page)
    return st


def test_cards_move_and_no_tap_is_lost_while_they_do(page):
    page.set_viewport_size({"width": 360, "height": 740})
    start_match(page, "classic", 20, speed="fast")
    play_to_the_end_of_exchange(page)
    before = page.evaluate(MOTION)
    taps_while_moving = 0
    for _ in range(5):
        got = page.evaluate(TAP_WHILE_MOVING)
        taps_while_moving += got["moving"] > 0
        wait_settled(page, got["actions"] + 1)  # the tap was applied
    after = page.evaluate(MOTION)
    assert after["mode"] == "full" and after["moves"] > before["moves"]
    assert after["fades"] == before["fades"]
    assert taps_while_moving >= 1
    # a finished trick was gathered to its winner's pile (its cards no longer on the felt)
    page.wait_for_function("() => !document.querySelector('.trick.done:not(.gathered)')", timeout=5000)


# Once the last trick's copies fly to the winner's pile over a shown result: every animation
# paused, each copy made a hit target for a moment, what is on top at its centre.
ON_TOP_OF_FLYING_COPIES = """() => new Promise(resolve => {
  const layer = () => document.getElementById('motion-layer');
  const look = () => {
    const copies = layer() ? [...layer().children] : [];
    if (!document.querySelector('.result') || !copies.length) return requestAnimationFrame(look);
    document.getAnimations().forEach(a => a.pause());
    layer().style.pointerEvents = 'auto';
    copies.forEach(c => { c.style.pointerEvents = 'auto'; });
    const top = copies.map(c => {
      const r = c.getBoundingClientRect();
      const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return e.closest('#motion-layer') ? 'a flying card' : e.closest('.result') ? 'the result' : e.tagName;
    });
    layer().style.pointerEvents = '';
    copies.forEach(c => { c.style.pointerEvents = ''; });
    document.getAnimations().forEach(a => a.play());
    resolve(top);
  };
  look();
})"""


def test_the_last_tricks_cards_fly_under_the_deals_result(page):
    # The last trick is gathered to its winner's pile after the pause, when the deal's result
    # is already shown over the table: its cards must not cross the scores.
    page.set_viewport_size({"width": 360, "height": 740})
    start_match(page, "classic", 20, speed="fast")
    st = play_to_the_end_of_exchange(page)
    while not (st["phase"] == "play" and len(hand_codes(page)) == 1 and st["turn"] == "you"):
        st = step(page)
    page.evaluate(f"() => {{ window.onTop = ({ON_TOP_OF_FLYING_COPIES})(); }}")  # from before the card
    page.locator("#hand button[data-card].playable").first.click()
    top = page.evaluate("() => window.onTop")
    assert top and set(top) == {"the result"}, top
    assert wait_settled(page)["phase"] == "deal-over"


# What Page.render() does to #game: every card and button is a new element.
REDRAW = "() => { const g = document.getElementById('game'); g.innerHTML = g.innerHTML; }"


def press_redraw_release(page, press: str, release: str) -> None:
    """A mouse press on one card of the hand, a redraw, the release on another (or the same)."""
    def centre(code):
        box = page.locator(f'#hand button[data-card="{code}"]').bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(*centre(press))
    page.mouse.down()
    page.evaluate(REDRAW)
    page.mouse.move(*centre(release))
    page.mouse.up()


def test_a_card_pressed_before_a_redraw_and_released_after_it_is_played(page):
    page.set_viewport_size({"width": 360, "height": 740})
    start_match(page, "classic", 20)
    st = play_to_the_end_of_exchange(page)
    let_cards_land(page)
    n, held = int(st["actions"]), hand_codes(page)
    card = page.get_attribute("#hand button[data-card].playable", "data-card")
    # released on another card: no tap at all
    press_redraw_release(page, card, next(c for c in held if c != card))
    page.evaluate("() => new Promise(done => setTimeout(done, 200))")
    assert int(state(page)["actions"]) == n and hand_codes(page) == held
    # released on the redrawn twin of the card pressed: that card is played, once
    press_redraw_release(page, card, card)
    wait_settled(page, n + 1)
    m = true_match(page)
    assert m.actions[n] == Play(parse_card(card))
    assert card not in hand_codes(page) and len(hand_codes(page)) == len(held) - 1


# The deal's flight (motion.mjs) played again over the hand as it is, slowed down and
# paused where one of your cards on its way covers the middle of the control `sel`:
# returns that point and the card, or null if no card crosses it.
CARD_OVER = """(sel) => {
  window.manniMotion.before();
  window.manniMotion.after(JSON.stringify({events: [["deal"]], ms: 4000, pause: 0,
                                           brisk: false, turn: true, sound: false, haptics: false}));
  const cards = [...document.querySelectorAll('#hand [data-card]')];
  const flights = document.getAnimations().filter(a => cards.includes(a.effect.target));
  flights.forEach(a => a.pause());
  const r = document.querySelector(sel).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const end = Math.max(...flights.map(a => a.effect.getComputedTiming().endTime));
  for (let t = 0; t <= end; t += 10) {
    flights.forEach(a => { a.currentTime = t; });
    const over = cards.find(c => { const b = c.getBoundingClientRect();
                                   return b.left < x && x < b.right && b.top < y && y < b.bottom; });
    if (over) return {x, y, card: over.dataset.card};
  }
  return null;
}"""


def test_a_tap_on_a_button_a_dealt_card_crosses_reaches_the_button(page):
    # Seen in CI: "Keep my hand" clicked just after the deal, and a card flying to the hand
    # took the release, so the tap was lost.
    page.set_viewport_size({"width": 360, "height": 740})
    import_text(page, dumps(classic_first_to_choose()))
    wait_settled(page, 0)
    let_cards_land(page)
    hit = page.evaluate(CARD_OVER, "[data-action=keep-hand]")
    assert hit, "no card of the deal crosses the Keep button"
    page.mouse.click(hit["x"], hit["y"])
    page.wait_for_function("() => document.getElementById('table').dataset.actions !== '0'",
                           timeout=5000)
    assert true_match(page).actions[0] == KEEP


def test_opponents_keep_the_speeds_pause(page):
    """Bots think during the speed's pause (app.drive), and every opponent move still comes
    at least the pause (600 ms at normal speed) after the move before it. (How much sooner
    than pause + thinking: scripts/bench/bench_pace.py.)"""
    start_match(page, "classic", 20, level="hard", speed="normal")
    st = play_to_the_end_of_exchange(page)
    page.evaluate(WATCH_MOVES)
    waits: list[float] = []
    for _ in range(5):
        st = step(page)  # our card, then the opponents' until it is our turn again
        moves = page.evaluate("window.__moves")
        assert int(st["actions"]) == moves[-1][1]
        assert all(b[1] == a[1] + 1 for a, b in zip(moves, moves[1:]))
        # a move made while it was not our turn is an opponent's
        waits = [b[0] - a[0] for a, b in zip(moves, moves[1:]) if a[2] != "you"]
        if len(waits) >= 3:
            break
    assert len(waits) >= 3 and min(waits) >= 590, waits


def test_with_reduced_motion_nothing_moves(page):
    page.emulate_media(reduced_motion="reduce")
    try:
        start_match(page, "classic", 20, speed="fastest")
        play_to_the_end_of_exchange(page)
        before = page.evaluate(MOTION)
        for _ in range(3):
            step(page)
        after = page.evaluate(MOTION)
        assert after["mode"] == "reduced"
        assert after["moves"] == before["moves"] and after["fades"] > before["fades"]
        transforms = page.evaluate("""() => document.getAnimations()
            .filter(a => a.constructor === Animation)
            .flatMap(a => a.effect.getKeyframes()).filter(k => k.transform && k.transform !== 'none').length""")
        assert transforms == 0
    finally:
        page.emulate_media(reduced_motion="no-preference")


def test_sound_and_vibration_are_off_until_turned_on(page):
    page.click("[data-action=menu]")
    for name in ("sound", "haptics"):
        box = page.locator(f"#opt-{name}")
        assert not box.is_checked()
        box.check()
    page.click("#menu-dialog [data-action=close-dialog]")
    saved = page.evaluate("JSON.parse(localStorage.getItem('manni:settings'))")
    assert saved["sound"] is True and saved["haptics"] is True
    step(page)  # sounds play (WebAudio, made in the page) without an error
    page.click("[data-action=menu]")
    for name in ("sound", "haptics"):
        page.locator(f"#opt-{name}").uncheck()
    page.click("#menu-dialog [data-action=close-dialog]")
    saved = page.evaluate("JSON.parse(localStorage.getItem('manni:settings'))")
    assert saved["sound"] is False and saved["haptics"] is False
