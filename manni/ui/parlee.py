"""Table talk at the page: the short sheet of questions and what questions and answers
say. Pure, no ``js``. (Computer players ask through their bots' moves: an Ask.)

A question's code in the page is ``count:S`` (how many spades) or ``has:TH`` (the 10 of
hearts?); it names only public things (a suit, a card the asker may ask about).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, SUIT_SYMBOLS, SUITS, TEN, card_code, parse_card
from ..errors import ManniError
from ..states import MatchPhase, Phase
from ..lazy import Later
from .markup import _e, hint_attrs

if TYPE_CHECKING:
    from ..talk import Ask

talk = Later("manni.talk")  # only at a table with talk

SHEET_RANKS = (TEN, ACE)  # the sheet's card questions: each suit's two highest cards


def ask_code(ask: Ask) -> str:
    if ask.kind == talk.COUNT:
        return f"count:{SUITS[ask.subject]}"
    return f"has:{card_code(ask.subject)}"


def parse_ask(code: str) -> Ask:
    """``count:S`` / ``has:TH`` -> an Ask; ManniError for anything else."""
    kind, _, subject = code.partition(":")
    if kind == talk.COUNT and len(subject) == 1 and subject in SUITS:
        return talk.Ask(talk.COUNT, SUITS.index(subject))
    if kind == talk.HAS:
        return talk.Ask(talk.HAS, parse_card(subject))
    raise ManniError(f"not a question: {code[:20]!r}")


def short_card(c: int, t) -> str:
    """"10♥", "D♠": a card as the sheet and the bubbles write it."""
    return t.rank_short(c) + SUIT_SYMBOLS[c // 13]


def question_text(ask: Ask, t) -> str:
    if ask.kind == talk.COUNT:
        return t("talk.q_count", suit=SUIT_SYMBOLS[ask.subject])
    return t("talk.q_has", card=short_card(ask.subject, t))


def answer_text(ask: Ask, value, t) -> str:
    if ask.kind == talk.COUNT:
        return t.plural("talk.a_count", int(value), suit=SUIT_SYMBOLS[ask.subject])
    key = "talk.a_has_yes" if value else "talk.a_has_no"
    return t(key, card=short_card(ask.subject, t))


def sheet_asks(view) -> list[Ask]:
    """The sheet's questions open to the view's seat now: every suit's count, then the 10
    and the Ace of each suit that it may ask about (not held, not played, answer not
    known already: ``talk.worth_asking``)."""
    open_ = set(talk.worth_asking(view))
    out = [a for a in (talk.Ask(talk.COUNT, s) for s in range(4)) if a in open_]
    for s in range(4):
        for r in SHEET_RANKS:
            a = talk.Ask(talk.HAS, s * 13 + r)
            if a in open_:
                out.append(a)
    return out


def trick_talk(view) -> list:
    """The answers (manni.talk.Answer) given before the trick under way or to come."""
    trick = len(view.history)
    return [a for a in view.answers if a.trick == trick]


def questions_left(view) -> int:
    per = view.ruleset.talk.per_trick if view.ruleset.talk is not None else 0
    return max(0, per - len(trick_talk(view)))


def partner_lead(view) -> tuple | None:
    """``(deal, trick)`` while the view's partner is to lead and the view's seat may ask."""
    if view.phase != Phase.PLAY or view.trick or view.turn not in view.partners:
        return None
    if not questions_left(view) or not sheet_asks(view):
        return None
    return (view.deal_number, len(view.history))


def asked_now(view) -> bool:
    """Has the view's seat asked a question before the trick to come?"""
    return any(a.asker == view.seat for a in trick_talk(view))


def _lead_open(game) -> bool:
    if not game.partner_waits or game.tutorial is not None or game.phase != MatchPhase.PLAY:
        return False
    lead = partner_lead(game.view)
    return lead is not None and lead != game.let_lead


def offers_ask(game) -> bool:
    """The game's partner is to lead and it may still ask: the table waits for it (a
    question, or its letting the partner lead). With "let my partner lead unless I ask"
    (``game.partner_leads_first()``) only once it has asked before this lead."""
    return _lead_open(game) and (not game.partner_leads_first() or asked_now(game.view))


def ask_window(game) -> bool:
    """The partner leads unless the game's seat asks: its questions are offered for a
    moment first (``settings.ASK_WINDOW_MS``); asking one makes the partner wait."""
    return game.partner_leads_first() and _lead_open(game) and not asked_now(game.view)


def asks_waited(game) -> int | None:
    """The seat whose questions hold its computer partner's lead now (``#table[data-asks]``):
    the page's own (0) while it may ask, also in the moment *Let my partner lead unless I
    ask* gives it; at a host's page also a guest's; None otherwise (and for a spectator)."""
    if getattr(game, "watching", False) or game.phase != MatchPhase.PLAY:
        return None
    if offers_ask(game) or game.ask_window():
        return 0
    # a sealed table's host holds no match during a deal, so no guest's lead to wait for
    m = game.match if game.hosting and game.started else None
    turn = m.turn if m is not None else None
    return None if turn is None else game.guest_asks(turn)


