"""Tables with friends in the UI: pure Python, no ``js``.

- :class:`HostGame` is the host's :class:`~manni.ui.game.Game` (the host is seat 0 and runs
  the match) with a :class:`~manni.net.host.HostTable`: bots move only for bot seats (and
  for a missing guest the host lets a bot stand in for); guests' seats wait for the network.
- :class:`GuestGame` shows a guest's table from the host's latest ``state``, turned so that
  the guest's seat is seat 0; its taps become ``act`` messages (:attr:`outbox`).
- The players' names in its sentences: :mod:`.seat_names`.
"""

from __future__ import annotations

import json

from ..cards import card_code, cards_of
from ..errors import ManniError
from ..inputs import parse_json
from ..match import Match
from ..net import protocol as P
from ..net import seat_record
from ..net.guest import GuestTable
from ..net.host import HostTable
from ..record import loads
from ..states import MatchPhase
from ..talk import Ask
from ..text import Translator
from ..view import match_phase
from . import parlee
from .game import YOU, Game, random_seed, make_opponent
from .seat_names import NamedTranslator, WatchTranslator
from .settings import Settings
from .talk import again_buttons


class HostGame(Game):
    """A computer partner on lead waits for the questions of its human partner (the host's
    or a guest's), as at a table of one's own."""

    hosting = True
    want_sealed = False  # the lobby's "Sealed deal" box (manni.ui.sealed_game)

    def __init__(self, match: Match, settings: Settings, table: HostTable) -> None:
        self.table = table
        super().__init__(match, settings, NamedTranslator(settings.lang, table.infos))

    @classmethod
    def host(cls, settings: Settings, table: HostTable) -> "HostGame":
        rules, options = settings.rules_and_options()
        return cls(Match(rules, options, random_seed()), settings, table)

    @classmethod
    def resume(cls, record_text: str, settings: Settings, table: HostTable) -> "HostGame":
        return cls(loads(record_text), settings, table)

    @property
    def started(self) -> bool:
        return self.table.started

    @property
    def partner_seat(self) -> int | None:
        """The host's partner's seat in a partnership game (None in Manni)."""
        rules = self.match.rules
        return next((s for s in rules.sides[rules.side_of[YOU]] if s != YOU), None)

    def choose_partner(self, seat: int) -> list[tuple[str, str]] | None:
        """Before the start: the player (or empty seat) at ``seat`` becomes the host's
        partner, trading places with whoever sat there; the welcomes to send, or None."""
        partner = self.partner_seat
        if partner is None or seat == partner:
            return None
        return self.table.swap(seat, partner)

    def start(self) -> None:
        self.table.start(lambda seat: Translator.seat(self.t, seat))  # the usual seat names
        self.announce_deal()

    @property
    def partner_waits(self) -> bool:
        partner = self.partner_seat
        return partner is not None and self.table.bot_plays(partner)

    def bot_seat(self) -> int | None:
        seat = self.match.turn
        if (self.started and self.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and seat is not None and seat != YOU
                and self.table.bot_plays(seat) and not self._asks_first(seat)):
            return seat
        return None

    def _asks_first(self, leader: int) -> bool:
        """Does the table wait for the questions of this seat's human partner?"""
        return parlee.offers_ask(self) or self.guest_asks(leader) is not None

    def guest_asks(self, leader: int) -> int | None:
        """The guest whose questions hold this seat's lead (``HostTable.asks_first``), if any."""
        sides = self.match.rules.sides
        partner = next((s for s in sides[self.match.rules.side_of[leader]] if s != leader), None)
        if partner is None or partner == YOU:
            return None
        lead = parlee.partner_lead(self.match.view(partner))
        return partner if lead is not None and self.table.asks_first(partner, lead) else None

    def waits_for_you(self) -> bool:
        return self.phase not in (MatchPhase.EXCHANGE, MatchPhase.PLAY) or self.match.turn == YOU \
            or parlee.offers_ask(self)

    def opponent(self, seat: int):
        """The bot for a seat this page moves for; None for a person's."""
        if not self.table.bot_plays(seat):
            return None
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_opponent(self.table.level, seat, self.match.seed)
        return bot

    def undo_refusal(self) -> str | None:
        return "net"  # others have seen the cards: no takebacks at a table with friends

    def undo(self) -> bool:
        return self.refuse(self.t("undo.why.net"))

    def apply_guest(self, seat: int, action) -> None:
        self._apply(seat, action)

    def match_over_buttons(self) -> str:
        return again_buttons(self)

    def rematch(self, seed: int | None = None) -> str:
        """"Play again": a new match with the same seats, rules and options, the deal moved
        on to the seat after the last dealer. Returns the finished match's record."""
        old = self.match
        finished = self.record_json()
        self.match = Match(old.rules.name, dict(old.options),
                           random_seed() if seed is None else seed,
                           first_dealer=(old.deal.dealer + 1) % len(self.table.seats))
        self._bots, self.selected, self.reviews, self.hint = {}, [], {}, None
        self.motions.append(["deal"])
        self.table.next_game()
        self.announce_deal()
        return finished


