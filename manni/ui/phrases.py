"""What an action says in a sentence: a hint's or review's move, a declaration called out."""

from __future__ import annotations

from ..actions import Discard, Keep, Play, Take
from ..rules.base import CONTRACTS


def action_phrase(action, t) -> str:
    """"play the 10 of hearts", "take the Manni", "discard the …", "ask your partner: …"
    (hints and reviews)."""
    if isinstance(action, Play):
        return t("hint.play", card=t.card(action.card))
    if isinstance(action, Take):
        return t("hint.take_manni")
    if isinstance(action, Keep):
        return t("hint.keep_hand")
    if isinstance(action, Discard):
        return t.plural("hint.discard", len(action.cards), cards=t.cards(action.cards))
    if action.verb in ("declare", "overcall"):
        return call_text(action, t, "hint")
    if action.verb == "ask":  # the parlée's modules load only at a table with it
        from .parlee import question_text
        return t("hint.ask", question=question_text(action, t))
    return t.t_or(f"action.{type(action).__name__.lower()}", str(action))


def call_text(action, t, prefix: str, name: str = "") -> str:
    """What a declaration or overcall says (``prefix``: "hint", "say" or "say.you")."""
    if action.contract is None:
        return t(f"{prefix}.pass", name=name)
    return t(f"{prefix}.{action.verb}", name=name, contract=t.contract(CONTRACTS[action.contract]))
