"""Tables with friends: three browser contexts (three people, one Chromium) at one table over
WebRTC data channels, introduced by the local PeerJS server (scripts/signal.sh on a free port).

Loopback WebRTC between headless contexts needs no flag: with ``?ice=none`` (no STUN) the
peers use host candidates; Chromium hides local addresses behind mDNS names
(WebRtcHideLocalIpsWithMdns), which resolve on this machine, and connections also work with
``--disable-features=WebRtcHideLocalIpsWithMdns`` (see docs/net-protocol.md).
"""
from __future__ import annotations

import json
import re
import socket
import subprocess
import time
import urllib.request
from collections import deque
from pathlib import Path

import pytest

from manni.cards import card_code, cards_of
from manni.match import Match
from manni.net.host import previous_trick
from manni.record import loads
from manni_page import BOOTS, PageMonitor, boot, boot_as, with_query

ROOT = Path(__file__).resolve().parents[2]
STEP_MS = 30_000
NET_HOST_KEY = "manni:net-host"
NET_RECORD_KEY = "manni:net-record"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SignalServer:
    """The local PeerJS signaling server (scripts/signal.sh) on a free port: start, stop,
    start again on the same port."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(["bash", str(ROOT / "scripts" / "signal.sh"), str(self.port)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "peerjs/id", timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    pytest.fail("the PeerJS signaling server (scripts/signal.sh) did not start")
                time.sleep(0.2)

    def stop(self) -> None:
        """Stopped at once, as a server that crashes (with pages connected, peer's own SIGTERM
        handling waits for them)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture(scope="module")
def signal_url():
    server = SignalServer()
    server.start()
    yield server.url
    server.stop()


def plain(url: str) -> str:
    """url booted without the start-up snapshot (for pages a test drives itself)."""
    return with_query(url, "snapshot=0")


