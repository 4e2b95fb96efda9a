"""Watching and keeping a match at a friend's table (browser contexts over WebRTC, the local
signaling server of test_friends.py): a spectator at a Manille table sees the four seats, the
trick and the sides' scores and never a card of any hand, then takes an offered seat; a
guest downloads the finished match as its seat saw it, with no card it did not see."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from manni.cards import card_code, cards_of
from manni.match import Match
from manni.net import seat_record
from manni.net.host import HostTable, previous_trick
from manni.record import dumps
from manni.text import Translator
from test_friends import (CARD_RE, NET_HOST_KEY, NET_RECORD_KEY, STEP_MS, join,  # noqa: F401
                          move, people, play_deal, plain, signal_url, to_move, truth, wait_all)
from manni_page import boot
from test_friends_manille import host_manille

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "artifacts"
SCAN = """() => { const attrs = [];
  for (const el of document.querySelectorAll('body *'))
    if (el.tagName !== 'SCRIPT') for (const a of el.attributes) attrs.push(a.value);
  return {attrs, html: document.body.innerHTML, seat: document.getElementById('table').dataset.seat,
          hand: document.querySelectorAll('#hand [data-card], #hand, .open-hand').length,
          seats: document.querySelectorAll('#game section.seat').length,
          four: document.querySelectorAll('.felt.four').length,
          sides: [...document.querySelectorAll('.score-strip .side-score')]
            .map(e => e.dataset.score),
          trick: document.querySelectorAll('.trick.four .slot .card').length,
          talk: [...document.querySelectorAll('.talk-log li')].map(li => li.dataset.ask)}; }"""


def replay(m: Match, n: int) -> Match:
    twin = Match(m.rules, m.options, m.seed, m.first_dealer, m.layouts)
    for a, s in zip(m.actions[:n], m.action_seats[:n]):
        twin.apply(a, s)
    return twin


def settled(host, players, watcher) -> Match:
    """Once a person is to move (the bots wait for them) and every page shows it: the truth."""
    for _ in range(150):
        n = int(host.table()["actions"])
        wait_all(players + [watcher], n)
        if any(p.table()["turn"] == "you" for p in players) and int(host.table()["actions"]) == n:
            return truth(host)
        time.sleep(0.2)
    raise AssertionError("no one was to move")


def public(m: Match) -> set[str]:
    """What the whole table has seen of this deal: cards played, the turned card, and the
    cards a question named (the answer is said aloud)."""
    v = m.view(0)
    asked = {a.question.subject for a in v.answers if a.question.kind == "has"}
    shown = v.played | (0 if v.cut is None else 1 << v.cut)
    for c in (previous_trick(m) or (0, (), 0))[1]:  # the last deal's last trick, played
        shown |= 1 << c
    return {card_code(c) for c in cards_of(shown)} | {card_code(c) for c in asked}


def test_a_spectator_at_a_manille_table_sees_four_seats_and_no_hand(people, base_url,
                                                                    signal_url):
    host, ann, eve = people("Hosty"), people("Ann"), people("Eve")
    url = host_manille(host, base_url, signal_url, talk="on", level="medium")  # bots that ask
    join(ann, url)
    host.page.click("[data-action=start-table]")  # bots at seats 2 and 3
    host.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    eve.page.set_viewport_size({"width": 360, "height": 740})
    boot(eve.page, plain(url))
    eve.page.fill("#join-name", "Eve")
    eve.page.click("[data-action=join-table]")
    eve.page.wait_for_selector("#table[data-seat=spectator] .felt.four", timeout=STEP_MS)
    players, t = [host, ann], Translator("en")
    seen = {"checks": 0, "trick": 0, "talk": 0}

    def public_only(n):
        dom = eve.page.evaluate(SCAN)
        m = truth(host)
        allowed = public(m)
        before = {c for d in m.deals[:-1] for _, cards, _ in d.history for c in cards}
        hidden = [c for s in range(4) for c in cards_of(m.deal.hands[s])
                  if card_code(c) not in allowed]
        assert dom["seat"] == "spectator" and dom["hand"] == 0, dom
        assert dom["seats"] == 4 and dom["four"] == 1, dom
        assert len(dom["sides"]) == 2
        for c in hidden:
            code = card_code(c)
            assert code not in dom["attrs"], code
            assert not re.search(rf"(?<![A-Za-z0-9:]){code}(?![A-Za-z0-9])", dom["html"]), code
            if c not in before:  # a card played in an earlier deal may still be named
                assert t.card(c).lower() not in dom["html"].lower(), t.card(c)
        seen["checks"] += 1
        seen["trick"] += dom["trick"] > 0
        seen["talk"] += len(dom["talk"]) > 0
        return n >= 20

    play_deal(host, players, until=public_only)
    m = settled(host, players, eve)
    dom = eve.page.evaluate(SCAN)
    v = m.view(0)
    assert dom["sides"] == [str(s) for s in v.manches.score]  # the host's side first
    for s in range(4):
        stats = eve.page.inner_text(f".seat[data-seat='{s}'] .seat-stats")
        assert t.plural("seat.tricks", v.tricks[s]) in stats
    assert seen["checks"] > 5 and seen["trick"] > 0
    SHOTS.mkdir(exist_ok=True, parents=True)
    eve.page.screenshot(path=str(SHOTS / "watch-manille-spectator-360.png"))
    eve.page.set_viewport_size({"width": 1280, "height": 800})
    eve.page.screenshot(path=str(SHOTS / "watch-manille-spectator-1280.png"))
    # every message it was sent named only what the whole table had seen then
    answers = 0
    for text in eve.received():
        msg = json.loads(text)
        if msg.get("type") != "state":
            assert not CARD_RE.search(text), text
            continue
        twin = replay(m, msg["n"])
        assert set(CARD_RE.findall(text)) <= public(twin) and msg["view"]["hand"] == []
        answers = max(answers, len(msg["view"].get("answers", [])))
    asked = sum(len(d.answers) for d in m.deals)
    assert (answers > 0) == (asked > 0) and (seen["talk"] > 0 or answers == 0)
    # the spectator reads the chat; it writes only once the host lets spectators chat
    eve.page.click("[data-action=chat-toggle]")
    expect(eve.page.locator("#chat-input")).to_have_count(0)
    host.page.click("details.room-bar summary")
    host.page.click("[data-action=chat-watchers]")
    expect(host.page.locator("[data-action=chat-watchers]")).to_have_attribute("aria-pressed", "true")
    eve.page.fill("#chat-input", "<i>bonjour</i>", timeout=STEP_MS)
    eve.page.locator("#chat-input").press("Enter")
    said = host.page.locator("#chat-log li[data-seat='watch']")
    expect(said).to_have_count(1, timeout=STEP_MS)
    expect(said).to_contain_text("Eve")
    expect(said.locator(".what")).to_have_text("<i>bonjour</i>")  # text, never markup
    expect(ann.page.locator("#chat-log li[data-seat='watch'] .what")).to_have_text("<i>bonjour</i>")
    # the host mutes her as he would a seat (her page is told), then lets her write again
    mute = host.page.locator("[data-action=chat-mute][data-watcher]")
    expect(mute).to_have_text("Mute Eve (spectator)")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(eve.page.locator("#notice")).to_contain_text("The host has muted you", timeout=STEP_MS)
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    eve.page.fill("#chat-input", "merci")
    eve.page.locator("#chat-input").press("Enter")
    expect(said.last.locator(".what")).to_have_text("merci", timeout=STEP_MS)
    # the host offers a bot's seat; the spectator takes it and gets that seat's hand
    host.page.click("[data-action=offer-seat][data-seat='3']")
    eve.page.click("[data-action=sit][data-seat='3']", timeout=STEP_MS)
    eve.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    assert eve.page.get_attribute("#table", "data-seat") != "spectator"
    assert eve.page.locator("#game section.seat").count() == 4
    saved = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))
    assert [s["kind"] for s in saved["seats"]] == ["host", "guest", "bot", "guest"]
    mine = eve.page.eval_on_selector_all("#hand button[data-card]",
                                         "els => els.map(e => e.dataset.card)")
    assert set(mine) == {card_code(c) for c in cards_of(truth(host).deal.hands[3])}
    n = len(truth(host).actions)
    play_deal(host, [host, ann, eve], until=lambda k: k >= n + 4)
    for p in (host, ann, eve):
        p.monitor.assert_clean(p.page)


def guest_move(p) -> None:
    """A declaration if the page asks for one, else test_friends' sensible move."""
    if p.page.locator("[data-action=declare]").count():
        p.page.locator("[data-action=declare]").first.click()
    else:
        move(p)


