"""The declared contracts' bots: the shipped baselines are what the code computes; the cap."""
from __future__ import annotations

import random
import time

import baselines as script

from manni import Match
from manni.bots import declaring, finish, make_bot
from manni.bots.baselines import BASELINES


def test_the_shipped_baselines_are_the_computed_ones_for_every_contract():
    """Every contract of every declared rule set, both exchanges, both kinds of estimate; a
    mismatch means the policy or a rule set changed: `python3 scripts/baselines.py`."""
    computed = script.table()
    # (5 contracts in Trjámann, 6 in Laugavatnsmanni) × 2 exchanges × 2 kinds
    assert len(computed) == 44
    assert BASELINES == computed


def test_a_first_declaration_plays_no_baseline_deal(monkeypatch):
    """Hard's first declaration of a page visit reads the table; it computes nothing."""
    monkeypatch.setattr(declaring, "_BASELINES", dict(BASELINES))

    def computed(*args):
        raise AssertionError(f"baseline computed for {args[2:]}")
        yield  # pragma: no cover

    monkeypatch.setattr(declaring, "compute_baseline", computed)
    for rules in ("trjamann", "laugavatn"):
        for exchange in ("pickup", "draw"):
            m = Match(rules, {"exchange": exchange}, seed=3)
            view = m.view(m.turn)
            assert view.stage == "declare"
            m.check(make_bot("hard", seed=2).choose(view), m.turn)


def _counting_worlds(monkeypatch) -> list:
    played = []
    real = declaring._play_world

    def counted(*args, **kw):
        played.append(kw.get("discards"))
        return real(*args, **kw)
    monkeypatch.setattr(declaring, "_play_world", counted)
    return played


def _decide(view, deadline):
    return finish(declaring.decide(view, "hard", random.Random(1), 24, None, deadline))


def test_a_capped_declaration_keeps_a_floor_of_worlds(monkeypatch):
    """The page's cap (a deadline) stops Hard's estimate of each contract, and of each draw,
    after MIN_WORLDS sampled worlds at the least; with time to spare it decides as uncapped."""
    played = _counting_worlds(monkeypatch)
    m = Match("trjamann", {"exchange": "draw"}, seed=5)  # a declarer who draws up to 4
    view = m.view(m.turn)
    contracts = sum(a.contract is not None for a in view.choices)
    assert view.stage == "declare" and contracts >= 2
    free = _decide(view, None)
    assert len(played) == 24 * contracts
    played.clear()
    assert _decide(view, time.perf_counter() + 1000) == free and len(played) == 24 * contracts
    played.clear()
    capped = _decide(view, 0.0)  # long past
    assert len(played) == declaring.MIN_WORLDS * contracts
    m.check(capped, m.turn)

    m.apply(free, m.turn)
    while m.view(m.turn).stage != "draw":
        m.apply(make_bot("hard", seed=4, budget_ms=None).choose(m.view(m.turn)), m.turn)
    view = m.view(m.turn)
    played.clear()
    action = _decide(view, 0.0)
    options = len(set(played))
    assert options >= 2 and len(played) == declaring.MIN_WORLDS * options
    m.check(action, m.turn)
