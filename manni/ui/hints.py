"""The hint: the Expert bot's own choice for seat 0, from seat 0's SeatView only.

Pure Python, no ``js``. :class:`Hints` is a part of :class:`~manni.ui.game.Game`."""

from __future__ import annotations

from ..actions import Discard
from ..states import MatchPhase
from ..text import Translator
from ..view import SeatView
from . import duties, suggested
from .phrases import action_phrase

YOU = 0


class Hints:
    t: Translator
    hint: tuple | None  # (action, reasons as (key, params)) for the current decision
    selected: list[int]

    @property
    def view(self) -> SeatView:  # seat 0's (Game's)
        raise NotImplementedError

    @property
    def phase(self) -> str:
        raise NotImplementedError

    def say(self, text: str) -> None:
        raise NotImplementedError

    def can_hint(self) -> bool:
        """Your decision now: your exchange choice or your card."""
        v = self.view
        return self.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY) and v.turn == YOU and not v.finished

    def hint_steps(self, budget_ms: int | None = 1000):
        """Generator (yields between slices) returning (action, reasons); it gets only
        ``self.view``, seat 0's SeatView, never the Match."""
        from ..bots import hint_steps  # the bots are imported on demand, not at start-up
        return hint_steps(self.view, budget_ms)

    def set_hint(self, action, reasons) -> str:
        """Keep the hint for this decision (a suggested discard is pre-selected); returns
        its text, also queued for the live region."""
        self.hint = (action, duties.hint_reasons(self.view, action, reasons))
        if isinstance(action, Discard):
            self.selected = list(action.cards)
        text = self.hint_text()
        self.say(text)
        return text

    def hint_text(self) -> str:
        if self.hint is None:
            return ""
        action, reasons = self.hint
        t = self.t
        said = t("hint.sep").join(t.reason(key, params) for key, params in reasons)
        return t("hint.text", action=action_phrase(action, t), reasons=said)

    def hinted_cards(self) -> set[int]:
        """The cards the current hint points at (the card to play, or the discards)."""
        return suggested.cards(self.hint[0]) if self.hint else set()

    def hinted_action(self) -> str | None:
        """The data-action of the suggested button, if the hint is a button."""
        return suggested.control(self.hint[0]) if self.hint else None
