#!/usr/bin/env python3
"""Write manni/bots/baselines.py: every declared contract's baseline, computed afresh.

Run it after a change to the Medium policy, the play-out or a declared rule set
(tests/engine/test_declared_bots.py fails until the table matches the code again):
    python3 scripts/baselines.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manni.bots.base import finish  # noqa: E402
from manni.bots.declaring import baseline_key, compute_baseline  # noqa: E402
from manni.rules import RULE_SETS  # noqa: E402
from manni.rules.declared import DeclaredRuleSet  # noqa: E402

OUT = ROOT / "manni" / "bots" / "baselines.py"
HEAD = '''"""The declared contracts' baselines (``declaring.baseline``): a contract's mean deal score
for a random hand, by rule set, whether the exchange picks the Manni up, contract and kind of
estimate. Computed from a fixed seed and shipped, so that the first declaration of a page visit
need not play hundreds of deals out first (seconds on a slow phone). Written by
``python3 scripts/baselines.py``; ``tests/engine/test_declared_bots.py`` recomputes every
value."""

BASELINES: dict[tuple[str, bool, str, str], float] = {
'''


def keys():
    """Every (rules, options, contract, kind) a declaring bot can ask for."""
    for name, rules in sorted(RULE_SETS.items()):
        if not issubclass(rules, DeclaredRuleSet):
            continue
        contracts = sorted({c for names in rules.ENTRIES.values() for c in names})
        for exchange in rules.options["exchange"].choices:
            for contract in contracts:
                for kind in ("quick", "rollout"):
                    yield rules, {"exchange": exchange}, contract, kind


def table() -> dict:
    return {baseline_key(*k): finish(compute_baseline(*k)) for k in keys()}


def main() -> None:
    lines = [f"    {key!r}: {value!r},\n" for key, value in sorted(table().items())]
    OUT.write_text(HEAD + "".join(lines) + "}\n", encoding="utf-8")
    print(f"wrote {len(lines)} baselines to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
