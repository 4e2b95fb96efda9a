"""Whole sealed deals of every rule set, three or four pages in one process: each page
opens only its own cards, never holds another seat's unplayed card, and every page
reaches the same verdict at the end."""
from __future__ import annotations

import pytest

from manni import Match
from manni.actions import Discard
from manni.cards import cards_of
from manni.sealed.curve import FixedBase, mul, point_hex
from manni.sealed.saving import restore, saved

from sealed_support import Table


def _walk(obj, ints, strs, seen):
    if id(obj) in seen or isinstance(obj, (type, FixedBase)) or callable(obj) \
            and not hasattr(obj, "__dict__"):
        return  # (a FixedBase holds multiples of a public point only)
    seen.add(id(obj))
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        ints.add(obj)
    elif isinstance(obj, str):
        strs.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _walk(k, ints, strs, seen)
            _walk(v, ints, strs, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _walk(v, ints, strs, seen)
    else:
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                _walk(getattr(obj, name), ints, strs, seen)
        for v in getattr(obj, "__dict__", {}).values():
            _walk(v, ints, strs, seen)


class Privacy:
    """After every message: no page holds another seat's secret, nor the share that alone
    is missing to open another seat's unplayed card, nor such a card in what it opened."""

    def __init__(self):
        self.owner_shares = None  # (seat, position) -> the holder's own share x·C1
        self.checks = 0

    def __call__(self, table):
        pages = table.pages
        if self.owner_shares is None and len(pages[0].decks) == len(pages) + 1:
            deck = pages[0].deck()
            self.owner_shares = {(s, p): mul(pages[s]._secret, deck[p][0])
                                 for s in range(len(pages)) for p in range(len(deck))}
        if any(p.stage in ("reveal", "done") for p in pages):
            return  # the deal is over: its secrets are public now
        for page in pages:
            ints, strs = set(), set()
            # the decks and the messages taken are what every page received: public
            _walk({k: v for k, v in vars(page).items() if k not in ("decks", "_taken")},
                  ints, strs, set())
            for other in pages:
                if other is page:
                    continue
                assert other._secret not in ints
                unplayed = cards_of(page.held[other.seat])
                if self.owner_shares is not None:
                    for p in unplayed:
                        if p == page.positions.cut:
                            continue
                        share = self.owner_shares[(other.seat, p)]
                        assert share[0] not in ints and point_hex(share) not in strs
                assert not set(unplayed) & (set(page.mine) | set(page.shown)) - {page.positions.cut}
            own = set().union(*(cards_of(h) for h in (page.positions.hands[page.seat],
                                                       page.held[page.seat])))
            if page.swap is not None:
                own |= set(cards_of(page.swap.out[page.seat]))
            assert set(page.mine) - set(page.shown) <= own
            self.checks += 1


VARIANTS = [("classic", {}), ("hornafjordur", {}), ("trjamann", {}),
            ("trjamann", {"exchange": "draw"}), ("laugavatn", {}), ("manille", {})]


@pytest.mark.parametrize("rules,options", VARIANTS,
                         ids=["classic", "hornafjordur", "trjamann", "trjamann-draw",
                              "laugavatn", "manille"])
def test_a_whole_deal_keeps_every_hand_to_its_page_and_ends_fair(rules, options):
    watch = Privacy()
    table = Table(rules, options, watch=watch, seed=len(rules))
    verdicts = table.play_out()
    assert watch.checks > 50
    assert len(set(verdicts)) == 1 and verdicts[0].fair
    assert len(verdicts[0].score) == len(table.rules.sides)  # the replayed deal's own score
    # the engine's Match, given the revealed layout, replays the deal to the same score
    layout, actions = table.pages[1].record()
    match = Match(rules, options, first_dealer=1, layouts=[layout])
    for action, seat in actions:
        match.apply(action, seat)
    assert tuple(match.deal_scores[0]) == verdicts[0].score
    pack = verdicts[0].pack
    # every page opened exactly the cards its seat held, as the revealed pack deals them
    lay = table.pages[0].positions
    for page in table.pages:
        assert {pack[p] for p in page.mine} >= {pack[p] for p in cards_of(lay.hands[page.seat])}
    # the cards played are the deal's cards: as many as the tricks hold
    deal = table.pages[0].tricks
    assert len(deal.history) == table.rules.hand_size
    assert sorted(c for t in deal.history for c in t[1]) == sorted(table.pages[0].shown[p]
                                                                  for p in table.pages[0].shown
                                                                  if p != lay.cut or
                                                                  any(p == e[2] for e in
                                                                      table.pages[0].log
                                                                      if e[0] == "play"))


def test_the_undrawn_manni_and_the_discards_stay_shut_during_the_deal():
    table = Table("hornafjordur", seed=3)
    table.flush()
    while table.pages[0].stage == "exchange":  # each seat discards two cards and draws two
        page = table.pages[table.pages[0].turn]
        hidden = sorted(c for p, c in page.mine.items() if p != page.positions.cut)
        table.post([page.act(Discard(tuple(hidden[:2])))])
        table.flush()
    page = table.pages[0]
    out = set(cards_of(sum(page.swap.out)))
    undrawn = set(page.swap.manni)
    assert undrawn  # Hornafjörður never draws the whole Manni
    n = len(table.pages)
    for p in table.pages:
        assert not undrawn & set(p.shares)  # nobody sent a share of the undrawn Manni
        assert all(len(p.shares[q]) < n for q in out)  # the holder's own share stays home
        theirs = out - set(cards_of(p.swap.out[p.seat]))
        assert not (undrawn | theirs) & (set(p.mine) | set(p.shown))


def test_manille_turned_card_and_hornafjordur_cut_are_opened_for_all():
    for rules in ("manille", "hornafjordur"):
        table = Table(rules, seed=11)
        table.flush()
        cut = table.pages[0].positions.cut
        shown = {p.shown[cut] for p in table.pages}
        assert len(shown) == 1
        assert {p.swap.cut for p in table.pages} == shown


def test_a_manille_deal_its_bonus_ends_unplayed_is_still_checked():
    table = Table("manille", seed=5)
    table.flush()
    for page in table.pages:
        table.post(page.end_unplayed())
    table.flush()
    verdicts = {p.verdict for p in table.pages}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert verdict.fair and verdict.score == (0, 0)


def test_an_honest_page_refuses_its_own_illegal_decisions():
    from manni.actions import Discard, Take
    from manni.errors import ManniError
    table = Table("hornafjordur", seed=2)
    table.flush()
    turn = table.pages[0].turn
    page, other = table.pages[turn], table.pages[(turn + 1) % 3]
    with pytest.raises(ManniError) as e:
        page.act(Discard(tuple(sorted(page.mine.values())[:8])))  # the first may discard 7
    assert e.value.key == "discard_limit"
    with pytest.raises(ManniError) as e:
        other.act(Discard(()))
    assert e.value.key == "not_your_turn"
    with pytest.raises(ManniError):
        page.act(Take())


def test_an_honest_page_asks_no_question_about_its_own_card():
    from manni.errors import ManniError
    from manni.talk import HAS, Ask
    table = Table("manille", dealer=1, seed=5)
    table.flush()
    leader = table.pages[2]
    with pytest.raises(ManniError) as e:
        leader.act(Ask(HAS, cards_of(leader.hand())[0]))
    assert e.value.key == "ask_own_card"


def test_a_page_reloaded_mid_deal_is_itself_again():
    import json
    table = Table("trjamann", seed=4)
    table.play_out(until=lambda t: len(t.pages[0].log) >= 8)  # the exchange and some tricks
    page = table.pages[1]
    kept = json.loads(json.dumps(saved(page)))
    again = restore(kept, page.table, page.number, 1, "trjamann", None, page.dealer)
    assert again.hand() == page.hand() and again.heard == page.heard
    assert again.stage == page.stage and again.fingerprint() == page.fingerprint()
    table.pages[1] = again
    verdicts = table.play_out()
    assert len(set(verdicts)) == 1 and verdicts[0].fair
    assert len({p.fingerprint() for p in table.pages}) == 1
