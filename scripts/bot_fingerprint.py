"""Every decision of each level in a few fixed-seed deals, written to a checked-in file.

    python3 scripts/bot_fingerprint.py            # rewrites tests/engine/data/bot_decisions.json

tests/engine/test_bot_fingerprint.py plays the same deals and compares each decision with the
file, so a change of the bots' code that changes what they decide is seen (regenerate the
file only when a change of play is meant). The levels decide by their fixed work, not by time.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manni import Match  # noqa: E402
from manni.bots.tournament import make_level  # noqa: E402
from manni.states import MatchPhase  # noqa: E402
from manni.variants import VARIANTS  # noqa: E402

OUT = ROOT / "tests" / "engine" / "data" / "bot_decisions.json"
# The levels' own settings but no time cap, and a smaller work for the two searches, so the
# test stays quick; hard(worlds=8) is the plain determinized search the deal review uses.
CONFIG = {"hard": {"budget_ms": None, "work": 2500},
          "expert": {"budget_ms": None, "work": 6000},
          "ismcts": {"iterations": 150}}
CASES = [  # (variant, seed, the levels by seat)
    ("classic", 1, ("easy", "medium", "hard")),
    ("classic", 2, ("expert", "hard(worlds=8)", "ismcts")),
    ("hornafjordur", 3, ("hard", "easy", "medium")),
    ("hornafjordur", 4, ("medium", "expert", "ismcts")),
    ("trjamann", 5, ("medium", "hard", "expert")),
    ("laugavatn", 6, ("expert", "easy", "hard")),
    ("manille", 7, ("hard", "expert", "medium", "ismcts")),
    ("manille", 8, ("expert", "hard", "ismcts", "easy")),
]


def decisions(variant: str, seed: int, levels) -> list[str]:
    """The first deal of a match of ``variant``, each seat played by its level: every action
    as "seat json"."""
    rules, options = VARIANTS[variant]
    match = Match(rules, options, seed=seed)
    bots = [make_level(levels[s], seed * 101 + s, CONFIG) for s in range(len(levels))]
    out = []
    while match.phase not in (MatchPhase.DEAL_OVER, MatchPhase.MATCH_OVER) \
            and not match.deal_scores:
        seat = match.turn
        action = bots[seat].choose(match.view(seat))
        out.append(f"{seat} {json.dumps(action.to_json(), sort_keys=True)}")
        match.apply(action, seat)
    return out


def key(variant: str, seed: int, levels) -> str:
    return f"{variant} {seed} {','.join(levels)}"


def main() -> int:
    data = {key(*case): decisions(*case) for case in CASES}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {sum(map(len, data.values()))} decisions in "
          f"{len(data)} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
