"""Fuzzing game records: valid records mutated in structure, types, sizes, nesting and
unicode, fed to ``manni.record`` and to ``python -m manni replay --json``.

Every outcome must be a replayed match (whose summary and record work) or a ReplayError /
exit status 2 with one JSON object ``{"error", "action"}`` — never another exception, a
traceback or a message that repeats a large part of the input.

Time bound (stated, not asserted as wall time): the input boundary refuses any text over
1,000,000 bytes, nested deeper than 8 levels, or with a list over 20,000 items, before or
right after ``json.loads``; so one example replays at most 20,000 actions, about 0.5 s of
CPython on the shared 2-core machine this was written on (a 2,567-action record replays in
58 ms there), plus parsing at most 1 MB of JSON. The examples here stay far below that.
"""
from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manni import Match, cli
from manni.inputs import MAX_RECORD_BYTES
from manni.record import ReplayError, dumps, loads, match_from_record, match_to_record, summary

from engine_support import ROOT, play_random

MESSAGE_MAX = 300
FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _seed_records() -> list[dict]:
    out = []
    for rules, options, seed, deals in [("classic", {"target": 5}, 7, 2),
                                        ("classic", {"target": 5, "minus_points": True}, 8, 1),
                                        ("hornafjordur", {"target": 5}, 9, 2)]:
        m = Match(rules, options, seed)
        play_random(m, random.Random(seed), max_deals=deals)
        rec = match_to_record(m)
        out.append(rec)
        # the same match from explicit layouts of its first deal
        with_layout = copy.deepcopy(rec)
        first = Match(rules, options, seed)
        d = first.deal
        from manni.cards import card_code, cards_of
        layout = {"hands": [[card_code(c) for c in cards_of(h)] for h in d.hands],
                  "manni": [card_code(c) for c in d.manni]}
        if d.cut is not None:
            layout["cut"] = card_code(d.cut)
        with_layout["deals"] = [layout]
        with_layout["first_dealer"] = first.first_dealer
        out.append(with_layout)
    return out


SEEDS = _seed_records()

json_scalars = (st.none() | st.booleans()
                | st.integers(min_value=-(10 ** 45), max_value=10 ** 45)
                | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(max_size=8)
                | st.sampled_from(["AS", "TH", "2C", "Qſ", "qs", "ＱＳ", "a\u0301s", "\ud800",
                                   "classic", "hornafjordur", "manni-record/1", "take", "play",
                                   "discard", "seat", "target", "minus_points", ""]))
json_values = st.recursive(json_scalars,
                           lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6) | st.sampled_from(
                               ["take", "play", "discard", "seat", "hands", "manni", "cut"]),
                               inner, max_size=4),
                           max_leaves=12)


def _paths(value, path=()):
    """Every path (tuple of keys/indices) inside a JSON value, the root included."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _get(value, path):
    for p in path:
        value = value[p]
    return value


def _set(root, path, new):
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


def _nest(value, depth: int, kind: str):
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


@st.composite
def mutated_records(draw):
    """A valid record with one to three mutations at random places."""
    rec = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(rec))
        path = draw(st.sampled_from(paths))
        old = _get(rec, path) if path else rec
        how = draw(st.sampled_from(["replace", "delete", "add_key", "nest", "deep", "grow",
                                    "shrink", "duplicate", "swap", "retype", "unicode", "huge"]))
        if how == "replace":
            rec = _set(rec, path, draw(json_values))
        elif how == "delete" and path:
            parent = _get(rec, path[:-1])
            del parent[path[-1]]
        elif how == "add_key" and isinstance(old, dict):
            old[draw(st.text(max_size=12))] = draw(json_values)
        elif how == "nest":
            rec = _set(rec, path, _nest(old, draw(st.integers(1, 4)), draw(st.sampled_from(["list", "dict"]))))
        elif how == "deep":
            rec = _set(rec, path, _nest(old, draw(st.integers(5, 40)), draw(st.sampled_from(["list", "dict"]))))
        elif how == "grow" and isinstance(old, list) and old:
            old.extend(old * draw(st.integers(1, 30)))
        elif how == "shrink" and isinstance(old, list) and old:
            del old[draw(st.integers(0, len(old) - 1)):]
        elif how == "duplicate" and isinstance(old, list) and old:
            i = draw(st.integers(0, len(old) - 1))
            old.insert(i, copy.deepcopy(old[i]))
        elif how == "swap" and isinstance(old, list) and len(old) > 1:
            i, j = draw(st.integers(0, len(old) - 1)), draw(st.integers(0, len(old) - 1))
            old[i], old[j] = old[j], old[i]
        elif how == "retype":
            rec = _set(rec, path, draw(st.sampled_from([str(old)[:20], [old], {"v": old}, None,
                                                         True, 1.5, -1, 10 ** 30, 2 ** 64 + 5])))
        elif how == "unicode":
            rec = _set(rec, path, draw(st.text(min_size=1, max_size=6)))
        elif how == "huge":
            size = draw(st.sampled_from([101, 5_000, 300_000]))
            rec = _set(rec, path, draw(st.sampled_from(["x" * size, [0] * size, 10 ** 39, -(10 ** 39)])))
    return rec


@st.composite
def mutated_texts(draw):
    """A valid record's JSON text with characters inserted, deleted or replaced, or wrapped."""
    text = json.dumps(draw(st.sampled_from(SEEDS)), ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["edit", "wrap", "digits", "truncate"]))
    if how == "edit":
        chars = list(text)
        for _ in range(draw(st.integers(1, 6))):
            i = draw(st.integers(0, len(chars)))
            op = draw(st.sampled_from(["insert", "delete", "replace"]))
            ch = draw(st.sampled_from(list('[]{}",:\\0123456789eE.-+ ntfu') + ["ſ", "\ud800", "\x00", "\u2028"]))
            if op == "insert":
                chars.insert(i, ch)
            elif chars and i < len(chars):
                if op == "delete":
                    del chars[i]
                else:
                    chars[i] = ch
        return "".join(chars)
    if how == "wrap":
        n = draw(st.sampled_from([7, 8, 9, 1000, 100_000]))
        return "[" * n + text + "]" * draw(st.sampled_from([0, n]))
    if how == "digits":
        return text.replace('"seed": ', '"seed": ' + "9" * draw(st.sampled_from([39, 40, 41, 4301, 5000])), 1)
    return text[:draw(st.integers(0, len(text)))]