class Person:
    """One browser context (its own storage, like another person's phone) and its page."""

    def __init__(self, browser, name: str, mode: str = "plain", base_url: str = "",
                 locale: str | None = None):
        self.name = name
        self.mode = mode
        extra = {"locale": locale} if locale else {}
        self.context = browser.new_context(viewport={"width": 900, "height": 900}, **extra)
        self.monitor = PageMonitor(self.context)
        self.warnings: list[str] = []
        self.log: deque[str] = deque(maxlen=20)  # the last console lines, shown if a test fails
        self.page = self._new_page()
        if mode == "snapshot":  # the phone has been here before: its runtime is restored
            boot_as(self.page, f"{base_url}/index.html", mode)

    def open(self, url: str) -> None:
        """Boots url on this person's page, as their phone boots it (plainly, or restored)."""
        if self.mode == "plain":
            boot(self.page, with_query(url, "snapshot=0"))
            return
        boot(self.page, url)
        assert self.page.evaluate("() => document.documentElement.dataset.boot") == "snapshot"

    def _new_page(self):
        page = self.context.new_page()
        page.on("console", self._on_console)
        return page

    def _on_console(self, m) -> None:
        if m.type == "warning":
            self.warnings.append(m.text)
        self.log.append(f"{time.strftime('%H:%M:%S')} {m.type}: {m.text}")

    def wait_until(self, ready, timeout_ms: int = STEP_MS) -> None:
        """Until ready() is true of what this page's events brought (console lines): Playwright
        delivers them while it waits."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not ready():
            assert time.monotonic() < deadline, f"{self.name}'s page: still not so"
            self.page.wait_for_timeout(50)

    def reopen(self, url: str) -> None:
        self.page.close()
        self.page = self._new_page()
        self.open(url)

    def table(self) -> dict:
        return self.page.evaluate("() => ({...document.getElementById('table').dataset})")

    def received(self) -> list[str]:
        return self.page.evaluate("() => window.manniNet.received.slice()")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def people(request, browser, base_url):
    """people(name) -> a Person; plain boots, or restored ones with
    @pytest.mark.parametrize("people", BOOTS, indirect=True)."""
    mode = getattr(request, "param", "plain")
    made = []

    def make(name, locale=None):
        p = Person(browser, name, mode, base_url, locale)
        made.append(p)
        return p
    yield make
    for p in made:  # shown by pytest only when the test failed
        try:
            print(p.name, p.table(), p.page.inner_text("#net-status"), p.warnings,
                  p.monitor.console_errors, p.monitor.page_errors, *p.log, sep="\n  ")
        except Exception as e:
            print(p.name, "no state:", e)
        p.close()


def host_table(host: Person, base_url: str, signal: str, variant="classic", target=10,
               link: str = "ice=none") -> str:
    host.open(f"{base_url}/?signal={signal}&{link}")
    page = host.page
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", variant)
    page.fill("#opt-target", str(target))
    page.select_option("#opt-level", "easy")
    page.select_option("#opt-speed", "fastest")
    page.fill("#net-name", host.name)
    page.click("[data-action=host-table]")
    page.wait_for_selector("[data-invite]")
    page.wait_for_function("() => document.getElementById('table').dataset.link === 'open'", timeout=STEP_MS)
    page.wait_for_selector("#invite-qr svg")
    return page.get_attribute("[data-invite]", "data-invite")


def join(guest: Person, url: str) -> None:
    guest.open(url)
    guest.page.fill("#join-name", guest.name)
    guest.page.click("[data-action=join-table]")
    guest.page.wait_for_function(
        f"() => [...document.querySelectorAll('.net-seat')].some(e => e.textContent.includes({guest.name!r}))",
        timeout=STEP_MS)


def start(host: Person) -> None:
    host.page.click("[data-action=start-table]")
    # Not 'exchange' alone: a bot that exchanges first and takes the Manni ends the exchange
    # at once (at the fastest speed, sooner than a busy page's next poll).
    host.page.wait_for_function(
        "() => ['exchange', 'play'].includes(document.getElementById('table').dataset.phase)",
        timeout=STEP_MS)


def three_at_table(people, base_url: str, signal: str, link: str = "ice=none"):
    """Hosty hosts, Ann (seat 1) and Bob (seat 2) sit down, the match starts."""
    host, ann, bob = people("Hosty"), people("Ann"), people("Bob")
    url = host_table(host, base_url, signal, link=link)
    join(ann, url)
    join(bob, url)
    start(host)
    return host, ann, bob, url


def host_actions(host: Person) -> int:
    return int(host.table()["actions"])


def wait_all(people, n: int) -> None:
    """Every page shows the table after n actions."""
    for p in people:
        p.page.wait_for_function(
            f"() => Number(document.getElementById('table').dataset.actions) >= {n}", timeout=STEP_MS)


LET_LEAD = "[data-action=let-lead]"  # Manille's parlée: a computer partner waits to lead


def move(p: Person) -> None:
    """One sensible move on p's page: let the partner lead / keep / discard nothing / the
    first playable card."""
    page = p.page
    if page.locator(LET_LEAD).count():  # no question: the computer partner may lead
        page.click(LET_LEAD)
    elif page.locator("[data-action=keep-hand]").count():
        page.click("[data-action=keep-hand]")
    elif page.locator("[data-action=confirm-discard]").count():
        page.click("[data-action=confirm-discard]")
    else:
        page.locator("#hand button[data-card].playable").first.click()


def to_move(st: dict) -> bool:
    """A page's table (one reading) waits for a card or exchange of its own: not the button
    of a deal or match just over (the last card may land between two readings)."""
    return st["turn"] == "you" and st["phase"] in ("exchange", "play")


def play_deal(host: Person, everyone: list[Person], until=None) -> None:
    """Play until the deal is over (or ``until(n)`` is true): whoever's page waits moves."""
    while True:
        st = host.table()
        n = int(st["actions"])
        if st["phase"] in ("deal-over", "match-over") or (until and until(n)):
            return
        wait_all(everyone, n)
        mover = next((p for p in everyone if to_move(p.table())
                      or p.page.locator(LET_LEAD).count()), None)
        if mover is not None:
            move(mover)
        host.page.wait_for_function(
            f"() => {{ const t = document.getElementById('table').dataset;"
            f" return Number(t.actions) > {n} || t.phase === 'deal-over' || t.phase === 'match-over'; }}",
            timeout=STEP_MS)


