"""Determinism: a match is fully determined by (rule set, options, seed, actions).

- The deals follow the algorithm written down in docs/record-format.md (re-implemented here
  from the text, without the engine's rng module).
- The same seeds give the same deals, and the same records replay to the same results,
  under CPython and under real Pyodide (run under Node; this FAILS if Pyodide is missing).
"""
from __future__ import annotations

import json
import random
import subprocess
import sys

from manni import Match, card_code
from manni.cards import cards_of
from manni.record import match_to_record
from pyodide_helper import run_in_pyodide

from engine_support import ROOT, play_random

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


# -- the documented algorithm, from the text ------------------------------------------------

def _finalize(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def _mix(z: int) -> int:
    return _finalize((z + GOLDEN) & M64)


class _SplitMix:
    def __init__(self, seed: int, stream: int) -> None:
        self.state = _mix(_mix(seed & M64) ^ stream)

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & M64
        return _finalize(self.state)

    def below(self, n: int) -> int:
        limit = M64 - (1 << 64) % n
        while True:
            x = self.next()
            if x <= limit:
                return x % n


def _documented_deal(rules: str, seed: int, index: int, dealer: int):
    deck = [s * 13 + r for s in range(4) for r in range(13) if rules != "classic" or r != 0]
    rng = _SplitMix(seed, index)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    pack = deck  # pack[0] is the top card
    hands = [[], [], []]
    order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    if rules == "classic":
        for rnd in range(3):
            for k, seat in enumerate(order):
                start = rnd * 12 + k * 4
                hands[seat] += pack[start:start + 4]
        return hands, pack[36:], None
    pile = []
    pos = 0
    for _ in range(4):
        pile += pack[pos:pos + 4]
        pos += 4
        for seat in order:
            hands[seat] += pack[pos:pos + 3]
            pos += 3
    return hands, pile[::-1], pack[-1]


SEEDS = [0, 1, 2, 7, 12345, 2**32 + 17, 2**63 + 5, 2**64 - 1]


def test_deals_follow_the_documented_algorithm():
    for rules in ("classic", "hornafjordur"):
        for seed in SEEDS:
            m = Match(rules, seed=seed)
            assert m.first_dealer == _SplitMix(seed, 0xDEA1E5).below(3)
            for index in range(5):
                deal = m.dealt(index)
                assert deal.dealer == (m.first_dealer + index) % 3
                hands, manni, cut = _documented_deal(rules, seed, index, deal.dealer)
                assert [sorted(h) for h in hands] == [cards_of(h) for h in deal.hands]
                assert list(deal.manni) == manni
                assert deal.cut == cut
                if cut is not None:
                    assert deal.hands[deal.dealer] >> cut & 1


def test_seeds_only_use_their_low_64_bits_and_differ_otherwise():
    a, b = Match("classic", seed=5), Match("classic", seed=5 + 2**64)
    assert a.deal.hands == b.deal.hands and a.first_dealer == b.first_dealer
    layouts = {tuple(Match("hornafjordur", seed=s).deal.hands) for s in range(50)}
    assert len(layouts) == 50


# -- CPython vs Pyodide ---------------------------------------------------------------------

_PROBE = r'''
import json, sys
from manni import Match, card_code, cards_of
from manni.rng import Rng
from manni.record import dumps, loads, summary

SEEDS = __SEEDS__
RECORDS = json.loads(__RECORDS__)
out = {"rng": {}, "layouts": [], "replays": []}
for seed in SEEDS:
    r = Rng.derived(seed, 3)
    out["rng"][str(seed)] = [r.next64() for _ in range(4)] + [r.below(n) for n in (2, 3, 47, 52)]
for rules in ("classic", "hornafjordur"):
    for seed in SEEDS:
        m = Match(rules, seed=seed)
        deals = []
        for i in range(6):
            d = m.dealt(i)
            deals.append({"dealer": d.dealer, "contract": d.contract.name,
                          "cut": None if d.cut is None else card_code(d.cut),
                          "hands": [[card_code(c) for c in cards_of(h)] for h in d.hands],
                          "manni": [card_code(c) for c in d.manni]})
        out["layouts"].append({"rules": rules, "seed": seed, "first_dealer": m.first_dealer,
                               "deals": deals})
for rec in RECORDS:
    match = loads(json.dumps(rec))
    out["replays"].append({"summary": summary(match), "record": json.loads(dumps(match))})
print(json.dumps(out, sort_keys=True))
'''


def _recorded_matches() -> list[dict]:
    records = []
    for i, (rules, options) in enumerate([("classic", {"target": 6}),
                                          ("classic", {"target": 6, "minus_points": True}),
                                          ("hornafjordur", {"target": 8})]):
        m = Match(rules, options, seed=1000 + i)
        play_random(m, random.Random(i), max_deals=60)
        records.append(match_to_record(m))
    # ... and one stopping mid-deal.
    m = Match("hornafjordur", seed=77)
    play_random(m, random.Random(77), max_deals=1)
    m.apply(m.legal_actions()[0])
    records.append(match_to_record(m))
    return records


def test_same_deals_and_replays_in_cpython_and_pyodide():
    records = _recorded_matches()
    code = (_PROBE.replace("__SEEDS__", repr(SEEDS))
            .replace("__RECORDS__", repr(json.dumps(records))))
    cpython = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=ROOT, timeout=120, check=True).stdout
    pyodide = run_in_pyodide("import sys\nprint(sys.platform)\n" + code)
    platform, _, pyodide = pyodide.partition("\n")
    assert platform == "emscripten"  # it really ran in Pyodide
    expected = json.loads(cpython)
    got = json.loads(pyodide)
    assert len(expected["layouts"]) == 2 * len(SEEDS)
    assert len(expected["replays"]) == len(records)
    assert expected["replays"][0]["summary"]["finished"] is True
    assert expected["replays"][-1]["summary"]["deals"][-1]["complete"] is False
    assert [r["record"] for r in expected["replays"]] == records
    for key in ("rng", "layouts", "replays"):
        assert got[key] == expected[key], f"{key} differ between CPython and Pyodide"
    assert pyodide.strip() == cpython.strip()
    # And the in-process engine agrees with both.
    first = Match("classic", seed=SEEDS[0])
    assert got["layouts"][0]["deals"][0]["hands"] == [[card_code(c) for c in cards_of(h)]
                                                      for h in first.deal.hands]
