"""HTML for a partnership table of four seats (Manille), from seat 0's SeatView only.

Play runs to the right: the next seat (you + 1) sits on your right, your partner (you + 2)
faces you at the top, the last (you + 3) on your left. Beside the usual hooks the table
shows the trump and the turned card at the dealer's seat until it is played, the sides'
points in the deal, the manche against its target and the manches won, and the talk.
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, cards_of
from ..states import MatchPhase, Phase
from . import challenge, daily_view, par_view, parlee, sheet
from .markup import YOU, _e, card_face, role_chip, sort_hand, trick_won
from .render import fan, hand_html, practice_tools, tools_bar, trick_pile
from .render import status_text as base_status

PLACE = {1: "right", 2: "top", 3: "left"}  # seat (from yours) -> where it sits
SLOTS = (2, 3, 1, 0)
MANCHE_KEY = {True: "sheet.manche_us", False: "sheet.manche_them"}  # the trick's slots in reading order: top, left, right, you


def side_name(v, side: int, t) -> str:
    return t("side.us") if side == v.side else t("side.them")


def points_won(v) -> list[int]:
    """By side, what the deal's tricks so far are worth (card points and tricks)."""
    rules = v.ruleset
    values = rules.card_points or (0,) * 52
    points = [0] * len(v.sides)
    for _, cards, winner in v.history:
        points[rules.side_of[winner]] += rules.trick_points + sum(values[c] for c in cards)
    return points


def score_strip(v, t, mark: str = "") -> str:
    """By side: the manche's score against the target, manches won, the deal so far; between
    them the manche and ``mark`` (the match against par)."""
    target = v.options.get("target")
    m = v.manches
    points = points_won(v)
    tricks = [sum(v.tricks[s] for s in side) for side in v.sides]
    belle = (m is not None and not v.finished and all(w == 1 for w in m.won))
    blocks = []
    for side in (v.side, 1 - v.side):
        score = m.score[side] if m is not None else 0
        won = m.won[side] if m is not None else 0
        dots = "".join(f'<span class="dot{" on" if i < won else ""}"></span>' for i in range(2))
        deal = t("score.deal", points=points[side], tricks=t.plural("seat.tricks", tricks[side]))
        blocks.append(
            f'<div class="side-score{" ours" if side == v.side else ""}" data-side="{side}" '
            f'data-score="{score}" data-won="{won}">'
            f'<span class="side-name">{_e(side_name(v, side, t))}</span>'
            f'<span class="manche-score"><b>{score}</b><small>/{target}</small></span>'
            f'<span class="manches-won" role="img" aria-label="{_e(t.plural("score.manches", won))}">'
            f'{dots}</span><span class="deal-points">{_e(deal)}</span></div>')
    n = len(m.done) + 1 if m is not None else 1
    label = t("score.belle") if belle else t("score.manche", n=n)
    middle = f'<div class="manche-no{" belle" if belle else ""}">{_e(label)}{mark}</div>'
    return f'<div class="score-strip">{blocks[0]}{middle}{blocks[1]}</div>'


def turned_card(v, seat: int, t) -> str:
    """The turned card at the dealer's seat while the dealer still holds it."""
    if v.cut is None or v.dealer != seat or v.played >> v.cut & 1 or v.unplayed:
        return ""
    return (f'<span class="turned" title="{_e(t("table.turned"))}">'
            f'{card_face(v.cut, t, "mini cut")}</span>')


