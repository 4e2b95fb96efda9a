"""The pieces every HTML view of the table shares: escaping, cards, the hand's order,
the trick's winner, the declared family's lists. Pure functions, no ``js``."""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, card_code

YOU = 0
SUIT_ORDER = (0, 1, 3, 2)  # spades, hearts, clubs, diamonds: colours alternate


def _e(text) -> str:
    """``html.escape(str(text))``, without importing ``html`` (and its table of entities)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def sort_hand(cards, contract) -> list[int]:
    """By suit (trumps first, the other suits alternating colours), high to low."""
    trump = contract.trump
    order = ([trump] if trump is not None else []) + [s for s in SUIT_ORDER if s != trump]
    ace_low = contract.ace_low

    def key(c):
        r = c % 13
        power = -1 if (ace_low and r == 12) else r
        return (order.index(c // 13), -power)

    return sorted(cards, key=key)


# -- cards ---------------------------------------------------------------------------------
def card_face(c: int, t, cls: str = "") -> str:
    """A face-up card that is not a control (trick, reminders)."""
    return (f'<span class="card face s{c // 13} {cls}" role="img" aria-label="{_e(t.card(c))}">'
            f'<span class="rank">{_e(t.rank_short(c))}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_SYMBOLS[c // 13]}</span></span>')


def card_button(c: int, t, *, playable: bool, selectable: bool, selected: bool, dim: bool = True,
                hinted: bool = False) -> str:
    attrs = [f'type="button"', f'data-card="{card_code(c)}"', f'aria-label="{_e(t.card(c))}"']
    cls = ["card", "face", f"s{c // 13}"]
    if hinted:
        cls.append("hinted")
        attrs.append(f'aria-description="{_e(t("hint.suggested"))}"')
    if selectable:
        attrs.append(f'aria-pressed="{"true" if selected else "false"}"')
        cls.append("selectable")
        if selected:
            cls.append("selected")
    elif playable:
        cls.append("playable")
    else:
        cls.append("unplayable" if dim else "idle")
        attrs.append('aria-disabled="true"')
    return (f'<button class="{" ".join(cls)}" {" ".join(attrs)}>'
            f'<span class="rank">{_e(t.rank_short(c))}</span>'
            f'<span class="suit" aria-hidden="true">{SUIT_SYMBOLS[c // 13]}</span></button>')


def hint_attrs(game, action: str) -> tuple[str, str]:
    """(extra class, extra attributes) for a control the hint suggests (its data-action,
    or "ask:<code>" for a question of the parlée)."""
    if game.hinted_action() != action:
        return "", ""
    return " hinted", f' aria-description="{_e(game.t("hint.suggested"))}"'


def card_back(label: str = "") -> str:
    return f'<span class="card back" aria-hidden="true">{_e(label)}</span>'


def role_chip(t, role: str) -> str:
    """A seat's role as a chip: "dealer" or "declarer", its letter shown, its name read out
    (role="img": a plain <span> may not carry aria-label, axe's aria-prohibited-attr)."""
    name = _e(t(f"seat.{role}"))
    return (f'<span class="{role}-chip" role="img" title="{name}" aria-label="{name}">'
            f'{_e(t(f"seat.{role}_short"))}</span>')


def trick_won(t, winner: int) -> str:
    return t("table.you_won_trick") if winner == YOU else t("table.trick_won", name=t.seat(winner))



def _ticks(game) -> list[dict]:
    """Per seat: list entry -> the number of the deal that ticked it (the current deal's
    declaration included: it is ticked when declared)."""
    ticks: list[dict[str, int]] = [{}, {}, {}]
    for i, c in enumerate(game.past_contracts()):
        if getattr(c, "declarer", None) is not None:
            ticks[c.declarer][c.entry] = i + 1
    return ticks


def lists_table(game) -> str:
    """Each player's list of contracts with the ones declared ticked (declared rule sets)."""
    v, t = game.view, game.t
    if v.lists is None:
        return ""
    entries = list(v.ruleset.ENTRIES)
    ticks = _ticks(game)
    head = "".join(f'<th scope="col"><abbr title="{_e(t(f"entry.{e}"))}">{_e(t(f"entry_short.{e}"))}</abbr></th>'
                   for e in entries)
    rows = []
    for s in range(3):
        cells = []
        for e in entries:
            n = ticks[s].get(e)
            if n is None:
                cells.append(f'<td class="open" aria-label="{_e(t("lists.open", entry=t(f"entry.{e}")))}"></td>')
            else:
                cells.append(f'<td class="ticked" data-entry="{_e(e)}" '
                             f'aria-label="{_e(t("lists.ticked", entry=t(f"entry.{e}"), n=n))}">'
                             f'<span aria-hidden="true">✓{n}</span></td>')
        rows.append(f'<tr data-seat="{s}"><th scope="row">{_e(t.seat(s))}</th>{"".join(cells)}</tr>')
    return (f'<table class="lists"><caption>{_e(t("lists.title"))}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')

