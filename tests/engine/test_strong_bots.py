"""The reference ISMCTS bot, the exact endgame solver and the card-play tournament."""

from __future__ import annotations

import random

import pytest

from manni import Match
from manni.actions import KEEP, Discard, Play
from manni.bots import LEVELS, make_bot
from manni.bots.endgame import Solver, TooDeep, brute_force
from manni.bots.expert import EXPERT_WORK
from manni.bots.search import WORLD_WORK
from manni.bots.tournament import kept, play_board, summarize
from manni.rules.base import _TRUMPS, GRAND, NOLO

from engine_support import bots_choose, deals_over, drive, run_counting_slices

ISMCTS = {"iterations": 40}


def _legal_check(match, seat, action, when):
    if when == "before" and match.phase == "play":
        assert isinstance(action, Play) and match.view(seat).legal >> action.card & 1


@pytest.mark.parametrize("playout", ["random", "medium"])
@pytest.mark.parametrize("rules", ["classic", "hornafjordur"])
def test_ismcts_plays_legal_cards_to_the_match_end(rules, playout):
    for seed in range(2):
        m = Match(rules, {"target": 5}, seed=seed)
        bots = [make_bot("ismcts", seed=seed * 3 + s, playout=playout, **ISMCTS)
                for s in range(3)]
        drive(m, bots_choose(bots), deals_over(4), _legal_check)
        assert len(m.deals) >= 4 or m.finished


def test_ismcts_is_a_tournament_level_only():
    assert "ismcts" not in LEVELS
    with pytest.raises(ValueError):
        make_bot("ismcts", playout="oracle")


def _decisions(seed):
    m = Match("classic", seed=21)
    bots = [make_bot("ismcts", seed=seed + s, **ISMCTS) for s in range(3)]
    drive(m, bots_choose(bots), deals_over(1))
    return list(m.actions)


def test_ismcts_is_deterministic_given_its_seed():
    assert _decisions(5) == _decisions(5)
    assert _decisions(5) != _decisions(6)  # the seed matters (sampled worlds, play-outs)


def test_ismcts_decides_from_the_view_only():
    """A view is all it reads: the same view gives the same card from the same seed, and the
    tree's root holds exactly the seat's legal cards."""
    m = Match("classic", seed=4)
    bots = [make_bot("medium", seed=s, exchange_worlds=4) for s in range(3)]
    drive(m, bots_choose(bots), lambda mm: mm.phase == "play" and len(mm.deal.history) == 3)
    view = m.view(m.turn)
    a = make_bot("ismcts", seed=9, **ISMCTS).choose(view)
    b = make_bot("ismcts", seed=9, **ISMCTS).choose(m.copy().view(m.turn))
    assert a == b
    bot = make_bot("ismcts", seed=9, **ISMCTS)
    gen = bot.search(view)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            root = stop.value
            break
    assert root.mask == view.legal
    assert sum(ch.visits for ch in root.children.values()) == ISMCTS["iterations"]


# -- the endgame solver -------------------------------------------------------------------

def _position(rng, n):
    contract = rng.choice(list(_TRUMPS) + [GRAND, NOLO])
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(3)]
    leader = rng.randrange(3)
    trick = []
    for k in range(rng.randrange(3)):  # sometimes start inside a trick
        seat = (leader + k) % 3
        c = max(range(52), key=lambda x: (hands[seat] >> x & 1, rng.random()))
        hands[seat] &= ~(1 << c)
        trick.append(c)
    return contract, hands, leader, trick


@pytest.mark.parametrize("n", [2, 3, 4])
def test_endgame_solver_is_exact_against_brute_force(n):
    rng = random.Random(n)
    for _ in range(25):
        contract, hands, leader, trick = _position(rng, n)
        me = rng.randrange(3)
        tricks = [rng.randrange(4) for _ in range(3)]
        target = me if rng.random() < 0.5 else (me + 1) % 3

        def utility(t, me=me, target=target):  # non-linear, and another seat's score counts
            return max(0, t[me] - 4) + 0.01 * t[me] - 0.5 * max(0, t[target] - 5) * (target != me)
        solver = Solver(me, utility, contract.power, contract.trick_winner)
        got = solver.value(hands, leader, trick, tricks)
        want = brute_force(hands, leader, trick, tricks, me, utility, contract.trick_winner)
        assert got == pytest.approx(want)


def test_endgame_solver_reuses_its_table():
    rng = random.Random(1)
    contract, hands, leader, trick = _position(rng, 4)
    solver = Solver(0, lambda t: t[0], contract.power, contract.trick_winner)
    first = solver.value(hands, leader, trick, [0, 0, 0])
    nodes = solver.nodes
    assert solver.value(hands, leader, trick, [0, 0, 0]) == first
    assert solver.nodes == nodes + 1  # answered from the table


# -- the tournament's card-play mode ---------------------------------------------------------