def seat_html(v, seat: int, game, own: int | None = YOU) -> str:
    """A seat; ``own`` is the seat whose hand the page holds (None for a spectator, who sees
    every seat's card backs)."""
    t = game.t
    playing = game.phase == MatchPhase.PLAY and v.phase == Phase.PLAY
    is_turn = playing and v.turn == seat
    side = v.ruleset.side_of[seat]
    cls = ["seat", f"seat-{seat}", f"side-{side}", PLACE.get(seat, "bottom")]
    if is_turn:
        cls.append("is-turn")
    chips = role_chip(t, "dealer") if v.dealer == seat else ""
    role = "seat.partner" if seat in v.partners else ("" if seat == YOU else "seat.opponent")
    role_html = f'<span class="seat-role">{_e(t(role))}</span>' if role else ""
    stats = f'<span>{_e(t.plural("seat.tricks", v.tricks[seat]))}</span>'
    hand = ""
    shown = game.open_hands().get(seat)
    if shown is not None:
        faces = "".join(card_face(c, t, "mini") for c in sort_hand(cards_of(shown), v.contract))
        hand = f'<div class="open-hand" role="group" aria-label="{_e(t("seat.open_hand"))}">{faces}</div>'
    elif seat != own:
        hand = fan(v.hand_sizes[seat])
        stats += f'<span class="visually-hidden">{_e(t.plural("seat.cards", v.hand_sizes[seat]))}</span>'
    note = ""
    if is_turn and not parlee.offers_ask(game):  # not "thinking" while it waits for you
        note = t("seat.your_turn") if seat == YOU else t("seat.thinking")
    bubbles = "".join(parlee.bubble_html(a, t) for a in parlee.trick_talk(v)[-1:]
                      if a.partner == seat)
    return (f'<section class="{" ".join(cls)}" data-seat="{seat}" aria-label="{_e(t.seat(seat))}">'
            f'<div class="seat-head"><span class="seat-name">{_e(t.seat(seat))}</span>'
            f'{chips}{role_html}{turned_card(v, seat, t)}</div>'
            f'{hand}<div class="seat-stats">{trick_pile(seat, v.tricks[seat])}{stats}</div>'
            f'<div class="seat-note">{_e(note)}</div>{bubbles}</section>')


def trump_box(v, t) -> str:
    talk = v.ruleset.talk is not None and v.ruleset.talk.on(v.options)
    mode = t("table.parlee") if talk else t("table.muette")
    suit = v.contract.trump
    sign = (f'<span class="contract-suit s{suit}" aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>'
            if suit is not None else "")
    return (f'<div class="contract-box" data-kind="trump">'
            f'<div class="deal-no">{_e(t("table.deal", n=v.deal_number))}</div>'
            f'<div class="contract" data-contract="{_e(v.contract.name)}">{sign}'
            f'<span class="contract-name">{_e(t.contract(v.contract))}</span></div>'
            f'<div class="talk-mode" data-talk="{"on" if talk else "off"}">{_e(mode)}</div></div>')


def trick_area(v, t, note_extra: str = "", previous: tuple | None = None) -> str:
    """The trick under way, or the one just taken; ``previous``: the last deal's last trick,
    shown until this deal's first card (a guest's table, told by the host)."""
    slots = {s: "" for s in range(v.seats)}
    note, done, won_by = "", False, ""
    key = f"{v.deal_number}.{len(v.history)}"
    last = v.history[-1] if v.history else None if v.trick else previous
    if v.trick:
        for seat, c in zip(v.trick_seats(), v.trick):
            slots[seat] = card_face(c, t, "led" if seat == v.leader else "")
    elif last is not None:
        if not v.history:
            key = f"{v.deal_number - 1}.last"
        leader, cards, winner = last
        for i, c in enumerate(cards):
            seat = (leader + i) % v.seats
            slots[seat] = card_face(c, t, " ".join(
                x for x in ("won" if seat == winner else "", "led" if i == 0 else "") if x))
        note = trick_won(t, winner)
        done, won_by = True, f' data-winner="{winner}"'
    else:
        note = note_extra
    nxt = v.turn if v.phase == Phase.PLAY and not done else None
    inner = "".join(
        f'<div class="slot slot-{s} at-{PLACE.get(s, "bottom")}{" next" if s == nxt else ""}" '
        f'data-slot="{s}"><span class="visually-hidden">{_e(t.seat(s))}</span>{slots[s]}</div>'
        for s in SLOTS)
    return (f'<div class="trick four{" done" if done else ""}" role="group" '
            f'aria-label="{_e(t("table.trick_label"))}" data-trick="{key}"'
            f'{won_by}>{inner}<p class="trick-note">{_e(note)}</p></div>')


