"""A dishonest page at a sealed table: every honest page catches it, with one verdict."""
from __future__ import annotations

import pytest

from manni.actions import Play
from manni.cards import cards_of
from manni.sealed.curve import random_scalar
from manni.sealed.elgamal import remask
from manni.sealed.errors import SealedError
from manni.sealed.messages import deck_json, proof_json, read_deck, signed_bytes
from manni.sealed.proofs import sign
from manni.sealed.seat import SealedSeat

from sealed_support import Table


class NoSelfCheck(SealedSeat):
    """Plays whatever card it is told to, legal or not."""

    def _check_own_play(self, card):
        return None


class Liar(SealedSeat):
    """Answers every count one too many."""

    def answer(self, ask):
        value = super().answer(ask)
        return value + 1 if not isinstance(value, bool) else not value


class Stacker(SealedSeat):
    """Its shuffle puts a second copy of the top card in place of the next one."""

    def _shuffle_if_mine(self):
        out = yield from super()._shuffle_if_mine()
        if out:
            deck = read_deck(out[0]["deck"], len(self.cards))
            deck[1] = remask([deck[0]], [0], [random_scalar()], self.joint)[0]
            out[0]["deck"] = deck_json(deck)
            resign(self, out[0])
        return out


def resign(page, msg):
    """Sign ``msg`` again after changing it, as its own page would."""
    msg["sig"] = proof_json(sign(page._secret, page.keys[page.seat], signed_bytes(msg),
                                 page.context(page.seat)))


def _honest_verdicts(table, cheat):
    verdicts = [p.verdict for p in table.pages if p.seat != cheat]
    assert len(set(verdicts)) == 1
    return verdicts[0]


@pytest.mark.parametrize("rules", ["classic", "manille"])
def test_an_illegal_card_is_caught_at_the_end_of_the_deal(rules):
    cheat = 2
    table = Table(rules, pages={cheat: NoSelfCheck}, seed=5, questions=False)
    table.flush()
    cheated = False
    while not all(p.stage == "done" for p in table.pages):
        page = table.pages[cheat]
        if not cheated and page.stage == "play" and page.turn == cheat and page.tricks.trick:
            wrong = page.hand() & ~table.legal_cards(cheat)
            if wrong:
                table.post([page.act(Play(cards_of(wrong)[0]))])
                table.flush()
                cheated = True
                continue
        table.step()
    assert cheated
    verdict = _honest_verdicts(table, cheat)
    assert verdict.offender == cheat
    if rules == "classic":
        assert verdict.reason == "must_follow"
        assert verdict.score == (2, 2, 0)  # the others share the tricks (docs/rules-notes.md)
    else:  # Manille's climb: the deal is annulled, the other side scores 34
        assert verdict.reason in ("must_follow", "must_beat", "must_trump", "must_overtrump")
        assert verdict.score == (0, 34)  # seat 2 is on side 0
    assert table.pages[cheat].verdict == verdict  # the cheat's own page says so too


def test_a_false_answer_in_the_parlee_is_caught():
    # dealer 1: seat 2 leads the first trick and asks its partner, seat 0, the liar
    table = Table("manille", pages={0: Liar}, dealer=1, seed=2)
    verdicts = table.play_out()
    assert len(set(verdicts)) == 1
    assert (verdicts[0].offender, verdicts[0].reason) == (0, "false_answer")
    assert verdicts[0].score == (0, 34)  # annulled: the other side scores 34


def test_a_card_swapped_in_a_shuffle_is_caught():
    cheat = 0  # dealer 1: seat 0 shuffles last
    table = Table("classic", pages={cheat: Stacker}, seed=4)
    table.play_out()
    verdict = _honest_verdicts(table, cheat)
    assert (verdict.offender, verdict.reason) == (cheat, "bad_shuffle")


def test_a_page_that_refuses_to_reveal_forfeits():
    table = Table("manille", seed=9)
    table.drop.add((3, "reveal"))
    table.play_out()
    assert all(p.stage == "reveal" and p.waiting_for() == [3] for p in table.pages)
    verdicts = [p.time_out() for p in table.pages if p.seat != 3]
    assert len(set(verdicts)) == 1
    assert (verdicts[0].offender, verdicts[0].reason) == (3, "no_reveal")


def test_a_message_of_another_deal_or_table_is_refused():
    first = Table("classic", number=1, seed=1)
    first.flush()
    second = Table("classic", number=2, seed=1)
    page = second.pages[0]
    old_key = next(m for m in first.sent if m["kind"] == "key" and m["seat"] == 1)
    with pytest.raises(SealedError) as e:
        page.receive(old_key)
    assert e.value.key == "other_deal" and "deal 1" in str(e.value)
    # relabelled for this deal, its proof no longer holds: proofs are bound to the deal
    with pytest.raises(SealedError) as e:
        page.receive({**old_key, "deal": 2})
    assert e.value.key == "bad_key"
    with pytest.raises(SealedError) as e:
        page.receive({**old_key, "table": "f" * 32})
    assert e.value.key == "other_table"
    assert page.keys == {}


