"""Hard: determinized search under hidden information, by sequential halving.

Each decision samples worlds consistent with everything the seat has seen (its hand, the
cards played, the voids shown, each seat's hand size; the Manni, swapped hands and discards
stay unknown, though in Hornafjarðarmanni the opponents' discards are taken to be cards
players throw: ``read_discards``), plays candidate cards in them and rolls the deal out
with the Medium policy for all seats. The candidates share the worlds and are halved round
by round (the better half by mean utility goes on into fresh worlds), within a fixed amount
of work (``work``: cards played in play-outs), so the cards worth comparing get most of it.
The utility is the seat's deal score minus the opponents' mean score (``rivalry``), and near
the target what the leading opponent scores. The page caps each decision (declarations of
the declared family too) at ``budget_ms``;
the work alone (``budget_ms=None``) makes it deterministic for tests and tournaments.
``worlds`` plays every candidate in that many worlds instead (plain PIMC, Hard until the
halving). In partnership games the worlds are kept by how well they explain the cards the
others gave away (``infer``, :mod:`.likely`); ``endgame`` solves the play-outs' last tricks
exactly (a setting, not Hard's).
"""

from __future__ import annotations

import time
from typing import Generator

from ..actions import Action, Play
from ..states import Phase
from ..text import Translator
from .base import Bot, models_exchange
from .declaring import decide, handles
from .knowledge import Knowledge
from .likely import sample_likely, shed_events
from .policy import medium_play
from .partners import (medium_partner_play, partnership, question_before_partners_lead,
                       question_reasons, questions, table_of)
from .search import (WORLD_WORK, candidates, evaluate_cards, evaluate_exchange, halving_cards,
                     match_utility, partner_halving)


# Card play's work per move: the cards played in play-outs (a sampled world counts as
# search.WORLD_WORK cards). About 100 ms (p95) in a phone-class page, ~10 ms of CPython
# (docs/performance.md).
WORK = 7000
# How much an opponent's deal score counts against ours (their mean, times this): the
# match goes to whoever is ahead, so a trick taken from a scoring opponent is worth having.
RIVALRY = 1.0
# The page's cap per decision: a slower device stops early rather than wait (the work above
# takes ~100 ms phone-class at the 95th percentile).
BUDGET_MS = 130
# Partnership games with talk: the questions a trick Hard asks its partner before leading.
QUESTIONS = 2
# Partnership games: a world's weight per card the others gave away that was not the
# cheapest they might have (``likely``; docs/bot-strength.md).
INFER = 0.3