def status_text(game) -> str:
    v, t = game.view, game.t
    if game.phase == MatchPhase.PLAY and v.turn == YOU and not v.trick and parlee.sheet_asks(v) \
            and parlee.questions_left(v):
        return t("status.your_lead_ask", name=t.seat(v.partners[0]))
    if parlee.offers_ask(game):
        return t("status.partner_lead_ask", name=t.seat(v.partners[0]))
    return base_status(game)


def result_sentence(v, t) -> str:
    if v.finished:
        return t("result.we_win") if YOU in v.winners else t("result.they_win")
    return ""


def result_panel(game) -> str:
    v, t = game.view, game.t
    if game.phase != MatchPhase.MATCH_OVER:
        return ""
    button = game.match_over_buttons()  # at a table with friends: play again
    if button is None:
        button = (game.tutorial.result_buttons(game) if game.tutorial is not None else
                  f'<button type="button" class="btn primary" data-action="new-match">'
                  f'{_e(t("btn.new_match"))}</button>')
    button += review_button(game, "btn")
    return (f'<section class="result" role="region" aria-labelledby="result-title"'
            f'{par_view.hooks(game, len(v.deal_scores) - 1) if par_view.enabled(game) else ""}>'
            f'<h2 id="result-title">{_e(t("result.match_title"))}</h2>'
            f'<p class="headline">{_e(result_sentence(v, t))}</p>{par_view.last_line(game)}'
            f'{daily_view.panel(game, game.link_base)}{challenge.panel(game)}'
            f'<div class="result-actions">{button}</div>'
            f'<div class="result-sheet">{score_sheet(game)}</div></section>')


def sheet_deals(game) -> list[tuple]:
    """(contract, bonus by side, score by side or None) of each deal so far. A guest's page
    holds no match: its view gives the scores, and the bonus of the deal under way."""
    m = game.match
    if m is not None:
        return [(d.contract, d.bonus, d.score()) for d in m.deals]
    v, contracts = game.view, game.past_contracts()
    return [(c, v.bonus if i == len(contracts) - 1 else None,
             v.deal_scores[i] if i < len(v.deal_scores) else None)
            for i, c in enumerate(contracts)]


def score_sheet(game) -> str:
    """Deal by deal: the trump, each side's bonus and score; the manches as they ended."""
    v, t = game.view, game.t
    rows = []
    for i, (contract, deal_bonus, score) in enumerate(sheet_deals(game)):
        if score is None and not deal_bonus:
            continue
        cells = [f'<th scope="row">{i + 1} <span class="sheet-contract">'
                 f'{_e(SUIT_SYMBOLS[contract.trump])}</span></th>']
        for side in (v.side, 1 - v.side):
            bonus = deal_bonus[side] if deal_bonus else 0
            part = f"+{bonus}★ " if bonus else ""
            cells.append(f'<td>{_e(part)}{_e(score[side] if score is not None else "…")}</td>')
        cells.append(par_view.sheet_cell(game, i))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    done = v.manches.done if v.manches is not None else ()
    manches = "".join(
        f'<li>{_e(t(MANCHE_KEY[side == v.side], n=i + 1, us=s[v.side], them=s[1 - v.side]))}</li>'
        for i, (side, s) in enumerate(done))
    head = (f'<tr><th scope="col">{_e(t("sheet.deal"))}</th>'
            f'<th scope="col">{_e(side_name(v, v.side, t))}</th>'
            f'<th scope="col">{_e(side_name(v, 1 - v.side, t))}</th>{par_view.sheet_head(game)}</tr>')
    goal = t("table.manche_target", n=v.options.get("target"))
    practice = f' · <span class="practice-mark">{_e(t("sheet.practice"))}</span>' if game.practice else ""
    table = (f'<table class="sheet"><caption>{_e(t("sheet.title"))} · {_e(goal)}{practice}</caption>'
             f'<thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
             f'{par_view.sheet_note(game)}') if rows else \
        f'<p class="sheet-empty">{_e(t("sheet.empty"))}</p>'
    return table + (f'<ol class="manches">{manches}</ol>' if manches else "")


