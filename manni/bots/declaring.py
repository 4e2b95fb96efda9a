"""The declared-contract family (Trjámann, Laugavatnsmanni): declaring, overcalling and the
exchange, for every level.

Every seat declares each contract on its list exactly once in a match, so declaring is a
matter of *when*: declare a contract now when this hand suits it better than an average
hand would. A contract's worth now is the expected deal score of declaring it with this
hand (``value``), its worth later the expected score with a random hand (``baseline``, the
same estimate averaged over random deals, shipped in :mod:`.baselines`); the bot declares
the contract with the largest gain ``value - baseline`` and overcalls when a gain is clearly
positive. Easy is greedy (no baseline, never overcalls); Medium estimates by rule
(``quick_value``); Hard by playing sampled worlds out (``rollout_value``; in the page within
its time cap). All of it sees the SeatView only. A layer between
the search and the levels (it uses the policy and the rollout; the levels call it).
"""

from __future__ import annotations

import random
import time
from typing import Generator

from ..actions import TAKE, Action, Discard
from ..cards import SUIT_MASKS, cards_of, mask_of
from ..rules import get_rules
from ..rules.declared import Declare, DeclareExchange, DeclaredRuleSet, Overcall
from ..states import Phase
from .baselines import BASELINES
from .policy import contract_info, medium_play
from .search import Pacer, rollout

OVERCALL_MARGIN = {"medium": 1.0, "hard": 0.75}  # points of gain an overcall must promise
_BASELINE_DEALS = {"quick": 400, "rollout": 60}
MIN_WORLDS = 4  # a capped estimate's fewest sampled worlds (a slow phone's declaration)


def handles(view) -> bool:
    """Is this an exchange step of the declared family (decided here, not by the level)?"""
    return view.phase == Phase.EXCHANGE and view.exchange_kind == DeclareExchange.kind


# -- what a hand is worth in a contract --------------------------------------------------------

def quick_tricks(hand: int, info) -> float:
    """Tricks a 16-card hand should take in a contract, by rule (used by Easy and Medium)."""
    trump, nolo, power = info[0], info[1], info[2]
    total = 0.0
    for s in range(4):
        mine = sorted((c for c in cards_of(hand & SUIT_MASKS[s])), key=lambda c: -power[c])
        n = len(mine)
        if nolo:
            # Lowest first: the i-th lowest card is caught when too few cards lie under it.
            for i, c in enumerate(reversed(mine)):
                under = sum(1 for x in range(13 * s, 13 * s + 13)
                            if power[x] < power[c] and not hand >> x & 1)
                total += 1.0 if under <= i else 0.4 if under <= i + 2 else 0.0
            continue
        for i, c in enumerate(mine):
            over = sum(1 for x in range(13 * s, 13 * s + 13)
                       if power[x] > power[c] and not hand >> x & 1)
            total += 1.0 if over == 0 else 0.5 if over <= i else 0.0
        if s == trump:
            total += max(0.0, n - (13 - n) / 2) * 0.8  # long trumps
        elif trump >= 0 and n <= 1:
            total += (2 - n) * 0.5 * min(1.0, (hand & SUIT_MASKS[trump]).bit_count() / 5)
        elif trump < 0:
            total += max(0.0, n - 6) * 0.5  # a long suit may run in Grand
    return total


def deal_score_for(rules, contract, tricks_mine: float) -> float:
    """The declarer's score for ``tricks_mine`` tricks (a rule set's formula, seat 0)."""
    rest = (rules.hand_size - tricks_mine) / 2
    return rules.deal_score(contract, [tricks_mine, rest, rest], {})[0]


def _family(view) -> type[DeclaredRuleSet]:
    rules = get_rules(view.rules)
    if not issubclass(rules, DeclaredRuleSet):
        raise TypeError(f"{view.rules} has no declared contracts")
    return rules


def quick_value(view, contract: str) -> float:
    """The declarer's score for this hand in ``contract``, by rule."""
    rules = _family(view)
    c = rules.declared(contract, 0)
    return deal_score_for(rules, c, quick_tricks(view.hand, contract_info(c)))