def test_a_false_share_is_refused_and_changes_nothing():
    table = Table("classic", seed=6)
    while not any(m["kind"] == "shares" for m in table.queue):  # relay up to the first shares
        m = table.queue.pop(0)
        table.sent.append(m)
        for p in table.pages:
            table.post(p.receive(m))
    msg = next(m for m in table.queue if m["kind"] == "shares")
    bad = {**msg, "shares": [list(x) for x in msg["shares"]]}
    bad["shares"][0][1], bad["shares"][1][1] = bad["shares"][1][1], bad["shares"][0][1]
    page = table.pages[(msg["seat"] + 1) % 3]
    with pytest.raises(SealedError) as e:
        page.receive(bad)
    assert e.value.key == "bad_share"
    assert msg["seat"] not in {s for got in page.shares.values() for s in got}


def test_a_page_that_stops_a_fair_deal_is_the_one_at_fault():
    table = Table("classic", seed=8)
    table.play_out(until=lambda t: t.pages[0].stage == "play")
    table.post([table.pages[1]._msg("halt", reason="unreadable_card")])
    table.flush()
    verdicts = [p.verdict for p in table.pages]
    assert len(set(verdicts)) == 1
    assert (verdicts[0].offender, verdicts[0].reason) == (1, "false_halt")


def test_a_play_out_of_turn_or_of_a_card_not_held_is_refused():
    table = Table("classic", seed=12)
    table.play_out(until=lambda t: t.pages[0].stage == "play")
    turn = table.pages[0].turn
    other = table.pages[(turn + 1) % 3]
    with pytest.raises(SealedError) as e:
        other.act(Play(next(iter(other.mine.values()))))
    assert e.value.key == "not_your_turn"
    forged = {**table.pages[turn].act(Play(table.pages[turn].mine[
        cards_of(table.pages[turn].held[turn])[0]])), "seat": (turn + 1) % 3}
    with pytest.raises(SealedError) as e:
        table.pages[0].receive(forged)
    assert e.value.key == "not_your_turn"


def test_the_relay_cannot_forge_or_replay_a_seats_decisions():
    # Manille, dealer 1: seat 2 leads and asks seat 0 a question before the first trick
    table = Table("manille", dealer=1, seed=2)
    table.play_out(until=lambda t: any(m["kind"] == "answer" for m in t.sent))
    page = table.pages[1]
    ask = next(m for m in table.sent if m["kind"] == "act" and "ask" in m["action"])
    answer = next(m for m in table.sent if m["kind"] == "answer")
    # another answer put in seat 0's mouth, or seat 2's question sent as seat 3's
    for forged in ({**answer, "value": answer["value"] + 1, "n": page.heard[0] + 1},
                   {**ask, "seat": 3, "n": page.heard[3] + 1}):
        with pytest.raises(SealedError) as e:
            page.receive(forged)
        assert e.value.key == "bad_signature"
    # the same question and answer again, later in the deal: old numbers, refused
    for old in (ask, answer):
        with pytest.raises(SealedError) as e:
            page.receive(old)
        assert e.value.key == "out_of_order"
    assert len(page.tricks.answers) == 1


def test_a_page_that_withholds_its_shares_is_waited_for_and_forfeits():
    table = Table("classic", seed=10)
    table.drop.add((2, "shares"))
    table.flush()
    for page in table.pages:
        assert page.stage == "exchange" and page.waiting_for() == [2]
    honest = [p.time_out() for p in table.pages[:2]]
    assert len(set(honest)) == 1
    assert (honest[0].offender, honest[0].reason) == (2, "stalled")


def test_a_page_checks_a_message_in_its_own_name_that_it_did_not_make():
    table = Table("classic", seed=13)
    table.play_out(until=lambda t: t.pages[0].stage == "exchange")
    page = table.pages[0]
    turn = page.turn
    victim = table.pages[turn]
    made = victim.act(victim.swap.legal_actions()[0])
    forged = {**made, "action": {"take": not made["action"].get("take", False)}}
    with pytest.raises(SealedError) as e:
        victim.receive(forged)  # the relay's version of the victim's own decision
    assert e.value.key == "bad_signature"
    victim.receive(made)  # its own, as it made it


def test_a_message_sent_before_a_halt_and_relayed_after_it_is_let_go():
    table = Table("classic", seed=14)
    table.play_out(until=lambda t: t.pages[0].stage == "exchange")
    turn = table.pages[0].turn
    act = table.pages[turn].act(table.pages[turn].swap.legal_actions()[1])  # keep
    other = (turn + 1) % 3
    table.post([table.pages[other]._msg("halt", reason="unreadable_card"), act])
    table.flush()
    verdicts = {p.verdict for p in table.pages}
    assert len(verdicts) == 1
    (verdict,) = verdicts
    assert (verdict.offender, verdict.reason) == (other, "false_halt")
