"""The declared contracts' baselines: the shipped table is what the code computes."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from manni import Match
from manni.bots import declaring, make_bot
from manni.bots.baselines import BASELINES

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("baselines_script", ROOT / "scripts" / "baselines.py")
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def test_the_shipped_baselines_are_the_computed_ones_for_every_contract():
    """Every contract of every declared rule set, both exchanges, both kinds of estimate; a
    mismatch means the policy or a rule set changed: `python3 scripts/baselines.py`."""
    computed = script.table()
    assert len(computed) == 44  # (5 contracts in Trjámann, 6 in Laugavatnsmanni) × 2 exchanges × 2 kinds
    assert BASELINES == computed


def test_a_first_declaration_plays_no_baseline_deal(monkeypatch):
    """Hard's first declaration of a session reads the table; it computes nothing."""
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
