"""Par (manni.par): a finished deal replayed with Expert in your seat, the same everywhere."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from manni.bots import finish, make_bot
from manni.bots.base import partner_question
from manni.errors import RecordError
from manni.match import Match
from manni.par import PAR_LEVEL, deal_start, par_of, par_seed, par_steps
from manni.record import dumps, loads

ROOT = Path(__file__).resolve().parents[2]


def played(rules: str, options=None, seed: int = 5, deals: int = 1, level: str = "easy") -> Match:
    """A match whose first ``deals`` deals are over, every seat a bot."""
    m = Match(rules, options, seed=seed)
    bots = {s: make_bot(level, seed=seed + s) for s in range(m.rules.seats)}
    while len(m.deal_scores) < deals:
        if m.phase == "deal-over":
            m.start_next_deal()
            continue
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


def by_hand(match: Match, index: int, level: str, work=None) -> int:
    """Par replayed through the public API only: the match from its record up to the deal,
    then Expert in seat 0 and ``level`` elsewhere, seeded as par seeds them."""
    if index == 0:
        m = Match(match.rules.name, match.options, match.seed)
    else:
        m = loads(dumps(match))
        while len(m.deals) > index:  # back to the end of the deal before it
            m.undo()
        m.start_next_deal()
    assert len(m.deals) == index + 1
    bots = {s: make_bot(PAR_LEVEL if s == 0 else level, seed=par_seed(match.seed, index, s),
                        budget_ms=None, **({"work": work} if s == 0 and work else {}))
            for s in range(m.rules.seats)}
    while len(m.deal_scores) <= index:
        s = m.turn
        action = bots[s].choose(m.view(s))
        asked = partner_question(m, s, action, bots.get)
        if asked is not None:
            s, action = asked
        m.apply(action, s)
    return m.deal_scores[index][m.rules.side_of[0]]


def test_par_is_expert_in_your_seat_replayed_through_the_public_api():
    m = played("classic", seed=5, deals=2)
    assert par_of(m, 1, "medium") == by_hand(m, 1, "medium")


@pytest.mark.parametrize("rules,options", [("manille", None), ("hornafjordur", None),
                                           ("laugavatn", None)])
def test_par_in_other_rule_sets_matches_the_public_replay(rules, options):
    m = played(rules, options, seed=7)
    assert par_of(m, 0, "hard", work=3000) == by_hand(m, 0, "hard", work=3000)


def test_deal_start_is_the_match_before_the_deal():
    m = played("manille", seed=3, deals=2)
    start = deal_start(m, 1)
    assert len(start.deals) == 2 and start.deal.actions_taken == 0
    assert start.deal.hands == m.dealt(1).hands
    assert start.deal_scores == m.deal_scores[:1]


def test_no_par_before_the_deal_is_over():
    m = Match("classic", seed=1)
    with pytest.raises(ValueError):
        next(par_steps(m, 0, "easy"))


def test_par_is_kept_in_the_record_and_checked():
    m = played("classic", seed=2, deals=2)
    m.par, m.par_level = {0: 3, 1: -1}, "medium"
    back = loads(dumps(m))
    assert back.par == {0: 3, 1: -1} and back.par_level == "medium"
    m.par = {1: 2}
    assert '"par": {"level": "medium", "deals": [null, 2]}' in dumps(m)
    assert loads(dumps(m)).par == {1: 2}
    plain = played("classic", seed=2)
    assert '"par"' not in dumps(plain)
    good = dumps(m)
    for bad in ('{"level": "medium", "deals": [1, 2, 3]}', '{"level": "medium", "deals": ["1"]}',
                '{"level": 3, "deals": []}', '[1, 2]', '{"level": "x", "deals": [true]}'):
        text = good.replace('{"level": "medium", "deals": [null, 2]}', bad)
        with pytest.raises(RecordError):
            loads(text)


def test_undo_into_a_deal_forgets_its_par():
    m = played("classic", seed=2, deals=1)
    m.par = {0: 1}
    m.undo()
    assert m.par == {}
    assert m.copy().par == {}


# Par over seeded deals of every rule set, muette and parlée, printed one line each.
FINGERPRINT = r'''
from manni.bots import make_bot
from manni.match import Match
from manni.par import par_of
cases = [("classic", {}, "hard"), ("classic", {"minus_points": True}, "medium"),
         ("hornafjordur", {}, "medium"), ("trjamann", {}, "easy"), ("laugavatn", {}, "medium"),
         ("manille", {"talk": True}, "medium"), ("manille", {"talk": False}, "hard")]
for n, (rules, options, level) in enumerate(cases):
    m = Match(rules, options, seed=11 + n)
    bots = {s: make_bot("easy", seed=s) for s in range(m.rules.seats)}
    while not m.deal_scores:
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    print(rules, options, level, m.deal_scores[0], par_of(m, 0, level, work=2500))
from manni.daily import daily_seed
print(daily_seed("2026-12-07", "classic"), daily_seed("2030-01-31", "manille"))
'''


def test_par_is_the_same_in_cpython_and_pyodide(pyodide):
    here = subprocess.run([sys.executable, "-c", FINGERPRINT], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=True).stdout
    assert len(here.splitlines()) == 8  # and the deal of the day's seeds
    assert pyodide(FINGERPRINT, timeout=600) == here


@pytest.mark.parametrize("variant", ["classic", "manille"])
def test_the_deal_over_panel_shows_par_once_known(variant):
    from manni.ui import par_view, parlee, tables
    from manni.ui.game import Game
    from manni.ui.settings import Settings
    g = Game.new(Settings(variant=variant, level="easy"), seed=4)
    me = make_bot("easy", seed=1)
    while not g.match.deal_scores:
        if g.play_opponent_now():
            continue
        if g.view.turn != 0:  # your partner leads: you let it, asking nothing
            assert parlee.leave_lead(g)
            continue
        assert g.act(me.choose(g.view))
    table = tables.table_html(g)
    assert "data-par=" not in table and 'class="deal-par" data-par-deal="1" aria-busy=true' in table
    assert 'class="vs-par"' not in table  # the score line says nothing before a par is known
    assert par_view.wanted(g) == 0
    par = par_of(g.match, 0, "easy", work=2000)
    g.match.par, g.match.par_level = {0: par}, "easy"
    yours = par_view.yours(g, 0)
    table = tables.table_html(g)
    assert f'data-par="{par}" data-yours="{yours}"' in table
    assert f'<span class="vs-par" data-duplicate="{yours - par}">' in table
    assert par_view.wanted(g) is None and par_view.duplicate(g) == yours - par
    assert 'class="par"' in tables.score_sheet(g)
    back = Game.from_record_text(g.record_json(), Settings(variant=variant, level="easy"))
    assert par_view.pars(back) == {0: par}  # a reload keeps it
    g.settings.level = "hard"  # another level's par is not this one's
    assert par_view.wanted(g) == 0
    g.tutorial = object()
    assert par_view.wanted(g) is None and par_view.last_line(g) == ""


def test_the_review_shows_the_deal_as_par_played_it():
    from manni.par import par_deal_steps
    from manni.review import review_steps
    from manni.text import Translator
    from manni.ui.review_view import review_html
    m = played("classic", seed=6)
    deal = finish(par_deal_steps(m, 0, "easy", work=1500))
    assert deal.score()[0] == par_of(m, 0, "easy", work=1500) and len(deal.history) == 12
    html = review_html(finish(review_steps(m, 0)), Translator("en"), [0], 0, deal)
    assert f'data-par-review="{deal.score()[0]}"' in html and "Expert in your seat" in html
    assert html.count('class="trick-no"') == 12 and html.count('class="compare-col ') == 2
