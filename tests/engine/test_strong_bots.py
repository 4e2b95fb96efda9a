"""The reference ISMCTS bot, Expert and the card-play tournament."""

from __future__ import annotations

import pytest

from manni import Match
from manni.actions import KEEP, Discard, Play
from manni.bots import LEVELS, make_bot
from manni.bots.expert import EXPERT_WORK
from manni.bots.search import WORLD_WORK
from manni.bots.tournament import kept, play_board, summarize

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
    ``playout="random"`` gives the reference's random play-outs within that work; it is not
    always Hard's halving with the same work."""
    differ = 0
    for seed, tricks_done in ((12, 0), (12, 5), (3, 2), (8, 9)):
        m = _play_position("classic", seed, tricks_done)
        view = m.view(m.turn)
        if view.legal.bit_count() < 2:
            continue
        expert = make_bot("expert", seed=5, budget_ms=None, work=6000).choose(view)
        tree = make_bot("ismcts", seed=5, playout="medium", work=6000).choose(view)
        halving = make_bot("hard", seed=5, budget_ms=None, work=6000).choose(view)
        assert expert == tree
        assert (make_bot("expert", seed=5, budget_ms=None, work=6000, playout="random").choose(view)
                == make_bot("ismcts", seed=5, work=6000).choose(view))
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


def test_a_search_cut_short_after_one_world_still_gives_its_reasons():
    """On a slow phone the deadline can pass after the first world, which tried one card:
    the hint then says what that card is worth, with no runner-up to compare."""
    m = _play_position("classic", 12, 0)
    view = m.view(m.turn)
    assert view.legal.bit_count() > 1
    bot = make_bot("ismcts", seed=1, iterations=1)
    action = bot.choose(view)
    m.check(action, m.turn)
    assert bot.last_stats["worlds"] == 1
    assert [key for key, _ in bot.last_reasons] == ["expected"]


def test_an_unknown_playout_is_refused_when_the_bot_is_made():
    for level in ("expert", "ismcts"):
        with pytest.raises(ValueError, match="unknown playout 'greedy'"):
            make_bot(level, playout="greedy")


def test_expert_is_a_level_with_a_second_to_think():
    bot = make_bot("expert")
    assert "expert" in LEVELS and bot.budget_ms == 1000 and bot.work == 9 * make_bot("hard").work
    assert bot.match_aware_exchange and not make_bot("hard").match_aware_exchange


def test_level_settings_in_a_tournament():
    from manni.bots.cli import _levels
    from manni.bots.tournament import bot_kwargs, parse_level
    assert parse_level("hard") == ("hard", {})
    assert parse_level("ismcts(playout='medium', iterations=300)") == (
        "ismcts", {"playout": "medium", "iterations": 300})
    assert _levels("hard(rivalry=0,worlds=80),ismcts") == ["hard(rivalry=0,worlds=80)", "ismcts"]
    assert bot_kwargs("hard(rivalry=0)", {"hard": {"worlds": 40}}) == {"worlds": 40, "rivalry": 0}
    with pytest.raises(ValueError):
        parse_level("hard(4)")
    with pytest.raises(SystemExit):
        _levels("grandmaster")


def test_tournament_command_prints_points_and_tricks(capsys):
    from manni.cli import main
    assert main(["tournament", "--levels", "ismcts,hard", "--card-play", "--boards", "1",
                 "--deals", "1", "--ismcts-iterations", "10", "--hard-work", "300",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "card play only" in out and "hard - ismcts:" in out and "tricks/deal" in out
