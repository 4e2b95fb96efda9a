"""The page's runtime — Pyodide with the stdlib trimmed by scripts/vendor.py — plays whole
matches of every rule set (and option) between bots, round-trips their records, and
plays a deal of each with the Hard bot.

run_in_pyodide runs the vendored runtime (static/vendor/pyodide, as the page does).
"""
from pathlib import Path

from pyodide_helper import run_in_pyodide

ROOT = Path(__file__).resolve().parents[2]

MATCHES = r'''
import importlib.util, json
from manni.bots import make_bot
from manni.match import Match
from manni.record import dumps, loads
from manni.rules import RULE_SETS
from manni.text import Translator

# This is the trimmed runtime: modules only the command line needs are not there.
assert importlib.util.find_spec("argparse") is None
assert importlib.util.find_spec("email") is None

def play(match, bots, whole=True):
    while match.phase != "match-over":
        if match.phase == "deal-over":
            if match.finished or not whole:
                break
            match.start_next_deal()
            continue
        seat = match.turn
        match.apply(bots[seat].choose(match.view(seat)), seat)


games = []  # every rule set, plain and with each of its on/off options turned on
for name, rules in sorted(RULE_SETS.items()):
    games.append((name, {}))
    games += [(name, {opt: True}) for opt, spec in rules.options.items() if spec.kind is bool]
out = {}
for i, (name, options) in enumerate(games):
    spec = RULE_SETS[name].options.get("target")  # the shortest match each allows
    short = {"target": spec.low if spec.low is not None else min(spec.values)} if spec else {}
    match = Match(name, {**short, **options}, seed=40 + i)
    seats = RULE_SETS[name].seats
    play(match, [make_bot(("easy", "medium")[s % 2], seed=s) for s in range(seats)])
    assert match.finished and match.winners
    again = loads(dumps(match))
    assert again.totals == match.totals and len(again.deals) == len(match.deals)
    # and one deal with the Hard bot at the table (its search, in this runtime)
    hard = Match(name, {**short, **options}, seed=90 + i)
    play(hard, [make_bot("hard", seed=s, worlds=2) if s == 2
                else make_bot(("easy", "medium")[s % 2], seed=s) for s in range(seats)],
         whole=False)
    assert hard.phase in ("deal-over", "match-over")
    out[" ".join([name, *options])] = len(match.deals)
Translator("en")
print(json.dumps(out))
'''


def test_whole_matches_of_every_rule_set_in_the_trimmed_runtime():
    assert (ROOT / "static/vendor/pyodide/python_stdlib_full.zip").is_file(), \
        "run scripts/vendor.py: the trimmed runtime is not vendored"
    import json

    from manni.rules import RULE_SETS

    played = json.loads(run_in_pyodide(MATCHES, timeout=600).strip().splitlines()[-1])
    assert {game.split()[0] for game in played} == set(RULE_SETS)
    assert "classic minus_points" in played
    assert all(n >= 1 for n in played.values())
