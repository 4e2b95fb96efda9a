"""The command line: ``python -m manni replay|bench|tournament``."""

from __future__ import annotations

import argparse
import json
import sys

from . import record
from .inputs import MAX_RECORD_BYTES


def _replay(args) -> int:
    try:
        with open(args.file, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 4)  # never more than the limit (+ a BOM)
    except OSError as e:
        return _fail(args, f"cannot read {args.file}: {e.strerror or e}", None)
    if len(data) > MAX_RECORD_BYTES + 3:
        return _fail(args, f"too large: more than {MAX_RECORD_BYTES:,} bytes", None)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return _fail(args, f"cannot read {args.file}: not UTF-8 text", None)
    try:
        match = record.loads(text)
    except record.ReplayError as e:
        return _fail(args, str(e), e.action)
    result = record.summary(match)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{match.rules.name}, options {match.options}, seed {match.seed}")
    for i, d in enumerate(result["deals"], 1):
        line = f"deal {i}: dealer {d['dealer']}, {d['contract']}"
        if d.get("declarer") is not None:
            line += f" declared by {d['declarer']}"
        if "manni_taken_by" in d:
            taker = d["manni_taken_by"]
            line += ", Manni kept" if taker is None else f", Manni taken by {taker}"
        elif "exchanged" in d:
            line += f", exchanged {d['exchanged']}"
        if "turned" in d:
            line += f", turned {d['turned']} (bonus {d['bonus']}), points {d['points']}"
            if d["answers"]:
                line += f", answers {d['answers']}"
            if not d["played"]:
                line += ", not played (the bonus won the manche)"
        line += f", tricks {d['tricks']}"
        line += f", score {d['score']}" if d["complete"] else " (in progress)"
        print(line)
    if "manches" in result:
        for i, m in enumerate(result["manches"], 1):
            print(f"manche {i}: won by side {m['winner']}, {m['score']}")
        print(f"manche under way {result['manche_score']}  manches won {result['manches_won']}")
    else:
        print(f"totals {result['totals']}  plus {result['plus']}  minus {result['minus']}")
    if result["finished"]:
        print("winner(s): " + ", ".join(f"seat {s}" for s in result["winners"]))
    return 0


def _fail(args, message: str, action) -> int:
    if args.json:
        print(json.dumps({"error": message, "action": action}))
    else:
        where = "" if action is None else f" (action {action})"
        print(f"invalid record{where}: {message}", file=sys.stderr)
    return 2


def _bench(args) -> int:
    from .bench import run
    rows = run(args.deals, args.repeats)
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"random legal deals, median of {args.repeats} runs of {args.deals} deals")
    print("checked API: shuffle, exchange, legal_actions() + apply() with undo records")
    print("search path: copy() of a dealt deal, then 12 tricks of legal_cards() + play()")
    print(f"{'rules':14} {'checked API':>14} {'search path':>14}")
    for r in rows:
        print(f"{r['rules']:14} {r['checked_deals_per_s']:>10} /s {r['search_deals_per_s']:>10} /s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m manni")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and print the result")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_replay)
    p = sub.add_parser("bench", help="engine speed: random legal deals per second")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_bench)
    from .bots.cli import add_commands as add_bot_commands  # tournament, bench-bots
    add_bot_commands(sub)
    args = parser.parse_args(argv)
    return args.func(args)