@pytest.mark.parametrize("rules", ["classic", "hornafjordur"])
def test_card_play_tournament_keeps_every_hand(rules):
    config = {"card_play": True, "hard": {"worlds": 2, "exchange_worlds": 4}, "ismcts": ISMCTS}
    r = play_board(rules, {}, 7, ("ismcts", "hard"), 1, config)
    for lvl in ("ismcts", "hard"):
        points, seat_deals, tricks = r["score"][lvl]
        assert seat_deals == 9  # 6 arrangements x 3 seats, split 9/9 between the levels
    assert r["score"]["ismcts"][2] + r["score"]["hard"][2] == 6 * 12  # 6 deals of 12 tricks
    m = Match(rules, seed=7)
    while m.phase == "exchange":
        action = kept(m.view(m.turn))
        assert action in (KEEP, Discard(()))
        m.apply(action, m.turn)
    assert not any(m.deal.exchanged)
    out = summarize([r, r], ["ismcts", "hard"])
    (pair,) = out["paired"]
    assert pair["a"] == "hard" and "tricks_diff" in pair


def test_endgame_solver_gives_up_past_its_node_budget():
    rng = random.Random(2)
    contract, hands, leader, trick = _position(rng, 6)
    solver = Solver(0, lambda t: t[0], contract.power, contract.trick_winner, max_nodes=50)
    with pytest.raises(TooDeep):
        solver.value(hands, leader, trick, [0, 0, 0])
    roomy = Solver(0, lambda t: t[0], contract.power, contract.trick_winner)
    assert 0 <= roomy.value(hands, leader, trick, [0, 0, 0]) <= 6


# -- Expert ---------------------------------------------------------------------------------

def _play_position(rules, seed, tricks_done):
    m = Match(rules, seed=seed)
    bots = [make_bot("medium", seed=s, exchange_worlds=4) for s in range(3)]
    drive(m, bots_choose(bots),
          lambda mm: mm.phase == "play" and len(mm.deal.history) >= tricks_done)
    return m


@pytest.mark.parametrize("rules,tricks_done", [("classic", 0), ("classic", 7), ("hornafjordur", 2)])
def test_expert_thinks_in_slices(rules, tricks_done):
    """Its work is cut into slices (yields by time, ~10 ms); the generator's answer is
    ``choose()``'s, a legal card, with the reasons a hint shows, within its work."""
    m = _play_position(rules, 12, tricks_done)
    view = m.view(m.turn)
    bot = make_bot("expert", seed=3, budget_ms=None)
    action, slices = run_counting_slices(bot.steps(view))
    if bot.last_stats:  # more than one legal card
        per_world = WORLD_WORK + sum(view.hand_sizes)
        assert EXPERT_WORK <= bot.last_stats["work"] < EXPERT_WORK + per_world
        assert bot.last_stats["worlds"] * per_world == bot.last_stats["work"]
        assert [key for key, _ in bot.last_reasons][:2] == ["expected", "next_best"]
    assert slices >= 1
    assert action == make_bot("expert", seed=3, budget_ms=None).choose(view)
    m.check(action, m.turn)


def test_expert_plays_the_tree_search_with_medium_play_outs():
    """Expert's card is the information-set tree search's (Medium play-outs, Expert's work);
    ``playout="random"`` gives the reference's random play-outs within that work, and
    ``tree=False`` Hard's halving with the same work instead."""
    differ = 0
    for seed, tricks_done in ((12, 0), (12, 5), (3, 2), (8, 9)):
        m = _play_position("classic", seed, tricks_done)
        view = m.view(m.turn)
        if view.legal.bit_count() < 2:
            continue
        expert = make_bot("expert", seed=5, budget_ms=None, work=6000).choose(view)
        tree = make_bot("ismcts", seed=5, playout="medium", work=6000).choose(view)
        halving = make_bot("expert", seed=5, budget_ms=None, work=6000, tree=False).choose(view)
        assert expert == tree
        assert (make_bot("expert", seed=5, budget_ms=None, work=6000, playout="random").choose(view)
                == make_bot("ismcts", seed=5, work=6000).choose(view))
        assert halving == make_bot("hard", seed=5, budget_ms=None, work=6000).choose(view)
        differ += expert != halving
    assert differ >= 1


def test_expert_plays_at_once_when_its_cards_are_equivalent():
    """Several legal cards with no unseen card between them: no search (no stats, no
    slices), the run's lowest card and the reason a hint gives for a forced card."""
    from manni.bots.knowledge import Knowledge
    from manni.bots.search import candidates
    found = 0
    for seed in range(8):
        m = _play_position("classic", seed, 10)
        view = m.view(m.turn)
        k = Knowledge(view)
        cands = candidates(view.legal, k.unseen, k.info.power)
        if view.legal.bit_count() < 2 or len(cands) > 1:
            continue
        bot = make_bot("expert", seed=1)
        action, slices = run_counting_slices(bot.steps(view))
        assert action == Play(cands[0]) and slices == 0
        assert bot.last_stats == {} and bot.last_reasons == [("only_card", {"card": cands[0]})]
        found += 1
    assert found >= 1