def truth(host: Person) -> Match:
    """TEST-ONLY: the host's match, replayed in CPython from its saved record."""
    return loads(host.page.evaluate(f"() => localStorage.getItem({NET_RECORD_KEY!r})"))


CARD_RE = re.compile(r'"([2-9TJQKA][SHDC])"')


def assert_received_only_visible(guest: Person, seat: int, match: Match) -> int:
    """Every card code in every message the guest received was one its seat could see then:
    its own hand or discards, the cards played, the cut. Returns how many states were checked."""
    checked = 0
    for text in guest.received():
        msg = json.loads(text)
        if msg.get("type") != "state":
            assert not CARD_RE.search(text), text
            continue
        n = msg["n"]
        twin = Match(match.rules, match.options, match.seed, match.first_dealer, match.layouts)
        for a in match.actions[:n]:
            twin.apply(a)
        v = twin.view(seat)
        visible = v.hand | v.own_out | v.played | (0 if v.cut is None else 1 << v.cut)
        last = previous_trick(twin)  # the last deal's last trick, played in public
        for c in last[1] if last is not None else ():
            visible |= 1 << c
        allowed = {card_code(c) for c in cards_of(visible)}
        seen = set(CARD_RE.findall(text))
        assert seen <= allowed, f"state {n} for seat {seat} shows {sorted(seen - allowed)}"
        checked += 1
    return checked


@pytest.mark.parametrize("people", BOOTS, indirect=True)
def test_three_people_play_a_whole_deal(people, base_url, signal_url):
    host, ann, bob, url = three_at_table(people, base_url, signal_url)
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?table=[0-9a-f]{32}&signal=.+&ice=none", url), url
    everyone = [host, ann, bob]
    # an invite link needs the network code at its first table: the rest of the game's files
    # were written before it, not read at once by an import
    for guest in (ann, bob):
        assert guest.page.get_attribute("html", "data-game-later") == "fetched"
        written, playable = guest.page.evaluate(
            "['later-written', 'playable'].map((n) =>"
            " performance.getEntriesByName('manni:' + n)[0].startTime)")
        assert written < playable
    # each page shows its own seat: names of the others, its own hand
    for p in everyone:
        p.page.wait_for_selector("#hand button[data-card]")
        names = p.page.locator(".seat-name").all_inner_texts()
        others = {q.name for q in everyone} - {p.name}
        assert others <= set(names), names
    play_deal(host, everyone)
    wait_all(everyone, host_actions(host))
    for p in everyone:
        p.page.wait_for_function("() => ['deal-over', 'match-over'].includes("
                                 "document.getElementById('table').dataset.phase)", timeout=STEP_MS)
        assert p.page.locator(".result .deal-result").count() == 1
    m = truth(host)
    assert m.deal.phase == "over" and len(m.deal_scores) == 1
    for guest, seat in ((ann, 1), (bob, 2)):
        assert assert_received_only_visible(guest, seat, m) > 10
    for p in everyone:
        p.monitor.assert_clean(p.page)


def hand(p: Person) -> list[str]:
    return p.page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def play_until_turn(host: Person, everyone: list[Person], who: Person, phase: str = "play") -> None:
    """Play on until it is ``who``'s turn in ``phase``."""
    def there(n):
        wait_all(everyone, n)
        st = who.table()
        return st["phase"] == phase and st["turn"] == "you"
    play_deal(host, everyone, until=there)