def last_trick(game) -> str:
    """The trick just taken; at a new deal's start, the previous deal's last one."""
    v, t = game.view, game.t
    deals = list(game.match.deals) if game.match is not None else []  # a guest holds no match
    previous = deals[-2].history[-1] if len(deals) >= 2 and deals[-2].history \
        else game.previous_trick()
    if v.history or previous is None:
        return sheet.last_trick(game)
    return (f'<p class="last-from">{_e(t("last.previous_deal", n=v.deal_number - 1))}</p>'
            + sheet.trick_list(previous, v.seats, t))


def review_button(game, cls: str = "btn small") -> str:
    """The review of the last finished deal (while the next one is played, or at the end)."""
    deals = game.reviewable()
    if not deals:
        return ""
    return (f'<button type="button" class="{cls} review-last" data-action="review" '
            f'data-deal-index="{deals[-1]}">{_e(game.t("btn.review_deal", n=deals[-1] + 1))}'
            f'</button>')


def corner(game) -> str:
    """The felt's corner beside your partner: a practice table's tools, and while a match goes
    on the review of its last finished deal (at its end the result offers it)."""
    inner = practice_tools(game)
    if game.phase != MatchPhase.MATCH_OVER:
        inner += review_button(game)
        if not (game.view.history or game.view.trick):  # a deal's start: the last one's par
            inner += par_view.last_line(game)
    return f'<div class="felt-corner">{inner}</div>' if inner else ""


def table_html(game) -> str:
    v, t = game.view, game.t
    seats = "".join(seat_html(v, s, game) for s in (2, 3, 1))
    strip = parlee.sheet_html(game)
    hidden = " visually-hidden" if strip else ""  # the strip's buttons say it: read, not shown
    return (f'<div class="felt four">{score_strip(v, t, par_view.strip_mark(game))}{seats}'
            f'<div class="centre">{trump_box(v, t)}{corner(game)}'
            f'{trick_area(v, t, game.deal_note, game.previous_trick())}</div></div>'
            f'{game.tutorial.prompt_html(game) if game.tutorial is not None else ""}'
            f'{parlee.talk_log(v, t)}'
            f'<p class="status{hidden}" id="status">{_e(status_text(game))}</p>{strip}'
            f'<div class="me">{seat_html(v, YOU, game)}{tools_bar(game)}</div>'
            f'{hand_html(game)}{result_panel(game)}')


def spectator_html(game, status: str) -> str:
    """The table as a spectator sees it: the four seats (the host's at the bottom, its cards'
    backs like everyone's), the turned card, the talk, tricks and points by side; no hand
    and nothing to tap."""
    v, t = game.view, game.t
    seats = "".join(seat_html(v, s, game, own=None) for s in (2, 3, 1))
    return (f'<div class="felt four">{score_strip(v, t)}{seats}'
            f'<div class="centre">{trump_box(v, t)}{trick_area(v, t, "", game.previous_trick())}</div></div>'
            f'{parlee.talk_log(v, t)}<p class="status" id="status">{_e(status)}</p>'
            f'<div class="me">{seat_html(v, YOU, game, own=None)}</div>')


def deal_summary(match, v, t, index: int, manches_before: int) -> str:
    """What a deal that just ended came to (the next one began at once): its score, and
    the manche if it ended one. Public facts only."""
    score = match.deal_scores[index]
    side = max(range(len(score)), key=lambda s: score[s])
    who = "us" if side == v.side else "them"
    text = (t(f"note.deal_{who}", n=index + 1, points=score[side]) if score[side]
            else t("note.deal_even", n=index + 1))
    m = v.manches
    if m is not None and len(m.done) > manches_before:
        won, final = m.done[-1]
        who = "us" if won == v.side else "them"
        text += " " + t(f"note.manche_{who}", us=final[v.side], them=final[1 - v.side])
    return text
