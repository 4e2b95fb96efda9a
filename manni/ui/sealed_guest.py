"""A guest's page at a sealed table (docs/sealed-deal.md): its own seat from its own
:class:`SealedPlay`; its messages go to the host and count once relayed back."""

from __future__ import annotations

from ..inputs import InputError, parse_json
from ..net import wire as W
from ..net.guest import GuestTable, rotate_view
from ..sealed.curve import Steps, drain
from ..sealed.errors import SealedError
from ..sealed.play import SealedPlay, restored_steps
from ..talk import Ask
from ..states import MatchPhase
from .game import YOU
from .netgame import GuestGame
from .sealed_game import SealedGame, _drop
from .settings import Settings


class SealedGuestGame(SealedGame, GuestGame):
    """A guest's sealed page: its own seat; its messages go to the host, and count only
    once the host relays them back."""

    def __init__(self, table: GuestTable, settings: Settings) -> None:
        self.play = None
        self.inbox: list[dict | None] = []
        self.unrelayed: dict[tuple[int, int], str] = {}  # (deal, n) -> own message not back yet
        self._making: tuple | None = None  # (the host's news, kept): the play to make first
        super().__init__(table, settings)

    @classmethod
    def from_guest(cls, game: GuestGame) -> "SealedGuestGame":
        out = cls(game.table, game.settings)
        out.t = game.t
        return out

    def own_seat(self) -> int:
        assert self.table.seat is not None
        return self.table.seat

    def seat_names(self) -> list[str]:
        return [s.name for s in self.table.seats()]

    @property
    def ready(self) -> bool:
        return self.play is not None and self.table.seat is not None

    @property
    def view(self):
        v = self.absolute_view()
        return rotate_view(v) if v is not None else None

    def previous_trick(self) -> tuple | None:
        return None

    @property
    def partner_waits(self) -> bool:
        return False

    def sync(self, kept: str | None) -> list[str]:
        """The host's ``sealed_table``: the play it names (this page's own, kept across a
        reload, or a new one) and the deal opened; the messages to send."""
        news = self.table.sealed
        if news is None or self.table.seat is None:
            return []
        if self.play is not None and self.play.table == news.table:
            self.play.opened = max(self.play.opened, news.opened)
            if self._ruling_due(None):
                self.inbox.append({"type": "ruling"})
            return []
        if self.play is not None or self._making is None:
            self.inbox = [None]  # the play made (or restored) in the page's slices first
        self.play, self._making = None, (news, kept)
        return []

    def benched(self) -> bool:
        """The host's page took this seat over (its page was gone): it plays no more here."""
        news = self.table.sealed
        return news is not None and self.table.seat in news.held

    def _ruling_due(self, msg) -> bool:
        """Is a ruling of the host's clock (a deal annulled, a reveal forfeited) due before
        ``msg`` (a message of a later deal or of the redeal; None: now, if it applies)?"""
        news, play = self.table.sealed, self.play
        if news is None or play is None:
            return False
        if self.benched():
            return bool(play.pages)
        if news.redeals > play.redeals:
            return True
        page = play.page()
        if page is None:
            return False
        later = isinstance(msg, dict) and (msg.get("type") == "ruling" or isinstance(
            msg.get("deal"), int) and msg["deal"] > play.number)
        return any(d == play.number and (later or msg is None) and s in page.waiting_for()
                   for d, s in news.forfeits if (d, s) not in play.forfeits)

    def _rule_steps(self) -> Steps:
        news, play = self.table.sealed, self.play
        assert news is not None and play is not None
        if self.benched():
            play.pages = {}
            return []
        if news.redeals > play.redeals:
            while play.redeals < news.redeals:
                play.annul()
            return (yield from play.begin_steps())
        for d, s in news.forfeits:
            if d == play.number and (d, s) not in play.forfeits:
                return (yield from play.forfeit_steps(d, s))
        return []

    def _make_steps(self) -> Steps:
        """The play the host's news names: this page's own, kept across a reload (taken
        again in steps), or a new one."""
        assert self._making is not None and self.table.seat is not None
        news, kept = self._making
        play = None
        if kept:
            try:
                play = yield from restored_steps(parse_json(kept, max_bytes=4_000_000,
                                                            max_depth=12))
                if play.table != news.table or play.local != (self.table.seat,):
                    play = None
            except (SealedError, InputError):
                play = None
        if play is None:
            play = SealedPlay(news.table, news.rules, news.options, news.first_dealer,
                              (self.table.seat,))
            self.seat_record = None
        if self._making is None or self._making[0] is not news:
            return None  # the host's news changed meanwhile: made again
        play.opened = max(play.opened, news.opened)
        self._making = None
        return play

    def _send(self, msgs: list[dict]) -> list[str]:
        texts = []
        for m in msgs:
            text = W.dump(m)
            self.unrelayed[(m["deal"], m["n"])] = text
            texts.append(text)
        self.outbox += texts
        return texts

    def resend(self) -> bool:
        """After a reconnect: this seat's messages the host has not relayed yet."""
        self.outbox += list(self.unrelayed.values())
        return False

    def act(self, action) -> bool:
        v = self.view
        asks = isinstance(action, Ask) and v.turn in v.partners
        if (v.turn != YOU and not asks) or self.phase not in (MatchPhase.EXCHANGE, MatchPhase.PLAY):
            return self.refuse(self.t("notice.wait_turn",
                                      name=self.t.seat(v.turn if v.turn is not None else YOU)))
        if self.unrelayed or self.inbox:
            return self.refuse(self.t("net.sending"))
        msg = self.sealed_act(self.own_seat(), action)
        if msg is None:
            return False
        self._send([msg])
        self.selected, self.notice = [], ""
        return True

    def step(self) -> str:
        return drain(self.steps())

    def steps(self) -> Steps:
        """Take the next relayed message (in steps; it stays first in ``inbox`` until
        taken; None: begin the match's first deal); a warning to log, or ""."""
        inbox = self.inbox  # (a new table's news makes a new one)
        msg = inbox[0]
        while msg is None and self.play is None and self._making is not None:
            self.play = yield from self._make_steps()
        play = self.play
        if play is None:
            _drop(inbox, msg)
            return "" if msg is None else "a sealed message before the table"
        if msg is not None and msg.get("seat") == self.table.seat:
            self.unrelayed.pop((msg["deal"], msg["n"]), None)
        try:
            answers = []
            while self._ruling_due(msg):  # the host's clock ruled before this message
                answers += yield from self._rule_steps()
            if msg is None:
                answers += yield from play.begin_steps()
            elif msg.get("type") != "ruling":
                answers += yield from play.take_steps(msg)
        except SealedError as e:
            _drop(inbox, msg)
            return "" if e.key == "duplicate" else f"refused a relayed sealed message: {e}"
        _drop(inbox, msg)
        if play is not self.play:
            return ""
        self._send(answers)
        self.note_view()
        return ""

    def on_state(self) -> None:
        pass

