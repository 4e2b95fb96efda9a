"""Challenge a friend: the link, what it deals, what it claims and when it shows it."""
from __future__ import annotations

import base64
import json

import pytest

from manni.errors import RecordError
from manni.record import dumps, loads
from manni.ui import challenge, par_view, tables
from manni.ui.game import Game
from manni.ui.settings import Settings

from engine_support import play_as_easy


def play(game: Game, deals: int | None = None, me_seed: int = 1) -> Game:
    return play_as_easy(game, deals, me_seed)


def finished(variant="classic", level="medium") -> Game:
    g = play(Game.new(Settings(variant=variant, target=5, level=level), seed=21))
    g.match.par, g.match.par_level = {0: 1, 2: -1}, level
    return g


def test_the_link_carries_the_match_and_your_results():
    g = finished()
    g.link_base = "https://x.test/"
    url = challenge.link(g)
    assert url.startswith("https://x.test/?challenge=")
    m = challenge.challenge_match(challenge.parse(url.partition("?")[2]))
    assert (m.rules.name, m.options, m.seed, m.first_dealer) == (
        "classic", g.match.options, 21, g.match.first_dealer)
    pars = {0: 1, 2: -1}
    assert m.challenge == {"level": "medium", "scores": [
        [s[0], pars.get(i)] for i, s in enumerate(g.match.deal_scores)]}
    assert not m.actions
    html = tables.table_html(g)
    assert "data-challenge-link" in html and 'data-action="challenge-copy"' in html
    assert loads(dumps(m)).challenge == m.challenge  # kept with the saved match
    with pytest.raises(RecordError):  # a level the page has not
        loads(dumps(m).replace('"level": "medium", "scores"', '"level": "god", "scores"'))


def encode(data) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


GOOD = {"v": 1, "rules": "classic", "options": {"target": 5}, "level": "easy", "seed": 3,
        "first_dealer": 1, "scores": [[2, 1], [0, None]]}


@pytest.mark.parametrize("text,key", [
    ("%%%", "encoding"), (encode([1, 2]), "encoding"), (encode({**GOOD, "x": 1}), "encoding"),
    (encode({**GOOD, "rules": "poker"}), "game"), (encode({**GOOD, "options": {"target": 99}}), "game"),
    (encode({**GOOD, "level": "god"}), "game"), (encode({**GOOD, "seed": -1}), "game"),
    (encode({**GOOD, "first_dealer": 7}), "game"), (encode({**GOOD, "scores": [[1]]}), "scores"),
    (encode({**GOOD, "scores": [[10 ** 6, 0]]}), "scores"), (encode(GOOD)[:-5], "encoding")])
def test_a_damaged_link_is_refused_with_its_reason(text, key):
    with pytest.raises(challenge.ChallengeError) as e:
        challenge.challenge_match(text)
    assert e.value.key == key


def test_the_challengers_figures_show_only_once_each_deal_is_over():
    m = challenge.challenge_match(encode(GOOD))
    g = Game.from_match(m, Settings())
    assert g.settings.level == "easy"  # the challenge's bots
    assert par_view.claimed(g, 0) is None and "data-claimed" not in tables.table_html(g)
    assert "challenge-note" not in tables.table_html(g)  # the panel shows at a deal's end
    play(g, deals=1)
    assert par_view.claimed(g, 0) == (2, 1) and par_view.claimed(g, 1) is None
    html = tables.table_html(g)
    assert 'data-claimed="2"' in html and "challenge-note" in html
    assert 'class="claimed">+2<' in tables.score_sheet(g)


@pytest.mark.parametrize("variant,level", [("classic", "medium"), ("manille", "easy"),
                                           ("hornafjordur", "medium")])
def test_the_same_cards_meet_the_same_bots(variant, level):
    """Whoever opens the link and plays your cards meets the same bots' cards."""
    first = play(Game.new(Settings(variant=variant, level=level), seed=8), deals=2)
    url_game = Game.from_match(challenge.challenge_match(challenge.payload(first)), Settings())
    second = play(url_game, deals=2)
    assert second.match.actions == first.match.actions


def test_a_deal_of_the_days_challenge_is_the_same_short_match():
    from manni.daily import daily_match
    g = Game.from_match(daily_match("2026-12-07", "classic"), Settings())
    g.settings.level = "easy"
    play(g)
    m = challenge.challenge_match(challenge.payload(g))
    assert m.daily == "2026-12-07" and m.seed == g.match.seed
    assert Game.from_match(m, Settings()).settings.level == "hard"  # the day's own bots
    with pytest.raises(challenge.ChallengeError):
        challenge.challenge_match(encode({**GOOD, "daily": "yesterday"}))