class GuestGame(Game):
    """A guest's table. ``self.match`` is None: everything comes from the host's state."""

    def __init__(self, table: GuestTable, settings: Settings) -> None:
        self.table = table
        self.outbox: list[str] = []
        super().__init__(None, settings, NamedTranslator(settings.lang, table.names_from_here))  # type: ignore[arg-type]
        self.chat_notice = ""  # why the last chat was not sent
        self.sent_n = -1  # the state (its n) an act was last sent from
        self.unanswered: tuple[int, str] | None = None  # the act sent (seq, text), till answered
        self._seen = None  # the view of the last state
        self.seat_record: seat_record.SeatRecord | None = None  # the match as this seat saw it
        self.record_of = ""  # ... which match (match_id)

    @property
    def ready(self) -> bool:
        return self.table.state is not None

    @property
    def state(self) -> P.State:
        if self.table.state is None:
            raise P.ProtocolError("no state from the host yet")
        return self.table.state

    @property
    def view(self):
        return self.table.view()

    @property
    def phase(self) -> str:
        return match_phase(self.view)

    @property
    def action_count(self) -> int:
        return self.state.n

    def bot_seat(self) -> int | None:
        return None  # nobody moves on a guest's page

    @property
    def partner_waits(self) -> bool:
        """The host's page waits for our questions before a computer partner leads (also a
        bot standing in for an away guest)."""
        infos = self.table.names_from_here()
        partner = self.view.partners[0] if self.ready and self.view.partners else len(infos)
        return partner < len(infos) and (infos[partner].kind == "bot"
                                         or not infos[partner].present)

    def previous_trick(self) -> tuple | None:
        """The last deal's last trick, until this deal's first card (the host's state)."""
        return self.table.last_trick() if self.ready and not self.view.trick else None

    def partner_leads_first(self) -> bool:
        """The host's page waits for our questions (HostTable.asks_first); with "let my
        partner lead unless I ask" this page tells it to go on after a moment
        (``page.parlee.Parlee.lead_soon``)."""
        return self.settings.partner_leads and not self.watching

    @property
    def let_lead(self) -> tuple | None:
        return self._let_lead

    @let_lead.setter
    def let_lead(self, lead: tuple | None) -> None:
        """(deal, trick) whose lead we left to our partner: the host is told."""
        self._let_lead = lead
        if lead is not None:
            self.outbox.append(P.lead(*lead))

    @property
    def watching(self) -> bool:
        return self.table.watching

    def waits_for_you(self) -> bool:
        v = self.view
        return (not self.watching and self.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY)
                and (v.turn == YOU or parlee.offers_ask(self)))

    def sync_translator(self) -> None:
        """A spectator's page names the host's seat; a seated guest's says "you"."""
        kind = WatchTranslator if self.watching else NamedTranslator
        if type(self.t) is not kind:
            self.t = kind(self.t.lang, self.table.names_from_here)

    # -- around the match ------------------------------------------------------------------
    def chat(self, text: str = "", phrase: str = "") -> bool:
        """Queue a chat (False, with the reason in ``chat_notice``, if it cannot be sent)."""
        room = self.table.room
        if (self.watching or self.table.seat is None) and not (room is not None and room.watch_chat):
            self.chat_notice = self.t("watch.you")
        elif room is not None and not room.chat:
            self.chat_notice = self.t("chat.off")
        elif room is not None and self.table.seat in room.muted:
            self.chat_notice = self.t("chat.muted_you")
        else:
            try:
                self.outbox.append(self.table.chat(text, phrase))
                return True
            except P.ProtocolError as e:
                self.chat_notice = self.t.t_or(f"net.refused.{e.key}",
                                               self.t("net.refused.malformed"))
        return False

    def answer_again(self, accept: bool) -> bool:
        room = self.table.room
        if room is None or room.again is None or self.table.seat is None:
            return False
        self.outbox.append(self.table.again(accept))
        return True

    def sit(self, seat: int) -> bool:
        room = self.table.room
        if not self.watching or room is None or seat not in room.offered:
            return False
        self.outbox.append(self.table.sit(seat))
        return True

    def past_contracts(self) -> list:
        return list(self.state.contracts)

    @property
    def practice(self) -> bool:
        return False

    def undo_refusal(self) -> str | None:
        return "net"

    def reviewable(self) -> list[int]:
        return []  # the other hands stay hidden from a guest, also after the deal

    def act(self, action) -> bool:
        v = self.view
        if self.watching:
            return self.refuse(self.t("watch.you"))
        asks = isinstance(action, Ask) and v.turn in v.partners  # a question to the leader
        if (v.turn != YOU and not asks) or self.phase not in (MatchPhase.EXCHANGE, MatchPhase.PLAY):
            return self.refuse(self.t("notice.wait_turn", name=self.t.seat(v.turn if v.turn is not None else YOU)))
        if self.sent_n == self.state.n:
            return self.refuse(self.t("net.sending"))  # one act per state: no double taps
        self.sent_n = self.state.n
        text = self.table.act(action)
        self.unanswered = (self.table.last_seq + 1, text)
        self.outbox.append(text)
        self.notice = ""
        return True

    def resend(self) -> bool:
        """Send the act the host has not answered again: a message can be lost (the host
        reads only so many a second from one page, whatever they are), and the host applies
        an act's seq once. False once it is answered, by a state that counts it or a
        refusal."""
        if self.unanswered is None or self.table.last_seq >= self.unanswered[0]:
            self.unanswered = None
            return False
        self.outbox.append(self.unanswered[1])
        return True

    def next_deal(self) -> bool:
        return self.refuse(self.t("net.host_deals"))

    def match_over_buttons(self) -> str:
        return again_buttons(self)

    def undo(self) -> bool:
        return self.refuse(self.t("undo.why.net"))

    def refusal_text(self, r: P.Refused) -> str:
        """The host's refusal in this page's words (engine keys like the solo game's)."""
        self.sent_n = -1
        if self.unanswered is not None and r.seq == self.unanswered[0]:
            self.unanswered = None
        if self.t.has(f"net.refused.{r.key}"):
            return self.t(f"net.refused.{r.key}")
        params = dict(r.params)
        if self.ready and self.view.legal:
            params["cards"] = cards_of(self.view.legal)  # card lists are never sent: ours
        if "turn" in params:
            params["turn"] = self.table.from_here(params["turn"])
        return self.t.illegal(_Illegal(r.key, params))

    def match_id(self) -> str:
        """This match at this table (a new one after "play again")."""
        room = self.table.room
        return f"net:{self.table.table}:{room.game if room is not None else 1}"

    def export_file(self) -> tuple[str, str] | None:
        """The match as this seat saw it (the host keeps the whole match)."""
        rec = self.seat_record
        if rec is None:
            return None
        return f"manni-{rec.rules}-seat-{rec.seat}.json", seat_record.dumps(rec)

    def kept_record(self) -> str:
        """The seat's record with its match's id, for this browser's storage."""
        if self.seat_record is None:
            return ""
        kept = {"match": self.record_of, "record": seat_record.to_json(self.seat_record)}
        return json.dumps(kept, ensure_ascii=False)

    def resume_record(self, text: str | None) -> None:
        """Before the first state after a reload: the record kept of this match (read
        through the input boundary; another match's, or a damaged one, is dropped)."""
        if self.seat_record is not None or not text:
            return
        try:
            kept = parse_json(text)
            if isinstance(kept, dict) and kept.get("match") == self.match_id():
                self.seat_record = seat_record.from_json(kept.get("record"))
                self.record_of = self.match_id()
        except ManniError:
            pass

    def on_state(self) -> None:
        """A new state arrived: keep it in the seat's record; drop a stale selection; note
        the cards played since the last one (the page moves them, as at a table of one's
        own)."""
        if not self.watching and self.table.seat is not None:
            if self.record_of != self.match_id():  # the next match: a new record
                self.seat_record, self.record_of = None, self.match_id()
            state = self.state
            self.seat_record = seat_record.add_view(self.seat_record, state.view,
                                                    [s.name for s in state.seats])
        v = self.view
        self.motions += played_since(self._seen, v)
        self._seen = v
        if not (self.phase == MatchPhase.EXCHANGE and v.turn == YOU):
            self.selected = []
        self.selected = [c for c in self.selected if v.hand >> c & 1]


class _Illegal:
    def __init__(self, key: str, params: dict) -> None:
        self.key, self.params = key, params


def played_since(old, new) -> list[list]:
    """The motions (see ``Game.take_motions``) from one SeatView to the next: a new deal, or
    the cards played since, in order, and the tricks they completed."""
    if old is None or new.deal_number != old.deal_number:
        return [["deal"]] if old is not None else []

    def plays(v):
        out = [((leader + i) % v.seats, c) for leader, cards, _w in v.history
               for i, c in enumerate(cards)]
        return out + list(zip(v.trick_seats(), v.trick))

    seen = len(plays(old))
    out: list[list] = []
    for i, (seat, c) in enumerate(plays(new)):
        if i < seen:
            continue
        out.append(["play", seat, card_code(c)])
        k, n = divmod(i, new.seats)
        if n == new.seats - 1 and k < len(new.history):
            out.append(["gather", new.history[k][2], f"{new.deal_number}.{k + 1}"])
    return out
