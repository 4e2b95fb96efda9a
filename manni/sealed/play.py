"""One page's run of a sealed match: the seats it plays, the deals judged so far, the deal
under way.

A guest's page plays its own seat; the host's page its own and the computer seats. Every
message relayed goes to ``take()`` on every page in the host's order; a page's seats start
each deal by themselves once the one before is judged, so the next shuffle runs while the
last result is shown. A fair verdict adds the deal, its pack now known, to ``match`` (the
engine's match of the judged deals: scores, manches, records); a deal found unfair is added
scored by its verdict's penalty (``RuleSet.violation_score``), and the match goes on.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..actions import Action, action_from_json
from ..errors import ManniError
from ..match import Layout, Match
from ..rules import RuleSet, get_rules
from .audit import Verdict
from .curve import Steps, drain
from .elgamal import warm_steps
from .errors import SealedError
from .layout import deck_cards, layout_of
from .messages import int_in, list_of
from .saving import restore_steps, saved
from .seat import DONE, SealedSeat


class SealedPlay:
    """The sealed match as the page that plays ``local`` (its seats) knows it."""

    def __init__(self, table: str, rules: str | type[RuleSet], options: dict | None,
                 first_dealer: int, local: tuple[int, ...]) -> None:
        self.table = table
        self.rules = get_rules(rules)
        self.options = self.rules.resolve_options(options)
        n = self.rules.seats
        int_in(first_dealer, 0, n - 1, "the first dealer")
        if not local or any(not 0 <= s < n for s in local):
            raise SealedError("a page plays one seat or more of the table", "malformed")
        self.first_dealer = first_dealer
        self.local = tuple(sorted(set(local)))
        self.packs: list[tuple[int, ...] | None] = []  # each judged deal's pack (None: unknown)
        self.penalties: list[Verdict | None] = []  # each judged deal's verdict if unfair
        self.actions: list[list[tuple[Action, int]]] = []  # each judged deal's, in order
        self.match: Match | None = None  # the judged deals (None before the first verdict)
        self.verdicts: list[Verdict] = []
        self.pages: dict[int, SealedSeat] = {}  # the deal under way, by local seat
        self.last: SealedSeat | None = None  # the last deal judged, its first local page
        self.opened = 1  # the deal the table shows (the host opens the next one)
        self.redeals = 0  # deals the host's clock annulled (each dealt again, a new id)
        self.forfeits: list[tuple[int, int]] = []  # (deal, seat): the clock ran out on a reveal

    # -- reading -----------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The deal under way (or next)."""
        return len(self.packs) + 1

    @property
    def dealer(self) -> int:
        return (self.first_dealer + len(self.packs)) % self.rules.seats

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.finished

    @property
    def broken(self) -> Verdict | None:
        """The last deal judged, if it was found unfair (shown until the next verdict)."""
        return self.verdicts[-1] if self.verdicts and not self.verdicts[-1].fair else None

    @property
    def finished(self) -> bool:  # (as a Match says it: HostTable.propose_again)
        return self.over

    def deal_id(self) -> str:
        """The id the deal under way is bound to: the table's, then the redeal's count."""
        return self.table if not self.redeals else f"{self.table}/{self.redeals}"

    def waiting_for(self) -> list[int]:
        """The seats whose pages the deal under way waits for (not for a decision)."""
        page = self.page()
        return page.waiting_for() if page is not None else []

    def page(self) -> SealedSeat | None:
        """The first local seat's page of the deal under way."""
        return next(iter(self.pages.values()), None)

    def live(self) -> SealedSeat | None:
        """The deal under way, once dealt and opened at the table (until it is judged)."""
        page = self.page()
        if page is None or page.number > self.opened or page.stage in ("keys", "shuffle",
                                                                         "dealing"):
            return None
        return page

    def shuffling(self) -> bool:
        """The table waits for the deal it opened to be dealt."""
        page = self.page()
        return page is not None and page.number <= self.opened and self.live() is None

    def action_count(self) -> int:
        """Actions of the judged deals and of the deal on the table."""
        done = sum(len(a) for a in self.actions)
        live = self.live()
        return done + (len(live.log) if live is not None else 0)

    # -- acting ------------------------------------------------------------------------
    def begin(self) -> list[dict]:
        return drain(self.begin_steps())

    def begin_steps(self) -> Steps:
        """The next deal's pages and their first messages (none once the match is over)."""
        if self.over or self.pages:
            return []
        yield from warm_steps(deck_cards(self.rules))
        lists = self.rules.open_lists(self.match.deals if self.match is not None else [])
        pages = {s: SealedSeat(self.deal_id(), self.number, s, self.rules, self.options,
                               self.dealer, lists) for s in self.local}
        out = []
        for p in pages.values():
            out += p.start()
            yield
        self.pages = pages
        return out

    def act(self, seat: int, action: Action) -> dict:
        """The message for a local seat's decision; SealedError if it is not its to take."""
        page = self.pages.get(seat)
        if page is None or page.number > self.opened:
            raise SealedError("no deal on the table", "not_your_turn")
        return page.act(action)

    def open_next(self) -> bool:
        """The host opens the next deal at the table (shown as soon as it is dealt)."""
        if self.over or self.opened >= self.number:
            return False
        self.opened = self.number
        return True

    def take(self, msg) -> list[dict]:
        return drain(self.take_steps(msg))

    def take_steps(self, msg) -> Steps:
        """A relayed message: every local seat takes it; the messages they send in answer.
        SealedError, nothing changed, for a message refused (``duplicate``: taken before).
        In steps of a few curve multiplications (the page's slices)."""
        pages = list(self.pages.values())
        if not pages:
            raise SealedError("no deal under way", "out_of_turn")
        first = pages[0]
        if isinstance(msg, dict) and msg.get("table") == first.table:
            deal, seat, n = msg.get("deal"), msg.get("seat"), msg.get("n")
            if isinstance(deal, int) and deal < first.number or (
                    deal == first.number and isinstance(seat, int) and 0 <= seat < len(first.heard)
                    and isinstance(n, int) and n <= first.heard[seat]):
                raise SealedError("a message taken before", "duplicate")
        out = yield from first.receive_steps(msg)
        for p in pages[1:]:
            out += yield from p.receive_steps(msg)
        if self._decided(first):  # (every page finds it on the same message)
            for p in pages:
                out += p.end_unplayed()
        if all(p.stage == DONE for p in pages):
            out += yield from self._judged(first)
        return out

    def annul(self, bots=()) -> None:
        """The host's clock: the deal under way is dropped unscored, to be dealt again
        (``begin``) under a new id, with ``bots`` (seats whose pages left) played here."""
        self.pages = {}
        self.redeals += 1
        self.local = tuple(sorted({*self.local, *bots}))

    def forfeit_steps(self, deal: int, seat: int) -> Steps:
        """The host's clock ran out on ``seat``'s reveal in ``deal``: it forfeits, scored
        by the penalty, on every page; the next deal's first messages."""
        pages = list(self.pages.values())
        if not pages or pages[0].number != deal or seat not in pages[0].waiting_for():
            raise SealedError(f"deal {deal} does not wait for seat {seat}", "out_of_turn")
        for p in pages:
            p.time_out(seat)
        if (deal, seat) not in self.forfeits:
            self.forfeits.append((deal, seat))
        return (yield from self._judged(pages[0]))

    def _decided(self, page: SealedSeat) -> bool:
        """Has the deal's bonus, shown with its turned card, ended a manche before a card
        is played (Manille)? The engine's ``decided_before_play`` on the deals so far."""
        deal = page.tricks
        if page.stage != "play" or page.log or page.unplayed or deal is None:
            return False
        done = self.match.deals if self.match is not None else []
        return bool(self.rules.decided_before_play(
            SimpleNamespace(deals=[*done, deal], options=self.options), deal))

    def _judged(self, page: SealedSeat) -> Steps:
        verdict = page.verdict
        assert verdict is not None
        self.verdicts.append(verdict)
        self.last, self.pages = page, {}
        if verdict.fair:
            _, actions = page.record()
            assert verdict.pack is not None
        else:
            actions = []
        self.packs.append(tuple(verdict.pack) if verdict.pack is not None else None)
        self.actions.append(actions)
        self.penalties.append(None if verdict.fair else verdict)
        self.match = self._replay()
        if self.rules.deal_at_once:
            self.opened = self.number
        return (yield from self.begin_steps())

    def _replay(self) -> Match:
        """The judged deals as the engine's match; a deal whose pack nobody revealed is
        laid out from the deck in order (its cards are not shown: ``views``)."""
        in_order = list(deck_cards(self.rules))
        layouts: list[Layout] = [layout_of(self.rules, (self.first_dealer + i) % self.rules.seats,
                                           list(p) if p is not None else in_order)
                                 for i, p in enumerate(self.packs)]
        match = Match(self.rules, self.options, 0, self.first_dealer, layouts)
        for deal, penalty in zip(self.actions, self.penalties):
            if penalty is not None:
                assert penalty.score is not None
                match.end_deal_with(penalty.score)
            for action, seat in deal:
                match.apply(action, seat)
        del match.deals[len(layouts):]  # one dealt from the seed, not this table's: dropped
        return match

    # -- across a reload (the page's own storage only: it holds the deal's secrets) --------
    def saved(self) -> dict:
        return {"table": self.table, "rules": self.rules.name, "options": self.options,
                "first_dealer": self.first_dealer, "local": list(self.local),
                "opened": self.opened, "redeals": self.redeals,
                "forfeits": [list(f) for f in self.forfeits],
                "packs": [list(p) if p is not None else None for p in self.packs],
                "actions": [[[seat, a.to_json()] for a, seat in deal] for deal in self.actions],
                "penalties": [None if v is None else [v.offender, v.reason, list(v.score or ())]
                              for v in self.penalties],
                "pages": {str(s): saved(p) for s, p in self.pages.items()}}


