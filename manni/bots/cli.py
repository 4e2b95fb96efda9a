"""``python -m manni tournament`` and ``python -m manni bench-bots`` (CPython only)."""

from __future__ import annotations

import json
import os
import sys

from ..errors import ManniError
from ..rules import get_rules
from ..variants import VARIANTS
from . import LEVELS
from .expert import EXPERT_WORK
from .hard import BUDGET_MS, WORK

TOURNAMENT_ONLY = ("random", "ismcts")


def _config(args) -> dict:
    hard = {"work": args.hard_work, "budget_ms": args.hard_ms or None}
    expert = {"work": args.expert_work, "budget_ms": args.expert_ms or None}
    config: dict = {"hard": hard, "expert": expert,
                    "ismcts": {"iterations": args.ismcts_iterations}}
    if getattr(args, "card_play", False):
        config["card_play"] = True
    return config


def _split(text: str) -> list[str]:
    """Split at the commas outside parentheses: "hard(worlds=80,rivalry=0),ismcts"."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def _levels(text: str, sides: int = 3) -> list[str]:
    from .tournament import parse_level
    levels = [x.strip() for x in _split(text) if x.strip()]
    for lvl in levels:
        try:
            name = parse_level(lvl)[0]
        except (ValueError, SyntaxError) as e:
            raise SystemExit(str(e))
        if name not in LEVELS and name not in TOURNAMENT_ONLY:
            known = ', '.join(LEVELS + TOURNAMENT_ONLY)
            raise SystemExit(f"unknown level {lvl!r} (known: {known})")
    most = max(2, sides)
    if not 1 <= len(levels) <= most or len(set(levels)) != len(levels):
        if most == 2:
            raise SystemExit("give one or two different levels (one a side), e.g. medium,hard")
        raise SystemExit("give one, two or three different levels, e.g. easy,medium,hard")
    return levels


def _options(args) -> dict:
    """The rule-set options given on the command line (``--options``, a JSON object)."""
    try:
        out = json.loads(args.options)
    except ValueError as e:
        raise SystemExit(f"--options must be a JSON object: {e}")
    if not isinstance(out, dict):
        raise SystemExit("--options must be a JSON object, e.g. '{\"talk\": false}'")
    return out


def _tournament(args) -> int:
    from .tournament import run
    rules, options = VARIANTS[args.rules]
    options = {**options, **_options(args)}
    try:
        get_rules(rules).resolve_options(options)
    except ManniError as e:
        raise SystemExit(str(e))
    levels = _levels(args.levels, len(get_rules(rules).sides))

    def progress(done, total):
        if not args.json and sys.stderr.isatty():
            print(f"\r{done}/{total} boards", end="", file=sys.stderr, flush=True)
    res = run(rules, options, levels, args.boards, args.deals, args.seed, _config(args),
              jobs=args.jobs, progress=progress)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(res))
        return 0
    config = {lvl: res["config"][lvl] for lvl in levels if lvl in res["config"]}
    play = "card play only (every seat keeps its hand)" if args.card_play else "whole deals"
    print(f"{args.rules}, {play}: {args.boards} boards x {res['arrangements']} seat arrangements x "
          f"up to {args.deals} deals, seed {args.seed}, {config}, {res['seconds']} s")
    print(f"{'level':8} {'points/deal':>12} {'95% CI':>10} {'tricks/deal':>12} {'95% CI':>10}")
    for lvl, r in res["levels"].items():
        print(f"{lvl:8} {r['mean']:>12.3f} {'±':>3}{r['ci95']:.3f} "
              f"{r['tricks']:>12.3f} {'±':>3}{r['tricks_ci95']:.3f}")
    for p in res["paired"]:
        print(f"{p['a']} - {p['b']}: {p['diff']:+.3f} points/deal ± {p['ci95']:.3f} "
              f"(95% CI {p['low']:+.3f} .. {p['high']:+.3f}); tricks/deal "
              f"{p['tricks_diff']:+.3f} ± {p['tricks_ci95']:.3f}")
    if res["finished_boards"]:
        print(f"matches won per seat held ({res['finished_boards']} boards whose matches all "
              f"ended; 1/{len(get_rules(rules).sides)} is even):")
        for lvl, r in res["levels"].items():
            print(f"  {lvl:8} {r['wins']:.3f} ± {r['wins_ci95']:.3f}")
        for p in res["paired"]:
            print(f"  {p['a']} - {p['b']}: {p['wins_diff']:+.3f} ± {p['wins_ci95']:.3f}")
    return 0


def _bench_bots(args) -> int:
    from .tournament import bench
    levels = _levels(args.levels)
    every = list(dict.fromkeys(rules for rules, _ in VARIANTS.values()))
    rules = every if args.rules == "all" else [VARIANTS[args.rules][0]]
    res = bench(levels, rules, args.deals, args.seed, _config(args))
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"decision time per move over {args.deals} deal(s) of {', '.join(rules)}, "
          f"hard {_config(args)['hard']}")
    for lvl, r in res.items():
        print(f"{lvl:8} {r['decisions']:>5} decisions  p50 {r['p50_ms']:>7} ms  "
              f"p95 {r['p95_ms']:>7} ms  max {r['max_ms']:>7} ms  "
              f"longest slice between yields p95 {r['longest_slice_p95_ms']} ms, "
              f"max {r['longest_slice_max_ms']} ms")
        if "worlds_p5" in r:
            print(f"{'':8} worlds sampled per searched move: p5 {r['worlds_p5']}, "
                  f"median {r['worlds_p50']} ({r['searched_moves']} moves)")
    return 0


def add_commands(sub) -> None:
    p = sub.add_parser("tournament", help="bots against each other on duplicate deals")
    p.add_argument("--rules", choices=sorted(VARIANTS), default="classic")
    p.add_argument("--levels", default="easy,medium,hard")
    p.add_argument("--boards", type=int, default=100, help="match seeds (the unit of the CI)")
    p.add_argument("--deals", type=int, default=4, help="deals per board (fewer if the match ends)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hard-work", type=int, default=WORK,
                   help="Hard's work per move: cards played in its play-outs")
    p.add_argument("--hard-ms", type=float, default=0,
                   help="a time cap per Hard move, as in the page (0: none, repeatable runs)")
    p.add_argument("--expert-work", type=int, default=EXPERT_WORK,
                   help="Expert's work per move: cards played in its play-outs")
    p.add_argument("--expert-ms", type=float, default=0,
                   help="a time cap per Expert move, as in the page (0: none)")
    p.add_argument("--ismcts-iterations", type=int, default=1000,
                   help="the reference ISMCTS bot's iterations per move")
    p.add_argument("--options", default="{}",
                   help='rule-set options over the variant\'s, as JSON: \'{"talk": false}\'')
    p.add_argument("--card-play", action="store_true",
                   help="every seat keeps its hand (Keep, or discards nothing): card play only")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_tournament)
    p = sub.add_parser("bench-bots", help="bots' decision time per move (p50, p95, max)")
    p.add_argument("--levels", default="easy,medium,hard")
    p.add_argument("--rules", choices=[*sorted(VARIANTS), "all"], default="all")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hard-work", type=int, default=WORK)
    p.add_argument("--hard-ms", type=float, default=BUDGET_MS, help="0: no time cap")
    p.add_argument("--expert-work", type=int, default=EXPERT_WORK)
    p.add_argument("--expert-ms", type=float, default=1000, help="0: no time cap")
    p.add_argument("--ismcts-iterations", type=int, default=1000)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_bench_bots)
