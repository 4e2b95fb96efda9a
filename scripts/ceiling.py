"""What seeing every card is worth: a ceiling for the fair levels (a CPython measurement).

    python3 scripts/ceiling.py --levels "ismcts,hard,oracle(playout='medium',work=63000)" \
        --card-play --boards 100 --deals 2 --seed 13 --jobs 1

Runs ``python -m manni tournament`` with two more levels whose every sampled world is the
true deal: ``oracle``, the ISMCTS bot (the settings of ``ismcts``; its tree is then a
perfect-information search of the real cards), and ``oracle_hard``, Hard (its halving then
compares the candidates in the one real world). An oracle's lead over the same search played
fair bounds what better guesses about the hidden cards could gain it. The oracles exist
only in this script; the game and its bots never see them.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import manni.bots as bots  # noqa: E402
from manni.bots import cli as bots_cli  # noqa: E402
from manni.bots import hard, ismcts  # noqa: E402
from manni.bots.knowledge import Knowledge  # noqa: E402
from manni.match import Match  # noqa: E402

_truth: dict[int, tuple] = {}    # id(view) -> the true hands, for the view last handed out
_oracle_views: set[int] = set()  # ids of the views an oracle is deciding from now


class _TrueWorlds(Knowledge):
    __slots__ = ()

    def sample(self, rng, tries: int = 50):
        if id(self.view) in _oracle_views:
            return list(_truth[id(self.view)])
        return super().sample(rng, tries)


class _Sees:
    """Decides with the true deal as its only world."""

    def steps(self, view):
        _oracle_views.add(id(view))
        try:
            return (yield from super().steps(view))
        finally:
            _oracle_views.discard(id(view))


class OracleBot(_Sees, ismcts.IsmctsBot):
    level = "oracle"


class OracleHardBot(_Sees, hard.HardBot):
    level = "oracle_hard"

    def __init__(self, seed: int = 0, budget_ms: float | None = None, **kw) -> None:
        super().__init__(seed, budget_ms=budget_ms, **kw)  # no time cap: repeatable runs


ORACLES = {"oracle": OracleBot, "oracle_hard": OracleHardBot}


@contextmanager
def installed():
    """Within: the oracles are tournament levels. Every view handed out has its true hands
    recorded, and an oracle's worlds are them. The patches are undone on leaving."""
    view, knowledge, classes = Match.view, ismcts.Knowledge, bots._classes
    assert hard.Knowledge is knowledge
    only = bots_cli.TOURNAMENT_ONLY

    def recording_view(self, seat):
        v = view(self, seat)
        _truth.clear()
        _truth[id(v)] = tuple(self.deal.hands)
        return v

    Match.view = recording_view
    ismcts.Knowledge = hard.Knowledge = _TrueWorlds
    bots._classes = lambda: {**classes(), **ORACLES}
    bots_cli.TOURNAMENT_ONLY = (*only, *ORACLES)
    try:
        yield
    finally:
        Match.view, bots._classes = view, classes
        ismcts.Knowledge = hard.Knowledge = knowledge
        bots_cli.TOURNAMENT_ONLY = only
        _truth.clear()


def main(argv: list[str]) -> int:
    from manni.cli import main as manni_main
    with installed():
        return manni_main(["tournament", *argv])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
