"""Game records through the command line: ``python -m manni replay [--json] FILE``."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from manni import Match, card_code, cards_of
from manni.record import match_to_record, summary

from engine_support import ROOT, play_random, run_cli

DEAL_KEYS = {"classic": {"dealer", "contract", "manni_taken_by", "tricks", "score", "complete"},
             "hornafjordur": {"dealer", "contract", "exchanged", "tricks", "score", "complete"}}
TOP_KEYS = {"deals", "totals", "plus", "minus", "finished", "winners"}


def _record(rules="classic", **fields) -> dict:
    rec = {"format": "manni-record/1", "rules": rules, "seed": 42, "actions": []}
    rec.update(fields)
    return rec


def _layout_json(match: Match) -> dict:
    deal = match.deal
    out = {"hands": [[card_code(c) for c in cards_of(h)] for h in deal.hands],
           "manni": [card_code(c) for c in deal.manni]}
    if deal.cut is not None:
        out["cut"] = card_code(deal.cut)
    return out


def _fails(tmp_path, record=None, raw=None, action=None, match=""):
    """The record is refused: exit 2, one JSON object {error, action}, no traceback."""
    proc = run_cli(tmp_path, record, "--json", raw=raw)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"error", "action"}
    assert isinstance(out["error"], str) and out["error"]
    assert out["action"] == action
    assert match.lower() in out["error"].lower(), out["error"]
    # The human form fails the same way, with the reason on stderr.
    human = run_cli(tmp_path, record, raw=raw)
    assert human.returncode == 2 and human.stdout == ""
    assert "Traceback" not in human.stderr and out["error"] in human.stderr
    return out


# -- valid records ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules,options", [("classic", {"target": 5}),
                                           ("classic", {"target": 5, "minus_points": True}),
                                           ("hornafjordur", {"target": 5})])
def test_replay_json_of_a_finished_match(tmp_path, rules, options):
    m = Match(rules, options, seed=2024)
    play_random(m, random.Random(1), max_deals=100)
    assert m.finished
    proc = run_cli(tmp_path, match_to_record(m), "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == TOP_KEYS
    assert out == json.loads(json.dumps(summary(m)))
    assert out["finished"] is True and out["winners"] == m.winners
    assert len(out["deals"]) == len(m.deals)
    for d, deal in zip(out["deals"], m.deals):
        assert set(d) == DEAL_KEYS[rules]
        assert d["complete"] is True and d["score"] == deal.score() and d["dealer"] == deal.dealer
        assert sum(d["tricks"]) == 12 and d["contract"] == deal.contract.name
    assert out["totals"] == [p - n for p, n in zip(out["plus"], out["minus"])]

    human = run_cli(tmp_path, match_to_record(m))
    assert human.returncode == 0 and human.stderr == ""
    lines = human.stdout.splitlines()
    assert lines[0].startswith(f"{rules}, options")
    assert lines[1].startswith(f"deal 1: dealer {m.deals[0].dealer}, {m.deals[0].contract.name}")
    assert sum(line.startswith("deal ") for line in lines) == len(m.deals)
    assert lines[-1] == "winner(s): " + ", ".join(f"seat {s}" for s in m.winners)


def test_replay_of_a_record_stopping_mid_deal(tmp_path):
    m = Match("hornafjordur", seed=9)
    play_random(m, random.Random(3))
    m.apply(m.legal_actions()[0])  # the next deal's first exchange (keep all)
    rec = match_to_record(m)
    out = json.loads(run_cli(tmp_path, rec, "--json").stdout)
    assert [d["complete"] for d in out["deals"]] == [True, False]
    last = out["deals"][-1]
    assert last["score"] is None and last["tricks"] == [0, 0, 0]
    assert last["exchanged"].count(None) == 2 and 0 in last["exchanged"]
    assert out["finished"] is False and out["winners"] == []
    human = run_cli(tmp_path, rec)
    assert human.returncode == 0
    assert human.stdout.splitlines()[2].endswith("(in progress)")
    assert "winner" not in human.stdout


def test_minimal_record_defaults_and_explicit_layouts(tmp_path):
    # Only format, rules and seed: options default, first dealer drawn from the seed.
    base = Match("classic", seed=42)
    out = json.loads(run_cli(tmp_path, _record(), "--json").stdout)
    assert out["deals"] == [{"dealer": base.first_dealer, "contract": "hearts",
                             "manni_taken_by": None, "tricks": [0, 0, 0], "score": None,
                             "complete": False}]
    # An explicit layout and first dealer, and actions that name their seats.
    lay = Match("hornafjordur", seed=5, first_dealer=1)
    rec = _record("hornafjordur", first_dealer=1, seed=0, deals=[_layout_json(lay)],
                  options={"target": 12},
                  actions=[{"discard": [], "seat": 2}, {"discard": [], "seat": 0},
                           {"discard": [], "seat": 1}])
    proc = run_cli(tmp_path, rec, "--json")
    assert proc.returncode == 0, proc.stdout
    out = json.loads(proc.stdout)
    assert out["deals"][0]["dealer"] == 1 and out["deals"][0]["exchanged"] == [0, 0, 0]
    assert out["deals"][0]["contract"] == lay.deal.contract.name


# -- invalid records -------------------------------------------------------------------------

def test_bad_json(tmp_path):
    _fails(tmp_path, raw='{"format": "manni-record/1", "rules": ', match="not valid JSON")
    _fails(tmp_path, raw=b"\xff\xfe{}", match="cannot read")
    _fails(tmp_path, raw="[1, 2, 3]", match="JSON object")


def test_unknown_card(tmp_path):
    lay = _layout_json(Match("classic", seed=1, first_dealer=0))
    lay["hands"][0][0] = "1S"
    _fails(tmp_path, _record(first_dealer=0, deals=[lay]), match="bad card code '1S'")
    _fails(tmp_path, _record(actions=[{"take": False}, {"play": "XX"}]), action=1,
           match="bad card code")
    # A real card that the rule set's deck lacks: the 2s are not in Classic.
    two = _layout_json(Match("classic", seed=1, first_dealer=0))
    two["manni"][0] = "2S"
    _fails(tmp_path, _record(first_dealer=0, deals=[two]), match="not in the classic deck")


def test_duplicate_card(tmp_path):
    lay = _layout_json(Match("classic", seed=1, first_dealer=0))
    lay["hands"][1][0] = lay["hands"][0][0]
    _fails(tmp_path, _record(first_dealer=0, deals=[lay]), match="twice")
    same_hand = _layout_json(Match("classic", seed=1, first_dealer=0))
    same_hand["hands"][2][1] = same_hand["hands"][2][0]
    _fails(tmp_path, _record(first_dealer=0, deals=[same_hand]), match="twice")
    m = Match("hornafjordur", seed=3, first_dealer=0)
    card = card_code(cards_of(m.deal.hands[1])[0])
    _fails(tmp_path, _record("hornafjordur", seed=3, first_dealer=0,
                             actions=[{"discard": [card, card]}]), action=0, match="twice")


def test_wrong_counts(tmp_path):
    lay = _layout_json(Match("classic", seed=1, first_dealer=0))
    lay["manni"].append(lay["hands"][0].pop())
    _fails(tmp_path, _record(first_dealer=0, deals=[lay]), match="seat 0 has 11 cards")
    short = _layout_json(Match("classic", seed=1, first_dealer=0))
    short["manni"].pop()
    _fails(tmp_path, _record(first_dealer=0, deals=[short]), match="the Manni has 11 cards")
    two_hands = _layout_json(Match("classic", seed=1, first_dealer=0))
    two_hands["hands"].pop()
    _fails(tmp_path, _record(first_dealer=0, deals=[two_hands]), match="three lists")


def test_unknown_rules(tmp_path):
    _fails(tmp_path, _record("belote"), match="unknown rule set 'belote'")
    no_rules = _record()
    del no_rules["rules"]
    _fails(tmp_path, no_rules, match="unknown rule set")
    _fails(tmp_path, _record(format="manni-record/2"), match="not a manni-record/1 record")


def test_unknown_option(tmp_path):
    _fails(tmp_path, _record(options={"colour": "red"}), match="unknown option 'colour'")
    # minus_points belongs to Classic only.
    _fails(tmp_path, _record("hornafjordur", options={"minus_points": False}),
           match="unknown option 'minus_points' for hornafjordur")
    _fails(tmp_path, _record(options={"minus_points": 1}), match="true or false")
    _fails(tmp_path, _record(extra=1), match="unknown field")


@pytest.mark.parametrize("target", [4, 21, "10", 10.0, True])
def test_target_out_of_range_or_not_a_whole_number(tmp_path, target):
    _fails(tmp_path, _record(options={"target": target}), match="target")


def test_illegal_action_reports_its_index(tmp_path):
    m = Match("classic", seed=42)
    held_by_leader = card_code(cards_of(m.deal.hands[(m.first_dealer + 1) % 3])[0])
    held_by_dealer = card_code(cards_of(m.deal.hands[m.first_dealer])[0])
    keeps = [{"take": False}] * 3
    # The dealer's left leads; a card of the dealer's is not theirs to play.
    _fails(tmp_path, _record(actions=keeps + [{"play": held_by_dealer}]), action=3,
           match="you do not hold")
    _fails(tmp_path, _record(actions=[{"play": held_by_leader}]), action=0,
           match="after the exchange")
    dealer = m.first_dealer
    _fails(tmp_path, _record(actions=[{"take": False, "seat": dealer}]), action=0,
           match=f"not seat {dealer}'s turn")
    _fails(tmp_path, _record(actions=[{"take": False, "seat": 3}]), action=0, match="bad seat")
    _fails(tmp_path, _record(actions=[{"discard": []}]), action=0, match="take the Manni")
    _fails(tmp_path, _record(actions=[{"take": False, "play": "AS"}]), action=0,
           match="exactly one")
    _fails(tmp_path, _record(actions=["take"]), action=0, match="must be an object")
    # An action after the end of the match.
    done = Match("classic", {"target": 5}, seed=8)
    play_random(done, random.Random(8), max_deals=100)
    rec = match_to_record(done)
    rec["actions"].append({"take": False})
    _fails(tmp_path, rec, action=len(done.actions), match="match is over")


def test_cut_must_be_in_the_dealers_hand(tmp_path):
    m = Match("hornafjordur", seed=6, first_dealer=2)
    lay = _layout_json(m)
    assert lay["cut"] in lay["hands"][2]
    lay["cut"] = lay["hands"][0][0]
    _fails(tmp_path, _record("hornafjordur", first_dealer=2, deals=[lay]),
           match="cut card must be in the dealer's hand")
    del lay["cut"]
    _fails(tmp_path, _record("hornafjordur", first_dealer=2, deals=[lay]), match="needs its")
    classic = _layout_json(Match("classic", seed=6, first_dealer=2))
    classic["cut"] = classic["hands"][2][0]
    _fails(tmp_path, _record(first_dealer=2, deals=[classic]), match="no cut card")


@pytest.mark.parametrize("field,value,reason", [
    ("seed", -1, "seed"), ("seed", "7", "seed"), ("seed", 1.5, "seed"),
    ("first_dealer", 3, "first_dealer"), ("first_dealer", 1.0, "first_dealer"),
    ("options", [10], "options must be an object"), ("deals", {}, "'deals' must be a list"),
    ("actions", {}, "'actions' must be a list"),
])
def test_other_malformed_fields(tmp_path, field, value, reason):
    _fails(tmp_path, _record(**{field: value}), match=reason)


def test_missing_file(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "manni", "replay", str(tmp_path / "nope.json"),
                           "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert out["action"] is None and "cannot read" in out["error"]


def test_every_action_has_its_own_verb_and_it_names_its_record_key():
    from manni.actions import ACTION_READERS
    from manni.rules import RULE_SETS
    verbs: dict[str, type] = {}

    def check(match, seat, action, when):
        verbs.setdefault(action.verb, type(action))
        assert verbs[action.verb] is type(action)
        (key,) = action.to_json()
        assert key in ACTION_READERS and key == ("take" if action.verb == "keep" else action.verb)

    for name in RULE_SETS:
        play_random(Match(name, seed=3), random.Random(3), max_deals=3, on_step=check)
    from manni.talk import COUNT, Ask  # asked out of turn: not among the seat in turn's
    check(None, 0, Ask(COUNT, 0), "before")
    assert set(verbs) == {"take", "keep", "discard", "play", "declare", "overcall", "ask"}
