"""Properties over random seeds and random legal play, for every rule set variant:
Classic, Classic with minus points, Hornafjarðarmanni, and Trjámann and Laugavatnsmanni with
each exchange (Laugavatnsmanni with and without overcalls)."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manni import (KEEP, TAKE, Deal, Discard, IllegalAction, Match, Play, SeatView, cards_of, mask_of)
from manni.cards import SUIT_MASKS
from manni.rules.base import Contract
from manni.record import dumps, loads, match_to_record, summary

from manni.actions import Keep, Take, action_from_json
from manni.rules.declared import Declare, Overcall

from engine_support import (PROPS, deal_snapshot, next_turn, play_random, random_action,
                            random_deal_action, seeds, snapshot, variants)

play_seeds = st.integers(min_value=0, max_value=2**32)


def _new(variant, seed, target=None) -> Match:
    """A match of ``variant``; ``target`` where the rule set has one (the declared family
    plays a fixed list of contracts instead)."""
    rules, opts = variant
    match = Match(rules, opts, seed=seed)
    if target is not None and "target" in match.options:
        match = Match(rules, {**opts, "target": target}, seed=seed)
    return match


def _declared(m) -> bool:
    return m.rules.exchange.kind == "declare"


# -- cards, tricks, scores -----------------------------------------------------------------

def _assert_conserved(deal: Deal) -> None:
    parts = [*deal.hands, mask_of(deal.manni), *deal.out, deal.played]
    assert len(set(deal.manni)) == len(deal.manni)
    union = 0
    for part in parts:
        assert union & part == 0, "a card is in two places"
        union |= part
    assert union == deal.rules.deck, "a card went missing"
    assert mask_of(deal.trick) & ~deal.played == 0
    # What left the hands in the exchange is exactly what the exchange counts say (a seat
    # that picked the Manni up is counted at once, and lays its cards away next).
    pending = deal.rules.exchange.minimum(deal) if deal.phase == "exchange" else 0
    assert sum(bin(o).count("1") for o in deal.out) + pending == sum(x or 0 for x in deal.exchanged)


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_cards_are_conserved(variant, seed, play):
    m = _new(variant, seed)

    def step(match, seat, action, when):
        deal = match.deal
        _assert_conserved(deal)
        hand_total = sum(bin(h).count("1") for h in deal.hands)
        # Every seat holds a full hand until the play starts, then loses one card per play;
        # a seat that picked the Manni up also holds the cards it must lay away.
        played = bin(deal.played).count("1")
        pending = deal.rules.exchange.minimum(deal) if deal.phase == "exchange" else 0
        assert hand_total == 3 * deal.rules.hand_size - played + pending
        if deal.phase == "play":
            assert all(bin(h).count("1") in (deal.rules.hand_size - len(deal.history),
                                             deal.rules.hand_size - len(deal.history) - 1)
                       for h in deal.hands)

    play_random(m, random.Random(play), max_deals=2, on_step=step)
    for deal in m.deals:
        _assert_conserved(deal)


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_plays_follow_suit_and_the_legal_set_is_exact(variant, seed, play):
    m = _new(variant, seed)
    plays = 0

    def step(match, seat, action, when):
        nonlocal plays
        deal = match.deal
        if when != "before" or match.phase != "play":
            return
        hand = deal.hands[seat]
        legal = deal.legal_cards()
        if deal.trick:
            follow = hand & SUIT_MASKS[deal.trick[0] // 13]
            assert legal == (follow or hand)
            if follow:
                assert action.card // 13 == deal.trick[0] // 13
        else:
            assert legal == hand
        assert {a.card for a in deal.legal_actions()} == set(cards_of(legal))
        # check() refuses exactly the cards outside the legal set.
        for c in cards_of(deal.rules.deck):
            try:
                deal.check(Play(c), seat)
                ok = True
            except IllegalAction:
                ok = False
            assert ok == bool(legal >> c & 1)
        plays += 1

    play_random(m, random.Random(play), on_step=step)
    assert plays == 3 * m.rules.hand_size


def _reference_winner(contract: Contract, trick) -> int:
    """Who wins a trick, computed straight from the rules text."""
    def rank(c):
        r = c % 13
        return -1 if (contract.name == "nolo" and r == 12) else r
    trumps = [i for i, c in enumerate(trick) if contract.trump is not None and c // 13 == contract.trump]
    pool = trumps or [i for i, c in enumerate(trick) if c // 13 == trick[0] // 13]
    return max(pool, key=lambda i: rank(trick[i]))


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_a_hand_of_tricks_each_won_by_the_right_card(variant, seed, play):
    m = _new(variant, seed)
    play_random(m, random.Random(play), max_deals=2)
    for deal in m.deals:
        assert deal.phase == "over"
        n = deal.rules.hand_size
        assert len(deal.history) == n and sum(deal.tricks) == n
        assert all(h == 0 for h in deal.hands)
        leader = (deal.dealer + 1) % 3
        won = [0, 0, 0]
        for lead, trick, winner in deal.history:
            assert lead == leader  # the first leader is the dealer's left, then each winner
            assert len(trick) == 3
            assert winner == (lead + _reference_winner(deal.contract, trick)) % 3
            won[winner] += 1
            leader = winner
        assert won == deal.tricks


def _check_scores(m: Match) -> None:
    minus_points = m.options.get("minus_points", False)
    totals = [0, 0, 0]
    plus, minus = [0, 0, 0], [0, 0, 0]
    finished_at = None
    ticked = [[], [], []]
    for i, (deal, score) in enumerate(zip(m.deals, m.deal_scores)):
        t = deal.tricks
        if _declared(m):
            c = deal.contract
            d = c.declarer
            assert deal.lists == tuple(tuple(e for e in m.rules.ENTRIES if e not in ticked[s])
                                       for s in range(3))
            assert c.entry in deal.lists[d] and c.name in m.rules.ENTRIES[c.entry]
            ticked[d].append(c.entry)
            if c.name == "nolo":
                expected = [(4 if s == d else 6) - t[s] for s in range(3)]
            else:
                expected = [t[s] - (8 if s == d else 4) for s in range(3)]
            assert score == expected and sum(score) == 0
        elif m.rules.name == "classic":
            if minus_points:
                assert score == [x - 4 for x in t] and sum(score) == 0
            else:
                assert score == [max(0, x - 4) for x in t] and min(score) >= 0
        else:
            expected = [4 - x for x in t] if deal.contract.name == "nolo" else [x - 4 for x in t]
            assert score == expected and sum(score) == 0
        for s in range(3):
            totals[s] += score[s]
            plus[s] += max(score[s], 0)
            minus[s] += max(-score[s], 0)
        target = m.options.get("target")
        if _declared(m):
            # The match ends when every list is empty: each contract ticked exactly once.
            over = all(sorted(ticked[s]) == sorted(m.rules.ENTRIES) for s in range(3))
            winners = [s for s in range(3) if totals[s] == max(totals)] if over else []
        elif m.rules.name == "classic":
            best = max(totals)
            over = best >= target and totals.count(best) == 1
            winners = [totals.index(best)] if over else []
        else:
            net = [plus[s] - minus[s] for s in range(3)]
            over = max(plus) >= target
            winners = [s for s in range(3) if net[s] == max(net)] if over else []
        if over:
            finished_at = i
            assert m.winners == winners
            break
    assert m.plus == plus and m.minus == minus and m.totals == totals
    assert m.finished == (finished_at is not None)
    if m.finished:
        assert finished_at == len(m.deals) - 1  # no deal after the end
        if _declared(m):  # one contract ticked per deal: 3 lists' worth of deals
            assert len(m.deals) == 3 * len(m.rules.ENTRIES)
        with pytest.raises(IllegalAction, match="match is over"):
            m.apply(KEEP)


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds, target=st.integers(5, 7))
def test_scores_columns_and_match_end(variant, seed, play, target):
    m = _new(variant, seed, target=target)
    play_random(m, random.Random(play), max_deals=40)
    assert len(m.deal_scores) == len(m.deals)
    _check_scores(m)
    if _declared(m):  # a declared match always runs to its end within 40 deals
        assert m.finished


# -- what a seat may see ------------------------------------------------------------------

# Every SeatView field, by what it holds. A new field fails the test until it is sorted here.
MASK_FIELDS = {"hand", "own_out", "played", "legal"}
CARD_FIELDS = {"cut"}
CARD_TUPLE_FIELDS = {"trick"}
OTHER_FIELDS = {"seat", "rules", "options", "exchange_kind", "deal_number", "dealer", "contract",
                "phase", "turn", "stage", "lists", "exchanged", "manni_left", "exchange_step",
                "discard_limit", "discard_minimum", "choices", "leader", "history",
                "tricks", "hand_sizes", "deal_scores", "plus", "minus", "finished", "winners",
                # a partnership game's (Manille's tests check them): empty in Manni
                "bonus", "unplayed", "answers", "asks", "manches"}


def _only_plain_data(value) -> None:
    """A view holds values, not references into the engine's state."""
    if value is None or isinstance(value, (bool, int, str, Contract, Take, Keep, Declare, Overcall)):
        return
    if isinstance(value, tuple):
        for v in value:
            _only_plain_data(v)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _only_plain_data(k)
            _only_plain_data(v)
        return
    raise AssertionError(f"a view holds a {type(value).__name__}")


