"""Manille records: written, read, replayed by ``python -m manni replay``, and refused."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from manni import Match, card_code, cards_of
from manni.record import dumps, loads, match_to_record, summary

from engine_support import PROPS, run_cli, seeds
from manille_support import play_match

DEAL_KEYS = {"dealer", "trump", "turned", "bonus", "tricks", "points", "score", "answers",
             "complete", "played"}
TOP_KEYS = {"deals", "manches", "manche_score", "manches_won", "finished", "winners"}


def _layout(m: Match, i: int) -> dict:
    d = m.dealt(i)
    return {"hands": [[card_code(c) for c in cards_of(h)] for h in d.hands],
            "turned": card_code(d.cut)}


def _record(**fields) -> dict:
    rec = {"format": "manni-record/1", "rules": "manille", "seed": 9, "actions": []}
    rec.update(fields)
    return rec


def _fails(tmp_path, record, action=None, match=""):
    proc = run_cli(tmp_path, record, "--json")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"error", "action"} and out["action"] == action
    assert match.lower() in out["error"].lower(), out["error"]
    return out


@PROPS
@given(seeds, st.booleans(), st.sampled_from([50, 100, 150]))
def test_a_record_reads_back_to_the_same_match(seed, talk, target):
    m = play_match(seed % 5000, {"talk": talk, "target": target}, limit=300)
    again = loads(dumps(m))
    assert summary(again) == summary(m) and again.actions == m.actions
    assert match_to_record(again) == match_to_record(m)
    assert again.view(1) == m.view(1)


def test_replay_json_of_a_finished_match(tmp_path):
    m = play_match(4)
    rec = match_to_record(m)
    assert rec["options"] == {"target": 50, "talk": True}
    asks = [a for a in rec["actions"] if "ask" in a]
    assert asks and all(set(a) == {"ask", "seat"} for a in asks)
    proc = run_cli(tmp_path, rec, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert TOP_KEYS <= set(out) and out["finished"] and out["winners"] in ([0, 2], [1, 3])
    assert max(out["manches_won"]) == 2 and len(out["manches"]) == sum(out["manches_won"])
    for d, deal in zip(out["deals"], m.deals):
        assert DEAL_KEYS <= set(d)
        assert d["trump"] in ("spades", "hearts", "diamonds", "clubs") and len(d["tricks"]) == 4
        assert d["turned"] == card_code(deal.cut) and d["complete"]
        if d["played"]:
            assert sum(d["points"]) == 68 and sum(d["tricks"]) == 8
            assert max(d["score"]) == max(0, max(d["points"]) - 34)
        assert d["answers"] == [a.value for a in deal.answers]
    assert sum(len(d["answers"]) for d in out["deals"]) == len(asks)
    human = run_cli(tmp_path, rec)
    assert human.returncode == 0 and "manche 1: won by side" in human.stdout


def test_a_record_stopping_on_a_deals_last_card_lists_the_next_deal(tmp_path):
    m = Match("manille", {"talk": False}, 9)
    while len(m.deals) == 1:
        m.apply(m.legal_actions()[0])
    out = json.loads(run_cli(tmp_path, match_to_record(m), "--json").stdout)
    first, second = out["deals"]
    assert first["complete"] and sum(first["points"]) == 68
    assert not second["complete"] and second["score"] == [0, 0] and second["tricks"] == [0] * 4
    assert out["manche_score"] == [a + b + c for a, b, c in
                                   zip(first["bonus"], first["score"], second["bonus"])]


def test_explicit_layouts_are_read_and_written(tmp_path):
    m = Match("manille", {}, 9)
    rec = _record(first_dealer=m.first_dealer, deals=[_layout(m, 0)])
    again = loads(json.dumps(rec))
    assert again.deal.hands == m.deal.hands and again.deal.cut == m.deal.cut
    assert match_to_record(again)["deals"] == rec["deals"]
    assert json.loads(run_cli(tmp_path, rec, "--json").stdout)["deals"][0]["turned"] == \
        rec["deals"][0]["turned"]


@pytest.mark.parametrize("change,match", [
    (lambda lay: lay.update(turned=lay["hands"][0][0]), "dealer's hand"),
    (lambda lay: lay.pop("turned"), "turned"),
    (lambda lay: lay.update(manni=[]), "unknown field"),
    (lambda lay: lay["hands"].pop(), "four lists"),
    (lambda lay: lay["hands"][0].__setitem__(0, "2S"), "not in the manille deck"),
])
def test_bad_layouts_are_refused(tmp_path, change, match):
    m = Match("manille", {}, 9, first_dealer=1)
    lay = _layout(m, 0)
    change(lay)
    _fails(tmp_path, _record(first_dealer=1, deals=[lay]), None, match)


@pytest.mark.parametrize("fields,match", [
    ({"options": {"target": 60}}, "50, 100, 150"),
    ({"options": {"talk": "yes"}}, "true or false"),
    ({"first_dealer": 4}, "0, 1, 2 or 3"),
])
def test_bad_options_are_refused(tmp_path, fields, match):
    _fails(tmp_path, _record(**fields), None, match)


def test_bad_actions_are_refused_with_their_index(tmp_path):
    m = Match("manille", {}, 9)
    leader = m.deal.leader
    other = (leader + 1) % 4
    play = {"play": card_code(m.legal_actions()[0].card)}
    _fails(tmp_path, _record(actions=[{"ask": {"count": "S"}}]), 0, "which seat")
    _fails(tmp_path, _record(actions=[{"ask": {"count": "S"}, "seat": other}]), 0,
           "side on lead")
    _fails(tmp_path, _record(actions=[play, {"ask": {"count": "S"}, "seat": leader}]), 1,
           "before its first card")
    three = [{"ask": {"count": s}, "seat": leader} for s in "SHD"]
    _fails(tmp_path, _record(actions=three), 2, "at most 2")
    _fails(tmp_path, _record(options={"talk": False},
                             actions=[{"ask": {"count": "S"}, "seat": leader}]), 0, "silent")
    _fails(tmp_path, _record(actions=[{"ask": {"has": "5S"}, "seat": leader}]), 0, "pack")
    _fails(tmp_path, _record(actions=[{"ask": {"count": "X"}, "seat": leader}]), 0, "suit")
    _fails(tmp_path, _record(actions=[{"ask": "S", "seat": leader}]), 0, "count")
    _fails(tmp_path, _record(actions=[{"play": "AS", "seat": 4}]), 0, "0, 1, 2, 3")
