"""The results: the score sheet, the deal-over and match-over panel, the last trick."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS
from ..states import MatchPhase
from . import challenge, daily_view, par_view
from .markup import YOU, _e, card_face, lists_table, trick_won


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def result_sentence(v, t) -> str:
    if v.finished:
        w = list(v.winners)
        if len(w) == 1:
            return t("result.you_win") if w[0] == YOU else t("result.wins", name=t.seat(w[0]))
        return t("result.share", names=t.join([t.seat(s) for s in w]))
    if v.deal_scores:
        last = v.deal_scores[-1]
        parts = [f"{t.seat(s)}: {t.plural('seat.tricks', v.tricks[s])}, {_signed(last[s])}" for s in range(3)]
        return t("result.title", n=v.deal_number) + ". " + "; ".join(parts) + "."
    return ""


def _contract_short(contract, t) -> str:
    if contract.trump is not None:
        return SUIT_SYMBOLS[contract.trump]
    return t(f"contract.{contract.name}")


def score_sheet(game) -> str:
    v, t = game.view, game.t
    if not v.deal_scores:
        return f'<p class="sheet-empty">{_e(t("sheet.empty"))}</p>{lists_table(game)}'
    contracts = game.past_contracts()
    split = v.ruleset.split_columns
    head = [f'<th scope="col">{_e(t("sheet.deal"))}</th>']
    sub = ['<th></th>'] if split else []
    for s in range(3):
        if split:
            head.append(f'<th scope="colgroup" colspan="2">{_e(t.seat(s))}</th>')
            sub.append(f'<th scope="col" class="plus" aria-label="{_e(t("result.col_plus"))}">{_e(t("sheet.plus_short"))}</th>'
                       f'<th scope="col" class="minus" aria-label="{_e(t("result.col_minus"))}">{_e(t("sheet.minus_short"))}</th>')
        else:
            head.append(f'<th scope="col">{_e(t.seat(s))}</th>')
    head.append(par_view.sheet_head(game, 2 if split else 1))
    rows = []
    for i, score in enumerate(v.deal_scores):
        c = contracts[i] if i < len(contracts) else None
        label = f'{i + 1} <span class="sheet-contract">{_e(_contract_short(c, t)) if c else ""}</span>'
        declarer = getattr(c, "declarer", None)
        if declarer is not None:
            label += f' <span class="sheet-declarer">{_e(t.seat(declarer))}</span>'
        cells = [f'<th scope="row">{label}</th>']
        for s in range(3):
            n = score[s]
            if split:
                cells.append(f'<td class="plus">{"+" + str(n) if n > 0 else ""}</td>'
                             f'<td class="minus">{"−" + str(-n) if n < 0 else ""}</td>')
            else:
                cells.append(f'<td>{_e(_signed(n) if v.ruleset.negative_scores(v.options) else n)}</td>')
        cells.append(par_view.sheet_cell(game, i))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    foot = [f'<th scope="row">{_e(t("sheet.total"))}</th>']
    for s in range(3):
        if split:
            foot.append(f'<td class="plus">{v.plus[s]}</td><td class="minus">{"−" + str(v.minus[s]) if v.minus[s] else 0}</td>')
        else:
            total = v.totals[s]
            foot.append(f'<td>{_e(_signed(total) if v.ruleset.negative_scores(v.options) else total)}</td>')
    foot.append(par_view.sheet_foot(game))
    thead = "<tr>" + "".join(head) + "</tr>" + ("<tr>" + "".join(sub) + "</tr>" if split else "")
    practice = f' · <span class="practice-mark">{_e(t("sheet.practice"))}</span>' if game.practice else ""
    if v.lists is None:
        goal = t("table.target", n=v.options.get("target"))
    else:
        goal = t("sheet.every_contract", n=3 * len(v.ruleset.ENTRIES))
    return (f'<table class="sheet{" split" if split else ""}"><caption>{_e(t("sheet.title"))} · '
            f'{_e(goal)}{practice}</caption>'
            f'<thead>{thead}</thead><tbody>{"".join(rows)}</tbody><tfoot><tr>{"".join(foot)}</tr></tfoot></table>'
            f'{par_view.sheet_note(game)}{lists_table(game)}')


def _check(line: str) -> str:
    return f'<p class="sealed-check" data-check>{_e(line)}</p>' if line else ""


def result_panel(game) -> str:
    v, t = game.view, game.t
    phase = game.phase
    if phase not in (MatchPhase.DEAL_OVER, MatchPhase.MATCH_OVER):
        return ""
    split = v.ruleset.split_columns
    last = v.deal_scores[-1] if v.deal_scores else (0, 0, 0)
    cols = [t("result.col_player"), t("result.col_tricks"), t("result.col_points")]
    cols += [t("result.col_plus"), t("result.col_minus"), t("result.col_net")] if split else [t("result.col_total")]
    rows = []
    for s in range(3):
        cells = [f'<th scope="row">{_e(t.seat(s))}</th>', f"<td>{v.tricks[s]}</td>", f"<td>{_e(_signed(last[s]))}</td>"]
        if split:
            cells += [f"<td>{v.plus[s]}</td>", f"<td>{v.minus[s]}</td>", f"<td>{_e(_signed(v.totals[s]))}</td>"]
        else:
            cells.append(f"<td>{_e(_signed(v.totals[s]) if v.ruleset.negative_scores(v.options) else v.totals[s])}</td>")
        win = " winner" if (v.finished and s in v.winners) else ""
        rows.append(f'<tr class="seat-row{win}">{"".join(cells)}</tr>')
    table = (f'<table class="deal-result"><thead><tr>{"".join(f"<th scope=col>{_e(c)}</th>" for c in cols)}</tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table>')
    if phase == MatchPhase.MATCH_OVER:
        title = t("result.match_title")
        headline = f'<p class="headline">{_e(result_sentence(v, t))}</p>'
        button = game.match_over_buttons()
        if button is None:
            button = (f'<button type="button" class="btn primary" data-action="new-match">'
                      f'{_e(t("btn.new_match"))}</button>')
    else:
        title = t("result.title", n=v.deal_number)
        headline = ""
        button = (game.tutorial.result_buttons(game) if game.tutorial is not None else
                  f'<button type="button" class="btn primary" data-action="next-deal">{_e(t("btn.next_deal"))}</button>')
    button += f'<button type="button" class="btn" data-action="review">{_e(t("btn.review"))}</button>'
    index = len(v.deal_scores) - 1
    return (f'<section class="result" role="region" aria-labelledby="result-title"'
            f'{par_view.hooks(game, index) if par_view.enabled(game) else ""}>'
            f'<h2 id="result-title">{_e(title)}</h2>{headline}<div class="scroll-x">{table}</div>'
            f'{_check(game.check_line())}'
            f'{par_view.last_line(game)}{daily_view.panel(game, game.link_base)}'
            f'{challenge.panel(game)}'
            f'<div class="result-actions">{button}</div>'
            f'<div class="result-sheet">{score_sheet(game)}</div>'
            f'</section>')


def last_trick(game) -> str:
    v, t = game.view, game.t
    if not v.history:
        return f'<p>{_e(t("last.none"))}</p>'
    return trick_list(v.history[-1], v.seats, t)


def trick_list(trick, seats: int, t) -> str:
    """A finished trick ``(leader, cards, winner)``: each card under its player."""
    leader, cards, winner = trick
    items = []
    for i, c in enumerate(cards):
        seat = (leader + i) % seats
        led = f' <span class="led">({_e(t("last.led"))})</span>' if i == 0 else ""
        items.append(f'<li class="{"won" if seat == winner else ""}"><span class="who">{_e(t.seat(seat))}{led}</span>'
                     f'{card_face(c, t)}</li>')
    return (f'<ol class="last-trick">{"".join(items)}</ol>'
            f'<p class="trick-note">{_e(trick_won(t, winner))}</p>')
