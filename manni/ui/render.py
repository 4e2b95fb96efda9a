"""HTML for the table, from seat 0's SeatView only: pure functions, no ``js``.

Nothing here can see another seat's cards: the inputs are the SeatView (own hand, cards
played, counts), the public contracts of the deals, and UI state (selection, notice).
All text comes from the Translator; every dynamic value is escaped.

Automation hooks (see docs/ui.md): ``data-phase`` / ``data-turn`` on the table root (see
:func:`table_attrs`), ``button[data-card]`` for the hand, ``data-action`` on controls.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, cards_of
from ..lazy import Later
from ..rules import get_rules
from ..states import ExchangeKind, MatchPhase, Phase
from .markup import (YOU, _e, card_back, card_button, card_face, hint_attrs, lists_table, role_chip,
                     sort_hand, trick_won)
from .par_view import strip_mark
from .sheet import result_panel

parlee = Later("manni.ui.parlee")  # only at a table with talk


# -- state ---------------------------------------------------------------------------------
def table_attrs(game) -> dict[str, str]:
    """The automation hooks on the table root: data-phase and data-turn."""
    v = game.view
    turn = "you" if game.waits_for_you() else "opponent"
    asks = parlee.asks_waited(game) if v.ruleset.talk is not None else None
    return {"data-phase": game.phase, "data-turn": turn, "data-rules": v.rules,
            "data-deal": str(v.deal_number), "data-actions": str(game.action_count),
            "data-stage": v.stage or "", "data-asks": "" if asks is None else str(asks),
            "data-daily": (game.match.daily or "") if game.match is not None else ""}


def status_text(game) -> str:
    v, t = game.view, game.t
    phase = game.phase
    note = game.status_note()
    if note:
        return note
    if phase == MatchPhase.MATCH_OVER:
        return t("status.match_over")
    if phase == MatchPhase.DEAL_OVER:
        return t("status.deal_over")
    if v.turn != YOU:
        return t("status.waiting", name=t.seat(v.turn))
    if phase == MatchPhase.EXCHANGE:
        if v.exchange_kind == ExchangeKind.SWAP:
            return t("status.your_exchange_swap", n=v.hand_sizes[YOU])
        if v.stage in ("declare", "overcall", "pickup"):
            return t(f"status.your_{v.stage}", name=t.seat(v.contract.declarer or 0),
                     contract=t.contract(v.contract))
        limit = v.discard_limit or 0
        if v.stage == "lay_away":
            return t("status.your_lay_away", n=len(game.selected), limit=limit)
        return (t.plural("status.your_exchange_draw", limit) + " "
                + t("status.selected", n=len(game.selected), limit=limit))
    return t("status.your_follow") if v.trick else t("status.your_lead")


def _seat_exchange_note(v, seat, t) -> str:
    ex = v.exchanged[seat]
    if ex is None:
        return ""
    if v.exchange_kind == ExchangeKind.SWAP:
        return t("seat.took_manni") if ex else t("seat.kept_hand")
    if get_rules(v.rules).picks_up_manni(v.options):
        return t("seat.took_manni") if ex else t("seat.left_manni")
    return t.plural("seat.exchanged", ex)


def fan(n: int) -> str:
    """An opponent's hand: ``n`` card backs, fanned. Only the count: a back names no card."""
    backs = '<span class="fan-slot"><span class="card back"></span></span>' * n
    return f'<div class="fan" aria-hidden="true"><span class="fan-count">{n}</span>{backs}</div>'


def trick_pile(seat: int, n: int) -> str:
    """The tricks a seat has taken, as a small pile (at most six backs drawn)."""
    backs = '<span class="pile-card"></span>' * min(n, 6)
    return f'<span class="pile" data-pile="{seat}" aria-hidden="true">{backs}</span>'


