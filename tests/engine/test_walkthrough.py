"""docs/walkthrough.md is a doctest: one deal through the engine's public API."""
from __future__ import annotations

import doctest

from engine_support import ROOT


def test_the_walkthrough_of_one_deal_runs_as_written():
    result = doctest.testfile(str(ROOT / "docs" / "walkthrough.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0
