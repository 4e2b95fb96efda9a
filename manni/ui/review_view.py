"""HTML of the review of a finished deal (``manni.review``): pure functions, no ``js``.

Shown only when the deal is over (the page asks for it at deal-over and match-over, and
empties it when the dialog closes), so the hands and the Manni it shows are no longer
hidden. Every card is an element with ``data-card``; the root is ``[data-review]``.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, card_code, cards_of
from ..par_compare import before_play_differs, first_difference, won_after
from ..rules import get_rules
from .phrases import action_phrase
from .markup import YOU, _e, sort_hand, trick_won


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


def par_block(review, deal, side: int, t, index: int = 0) -> str:
    """The same deal as par played it (Expert in your seat), trick by trick beside yours,
    opened at the trick where par first played another card."""
    if deal is None:
        return ""
    score = deal.score()[side]
    text = t("review.par", score=f"+{score}" if score > 0 else str(score).replace("-", "−"))
    head = f'<h3 id="review-par-title">{_e(text)}</h3>'
    total = max(len(review.tricks), len(deal.history))
    if not total:  # decided before a card: nothing to step through
        return f'<section class="review-par" data-par-review="{score}">{head}</section>'
    first = first_difference(review.tricks, deal.history)
    step = first[0] if first else 1
    notes = [t("review.par_differs", n=first[0]) if first else t("review.par_same")]
    if before_play_differs(review, deal):
        notes.insert(0, t("review.par_before_play"))
    where = f' data-first-trick="{first[0]}" data-first-place="{first[1]}"' if first else ""
    return (f'<section class="review-par" data-par-review="{score}" data-deal-index="{index}" '
            f'data-tricks="{total}" data-step="{step}"{where} aria-labelledby="review-par-title">'
            f'{head}<p class="compare-note">{_e(" ".join(notes))}</p>'
            f'{step_nav(step, total, first is not None, t)}{compare_body(review, deal, step, t)}'
            f'</section>')


def step_disabled(step: int, total: int) -> dict[str, bool]:
    return {"prev": step <= 1, "next": step >= total}


def step_label(step: int, total: int, t) -> str:
    return t("review.step_at", n=step, total=total)


def next_step(step: int, total: int, direction: str, first: int | None) -> int:
    """The trick a step button leads to (``first``: the first differing trick, if any)."""
    to = {"prev": step - 1, "next": step + 1, "first": first or step}.get(direction, step)
    return min(max(to, 1), total)


def step_nav(step: int, total: int, differs: bool, t) -> str:
    """◀ Trick 3 of 12 ▶, and First difference: buttons that stay focusable at either end."""
    off = step_disabled(step, total)
    arrows = {d: (f'<button type="button" class="btn small step" data-action="review-step" '
                  f'data-dir="{d}" aria-label="{_e(t(f"review.step_{d}"))}" '
                  f'title="{_e(t(f"review.step_{d}"))}"{" aria-disabled=true" if off[d] else ""}>'
                  f'<span aria-hidden="true">{sign}</span></button>')
              for d, sign in (("prev", "◀"), ("next", "▶"))}
    first = (f'<button type="button" class="btn small" data-action="review-step" data-dir="first">'
             f'{_e(t("review.step_first"))}</button>' if differs else "")
    return (f'<div class="compare-nav" role="group" aria-label="{_e(t("review.step_label"))}">'
            f'{arrows["prev"]}<span class="compare-at" role="status">'
            f'{_e(step_label(step, total, t))}</span>{arrows["next"]}{first}</div>')


def _column(kind: str, title: str, tricks, rules, step: int, mark: int | None, t) -> str:
    if step > len(tricks):
        return f'<div class="compare-col {kind}" data-col="{kind}"><h4>{_e(title)}</h4></div>'
    leader, cs, winner = tricks[step - 1]
    plays = []
    for i, c in enumerate(cs):
        seat = (leader + i) % len(cs)
        cls = ("play" + (" won" if seat == winner else "") + (" differs" if i == mark else ""))
        flag = (f'<span class="visually-hidden">{_e(t("review.first_difference"))}</span>'
                if i == mark else "")
        plays.append(f'<span class="{cls}"><span class="who">{_e(t.seat(seat))}</span>'
                     f'{card(c, t)}{flag}</span>')
    won, points = won_after(rules, tricks, YOU, step)
    so_far = (t("review.so_far_points", points=points, tricks=t.plural("seat.tricks", won))
              if rules.card_points is not None else t.plural("review.so_far", won))
    return (f'<div class="compare-col {kind}" data-col="{kind}" data-winner="{winner}" '
            f'data-won="{won}" data-points="{points}"><h4>{_e(title)}</h4>'
            f'<div class="trick-line">{"".join(plays)}</div>'
            f'<div class="trick-after">{_e(trick_won(t, winner))} · {_e(so_far)}</div></div>')


def compare_body(review, deal, step: int, t) -> str:
    """Trick ``step`` of your deal and of par's, side by side, the first differing card
    marked, with each deal's tricks (and points) for your side so far."""
    rules = get_rules(review.rules)
    first = first_difference(review.tricks, deal.history)
    mark = first[1] if first and first[0] == step else None
    return (f'<div class="compare" data-compare-trick="{step}">'
            f'{_column("yours", t("review.yours"), review.tricks, rules, step, mark, t)}'
            f'{_column("par", t("review.par_column"), deal.history, rules, step, mark, t)}</div>')


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
            f'{tricks_block(review, t)}{par_block(review, par_deal, side, t, index)}</div>')


def busy_html(t) -> str:
    return f'<p class="review-busy" role="status" aria-busy="true">{_e(t("review.busy"))}</p>'


def failed_html(t) -> str:
    return f'<p class="review-failed" role="status">{_e(t("review.failed"))}</p>'
