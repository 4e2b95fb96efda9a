"""Expert: the strongest level, for players who want it, given about a second a move.

Its card play is a tree search over the moves as this seat observes them (the information-set
search of :mod:`.ismcts`: a fresh sampled world every iteration, UCB1 over the cards playable
in it), with the Medium policy playing each world out, within a fixed amount of work (cards
played, as Hard's ``work``: nine times Hard's). Unlike Hard's halving, which fixes every later
move to the policy's, the tree searches the opponents' replies and its own next cards too.
Its worlds read the opponents' Hornafjarðarmanni discards as Hard's do (``read_discards``).
In partnership games (Manille) it is Hard's halving at its own work and Hard's worlds
(``partner_tree=True``: the tree).
Declarations and the exchange are Hard's, the exchange scored with the match in mind. Like
Hard, it plays at once when every legal card is equivalent (no unseen card between them). It
thinks in the same ~10 ms slices as Hard (``steps()`` yields between them), so the page keeps
painting; the page stops it at ``budget_ms``, and ``budget_ms=None`` fixes the work for tests
and tournaments.
"""

from __future__ import annotations

from .hard import WORK, HardBot
from .ismcts import EXPLORE, IsmctsBot, playout_policy
from .knowledge import Knowledge
from .partners import partnership, table_of
from .search import candidates

# Nine times Hard's: what a phone-class page does in about a second (p95 ~1.0 s, p50 ~0.8 s;
# the page caps it at 1 s; docs/performance.md).
EXPERT_WORK = 9 * WORK


class ExpertBot(HardBot):
    level = "expert"
    match_aware_exchange = True

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000,
                 work: int = EXPERT_WORK, playout: str = "medium", partner_tree: bool = False,
                 explore: float = EXPLORE, **kw) -> None:
        super().__init__(seed, budget_ms=budget_ms, work=work, **kw)
        playout_policy(playout)  # an unknown name fails here, not at the first searched move
        self.playout = playout  # the tree's play-outs: "medium", or "random" (the reference's)
        # Partnership games: the tree, or (the default) Hard's halving at Expert's work
        # (docs/bot-strength.md).
        self.partner_tree = partner_tree
        self.explore = explore  # the tree's UCB1 constant

    def _play(self, view):
        k = Knowledge(view)
        if partnership(k.rules) and not self.partner_tree:
            action = yield from HardBot._play(self, view)
            return action
        if partnership(k.rules):
            t = table_of(k.rules, view.contract)
            q = self._question(view, t)
            if q is not None:
                return q
            cands = candidates(view.legal, k.unseen, t.power, t.points)
        else:
            cands = candidates(view.legal, k.unseen, k.info.power)
        if len(cands) == 1:
            return self._only_card(cands[0])
        search = IsmctsBot(playout=self.playout, work=self.work, budget_ms=self.budget_ms,
                           read_discards=self.read_discards, endgame=self.endgame,
                           infer=self.infer, explore=self.explore)
        search.rng = self.rng
        action = yield from search.steps(view)
        self.last_reasons, self.last_stats = search.last_reasons, search.last_stats
        return action
