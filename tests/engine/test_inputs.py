"""The input boundary (manni/inputs.py): every failure a file or a player can cause, each a
clear refusal instead of a crash, a traceback or a huge message."""
from __future__ import annotations

import json

import pytest

from manni import Match
from manni.cards import parse_card
from manni.errors import ManniError, RecordError
from manni.inputs import (MAX_DEPTH, MAX_ITEMS, MAX_RECORD_BYTES, MAX_TEXT, InputError,
                          parse_json)
from manni.record import ReplayError, dumps, loads, match_from_record, match_to_record
from manni.ui.settings import Settings, parse_seed

from engine_support import run_cli

MESSAGE_MAX = 300  # no refusal repeats more of its input than this


def _refused(text: str, match: str = "") -> ReplayError:
    with pytest.raises(ReplayError) as info:
        loads(text)
    msg = str(info.value)
    assert len(msg) <= MESSAGE_MAX, msg[:500]
    assert match.lower() in msg.lower(), msg
    return info.value


def _record(**fields) -> dict:
    return {"format": "manni-record/1", "rules": "classic", "seed": 42, "actions": [], **fields}


def test_deep_nesting_is_refused_before_parsing():
    _refused("[" * 100_000, "deep")
    _refused('{"a":' * 50_000 + "1" + "}" * 50_000, "deep")
    # brackets inside strings do not count
    rec = _record(rules="[[[[[[[[[[[[[[[[[[[[[")
    _refused(json.dumps(rec), "rule set")


def test_depth_limit_is_exact():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(InputError, match="deep"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    deep = 0
    for _ in range(MAX_DEPTH):
        deep = [deep]
    with pytest.raises(ReplayError, match="deep"):
        match_from_record(_record(options=deep))


def test_huge_numbers_are_refused_not_crashing():
    # 5,000 digits: json.loads itself raises ValueError (int digit limit) without the boundary.
    _refused('{"format": "manni-record/1", "rules": "classic", "seed": ' + "7" * 5000 + "}",
             "number")
    _refused(json.dumps(_record(options={"target": 1}))[:-1] + ', "first_dealer": 1e999}',
             "number")
    _refused('{"format": "manni-record/1", "rules": "classic", "seed": NaN}', "JSON")


def test_card_codes_are_ascii_only():
    for code in ("Qſ", "ǫs", "Ｑs", "QＳ", "Qs\u0301"):
        with pytest.raises(RecordError):
            parse_card(code)
    assert parse_card("qs") == parse_card("QS")
    rec = match_to_record(Match("classic", seed=1))
    rec["actions"] = [{"take": False}] * 3 + [{"play": "Qſ"}]
    with pytest.raises(ReplayError, match="card code"):
        match_from_record(rec)


def test_huge_string_is_never_echoed():
    big = "x" * 50_000_000
    with pytest.raises(ReplayError) as info:
        match_from_record(_record(format=big))
    assert len(str(info.value)) <= MESSAGE_MAX
    with pytest.raises(ReplayError) as info:
        match_from_record(_record(rules=big))
    assert len(str(info.value)) <= MESSAGE_MAX
    _refused(json.dumps(_record(rules=big)), "too large")
    # within the size limit but longer than any string a record holds
    _refused(json.dumps(_record(rules="r" * (MAX_TEXT + 1))), "long")
    # many unknown keys: the message lists a few, not all
    _refused(json.dumps(_record(**{f"k{i}": 1 for i in range(5000)})), "unknown")


def test_size_limit_on_raw_text():
    _refused(" " * (MAX_RECORD_BYTES + 1), "too large")
    # counted in UTF-8 bytes, not characters
    _refused('"' + "þ" * (MAX_RECORD_BYTES // 2 + 1) + '"', "too large")


def test_too_many_actions_refused_before_replay():
    rec = _record(actions=[{"take": False}] * (MAX_ITEMS + 1))
    text = json.dumps(rec, separators=(",", ":"))
    assert len(text) < MAX_RECORD_BYTES
    _refused(text, "items")


def test_a_valid_record_still_round_trips():
    m = Match("hornafjordur", {"target": 5}, seed=3)
    assert dumps(loads(dumps(m))) == dumps(m)


def test_settings_never_raise_and_say_what_was_set_aside():
    s, aside = Settings.load('{"target":"²"}')
    assert s == Settings() and aside == ["target"]
    s, aside = Settings.load('{"target":"12","variant":"nope","speed":"fast"}')
    assert (s.target, s.variant, s.speed) == (12, "classic", "fast") and aside == ["variant"]
    for text in ("[" * 100_000, '{"a":' * 10_000, "{" + '"x":1,' * 100_000 + '"y":2}',
                 '{"target": ' + "9" * 5000 + "}", "\ud800", "null", "[]"):
        s, aside = Settings.load(text)
        assert s == Settings() and aside == ["settings"], text[:20]
    assert Settings.load(None) == (Settings(), [])
    assert Settings.load(Settings(level="hard").to_json()) == (Settings(level="hard"), [])
    # the menu's form: digits only in ASCII
    assert Settings.from_dict({"target": "١٢"}).target == Settings().target


def test_seed_in_the_address():
    assert parse_seed("?seed=42") == 42 and parse_seed("") is None and parse_seed("?a=1") is None
    for bad in ("?seed=" + "9" * 4301, "?seed=²", "?seed=-1", "?seed=x", "?seed=" + "9" * 19):
        with pytest.raises(ManniError):
            parse_seed(bad)


@pytest.mark.parametrize("raw,reason", [
    ("[" * 100_000, "deep"),
    ('{"format": "manni-record/1", "rules": "classic", "seed": ' + "1" * 5000 + "}", "number"),
    ('{"format": "manni-record/1", "rules": "classic", "seed": 1, "actions": [{"play": "Qſ"}]}',
     "card code"),
    (b"\xff\xfe{}", "UTF-8"),
])
def test_cli_refuses_with_exit_2_and_json(tmp_path, raw, reason):
    proc = run_cli(tmp_path, None, "--json", raw=raw)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"error", "action"} and reason.lower() in out["error"].lower(), out
    human = run_cli(tmp_path, None, raw=raw)
    assert human.returncode == 2 and "Traceback" not in human.stderr and human.stdout == ""


def test_cli_refuses_a_huge_file_without_reading_it_all(tmp_path):
    raw = '{"format": "manni-record/1", "rules": "' + "x" * (MAX_RECORD_BYTES * 3) + '"}'
    proc = run_cli(tmp_path, None, "--json", raw=raw)
    assert proc.returncode == 2 and len(proc.stdout) < MESSAGE_MAX + 50
    assert "too large" in json.loads(proc.stdout)["error"]
