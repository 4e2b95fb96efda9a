"""The table for Trjámann and Laugavatnsmanni, in pure Python (no browser): settings, the
declaration panel, the contract and declarer, the lists on the score sheet, a whole match
through the Game's taps."""
from __future__ import annotations

import re

from manni.cards import card_code, cards_of
from manni.record import dumps
from manni.match import Match
from manni.rules.declared import Declare, Overcall
from manni.ui import render
from manni.ui.game import Game
from manni.ui.settings import Settings
from manni.ui.sheet import score_sheet


def _game(variant="laugavatn", seed=3, **kw) -> Game:
    return Game.new(Settings(variant=variant, level="easy", **kw), seed=seed)


def test_settings_give_each_rule_set_only_its_options():
    assert Settings(variant="trjamann", exchange="draw").rules_and_options() == \
        ("trjamann", {"exchange": "draw"})
    assert Settings(variant="laugavatn", overcalls=False).rules_and_options() == \
        ("laugavatn", {"exchange": "pickup", "overcalls": False})
    assert Settings(variant="classic", target=7).rules_and_options() == \
        ("classic", {"target": 7})
    s = Settings.from_dict({"variant": "laugavatn", "exchange": "swap", "overcalls": "false"})
    assert (s.variant, s.exchange, s.overcalls) == ("laugavatn", "pickup", False)
    rec = dumps(Match("laugavatn", {"overcalls": False, "exchange": "draw"}, seed=4))
    g = Game.from_record_text(rec, Settings())
    assert (g.settings.variant, g.settings.exchange, g.settings.overcalls) == ("laugavatn", "draw", False)


def _forehand_seed(rules: str) -> int:
    """A seed whose first deal has seat 2 dealing, so that you (seat 0) declare."""
    return next(s for s in range(100) if Match(rules, seed=s).first_dealer == 2)


def _to_my_declaration(g: Game) -> None:
    while g.view.turn != 0 or g.view.stage not in ("declare", "overcall"):
        assert g.play_opponent_now()


def test_the_declaration_panel_lists_my_contracts_with_their_meaning_and_everyones_list():
    g = _game(seed=3)
    _to_my_declaration(g)
    v = g.view
    html = render.action_bar(g)
    calls = re.findall(r'data-action="(declare|overcall|pass)"(?: data-contract="(\w+)")?', html)
    expected = [("pass", "") if a.contract is None else
                ("declare" if isinstance(a, Declare) else "overcall", a.contract) for a in v.choices]
    assert calls == expected
    assert "You score your tricks − 8, the others theirs − 4." in html
    assert "aces low. You score 4 − your tricks, the others 6 − theirs." in html
    assert html.count('<tr data-seat=') == 3 and 'class="lists"' in html
    status = render.status_text(g)
    if v.stage == "declare":
        assert status == "Your declaration: choose a contract from your list."
    else:
        assert status.endswith("Take over with a contract of your list, or pass.")
    # Undeclared yet, or declared by someone: the contract box says which.
    box = render.contract_box(v, g.t)
    if v.stage == "declare":
        assert "Not declared yet" in box
    else:
        assert f'data-declarer="{v.contract.declarer}"' in box


def test_declaring_shows_the_contract_and_declarer_and_ticks_the_list():
    g = _game(variant="trjamann", seed=_forehand_seed("trjamann"))
    _to_my_declaration(g)
    assert g.declare("spades")
    assert g.announcements[-1] == "You declare Trumps: spades."
    box = render.contract_box(g.view, g.t)
    assert "declared by You" in box and 'data-declarer="0"' in box
    assert 'class="declarer-chip"' in render.seat_panel(g.view, 0, g)
    assert not g.declare("nolo")  # the exchange goes on: no second declaration
    sheet = score_sheet(g)
    assert 'data-entry="spades"' in sheet and "Spades: declared in deal" in sheet


def test_pickup_and_lay_away_through_taps():
    g = _game(variant="trjamann", seed=_forehand_seed("trjamann"))
    _to_my_declaration(g)
    g.declare("grand")
    assert g.view.stage == "pickup" and 'data-action="take-manni"' in render.action_bar(g)
    assert g.take_manni()
    v = g.view
    assert v.stage == "lay_away" and len(cards_of(v.hand)) == 20
    assert ' many' in render.hand_html(g) and "Lay 4 cards away" in render.action_bar(g)
    codes = [card_code(c) for c in cards_of(v.hand)]
    for code in codes[:3]:
        assert g.tap_card(code)
    assert not g.confirm_discard() and g.notice == "Lay exactly 4 cards away."
    assert g.tap_card(codes[3]) and g.confirm_discard()
    assert g.phase == "play" and len(cards_of(g.view.hand)) == 16


def test_a_whole_match_through_the_game_with_overcalls_and_hints():
    g = _game(variant="laugavatn", seed=5)
    taps = {"overcall": 0, "pass": 0}
    while g.phase != "match-over":
        render.table_html(g)
        if g.phase == "deal-over":
            assert g.next_deal()
            continue
        if g.bot_seat() is not None:
            g.play_opponent_now()
            continue
        v = g.view
        if v.stage == "overcall":
            named = [a for a in v.choices if a.contract is not None]
            if named and taps["overcall"] <= taps["pass"]:
                assert g.overcall(named[0].contract)
                taps["overcall"] += 1
            else:
                assert g.overcall(None)
                taps["pass"] += 1
        elif v.stage == "declare":
            assert g.declare(v.choices[0].contract)
        elif v.stage == "pickup":
            assert g.keep_hand()
        elif v.phase == "exchange":
            for c in cards_of(v.hand)[:v.discard_limit]:
                g.tap_card(card_code(c))
            assert g.confirm_discard()
        else:
            assert g.tap_card(card_code(cards_of(v.legal)[0]))
    assert taps["overcall"] and taps["pass"]
    assert len(g.match.deals) == 18
    sheet = score_sheet(g)
    assert sheet.count('class="ticked"') == 18 and 'class="open"' not in sheet
    assert "every contract once: 18 deals" in sheet


def test_hint_names_a_declaration():
    g = _game(variant="laugavatn", seed=3)
    _to_my_declaration(g)
    g.set_hint(Overcall(None), [("overcall_pass", {"gain": 0.2})])
    assert g.hinted_action() == "pass" and 'class="choice hinted"' in render.action_bar(g)
    assert g.hint_text() == "Hint: pass — no contract on your list gains enough now (best +0.20)."