def lay_away(hand: int, n: int, info) -> tuple:
    """The ``n`` cards a hand is best rid of: trump/Grand, low side cards from short suits
    (voids to ruff) keeping aces and trumps; Nóló, the cards with fewest cards under them."""
    trump, nolo, power = info[0], info[1], info[2]
    lens = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]

    def keep(c):
        s = c // 13
        if nolo:
            under = sum(1 for x in range(13 * s, 13 * s + 13)
                        if power[x] < power[c] and not hand >> x & 1)
            return under - 0.1 * lens[s]
        if s == trump:
            return 100 + power[c]
        return power[c] % 100 + (30 if c % 13 == 12 else 0) + 2 * lens[s]
    return tuple(sorted(sorted(cards_of(hand), key=keep)[:n]))


def draw_discards(hand: int, limit: int, info) -> tuple:
    """The draw exchange: lay away the clear losers (up to ``limit``)."""
    trump, nolo, power = info[0], info[1], info[2]
    out = []
    for c in lay_away(hand, limit, info):
        r = c % 13
        if nolo:
            if power[c] >= 7:  # nine and up (the Ace is low)
                out.append(c)
        elif c // 13 != trump and r < 8:  # side cards below the ten
            out.append(c)
    return tuple(out)


def _world(rng, unseen: list[int], me: int, hand: int, sizes=(16, 16)):
    """Hands by seat (ours as given; the others' sizes in the order of play) and the Manni,
    dealt from the unseen cards."""
    rng.shuffle(unseen)
    n = len(sizes) + 1
    hands = [0] * n
    hands[me] = hand
    i = 0
    for k, size in enumerate(sizes, 1):
        hands[(me + k) % n] = mask_of(unseen[i:i + size])
        i += size
    return hands, unseen[i:]


def _play_world(rules, options, contract, hands, manni, me: int, declarer: int, leader: int,
                discards=None) -> int:
    """The declarer's exchange (its discards, or by rule), the play with the Medium policy;
    ``me``'s deal score."""
    info = contract_info(contract)
    hands = list(hands)
    h = hands[declarer]
    if rules.picks_up_manni(options):
        h |= mask_of(manni)
        out = discards if discards is not None else lay_away(h, len(manni), info)
        hands[declarer] = h & ~mask_of(out)
    else:
        out = discards if discards is not None else draw_discards(h, len(manni), info)
        hands[declarer] = (h & ~mask_of(out)) | mask_of(manni[:len(out)])
    zero = (0,) * len(hands)
    tricks = rollout(hands, leader, (), zero, zero, info, medium_play)
    return rules.deal_score(contract, tricks, options)[me]


def _past(deadline: float | None, done: int) -> bool:
    """Whether a capped estimate stops: past its deadline with at least ``MIN_WORLDS`` done."""
    return deadline is not None and done >= MIN_WORLDS and time.perf_counter() >= deadline


def rollout_value(view, contract: str, rng, worlds: int,
                  deadline: float | None = None) -> Generator[None, None, float]:
    """Mean deal score of declaring ``contract`` with this hand, over sampled worlds (fewer
    if ``deadline`` passes first)."""
    rules = _family(view)
    me = view.seat
    c = rules.declared(contract, me)
    unseen = cards_of(rules.deck & ~view.hand)
    leader = (view.dealer + 1) % rules.seats
    total = 0.0
    pace = Pacer()
    done = 0
    while done < worlds and not _past(deadline, done):
        hands, manni = _world(rng, unseen, me, view.hand)
        total += _play_world(rules, view.options, c, hands, manni, me, me, leader)
        done += 1
        if pace.due():
            yield
            pace.resume()
    return total / done


_BASELINES: dict = dict(BASELINES)  # the shipped table, and any computed here since


def baseline_key(rules, options: dict, contract: str, kind: str) -> tuple[str, bool, str, str]:
    return (rules.name, rules.picks_up_manni(options), contract, kind)


def baseline(rules, options: dict, contract: str, kind: str) -> Generator[None, None, float]:
    """A contract's mean score for a random hand (its worth when declared later), by the
    ``kind`` of estimate ("quick" or "rollout"): from the shipped table (:mod:`.baselines`),
    else computed once by :func:`compute_baseline`."""
    key = baseline_key(rules, options, contract, kind)
    if key not in _BASELINES:
        _BASELINES[key] = yield from compute_baseline(rules, options, contract, kind)
    return _BASELINES[key]


