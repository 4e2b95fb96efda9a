"""Players' names in a table with friends' sentences: pure Python, no ``js``.

:class:`NamedTranslator` says the players' names instead of the default seat names;
:class:`WatchTranslator` does so for a spectator, for whom seat 0 is the host, not "you".
"""

from __future__ import annotations

from ..text import Translator

YOU = 0


class NamedTranslator(Translator):
    """A Translator whose ``seat(s)`` is the name of whoever sits there (``names(s)``),
    marked when that player is away."""

    def __init__(self, lang: str, infos) -> None:
        super().__init__(lang)
        self.infos = infos  # () -> seat infos as this page numbers the seats

    def in_language(self, lang: str) -> "NamedTranslator":
        return NamedTranslator(lang, self.infos)

    def seat(self, seat: int) -> str:
        if seat == YOU:
            return super().seat(seat)
        infos = self.infos()
        if seat >= len(infos) or not infos[seat].name:
            return super().seat(seat)
        info = infos[seat]
        return info.name if info.present else self("net.away", name=info.name)


class WatchTranslator(NamedTranslator):
    """A spectator's words: seat 0 (where the table is drawn from) is the host by name, and
    the sentences said to "you" are said about the host."""

    ABOUT_HOST = {"seat.your_turn": "seat.thinking", "table.you_won_trick": "table.trick_won",
                  "table.manni_taken_you": "table.manni_taken", "result.you_win": "result.wins",
                  "side.us": "watch.side", "result.we_win": "watch.side_wins",
                  "seat.partner": "watch.partner", "seat.opponent": "watch.opponent"}
    ABOUT_NEXT = {"side.them": "watch.side", "result.they_win": "watch.side_wins"}  # seat 1's side

    def in_language(self, lang: str) -> "WatchTranslator":
        return WatchTranslator(lang, self.infos)

    def seat(self, seat: int) -> str:
        infos = self.infos()
        if seat == YOU and infos and infos[0].name:
            return infos[0].name
        return super().seat(seat)

    def __call__(self, key: str, **params) -> str:
        if key in self.ABOUT_HOST:
            return super().__call__(self.ABOUT_HOST[key], **{"name": self.seat(YOU), **params})
        if key in self.ABOUT_NEXT:
            return super().__call__(self.ABOUT_NEXT[key], **{"name": self.seat(1), **params})
        return super().__call__(key, **params)
