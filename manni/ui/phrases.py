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


def action_said(deal, seat: int, action, tricks_before: int, t) -> list[str]:
    """What the live region says once ``action`` of ``seat`` is applied to ``deal`` (which
    had ``tricks_before`` finished tricks): only public facts (a discard says its count)."""
    out: list[str] = []
    name, you = t.seat(seat), seat == 0
    if isinstance(action, Take):
        out.append(t("say.you_take_manni") if you else t("say.takes_manni", name=name))
    elif isinstance(action, Keep):
        out.append(t("say.you_keep_hand") if you else t("say.keeps_hand", name=name))
    elif action.verb in ("declare", "overcall"):
        out.append(call_text(action, t, "say.you" if you else "say", name))
    elif isinstance(action, Discard):
        n = len(action.cards)  # only the count: the cards stay hidden
        out.append(t.plural("say.you_exchange", n) if you else t.plural("say.exchanges", n, name=name))
    elif action.verb == "ask":
        from .parlee import said  # the parlée's modules load only at a table with it
        out += said(action, deal.answers[-1], you, t)
    elif isinstance(action, Play):
        card = t.card(action.card)
        out.append(t("say.you_play", card=card) if you else t("say.plays", name=name, card=card))
        if len(deal.history) > tricks_before:
            winner = deal.history[-1][2]
            out.append(t("say.you_win_trick") if winner == 0
                     else t("say.wins_trick", name=t.seat(winner)))
    return out
