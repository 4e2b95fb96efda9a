"""Statistics (manni/ui/stats.py): finished matches count once, practice never; streaks,
points per deal, Hard agreement from reviews; tolerant storage."""
from __future__ import annotations

from manni.bots import finish, make_bot
from manni.match import Match
from manni.review import review_steps
from manni.text import Translator
from manni.ui.stats import Stats, stats_html

T = Translator("en")


def finished(seed: int, rules="classic", practice=False) -> Match:
    m = Match(rules, {"target": 5}, seed=seed)
    m.practice = practice
    bots = {s: make_bot("easy", seed=seed + s) for s in range(3)}
    while not m.finished:
        if m.phase == "deal-over":
            m.start_next_deal()
        s = m.turn
        m.apply(bots[s].choose(m.view(s)), s)
    return m


def test_a_finished_match_counts_once_and_practice_never():
    s = Stats()
    m = finished(1)
    unfinished = Match("classic", seed=1)
    assert not s.count_match(unfinished, "easy")
    assert s.count_match(m, "easy") and not s.count_match(m, "easy")
    assert not s.count_match(finished(2, practice=True), "easy") and s.practice == 1
    assert "1 practice match finished (not counted)." in stats_html(s, T)
    row = s.matches["classic/easy"]
    assert row == {"played": 1, "won": int(0 in m.winners)}
    assert s.deals == len(m.deal_scores) and s.points == sum(d[0] for d in m.deal_scores)
    assert s.played == 1


def test_streaks_and_per_rule_set_rows():
    s = Stats()
    results = []
    for seed in range(12):
        m = finished(seed, "hornafjordur" if seed % 2 else "classic")
        s.count_match(m, "medium")
        results.append(0 in m.winners)
    best = cur = 0
    for won in results:
        cur = cur + 1 if won else 0
        best = max(best, cur)
    assert (s.streak, s.best) == (cur, best)
    assert set(s.matches) == {"classic/medium", "hornafjordur/medium"}
    assert sum(r["won"] for r in s.matches.values()) == sum(results)


def test_reviews_count_agreement_once_and_not_for_practice():
    m = finished(3)
    r = finish(review_steps(m, 0))
    s = Stats()
    assert s.count_review(m, r) and not s.count_review(m, r)
    assert (s.cards, s.matched) == (12, r.matched_cards)
    p = finished(3, practice=True)
    assert not s.count_review(p, finish(review_steps(p, 0)))
    html = stats_html(s, T)
    assert f"{round(100 * r.matched_cards / 12)}% of the time (12 cards)" in html


def test_storage_round_trip_and_damaged_entries():
    s = Stats()
    s.count_match(finished(4), "hard")
    again = Stats.from_json(s.to_json())
    assert again == s
    for bad in (None, "", "{", "[]", '{"deals": "x", "matches": {"a": 3}, "counted": 5}'):
        assert Stats.from_json(bad).played == 0
    assert "No finished match yet." in stats_html(Stats(), T)
    assert 'data-action="reset-stats"' in stats_html(again, T)
