"""Manille's bots: legal at every level in both talk settings, partners' play, the parlée's
questions and answers as evidence in the sampled worlds, tournaments by side."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from manni import Match
from manni.actions import Play
from manni.bots import make_bot
from manni.bots.knowledge import Knowledge
from manni.bots.partners import legal_cards, medium_partner_play, table_of
from manni.bots.tournament import arrangements
from manni.cards import SUIT_MASKS, mask_of
from manni.match import Layout
from manni.rules.manille import TRUMPS
from manni.talk import COUNT, HAS, Ask

from engine_support import ROOT
from manille_support import MANILLE, codes, random_step

FAST = {"work": 300, "budget_ms": None}


def _bot(level: str, seed: int, **kw):
    return make_bot(level, seed=seed, **({**FAST, **kw} if level in ("hard", "expert") else kw))


def _play(seed: int, levels, talk: bool, deals: int, check=None) -> Match:
    """A match of Manille to ``deals`` deals with ``levels`` by seat; every action checked
    against the seat's view (a card it may play, or a question it may ask)."""
    m = Match("manille", {"talk": talk}, seed)
    bots = [_bot(lvl, seed * 4 + s) for s, lvl in enumerate(levels)]
    while not m.finished and len(m.deal_scores) < deals:
        seat = m.turn
        view = m.view(seat)
        action = bots[seat].choose(view)
        if isinstance(action, Ask):
            assert talk and action in view.asks
        else:
            assert isinstance(action, Play) and view.legal >> action.card & 1, (seed, action)
        if check is not None:
            check(m, seat, action)
        m.apply(action, seat)
    return m


@pytest.mark.parametrize("talk", [True, False], ids=["parlee", "muette"])
@pytest.mark.parametrize("level,matches,deals", [("easy", 125, 8), ("medium", 75, 8),
                                                 ("hard", 3, 2), ("expert", 1, 2)])
def test_every_level_plays_manille_legally(level, matches, deals, talk):
    played = 0
    for seed in range(matches):
        m = _play(seed, [level] * 4, talk, deals)
        played += sum(1 for d in m.deals if d.history)
    assert played >= matches * min(deals, 4)


def test_mixed_partners_play_legally_to_the_match_end():
    m = Match("manille", {"target": 50}, 3)
    bots = [_bot(lvl, s) for s, lvl in enumerate(("easy", "medium", "medium", "easy"))]
    while not m.finished:
        seat = m.turn
        m.apply(bots[seat].choose(m.view(seat)), seat)
    assert sorted(m.winners) in ([0, 2], [1, 3])


@pytest.mark.parametrize("seed", range(8))
def test_what_a_seat_infers_is_true_of_the_real_hands(seed):
    """Voids, the duties a seat did not meet (it held none of the cards it owed) and the
    answers never contradict the real deal, for every seat at every moment."""
    rnd = random.Random(seed)
    m = Match("manille", {}, seed)
    checked = 0
    while not m.finished and len(m.deal_scores) < 2:
        for s in range(4):
            k = Knowledge(m.view(s))
            for o in k.others:
                real = m.deal.hands[o]
                assert not real & k.excluded[o]
                assert k.known[o] & ~real == 0
                for suit in range(4):
                    if k.voids[o] >> suit & 1:
                        assert not real & SUIT_MASKS[suit]
                for p, suit, q in k.quotas:
                    if p == o:
                        assert (real & SUIT_MASKS[suit]).bit_count() == q
            checked += 1
        random_step(m, rnd, ask_rate=0.4)
    assert checked > 100


