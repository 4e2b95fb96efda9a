"""Shared helpers for the engine tests (imported by the test modules beside it)."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from manni import Deal, Discard, Layout, Match, cards_of, mask_of, parse_card
from manni.cards import SUIT_MASKS

ROOT = Path(__file__).resolve().parents[2]

# (rule set, options) pairs every property runs over.
VARIANTS = [
    ("classic", {}),
    ("classic", {"minus_points": True}),
    ("hornafjordur", {}),
    ("trjamann", {}),
    ("trjamann", {"exchange": "draw"}),
    ("laugavatn", {}),
    ("laugavatn", {"overcalls": False, "exchange": "draw"}),
]
VARIANT_IDS = ["classic", "classic-minus", "hornafjordur", "trjamann", "trjamann-draw",
               "laugavatn", "laugavatn-plain-draw"]

# Hypothesis: a few dozen random matches per property keep the suite fast.
PROPS = settings(max_examples=30, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**64 - 1)
variants = st.sampled_from(VARIANTS)


def cards(*codes: str) -> list[int]:
    return [parse_card(c) for c in codes]


# -- full state snapshots ----------------------------------------------------------------

def _freeze(value) -> str:
    # The state is made of ints, strs, None, lists, tuples, dicts and frozen dataclasses
    # (cards, actions, contracts, layouts) whose repr shows every compared field, so the
    # repr is an exact, cheap and alias-free picture of it.
    return repr(value)


def deal_snapshot(deal: Deal) -> tuple:
    """Every slot of a Deal (its internals and undo stack included), frozen."""
    return tuple((name, _freeze(getattr(deal, name))) for name in Deal.__slots__)


def snapshot(match: Match) -> tuple:
    """Every attribute of a Match, with each deal expanded by deal_snapshot()."""
    out = []
    for name, value in sorted(vars(match).items()):
        if name == "deals":
            value = tuple(deal_snapshot(d) for d in value)
        out.append((name, _freeze(value)))
    return tuple(out)


# -- random legal play ---------------------------------------------------------------------

def random_action(match: Match, rnd: random.Random):
    """(seat, action): a random legal action for the seat in turn. When the last deal is
    over, it is chosen in the next deal, which ``match.apply`` then starts by itself."""
    deal = match.upcoming_deal()
    return deal.turn, random_deal_action(deal, rnd)


def random_deal_action(deal: Deal, rnd: random.Random):
    """A random legal action for the seat in turn in ``deal``."""
    ex = deal.rules.exchange
    limit = ex.limit(deal) if deal.phase == "exchange" else None
    if limit is not None:  # a discard: too many to list, so a random count of random cards
        hand = cards_of(deal.hands[deal.turn])
        low = ex.minimum(deal)
        n = rnd.choice([low, rnd.randint(low, limit), limit])
        return Discard(tuple(rnd.sample(hand, n)))
    return rnd.choice(deal.legal_actions())


def next_turn(match: Match) -> int | None:
    """The seat the next action belongs to (in the next deal if the last one is over)."""
    if match.finished:
        return None
    return match.upcoming_deal().turn


def deals_over(n: int):
    """``until`` for drive(): stop once ``n`` deals are over."""
    return lambda match: match.phase == "deal-over" and len(match.deals) >= n


def drive(match: Match, choose, until=deals_over(1), on_step=None) -> None:
    """The one loop that plays a match in the tests: ``choose(match) -> (seat, action)``
    for the next action, applied through the checked API (an illegal one raises), until
    ``until(match)`` or the match is over. ``on_step(match, seat, action, "before"|"after")``
    watches each step."""
    while not match.finished and not until(match):
        seat, action = choose(match)
        if on_step is not None:
            on_step(match, seat, action, "before")
        match.apply(action, seat)
        if on_step is not None:
            on_step(match, seat, action, "after")


def bots_choose(bots):
    """``choose`` for drive(): the seat's bot decides from its SeatView (a deal that is over
    is followed by the next one first, so the bot sees that deal)."""
    def choose(match):
        if match.phase == "deal-over":
            match.start_next_deal()
        seat = match.turn
        return seat, bots[seat].choose(match.view(seat))
    return choose


def after_exchange(rules: str, seed: int) -> Match:
    """A new match of ``rules`` whose first exchange Easy bots have played (card play next)."""
    from manni.bots import make_bot
    match = Match(rules, seed=seed)
    bots = [make_bot("easy", seed=s) for s in range(3)]
    while match.deal.phase == "exchange":
        match.apply(bots[match.turn].choose(match.view(match.turn)), match.turn)
    return match


def play_random(match: Match, rnd: random.Random, max_deals: int = 1, on_step=None) -> None:
    """Play random legal actions until ``max_deals`` deals are over or the match is (the
    next deal is started by its first action, as a replayed record does)."""
    drive(match, lambda m: random_action(m, rnd), deals_over(max_deals), on_step)


# -- explicit layouts ----------------------------------------------------------------------

def build_layout(rules, dealer: int, fixed: dict[int, list[int]], void: dict[int, list[int]] = None,
                 cut: int | None = None) -> Layout:
    """A legal layout: ``fixed`` cards in those seats, no card of ``void`` suits in those seats,
    the rest of the deck filled in ascending order (hands first, then the Manni)."""
    void = void or {}
    hands = {s: list(fixed.get(s, [])) for s in range(3)}
    if cut is not None and cut not in hands[dealer]:
        hands[dealer].append(cut)
    used = {c for h in hands.values() for c in h}
    free = [c for c in cards_of(rules.deck) if c not in used]
    manni: list[int] = []
    # Seats with voids first, so they get the cards they may hold.
    for seat in sorted(range(3), key=lambda s: -len(void.get(s, []))):
        banned = mask_of([]) if seat not in void else sum(SUIT_MASKS[s] for s in void[seat])
        while len(hands[seat]) < rules.hand_size:
            c = next(c for c in free if not banned >> c & 1)
            free.remove(c)
            hands[seat].append(c)
    manni = free[: rules.manni_size]
    assert len(free) == rules.manni_size
    return Layout(tuple(mask_of(hands[s]) for s in range(3)), tuple(manni), cut)


# -- the command line ----------------------------------------------------------------------

def run_cli(tmp_path, record, *args: str, raw: str | bytes | None = None):
    """Write ``record`` (a dict, or ``raw`` text/bytes) to a file and run
    ``python -m manni replay FILE *args``; returns the CompletedProcess."""
    path = tmp_path / "record.json"
    if raw is None:
        path.write_text(json.dumps(record), encoding="utf-8")
    elif isinstance(raw, bytes):
        path.write_bytes(raw)
    else:
        path.write_text(raw, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "manni", "replay", str(path), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def run_counting_slices(gen):
    """Run a bot's steps() generator to its end: (its value, how many times it yielded)."""
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as stop:
            return stop.value, slices


def play_as_easy(game, deals: int | None = None, seed: int = 1):
    """A page's Game with seat 0 played by an Easy bot until ``deals`` deals are over (or the
    match): the opponents by the page's own bots, a computer partner let lead."""
    from manni.bots import make_bot
    from manni.ui import parlee
    me = make_bot("easy", seed=seed)
    while not game.match.finished and (deals is None or len(game.match.deal_scores) < deals):
        if game.phase == "deal-over":
            game.next_deal()
        elif game.play_opponent_now():
            pass
        elif game.view.turn != 0:
            assert parlee.leave_lead(game)
        else:
            assert game.act(me.choose(game.view))
    return game
