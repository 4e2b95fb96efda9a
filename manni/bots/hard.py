"""Hard: determinized search (PIMC) under hidden information.

Each decision samples worlds consistent with everything the seat has seen (its hand, the
cards played, the voids shown, each seat's hand size; the Manni, swapped hands and discards
stay unknown), plays every candidate card in each world and rolls the deal out with the
Medium policy for all seats, then picks the card with the best mean utility over the same
worlds. The utility is the seat's deal score, adjusted for the match: near the target it
also counts what the leading opponent scores. A time budget per move (``budget_ms``) keeps
slow devices fast; an iteration budget (``worlds``) makes it deterministic for tests and
tournaments.
"""

from __future__ import annotations

import time

from ..actions import Play
from ..cards import SUIT_MASKS, cards_of
from ..text import Translator
from .base import Bot
from .knowledge import SLICE_S, Knowledge, evaluate_exchange, rollout
from .medium import medium_play


def candidates(legal: int, others: int, power) -> list[int]:
    """One card per run of equivalent legal cards (no unseen card between them in a suit)."""
    out = []
    for s in range(4):
        sm = legal & SUIT_MASKS[s]
        if not sm:
            continue
        mine = sorted(cards_of(sm), key=lambda c: power[c])
        theirs = sorted(power[c] for c in cards_of(others & SUIT_MASKS[s]))
        prev = None
        for c in mine:
            if prev is not None and not any(power[prev] < p < power[c] for p in theirs):
                prev = c
                continue
            out.append(c)
            prev = c
    return out


