"""Around the match at a table with friends, in three or four browser contexts over WebRTC
(the local signaling server, as in test_friends.py): the chat in each reader's language,
markup as text, a flood that neither stalls the table nor reaches the others, "play again"
with the same seats, and a spectator who never holds a card of any hand and can sit down."""
from __future__ import annotations

import json
import re
from pathlib import Path

from manni.cards import card_code, cards_of
from manni.match import Match
from manni.net import chat as C
from manni.net.host import HostTable
from manni.record import dumps, loads
from manni_page import boot
from test_friends import (CARD_RE, NET_HOST_KEY, NET_RECORD_KEY, STEP_MS, Person, hand, host_actions,
                          host_table, join, move, people, play_deal, plain, signal_url, start,
                          truth, wait_all)

__all__ = ["people", "signal_url"]  # the fixtures, for pytest

LINES = "() => [...document.querySelectorAll('[data-chat-message]')].map(e => e.textContent)"


def open_chat(p: Person) -> None:
    p.page.wait_for_selector("[data-action=chat-toggle]", timeout=STEP_MS)
    if p.page.get_attribute("[data-action=chat-toggle]", "aria-expanded") != "true":
        p.page.click("[data-action=chat-toggle]")


def wait_line(p: Person, text: str) -> None:
    p.page.wait_for_function(f"() => ({LINES})().some(t => t.includes({text!r}))", timeout=STEP_MS)


def lines(p: Person) -> list[str]:
    return p.page.evaluate(LINES)


def test_phrases_in_each_language_markup_as_text_and_a_flood_held_back(people, base_url,
                                                                        signal_url):
    host, ann, bob = people("Hosty"), people("Ann", "is-IS"), people("Bob", "fr-FR")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    join(bob, url)
    start(host)
    everyone = [host, ann, bob]
    for p in everyone:
        open_chat(p)
    # a quick phrase tapped on an Icelandic page arrives in French (and in English)
    ann.page.click("[data-action=chat-phrase][data-phrase=nice_trick]")
    wait_line(bob, "Joli pli !")
    wait_line(host, "Nice trick!")
    wait_line(ann, "Flottur slagur!")
    # markup is text
    evil = '<b>bold</b><img src=x onerror="window.pwned=1">'
    bob.page.fill("[data-chat-input]", evil)
    bob.page.click("[data-action=chat-send]")
    for p in everyone:
        wait_line(p, evil)
        assert p.page.evaluate("() => !document.querySelector('#chat-log img,"
                               " #chat-log b:not(.who), .chat-bubble *')"
                               " && window.pwned === undefined")
    for p in everyone:  # the open log covers the hand, as it may: close it to play on
        p.page.click("[data-action=chat-toggle]")
    # a flood of 200 from Ann: held back by the host; the deal goes on
    before = {p.name: len(lines(p)) for p in (host, bob)}
    n = host_actions(host)
    ann.page.evaluate("""() => { for (let i = 0; i < 200; i++)
        window.manniNet.send('', JSON.stringify({v: 1, type: 'chat', text: 'spam ' + i})); }""")
    ann.page.wait_for_function(
        "() => window.manniNet.received.some(t => t.includes('\"chat_muted\"'))", timeout=STEP_MS)
    play_deal(host, everyone, until=lambda k: k >= n + 6)
    assert host_actions(host) >= n + 6
    # Ann's page says she is muted and offers no box to type in
    ann.page.wait_for_selector(".chat-note", state="attached", timeout=STEP_MS)
    assert ann.page.locator("[data-chat-input]").count() == 0
    wait_all(everyone, host_actions(host))
    for p in (host, bob):
        spam = [x for x in lines(p)[before[p.name]:] if "spam" in x]
        assert 1 <= len(spam) <= C.BURST, spam
    from_ann = [json.loads(t) for t in bob.received() if '"type":"chat"' in t]
    assert sum("spam" in m.get("text", "") for m in from_ann) <= C.BURST
    refusals = [json.loads(t)["key"] for t in ann.received() if '"refused"' in t]
    assert refusals.count("chat_slow") == 1 and refusals.count("chat_muted") == 1
    assert sum("muted" in w for w in host.warnings) == 1
    for p in everyone:
        p.monitor.assert_clean(p.page)



def seat_names(p) -> list[str]:
    """The names at the table, without a passing state such as "(away)" while a page
    connects."""
    return [re.sub(r"\s*\(.*\)$", "", n) for n in p.page.locator(".seat-name").all_inner_texts()]