def compute_baseline(rules, options: dict, contract: str,
                     kind: str) -> Generator[None, None, float]:
    """:func:`baseline` computed afresh, over random deals from a fixed seed."""
    rng = random.Random(0xDEC1)
    deck = cards_of(rules.deck)
    total = 0.0
    n = _BASELINE_DEALS[kind]
    c = rules.declared(contract, 0)
    info = contract_info(c)
    pace = Pacer()
    for _ in range(n):
        rng.shuffle(deck)
        hand = mask_of(deck[:16])
        if kind == "quick":
            total += deal_score_for(rules, c, quick_tricks(hand, info))
        else:
            hands = [mask_of(deck[16 * s:16 * s + 16]) for s in range(rules.seats)]
            total += _play_world(rules, options, c, hands, deck[16 * rules.seats:], 0, 0,
                                 rng.randrange(rules.seats))
            if pace.due():
                yield
                pace.resume()
    return total / n


# -- the decisions -----------------------------------------------------------------------------

def gains(view, level: str, rng, worlds: int,
          deadline: float | None = None) -> Generator[None, None, dict]:
    """Contract -> (value now - baseline) for every contract this seat may name now. With a
    ``deadline``, each contract's estimate gets an equal share of the time left."""
    rules = _family(view)
    names = [a.contract for a in view.choices if a.contract is not None]
    out = {}
    start = time.perf_counter()
    for i, name in enumerate(names):
        if level == "hard":
            until = None if deadline is None else start + (deadline - start) * (i + 1) / len(names)
            now = yield from rollout_value(view, name, rng, worlds, until)
            later = yield from baseline(rules, view.options, name, "rollout")
        else:
            now = quick_value(view, name)
            later = 0.0 if level == "easy" else (yield from baseline(rules, view.options, name,
                                                                   "quick"))
        out[name] = now - later
    return out


def decide(view, level: str, rng, worlds: int = 24, report: dict | None = None,
           deadline: float | None = None) -> Generator[None, None, Action]:
    """The action for a declared-family exchange step (a generator, like ``Bot.steps``);
    ``report``, if given, receives the ``gains`` weighed for a declaration or overcall.
    ``deadline`` (``time.perf_counter()``): Hard's estimates stop there, after at least
    ``MIN_WORLDS`` sampled worlds each."""
    stage = view.stage
    info = contract_info(view.contract) if stage in ("lay_away", "draw") else None
    if stage == "pickup":
        # Picking the Manni up never hurts: the hand may lay the same four cards away.
        return TAKE
    if stage == "lay_away":
        return Discard(lay_away(view.hand, view.discard_limit, info))
    if stage == "draw":
        if level == "hard":
            action = yield from _best_draw(view, rng, worlds, deadline)
            return action
        return Discard(draw_discards(view.hand, view.discard_limit, info))
    by_gain = yield from gains(view, level, rng, worlds, deadline)
    if report is not None:
        report["gains"] = by_gain
    best = max(by_gain, key=lambda name: (by_gain[name], name))
    if stage == "declare":
        return Declare(best)
    margin = OVERCALL_MARGIN.get(level)
    if margin is not None and by_gain[best] > margin:
        return Overcall(best)
    return Overcall(None)


def _best_draw(view, rng, worlds: int, deadline: float | None = None):
    """Hard's draw: compare discarding the rule's losers, fewer, or none, on sampled worlds."""
    rules = _family(view)
    me = view.seat
    info = contract_info(view.contract)
    full = draw_discards(view.hand, view.discard_limit, info)
    options = [full[:k] for k in range(len(full) + 1)]
    if len(options) == 1:
        return Discard(options[0])
    unseen = cards_of(rules.deck & ~view.hand & ~view.own_out)
    leader = (view.dealer + 1) % rules.seats
    totals = [0.0] * len(options)
    pace = Pacer()
    done = 0
    while done < worlds and not _past(deadline, done):
        done += 1
        hands, manni = _world(rng, unseen, me, view.hand)
        for i, d in enumerate(options):
            totals[i] += _play_world(rules, view.options, view.contract, hands, manni, me, me,
                                     leader, discards=d)
            if pace.due():
                yield
                pace.resume()
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return Discard(options[best])


__all__ = ["handles", "decide", "quick_tricks", "lay_away", "draw_discards"]