def seat_panel(v, seat, game) -> str:
    t = game.t
    is_turn = (v.turn == seat and v.phase in (Phase.EXCHANGE, Phase.PLAY)
               and game.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY))
    cls = ["seat", f"seat-{seat}"]
    if is_turn:
        cls.append("is-turn")
    dealer = role_chip(t, "dealer") if v.dealer == seat else ""
    if getattr(v.contract, "declarer", None) == seat:
        dealer += role_chip(t, "declarer")
    stats = f'<span>{_e(t.plural("seat.tricks", v.tricks[seat]))}</span>'
    if seat != YOU:  # the fan shows the number; this says it to screen readers
        stats += f'<span class="visually-hidden">{_e(t.plural("seat.cards", v.hand_sizes[seat]))}</span>'
    note = _seat_exchange_note(v, seat, t)
    if is_turn and seat != YOU:
        note = t("seat.thinking")
    elif is_turn:
        note = t("seat.your_turn")
    shown = game.open_hands().get(seat)
    hand = ""
    if shown is not None:  # a practice table that asked to see every hand
        faces = "".join(card_face(c, t, "mini") for c in sort_hand(cards_of(shown), v.contract))
        hand = f'<div class="open-hand" role="group" aria-label="{_e(t("seat.open_hand"))}">{faces}</div>'
    elif seat != YOU:
        hand = fan(v.hand_sizes[seat])
    return (f'<section class="{" ".join(cls)}" data-seat="{seat}" aria-label="{_e(t.seat(seat))}">'
            f'<div class="seat-head"><span class="seat-name">{_e(t.seat(seat))}</span>{dealer}</div>'
            f'{hand}<div class="seat-stats">{trick_pile(seat, v.tricks[seat])}'
            f'{stats}</div>'
            f'<div class="seat-note">{_e(note)}</div></section>')


def practice_tools(game) -> str:
    """At a practice table: its mark and the button that shows every hand."""
    if not game.practice or game.tutorial is not None:
        return ""
    t = game.t
    pressed = "true" if game.show_hands else "false"
    return (f'<div class="practice-tools"><span class="practice-mark">{_e(t("table.practice"))}</span>'
            f'<button type="button" class="btn small" data-action="show-hands" aria-pressed="{pressed}">'
            f'{_e(t("btn.show_hands"))}</button></div>')


def contract_mark(contract) -> str:
    """The contract's big sign: the trump suit's symbol, or none (the name says it)."""
    if contract.trump is None:
        return ""
    return f'<span class="contract-suit s{contract.trump}" aria-hidden="true">{SUIT_SYMBOLS[contract.trump]}</span>'


def contract_box(v, t, extra: str = "", mark: str = "") -> str:
    """Deal number (and ``mark``: the match against par), contract, the Manni and its
    reminder card (2 of trumps, or the cut)."""
    parts = [f'<div class="deal-no">{_e(t("table.deal", n=v.deal_number))}{" " * bool(mark)}{mark}</div>{extra}',
             f'<div class="contract" data-contract="{_e(v.contract.name)}">{contract_mark(v.contract)}'
             f'<span class="contract-name">{_e(t.contract(v.contract))}</span></div>']
    declarer = getattr(v.contract, "declarer", None)
    if declarer is not None:
        parts.append(f'<div class="declared-by" data-declarer="{declarer}">'
                     f'{_e(t("table.declared_by", name=t.seat(declarer)))}</div>')
    if v.contract.trump is None:
        parts.append(f'<div class="contract-hint">{_e(t(f"contract.{v.contract.name}_hint"))}</div>')
    cards = []
    taken = v.manni_taken_by
    if v.exchange_kind == ExchangeKind.SWAP:
        if taken is None:
            cards.append(f'<span class="manni-pile" title="{_e(t("table.manni"))}">'
                         f'{card_back(str(v.manni_left))}</span>')
        reminder = 0 + 13 * v.contract.trump  # the 2 of trumps (not in the Classic deck)
        cards.append(card_face(reminder, t, "mini reminder"))
        if taken is not None:
            note = t("table.manni_taken_you") if taken == YOU else t("table.manni_taken", name=t.seat(taken))
        elif v.phase == Phase.EXCHANGE:
            note = t.plural("table.manni_cards", v.manni_left)
        else:
            note = t("table.manni_kept")
    else:
        cards.append(f'<span class="manni-pile" title="{_e(t("table.manni"))}">'
                     f'{card_back(str(v.manni_left))}</span>')
        if v.cut is not None:
            cards.append(card_face(v.cut, t, "mini reminder cut"))
        note = t.plural("table.manni_cards", v.manni_left)
        if v.cut is not None:
            note += " · " + t("table.cut_card", card=t.card(v.cut))
    parts.append(f'<div class="manni-row">{"".join(cards)}</div>')
    parts.append(f'<div class="manni-note">{_e(note)}</div>')
    kind = "trump" if v.contract.trump is not None else v.contract.name
    return f'<div class="contract-box" data-kind="{_e(kind)}">{"".join(parts)}</div>'


