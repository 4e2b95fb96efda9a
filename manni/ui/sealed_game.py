"""A sealed table in the UI (docs/sealed-deal.md): pure Python, no ``js``.

Every page, the host's too, shows its own seat from its own :class:`SealedPlay`; no page is
sent a view. :class:`SealedHostGame` takes each sealed message (a guest's, or one of its own
seats': the host's and the computers') and relays it once taken; :class:`SealedGuestGame`
takes what the host relays and sends its seat's messages to the host. ``inbox`` holds the
messages still to take: the page takes one at a time (``step``), letting the browser in
between.
"""

from __future__ import annotations

import json
import os

from ..actions import Action
from ..errors import ManniError
from ..cards import cards_of
from ..net import protocol as P
from ..net import seat_record
from ..net import wire as W
from ..net.host import HostTable
from ..net.sealed_net import sealed_id
from ..record import dumps
from ..rules.base import GRAND
from ..sealed.curve import Steps, drain
from ..sealed.errors import SealedError
from ..inputs import parse_json
from ..sealed.play import SealedPlay, restored_steps
from ..sealed.views import seat_view
from ..states import ExchangeKind, MatchPhase, Phase
from ..view import SeatView, match_phase
from .game import YOU, Game, make_opponent
from .netgame import HostGame, _Illegal
from .settings import Settings


CLOCK_S = 20.0  # the host's clock: how long a gone page's message is waited for


def _drop(inbox: list, item) -> None:
    """Remove the item a step took (by identity: the inbox may have grown meanwhile)."""
    for i, x in enumerate(inbox):
        if x is item:
            del inbox[i]
            return


def blank_view(play: SealedPlay, seat: int) -> SeatView:
    """The table while the first deal is shuffled: no card anywhere, nobody's turn."""
    n, sides = play.rules.seats, len(play.rules.sides)
    return SeatView(
        seat=seat, rules=play.rules.name, options=dict(play.options),
        exchange_kind=ExchangeKind.NONE, deal_number=play.number, dealer=play.dealer,
        contract=_contract(play), cut=None, phase=Phase.PLAY, turn=None, stage=None, lists=None, hand=0,
        own_out=0, exchanged=(None,) * n, manni_left=0, exchange_step=0, discard_limit=None,
        discard_minimum=0, choices=(), leader=(play.dealer + 1) % n, trick=(), history=(),
        tricks=(0,) * n, played=0, hand_sizes=(0,) * n, legal=0, deal_scores=(),
        plus=(0,) * sides, minus=(0,) * sides, finished=False, winners=())


def _contract(play: SealedPlay):
    try:
        return play.rules.contract(play.number, None)
    except ManniError:
        return GRAND  # known once the cut card is shown


class SealedGame(Game):
    """What the host's and a guest's sealed pages share (before HostGame / GuestGame)."""

    sealed = True
    play: SealedPlay | None
    inbox: list
    seat_record: seat_record.SeatRecord | None

    def own_seat(self) -> int:
        raise NotImplementedError

    def absolute_view(self) -> SeatView | None:
        """The page's own seat's view, seats numbered as the host numbers them."""
        if self.play is None:
            return None
        return seat_view(self.play, self.own_seat()) or blank_view(self.play, self.own_seat())

    def sealed_stage(self) -> str:
        """``#table[data-sealed]``: shuffling, checking (the reveals come in), or on."""
        play = self.play
        if play is None or play.shuffling() or play.live() is None and play.match is None:
            return "shuffling"
        live = play.live()
        if live is not None and live.stage == "reveal":
            return "checking"
        return "on"

    def status_note(self) -> str | None:
        stage = self.sealed_stage()
        if stage in ("shuffling", "checking") and self.view.turn is None:
            return self.t(f"net.sealed_{stage}")
        return None

    def check_line(self) -> str:
        """Under the deal's result: the check under way, or its verdict."""
        stage, play = self.sealed_stage(), self.play
        if stage == "checking":
            return self.t("net.sealed_checking")
        if play is None or not play.verdicts or play.live() is not None:
            return ""
        v = play.verdicts[-1]
        if v.fair:
            return self.t("net.sealed_fair")
        names = self.seat_names()
        who = names[v.offender] if v.offender is not None and v.offender < len(names) else "?"
        return self.t("net.sealed_broken", name=who, reason=v.reason)

    def audit(self) -> str:
        """``#table[data-audit]``: the verdict on the last deal judged (every page checks)."""
        play = self.play
        if play is None or not play.verdicts:
            return ""
        return "ok" if play.verdicts[-1].fair else "violation"

    def fingerprint(self) -> str:
        page = self.play.live() or self.play.last if self.play is not None else None
        try:
            return page.fingerprint() if page is not None else ""
        except SealedError:
            return ""

    @property
    def phase(self) -> str:
        return match_phase(self.view)

    @property
    def action_count(self) -> int:
        return self.play.action_count() if self.play is not None else 0

    def reviewable(self) -> list[int]:
        return []

    @property
    def practice(self) -> bool:
        return False

    def past_contracts(self) -> list:
        m, live = self.play.match if self.play else None, self.play.live() if self.play else None
        done = [d.contract for d in m.deals] if m is not None else []
        return done + ([live.contract()] if live is not None else [])

    def waits_for_you(self) -> bool:
        v = self.view
        return (self.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and v.turn == YOU
                and not self.inbox)

    def undo(self) -> bool:
        return self.refuse(self.t("undo.why.net"))

    def sealed_act(self, seat: int, action: Action) -> dict | None:
        """The message of a local seat's decision; None (the reason in ``notice``) if its
        own page refuses it."""
        assert self.play is not None
        try:
            return self.play.act(seat, action)
        except SealedError as e:
            params = {"cards": cards_of(self.view.legal)} if self.view.legal else {}
            self.notice = self.t.illegal(_Illegal(e.key, params))
            return None

    def note_view(self) -> None:
        """Keep the seat's record (``manni-seat/1``) of what it saw."""
        v = self.absolute_view()
        if v is None or self.play is None or self.play.live() is None and self.play.match is None:
            return
        self.seat_record = seat_record.add_view(self.seat_record, v, self.seat_names())

    def seat_names(self) -> list[str]:
        raise NotImplementedError

    def export_file(self) -> tuple[str, str] | None:
        rec = self.seat_record
        if rec is None:
            return None
        return f"manni-{rec.rules}-seat-{rec.seat}.json", seat_record.dumps(rec)