class HardBot(Bot):
    level = "hard"
    match_aware_exchange = False

    def __init__(self, seed: int = 0, budget_ms: float | None = BUDGET_MS, work: int = WORK,
                 worlds: int | None = None, exchange_worlds: int | None = None,
                 rivalry: float = RIVALRY, read_discards: bool = True, ask: bool = True,
                 partner_ask: bool = True, endgame: int = 0, endgame_from: int = 99,
                 infer: float = INFER, feed: bool = False, **kw) -> None:
        super().__init__(seed, **kw)
        self.budget_ms = budget_ms  # a time cap per decision (None: the work decides)
        self.work = work
        self.rivalry = rivalry
        # ``worlds``: instead of the halving search, every candidate in each of this many
        # worlds (plain PIMC, Hard before the halving; the deal review's suggestions).
        self.worlds = worlds
        self.exchange_worlds = exchange_worlds
        # Hornafjarðarmanni: the opponents' discards are out of play among the cards players
        # throw (Knowledge's ``read_discards``; docs/bot-strength.md).
        self.read_discards = read_discards
        self.ask = ask  # partnership games with talk: ask the partner before leading
        self.partner_ask = partner_ask  # ... and before the partner's lead
        # Partnership games: the last tricks of a world solved exactly once no hand holds
        # more cards than ``endgame`` (0: play-outs to the end), and worlds weighted by the
        # cards the others gave away (``likely``; 1: not weighted).
        self.endgame = endgame
        self.endgame_from = endgame_from  # ... at decisions with at most this many cards
        self.infer = infer
        self.feed = feed  # ... and by the cards given to the partner's trick

    def question(self, view):
        return question_before_partners_lead(view) if self.ask and self.partner_ask else None

    def _deadline(self):
        if self.budget_ms is None:
            return None
        return time.perf_counter() + self.budget_ms / 1000.0

    def steps(self, view) -> Generator[None, None, Action]:
        if handles(view):
            weighed: dict = {}
            action = yield from decide(view, "hard", self.rng, self.exchange_worlds or 24,
                                       weighed, self._deadline())
            self.last_reasons = _declare_reasons(action, weighed.get("gains", {}))
            return action
        if view.phase == Phase.EXCHANGE:
            if not models_exchange(view):
                self.last_reasons = [("only_choice", {})]
                return self.any_choice(view)
            # The same work as a card (or a fixed number of worlds: ``exchange_worlds``).
            report: dict = {}
            action = yield from evaluate_exchange(view, self.rng, self.exchange_worlds or 0,
                                                  medium_play, self._deadline(), report=report,
                                                  match_aware=self.match_aware_exchange,
                                                  work=self.work)
            self.last_reasons = _exchange_reasons(action, report)
            self.last_report = report  # options and their mean scores (the review's costs)
            return action
        action = yield from self._play(view)
        return action

    def _play(self, view):
        k = Knowledge(view, self.read_discards)
        if partnership(k.rules):
            action = yield from self._partner_play(view, k)
            return action
        power = k.info.power
        cands = candidates(view.legal, k.unseen, power)
        if len(cands) == 1:
            return self._only_card(cands[0])
        utility = match_utility(view, k, rivalry=self.rivalry)
        if self.worlds is not None:
            totals, n = yield from evaluate_cards(k, self.rng, cands, utility, medium_play,
                                                  self.worlds)
            means = [t / n for t in totals]
            seen = [n] * len(cands)
        else:
            means, seen, n = yield from halving_cards(k, self.rng, cands, utility, medium_play,
                                                      self.work, self._deadline())
        top = max(seen)
        best = max((i for i in range(len(cands)) if seen[i] == top),
                   key=lambda i: (means[i], -power[cands[i]]))
        self.last_stats = {"worlds": n, "candidates": len(cands), "rollouts": sum(seen)}
        self.last_reasons = _reasons(k, cands, means, seen, best)
        return Play(cands[best])

    def _question(self, view, t):
        """The question to ask before leading, if any (``ask`` off: none)."""
        q = questions(view, t, QUESTIONS) if self.ask else []
        if q:
            self.last_reasons, self.last_stats = question_reasons(q[0]), {}
        return q[0] if q else None

    def _partner_play(self, view, k: Knowledge):
        """Partnership games: the halving search with the side's points as the utility."""
        t = table_of(k.rules, view.contract)
        q = self._question(view, t)
        if q is not None:
            return q
        cands = candidates(view.legal, k.unseen, t.power, t.points)
        if len(cands) == 1:
            return self._only_card(cands[0])
        sample, extra = None, None
        endgame = self.endgame if view.hand.bit_count() <= self.endgame_from else 0
        events = shed_events(view, t, self.feed) if self.infer < 1.0 else []
        if events:
            extra = [0]  # the draws the weights turn down, counted as work

            def sample():
                return sample_likely(k, self.rng, events, t, self.infer, work=extra,
                                     draw_cost=WORLD_WORK)
        means, seen, n = yield from partner_halving(k, t, self.rng, cands, medium_partner_play,
                                                    self.work, self._deadline(), endgame,
                                                    sample, extra)
        top = max(seen)
        best = max((i for i in range(len(cands)) if seen[i] == top),
                   key=lambda i: (means[i], -t.power[cands[i]]))
        self.last_stats = {"worlds": n, "candidates": len(cands), "rollouts": sum(seen)}
        self.last_reasons = _reasons(k, cands, means, seen, best)
        return Play(cands[best])

    def _only_card(self, card) -> Play:
        """No search: every legal card is equivalent to ``card`` (no unseen card between)."""
        self.last_reasons = [("only_card", {"card": card})]
        self.last_stats = {}
        return Play(card)


# Reasons are (key, params) with language-neutral params: ``card`` (an int), ``cards`` (a
# list of ints), ``voids`` (a list of (seat, suit)), numbers. Their texts live in the
# catalogs of ``manni.text`` (keys ``hint.reason.<key>``), so the page says them in the
# player's language and the CLI/tests get the English.
REASON_KEYS = ("only_card", "expected", "next_best", "voids", "only_choice",
               "exchange_expected", "exchange_next", "declare_gain", "declare_next",
               "overcall_pass", "ask_top", "ask_trumps")


def reason_text(key: str, params: dict, lang: str = "en") -> str:
    """The text of a (key, params) reason (English unless ``lang`` says otherwise)."""
    return Translator(lang).reason(key, params)


def _declare_reasons(action, gains: dict) -> list[tuple[str, dict]]:
    """Why this declaration or overcall: its gain over declaring that contract later."""
    named = getattr(action, "contract", None)
    if not gains:  # the pickup or the laying away: decided by rule
        return [("only_choice", {})]
    ranked = sorted(gains, key=lambda name: -gains[name])
    if named is None:  # a pass: even the best overcall gains too little
        return [("overcall_pass", {"gain": gains[ranked[0]]})]
    out = [("declare_gain", {"gain": gains[named]})]
    rest = [name for name in ranked if name != named]
    if rest:
        out.append(("declare_next", {"gain": gains[rest[0]]}))
    return out


def _exchange_reasons(action, report: dict) -> list[tuple[str, dict]]:
    options, means, n = report.get("options", []), report.get("means", []), report.get("worlds", 0)
    if len(options) < 2 or not n:
        return [("only_choice", {})]
    best = options.index(action)
    alt = max((i for i in range(len(options)) if i != best), key=lambda i: means[i])
    return [("exchange_expected", {"score": means[best], "worlds": n}),
            ("exchange_next", {"score": means[alt]})]


def _reasons(k, cands, means, seen, best) -> list[tuple[str, dict]]:
    c = cands[best]
    out = [("expected", {"card": c, "score": means[best], "worlds": seen[best]})]
    alt = max((i for i in range(len(cands)) if i != best), key=lambda i: (seen[i], means[i]))
    out.append(("next_best", {"card": cands[alt], "score": means[alt]}))
    voids = [(o, s) for o in k.opps for s in range(4) if k.voids[o] >> s & 1]
    if voids:
        out.append(("voids", {"voids": voids}))
    return out