def trick_area(v, t) -> str:
    slots = {0: "", 1: "", 2: ""}
    note = ""
    done = False
    won_by = ""
    if v.trick:
        for seat, c in zip(v.trick_seats(), v.trick):
            slots[seat] = card_face(c, t)
    elif v.history:
        leader, cards, winner = v.history[-1]
        for i, c in enumerate(cards):
            seat = (leader + i) % 3
            slots[seat] = card_face(c, t, "won" if seat == winner else "")
        note = trick_won(t, winner)
        done = True
        won_by = f' data-winner="{winner}"'
    nxt = v.turn if v.phase == Phase.PLAY and not done else None  # the slot whose card comes next
    inner = "".join(f'<div class="slot slot-{s}{" next" if s == nxt else ""}" data-slot="{s}">{slots[s]}</div>'
                    for s in (1, 2, 0))
    # data-trick: which trick of which deal (the page gathers a finished trick once)
    return (f'<div class="trick{" done" if done else ""}" role="group" aria-label="{_e(t("table.trick_label"))}"'
            f' data-trick="{v.deal_number}.{len(v.history)}"{won_by}>'
            f'{inner}<p class="trick-note">{_e(note)}</p></div>')


def action_bar(game) -> str:
    v, t = game.view, game.t
    out = []
    if game.phase == MatchPhase.EXCHANGE and v.turn == YOU:
        if v.stage in ("declare", "overcall"):
            return declare_panel(game)
        if v.exchange_kind == ExchangeKind.SWAP or v.stage == "pickup":
            keep = "btn.keep_hand" if v.exchange_kind == ExchangeKind.SWAP else "btn.leave_manni"
            for action, cls, key in (("take-manni", "btn primary", "btn.take_manni"),
                                     ("keep-hand", "btn", keep)):
                extra_cls, extra = hint_attrs(game, action)
                out.append(f'<button type="button" class="{cls}{extra_cls}" data-action="{action}"{extra}>'
                           f'{_e(t(key))}</button>')
        else:
            n = len(game.selected)
            extra_cls, extra = hint_attrs(game, "confirm-discard")
            label = (t.plural("btn.lay_away", v.discard_limit) if v.stage == "lay_away"
                     else t.plural("btn.confirm_discard", n))
            out.append(f'<button type="button" class="btn primary{extra_cls}" data-action="confirm-discard"{extra}>'
                       f'{_e(label)}</button>')
    elif game.phase == MatchPhase.EXCHANGE and v.stage in ("declare", "overcall"):
        out.append(lists_table(game))  # while the others declare: what everyone has left
    return f'<div class="actions">{"".join(out)}</div>'


def undo_button(game) -> str:
    """Undo; when it may not be pressed it stays focusable but aria-disabled, with the
    reason as its description (and a tap shows the reason)."""
    t = game.t
    why = game.undo_reason()
    if not why:
        return f'<button type="button" class="btn small" data-action="undo">{_e(t("btn.undo"))}</button>'
    return (f'<button type="button" class="btn small unavailable" data-action="undo" aria-disabled="true" '
            f'title="{_e(why)}" aria-describedby="undo-why">{_e(t("btn.undo"))}</button>'
            f'<span id="undo-why" class="visually-hidden">{_e(why)}</span>')


