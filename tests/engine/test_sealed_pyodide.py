"""The sealed deal runs in the page's runtime: one Manille deal, four pages, in Pyodide."""
from __future__ import annotations

from pyodide_helper import run_in_pyodide

DEAL = '''
import random
from manni.actions import Play
from manni.cards import cards_of
from manni.sealed.curve import mul_g
from manni.sealed.seat import SealedSeat

print(hex(mul_g(112233445566778899)[0]))
pages = [SealedSeat("ab" * 16, 1, s, "manille", None, 1) for s in range(4)]
queue = [m for p in pages for m in p.start()]
rnd = random.Random(1)
while True:
    while queue:
        msg = queue.pop(0)
        for p in pages:
            queue += p.receive(msg)
    if all(p.stage == "done" for p in pages):
        break
    page = pages[pages[0].turn]
    probe = page.tricks.copy()
    probe.hands[page.seat] = page.hand()
    queue.append(page.act(Play(rnd.choice(cards_of(probe.legal_cards())))))
print(len({p.verdict for p in pages}), pages[0].verdict.reason, sum(pages[0].verdict.score))
'''


def test_a_sealed_manille_deal_in_pyodide():
    lines = run_in_pyodide(DEAL, timeout=300).splitlines()
    assert lines[0] == "0x339150844ec15234807fe862a86be77977dbfb3ae3d96f4c22795513aeaab82f"
    count, reason, total = lines[1].split()
    assert (count, reason) == ("1", "fair") and 0 <= int(total) <= 34