class SealedHostGame(SealedGame, HostGame):
    """The host's sealed page: its seat and the computers', the relay, the deal opened."""

    play: SealedPlay

    def __init__(self, settings: Settings, table: HostTable, play: SealedPlay) -> None:
        self.play = play
        self.inbox: list[tuple[dict | None, str | None]] = []  # (message, the guest's conn)
        self.seat_record: seat_record.SeatRecord | None = None
        self.bot_seed = int.from_bytes(os.urandom(4), "big")
        self._waited: tuple = ((), 0.0)  # (what the deal waits for, since when)
        super().__init__(None, settings, table)  # type: ignore[arg-type]

    @classmethod
    def seal(cls, game: HostGame) -> "SealedHostGame":
        """The host's table, started sealed: every seat not a guest's is played here."""
        table = game.table
        table.sealed = True
        table.start(lambda seat: game.t.seat(seat))
        local = tuple(i for i, s in enumerate(table.seats) if s.kind != "guest")
        m = game.match
        play = SealedPlay(sealed_id(table.table, table.game), m.rules, m.options,
                          m.first_dealer, local)
        out = cls(game.settings, table, play)
        out.inbox.append((None, None))  # the first deal's keys, made in the page's slices
        return out

    def saved(self) -> dict:
        """For the host's own storage: its play (its seats' secrets), the messages relayed
        (for guests that come back) and its own not yet taken."""
        return {"play": self.play.saved(), "held": sorted(self.table.held),
                "relayed": {str(d): [json.loads(t) for t in texts]
                            for d, texts in self.table.relayed.items()},
                "pending": [m for m, conn in self.inbox if conn is None and m is not None
                            and m.get("type") != "restore"]}

    @classmethod
    def resume_sealed(cls, settings: Settings, table: HostTable,
                      text: str) -> "SealedHostGame":
        """The host's page after a reload: its play is taken again in the page's slices
        (shown shuffling meanwhile); raises on a damaged save."""
        data = parse_json(text, max_bytes=8_000_000, max_depth=14)
        kept = data["play"]
        stand = SealedPlay(kept["table"], kept["rules"], kept["options"], kept["first_dealer"],
                           tuple(kept["local"]))
        stand.opened, stand.redeals = kept["opened"], kept["redeals"]
        stand.forfeits = [tuple(f) for f in kept["forfeits"]]
        game = cls(settings, table, stand)
        table.held = {int(s) for s in data["held"]}
        table.relayed = {int(d): [W.dump(m) for m in msgs] for d, msgs in data["relayed"].items()}
        game.inbox = [({"type": "restore", "kept": kept}, None),
                      *((m, None) for m in data["pending"])]
        return game

    def own_seat(self) -> int:
        return YOU

    def seat_names(self) -> list[str]:
        return [s.name for s in self.table.infos()]

    @property
    def view(self):
        return self.absolute_view()

    @property
    def partner_seat(self) -> int | None:
        rules = self.play.rules
        return next((s for s in rules.sides[rules.side_of[YOU]] if s != YOU), None)

    @property
    def partner_waits(self) -> bool:
        return False  # no computer waits for questions here: asked partners answer at once

    def start(self) -> None:
        pass  # started by seal()

    def bot_seat(self) -> int | None:
        live = self.play.live()
        if live is None or self.inbox or live.stage not in ("exchange", "play"):
            return None
        seat = live.turn
        if seat is None or seat == YOU or seat not in self.play.pages \
                or not self.table.bot_plays(seat) or self.play.pages[seat].pending:
            return None
        return seat

    def opponent(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_opponent(self.table.level, seat, self.bot_seed)
        return bot

    def opponent_view(self, seat: int):
        return seat_view(self.play, seat)

    def apply_opponent(self, seat: int, action) -> None:
        msg = self.sealed_act(seat, action)
        if msg is not None:
            self.inbox.append((msg, None))

    def act(self, action) -> bool:
        if self.inbox:
            return self.refuse(self.t("net.sending"))
        msg = self.sealed_act(YOU, action)
        if msg is None:
            return False
        self.inbox.append((msg, None))
        self.selected, self.notice = [], ""
        return True

    def next_deal(self) -> bool:
        return self.play.open_next()

    def take_guest(self, seat: int, msg: dict, conn: str) -> None:
        self.inbox.append((msg, conn))

    def step(self) -> list[tuple[str, str]]:
        return drain(self.steps())

    def steps(self) -> Steps:
        """Take the next message (in steps; it stays first in ``inbox`` until taken):
        relayed once taken (its answers queued); a guest's that is refused is answered
        ``refused``; None: begin the next deal. What to send, (conn, text)."""
        item = self.inbox[0]
        msg, conn = item
        play = self.play
        try:
            if msg is not None and msg.get("type") == "restore":
                self.play = yield from restored_steps(msg["kept"])
                _drop(self.inbox, item)
                return []
            if msg is None:
                answers = yield from play.begin_steps()
            elif msg.get("type") == "forfeit":
                answers = yield from play.forfeit_steps(msg["deal"], msg["seat"])
                msg = None  # every guest is told by the table's news
            else:
                answers = yield from play.take_steps(msg)
        except SealedError as e:
            _drop(self.inbox, item)
            if conn is None:
                raise
            self.table.log.append(f"refused a sealed message from {conn}: {e.key}: {e}")
            return [(conn, P.refused(None, e.key))]
        _drop(self.inbox, item)
        if play is not self.play:
            return []
        self.inbox += [(m, None) for m in answers]
        self.note_view()
        return self.table.relay(msg) if msg is not None else []

    def clock(self, now: float) -> bool:
        """The host's clock (the page calls it every second or so; ``now`` in seconds):
        once the deal has waited CLOCK_S for a page's key, shuffle, shares or answer, and
        that seat's guest is gone, the deal is annulled (no score) and dealt again with
        the host's page playing that seat; a reveal that does not come forfeits the seat
        (its penalty). True if it acted: tell every guest at once (before the next
        deal's messages)."""
        play, page = self.play, self.play.page()
        late = play.waiting_for() if not self.inbox and page is not None else []
        turn = page.turn if page is not None and not self.inbox else None
        if turn is not None and turn not in late and self._gone(turn):
            late.append(turn)  # a decision that will not come: its page is gone
        mark = (play.deal_id(), play.number, len(page._taken) if page else 0, tuple(late))
        if not late or mark != self._waited[0]:
            self._waited = (mark, now)
            return False
        if now - self._waited[1] < CLOCK_S:
            return False
        assert page is not None
        if page.stage == "reveal":
            play.forfeits.append((play.number, late[0]))  # (in the news sent at once)
            self.inbox.append(({"type": "forfeit", "deal": play.number, "seat": late[0]},
                               None))
        else:
            gone = [s for s in late if self._gone(s)]
            if not gone:
                return False
            self.table.held.update(gone)
            play.annul(gone)
            self.inbox.append((None, None))
        self._waited = ((), now)
        return True

    def _gone(self, seat: int) -> bool:
        s = self.table.seats[seat]
        return s.kind == "guest" and not s.present and seat not in self.play.local

    def rematch(self, seed: int | None = None) -> str:
        old = self.play
        finished = dumps(old.match) if old.match is not None else ""
        self.table.next_game()
        n = old.rules.seats
        self.play = SealedPlay(sealed_id(self.table.table, self.table.game), old.rules,
                               old.options, (old.dealer + 1) % n, old.local)
        self._bots, self.selected, self.seat_record = {}, [], None
        self.inbox.append((None, None))
        return finished
