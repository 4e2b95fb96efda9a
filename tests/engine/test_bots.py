"""Bots: legal actions only, no access to hidden cards, each level beats random play."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from manni import Match
from manni.actions import Discard, Keep, Play, Take
from manni.bots import LEVELS, Bot, hint, make_bot
from manni.bots.knowledge import Knowledge
from manni.bots.tournament import arrangements, play_board, summarize
from manni.cards import SUIT_MASKS, cards_of
from manni.match import Layout

from engine_support import after_exchange, bots_choose, deals_over, drive, run_counting_slices

RULES = [("classic", {}), ("classic", {"minus_points": True}), ("hornafjordur", {})]
FAST_HARD = {"work": 400, "budget_ms": None, "exchange_worlds": 4}


def _bot(level, seed):
    kw = (FAST_HARD if level in ("hard", "expert") else {"exchange_worlds": 4}
          if level == "medium" else {"iterations": 30, "exchange_worlds": 4}
          if level == "ismcts" else {})
    return make_bot(level, seed=seed, **kw)


def _drive(match, bots, max_deals, contracts=None):
    """Play ``match`` with ``bots`` by seat; also check each action's kind against the view."""
    def check(match, seat, action, when):
        if when == "after":
            return
        view = match.view(seat)
        if view.phase == "exchange":
            if view.exchange_kind == "swap":
                assert isinstance(action, (Take, Keep))
            else:
                assert isinstance(action, Discard) and len(action.cards) <= view.discard_limit
        else:
            assert isinstance(action, Play) and view.legal >> action.card & 1
        if contracts is not None:
            contracts.add(view.contract.kind)
    drive(match, bots_choose(bots), deals_over(max_deals), check)


def test_api_shape():
    assert LEVELS == ("easy", "medium", "hard", "expert")
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Bot)
        assert bot.level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("level,deals",
                         [("easy", 1500), ("medium", 600), ("hard", 60), ("expert", 15)])