def test_play_again_starts_a_second_match_with_the_same_seats(people, base_url, signal_url):
    # a match three cards from its end, resumed by its host; the guests come back by token
    m = Match("classic", {"target": 5}, 21)
    while not m.finished:
        m.apply(m.legal_actions()[0])
    actions = m.actions[:-3]
    m = Match("classic", {"target": 5}, 21)
    for a in actions:
        m.apply(a)
    table = "ab" * 16
    ht = HostTable(table, "Hosty")
    ht.started = True
    tokens = {"Ann": "1" * 32, "Bob": "2" * 32}
    ht.seats[1].kind, ht.seats[1].name, ht.seats[1].token = "guest", "Ann", tokens["Ann"]
    ht.seats[2].kind, ht.seats[2].name, ht.seats[2].token = "guest", "Bob", tokens["Bob"]
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    saved = {NET_HOST_KEY: ht.to_json(), NET_RECORD_KEY: dumps(m)}
    host.context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in saved.items()) + "}")
    for g in (ann, bob):
        seat = json.dumps({"table": table, "token": tokens[g.name], "name": g.name})
        g.context.add_init_script(f"localStorage.setItem('manni:net-guest', {seat!r});")
    query = f"signal={signal_url}&ice=none"
    boot(host.page, plain(f"{base_url}/?host={table}&{query}"))
    for g in (ann, bob):
        boot(g.page, plain(f"{base_url}/?table={table}&{query}"))
    everyone = [host, ann, bob]
    names = {}
    for p in everyone:
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
        names[p.name] = seat_names(p)
    play_deal(host, everyone)
    for p in everyone:
        p.page.wait_for_function(
            "() => document.getElementById('table').dataset.phase === 'match-over'",
            timeout=STEP_MS)
    first = truth(host)
    assert first.finished
    host.page.click("[data-action=play-again]")
    for g in (ann, bob):
        g.page.click("[data-action=accept-again]", timeout=STEP_MS)
    for p in everyone:
        p.page.wait_for_function("() => { const t = document.getElementById('table').dataset;"
                                 " return t.phase === 'exchange' && t.actions === '0'; }",
                                 timeout=STEP_MS)
        assert seat_names(p) == names[p.name]
    second = truth(host)
    assert second.seed != first.seed and not second.deal_scores
    assert (second.rules.name, second.options) == (first.rules.name, first.options)
    assert second.first_dealer == (first.deal.dealer + 1) % 3
    for p in everyone:  # the finished match counts in everyone's statistics
        stats = json.loads(p.page.evaluate("() => localStorage.getItem('manni:stats')"))
        assert stats["matches"]["classic/friends"]["played"] == 1, stats
    host.page.click("details.room-bar summary")  # the finished match can be downloaded
    with host.page.expect_download(timeout=STEP_MS) as got:
        host.page.click("[data-action=export-last]")
    assert loads(Path(got.value.path()).read_text()).seed == 21
    move(next(p for p in everyone if p.table()["turn"] == "you"))  # the second match plays
    host.page.wait_for_function("() => document.getElementById('table').dataset.actions === '1'",
                                timeout=STEP_MS)


PUBLIC_DOM = """() => ({
  cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
  hand: document.querySelectorAll('#hand [data-card], .open-hand').length,
  seat: document.getElementById('table').dataset.seat, text: document.body.innerText})"""


def test_a_spectator_sees_the_table_and_no_hand_and_takes_an_offered_seat(people, base_url,
                                                                          signal_url):
    host, ann, eve = people("Hosty"), people("Ann"), people("Eve")
    url = host_table(host, base_url, signal_url)
    join(ann, url)
    start(host)  # a bot sits at seat 2
    boot(eve.page, plain(url))
    eve.page.fill("#join-name", "Eve")
    eve.page.click("[data-action=join-table]")
    eve.page.wait_for_selector("#table[data-seat=spectator][data-phase]", timeout=STEP_MS)
    assert "no one's hand" in eve.page.inner_text("#net")
    players = [host, ann]
    checks = 0

    def public_only(n):
        nonlocal checks
        seen = eve.page.evaluate(PUBLIC_DOM)
        m = truth(host)
        v = m.view(0)
        public = {card_code(c) for c in cards_of(v.played | (0 if v.cut is None else 1 << v.cut))}
        assert seen["seat"] == "spectator" and seen["hand"] == 0
        assert set(seen["cards"]) <= public, sorted(set(seen["cards"]) - public)
        checks += 1
        return n >= 12 and m.deal.phase == "play" and bool(m.deal.history)

    play_deal(host, players, until=public_only)
    m = truth(host)
    eve.page.wait_for_function(
        f"() => Number(document.getElementById('table').dataset.actions) >= {len(m.actions)}",
        timeout=STEP_MS)
    # it sees the tricks and the scores
    assert eve.page.locator(".watch-scores li").count() == 3
    tricks = eve.page.locator(".seat .seat-stats").all_inner_texts()
    assert len(tricks) == 3 and any(str(n) in " ".join(tricks) for n in m.view(0).tricks if n)
    # every message it was sent named only cards played (or the cut): no hand at any moment
    for text in eve.received():
        msg = json.loads(text)
        if msg.get("type") != "state":
            assert not CARD_RE.search(text), text
            continue
        twin = Match(m.rules, m.options, m.seed, m.first_dealer, m.layouts)
        for a in m.actions[:msg["n"]]:
            twin.apply(a)
        v = twin.view(0)
        allowed = {card_code(c) for c in cards_of(v.played | (0 if v.cut is None else 1 << v.cut))}
        assert set(CARD_RE.findall(text)) <= allowed and msg["view"]["hand"] == []
    # the host offers the bot's seat; the spectator sits and gets that seat's hand
    host.page.click("details.room-bar summary")  # the host's table settings
    host.page.click("[data-action=offer-seat][data-seat='2']")
    eve.page.click("[data-action=sit][data-seat='2']", timeout=STEP_MS)
    eve.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    assert eve.page.get_attribute("#table", "data-seat") != "spectator"
    saved = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))
    assert [s["kind"] for s in saved["seats"]] == ["host", "guest", "guest"]
    assert saved["seats"][2]["name"] == "Eve" and checks > 5
    play_deal(host, [host, ann, eve], until=lambda n: n >= len(m.actions) + 3)
    for p in (host, ann, eve):
        p.monitor.assert_clean(p.page)