def _check_views(m: Match) -> None:
    deal = m.deal
    names = {f.name for f in dataclasses.fields(SeatView)}
    assert names == MASK_FIELDS | CARD_FIELDS | CARD_TUPLE_FIELDS | OTHER_FIELDS
    for seat in range(3):
        v = m.view(seat)
        assert v.seat == seat
        assert v.options is not m.options and v.options == m.options
        for name in names:
            _only_plain_data(getattr(v, name))
        reachable = 0
        for name in MASK_FIELDS:
            reachable |= getattr(v, name)
        for name in CARD_TUPLE_FIELDS:
            reachable |= mask_of(getattr(v, name))
        for _, cards, _ in v.history:
            reachable |= mask_of(cards)
        public = 0 if v.cut is None else 1 << v.cut  # the cut card is shown to all
        hidden = mask_of(deal.manni)
        for other in range(3):
            if other != seat:
                hidden |= deal.hands[other] | deal.out[other]
        assert reachable & hidden & ~public == 0, "a view shows a hidden card"
        assert v.hand == deal.hands[seat] and v.own_out == deal.out[seat]
        assert v.legal & ~v.hand == 0
        assert v.played == deal.played and v.trick == tuple(deal.trick)
        assert v.manni_left == len(deal.manni)
        assert v.hand_sizes == tuple(bin(h).count("1") for h in deal.hands)
        assert v.lists == deal.lists
        if not v.my_turn:
            assert v.legal == 0 and v.discard_limit is None and v.legal_actions() == []
            assert v.choices == ()
        elif v.phase == "play":
            assert v.legal == deal.legal_cards()
            assert v.legal_actions() == deal.legal_actions()
        elif v.discard_limit is None:  # an exchange step with a short list of actions
            assert v.choices and v.legal_actions() == deal.legal_actions()


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_views_never_hold_hidden_cards(variant, seed, play):
    m = _new(variant, seed)
    _check_views(m)
    play_random(m, random.Random(play), max_deals=2,
                on_step=lambda match, seat, action, when: _check_views(match))


