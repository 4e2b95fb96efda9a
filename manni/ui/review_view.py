"""HTML of the review of a finished deal (``manni.review``): pure functions, no ``js``.

Shown only when the deal is over (the page asks for it at deal-over and match-over, and
empties it when the dialog closes), so the hands and the Manni it shows are no longer
hidden. Every card is an element with ``data-card``; the root is ``[data-review]``.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, card_code, cards_of
from ..rules import get_rules
from .phrases import action_phrase
from .markup import _e, sort_hand


def card(c: int, t, cls: str = "") -> str:
    return (f'<span class="card face mini s{c // 13} {cls}" role="img" data-card="{card_code(c)}" '
            f'aria-label="{_e(t.card(c))}"><span class="rank">{_e(t.rank_short(c))}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_SYMBOLS[c // 13]}</span></span>')


def cards_row(cs, t, label: str) -> str:
    return (f'<div class="review-cards" role="group" aria-label="{_e(label)}">'
            f'{"".join(card(c, t) for c in cs)}</div>')


def hands_block(hands, contract, t, title: str) -> str:
    rows = []
    for seat in range(len(hands)):
        name = t.seat(seat)
        rows.append(f'<div class="review-hand"><span class="who">{_e(name)}</span>'
                    f'{cards_row(sort_hand(cards_of(hands[seat]), contract), t, name)}</div>')
    return f'<h3>{_e(title)}</h3>{"".join(rows)}'


def summary(review, t) -> str:
    cards = review.cards
    text = t("review.summary", matched=review.matched_cards, total=len(cards),
             loss=t.number(review.loss, 1))
    ex = [d for d in review.decisions if d.trick is None]
    if ex:
        text += " " + (t("review.exchange_matched") if all(d.matched for d in ex)
                       else t("review.exchange_differs"))
    return text


def _verdict(d, t) -> str:
    if d.matched:
        return f'<span class="verdict same">{_e(t("review.same"))}</span>'
    if d.cost is None:
        cost = ""
    elif d.cost < 0.05:
        cost = " " + t("review.cost_none")
    else:
        cost = " " + t("review.cost", cost=t.number(d.cost, 1))
    return (f'<span class="verdict differs">{_e(t("review.hard_would", action=action_phrase(d.hard, t)))}'
            f'{_e(cost)}</span>')


def has_exchange(review) -> bool:
    """Did the deal have an exchange (none in a rule set without a Manni)?"""
    return bool(review.exchange or review.manni)


def exchange_block(review, t) -> str:
    mine = [d for d in review.decisions if d.trick is None]
    if not has_exchange(review):
        return ""
    items = []
    for seat, action in review.exchange:
        d = next((x for x in mine if x.yours is action), None)
        items.append(f'<li><span class="who">{_e(t.seat(seat))}</span>: {_e(action_phrase(action, t))}'
                     f'{" " + _verdict(d, t) if d else ""}</li>')
    out = [f'<h3>{_e(t("review.exchange"))}</h3>',
           f'<ul class="review-exchange">{"".join(items) or "<li></li>"}</ul>']
    for seat in range(len(review.out)):
        if review.out[seat]:
            label = t("review.out", name=t.seat(seat))
            out.append(f'<div class="review-hand"><span class="who">{_e(label)}</span>'
                       f'{cards_row(sort_hand(cards_of(review.out[seat]), review.contract), t, label)}</div>')
    return "".join(out)


def trick_items(tricks, t, mine=None) -> str:
    items = []
    for n, (leader, cs, winner) in enumerate(tricks, 1):
        plays = []
        for i, c in enumerate(cs):
            seat = (leader + i) % len(cs)
            plays.append(f'<span class="play{" won" if seat == winner else ""}">'
                         f'<span class="who">{_e(t.seat(seat))}</span>{card(c, t)}</span>')
        d = (mine or {}).get(n)
        items.append(f'<li><div class="trick-line"><span class="trick-no">{_e(t("review.trick", n=n))}</span>'
                     f'{"".join(plays)}</div>'
                     f'<div class="trick-after">{_e(t("table.trick_won", name=t.seat(winner)))}'
                     f'{" · " + _verdict(d, t) if d else ""}</div></li>')
    return "".join(items)


def tricks_block(review, t) -> str:
    mine = {d.trick: d for d in review.decisions if d.trick is not None}
    return f'<h3>{_e(t("review.tricks"))}</h3><ol class="review-tricks">{trick_items(review.tricks, t, mine)}</ol>'


def par_block(deal, side: int, t) -> str:
    """The same deal as par played it (Expert in your seat), beside yours."""
    if deal is None:
        return ""
    score = deal.score()[side]
    text = t("review.par", score=f"+{score}" if score > 0 else str(score).replace("-", "−"))
    return (f'<section class="review-par" data-par-review="{score}"><h3>{_e(text)}</h3>'
            f'<ol class="review-tricks">{trick_items(deal.history, t)}</ol></section>')


def deal_picker(deals: list[int], current: int, t) -> str:
    if len(deals) < 2:
        return ""
    buttons = "".join(
        f'<button type="button" class="btn small" data-action="review" data-deal-index="{i}"'
        f'{" aria-current=true" if i == current else ""}>{i + 1}</button>' for i in deals)
    return (f'<nav class="review-deals" aria-label="{_e(t("review.deals"))}">'
            f'<span>{_e(t("review.deals"))}</span>{buttons}</nav>')


def review_html(review, t, deals: list[int], index: int, par_deal=None, side: int = 0) -> str:
    contract = t.contract(review.contract)
    cut = ""
    if review.cut is not None:
        key = "review.turned" if get_rules(review.rules).cut_field == "turned" else "table.cut_card"
        cut = f' · {_e(t(key, card=t.card(review.cut)))}'
    manni_label = t("review.manni")
    manni = after = ""
    if has_exchange(review):
        manni = f'<h3>{_e(manni_label)}</h3>{cards_row(review.manni, t, manni_label)}'
        after = hands_block(review.after, review.contract, t, t("review.after"))
    return (f'<div class="review" data-review="{review.deal_number}">'
            f'{deal_picker(deals, index, t)}'
            f'<p class="review-head">{_e(t("review.title", n=review.deal_number))} · {_e(contract)}{cut}</p>'
            f'<p class="review-summary">{_e(summary(review, t))}</p>'
            f'{hands_block(review.dealt, review.contract, t, t("review.dealt"))}'
            f'{manni}{exchange_block(review, t)}{after}'
            f'{tricks_block(review, t)}{par_block(par_deal, side, t)}</div>')


def busy_html(t) -> str:
    return f'<p class="review-busy" role="status" aria-busy="true">{_e(t("review.busy"))}</p>'


def failed_html(t) -> str:
    return f'<p class="review-failed" role="status">{_e(t("review.failed"))}</p>'
