"""Fixed-seed tournaments whose results must not change when the bots' code is reorganised.

    python3 scripts/tournament_identity.py --root DIR --out before.json   # at one commit
    python3 scripts/tournament_identity.py --out after.json                # at another
    python3 scripts/tournament_identity.py --compare before.json after.json

Runs ``python -m manni tournament --json`` in ``--root`` (a checkout; default this one) for a
few rule sets and levels, drops the timing fields and writes the results; ``--compare`` says
whether two such files are identical (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNS = [
    ("classic", "easy,medium,hard", ["--boards", "3", "--deals", "2"]),
    ("classic", "hard,expert,ismcts", ["--boards", "1", "--deals", "2",
                                       "--ismcts-iterations", "200"]),
    ("hornafjordur", "medium,hard,expert", ["--boards", "2", "--deals", "2"]),
    ("hornafjordur", "hard,hard(worlds=12)", ["--boards", "1", "--deals", "2"]),
    ("trjamann", "easy,hard,expert", ["--boards", "1", "--deals", "3"]),
    ("laugavatn", "medium,hard", ["--boards", "1", "--deals", "3"]),
]
TIMING = {"seconds"}


def _strip(value):
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def run(root: Path) -> list:
    out = []
    for rules, levels, extra in RUNS:
        cmd = [sys.executable, "-m", "manni", "tournament", "--rules", rules, "--levels", levels,
               "--seed", "7", "--jobs", "1", "--json", *extra]
        res = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True)
        out.append({"command": cmd[1:], "result": _strip(json.loads(res.stdout))})
        print(f"{rules} {levels}: done", file=sys.stderr)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = ap.parse_args(argv)
    if args.compare:
        a, b = (p.read_bytes() for p in args.compare)
        print("identical" if a == b else "DIFFERENT")
        return 0 if a == b else 1
    text = json.dumps(run(args.root), indent=1, sort_keys=True) + "\n"
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