def test_two_people_and_a_bot_play_a_deal(people, base_url, signal_url):
    host, ann = people("Hosty"), people("Ann")
    join(ann, host_table(host, base_url, signal_url, variant="hornafjordur"))
    start(host)
    names = ann.page.locator(".seat-name").all_inner_texts()
    assert "Hosty" in names and "Jón" in names  # the bot sits in seat 2 under its usual name
    play_deal(host, [host, ann])
    m = truth(host)
    assert m.deal.phase == "over" and m.rules.name == "hornafjordur"
    saved = json.loads(host.page.evaluate(f"() => localStorage.getItem({NET_HOST_KEY!r})"))
    assert [s["kind"] for s in saved["seats"]] == ["host", "guest", "bot"]
    assert assert_received_only_visible(ann, 1, m) > 5
    for p in (host, ann):
        p.monitor.assert_clean(p.page)


def test_a_guest_leaves_mid_deal_a_bot_stands_in_and_the_guest_rejoins_with_its_hand(people, base_url, signal_url):
    host, ann, bob, url = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_until_turn(host, everyone, ann)
    before = hand(ann)
    n = host_actions(host)
    ann.page.close()
    # the others see who is missing; the host lets a bot play Ann's card
    host.page.wait_for_selector("[data-action=stand-in]", timeout=STEP_MS)
    bob.page.wait_for_function("() => document.querySelector('.seat-name') &&"
                               " [...document.querySelectorAll('.seat-name')].some(e => e.textContent.includes('(away)'))",
                               timeout=STEP_MS)
    host.page.click("[data-action=stand-in]")
    host.page.wait_for_function(f"() => Number(document.getElementById('table').dataset.actions) > {n}",
                                timeout=STEP_MS)
    ann.reopen(url)  # same browser: the saved seat token, no name to type
    ann.page.wait_for_selector("#hand button[data-card]", timeout=STEP_MS)
    wait_all(everyone, host_actions(host))
    m = truth(host)
    after = hand(ann)
    played_for_ann = [c for c in before if c not in after]
    # One card, or more if the stand-in won the trick and led again before Ann was back.
    assert played_for_ann and set(after) < set(before)
    assert len(played_for_ann) == len(before) - len(cards_of(m.view(1).hand))
    assert sorted(after) == sorted(card_code(c) for c in cards_of(m.view(1).hand))
    host.page.wait_for_function("() => !document.querySelector('[data-action=stand-in]')", timeout=STEP_MS)
    play_deal(host, everyone)
    m = truth(host)
    assert m.deal.phase == "over"
    assert assert_received_only_visible(ann, 1, m) > 0 and assert_received_only_visible(bob, 2, m) > 10


@pytest.mark.parametrize("people", BOOTS, indirect=True)
def test_the_host_drops_mid_deal_reopens_and_the_table_carries_on(people, base_url, signal_url):
    host, ann, bob, url = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_deal(host, everyone, until=lambda n: n >= 6)
    n = host_actions(host)
    hands = {p.name: hand(p) for p in everyone}
    host_url = host.page.url
    assert "?host=" in host_url
    host.page.close()  # the host drops: the guests are told
    for g in (ann, bob):  # the link's state and its words, read at once
        g.page.wait_for_function("() => ['reconnecting', 'host_gone'].includes("
                                 "document.getElementById('table').dataset.link) &&"
                                 " /reconnecting|host/.test("
                                 "document.getElementById('net-status').textContent)",
                                 timeout=STEP_MS)
    host.reopen(host_url)  # the host comes back: its saved record, the guests rejoin
    for p in everyone:
        p.page.wait_for_function("() => document.getElementById('table').dataset.link === 'open'", timeout=STEP_MS)
    host.page.wait_for_function("() => !document.querySelector('[data-action=stand-in]')", timeout=STEP_MS)
    assert host_actions(host) == n and {p.name: hand(p) for p in everyone} == hands
    play_deal(host, everyone)
    m = truth(host)
    assert m.deal.phase == "over" and len(m.actions) > n
    for guest, seat in ((ann, 1), (bob, 2)):
        assert assert_received_only_visible(guest, seat, m) > 10