def leave_lead(game) -> bool:
    """The game's seat lets its partner lead without (more) questions."""
    ok = offers_ask(game)
    if ok:
        game.let_lead = partner_lead(game.view)
    return ok


def computer_asks(game, seat: int, action) -> tuple | None:
    """Before a computer's lead, the question its computer partner asks it first, as
    (seat, Ask), or None (``bots.base.partner_question``; ``game.opponent`` is None for a
    person's seat). Not in the lesson."""
    if game.tutorial is not None or game.phase != MatchPhase.PLAY:
        return None
    from ..bots.base import partner_question  # the bots are imported on demand
    return partner_question(game.match, seat, action,
                            lambda s: game.opponent(s) if s != game.view.seat else None)


def said(ask: Ask, answer, yours: bool, t) -> list[str]:
    """What the live region says of a question and its answer."""
    q = question_text(ask, t)
    partner = t.seat(answer.partner)
    first = (t("say.you_ask", partner=partner, question=q) if yours
             else t("say.asks", name=t.seat(answer.asker), partner=partner, question=q))
    return [first, t("say.answers", name=partner, answer=answer_text(ask, answer.value, t))]


def bubble_html(answer, t) -> str:
    """The answer as a speech bubble at the seat that gave it."""
    return (f'<p class="bubble" data-seat="{answer.partner}" data-ask="{ask_code(answer.question)}"'
            f' data-answer="{int(answer.value)}">{_e(answer_text(answer.question, answer.value, t))}</p>')


def talk_log(view, t) -> str:
    """The trick's talk, every question and answer, for every seat to read."""
    if not view.ruleset.talk or not view.ruleset.talk.on(view.options):
        return ""
    items = []
    for a in trick_talk(view):
        items.append(
            f'<li data-asker="{a.asker}" data-partner="{a.partner}" data-ask="{ask_code(a.question)}"'
            f' data-answer="{int(a.value)}"><b>{_e(t.seat(a.asker))}</b> '
            f'{_e(question_text(a.question, t))} <b>{_e(t.seat(a.partner))}</b> '
            f'{_e(answer_text(a.question, a.value, t))}</li>')
    if not items:
        return ""
    return (f'<ol class="talk-log" aria-label="{_e(t("talk.log"))}">{"".join(items)}</ol>')


def sheet_html(game) -> str:
    """Your questions, one tap each, while your side may ask before a lead: a strip under
    the felt (its button folds it and says how many are left; *Let … lead* when the table
    waits for you before your partner's lead)."""
    v, t = game.view, game.t
    asks = sheet_asks(v) if game.waits_for_you() or v.turn in v.partners else []
    left = questions_left(v)
    if not asks or not left or not v.partners:
        return ""
    partner = t.seat(v.partners[0])
    full = f'{t("talk.ask", name=partner)} · {t.plural("talk.left", left)}'
    head = (f'<button type="button" class="btn small talk-toggle" data-action="parlee" '
            f'aria-expanded="{"true" if game.sheet_open else "false"}" aria-controls="talk-sheet"'
            f' aria-label="{_e(full)}">{_e(t("talk.ask", name=partner)) if not game.sheet_open else "?"}'
            f' <b class="talk-left">{left}</b></button>')
    lead = (f'<button type="button" class="btn small primary let-lead" data-action="let-lead">'
            f'{_e(t("talk.let_lead", name=partner))}</button>' if offers_ask(game) else "")
    if not game.sheet_open:
        return f'<div class="talk-bar">{head}{lead}</div>'
    counts = "".join(_ask_button(a, SUIT_SYMBOLS[a.subject], game)
                     for a in asks if a.kind == talk.COUNT)
    cards = "".join(_ask_button(a, short_card(a.subject, t), game)
                    for a in asks if a.kind == talk.HAS)
    rows = "".join(f'<span class="talk-row" role="group" aria-label="{_e(t(key))}">'
                   f'<span class="talk-label" aria-hidden="true">{_e(t(key))}</span>{row}</span>'
                   for key, row in (("talk.row_count", counts), ("talk.row_has", cards)) if row)
    return (f'<div class="talk-bar open">{head}'
            f'<div class="talk-sheet" id="talk-sheet" role="group" '
            f'aria-label="{_e(t("talk.sheet", name=partner))}">{rows}</div>{lead}</div>')


def _ask_button(ask: Ask, label: str, game) -> str:
    """One question, one tap: a short label (a suit, a card), the whole question as its name;
    marked if it is the hint's suggestion."""
    suit = ask.subject if ask.kind == talk.COUNT else ask.subject // 13
    code = ask_code(ask)
    mark, said = hint_attrs(game, f"ask:{code}")
    return (f'<button type="button" class="btn small ask s{suit}{mark}" data-action="ask" '
            f'data-ask="{code}" aria-label="{_e(question_text(ask, game.t))}"{said}>{_e(label)}</button>')
