"""A sealed deal's curve work runs in short steps: no step of a page's work on a message
(its shuffle, the shares and their batched proofs, the end-of-deal audit redoing every
other seat's shuffle, the tables a deal needs) does more than about two curve
multiplications' point operations, counted, not timed."""
from __future__ import annotations

import pytest

from manni.sealed import curve, elgamal
from manni.sealed.curve import G, drain
from manni.sealed.layout import deck_cards
from manni.sealed.play import SealedPlay
from manni.rules import get_rules

from sealed_support import TABLE, Table


class Counter:
    """Counts the curve's point operations (doublings and additions)."""

    def __init__(self, monkeypatch):
        self.ops = 0
        for name in ("_double", "_add", "_add_affine"):
            real = getattr(curve, name)
            monkeypatch.setattr(curve, name, self._counted(real))

    def _counted(self, real):
        def op(*args):
            self.ops += 1
            return real(*args)
        return op

    def run(self, steps, most):
        """Run ``steps`` to its end; its result. ``most``: the largest step so far, by kind."""
        while True:
            before = self.ops
            try:
                next(steps)
            except StopIteration as stop:
                most.append(self.ops - before)
                return stop.value
            most.append(self.ops - before)


def one_multiplication(counter) -> int:
    before = counter.ops
    curve.mul(curve.N - 2, G)
    return counter.ops - before


@pytest.mark.parametrize("rules", ["classic", "manille", "hornafjordur"])
def test_no_step_of_a_sealed_deal_does_more_than_two_multiplications(rules, monkeypatch):
    counter = Counter(monkeypatch)
    bound = 2 * one_multiplication(counter)
    monkeypatch.setattr(curve, "_G_TABLE", None)  # the tables a page builds first
    monkeypatch.setattr(elgamal, "_CARD_POINTS", {})
    monkeypatch.setattr(elgamal, "_CARD_OF", {})
    steps: list[int] = []
    counter.run(elgamal.warm_steps(deck_cards(get_rules(rules))), steps)
    assert sum(steps) > 1_000 and max(steps) <= bound  # G's table and the cards' points

    class Stepped(Table):
        def flush(self):
            while self.queue:
                m = self.queue.pop(0)
                self.sent.append(m)
                for p in self.pages:
                    self.post(counter.run(p.receive_steps(m), steps))

    steps.clear()
    table = Stepped(rules, dealer=1, seed=3)
    verdicts = table.play_out()
    assert len(set(verdicts)) == 1 and verdicts[0].fair
    # the work was done through the steps: shuffles, shares, audits, tens of thousands of ops
    assert sum(steps) > 50 * bound
    assert max(steps) <= bound, sorted(steps)[-5:]


def test_a_pages_next_deal_is_begun_in_steps(monkeypatch):
    counter = Counter(monkeypatch)
    bound = 2 * one_multiplication(counter)
    monkeypatch.setattr(curve, "_G_TABLE", None)
    steps: list[int] = []
    play = SealedPlay(TABLE, "manille", None, 0, (0, 1, 2))  # the host's and two computers'
    out = counter.run(play.begin_steps(), steps)
    assert [m["kind"] for m in out] == ["key"] * 3 and set(play.pages) == {0, 1, 2}
    assert max(steps) <= bound and drain(play.begin_steps()) == []  # begun once
