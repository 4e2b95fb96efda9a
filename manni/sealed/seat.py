"""One page's side of one sealed deal: a state machine driven by messages.

Every message goes to every page (the host's page relays them, in one order) and every
page, the sender's included, takes it with ``receive()``, which returns the messages this
page must send in answer (its shuffle when its turn comes, its decryption shares, the
parlée's answer, its reveal). A player's own decisions go through ``act()``, which returns
the message to send; nothing changes until that message comes back through ``receive()``.

Steps: keys (each with a Schnorr proof) -> shuffles, one seat after the other, from the
dealer's left -> shares (each seat opens every position dealt to another seat, and the
cut or turned card for all) -> the exchange and the tricks (the exchange runs the engine
over positions; a card played is opened with its owner's share) -> reveals -> verdict.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator

from ..actions import Action, Discard, Play, action_from_json
from ..cards import SUIT_MASKS, card_code, cards_of
from ..deal import Deal
from ..errors import IllegalAction, ManniError
from ..match import Layout
from ..rules import RuleSet, get_rules
from ..rules.base import GRAND, Contract
from ..states import Phase
from ..talk import Answer, Ask, COUNT, partner_of
from .audit import Reveal, Transcript, Verdict, audit_steps, engine_actions, missing_reveal
from .curve import (FixedBase, Point, Steps, add_all, drain, mul, mul_g, point_hex,
                    point_of_hex, random_scalar, scalar_hex, scalar_of_hex)
from .elgamal import Cipher, card_of, open_deck, shuffle_steps, unlock
from .errors import SealedError
from .layout import deck_cards, layout_of, positions_of
from .messages import (SIGNED, check_envelope, deck_json, envelope, int_in, list_of,
                       proof_json, read_deck_steps, read_proof, signed_bytes)
from .proofs import (Context, check_key, prove_key, prove_share, prove_shares_steps,
                     share_valid, shares_valid_steps, sign, signature_valid)
from .table_deals import check_own, exchange_deal, tricks_deal

KEYS, SHUFFLE, DEALING, EXCHANGE, PLAY, REVEAL, DONE = (
    "keys", "shuffle", "dealing", "exchange", "play", "reveal", "done")


class SealedSeat:
    """Seat ``seat``'s page in deal ``number`` of table ``table``."""

    def __init__(self, table: str, number: int, seat: int, rules: str | type[RuleSet],
                 options: dict | None, dealer: int, lists: tuple | None = None) -> None:
        self.rules = get_rules(rules)
        self.options = self.rules.resolve_options(options)
        self.seats = n = self.rules.seats
        if not isinstance(table, str) or not 0 < len(table) <= 64:
            raise SealedError("a table id is a text of 1 to 64 characters", "malformed")
        for name, value, top in (("number", number, 10_000), ("seat", seat, n - 1),
                                 ("dealer", dealer, n - 1)):
            int_in(value, 1 if name == "number" else 0, top, f"the {name}")
        self.table, self.number, self.seat, self.dealer = table, number, seat, dealer
        if lists is None:
            lists = self.rules.open_lists([])
        self.lists = lists
        self.cards = deck_cards(self.rules)
        self.positions = positions_of(self.rules, dealer)
        self.shufflers = tuple((dealer + 1 + k) % n for k in range(n))
        self.stage = KEYS
        self.keys: dict[int, Point] = {}
        self.key_tables: dict[int, FixedBase] = {}  # to check the seats' shares faster
        self.joint: FixedBase | None = None
        self.decks: list[list[Cipher]] = [open_deck(self.cards)]
        self.shares: dict[int, dict[int, Point]] = {}  # position -> seat -> its share
        self.sent: set[int] = set()  # positions this page has sent its share of
        self.mine: dict[int, int] = {}  # position -> card: this seat's cards it has opened
        self.shown: dict[int, int] = {}  # position -> card: cards opened for everyone
        self.swap: Deal | None = None  # the engine's deal over positions, for the exchange
        self.tricks: Deal | None = None  # the engine's deal over the cards shown, for play
        self.held: list[int] = list(self.positions.hands)  # positions each seat holds now
        self.pending: tuple[int, Ask] | None = None  # a question waiting for its answer
        self.log: list[tuple] = []
        self.halt: tuple[int, str] | None = None
        self.unplayed = False  # ended before a card was played
        self.reveals: dict[int, Reveal] = {}
        self.verdict: Verdict | None = None
        self._secret = random_scalar()
        self._order: list[int] = []
        self._masks: list[int] = []
        self._halting = False  # this page has asked to stop the deal
        self._own: dict[int, Point] = {}  # position -> this seat's share of its own card
        self._made = 0  # messages this page has made in the deal
        self._taken: list[dict] = []  # every message taken, in order (see saved())
        self._outbox: dict[int, dict] = {}  # number -> a message this page made
        self._trusted = False  # the message being taken is one this page made
        self.heard = [0] * n  # by seat: the number of its last message taken

    # -- reading -----------------------------------------------------------------------
    def context(self, seat: int) -> Context:
        return Context(self.table, self.number, seat)

    @property
    def turn(self) -> int | None:
        """The seat the deal waits for in the exchange and the tricks (the asked partner
        while a question waits for its answer); None before and after."""
        if self.stage == EXCHANGE and self.swap is not None:
            return self.swap.turn
        if self.stage == PLAY and self.tricks is not None:
            if self.pending:
                return partner_of(self.tricks, self.pending[0])
            return self.tricks.turn
        return None

    def hand(self) -> int:
        """The mask of this seat's cards it holds and has opened."""
        return sum(1 << self.mine[p] for p in cards_of(self.held[self.seat]) if p in self.mine)

    def ready(self) -> bool:
        """Has this seat opened every card it holds?"""
        return all(p in self.mine for p in cards_of(self.held[self.seat]))

    def deck(self) -> list[Cipher]:
        return self.decks[-1]

    # -- sending -----------------------------------------------------------------------
    def _msg(self, kind: str, **fields) -> dict:
        self._made += 1
        msg = envelope(self.table, self.number, self.seat, kind, self._made, **fields)
        if kind in SIGNED:
            sig = sign(self._secret, self.keys[self.seat], signed_bytes(msg),
                       self.context(self.seat))
            msg["sig"] = proof_json(sig)
        self._outbox[self._made] = msg
        return dict(msg)

    def start(self) -> list[dict]:
        """The first message: this seat's key for the deal, with its proof."""
        y = mul_g(self._secret)
        proof = prove_key(self._secret, y, self.context(self.seat))
        return [self._msg("key", point=point_hex(y), proof=proof_json(proof))]

    def act(self, action: Action) -> dict:
        """The message for this seat's decision (cards named as cards); SealedError if it
        is not this seat's to take now. Legality is the engine's, on what this page knows."""
        if isinstance(action, Play):
            if self.stage != PLAY or self.turn != self.seat or self.pending:
                raise SealedError("not this seat's turn to play", "not_your_turn")
            where = self._position_of(action.card)
            self._check_own_play(action.card)
            c1 = self.deck()[where][0]
            d = self._own[where]
            proof = prove_share(self._secret, self.keys[self.seat], c1, d, self.context(self.seat))
            return self._msg("play", position=where, share=point_hex(d), proof=proof_json(proof))
        if isinstance(action, Ask):
            self._check_own_ask(action)
            return self._msg("act", action=action.to_json())
        if self.stage != EXCHANGE or self.swap is None:
            raise SealedError("not in the exchange", "exchange_over")
        if isinstance(action, Discard):
            spots = tuple(self._position_of(c) for c in action.cards)
            try:
                self.swap.check(Discard(spots), self.seat)
            except IllegalAction as e:
                raise SealedError(str(e), e.key) from None
            return self._msg("act", action={"discard": list(spots)})
        try:
            self.swap.check(action, self.seat)
        except IllegalAction as e:
            raise SealedError(str(e), e.key) from None
        return self._msg("act", action=action.to_json())

    def _check_own_ask(self, ask: Ask) -> None:
        if self.stage != PLAY or self.tricks is None or self.rules.talk is None or self.pending:
            raise SealedError("no question may be asked now", "ask_out_of_turn")
        check_own(self.tricks, self.seat, self.hand(), ask)

    def _position_of(self, card: int) -> int:
        for p in cards_of(self.held[self.seat]):
            if self.mine.get(p) == card:
                return p
        raise SealedError(f"this seat does not hold {card_code(card)}", "not_held")

    def _check_own_play(self, card: int) -> None:
        """An honest page refuses its own illegal card before anyone sees it."""
        assert self.tricks is not None
        check_own(self.tricks, self.seat, self.hand(), Play(card))

    # -- receiving ---------------------------------------------------------------------
    def receive(self, msg) -> list[dict]:
        """Take one relayed message (this page's own too); the messages to send in answer.
        SealedError (nothing changed) for a message of another table or deal, out of
        turn, or whose proof fails."""
        return drain(self.receive_steps(msg))

    def receive_steps(self, msg) -> Steps:
        """``receive()`` in steps of at most a few curve multiplications each (a page runs
        them in its slices); nothing else may touch this seat until they end."""
        seat, kind = check_envelope(msg, self.table, self.number, self.seats)
        if self.stage == DONE:
            raise SealedError("the deal is over and judged", "done")
        n = msg["n"]
        if n != self.heard[seat] + 1:
            raise SealedError(f"seat {seat}'s message {n} out of order (next is "
                              f"{self.heard[seat] + 1}): replayed or lost", "out_of_order")
        if self.stage == REVEAL and kind not in ("reveal", "halt"):
            self.heard[seat] = n  # sent before the deal stopped, relayed after: no more use
            self._taken.append(msg)
            return []
        # A page checks no proof of a message it made itself, as it made it; anything else
        # claiming to be from its seat is checked like any other seat's.
        self._trusted = seat == self.seat and self._outbox.get(n) == msg
        if kind in SIGNED and not self._trusted:
            if seat not in self.keys or not signature_valid(
                    self.keys[seat], signed_bytes(msg), read_proof(msg["sig"]),
                    self.context(seat), self.key_tables.get(seat)):
                raise SealedError(f"a message not signed by seat {seat}", "bad_signature")
            yield
        handler = {"key": self._on_key, "shuffle": self._on_shuffle, "shares": self._on_shares,
                   "act": self._on_act, "play": self._on_play, "answer": self._on_answer,
                   "halt": self._on_halt, "reveal": self._on_reveal}[kind]
        out = handler(seat, msg)
        if isinstance(out, Generator):
            out = yield from out
        self.heard[seat] = n
        self._taken.append(msg)
        return out

    def _on_key(self, seat: int, msg: dict) -> Steps:
        if self.stage != KEYS or seat in self.keys:
            raise SealedError(f"seat {seat}'s key came twice or late", "out_of_turn")
        y = point_of_hex(msg["point"])
        if not self._trusted:
            check_key(y, read_proof(msg["proof"]), self.context(seat))
            yield
        table = None
        if seat != self.seat:  # (no table for its own key: it checks nothing it made)
            table = yield from FixedBase.steps(y)  # type: ignore[arg-type]
        joint = add_all([*self.keys.values(), y])
        if len(self.keys) + 1 == self.seats and joint is None:
            raise SealedError("the keys cancel out", "bad_key")
        self.keys[seat] = y
        if table is not None:
            self.key_tables[seat] = table
        if len(self.keys) < self.seats:
            return []
        assert joint is not None
        self.joint = yield from FixedBase.steps(joint)
        self.stage = SHUFFLE
        return (yield from self._shuffle_if_mine())

    def _shuffle_if_mine(self) -> Steps:
        if self.shufflers[len(self.decks) - 1] != self.seat:
            return []
        assert self.joint is not None
        if self._order:  # restored: the shuffle was made and sent before
            return []
        deck, self._order, self._masks = yield from shuffle_steps(self.deck(), self.joint)
        return [self._msg("shuffle", deck=deck_json(deck))]

    def _on_shuffle(self, seat: int, msg: dict) -> Steps:
        k = len(self.decks) - 1
        if self.stage != SHUFFLE or self.shufflers[k] != seat:
            raise SealedError(f"not seat {seat}'s turn to shuffle", "out_of_turn")
        deck = yield from read_deck_steps(msg["deck"], len(self.cards))
        if any(c1 is None for c1, _ in deck):
            raise SealedError("a shuffled card must be masked", "malformed")
        self.decks.append(deck)
        if k + 1 < self.seats:
            return (yield from self._shuffle_if_mine())
        self.stage = DEALING
        if self.positions.cut is None:
            self._begin_exchange(None)
        return (yield from self._shares_due())

    def _owed(self, by: int | None = None) -> set[int]:
        """Positions seat ``by`` (this page's by default) must open for others: every
        position another seat holds, and the card shown to all."""
        me = self.seat if by is None else by
        owed = {p for s in range(self.seats) if s != me for p in cards_of(self.held[s])}
        if self.positions.cut is not None:
            owed.add(self.positions.cut)
        return owed

    def _shares_due(self) -> Steps:
        due = sorted(self._owed() - self.sent)
        if not due:
            return []
        pairs = []
        for p in due:
            pairs.append((self.deck()[p][0], mul(self._secret, self.deck()[p][0])))
            yield
        proof = yield from prove_shares_steps(self._secret, self.keys[self.seat], pairs,
                                              self.context(self.seat))
        self.sent.update(due)
        return [self._msg("shares", shares=[[p, point_hex(d)] for p, (_, d) in zip(due, pairs)],
                          proof=proof_json(proof))]

    def _on_shares(self, seat: int, msg: dict) -> Steps:
        if self.stage not in (DEALING, EXCHANGE, PLAY):
            raise SealedError("no shares are due now", "out_of_turn")
        read = []
        for item in list_of(msg["shares"], None, "shares"):
            p, d = list_of(item, 2, "a share")
            p = int_in(p, 0, len(self.cards) - 1, "a position")
            if self.held[seat] >> p & 1 and p != self.positions.cut:
                raise SealedError(f"seat {seat} may not open its own card {p}", "own_share")
            read.append((p, point_of_hex(d)))
        if not read or len({p for p, _ in read}) != len(read):
            raise SealedError("shares name each position once", "malformed")
        pairs = [(self.deck()[p][0], d) for p, d in read]
        proof = read_proof(msg["proof"])
        if not self._trusted and not (yield from shares_valid_steps(
                self.keys[seat], pairs, proof, self.context(seat), self.key_tables.get(seat))):
            raise SealedError(f"seat {seat}'s shares fail their proof", "bad_share")
        for p, share in read:
            self.shares.setdefault(p, {})[seat] = share
        cut = self.positions.cut
        if self.stage == DEALING and cut is not None and len(self.shares.get(cut, ())) == self.seats:
            card = self._open(cut, [])
            if card is None:
                return self._stop(seat, "unreadable_card")
            self.shown[cut] = card
            if self.positions.holder(cut) == self.seat:
                self.mine[cut] = card
                self._own[cut] = self.shares[cut][self.seat]
            self._begin_exchange(card)
        return (yield from self._open_mine())

    def _open(self, position: int, own: list[Point]) -> int | None:
        pt = unlock(self.deck()[position], [*self.shares[position].values(), *own])
        return card_of(pt, self.cards)

    def _open_mine(self) -> Steps:
        """Open this seat's cards whose other shares have all come; a card that opens to
        no card of the deck, or to one opened already, stops the deal."""
        for p in cards_of(self.held[self.seat]):
            got = self.shares.get(p, {})
            if p in self.mine or len({s for s in got if s != self.seat}) < self.seats - 1:
                continue
            others = [d for s, d in got.items() if s != self.seat]
            own = self._own[p] = mul(self._secret, self.deck()[p][0])
            yield
            card = card_of(unlock(self.deck()[p], [*others, own]), self.cards)
            if card is None or card in self.mine.values():
                if self._halting:
                    return []
                self._halting = True
                return [self._msg("halt", reason="unreadable_card")]
            self.mine[p] = card
        return []

    def _begin_exchange(self, cut: int | None) -> None:
        self.swap = exchange_deal(self.rules, self.options, self.number, self.dealer,
                                  self.positions, cut, self.lists)
        self.stage = EXCHANGE
        if self.swap.phase is Phase.PLAY:
            self._begin_play()

    def _begin_play(self) -> None:
        assert self.swap is not None
        self.held = list(self.swap.hands)
        self.tricks = tricks_deal(self.swap, self.lists)
        self.stage = PLAY

    def _on_act(self, seat: int, msg: dict) -> Steps:
        raw = msg["action"]
        if isinstance(raw, dict) and set(raw) == {"discard"}:
            spots = list_of(raw["discard"], None, "discard")
            action: Action = Discard(tuple(int_in(p, 0, len(self.cards) - 1, "a position")
                                           for p in spots))
        else:
            try:
                action, named = action_from_json(raw, self.seats)
            except ManniError as e:
                raise SealedError(str(e), "malformed") from None
            if named is not None or isinstance(action, (Play, Discard)):
                raise SealedError("an act names no seat, and plays come as plays", "malformed")
        if isinstance(action, Ask):
            return self._on_ask(seat, action)
        yield
        if self.stage != EXCHANGE or self.swap is None:
            raise SealedError("not in the exchange", "out_of_turn")
        try:
            self.swap.apply(action, seat)
        except IllegalAction as e:
            raise SealedError(f"seat {seat}: {e}", e.key) from None
        self.log.append(("act", seat, action))
        self.held = list(self.swap.hands)
        if self.swap.phase is Phase.PLAY:
            self._begin_play()
        out = yield from self._shares_due()
        return out + (yield from self._open_mine())

    def _on_ask(self, seat: int, ask: Ask) -> list[dict]:
        talk = self.rules.talk
        if self.stage != PLAY or self.tricks is None or talk is None or self.pending:
            raise SealedError("no question may be asked now", "ask_out_of_turn")
        try:
            talk.check(self.tricks, seat, ask)
        except IllegalAction as e:
            raise SealedError(f"seat {seat}: {e}", e.key) from None
        self.pending = (seat, ask)
        if partner_of(self.tricks, seat) != self.seat:
            return []
        return [self._msg("answer", value=self.answer(ask))]

    def answer(self, ask: Ask) -> int | bool:
        """The true answer from this seat's hand (a dishonest page would change this)."""
        hand = self.hand()
        if ask.kind == COUNT:
            return (hand & SUIT_MASKS[ask.subject]).bit_count()
        return bool(hand >> ask.subject & 1)

    def _on_answer(self, seat: int, msg: dict) -> list[dict]:
        if self.pending is None or self.tricks is None \
                or partner_of(self.tricks, self.pending[0]) != seat:
            raise SealedError(f"seat {seat} was asked nothing", "out_of_turn")
        asker, ask = self.pending
        value = msg["value"]
        if ask.kind == COUNT:
            value = int_in(value, 0, self.rules.hand_size, "a count")
        elif not isinstance(value, bool):
            raise SealedError("the answer is true or false", "malformed")
        deal = self.tricks
        deal.answers = deal.answers + (Answer(len(deal.history), asker, seat, ask, value),)
        self.log.append(("ask", asker, ask, value))
        self.pending = None
        return []

    def _on_play(self, seat: int, msg: dict) -> list[dict]:
        deal = self.tricks
        if self.stage != PLAY or deal is None or self.pending or deal.turn != seat:
            raise SealedError(f"not seat {seat}'s turn to play", "not_your_turn")
        p = int_in(msg["position"], 0, len(self.cards) - 1, "a position")
        if not self.held[seat] >> p & 1:
            raise SealedError(f"seat {seat} does not hold position {p}", "not_held")
        share = point_of_hex(msg["share"])
        c1 = self.deck()[p][0]
        if not self._trusted and not share_valid(self.keys[seat], c1, share,
                                                 read_proof(msg["proof"]),
                           self.context(seat), self.key_tables.get(seat)):
            raise SealedError(f"seat {seat}'s share of its card fails its proof", "bad_share")
        got = self.shares.get(p, {})
        if len({s for s in got if s != seat}) < self.seats - 1:
            raise SealedError(f"position {p} is not open to its holder yet", "not_open")
        others = [d for s, d in got.items() if s != seat]
        card = card_of(unlock(self.deck()[p], [*others, share]), self.cards)
        self.shares.setdefault(p, {})[seat] = share
        if card is None or deal.played >> card & 1:
            return self._stop(seat, "unreadable_card")
        self.held[seat] &= ~(1 << p)
        self.shown[p] = card
        deal.play(card)
        self.log.append(("play", seat, p, card))
        if deal.phase is Phase.OVER:
            return self._reveal()
        return []

    def end_unplayed(self) -> list[dict]:
        """The deal ends before a card is played (Manille's bonus won the manche): every
        page calls this itself, and reveals."""
        if self.stage != PLAY or self.log:
            raise SealedError("the deal is under way", "out_of_turn")
        self.unplayed = True
        return self._reveal()

    def _stop(self, seat: int, reason: str) -> list[dict]:
        self.halt = (seat, reason)
        return self._reveal()

    def _on_halt(self, seat: int, msg: dict) -> list[dict]:
        if self.stage == REVEAL:
            return []  # stopped already
        if self.stage not in (DEALING, EXCHANGE, PLAY):
            raise SealedError("nothing to stop", "out_of_turn")
        reason = msg["reason"]
        if not isinstance(reason, str) or not reason.isidentifier() or len(reason) > 40:
            raise SealedError("a halt's reason is a word", "malformed")
        return self._stop(seat, reason)

    # -- the end of the deal -------------------------------------------------------------
    def _reveal(self) -> list[dict]:
        self.stage = REVEAL
        return [self._msg("reveal", secret=scalar_hex(self._secret), order=list(self._order),
                          masks=[scalar_hex(m) for m in self._masks])]

    def _on_reveal(self, seat: int, msg: dict) -> Steps:
        if self.stage != REVEAL or seat in self.reveals:
            raise SealedError("no reveal is due now", "out_of_turn")
        size = len(self.cards)
        order = tuple(int_in(i, 0, size - 1, "an order's entry")
                      for i in list_of(msg["order"], size, "order"))
        masks = tuple(scalar_of_hex(m) for m in list_of(msg["masks"], size, "masks"))
        reveals = {**self.reveals, seat: Reveal(scalar_of_hex(msg["secret"]), order, masks)}
        if len(reveals) == self.seats:
            assert self.joint is not None
            self.verdict = yield from audit_steps(self.transcript(), reveals, self.joint,
                                                  self.seat)
            self.stage = DONE
        self.reveals = reveals
        return []

    def transcript(self) -> Transcript:
        return Transcript(self.rules, self.options, self.number, self.dealer, self.lists,
                          dict(self.keys), self.shufflers, self.decks, list(self.log), self.halt,
                          self.contract(), self.unplayed)

    def contract(self) -> Contract:
        """The deal's contract as the table knows it (before the cut is shown: Grand)."""
        deal = self.tricks or self.swap
        if deal is not None:
            return deal.contract
        try:
            return self.rules.contract(self.number, None)
        except ManniError:
            return GRAND

    def record(self) -> tuple[Layout, list[tuple[Action, int]]]:
        """Once the verdict has the pack: the deal's layout and its actions, (action, seat),
        as ``Match(layouts=…)`` and ``Match.apply`` take them."""
        if self.verdict is None or self.verdict.pack is None:
            raise SealedError("the deal's pack is not known yet", "out_of_turn")
        pack = list(self.verdict.pack)
        return layout_of(self.rules, self.dealer, pack), engine_actions(self.log, pack)

    def waiting_for(self) -> list[int]:
        """The seats whose pages the deal waits for (a key, a shuffle, shares owed, an
        answer, a reveal), not for a player's decision: what the host's clock may time out."""
        n = range(self.seats)
        if self.stage == KEYS:
            return [s for s in n if s not in self.keys]
        if self.stage == SHUFFLE:
            return [self.shufflers[len(self.decks) - 1]]
        if self.stage == REVEAL:
            return [s for s in n if s not in self.reveals]
        if self.stage == DONE:
            return []
        late = [s for s in n if any(s not in self.shares.get(p, {}) for p in self._owed(s))]
        if self.pending is not None and self.tricks is not None:
            late.append(partner_of(self.tricks, self.pending[0]))
        return sorted(set(late))

    def time_out(self, seat: int | None = None) -> Verdict:
        """The host's clock ran out on the pages the deal waits for: ``seat`` (by default
        the first of them) forfeits (``no_reveal`` at the end of the deal, ``stalled``)."""
        late = self.waiting_for()
        if not late or seat is not None and seat not in late:
            raise SealedError("the deal waits for no such page", "out_of_turn")
        if seat is not None:
            late = [seat]
        self.verdict = missing_reveal(self.transcript(), late,
                                      "no_reveal" if self.stage == REVEAL else "stalled")
        self.stage = DONE
        return self.verdict

    def fingerprint(self) -> str:
        """A short digest of the deal's keys, the same on every page that sees the same
        keys: players who read it to each other know no relay showed them different ones."""
        if len(self.keys) < self.seats:
            raise SealedError("the keys are not all in", "out_of_turn")
        h = hashlib.sha256(f"{self.table}|{self.number}".encode())
        for s in range(self.seats):
            h.update(bytes.fromhex(point_hex(self.keys[s])))
        digest = h.hexdigest()
        return f"{digest[:4]}-{digest[4:8]}"
