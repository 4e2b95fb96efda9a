"""A new rule set is one new module in the rules package path; nothing else changes.

The toy below is Trjámann-shaped (RULES.md §3): 52 cards, 16 per hand, a Manni of 4. What
the engine's hooks support is used as it is: the dealer's left declares the contract (an
action of the module's own, with its own record key), then may draw up to 4 from the
Manni; the declarer is scored from 8 tricks, the others from 4.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

import pytest

import manni.rules
from manni import IllegalAction, Match, get_rules
from manni.actions import ACTION_READERS, Discard
from manni.cards import cards_of
from manni.record import dumps, loads, match_to_record, summary

from engine_support import ROOT, bots_choose, deals_over, drive, play_random, snapshot

TOY = textwrap.dedent('''
    """Toy Trjámann: a test-only rule set living in its own module."""
    from dataclasses import dataclass

    from manni.actions import register_action
    from manni.cards import FULL_DECK
    from manni.errors import IllegalAction, RecordError
    from manni.exchange import DrawExchange
    from manni.rules.base import CONTRACTS, Contract, OptionSpec, RuleSet


    @dataclass(frozen=True)
    class Declare:
        contract: str

        def to_json(self):
            return {"toy_declare": self.contract}


    def read_declare(value):
        if value not in CONTRACTS:
            raise RecordError(f"unknown contract {value!r}")
        return Declare(value)


    register_action("toy_declare", read_declare)


    @dataclass(frozen=True)
    class Declared(Contract):
        declarer: int = 0


    class DeclareThenDraw(DrawExchange):
        """The dealer's left declares, then may draw up to 4; the others none."""

        kind = "declare-draw"

        def __init__(self):
            super().__init__((0, 4, 0, 0))

        @staticmethod
        def order(dealer):
            left = (dealer + 1) % 3
            return (left, left, (dealer + 2) % 3, dealer)

        def limit(self, deal):
            return None if deal.ex_pos == 0 else super().limit(deal)

        def legal(self, deal, seat):
            if deal.ex_pos == 0:
                return [Declare(name) for name in CONTRACTS]
            return super().legal(deal, seat)

        def check(self, deal, seat, action):
            if deal.ex_pos == 0:
                if not isinstance(action, Declare):
                    raise IllegalAction("declare a contract first", "declare_first")
                return
            if isinstance(action, Declare):
                raise IllegalAction("the contract is declared already", "declared")
            super().check(deal, seat, action)

        def apply(self, deal, seat, action):
            if deal.ex_pos == 0:
                base = CONTRACTS[action.contract]
                deal.set_contract(Declared(base.name, base.trump, base.ace_low, declarer=seat))
                self.next_turn(deal)
                return
            super().apply(deal, seat, action)


    class ToyTrjamann(RuleSet):
        name = "toy-trjamann"
        deck = FULL_DECK
        hand_size = 16
        manni_size = 4
        options = {"target": OptionSpec(8, int, 3, 30)}
        exchange = DeclareThenDraw()

        @classmethod
        def deal_pack(cls, pack, dealer):
            hands = [0, 0, 0]
            i = 0
            for _ in range(4):
                for k in (1, 2, 0):
                    for c in pack[i:i + 4]:
                        hands[(dealer + k) % 3] |= 1 << c
                    i += 4
            return hands, list(pack[i:])

        @classmethod
        def contract(cls, deal_number, cut):
            return Contract("undeclared")

        @classmethod
        def deal_score(cls, contract, tricks, options):
            par = [8 if s == contract.declarer else 4 for s in range(3)]
            sign = -1 if contract.name == "nolo" else 1
            return [sign * (tricks[s] - par[s]) for s in range(3)]

        @classmethod
        def match_over(cls, plus, minus, options):
            if max(plus) < options["target"]:
                return False, []
            net = [plus[s] - minus[s] for s in range(3)]
            return True, [s for s in range(3) if net[s] == max(net)]