REFUSALS = "n => window.manniNet.received.filter(t => t.includes('\"refused\"')).length >= n"


def test_forged_illegal_and_malformed_messages_change_nothing(people, base_url, signal_url):
    host, ann, bob, url = three_at_table(people, base_url, signal_url)
    everyone = [host, ann, bob]
    play_until_turn(host, everyone, bob)  # Bob (seat 2) to play
    n = host_actions(host)
    saved = host.page.evaluate(f"() => [localStorage.getItem({NET_HOST_KEY!r}), localStorage.getItem({NET_RECORD_KEY!r})]")
    m = truth(host)
    last = json.loads([t for t in ann.received() if '"type":"state"' in t][-1])
    seq = last["last_seq"] + 1
    bobs_card = card_code(cards_of(m.view(2).legal)[0])
    anns_card = card_code(cards_of(m.view(1).hand)[0])
    forged = [
        {"v": 1, "type": "act", "seq": seq, "action": {"play": bobs_card}},           # Bob's card, Bob's turn
        {"v": 1, "type": "act", "seq": seq, "action": {"play": anns_card}},           # not Ann's turn
        {"v": 1, "type": "act", "seq": seq, "action": {"play": bobs_card, "seat": 2}},  # names a seat
        {"v": 1, "type": "act", "seq": seq, "action": {"play": bobs_card}, "seat": 2},
        {"v": 1, "type": "hello", "table": "0" * 32, "name": "Eve", "token": "e" * 32},
    ]
    raw = [json.dumps(f) for f in forged] + ["{not json", "x" * 16_100, '{"v": 99, "type": "act"}']
    for text in raw:
        assert ann.page.evaluate("t => window.manniNet.send('', t)", text)
    ann.page.wait_for_function(REFUSALS, arg=len(raw), timeout=STEP_MS)
    refusals = [json.loads(t) for t in ann.received() if '"type":"refused"' in t]
    keys = [r["key"] for r in refusals]
    assert keys == ["not_your_turn", "not_your_turn", "malformed", "malformed", "table",
                    "malformed", "too_long", "version"], keys
    assert host_actions(host) == n
    assert host.page.evaluate(f"() => [localStorage.getItem({NET_HOST_KEY!r}), localStorage.getItem({NET_RECORD_KEY!r})]") == saved
    # the host's console lines come through its own page's channel, not Ann's: wait for them
    host.wait_until(lambda: sum("refused" in w for w in host.warnings) >= len(raw))
    assert sum("refused" in w for w in host.warnings) == len(raw)
    # an illegal card on Ann's own turn: refused with the engine's reason, nothing changes
    play_until_turn(host, everyone, ann)
    n = host_actions(host)
    m = truth(host)
    played = card_code(next(iter(cards_of(m.view(1).played))) if m.view(1).played else cards_of(m.view(2).hand)[0])
    seq = json.loads([t for t in ann.received() if '"type":"state"' in t][-1])["last_seq"] + 1
    so_far = sum('"refused"' in t for t in ann.received())
    ann.page.evaluate("t => window.manniNet.send('', t)",
                      json.dumps({"v": 1, "type": "act", "seq": seq, "action": {"play": played}}))
    ann.page.wait_for_function(REFUSALS, arg=so_far + 1, timeout=STEP_MS)  # its own
    ann.page.wait_for_selector("#notice:not([hidden])", timeout=STEP_MS)
    assert host_actions(host) == n and ann.table()["turn"] == "you"
    # and the page itself still plays
    move(ann)
    host.page.wait_for_function(f"() => Number(document.getElementById('table').dataset.actions) > {n}",
                                timeout=STEP_MS)
    for guest, seat in ((ann, 1), (bob, 2)):
        assert assert_received_only_visible(guest, seat, truth(host)) > 3
