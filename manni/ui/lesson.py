"""A lesson's runner: a fixed deal with prompts at the moments that matter.

Pure Python, no ``js``. A lesson is a :class:`Script` (its deal, its opponents, its
moments); :class:`Tutorial` follows a match through it. Prompts are not tied to a script of
moves: after every action the first lesson whose moment has come (and that was not shown
yet) becomes the prompt, so any way of playing reaches the end. Texts are catalog keys
``<script key>.<lesson>``. The lessons themselves: Manni's in ``tutorial``, Manille's in
``tutorial_manille``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..match import Match
from .markup import _e


@dataclass(frozen=True)
class Script:
    """A lesson: its texts' key prefix, its match and opponents, its moments in order of
    priority (the first is the opening prompt), the parameters of its texts and the rule
    sets it teaches (none: every other one)."""

    key: str
    match: Callable[[], Match]
    bot: Callable[[], object]
    lessons: tuple
    params: Callable[[Match], dict]
    rules: tuple[str, ...] = ()


class Tutorial:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.shown: list[str] = []
        self.current: str | None = None

    @property
    def prompt(self) -> str:
        return self.current or self.script.lessons[0][0]

    def update(self, match: Match) -> bool:
        """After an action: the first lesson whose moment has come becomes the prompt
        (True if the prompt changed)."""
        for name, moment in self.script.lessons:
            if name not in self.shown and moment(match):
                self.shown.append(name)
                self.current = name
                return True
        return False

    def text(self, game) -> str:
        return game.t(f"{self.script.key}.{self.prompt}", **self.script.params(game.match))

    def prompt_html(self, game) -> str:
        t = game.t
        name = self.prompt
        text = self.text(game)
        buttons = (f'<button type="button" class="btn small" data-action="leave-tutorial">'
                   f'{_e(t("btn.leave_tutorial"))}</button>')
        return (f'<aside class="tutorial-prompt" data-prompt="{_e(name)}" aria-label="{_e(t("tutorial.label"))}">'
                f'<p role="status">{_e(text)}</p><div class="tutorial-tools">{buttons}</div></aside>')

    def result_buttons(self, game) -> str:
        """At the end of the lesson, instead of the next deal: its last prompt and buttons."""
        t = game.t
        return (f'<p class="tutorial-end" data-prompt="{_e(self.current or "")}">{_e(self.text(game))}</p>'
                f'{self.end_buttons(t)}')

    def end_buttons(self, t) -> str:
        return (f'<button type="button" class="btn primary" data-action="leave-tutorial">'
                f'{_e(t("btn.finish_tutorial"))}</button>'
                f'<button type="button" class="btn" data-action="tutorial"'
                f' data-rules="{_e(self.script.rules[0] if self.script.rules else "")}">'
                f'{_e(t("btn.replay_tutorial"))}</button>')
