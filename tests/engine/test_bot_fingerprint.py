"""Each level decides in fixed-seed deals exactly as tests/engine/data/bot_decisions.json
says (written by scripts/bot_fingerprint.py)."""

from __future__ import annotations

import json

import bot_fingerprint as fingerprint
import pytest


WANT = json.loads(fingerprint.OUT.read_text(encoding="utf-8"))


def test_the_file_covers_every_case_and_level():
    assert sorted(WANT) == sorted(fingerprint.key(*case) for case in fingerprint.CASES)
    seated = {lvl.partition("(")[0] for _, _, levels in fingerprint.CASES for lvl in levels}
    assert seated == {"easy", "medium", "hard", "expert", "ismcts"}
    assert {variant for variant, _, _ in fingerprint.CASES} >= {"classic", "hornafjordur",
                                                                "trjamann", "laugavatn"}


@pytest.mark.parametrize("case", fingerprint.CASES, ids=lambda c: fingerprint.key(*c))
def test_decisions_match_the_fingerprint(case):
    want = WANT[fingerprint.key(*case)]
    got = fingerprint.decisions(*case)
    assert len(want) >= 24  # at least the cards of a deal
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"decision {i}: {g} instead of {w}"
    assert len(got) == len(want)