# -- records, undo, copies, illegal actions -------------------------------------------------

@PROPS
@given(variant=variants, seed=seeds, play=play_seeds, deals=st.integers(1, 3),
       extra=st.integers(0, 40))
def test_replay_of_the_record_reproduces_the_match(variant, seed, play, deals, extra):
    m = _new(variant, seed)
    rnd = random.Random(play)
    play_random(m, rnd, max_deals=deals)
    # ... and stop somewhere in the next deal (a record may end mid-deal).
    for _ in range(extra):
        if m.finished:
            break
        seat, action = random_action(m, rnd)
        m.apply(action, seat)
    text = dumps(m)
    rec = json.loads(text)
    assert rec["format"] == "manni-record/1" and rec["seed"] == seed
    assert len(rec["actions"]) == len(m.actions)
    again = loads(text)
    assert snapshot(again) == snapshot(m)
    assert summary(again) == summary(m)
    assert match_to_record(again) == rec
    # Naming the seat on every action is accepted and changes nothing.
    seated = dict(rec, actions=[])
    probe = Match(m.rules, m.options, m.seed, m.first_dealer)
    for obj in rec["actions"]:
        seat = next_turn(probe)
        seated["actions"].append({**obj, "seat": seat})
        probe.apply(action_from_json(obj)[0], seat)
    assert snapshot(loads(json.dumps(seated))) == snapshot(m)


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_undo_restores_the_exact_state(variant, seed, play):
    m = _new(variant, seed, target=5)
    fresh = snapshot(m)
    rnd = random.Random(play)
    count = 0

    def step(match, seat, action, when):
        nonlocal count
        if when == "before":
            step.before = snapshot(match)
            return
        after = snapshot(match)
        assert match.undo()
        assert snapshot(match) == step.before
        match.apply(action, seat)
        assert snapshot(match) == after
        count += 1

    play_random(m, rnd, max_deals=2, on_step=step)
    assert count == len(m.actions)
    # Undo everything: back to a fresh match, then nothing more to undo.
    while m.undo():
        pass
    assert snapshot(m) == fresh
    assert not m.undo()


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds, stop=st.integers(0, 90))
def test_copies_are_independent(variant, seed, play, stop):
    m = _new(variant, seed)
    rnd = random.Random(play)
    for _ in range(stop):
        if m.phase == "deal-over" and rnd.random() < 0.5:
            m.start_next_deal()  # the next deal may also be started explicitly
        seat, action = random_action(m, rnd)
        m.apply(action, seat)
    if m.phase == "deal-over" and rnd.random() < 0.5:
        m.start_next_deal()
    before = snapshot(m)
    twin = m.copy()
    assert snapshot(twin) == before
    if twin.undo():  # a copy undoes exactly like its original
        m.undo()
        assert snapshot(twin) == snapshot(m)
        before = snapshot(m)
    # Deal.copy(): the search path, played out with the unchecked fast play().
    fast = m.deal.copy()
    no_undo = lambda d: [item for item in deal_snapshot(d) if item[0] != "_undo"]  # noqa: E731
    assert no_undo(fast) == no_undo(m.deal) and fast._undo == []
    while fast.phase == "exchange":
        fast.apply(random_deal_action(fast, rnd))
    while fast.phase == "play":
        fast.play(cards_of(fast.legal_cards())[0])
    assert fast.phase == "over" and sum(fast.tricks) == fast.rules.hand_size
    play_random(twin, rnd, max_deals=2)
    assert snapshot(m) == before