@pytest.mark.parametrize("rules,options", RULES)
def test_bots_only_play_legal_actions(level, deals, rules, options):
    """Thousands of seeded deals (3 per match), every rule set; Horn covers all contracts."""
    contracts = set()
    for seed in range(deals // 3):
        m = Match(rules, options, seed=seed)
        _drive(m, [_bot(level, seed * 3 + s) for s in range(3)], 3, contracts)
    if rules == "hornafjordur":
        assert contracts == {"trump", "grand", "nolo"}


def test_mixed_table_legal_to_match_end():
    for seed in range(4):
        for rules, options in RULES:
            m = Match(rules, {**options, "target": 5}, seed=seed)
            _drive(m, [_bot(lvl, seed) for lvl in ("easy", "medium", "hard")], 40)
            assert m.finished


def _run_steps(bot, view):
    return run_counting_slices(bot.steps(view))


def test_steps_generator_returns_the_same_action_as_choose():
    for rules in ("classic", "hornafjordur"):
        m = Match(rules, seed=3)
        for level in LEVELS:
            view = m.view(m.turn)
            a, _ = _run_steps(_bot(level, 5), view)
            assert a == _bot(level, 5).choose(view)
            m.check(a, m.turn)


def test_hard_time_budget_yields_slices():
    m = Match("classic", seed=8)
    _drive(m, [_bot("easy", s) for s in range(3)], 1)  # warm: play deal 1 out
    m = Match("classic", seed=8)
    while m.phase == "exchange":
        m.apply(_bot("easy", 0).choose(m.view(m.turn)), m.turn)
    # More work than 120 ms allows: the time cap ends it, in ~10 ms slices.
    bot = make_bot("hard", seed=1, budget_ms=120, work=10**7)
    action, slices = _run_steps(bot, m.view(m.turn))
    m.check(action, m.turn)
    assert slices >= 2
    assert bot.last_stats["rollouts"] < 10**7 // 36


def test_hint_gives_a_legal_action_and_reasons():
    m = Match("hornafjordur", seed=11)
    while m.phase == "exchange":
        m.apply(_bot("medium", 0).choose(m.view(m.turn)), m.turn)
    action, reasons = hint(m.view(m.turn), budget_ms=60)
    m.check(action, m.turn)
    assert reasons and all(isinstance(r, str) for r in reasons)


# -- hidden information ---------------------------------------------------------------------

def test_bots_package_never_touches_match_or_deal():
    """Decision code imports neither Match nor Deal (the tournament and CLI drive matches)."""
    root = Path(__file__).resolve().parents[2] / "manni" / "bots"
    for path in root.glob("*.py"):
        if path.name in ("tournament.py", "cli.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                assert not mod.endswith(("match", "deal", "record")), (path.name, mod)


# policy -> knowledge -> search -> levels -> package -> tools: each imports only below it.
LAYERS = {"base": 0, "baselines": 0, "policy": 0, "partners": 0.5, "knowledge": 1, "endgame": 1, "likely": 1.5, "search": 2,
          "declaring": 2.5, "easy": 3, "medium": 3, "hard": 3, "ismcts": 3.5, "expert": 3.7, "__init__": 4,
          "tournament": 5, "cli": 6}


def test_bots_are_layered_without_cycles():
    root = Path(__file__).resolve().parents[2] / "manni" / "bots"
    assert {p.stem for p in root.glob("*.py")} == set(LAYERS)
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                target = node.module or "__init__"
                assert LAYERS[target] < LAYERS[path.stem], (path.stem, "imports", target)
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert node.module != "ui" and not (node.module or "").startswith("ui."), path


def _swap_hidden(m: Match, seat: int, rng) -> Layout:
    """The first deal's layout with the cards ``seat`` cannot see reshuffled within each suit
    among the other hands and the Manni (so every void and every play stays consistent)."""
    d0 = m.deals[0]
    lay = m.layouts[0] if m.layouts else None
    hands0 = list(lay.hands) if lay else None
    from manni.rng import Rng
    if hands0 is None:
        pack = cards_of(m.rules.deck)
        Rng.derived(m.seed, 0).shuffle(pack)
        cut = m.rules.cut_card(pack)
        hands0, manni0 = m.rules.deal_pack(pack, d0.dealer)
    else:
        manni0, cut = list(lay.manni), lay.cut
    # Fixed: what the seat has seen, every card played, and discards (they are actions).
    fixed = d0.played | d0.hands[seat] | d0.out[seat]
    if m.rules.exchange.kind == "draw":
        fixed |= d0.out[0] | d0.out[1] | d0.out[2]
    if cut is not None:
        fixed |= 1 << cut
    holders = [(s, hands0[s]) for s in range(3) if s != seat]
    slots = []  # (holder, card) for hidden cards; ("m", index, card) for the Manni
    for s, h in holders:
        for c in cards_of(h & ~fixed):
            slots.append((s, c))
    for i, c in enumerate(manni0):
        if not fixed >> c & 1:
            slots.append(("m", i, c))
    by_suit: dict[int, list] = {}
    for slot in slots:
        by_suit.setdefault(slot[-1] // 13, []).append(slot)
    new_hands = list(hands0)
    new_manni = list(manni0)
    for suit, group in by_suit.items():
        cards = [g[-1] for g in group]
        rng.shuffle(cards)
        for g, c in zip(group, cards):
            if g[0] == "m":
                new_manni[g[1]] = c
            else:
                new_hands[g[0]] = new_hands[g[0]] & ~(1 << g[-1])
        for g, c in zip(group, cards):
            if g[0] != "m":
                new_hands[g[0]] |= 1 << c
    return Layout(tuple(new_hands), tuple(new_manni), cut)


@pytest.mark.parametrize("rules", ["classic", "hornafjordur"])
def test_decisions_do_not_depend_on_hidden_cards(rules):
    """Two matches differing only in cards a seat cannot see give it the same view, and every
    level makes the same decision from it with the same seed."""
    import random
    rng = random.Random(7)
    checked = changed = 0
    for seed in range(12):
        m = Match(rules, seed=seed, first_dealer=0)
        bots = [_bot("medium", seed + s) for s in range(3)]
        stop_at = rng.randrange(0, 30)
        while m.deal.phase != "over" and len(m.actions) < stop_at:
            m.apply(bots[m.turn].choose(m.view(m.turn)), m.turn)
        if m.deal.phase == "over":
            continue
        seat = m.turn
        other = Match(rules, seed=seed, first_dealer=0, layouts=[_swap_hidden(m, seat, rng)])
        for a in m.actions:
            other.apply(a)
        changed += other.deal.hands != m.deal.hands or other.deal.manni != m.deal.manni
        va, vb = m.view(seat), other.view(seat)
        assert va == vb
        for level in (*LEVELS, "ismcts"):
            assert _bot(level, 99).choose(va) == _bot(level, 99).choose(vb)
        checked += 1
    assert checked >= 8 and changed >= checked - 2


@pytest.mark.parametrize("read_discards", [False, True])
def test_sampled_worlds_respect_voids_and_sizes(read_discards):
    import random
    rng = random.Random(3)
    for seed in range(30):
        m = Match("hornafjordur", seed=seed)
        bots = [_bot("easy", s) for s in range(3)]
        for _ in range(rng.randrange(3, 30)):
            if m.deal.phase != "play" and m.deal.phase != "exchange":
                break
            m.apply(bots[m.turn].choose(m.view(m.turn)), m.turn)
        if m.deal.phase != "play":
            continue
        seat = m.turn
        k = Knowledge(m.view(seat), read_discards)
        for _ in range(20):
            hands = k.sample(rng)
            assert hands[seat] == m.deal.hands[seat]
            for o in k.opps:
                assert hands[o].bit_count() == m.deal.hands[o].bit_count()
                assert not hands[o] & ~k.unseen
                for s in range(4):
                    if k.voids[o] >> s & 1:
                        assert not hands[o] & SUIT_MASKS[s]
                        assert not m.deal.hands[o] & SUIT_MASKS[s]  # voids are true


def test_worlds_put_the_opponents_discards_among_the_cards_players_throw():
    import random
    from manni.bots.policy import contract_info, throwable
    rng = random.Random(5)
    tested = 0
    for seed in range(12):
        m = after_exchange("hornafjordur", seed)
        view = m.view(m.turn)
        k_out = sum(view.exchanged[o] for o in range(3) if o != view.seat)
        if not k_out:
            continue
        info = contract_info(view.contract)
        fair, read = Knowledge(view), Knowledge(view, read_discards=True)
        a, b = read.opps

        def out_throwable(k, hands):
            out = k.unseen & ~hands[a] & ~hands[b]
            return sum(throwable(c, info) for c in range(52) if out >> c & 1)
        fewest = min(out_throwable(read, read.sample(rng)) for _ in range(50))
        assert fewest >= min(k_out, sum(throwable(c, info) for c in range(52)
                                        if read.unseen >> c & 1))
        # Worlds without the inference often leave fewer such cards out.
        assert min(out_throwable(fair, fair.sample(rng)) for _ in range(50)) < fewest
        tested += 1
    assert tested >= 6


def test_worlds_are_unchanged_without_discards_to_read():
    import random
    for rules in ("classic", "hornafjordur"):
        for seed in range(6):
            m = after_exchange(rules, seed)
            view = m.view(m.turn)
            discarded = any(view.exchanged[o] for o in range(3) if o != view.seat)
            if rules == "hornafjordur" and discarded:
                continue
            r1, r2 = random.Random(seed), random.Random(seed)
            fair, read = Knowledge(view), Knowledge(view, read_discards=True)
            assert [fair.sample(r1) for _ in range(10)] == [read.sample(r2) for _ in range(10)]


# -- strength -------------------------------------------------------------------------------

def test_arrangements():
    assert len(arrangements(("easy", "medium", "hard"))) == 6
    two = arrangements(("a", "b"))
    assert len(two) == 6 and sorted(x.count("a") for x in two) == [1, 1, 1, 2, 2, 2]


@pytest.mark.parametrize("level,boards", [("easy", 30), ("medium", 16), ("hard", 8)])
@pytest.mark.parametrize("rules", ["classic", "hornafjordur"])
def test_each_level_beats_random_play(level, boards, rules):
    """A small seeded duplicate match against random play: the paired difference per deal is
    large and its 95% CI is clear of 0."""
    config = {"hard": {"work": 2000, "budget_ms": None, "exchange_worlds": 8}}
    results = [play_board(rules, {}, 1000 + i, ("random", level), 2, config) for i in range(boards)]
    (pair,) = summarize(results, ["random", level])["paired"]
    assert pair["a"] == level
    assert pair["low"] > 0.25, pair


def test_tournament_counts_match_wins_per_seat_held():
    """Whole matches: every finished match has one winner, credited to the level in its seat;
    the summary's win shares are per seat held, so over both levels they add up to 2/3 (six
    matches, nine seats each). Boards whose matches did not all end count no wins."""
    results = [play_board("classic", {"target": 5}, 40 + i, ("easy", "medium"), 40, {})
               for i in range(3)]
    for r in results:
        assert {lvl: r["wins"][lvl][1] for lvl in ("easy", "medium")} == {"easy": 9, "medium": 9}
        assert r["wins"]["easy"][0] + r["wins"]["medium"][0] == 6
    out = summarize(results, ["easy", "medium"])
    assert out["finished_boards"] == 3
    shares = [out["levels"][lvl]["wins"] for lvl in ("easy", "medium")]
    assert sum(shares) == pytest.approx(2 / 3)
    (pair,) = out["paired"]
    assert pair["wins_diff"] == pytest.approx(shares[1] - shares[0])
    short = [play_board("classic", {}, 40, ("easy", "medium"), 1, {})]
    out = summarize(short, ["easy", "medium"])
    assert out["finished_boards"] == 0 and "wins" not in out["levels"]["easy"]


_WHOLE_DEALS = r'''
from manni import Match
from manni.bots import make_bot
actions = []
for rules in ("classic", "hornafjordur", "trjamann"):
    m = Match(rules, seed=3)
    fixed = {"work": 3000, "budget_ms": None}
    bots = [make_bot(level, seed=s, **(fixed if level == "hard" else {}))
            for s, level in enumerate(("easy", "medium", "hard"))]
    while m.phase in ("exchange", "play"):
        s = m.turn
        action = bots[s].choose(m.view(s))
        actions.append(repr(action))
        m.apply(action, s)
print("\n".join(actions))
'''


def test_bots_decide_the_same_in_pyodide(pyodide):
    """In the real browser runtime every level takes exactly CPython's decisions: a whole
    deal per rule set with Easy, Medium and Hard (a fixed work) at the table. (Decision times:
    ``python -m manni bench-bots``, ``scripts/bench/bench_bots_browser.py``; no test times them.)"""
    import subprocess
    import sys
    here = subprocess.run([sys.executable, "-c", _WHOLE_DEALS], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=300, check=True).stdout
    assert here.count("Play(") == 3 * 12 + 3 * 12 + 3 * 16
    assert pyodide(_WHOLE_DEALS) == here


def test_worlds_put_the_cut_card_with_the_dealer():
    """The Hornafjarðarmanni cut card is shown to all and dealt to the dealer: while the dealer
    has not discarded, every sampled world gives it to the dealer."""
    import random
    rng = random.Random(5)
    for seed in range(15):
        m = Match("hornafjordur", seed=seed)
        dealer, cut = m.deal.dealer, m.deal.cut
        while m.phase == "exchange":
            seat = m.turn
            m.apply(Discard(()) if seat == dealer else _bot("easy", seat).choose(m.view(seat)), seat)
        for seat in range(3):
            if seat == dealer:
                continue
            k = Knowledge(m.view(seat))
            for _ in range(10):
                assert k.sample(rng)[dealer] >> cut & 1


DECLARED = [("trjamann", {}), ("trjamann", {"exchange": "draw"}), ("laugavatn", {}),
            ("laugavatn", {"overcalls": False, "exchange": "draw"})]


def _drive_declared(match, bots, max_deals, seen):
    """As _drive, for the declared family: every call is one the view offered, every
    discard has a legal size; ``seen`` collects (stage, kind of action, a pass?)."""
    def check(match, seat, action, when):
        if when == "after":
            return
        view = match.view(seat)
        if view.phase == "exchange":
            if view.discard_limit is None:
                assert action in view.choices
            else:
                assert isinstance(action, Discard) and len(action.cards) <= view.discard_limit
                assert view.stage != "lay_away" or len(action.cards) == view.discard_limit
            seen.add((view.stage, type(action).__name__, getattr(action, "contract", 0) is None))
        else:
            assert isinstance(action, Play) and view.legal >> action.card & 1
    drive(match, bots_choose(bots), deals_over(max_deals), check)


@pytest.mark.parametrize("level,deals", [("random", 300), ("easy", 450), ("medium", 120),
                                         ("hard", 15)])
@pytest.mark.parametrize("rules,options", DECLARED)
def test_bots_play_the_declared_family_legally(level, deals, rules, options):
    """Seeded 16-card deals, thousands over the levels and rule sets (whole matches of 12
    or 18 deals, then a part of one): declarations and overcalls the view offered, a pickup
    with exactly 4 laid away, a draw of up to 4, legal cards."""
    seen = set()
    played = 0
    seed = 0
    while played < deals:
        m = Match(rules, options, seed=seed)
        _drive_declared(m, [_bot(level, seed * 3 + s) for s in range(3)], deals - played, seen)
        played += len(m.deals)
        seed += 1
    stages = {stage for stage, _, _ in seen}
    overcalls = rules == "laugavatn" and options.get("overcalls", True)
    if options.get("exchange") == "draw":
        assert stages == {"declare", "draw"} | ({"overcall"} if overcalls else set())
    else:
        assert {"declare", "pickup", "lay_away"} <= stages
        assert ("overcall" in stages) == overcalls
    if overcalls and level != "easy":  # Easy never overcalls; the others do
        assert ("overcall", "Overcall", False) in seen


def test_declaring_bots_tick_every_list_to_the_match_end():
    for rules, options in DECLARED:
        m = Match(rules, options, seed=5)
        _drive_declared(m, [_bot(lvl, 5) for lvl in ("easy", "medium", "hard")], 99, set())
        assert m.finished and len(m.deals) == 3 * len(m.rules.ENTRIES)