@pytest.mark.parametrize("seed", range(10))
def test_a_world_sampled_after_answers_agrees_with_them(seed):
    rnd = random.Random(seed)
    m = Match("manille", {}, seed)
    seen = 0
    while not m.finished and len(m.deal_scores) < 2:
        d = m.deal
        if d.answers:
            for s in range(4):
                view = m.view(s)
                k = Knowledge(view)
                for _ in range(20):
                    world = k.sample(rnd)
                    assert world[s] == view.hand
                    assert [w.bit_count() for w in world] == list(view.hand_sizes)
                    assert not any(world[a] & world[b] for a in range(4) for b in range(a))
                    for o in k.others:
                        assert not world[o] & k.excluded[o]
                    for a in d.answers:
                        p, q = a.partner, a.question
                        if p == s:
                            continue
                        if q.kind == HAS and not d.played >> q.subject & 1:
                            assert bool(world[p] >> q.subject & 1) == a.value
                        if q.kind == COUNT:
                            since = sum(1 for ld, cards, _w in d.history[a.trick:]
                                        for i, c in enumerate(cards)
                                        if (ld + i) % 4 == p and c // 13 == q.subject)
                            since += sum(1 for i, c in enumerate(d.trick)
                                         if (d.leader + i) % 4 == p and c // 13 == q.subject)
                            assert (world[p] & SUIT_MASKS[q.subject]).bit_count() \
                                == a.value - since
                    seen += 1
        random_step(m, rnd, ask_rate=0.5)
    assert seen > 0


def test_the_dealer_holds_the_turned_card_in_every_world():
    m = Match("manille", {}, 4)
    d = m.deal
    seat = next(s for s in range(4) if s != d.dealer)
    k = Knowledge(m.view(seat))
    rng = random.Random(1)
    assert all(k.sample(rng)[d.dealer] >> d.cut & 1 for _ in range(30))


def _lead_view(hand_codes, trump_code="7H", seed=0):
    """A first-trick view for the seat on lead holding ``hand_codes`` (the rest dealt at
    random to the others; the dealer, seat 3, holds the turned ``trump_code``)."""
    rnd = random.Random(seed)
    mine = codes(*hand_codes)
    turned = codes(trump_code)[0]
    rest = [c for c in range(52) if MANILLE.deck >> c & 1 and c not in mine and c != turned]
    rnd.shuffle(rest)
    hands = [mask_of(mine), mask_of(rest[:8]), mask_of(rest[8:16]),
             mask_of(rest[16:23] + [turned])]
    m = Match("manille", {}, 0, first_dealer=3,
              layouts=[Layout(tuple(hands), (), turned)])
    return m


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_leader_asks_for_the_ten_over_its_ace(level):
    m = _lead_view(["AS", "9S", "8S", "KD", "QD", "9C", "8C", "7C"])
    assert m.turn == 0
    bot = _bot(level, 1)
    assert bot.choose(m.view(0)) == Ask(HAS, codes("TS")[0])
    m.apply(Ask(HAS, codes("TS")[0]), 0)
    nxt = bot.choose(m.view(0))
    assert nxt != Ask(HAS, codes("TS")[0])


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_questions_in_the_muette_or_from_a_bot_told_not_to_ask(level):
    for seed in range(3):
        m = _play(seed, [level] * 4, False, 1)
    hard = _bot("hard", 0, ask=False)
    m = _lead_view(["AS", "9S", "8S", "KD", "QD", "9C", "8C", "7C"])
    assert isinstance(hard.choose(m.view(0)), Play)


def test_a_partner_told_it_holds_the_ten_gets_a_low_lead_in_that_suit():
    m = _lead_view(["AS", "9S", "8S", "KD", "QD", "9C", "8C", "7C"])
    ten = codes("TS")[0]
    m.apply(Ask(HAS, ten), 0)
    if m.deal.answers[-1].value:
        assert make_bot("medium").choose(m.view(0)) in (Play(codes("8S")[0]),
                                                        Play(codes("9S")[0]))
    else:
        assert make_bot("medium").choose(m.view(0)) != Play(codes("AS")[0])


def _follow(trick, hand, live_extra=(), trump="H"):
    """Medium's card for the seat after ``trick`` (led by seat 0) holding ``hand``, the
    other unseen cards ``live_extra``."""
    t = table_of(MANILLE, TRUMPS["SHDC".index(trump)])
    h = mask_of(codes(*hand))
    live = h | mask_of(codes(*live_extra))
    tr = codes(*trick)
    legal = legal_cards(h, tr, 0, t)
    return medium_partner_play(len(tr), h, legal, tr, 0, live, [0, 0, 0, 0], t)


def test_medium_lets_the_partners_master_stand_and_feeds_it():
    # Last to play on the partner's A♠: no need to spend the 10♠, a trick of its own later.
    assert _follow(["7S", "AS", "8S"], ["TS", "JS"], ["QS", "9D", "KC"]) == codes("JS")[0]
    # Last to play on the partner's trick, void: give it points (the K♦), not the 7♣.
    assert _follow(["8S", "AS", "9S"], ["KD", "7C"], ["TD", "QC"]) == codes("KD")[0]


def test_medium_beats_an_opponent_cheaply_with_a_card_that_holds():
    # Last to play on an opponent's K♠: the A♠ wins as well as the 10♠ and costs less.
    assert _follow(["KS", "7S", "9S"], ["TS", "AS", "7D"], ["8D"]) == codes("AS")[0]


def test_manille_tournament_json_is_paired_by_side():
    assert arrangements(("easy", "medium"), MANILLE.sides) == [
        ("easy", "medium", "easy", "medium"), ("medium", "easy", "medium", "easy")]
    with pytest.raises(ValueError):
        arrangements(("easy", "medium", "hard"), MANILLE.sides)
    out = subprocess.run(
        [sys.executable, "-m", "manni", "tournament", "--rules", "manille", "--levels",
         "easy,medium", "--boards", "3", "--deals", "1", "--jobs", "1",
         "--options", '{"talk": false}', "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    res = json.loads(out.stdout)
    assert res["rules"] == "manille" and res["options"] == {"talk": False}
    assert res["arrangements"] == 2 and res["boards"] == 3
    (pair,) = res["paired"]
    assert (pair["a"], pair["b"]) == ("medium", "easy")
    assert pair["low"] == pytest.approx(pair["diff"] - pair["ci95"])
    assert set(res["levels"]) == {"easy", "medium"}
    three = subprocess.run(
        [sys.executable, "-m", "manni", "tournament", "--rules", "manille", "--levels",
         "easy,medium,hard", "--boards", "1", "--json"], cwd=ROOT, capture_output=True,
        text=True)
    assert three.returncode != 0 and "one or two" in three.stderr


def _partner_view(partner_codes, leader_codes, seed=0):
    """A first trick led by seat 0 holding ``leader_codes``, its partner (seat 2) holding
    ``partner_codes``; the opponents' cards at random, the dealer (3) holding the 7H."""
    rnd = random.Random(seed)
    turned = codes("7H")[0]
    fixed = codes(*partner_codes, *leader_codes)
    rest = [c for c in range(52) if MANILLE.deck >> c & 1 and c not in fixed and c != turned]
    rnd.shuffle(rest)
    hands = [mask_of(codes(*leader_codes)), mask_of(rest[:8]), mask_of(codes(*partner_codes)),
             mask_of(rest[8:15] + [turned])]
    return Match("manille", {}, 0, first_dealer=3, layouts=[Layout(tuple(hands), (), turned)])


def test_the_leaders_partner_asks_for_the_ten_over_its_ace_before_the_lead():
    from manni.bots.base import partner_question

    m = _partner_view(["AS", "9S", "KD", "QD", "9C", "8C", "7C", "8D"],
                      ["TS", "8S", "7S", "AD", "TC", "AC", "KC", "QC"])
    assert m.turn == 0
    bots = [_bot("hard", s, partner_ask=True) for s in range(4)]
    ten = Ask(HAS, codes("TS")[0])
    assert bots[2].question(m.view(2)) == ten
    assert _bot("medium", 2, partner_ask=True).question(m.view(2)) == ten
    assert _bot("hard", 2).question(m.view(2)) == ten  # on by default
    assert _bot("hard", 2, partner_ask=False).question(m.view(2)) is None
    assert _bot("easy", 2, partner_ask=True).question(m.view(2)) is None
    assert _bot("hard", 2, partner_ask=True, ask=False).question(m.view(2)) is None
    assert bots[1].question(m.view(1)) is None  # an opponent of the leader
    lead = Play(codes("8S")[0])
    assert partner_question(m, 0, lead, bots.__getitem__) == (2, ten)
    assert partner_question(m, 0, lead, lambda s: None) is None  # a person's seat: no poll
    assert partner_question(m, 0, ten, bots.__getitem__) is None  # the leader's own question
    m.apply(ten, 2)
    assert m.deal.answers[-1].value is True and m.deal.answers[-1].partner == 0
    assert bots[2].question(m.view(2)) is None  # once a trick
    assert partner_question(m, 0, lead, bots.__getitem__) is None
    m = _partner_view(["AS", "9S", "KD", "QD", "9C", "8C", "7C", "8D"],
                      ["TS", "8S", "7S", "AD", "TC", "AC", "KC", "QC"])
    m.apply(Play(codes("8S")[0]), 0)
    assert bots[2].question(m.view(2)) is None  # the trick is led