def _illegal_actions(m: Match, rnd: random.Random):
    """(seat, action) pairs that the rules refuse now."""
    if m.finished:
        return [(None, KEEP), (None, Play(0)), (None, Discard(()))]
    deal = m.upcoming_deal()
    ex = deal.rules.exchange
    turn = deal.turn
    wrong_seat = (turn + rnd.randint(1, 2)) % 3
    listed = deal.legal_actions() if deal.phase == "play" or ex.limit(deal) is None else []
    out = [(wrong_seat, listed[0] if listed else Discard(()))]
    hand = cards_of(deal.hands[turn])
    not_held = [c for c in cards_of(deal.rules.deck) if not deal.hands[turn] >> c & 1]
    if deal.phase == "exchange":
        out.append((turn, Play(rnd.choice(hand))))
        limit = ex.limit(deal)
        if limit is not None:
            out += [(turn, TAKE), (None, KEEP), (turn, Discard((rnd.choice(not_held),))),
                    (turn, Discard((hand[0], hand[0])))]
            if limit < len(hand):
                out.append((turn, Discard(tuple(rnd.sample(hand, limit + 1)))))
            if ex.minimum(deal):
                out.append((turn, Discard(tuple(rnd.sample(hand, ex.minimum(deal) - 1)))))
        else:
            out += [(turn, Discard(())), (turn, Discard((hand[0],)))]
            if ex.kind == "declare":
                out += _illegal_calls(deal, turn, ex.stage(deal))
    else:
        out += [(turn, TAKE), (None, KEEP), (turn, Discard(())),
                (turn, Play(rnd.choice(not_held)))]
        off_suit = cards_of(deal.hands[turn] & ~deal.legal_cards())
        if off_suit:
            out.append((turn, Play(rnd.choice(off_suit))))
    return out


def _illegal_calls(deal, seat: int, step: str):
    """Declarations refused now: the wrong kind of call, a ticked entry, a foreign contract."""
    out = [(seat, Overcall(None) if step != "overcall" else Declare("nolo"))]
    call = Overcall if step == "overcall" else Declare
    if step == "pickup":
        call = Declare
    else:
        out.append((seat, TAKE))
    ticked = [e for e in deal.rules.ENTRIES if e not in deal.lists[seat]]
    if ticked:
        out.append((seat, call(deal.rules.ENTRIES[ticked[0]][0])))
    foreign = [c for c in ("clubs", "hearts") if deal.rules.entry_of(c) is None]
    if foreign:
        out.append((seat, call(foreign[0])))
    return out


@PROPS
@given(variant=variants, seed=seeds, play=play_seeds)
def test_illegal_actions_leave_the_state_untouched(variant, seed, play):
    m = _new(variant, seed, target=5)
    rnd = random.Random(play)
    refused = 0

    def probe(match, *_):
        nonlocal refused
        before = snapshot(match)
        for seat, action in _illegal_actions(match, rnd):
            with pytest.raises(IllegalAction) as info:
                match.apply(action, seat)
            assert isinstance(info.value, ValueError)
            assert str(info.value) and info.value.key and info.value.key != "illegal"
            assert snapshot(match) == before
            if match.phase in ("exchange", "play"):  # the deal refuses it by itself too
                with pytest.raises(IllegalAction):
                    match.deal.apply(action, seat)
                assert snapshot(match) == before
            refused += 1

    play_random(m, rnd, max_deals=2, on_step=lambda match, seat, action, when:
                probe(match) if when == "before" and rnd.random() < 0.3 else None)
    probe(m)
    assert refused > 0


def test_a_copy_is_native_not_a_record_round_trip(monkeypatch):
    import manni.record

    def refuse(*args, **kwargs):
        raise AssertionError("Match.copy() went through a game record")
    m = Match("hornafjordur", seed=3)
    play_random(m, random.Random(3), max_deals=2)
    m.start_next_deal()
    monkeypatch.setattr(manni.record, "match_to_record", refuse)
    monkeypatch.setattr(manni.record, "match_from_record", refuse)
    twin = m.copy()
    assert snapshot(twin) == snapshot(m)
    while twin.undo():
        assert m.undo()
        assert snapshot(twin) == snapshot(m)