def restored(kept) -> SealedPlay:
    return drain(restored_steps(kept))


def restored_steps(kept) -> Steps:
    """The play ``SealedPlay.saved()`` kept, in steps; SealedError if it is damaged."""
    try:
        play = SealedPlay(kept["table"], kept["rules"], kept["options"], kept["first_dealer"],
                          tuple(list_of(kept["local"], None, "local")))
        n = play.rules.seats
        for pack, deal, penalty in zip(list_of(kept["packs"], None, "packs"),
                                       list_of(kept["actions"], None, "actions"),
                                       list_of(kept["penalties"], None, "penalties"), strict=True):
            play.packs.append(None if pack is None else tuple(
                int_in(c, 0, 51, "a card") for c in list_of(pack, None, "a pack")))
            if penalty is None:
                play.verdicts.append(Verdict(None, "fair", ""))
            else:
                offender, reason, score = list_of(penalty, 3, "a penalty")
                play.verdicts.append(Verdict(
                    int_in(offender, 0, n - 1, "an offender"), str(reason), "", None,
                    tuple(int_in(x, -10_000, 10_000, "a score") for x in
                          list_of(score, len(play.rules.sides), "a score"))))
            play.penalties.append(None if penalty is None else play.verdicts[-1])
            out = []
            for seat, raw in list_of(deal, None, "a deal's actions"):
                action, _ = action_from_json(raw, n)
                out.append((action, int_in(seat, 0, n - 1, "a seat")))
            play.actions.append(out)
        if play.packs:
            play.match = play._replay()
        play.opened = int_in(kept["opened"], 1, 10_000, "the deal opened")
        play.redeals = int_in(kept["redeals"], 0, 10_000, "the redeals")
        play.forfeits = [(int_in(d, 1, 10_000, "a deal"), int_in(s, 0, n - 1, "a seat"))
                         for d, s in (list_of(f, 2, "a forfeit")
                                      for f in list_of(kept["forfeits"], None, "forfeits"))]
        pages = kept["pages"]
        if not isinstance(pages, dict):
            raise SealedError("saved pages must be an object", "malformed")
        lists = play.rules.open_lists(play.match.deals if play.match is not None else [])
        for s, data in pages.items():
            seat = int(s)
            if seat not in play.local:
                raise SealedError("a saved page of a seat not played here", "malformed")
            play.pages[seat] = yield from restore_steps(
                data, play.deal_id(), play.number, seat, play.rules, play.options, play.dealer,
                lists)
    except SealedError:
        raise
    except (KeyError, TypeError, ValueError, ManniError) as e:
        raise SealedError(f"a damaged saved sealed match: {e}", "malformed") from None
    return play

