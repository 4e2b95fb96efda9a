"""A sealed table in one process: every page a SealedSeat, every message broadcast to all
in one order (what the host's page does), a seeded driver for the players' decisions."""
from __future__ import annotations

import random

from manni.actions import Discard, Play
from manni.cards import cards_of
from manni.rules import get_rules
from manni.sealed.seat import SealedSeat
from manni.talk import COUNT, Ask

TABLE = "0123456789abcdef0123456789abcdef"


class Table:
    def __init__(self, rules, options=None, number=1, dealer=1, pages=None, seed=7,
                 watch=None, questions=True):
        self.rules = get_rules(rules)
        n = self.rules.seats
        kinds = pages or {}
        self.pages = [kinds.get(s, SealedSeat)(TABLE, number, s, rules, options, dealer)
                      for s in range(n)]
        self.rnd = random.Random(seed)
        self.queue: list[dict] = []
        self.sent: list[dict] = []  # every message, in the order relayed
        self.drop = set()  # (seat, kind) pairs never relayed: a page that goes silent
        self.watch = watch  # called after every message relayed
        self.questions = questions
        for p in self.pages:
            self.post(p.start())

    def post(self, msgs):
        for m in msgs:
            if (m["seat"], m["kind"]) not in self.drop:
                self.queue.append(m)

    def flush(self):
        while self.queue:
            m = self.queue.pop(0)
            self.sent.append(m)
            for p in self.pages:
                self.post(p.receive(m))
            if self.watch:
                self.watch(self)

    def legal_cards(self, seat):
        page = self.pages[seat]
        probe = page.tricks.copy()
        probe.hands[seat] = page.hand()
        return probe.legal_cards()

    def decide(self, seat):
        """A random legal decision for ``seat`` as its page knows the deal."""
        page = self.pages[seat]
        if page.stage == "exchange":
            action = self.rnd.choice(page.swap.legal_actions())
            if isinstance(action, Discard):
                action = Discard(tuple(page.mine[p] for p in action.cards))
            return page.act(action)
        deal = page.tricks
        talk = self.rules.talk
        if (self.questions and talk is not None and not deal.trick and page.pending is None
                and talk.refusal(deal, seat) is None and talk.asked(deal) == 0):
            return page.act(Ask(COUNT, self.rnd.randrange(4)))
        return page.act(Play(self.rnd.choice(cards_of(self.legal_cards(seat)))))

    def step(self):
        seat = self.pages[0].turn
        self.post([self.decide(seat)])
        self.flush()

    def play_out(self, until=None):
        """Play until every page is done (or ``until(table)`` is true); the verdicts."""
        self.flush()
        while not all(p.stage in ("done", "reveal") for p in self.pages):
            if until and until(self):
                return None
            self.step()
        return [p.verdict for p in self.pages]
