"""The controller between the page and the engine: pure Python, no ``js``.

A :class:`Game` owns the :class:`~manni.match.Match` and the UI state around it (the cards
selected for a discard, the last notice, the announcements waiting for the live region). The
page calls its methods on taps and renders :func:`manni.ui.render` from ``game.view``, the
SeatView of seat 0, so nothing hidden can reach the page. The page drives the opponents
(``bot_seat``, ``opponent_view``, ``apply_opponent``), pacing them and yielding to the browser
while they think.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import KEEP, TAKE, Discard, Play
from ..cards import parse_card
from ..daily import DAILY_LEVEL
from ..errors import IllegalAction, ManniError
from ..lazy import Later
from ..match import Match
from ..record import dumps, loads
from ..rules.base import CONTRACTS
from ..states import MatchPhase, Phase
from ..text import Translator
from ..undo import undo_refusal, undo_target
from .motions import motions_of
from .hints import Hints
from .phrases import action_said
from .settings import Settings, settings_from_options, variant_of

if TYPE_CHECKING:
    from .lesson import Tutorial

YOU = 0
four_seats, parlee = Later("manni.ui.four_seats"), Later("manni.ui.parlee")  # tables of four


def random_seed() -> int:
    return int.from_bytes(os.urandom(6), "big")


# -- opponents ------------------------------------------------------------------------
def make_opponent(level: str, seat: int, seed: int, deal: int | None = None,
                  fixed: bool = False):
    """A computer in ``seat``. With ``deal`` (0-based) it is seeded as par seeds that deal's
    seats (``manni.par.par_seed``); ``fixed``: a fixed work, no time cap (the same moves on
    any device)."""
    from ..bots import make_bot  # imported at the first opponent move, not at start-up
    from ..par import par_seed
    seeded = (seed + seat) & 0xFFFFFFFF if deal is None else par_seed(seed, deal, seat)
    return make_bot(level, seed=seeded, **({"budget_ms": None} if fixed else {}))


class Game(Hints):
    hosting = False  # the host's page of a table with friends
    sealed = False  # a page of a sealed table (manni.ui.sealed_game)
    link_base = ""  # the page's own address, for links to share (set by the page)

    @property
    def partner_waits(self) -> bool:
        """While you may ask before your computer partner's lead, it waits."""
        return True

    def previous_trick(self) -> tuple | None:  # a guest's (a table of one's own has deal_note)
        return None

    def status_note(self) -> str | None:  # a sealed table's "Shuffling…", "Checking the deal…"
        return None

    def check_line(self) -> str:  # a sealed table's check of the deal, under its result
        return ""

    def partner_leads_first(self) -> bool:  # "let my partner lead unless I ask"
        return self.settings.partner_leads

    def ask_window(self) -> bool:
        return self.partner_leads_first() and bool(self.view.partners) and parlee.ask_window(self)

    def guest_asks(self, leader: int) -> int | None:  # a host's page: HostGame's
        return None

    def __init__(self, match: Match, settings: Settings, t: Translator | None = None) -> None:
        self.match = match
        self.settings = settings
        self.t = t or Translator(settings.lang)
        self.selected: list[int] = []
        self.notice = ""
        self.announcements: list[str] = []
        self.motions: list[list] = []  # what the page animates at the next draw (counts, public cards)
        self._bots: dict = {}  # (deal number, seat) -> the deal's bot
        self.hint: tuple | None = None  # (action, reasons as (key, params)) for the current decision
        self.hint_busy = False      # the page is computing a hint
        self.show_hands = False     # practice only: every hand face up
        self.reviews: dict = {}     # (deal index, actions in the match) -> DealReview
        self.tutorial: Tutorial | None = None  # a Tutorial when this is the "Learn by playing" deal
        self.sheet_open = True      # the parlée's sheet of questions (when you may ask)
        self.deal_note = ""         # what the last deal came to, shown until a card is played
        self.let_lead: tuple | None = None  # (deal, trick) whose lead you left to your partner

    # -- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, seed: int | None = None, t: Translator | None = None,
            practice: bool = False) -> "Game":
        rules, options = settings.rules_and_options()
        match = Match(rules, options, random_seed() if seed is None else seed)
        match.practice = practice
        game = cls(match, settings, t)
        game.announce_deal()
        return game

    @classmethod
    def new_tutorial(cls, settings: Settings, t: Translator | None = None, rules="classic"):
        """The "Learn by playing" deal of a rule set: fixed cards, predictable opponents."""
        from .lesson import Tutorial
        from .tutorial import script_for
        game = cls((script := script_for(rules)).match(), settings, t)
        game.tutorial = Tutorial(script)
        game.announce_deal()
        game._tutorial_step()
        return game

    def _tutorial_step(self) -> None:
        if self.tutorial is not None and self.tutorial.update(self.match):
            self.say(self.tutorial.text(self))

    @classmethod
    def from_record_text(cls, text: str, settings: Settings, t: Translator | None = None) -> "Game":
        """Raises ManniError (ReplayError) for a damaged or foreign record."""
        return cls.from_match(loads(text), settings, t)

    @classmethod
    def from_match(cls, match: Match, settings: Settings, t: Translator | None = None) -> "Game":
        """A replayed match (a record's); the settings take its rule set and target."""
        settings.variant = variant_of(match.rules.name, match.options)
        settings_from_options(settings, match.rules.name, match.options)
        level = DAILY_LEVEL if match.daily is not None else match.challenge_level
        return cls(match, replace(settings, level=level) if level else settings, t)

    def record_json(self) -> str:
        return dumps(self.match)

    # -- reading -----------------------------------------------------------------------
    @property
    def view(self):
        return self.match.view(YOU)

    @property
    def phase(self) -> str:
        return self.match.phase

    def bot_seat(self) -> int | None:
        """The opponent who must act now, if any."""
        if self.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and self.match.turn != YOU \
                and not (self.view.partners and parlee.offers_ask(self)):
            return self.match.turn
        return None

    def waits_for_you(self) -> bool:
        """Is the page waiting for this player (``data-turn="you"``)?"""
        return self.bot_seat() is None

    @property
    def action_count(self) -> int:
        return len(self.match.actions)

    def discard_limit(self) -> int:
        v = self.view
        return v.discard_limit or 0

    def past_contracts(self) -> list:
        """The contract of every deal so far (public: each was shown to all)."""
        return [d.contract for d in self.match.deals]

    @property
    def practice(self) -> bool:
        return self.match.practice

    def match_over_buttons(self) -> str | None:
        """The buttons after the match, if not "New match" (a table with friends)."""
        return None

    def undo_refusal(self) -> str | None:
        """Why Undo is off now (a reason of manni.undo), or None if it may be pressed."""
        return undo_refusal(self.match, YOU, self.practice)

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_reason(self) -> str:
        reason = self.undo_refusal()
        return self.t(f"undo.why.{reason}") if reason else ""

    # -- review of finished deals (only once the deal is over) ------------------------------
    def reviewable(self) -> list[int]:
        """The deals (0-based) that may be reviewed now: none before the deal is over."""
        if not self.match.rules.deal_at_once and self.phase not in (MatchPhase.DEAL_OVER,
                                                                     MatchPhase.MATCH_OVER):
            return []  # (a rule set that deals the next deal at once: those before it)
        from ..review import finished_deals
        return finished_deals(self.match)

    def review_key(self, index: int) -> tuple[int, int]:
        return (index, len(self.match.actions))

    def review_steps(self, index: int):
        """Generator (yields between slices) returning the DealReview of deal ``index``."""
        if index not in self.reviewable():
            raise ValueError("only a finished deal can be reviewed, once it is over")
        from ..review import review_steps
        return review_steps(self.match, index, YOU)

    # -- practice: every hand on request -----------------------------------------------------
    def toggle_hands(self) -> bool:
        if not self.practice:
            return False
        self.show_hands = not self.show_hands
        return True

    def open_hands(self) -> dict[int, int]:
        """The opponents' hands by seat, only at a practice table that asked to see them."""
        if not (self.practice and self.show_hands):
            return {}
        return {s: self.match.deal.hands[s] for s in range(1, self.match.rules.seats)}

    def contract_name(self, name: str) -> str:
        """A contract by its engine name ("spades", "grand", ...), as the player reads it."""
        return self.t.contract(CONTRACTS[name])

    # -- notices and announcements -------------------------------------------------------
    def say(self, text: str) -> None:
        self.announcements.append(text)

    def refuse(self, text: str) -> bool:
        self.notice = text
        return False

    def take_announcements(self) -> list[str]:
        out, self.announcements = self.announcements, []
        return out

    def take_motions(self) -> list[list]:
        """The moves to show since the last draw: ["deal"], ["play", seat, card code],
        ["gather", winner, trick key], ["exchange", seat, cards out, cards in]. Only public
        facts: a card once played, counts of cards exchanged."""
        out, self.motions = self.motions, []
        return out

    def announce_deal(self) -> None:
        v = self.view
        self.motions = [["deal"]]
        self.say(self.t("say.new_deal", n=v.deal_number, contract=self.t.contract(v.contract),
                        dealer=self.t.seat(v.dealer)))

    # -- the player's taps -------------------------------------------------------------
    def tap_card(self, code: str) -> bool:
        """A tap on a card of the hand: select it for a discard, or play it. False if refused."""
        try:
            c = parse_card(code)
        except ManniError:
            return False
        v = self.view
        if not (v.hand >> c & 1):
            return False
        if v.phase == Phase.EXCHANGE and v.discard_limit is not None:
            if v.turn != YOU:
                return self.refuse(self.t("notice.wait_turn", name=self.t.seat(v.turn)))
            if c in self.selected:
                self.selected.remove(c)
                self.notice = ""
                return True
            limit = self.discard_limit()
            if len(self.selected) >= limit:
                return self.refuse(self.t.plural("illegal.discard_limit", limit, limit=limit))
            self.selected.append(c)
            self.notice = ""
            return True
        return self.act(Play(c))

    def take_manni(self) -> bool:
        return self.act(TAKE)

    def keep_hand(self) -> bool:
        return self.act(KEEP)

    def declare(self, contract: str) -> bool:
        from ..rules.declared import Declare  # loaded: the rule set declares
        return self.act(Declare(contract))

    def overcall(self, contract: str | None) -> bool:
        from ..rules.declared import Overcall
        return self.act(Overcall(contract))

    def ask(self, code: str) -> bool:
        """A question to your partner (the parlée), by its code (``parlee.parse_ask``)."""
        try:
            ask = parlee.parse_ask(code)
        except ManniError:
            return False
        return self.act(ask)

    def confirm_discard(self) -> bool:
        return self.act(Discard(tuple(sorted(self.selected))))

    def act(self, action) -> bool:
        try:
            self.match.check(action, YOU)
        except IllegalAction as e:
            return self.refuse(self.t.illegal(e))
        self._apply(YOU, action)
        self.selected = []
        self.notice = ""
        return True

    def next_deal(self) -> bool:
        if self.phase != MatchPhase.DEAL_OVER or self.tutorial is not None:
            return False
        self.match.start_next_deal()
        self.hint, self.selected, self.notice = None, [], ""
        self.announce_deal()
        return True

    # -- undo: a mis-tap (any earlier decision of this deal at a practice table) ----------
    def undo(self) -> bool:
        target = undo_target(self.match, YOU, self.practice)
        if target is None:
            return self.refuse(self.undo_reason())
        self.match = target
        self.hint, self.selected, self.notice, self.motions = None, [], "", []
        self.let_lead = None  # the partner's lead comes again: you may ask again
        self.say(self.t("say.undone"))
        return True

    # -- opponents -----------------------------------------------------------------------
    def opponent(self, seat: int):
        if self.tutorial is not None:
            return self.tutorial.script.bot()
        # Afresh each deal, seeded as par's: a deal's bots are the same whatever came before
        # (a challenge, a reload); where results are compared, at a fixed work.
        key = (self.match.deal.number - 1, seat)
        bot = self._bots.get(key)
        if bot is None:
            self._bots = {k: b for k, b in self._bots.items() if k[0] == key[0]}
            compared = self.match.daily is not None or self.match.challenge is not None
            bot = self._bots[key] = make_opponent(self.settings.level, seat, self.match.seed,
                                                  key[0], fixed=compared)
        return bot

    def opponent_view(self, seat: int):
        return self.match.view(seat)

    def apply_opponent(self, seat: int, action) -> None:
        """A computer's move, or the question its computer partner asks before it leads."""
        self._apply(*(parlee.computer_asks(self, seat, action) or (seat, action)))

    def play_opponent_now(self) -> bool:
        """Synchronous opponent move (tests and the CLI); False if it is not their turn."""
        seat = self.bot_seat()
        if seat is None:
            return False
        self.apply_opponent(seat, self.opponent(seat).choose(self.opponent_view(seat)))
        return True

    # -- applying and describing -------------------------------------------------------
    def _apply(self, seat: int, action) -> None:
        self.hint = None
        deals = len(self.match.deals)
        m = self.view.manches
        done = len(m.done) if m is not None else 0
        deal = self.match.deal
        before = len(deal.history)
        held, manni = deal.hands[seat].bit_count(), len(deal.manni)
        self.match.apply(action, seat)
        self.motions += motions_of(self.match, seat, action, held, manni)
        t = self.t
        for text in action_said(self.match.deal, seat, action, before, t):
            self.say(text)
        if len(self.match.deals) > deals and self.match.rules.deal_at_once:
            self.deal_note = four_seats.deal_summary(self.match, self.view, t, deals - 1, done)
            self.say(self.deal_note)
            self.announce_deal()
        elif self.match.deal.history or self.match.deal.trick:
            self.deal_note = ""
        if self.phase in (MatchPhase.DEAL_OVER, MatchPhase.MATCH_OVER):
            from .sheet import result_sentence
            self.say(result_sentence(self.view, t))
        self._tutorial_step()
