"""Your deal against par (``manni.par``): which deal still needs its par, and the lines that
show it. Par is computed only for finished deals, so nothing here is hidden information.

The par of deal *i* lives on the match (``match.par``, saved with its record) with the level
it was computed at (``match.par_level``); a cache of another level is dropped."""

from __future__ import annotations

from .markup import YOU, _e


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def enabled(game) -> bool:
    """A match of your own against the bots (not the lesson, not a table with friends)."""
    return not game.hosting and game.tutorial is None and game.match is not None


def pars(game) -> dict[int, int]:
    """Par by deal index (0-based), for the finished deals whose par is known."""
    if not enabled(game):
        return {}
    m = game.match
    if m.par_level not in (None, game.settings.level):
        m.par, m.par_level = {}, None
    return {i: p for i, p in m.par.items() if i < len(m.deal_scores)}


def wanted(game) -> int | None:
    """The first finished deal whose par is not known yet, if any."""
    if not enabled(game):
        return None
    known = pars(game)
    return next((i for i in range(len(game.match.deal_scores)) if i not in known), None)


def yours(game, index: int) -> int:
    m = game.match
    return m.deal_scores[index][m.rules.side_of[YOU]]


def duplicate(game) -> int | None:
    """Your points minus par's, over the deals whose par is known (None: none yet)."""
    known = pars(game)
    if not known:
        return None
    return sum(yours(game, i) - p for i, p in known.items())


def strip_mark(game) -> str:
    """The match against par for the table's score line ("+2 vs par"), once a par is known."""
    total = duplicate(game)
    if total is None:
        return ""
    t, n = game.t, signed(total)
    return (f'<span class="vs-par" data-duplicate="{total}"><span aria-hidden="true">'
            f'{_e(t("par.strip", n=n))}</span><span class="visually-hidden">'
            f'{_e(t("par.duplicate", n=n))}</span></span>')


def hooks(game, index: int) -> str:
    """``data-par`` and ``data-yours`` once par of deal ``index`` is known."""
    p = pars(game).get(index)
    return "" if p is None else f' data-par="{p}" data-yours="{yours(game, index)}"'


def par_line(game, index: int) -> str:
    """"You +2 · Expert in your seat +3" for deal ``index``, and the match against par."""
    t = game.t
    p = pars(game).get(index)
    mine = signed(yours(game, index))
    text = (t("par.pending", yours=mine) if p is None
            else t("par.line", yours=mine, par=signed(p)))
    total = duplicate(game)
    extra = (f' <span class="par-total">{_e(t("par.duplicate", n=signed(total)))}</span>'
             if total is not None else "")
    return (f'<p class="deal-par" data-par-deal="{index + 1}"{hooks(game, index)}'
            f'{"" if p is not None else " aria-busy=true"}>{_e(text)}{claimed_line(game, index)}'
            f'{extra}</p>')


def claimed(game, index: int) -> tuple[int, int | None] | None:
    """The challenger's (yours, par) of deal ``index``, once that deal is over here."""
    m = game.match
    c = m.challenge if m is not None else None
    if c is None or index >= len(m.deal_scores) or index >= len(c["scores"]):
        return None
    yours, par = c["scores"][index]
    return yours, par


def claimed_line(game, index: int) -> str:
    c = claimed(game, index)
    if c is None:
        return ""
    t, (yours, par) = game.t, c
    text = (t("challenge.line", yours=signed(yours), par=signed(par))
            if par is not None else t("challenge.line_no_par", yours=signed(yours)))
    return f' <span class="claimed" data-claimed="{yours}">{_e(text)}</span>'


def last_line(game) -> str:
    """The par line of the last finished deal ("" when there is none or no par here)."""
    if not enabled(game) or not game.match.deal_scores:
        return ""
    return par_line(game, len(game.match.deal_scores) - 1)


def sheet_head(game, rows: int = 1) -> str:
    if not enabled(game):
        return ""
    span = f' rowspan="{rows}"' if rows > 1 else ""
    out = (f'<th scope="col" class="par"{span} aria-label="{_e(game.t("sheet.par_label"))}">'
           f'{_e(game.t("sheet.par"))}</th>')
    if game.match.challenge is not None:
        out += f'<th scope="col" class="claimed"{span}>{_e(game.t("sheet.challenger"))}</th>'
    return out


def _claimed_cell(game, index: int) -> str:
    if game.match.challenge is None:
        return ""
    c = claimed(game, index)  # only once the deal is over here
    return f'<td class="claimed">{_e(signed(c[0]) if c else "")}</td>'


def sheet_cell(game, index: int) -> str:
    if not enabled(game):
        return ""
    if index >= len(game.match.deal_scores):  # the deal under way
        return '<td class="par"></td>' + _claimed_cell(game, index)
    p = pars(game).get(index)
    return (f'<td class="par">{_e(signed(p) if p is not None else "…")}</td>'
            + _claimed_cell(game, index))


def sheet_foot(game) -> str:
    """The par column's total."""
    if not enabled(game):
        return ""
    total = f'<td class="par">{_e(signed(sum(pars(game).values())))}</td>'
    if game.match.challenge is not None:
        done = [claimed(game, i) for i in range(len(game.match.deal_scores))]
        total += f'<td class="claimed">{_e(signed(sum(c[0] for c in done if c)))}</td>'
    return total


def sheet_note(game) -> str:
    """Under the score sheet: the match against par (your points minus par's)."""
    total = duplicate(game)
    if total is None:
        return ""
    return (f'<p class="sheet-duplicate" data-duplicate="{total}">'
            f'{_e(game.t("par.duplicate", n=signed(total)))}</p>')