def _check_outcome(fn):
    """Run fn(); a Match is checked further, a ReplayError must be short."""
    try:
        match = fn()
    except ReplayError as e:
        assert isinstance(e.action, (int, type(None)))
        assert 0 < len(str(e)) <= MESSAGE_MAX, str(e)[:500]
        return None
    json.dumps(summary(match))
    assert dumps(loads(dumps(match))) == dumps(match)
    return match


@FUZZ
@given(mutated_records())
def test_mutated_records_replay_or_refuse(rec):
    _check_outcome(lambda: match_from_record(rec))
    try:
        text = json.dumps(rec)
    except ValueError:
        return
    _check_outcome(lambda: loads(text))


@FUZZ
@given(mutated_texts())
def test_mutated_texts_replay_or_refuse(text):
    _check_outcome(lambda: loads(text))


def _cli_in_process(text: str) -> tuple[int, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        out = io.StringIO()
        with redirect_stdout(out):
            code = cli.main(["replay", str(path), "--json"])
    return code, json.loads(out.getvalue())


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(mutated_texts(), mutated_records().map(
    lambda r: json.dumps(r, ensure_ascii=False) if _dumpable(r) else "[")))
def test_replay_cli_in_process_exits_0_or_2_with_json(text):
    code, out = _cli_in_process(text)
    if code == 0:
        assert {"deals", "totals", "finished", "winners"} <= set(out)
    else:
        assert code == 2 and set(out) == {"error", "action"}
        assert len(out["error"]) <= MESSAGE_MAX


def _dumpable(rec) -> bool:
    try:
        json.dumps(rec)
        return True
    except ValueError:
        return False


def test_replay_cli_subprocess_on_sampled_mutations(tmp_path):
    """A few real runs of ``python -m manni replay --json`` (no traceback, exit 0 or 2)."""
    rng = random.Random(9)
    texts = ["[" * 100_000, json.dumps(SEEDS[0]).replace('"seed": ', '"seed": ' + "1" * 5000, 1),
             json.dumps({**SEEDS[0], "rules": "x" * (MAX_RECORD_BYTES + 10)})]
    base = json.dumps(SEEDS[2])
    for _ in range(3):
        chars = list(base)
        for _ in range(3):
            chars.insert(rng.randrange(len(chars)), rng.choice('[]{}",:9ſ'))
        texts.append("".join(chars))
    for text in texts:
        path = tmp_path / "r.json"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "manni", "replay", str(path), "--json"],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert "Traceback" not in proc.stderr + proc.stdout
        assert proc.returncode in (0, 2), proc.stderr[-1000:]
        out = json.loads(proc.stdout)
        if proc.returncode == 2:
            assert set(out) == {"error", "action"} and len(out["error"]) <= MESSAGE_MAX


@pytest.mark.parametrize("rec", SEEDS, ids=range(len(SEEDS)))
def test_seed_records_are_valid(rec):
    assert _check_outcome(lambda: match_from_record(copy.deepcopy(rec))) is not None
