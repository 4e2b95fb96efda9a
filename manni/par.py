"""Par: a finished deal replayed with Expert in one seat.

The match is replayed from its start (as a record holds it) up to the deal's first action;
then every seat is a bot: Expert in ``seat``, the opponents (and a partner, in a game of
sides) at ``level``, each made afresh for the deal with a seed from the match seed, the deal
and the seat (:func:`par_seed`), all with a fixed work and no time cap. So par is a pure
function of the match before the deal and ``level``: the same in CPython and Pyodide.
Expert asks its own questions in the parlée, and a computer partner asks it before it leads.

Par is the deal's score for ``seat``'s side. :func:`par_steps` is a generator (``yield``
between slices, like ``Bot.steps``); :func:`par_of` runs it to its end.
"""

from __future__ import annotations

from .deal import OVER
from .match import Match

PAR_LEVEL = "expert"


def par_seed(seed: int, index: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the par of deal ``index`` (0-based)."""
    return (seed * 1_000_033 + index * 7919 + seat * 104_729 + 0x9A5) & 0xFFFFFFFF


REPLAY_SLICE = 100  # actions replayed between two yields


def deal_start_steps(match: Match, index: int):
    """Generator: a new match replayed from ``match``'s start to deal ``index``'s beginning
    (0-based), before its first action."""
    m = Match(match.rules, match.options, match.seed, match.first_dealer, match.layouts)
    m.practice = match.practice
    pending = iter(zip(match.actions, match.action_seats))
    while len(m.deals) <= index:
        if m.deal.phase == OVER:
            m.start_next_deal()
            continue
        action, named = next(pending)
        m.apply(action, m.turn if named is None else named)
        if len(m.actions) % REPLAY_SLICE == 0:
            yield
    return m


def deal_start(match: Match, index: int) -> Match:
    from .bots.base import finish
    return finish(deal_start_steps(match, index))


def par_steps(match: Match, index: int, level: str, seat: int = 0, work: int | None = None):
    """Generator: the par of deal ``index`` of ``match`` (which must be over) for ``seat``'s
    side. ``work``: Expert's work per move (its own by default; tests take less)."""
    deal = yield from par_deal_steps(match, index, level, seat, work)
    score = deal.score()
    assert score is not None
    return score[match.rules.side_of[seat]]


def par_deal_steps(match: Match, index: int, level: str, seat: int = 0,
                   work: int | None = None):
    """Generator: the deal as par played it (a Deal, over; for the review)."""
    if not (index < len(match.deal_scores) and match.deals[index].phase == OVER):
        raise ValueError(f"deal {index + 1} is not over: no par yet")
    if match.deals[index].unplayed:  # decided before a card: the same for anyone
        return match.deals[index]
    from .bots import make_bot
    from .bots.base import partner_question
    m = yield from deal_start_steps(match, index)
    expert = {} if work is None else {"work": work}
    bots = {s: make_bot(PAR_LEVEL if s == seat else level, seed=par_seed(match.seed, index, s),
                        budget_ms=None, **(expert if s == seat else {}))
            for s in range(m.rules.seats)}
    while len(m.deal_scores) <= index:
        who = m.turn
        action = yield from bots[who].steps(m.view(who))
        asked = partner_question(m, who, action, bots.get)
        if asked is not None:  # the leader's partner asks first; the leader thinks again
            who, action = asked
        m.apply(action, who)
        yield
    return m.deals[index]


def par_of(match: Match, index: int, level: str, seat: int = 0, work: int | None = None) -> int:
    from .bots.base import finish
    return finish(par_steps(match, index, level, seat, work))
