"""What a player may take back, and where Undo leads.

On a normal table Undo is for a mis-tap: it takes back the seat's own last action only
while nothing new has been shown to that seat since it was tapped. So never an action that
put new cards in the seat's hand (taking the Manni, drawing after a discard), never once
another seat has acted after it (an opponent's card, an opponent's exchange), never a
question once the partner has answered it, and never in or across a finished deal (the
deal's result, and its review, are out). A practice table
may go back freely to the seat's previous decision in the current deal.

Pure functions of a :class:`~manni.match.Match`; the reason is a catalog key
(``undo.why.<reason>``) so the page can say why the button is off.
"""

from __future__ import annotations

from .match import Match
from .states import MatchPhase

NOTHING = "nothing"        # the seat has not acted in this deal
SEEN_CARDS = "seen_cards"  # its last action showed it new cards (the Manni, a draw)
ANSWERED = "answered"      # another seat has acted since (or answered its question)
DEAL_OVER = "deal_over"    # the deal (or the match) is over


def _steps_back(match: Match, seat: int, practice: bool) -> tuple[int, str | None]:
    """(how many actions Undo takes back, None) or (0, the reason it is refused)."""
    if match.phase == MatchPhase.MATCH_OVER or (match.phase == MatchPhase.DEAL_OVER and not practice):
        return 0, DEAL_OVER
    deal = match.deal.copy(keep_undo=True)  # the current deal only: Undo never leaves it
    if deal.actions_taken == 0:
        return 0, NOTHING
    steps = 0
    while deal.actions_taken > 0:
        hand_after, answers_after = deal.hands[seat], deal.answers
        deal.undo()
        steps += 1
        asked = len(deal.answers) < len(answers_after)  # the action was a question
        actor = answers_after[-1].asker if asked else deal.turn
        if actor == seat:  # the seat's own last action
            if practice:
                return steps, None
            if hand_after & ~deal.hands[seat]:
                return 0, SEEN_CARDS
            if steps > 1 or asked:  # someone acted since, or the partner answered
                return 0, ANSWERED
            return steps, None
    return 0, NOTHING


def undo_refusal(match: Match, seat: int = 0, practice: bool = False) -> str | None:
    """None if ``seat`` may press Undo now, else why not (see the constants above)."""
    return _steps_back(match, seat, practice)[1]


def undo_target(match: Match, seat: int = 0, practice: bool = False) -> Match | None:
    """The match as it would be after Undo (a copy; ``match`` is unchanged), or None."""
    steps, _ = _steps_back(match, seat, practice)
    if not steps:
        return None
    trial = match.copy()
    for _ in range(steps):
        trial.undo()
    return trial