def test_ismcts_work_and_time_caps():
    """``work``: iterations until that many cards are played (a world counts WORLD_WORK), so
    an early move runs fewer iterations than a late one; ``budget_ms`` stops it sooner."""
    early = _play_position("classic", 12, 0)
    late = _play_position("classic", 12, 8)
    iters = []
    for m in (early, late):
        view = m.view(m.turn)
        bot = make_bot("ismcts", seed=1, playout="medium", work=3000)
        bot.choose(view)
        per_world = WORLD_WORK + sum(view.hand_sizes)
        assert bot.last_stats["worlds"] == -(-3000 // per_world)
        iters.append(bot.last_stats["worlds"])
    assert iters[0] < iters[1]
    bot = make_bot("ismcts", seed=1, playout="medium", work=10 ** 9, budget_ms=30)
    bot.choose(early.view(early.turn))
    assert 1 <= bot.last_stats["worlds"] < 10 ** 9 // 60


def test_determinized_search_keeps_each_world_for_its_share(monkeypatch):
    """``determinize=W``: W sampled worlds, one after another, each searched by its own tree
    for an equal share of the iterations; the card is chosen on the trees' summed visits."""
    from manni.bots.base import finish
    from manni.bots.knowledge import Knowledge
    sampled = []
    real = Knowledge.sample
    monkeypatch.setattr(Knowledge, "sample", lambda k, rng: sampled.append(1) or real(k, rng))
    m = _play_position("classic", 12, 3)
    view = m.view(m.turn)
    for det, worlds in ((0, 120), (4, 4)):
        sampled.clear()
        bot = make_bot("ismcts", seed=2, iterations=120, determinize=det)
        root = finish(bot.search(view))
        assert len(sampled) == worlds and bot.last_stats["trees"] == max(1, det)
        assert sum(ch.visits for ch in root.children.values()) == 120
        assert sum(1 << c for c in root.children) == view.legal


def test_an_unknown_playout_is_refused_when_the_bot_is_made():
    for level in ("expert", "ismcts"):
        with pytest.raises(ValueError, match="unknown playout 'greedy'"):
            make_bot(level, playout="greedy")


def test_expert_is_a_level_with_a_second_to_think():
    bot = make_bot("expert")
    assert "expert" in LEVELS and bot.budget_ms == 1000 and bot.work == 9 * make_bot("hard").work
    assert bot.match_aware_exchange and not make_bot("hard").match_aware_exchange


# -- inference from play --------------------------------------------------------------------

def test_the_true_world_explains_medium_opponents_fully():
    """Medium opponents who kept their hands play exactly as the policy says in the true
    world, so it weighs 1; most other worlds consistent with the view weigh less."""
    from manni.bots.knowledge import Knowledge
    from manni.bots.policy import medium_play
    rng = random.Random(4)
    lighter = checked = 0
    for seed in range(6):
        m = Match("classic", seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(3)]
        while m.phase == "exchange":
            m.apply(kept(m.view(m.turn)), m.turn)
        drive(m, bots_choose(bots), lambda mm: len(mm.deal.history) >= 6)
        k = Knowledge(m.view(m.turn))
        assert k.plausibility(list(m.deal.hands), medium_play, 0.3) == 1.0
        for _ in range(10):
            w = k.plausibility(k.sample(rng), medium_play, 0.3)
            assert 0 < w <= 1
            lighter += w < 1
            checked += 1
    assert lighter > checked // 2


def test_level_settings_in_a_tournament():
    from manni.bots.cli import _levels
    from manni.bots.tournament import bot_kwargs, parse_level
    assert parse_level("hard") == ("hard", {})
    assert parse_level("ismcts(playout='medium', iterations=300)") == (
        "ismcts", {"playout": "medium", "iterations": 300})
    assert _levels("hard(endgame=4,worlds=80),ismcts") == ["hard(endgame=4,worlds=80)", "ismcts"]
    assert bot_kwargs("hard(endgame=4)", {"hard": {"worlds": 40}}) == {"worlds": 40, "endgame": 4}
    with pytest.raises(ValueError):
        parse_level("hard(4)")
    with pytest.raises(SystemExit):
        _levels("grandmaster")


def test_tournament_command_prints_points_and_tricks(capsys):
    from manni.cli import main
    assert main(["tournament", "--levels", "ismcts,hard", "--card-play", "--boards", "1",
                 "--deals", "1", "--ismcts-iterations", "10", "--hard-worlds", "2",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "card play only" in out and "hard - ismcts:" in out and "tricks/deal" in out