def test_an_away_guest_does_not_hold_up_play_again_and_takes_her_seat_back(people, base_url,
                                                                          signal_url):
    """Ann's page is gone when the match ends: "Play again" waits for her only
    ``host.AWAY_AGAIN_S`` (the host's page clock run forward by Playwright: Python's
    ``time.monotonic`` and ``asyncio.sleep`` in Pyodide read it), then the next match starts
    with a bot standing in for her; her page, back, takes the seat again."""
    m = Match("classic", {"target": 5}, 21)
    while not m.finished:
        m.apply(m.legal_actions()[0])
    actions = m.actions[:-3]
    m = Match("classic", {"target": 5}, 21)
    for a in actions:
        m.apply(a)
    table, token = "cd" * 16, "1" * 32
    ht = HostTable(table, "Hosty")
    ht.started = True
    ht.seats[1].kind, ht.seats[1].name, ht.seats[1].token = "guest", "Ann", token
    ht.seats[2].kind, ht.seats[2].name = "bot", "Bot 2"
    host, ann = people("Hosty"), people("Ann")
    saved = {NET_HOST_KEY: ht.to_json(), NET_RECORD_KEY: dumps(m)}
    host.context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in saved.items()) + "}")
    ann.context.add_init_script("localStorage.setItem('manni:net-guest', "
                                f"{json.dumps({'table': table, 'token': token, 'name': 'Ann'})!r});")
    host.page.clock.install()  # runs on as the real one until the test moves it
    query = f"signal={signal_url}&ice=none"
    url = f"{base_url}/?table={table}&{query}"
    boot(host.page, plain(f"{base_url}/?host={table}&{query}"))
    boot(ann.page, plain(url))
    for p in (host, ann):
        p.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    play_deal(host, [host, ann])
    ann.page.wait_for_function(
        "() => document.getElementById('table').dataset.phase === 'match-over'", timeout=STEP_MS)
    ann.page.close()
    host.page.wait_for_selector(".net-missing[data-waiting='1']", timeout=STEP_MS)
    host.page.click("[data-action=play-again]")
    host.page.wait_for_selector(".again-wait", timeout=STEP_MS)  # waiting for Ann
    assert host.table()["phase"] == "match-over"
    host.page.clock.fast_forward("01:05")  # > host.AWAY_AGAIN_S since her page left
    host.page.wait_for_function("() => { const t = document.getElementById('table').dataset;"
                                " return t.phase === 'exchange' || t.phase === 'play'; }",
                                timeout=STEP_MS)
    second = truth(host)
    assert second.seed != 21 and not second.deal_scores
    seats = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))["seats"]
    assert seats[1]["kind"] == "guest" and seats[1]["stand_in"]  # her seat, a bot in it
    ann.reopen(url)  # the same browser: her saved token takes the seat back
    ann.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    host.page.wait_for_function("() => !document.querySelector('.net-missing')", timeout=STEP_MS)
    seats = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))["seats"]
    assert not seats[1]["stand_in"]
    assert sorted(hand(ann)) == sorted(card_code(c) for c in cards_of(truth(host).view(1).hand))
    for p in (host, ann):
        p.monitor.assert_clean(p.page)
