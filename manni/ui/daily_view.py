"""The deal of the day at the table: its key in the statistics, its share text and the
panel at its end (pure; the page copies or shares the text)."""

from __future__ import annotations

from ..daily import symbol
from . import par_view
from .markup import _e
from .settings import variant_of


def variant(match) -> str:
    return variant_of(match.rules.name, match.options)


def key(match) -> str:
    """The statistics' key of a deal of the day: "YYYY-MM-DD/variant"."""
    return f"{match.daily}/{variant(match)}"


def link(base: str, match) -> str:
    return f"{base}?daily&rules={variant(match)}"


def results(game) -> list[tuple[int, int]] | None:
    """(yours, par) of every deal once the deal of the day is over and every par known."""
    m = game.match
    if m is None or m.daily is None or not m.finished:
        return None
    pars = par_view.pars(game)
    if len(pars) < len(m.deal_scores):
        return None
    return [(par_view.yours(game, i), pars[i]) for i in range(len(m.deal_scores))]


def against_par(game) -> int | None:
    done = results(game)
    return None if done is None else sum(y - p for y, p in done)


def share_text(game, base: str) -> str | None:
    """One line for the day and variant, one per deal (its symbol against par), the link."""
    done = results(game)
    if done is None:
        return None
    t, m = game.t, game.match
    lines = [t("daily.share_title", date=m.daily, rules=t(f"variant.{variant(m)}"))]
    for i, (yours, par) in enumerate(done):
        lines.append(t("daily.share_line", n=i + 1, symbol=symbol(yours, par),
                       yours=par_view.signed(yours), par=par_view.signed(par)))
    lines.append(t("par.duplicate", n=par_view.signed(sum(y - p for y, p in done))))
    lines.append(link(base, m))
    return "\n".join(lines)


def panel(game, base: str) -> str:
    """The deal of the day's end: its share text with Copy and Share (or, until every par is
    known, that it is on its way); a replay says it is practice."""
    m = game.match
    if m is None or m.daily is None:
        return ""
    t = game.t
    note = (f'<p class="daily-practice">{_e(t("daily.practice"))}</p>' if m.practice else "")
    if not m.finished:
        return note
    text = share_text(game, base)
    if text is None:
        return f'{note}<p class="daily-wait" aria-busy="true">{_e(t("daily.waiting"))}</p>'
    return (f'{note}<pre class="daily-share" data-share-text>{_e(text)}</pre>'
            f'<div class="result-actions"><button type="button" class="btn" data-action="daily-copy">'
            f'{_e(t("net.copy"))}</button><button type="button" class="btn" data-action="daily-share">'
            f'{_e(t("net.share"))}</button></div>')
