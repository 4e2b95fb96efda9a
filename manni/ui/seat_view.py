"""HTML of a seat's record (``manni.net.seat_record``), opened from a file: pure, no ``js``.

It shows only what the record holds (what that seat saw): per deal, the seat's hands and
discards, every trick by name, the parlée's answers and the score; then the totals. The
root is ``[data-seat-record]``; every card is an element with ``data-card``.
"""

from __future__ import annotations

from ..cards import cards_of
from ..rules import get_rules
from .markup import _e, sort_hand
from .parlee import answer_text, question_text
from .review_view import card, cards_row


def _deal_html(rec, d, t, names) -> str:
    n = len(names)
    parts = []
    if not d.hands:
        parts.append(f'<p class="seat-unseen">{_e(t("seatrec.unseen"))}</p>')
    for i, hand in enumerate(d.hands):
        label = t("seatrec.hand" if i == 0 else "seatrec.hand_after")
        parts.append(f'<div class="review-hand"><span class="who">{_e(label)}</span>'
                     f'{cards_row(sort_hand(cards_of(hand), d.contract), t, label)}</div>')
    if d.out:
        label = t("seatrec.out")
        parts.append(f'<div class="review-hand"><span class="who">{_e(label)}</span>'
                     f'{cards_row(cards_of(d.out), t, label)}</div>')
    talk: dict[int, list[str]] = {}
    for a in d.answers:
        talk.setdefault(a.trick, []).append(
            f'<li><b>{_e(names[a.asker])}</b> {_e(question_text(a.question, t))} '
            f'<b>{_e(names[a.partner])}</b> {_e(answer_text(a.question, a.value, t))}</li>')
    tricks = list(d.tricks) + ([(d.leader, d.trick, None)] if d.trick else [])
    items = []
    for k, (leader, cs, winner) in enumerate(tricks):
        plays = "".join(
            f'<span class="play{" won" if (leader + i) % n == winner else ""}">'
            f'<span class="who">{_e(names[(leader + i) % n])}</span>{card(c, t)}</span>'
            for i, c in enumerate(cs))
        said = f'<ol class="talk-log">{"".join(talk[k])}</ol>' if k in talk else ""
        if winner is not None:
            after = t("table.trick_won", name=names[winner])
        else:  # under way when the page last saw it: then the deal ended, or it still goes on
            ended = d is not rec.deals[-1] or rec.finished
            after = t("seatrec.trick_unseen") if ended else ""
        items.append(f'<li>{said}<div class="trick-line"><span class="trick-no">'
                     f'{_e(t("review.trick", n=k + 1))}</span>{plays}</div>'
                     f'<div class="trick-after">{_e(after)}</div></li>')
    parts.append(f'<ol class="review-tricks">{"".join(items)}</ol>')
    score = rec.scores[d.number - 1] if d.number <= len(rec.scores) else None
    head = f'{t("table.deal", n=d.number)} · {t.contract(d.contract)}'
    if score is not None:
        sides = zip(_side_names(rec, names), score)
        head += " · " + ", ".join(f"{who} {s:+d}" for who, s in sides)
    return (f'<details class="seat-deal" data-deal="{d.number}"><summary>{_e(head)}</summary>'
            f'{"".join(parts)}</details>')


def _side_names(rec, names) -> list[str]:
    """Who scores: each seat in Manni, each side (its seats' names) in a partnership game."""
    return [" & ".join(names[s] for s in side) for side in get_rules(rec.rules).sides]


def seat_record_html(rec, t) -> str:
    names = rec.names
    totals = [sum(s[i] for s in rec.scores) for i in range(len(get_rules(rec.rules).sides))]
    who = _side_names(rec, names)
    result = (t("seatrec.winners", names=", ".join(names[s] for s in rec.winners))
              if rec.finished else t("seatrec.not_over"))
    sums = "".join(f'<li><span class="who">{_e(w)}</span> <b>{total}</b></li>'
                   for w, total in zip(who, totals))
    deals = "".join(_deal_html(rec, d, t, names) for d in rec.deals)
    return (f'<div class="seat-record" data-seat-record="{rec.seat}">'
            f'<h3>{_e(t("seatrec.title", name=names[rec.seat]))}</h3>'
            f'<p class="headline">{_e(result)}</p>'
            f'<ol class="watch-scores" aria-label="{_e(t("sheet.title"))}">{sums}</ol>'
            f'{deals}</div>')
