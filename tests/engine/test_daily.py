"""The deal of the day: its seed, its length, its record, its share text and statistics."""
from __future__ import annotations

import pytest

from manni.daily import BETTER, EQUAL, WORSE, daily_match, daily_seed, symbol
from manni.errors import RecordError
from manni.par import par_of
from manni.record import dumps, loads
from manni.ui import daily_view
from manni.ui.game import Game
from manni.ui.settings import Settings, parse_daily
from manni.ui.stats import Stats

from engine_support import play_as_easy

DAY = "2026-12-07"


def test_the_daily_seed_is_stable_and_documented():
    # The values docs/record-format.md's recipe gives: a change would deal other cards.
    assert daily_seed(DAY, "classic") == 248462416169529
    assert daily_seed("2026-12-08", "classic") == 190098560534373
    assert daily_seed(DAY, "manille") == 15170686045416
    assert daily_seed(DAY, "classic") < 2 ** 48


def test_the_address_asks_for_it():
    assert parse_daily("?daily") and parse_daily("?rules=manille&daily")
    assert not parse_daily("?seed=3") and not parse_daily("?dailyx=1")


def finish(game: Game) -> Game:
    return play_as_easy(game)


def daily_game(variant: str) -> Game:
    g = Game.from_match(daily_match(DAY, variant), Settings(level="easy"))
    g.settings.level = "easy"  # quicker opponents for the test than the day's own
    return g


def test_a_manni_daily_is_three_deals_and_replays_from_its_record():
    g = finish(daily_game("classic"))
    m = g.match
    assert len(m.deal_scores) == 3 and m.finished and m.winners
    back = loads(dumps(m))
    assert back.daily == DAY and back.finished and back.winners == m.winners
    with pytest.raises(RecordError):
        loads(dumps(m).replace(DAY, "2026-13-01"))


def test_a_manille_daily_is_one_manche():
    g = finish(daily_game("manille"))
    m = g.match
    assert len(m.manches.done) == 1 and m.winners == list(m.rules.sides[m.manches.done[0][0]])


def test_the_daily_opponents_are_hard():
    assert Game.from_match(daily_match(DAY, "classic"), Settings(level="easy")).settings.level == "hard"


@pytest.mark.parametrize("lang,word", [("en", "deal of the day"), ("fr", "donne du jour")])
def test_the_share_text_has_a_line_a_deal_with_its_symbol(lang, word):
    g = finish(daily_game("classic"))
    g.t = type(g.t)(lang)
    assert daily_view.share_text(g, "https://x.test/") is None  # par not known yet
    assert "data-share-text" not in daily_view.panel(g, "https://x.test/")
    for i in range(3):
        g.match.par[i] = par_of(g.match, i, "easy", work=1500)
    g.match.par_level = "easy"
    text = daily_view.share_text(g, "https://x.test/")
    lines = text.splitlines()
    assert word in lines[0] and DAY in lines[0] and len(lines) == 6
    for i, line in enumerate(lines[1:4]):
        yours = g.match.deal_scores[i][0]
        assert symbol(yours, g.match.par[i]) in line
    assert lines[-1] == "https://x.test/?daily&rules=classic"
    assert "data-share-text" in daily_view.panel(g, "https://x.test/")
    assert symbol(2, 1) == BETTER and symbol(1, 1) == EQUAL and symbol(0, 1) == WORSE


def test_the_first_attempt_of_a_day_counts_once():
    s = Stats()
    key = f"{DAY}/classic"
    assert s.daily_begin(key) and not s.daily_begin(key)
    assert s.daily_done(key, 2) and not s.daily_done(key, 5)
    s.daily_begin("2026-12-06/manille")
    s.daily_done("2026-12-06/manille", -1)
    s.daily_begin("2026-12-04/classic")
    s.daily_done("2026-12-04/classic", 0)
    assert s.daily_figures() == (3, 2, pytest.approx(1 / 3))
    assert Stats.from_json(s.to_json()).daily == s.daily


def test_the_statistics_show_the_deals_of_the_day():
    from manni.text import Translator
    from manni.ui.stats import stats_html
    s = Stats()
    s.daily_begin(f"{DAY}/classic")
    s.daily_done(f"{DAY}/classic", 3)
    html = stats_html(s, Translator("en"))
    assert "Deals of the day played: 1; streak: 1; against par: +3.00 a day" in html