''')


@pytest.fixture
def toy_rules_dir(tmp_path):
    """The toy module in a directory put on manni.rules' package path (and taken off after)."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "toy_trjamann.py").write_text(TOY, encoding="utf-8")
    manni.rules.__path__.append(str(folder))
    try:
        yield folder
    finally:
        manni.rules.__path__.remove(str(folder))
        manni.rules.RULE_SETS.pop("toy-trjamann", None)
        ACTION_READERS.pop("toy_declare", None)
        sys.modules.pop("manni.rules.toy_trjamann", None)


def test_the_toy_rule_set_is_found_and_plays_a_legal_match(toy_rules_dir):
    assert "toy-trjamann" not in manni.rules.RULE_SETS
    rules = get_rules("toy-trjamann")
    assert rules.hand_size == 16 and rules.manni_size == 4
    assert {"classic", "hornafjordur", "toy-trjamann"} <= set(manni.rules.RULE_SETS)

    m = Match("toy-trjamann", seed=31)
    assert m.options == {"target": 8}
    deal = m.deal
    assert [bin(h).count("1") for h in deal.hands] == [16, 16, 16] and len(deal.manni) == 4
    # The exchange: the dealer's left may draw up to 4, the others none.
    left, right, dealer = (deal.dealer + 1) % 3, (deal.dealer + 2) % 3, deal.dealer
    assert deal.contract.name == "undeclared" and m.turn == left
    with pytest.raises(IllegalAction, match="declare a contract first"):
        m.apply(Discard(()), left)
    Declare = type(m.legal_actions()[0])
    m.apply(Declare("grand"), left)
    assert deal.contract.name == "grand" and deal.contract.declarer == left
    assert m.view(right).contract == deal.contract
    assert m.view(left).discard_limit == 4
    before = snapshot(m)
    with pytest.raises(IllegalAction, match="at most 4"):
        m.apply(Discard(tuple(cards_of(deal.hands[left])[:5])), left)
    assert snapshot(m) == before
    top = list(deal.manni)
    m.apply(Discard(tuple(cards_of(deal.hands[left])[:4])), left)
    assert all(deal.hands[left] >> c & 1 for c in top)
    assert m.view(right).discard_limit == 0
    with pytest.raises(IllegalAction, match="at most 0"):
        m.apply(Discard(tuple(cards_of(deal.hands[right])[:1])), right)
    m.apply(Discard(()), right)
    m.apply(Discard(()), dealer)

    rnd = random.Random(5)
    seen_over = False

    def step(match, seat, action, when):
        nonlocal seen_over
        d = match.deal
        union = 0
        for part in (*d.hands, sum(1 << c for c in d.manni), *d.out, d.played):
            assert union & part == 0
            union |= part
        assert union == rules.deck
        for s in range(3):
            v = match.view(s)
            hidden = sum(1 << c for c in d.manni) | sum(d.hands[o] | d.out[o]
                                                        for o in range(3) if o != s)
            assert (v.hand | v.own_out | v.played | v.legal) & hidden == 0
        seen_over |= d.phase == "over"

    play_random(m, rnd, max_deals=3, on_step=step)
    assert seen_over
    for d in m.deals:
        assert len(d.history) == 16 and sum(d.tricks) == 16
    assert m.deals[0].contract.name == "grand"
    for d, score in zip(m.deals, m.deal_scores):
        par = [8 if s == d.contract.declarer else 4 for s in range(3)]
        sign = -1 if d.contract.name == "nolo" else 1
        assert d.contract.declarer == (d.dealer + 1) % 3
        assert score == [sign * (d.tricks[s] - par[s]) for s in range(3)]
    assert any(a.to_json().keys() == {"toy_declare"} for a in m.actions)

    # Records, replay and undo work for it unchanged.
    again = loads(dumps(m))
    assert snapshot(again) == snapshot(m)
    end = snapshot(m)
    last = m.actions[-1]
    m.undo()
    assert snapshot(m) != end
    m.apply(last)
    assert snapshot(m) == end


def test_the_command_line_replays_a_toy_record(toy_rules_dir, tmp_path):
    m = Match("toy-trjamann", seed=4)
    play_random(m, random.Random(4), max_deals=1)
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(match_to_record(m)), encoding="utf-8")
    expected = json.loads(json.dumps(summary(m)))
    code = ("import sys, manni.rules\n"
            "manni.rules.__path__.append(sys.argv[1])\n"
            "from manni.cli import main\n"
            "raise SystemExit(main(['replay', '--json', sys.argv[2]]))\n")
    proc = subprocess.run([sys.executable, "-c", code, str(toy_rules_dir), str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out == expected
    assert out["deals"][0]["complete"] and sum(out["deals"][0]["tricks"]) == 16
    assert set(out["deals"][0]) == {"dealer", "contract", "exchanged", "tricks", "score",
                                    "complete"}
    # Without the plug-in on the path the same record names an unknown rule set.
    plain = subprocess.run([sys.executable, "-m", "manni", "replay", "--json", str(path)],
                           capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert plain.returncode == 2
    assert "unknown rule set 'toy-trjamann'" in json.loads(plain.stdout)["error"]


def _to_discard_step(m):
    """Declare (the first choice) and stop at the declarer's discard."""
    m.apply(m.legal_actions()[0], m.turn)
    return m.view(m.turn)


def test_bots_sample_toy_exchange_worlds_with_its_sizes(toy_rules_dir):
    """Hand sizes come from the rule set (through the view), not from Classic's 12."""
    from manni.bots.knowledge import Knowledge
    rules = get_rules("toy-trjamann")
    rng = random.Random(1)
    for seed in range(5):
        m = Match("toy-trjamann", seed=seed)
        view = _to_discard_step(m)
        assert view.discard_limit == 4 and view.hand_sizes == (16, 16, 16)
        k = Knowledge(view)
        for _ in range(20):
            hands, rest = k.sample_exchange(rng)
            assert [bin(h).count("1") for h in hands] == [16, 16, 16]
            assert hands[view.seat] == view.hand and len(rest) == view.manni_left == 4
            union = 0
            for part in (*hands, sum(1 << c for c in rest)):
                assert union & part == 0
                union |= part
            assert union == rules.deck


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_bot_level_plays_the_toy_rule_set_legally(toy_rules_dir, level):
    from manni.bots import make_bot
    kw = {"worlds": 4, "exchange_worlds": 6} if level == "hard" else {}
    for seed in range(3):
        m = Match("toy-trjamann", seed=seed)
        bots = [make_bot(level, seed=seed * 3 + s, **kw) for s in range(3)]
        drive(m, bots_choose(bots), deals_over(2))  # checked: an illegal action raises
        assert len(m.deals) == 2 and all(sum(d.tricks) == 16 for d in m.deals)