class HardBot(Bot):
    level = "hard"

    def __init__(self, seed: int = 0, budget_ms: float | None = 150, worlds: int | None = None,
                 exchange_worlds: int | None = None, min_worlds: int = 40, **kw) -> None:
        super().__init__(seed, **kw)
        self.budget_ms = budget_ms
        # With a time budget, at least this many worlds (the tournament's iteration budget),
        # so the UI's Hard is never weaker than the one measured.
        self.min_worlds = min_worlds
        self.worlds = worlds
        self.exchange_worlds = exchange_worlds
        self.last_reasons: list[tuple[str, dict]] = []  # (key, params); see reason_text
        self.last_stats: dict = {}

    def _deadline(self):
        if self.worlds is not None or self.budget_ms is None:
            return None
        return time.perf_counter() + self.budget_ms / 1000.0

    def steps(self, view):
        if view.phase == "exchange":
            worlds = self.exchange_worlds or (160 if view.exchange_kind == "swap" else 48)
            # A fixed count (cheap: ~35 ms Classic, ~90 ms Hornafjarðarmanni in CPython).
            report: dict = {}
            action = yield from evaluate_exchange(view, self.rng, worlds,
                                                  medium_rollout=True, deadline=None, report=report)
            self.last_reasons = _exchange_reasons(action, report)
            self.last_report = report  # options and their mean scores (the review's costs)
            return action
        action = yield from self._play(view)
        return action

    def _utility_fn(self, view, k: Knowledge):
        me = view.seat
        rules, contract, options = k.rules, view.contract, view.options
        target = options.get("target", 10)
        running = rules.standing(view.plus, view.minus)
        lam = [0.0, 0.0, 0.0]
        for o in k.opps:
            if running[o] >= target - 3 and running[o] >= running[me]:
                lam[o] = 0.5
        nolo = contract.name == "nolo"
        tb = -0.01 if nolo else 0.01

        def utility(tricks):
            sc = rules.deal_score(contract, tricks, options)
            return sc[me] + tb * tricks[me] - lam[0] * sc[0] - lam[1] * sc[1] - lam[2] * sc[2]
        return utility

    def _play(self, view):
        k = Knowledge(view)
        info = k.info
        trump, nolo, power = info
        me = view.seat
        legal = view.legal
        others = k.unseen
        cands = candidates(legal, others, power)
        if len(cands) == 1:
            self.last_reasons = [("only_card", {"card": cands[0]})]
            return Play(cands[0])
        utility = self._utility_fn(view, k)
        totals = [0.0] * len(cands)
        wins = [0] * len(cands)
        values = [[] for _ in cands]  # per world, for the early stop of a time budget
        n = 0
        deadline = self._deadline()
        t_slice = time.perf_counter()
        leader, trick0, tricks0 = view.leader, list(view.trick), list(view.tricks)
        while True:
            hands = k.sample(self.rng)
            for i, c in enumerate(cands):
                h = list(hands)
                h[me] &= ~(1 << c)
                v = list(k.voids)
                trick = trick0 + [c]
                if trick0 and c // 13 != trick0[0] // 13:
                    v[me] |= 1 << (trick0[0] // 13)
                ld, tr = leader, tricks0
                if len(trick) == 3:
                    lead = trick[0] // 13
                    best, bp = 0, power[trick[0]]
                    for j in (1, 2):
                        x = trick[j]
                        if (x // 13 == lead or x // 13 == trump) and power[x] > bp:
                            best, bp = j, power[x]
                    ld = (leader + best) % 3
                    tr = list(tricks0)
                    tr[ld] += 1
                    if ld == me:
                        wins[i] += 1
                    trick = []
                final = rollout(h, ld, trick, tr, v, info, medium_play)
                u = utility(final)
                totals[i] += u
                values[i].append(u)
            n += 1
            now = time.perf_counter()
            if self.worlds is not None:
                if n >= self.worlds:
                    break
            elif n >= self.min_worlds and (deadline is None or now >= deadline
                                           or (n % 20 == 0 and _settled(totals, values, n))):
                break
            if now - t_slice > SLICE_S:
                yield
                t_slice = time.perf_counter()
        best = max(range(len(cands)), key=lambda i: (totals[i], -power[cands[i]]))
        c = cands[best]
        self.last_stats = {"worlds": n, "candidates": len(cands)}
        self.last_reasons = _reasons(view, k, cands, totals, n, best)
        return Play(c)


def _settled(totals, values, n) -> bool:
    """Is the best card clearly ahead of the runner-up (paired over the same worlds), or do
    all cards score the same in every world so far? Lets an easy move end early."""
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    a, b = values[order[0]], values[order[1]]
    diffs = [x - y for x, y in zip(a, b)]
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return m > 0 or n >= 100
    return m > 4 * (var / n) ** 0.5


# Reasons are (key, params) with language-neutral params: ``card`` (an int), ``cards`` (a
# list of ints), ``voids`` (a list of (seat, suit)), numbers. Their texts live in the
# catalogs of ``manni.text`` (keys ``hint.reason.<key>``), so the page says them in the
# player's language and the CLI/tests get the English.
REASON_KEYS = ("only_card", "expected", "next_best", "voids", "only_choice",
               "exchange_expected", "exchange_next")


def reason_text(key: str, params: dict, lang: str = "en") -> str:
    """The text of a (key, params) reason (English unless ``lang`` says otherwise)."""
    return Translator(lang).reason(key, params)


def _exchange_reasons(action, report: dict) -> list[tuple[str, dict]]:
    options, means, n = report.get("options", []), report.get("means", []), report.get("worlds", 0)
    if len(options) < 2 or not n:
        return [("only_choice", {})]
    best = options.index(action)
    alt = max((i for i in range(len(options)) if i != best), key=lambda i: means[i])
    return [("exchange_expected", {"score": means[best], "worlds": n}),
            ("exchange_next", {"score": means[alt]})]


def _reasons(view, k, cands, totals, n, best) -> list[tuple[str, dict]]:
    c = cands[best]
    out = [("expected", {"card": c, "score": totals[best] / n, "worlds": n})]
    order = sorted(range(len(cands)), key=lambda i: -totals[i])
    alt = order[1] if order[0] == best else order[0]
    out.append(("next_best", {"card": cands[alt], "score": totals[alt] / n}))
    voids = [(o, s) for o in k.opps for s in range(4) if k.voids[o] >> s & 1]
    if voids:
        out.append(("voids", {"voids": voids}))
    return out
