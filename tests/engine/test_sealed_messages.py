"""Malformed sealed messages are refused with a SealedError and change nothing."""
from __future__ import annotations

from manni.sealed.errors import SealedError
from manni.sealed.saving import restore, saved

from sealed_support import Table

MISSING = object()  # the field left out
JUNK = [None, True, -1, 10 ** 60, "zz", "00" * 40, [], [[]], {}, {"x": 1}, [None, None], MISSING]


def _state(page):
    return (list(page.heard), page.stage, len(page.decks), len(page.keys),
            {p: dict(got) for p, got in page.shares.items()}, dict(page.mine), dict(page.shown),
            list(page.log), page.pending, page.halt, list(page.held), len(page.reveals))


def test_every_field_of_every_kind_refuses_junk():
    table = Table("manille", dealer=1, seed=3)
    table.play_out(until=lambda t: len(t.pages[0].log) >= 6)
    page = table.pages[1]
    taken = saved(page)["taken"]
    firsts = {}
    for i, msg in enumerate(taken):
        firsts.setdefault(msg["kind"], i)
    assert {"key", "shuffle", "shares", "act", "answer", "play"} <= set(firsts)
    tried = 0
    for kind, i in sorted(firsts.items()):
        before = restore({**saved(page), "taken": taken[:i]}, page.table,
                                    page.number, page.seat, "manille", None, page.dealer)
        msg = taken[i]
        start = _state(before)
        for field in msg:
            for junk in JUNK:
                if junk == msg[field]:
                    continue
                clone = before
                try:
                    clone.receive({**msg, field: junk} if junk is not MISSING else
                                  {k: v for k, v in msg.items() if k != field})
                except SealedError:
                    tried += 1
                else:
                    raise AssertionError(f"{kind}.{field} = {junk!r} was taken")
                assert _state(clone) == start
    assert tried > 100


def test_a_seat_is_made_only_for_a_real_table_deal_and_seat():
    import pytest

    from manni.sealed.errors import SealedError
    from manni.sealed.seat import SealedSeat
    for table, number, seat, dealer in (("", 1, 0, 0), ("t" * 65, 1, 0, 0), (None, 1, 0, 0),
                                        ("t", 0, 0, 0), ("t", 1, 3, 0), ("t", 1, 0, -1),
                                        ("t", True, 0, 0)):
        with pytest.raises(SealedError):
            SealedSeat(table, number, seat, "classic", None, dealer)
    assert SealedSeat("t", 1, 3, "manille", None, 3).positions.cut is not None