def meaning(game, name: str) -> str:
    """What declaring a contract means, scores included."""
    c = game.match.rules.declared(name, YOU)
    return game.t(f"meaning.{c.kind}")


def declare_panel(game) -> str:
    """Your declaration or overcall: one button per contract still on your list, each with
    what it means (and Pass first when overcalling), then every player's list."""
    v, t = game.view, game.t
    hinted = game.hinted_action()
    overcall = v.stage == "overcall"
    items = []
    for action in v.choices:
        name = action.contract
        if name is None:
            act, key, title = "pass", "pass", t("btn.pass")
            text = t("meaning.pass", name=t.seat(v.contract.declarer), contract=t.contract(v.contract))
            attrs = ""
        else:
            act = "overcall" if overcall else "declare"
            key, title, text = f"{act}:{name}", game.contract_name(name), meaning(game, name)
            attrs = f' data-contract="{_e(name)}"'
        cls = "choice" + (" hinted" if hinted == key else "")
        extra = f' aria-description="{_e(t("hint.suggested"))}"' if hinted == key else ""
        items.append(f'<li><button type="button" class="{cls}" data-action="{act}"{attrs}{extra}>'
                     f'<span class="choice-name">{_e(title)}</span>'
                     f'<span class="choice-meaning">{_e(text)}</span></button></li>')
    head = t("declare.overcall_title") if overcall else t("declare.title")
    return (f'<div class="actions declare-panel" role="group" aria-labelledby="declare-title">'
            f'<h2 id="declare-title" class="declare-title">{_e(head)}</h2>'
            f'<ul class="choices">{"".join(items)}</ul>{lists_table(game)}</div>')


def tools_bar(game) -> str:
    v, t = game.view, game.t
    # a table of four shows the previous deal's last trick until one is taken in this deal
    last = "" if v.history or (v.partners and v.deal_number > 1) else " disabled"
    busy = game.hint_busy
    hint = "" if (game.can_hint() and not busy) else " disabled"
    if busy:
        hint += ' aria-busy="true"'
    return (f'<div class="tools">'
            f'<button type="button" class="btn small" data-action="hint"{hint}>{_e(t("btn.hint"))}</button>'
            f'<button type="button" class="btn small" data-action="last-trick"{last}>{_e(t("btn.last_trick"))}</button>'
            f'{undo_button(game)}</div>')


def hand_html(game) -> str:
    v, t = game.view, game.t
    drawing = game.phase == MatchPhase.EXCHANGE and v.discard_limit is not None and v.turn == YOU
    playing = game.phase == MatchPhase.PLAY and v.turn == YOU
    buttons = []
    hinted = game.hinted_cards()
    for c in sort_hand(cards_of(v.hand), v.contract):
        buttons.append(card_button(c, t, playable=playing and bool(v.legal >> c & 1),
                                   selectable=drawing, selected=c in game.selected, dim=playing,
                                   hinted=c in hinted))
    cls = "hand"
    if len(buttons) > 12:  # the declared rule sets' 16 (20 while laying away)
        cls += " many"
    if drawing:
        cls += " choosing"
    return (f'<div id="hand" class="{cls}" role="group" aria-label="{_e(t("table.hand_label"))}">'
            f'{"".join(buttons)}</div>')


# -- the whole table -----------------------------------------------------------------------
def table_html(game) -> str:
    v = game.view
    return (f'<div class="felt"><div class="opponents">{seat_panel(v, 1, game)}{seat_panel(v, 2, game)}</div>'
            f'<div class="centre">{contract_box(v, game.t, practice_tools(game), strip_mark(game))}{trick_area(v, game.t)}</div></div>'
            f'{game.tutorial.prompt_html(game) if game.tutorial is not None else ""}'
            f'<p class="status" id="status">{_e(status_text(game))}</p>'
            f'<div class="me">{seat_panel(v, YOU, game)}{tools_bar(game)}</div>'
            f'{action_bar(game)}{hand_html(game)}{result_panel(game)}')