def seen_by(v) -> int:
    """Every card a seat's view shows: its hand and discards, the cards played, the cut."""
    return v.hand | v.own_out | v.played | (0 if v.cut is None else 1 << v.cut)


def test_a_guest_downloads_the_finished_match_as_its_seat_saw_it(people, base_url, signal_url):
    # a Trjámann match resumed by its host at the end of deal 11: deal 12 is its last
    m = Match("trjamann", {}, 90_210)
    while len(m.deals) < 12:
        m.apply(m.legal_actions()[0])
    actions, seats = m.actions[:-1], m.action_seats[:-1]
    m = Match("trjamann", {}, 90_210)
    for a, s in zip(actions, seats):
        m.apply(a, s)
    assert m.phase == "deal-over" and len(m.deals) == 11
    table, token = "cd" * 16, "1" * 32
    ht = HostTable(table, "Hosty", level="easy")
    ht.seats[1].kind, ht.seats[1].name, ht.seats[1].token = "guest", "Ann", token
    ht.start(lambda s: "Jón")
    host, ann = people("Hosty"), people("Ann")
    saved = {NET_HOST_KEY: ht.to_json(), NET_RECORD_KEY: dumps(m)}
    host.context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        + "".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in saved.items()) + "}")
    seat = json.dumps({"table": table, "token": token, "name": "Ann"})
    ann.context.add_init_script(f"localStorage.setItem('manni:net-guest', {seat!r});")
    query = f"signal={signal_url}&ice=none"
    boot(host.page, plain(f"{base_url}/?host={table}&{query}"))
    boot(ann.page, plain(f"{base_url}/?table={table}&{query}"))
    for p in (host, ann):
        p.page.wait_for_selector("#table[data-phase=deal-over]", timeout=STEP_MS)
    host.page.click("[data-action=next-deal]")
    while host.table()["phase"] != "match-over":
        n = int(host.table()["actions"])
        wait_all([host, ann], n)
        mover = next((p for p in (host, ann) if to_move(p.table())), None)
        if mover is not None:
            guest_move(mover)
        host.page.wait_for_function(
            f"() => {{ const t = document.getElementById('table').dataset;"
            f" return Number(t.actions) > {n} || t.phase === 'match-over'; }}", timeout=STEP_MS)
    ann.page.wait_for_selector("#table[data-phase=match-over]", timeout=STEP_MS)
    truth_m = truth(host)
    assert truth_m.finished
    ann.page.click("[data-action=menu]")
    with ann.page.expect_download(timeout=STEP_MS) as got:
        ann.page.click("[data-action=export]")
    text = Path(got.value.path()).read_text()
    rec = seat_record.loads(text)
    assert rec.seat == 1 and rec.finished and rec.names == ("Hosty", "Ann", "Jón")
    assert rec.scores == truth_m.view(1).deal_scores and [d.number for d in rec.deals] == [11, 12]
    last = rec.deals[-1]
    assert last.hands[0] == truth_m.dealt(11).hands[1] and len(last.tricks) == 16
    # no card Ann's seat did not see: each state she was sent, replayed from the truth
    seen: dict[int, int] = {}
    for msg in (json.loads(x) for x in ann.received()):
        if msg.get("type") == "state":
            v = replay(truth_m, msg["n"]).view(1)
            seen[v.deal_number] = seen.get(v.deal_number, 0) | seen_by(v)
    for entry in json.loads(text)["deals"]:
        allowed = {card_code(c) for c in cards_of(seen[entry["deal"]])}
        assert set(CARD_RE.findall(json.dumps(entry))) <= allowed, entry["deal"]
    d = truth_m.deals[-1]
    hidden = d.out[0] | d.out[2]
    for c in d.manni:
        hidden |= 1 << c
    last_entry = json.dumps(json.loads(text)["deals"][-1])  # the Manni, the others' laying away
    assert hidden
    assert not set(CARD_RE.findall(last_entry)) & {card_code(c) for c in cards_of(hidden)}
    # the file opens on her page, read only; a damaged one is refused; the match stays
    ann.page.wait_for_selector("#menu-dialog[open]")  # still open from the export
    ann.page.set_input_files("#import-file", files=[{
        "name": "seat.json", "mimeType": "application/json", "buffer": text.encode()}])
    ann.page.wait_for_selector("#review-dialog[open] [data-seat-record='1']", timeout=STEP_MS)
    assert ann.page.locator("#review-dialog .seat-deal").count() == 2
    ann.page.click("#review-dialog .seat-deal[data-deal='12'] summary")
    SHOTS.mkdir(exist_ok=True, parents=True)
    ann.page.set_viewport_size({"width": 360, "height": 740})
    ann.page.screenshot(path=str(SHOTS / "watch-seat-record-360.png"))
    shown = ann.page.eval_on_selector_all("#review-dialog [data-card]",
                                          "els => els.map(e => e.dataset.card)")
    assert shown and set(shown) <= set(CARD_RE.findall(text))
    ann.page.click("#review-dialog [data-action=close-dialog]")
    bad = json.loads(text)
    bad["deals"][-1]["tricks"][1][1][0] = bad["deals"][-1]["tricks"][0][1][0]
    ann.page.click("[data-action=menu]")
    ann.page.set_input_files("#import-file", files=[{
        "name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}])
    expect(ann.page.locator("#menu-message")).to_contain_text("could not be loaded")
    ann.page.click("#menu-dialog [data-action=close-dialog]")
    assert ann.table()["phase"] == "match-over" and ann.table()["net"] == "guest"
    stats = json.loads(ann.page.evaluate("() => localStorage.getItem('manni:stats')"))
    assert stats["matches"]["trjamann/friends"]["played"] == 1
    for p in (host, ann):
        p.monitor.assert_clean(p.page)
