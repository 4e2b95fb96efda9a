"""HTML around the match at a table with friends: pure functions, no ``js``.

The chat's tools (quick phrases, the message box), the room bar (the host's "play again",
mutes, chat switch, spectators and seats offered; a guest's answer to "play again"; a
spectator's note and the seats it may take) and the table as a spectator sees it. Chat
lines themselves are never HTML: the page puts them in with ``textContent``
(:func:`line_parts` gives the words).
"""

from __future__ import annotations

from ..net import chat as C
from ..net.room import MAX_WATCHERS
from ..states import MatchPhase
from . import four_seats, render
from .lobby import waiting_lines
from .render import _e
from .sheet import result_sentence


# -- chat --------------------------------------------------------------------------------------
BUBBLE_ICON = ('<svg class="chat-icon" viewBox="0 0 24 24" width="22" height="22" '
               'aria-hidden="true"><path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 '
               '0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg>')


def chat_frame(t) -> str:
    """Inside ``#chat``: the button that opens the log, and the log (filled line by line)."""
    return (f'<button type="button" class="btn small chat-toggle" data-action="chat-toggle" '
            f'aria-expanded="false" aria-controls="chat-panel" title="{_e(t("chat.title"))}">'
            f'{BUBBLE_ICON}<span class="visually-hidden">{_e(t("chat.open"))}'
            f'</span><span class="chat-unread" hidden></span></button>'
            f'<div id="chat-panel" class="chat-panel" hidden><ol id="chat-log" class="chat-log" '
            f'aria-live="polite"></ol><div id="chat-tools" class="chat-tools"></div></div>')


def phrase_buttons(t) -> str:
    out = []
    for key in C.PHRASES:
        label = C.REACTIONS.get(key) or t(f"chat.phrase.{key}")
        aria = f' aria-label="{_e(t(f"chat.reaction.{key}"))}"' if key in C.REACTIONS else ""
        cls = "chip reaction" if key in C.REACTIONS else "chip"
        out.append(f'<button type="button" class="{cls}" data-action="chat-phrase" '
                   f'data-phrase="{key}"{aria}>{_e(label)}</button>')
    return (f'<div class="chat-phrases" role="group" aria-label="{_e(t("chat.phrases"))}">'
            f'{"".join(out)}</div>')


def chat_tools(t, note: str = "") -> str:
    """Below the log: a note (chat off, muted, watching) instead of the tools, or the
    quick phrases and the message box."""
    if note:
        return f'<p class="chat-note">{_e(note)}</p>'
    return (f'{phrase_buttons(t)}<form class="chat-form" data-chat-form>'
            f'<label class="visually-hidden" for="chat-input">{_e(t("chat.input_label"))}</label>'
            f'<input id="chat-input" data-chat-input maxlength="{C.MAX_CHAT}" autocomplete="off" '
            f'enterkeyhint="send" placeholder="{_e(t("chat.placeholder"))}">'
            f'{_button("chat-send", t("chat.send"), cls="btn small primary")}</form>')


def chat_note(game) -> str:
    """Why this page cannot write in the chat now ("" if it can)."""
    t, room = game.t, room_of(game)
    if room is not None and not room.chat:
        return t("chat.off")
    if getattr(game, "watching", False):
        return "" if room is not None and room.watch_chat else t("watch.you")
    seat = 0 if is_host(game) else game.table.seat
    if room is not None and seat in room.muted:
        return t("chat.muted_you")
    return ""


def line_parts(t, line: C.ChatLine) -> tuple[str, str]:
    """(who, what) for a chat line, as plain text."""
    return line.name, C.phrase_text(t, line)


# -- the room bar ------------------------------------------------------------------------------
def is_host(game) -> bool:
    return game.hosting


def room_of(game):
    return game.table.room() if is_host(game) else game.table.room


def _button(action: str, label: str, seat: int | None = None, cls: str = "btn small",
            extra: str = "") -> str:
    data = (f' data-seat="{seat}"' if seat is not None else "") + extra
    return f'<button type="button" class="{cls}" data-action="{action}"{data}>{_e(label)}</button>'


def again_buttons(game) -> str:
    """After the match (in the result panel): the host's "Play again", a guest's answer
    once it is proposed, or who is still to answer. A spectator gets none."""
    t, room = game.t, room_of(game)
    wait = f'<p class="again-wait" role="status">{_e(t("again.waiting"))}</p>'
    if is_host(game):
        if room.again is not None:
            return wait
        return _button("play-again", t("again.play"), cls="btn primary")
    if game.watching or room is None or room.again is None or game.table.seat is None:
        return ""  # and no "New match" either: that would leave the table
    if game.table.seat in room.again:
        return wait
    return (f'<p>{_e(t("again.proposed"))}</p>'
            f'{_button("accept-again", t("again.accept"), cls="btn primary")}'
            f'{_button("leave-again", t("again.leave"))}')


def host_room(game, shown: bool = False, last: bool = False) -> str:
    """The host's table settings (folded away unless ``shown``); ``last``: the previous
    match at this table can be downloaded."""
    t, table = game.t, game.table
    room = table.room()
    controls = [_button("chat-switch", t("chat.turn_off" if room.chat else "chat.turn_on"))]
    if room.chat:
        controls.append(_button("chat-watchers", t("chat.watchers_off" if room.watch_chat
                                                   else "chat.watchers_on"),
                                extra=f' aria-pressed="{"true" if room.watch_chat else "false"}"'))
    for i, s in enumerate(table.seats):
        if s.kind == "guest" and room.chat:
            muted = i in room.muted
            label = f'{t("chat.unmute" if muted else "chat.mute")} · {s.name}'
            pressed = f' aria-pressed="{"true" if muted else "false"}"'
            controls.append(_button("chat-mute", label, i, extra=pressed))
        if s.kind == "bot":
            key = "watch.unoffer" if i in room.offered else "watch.offer"
            controls.append(_button("offer-seat", t(key, name=s.name), i))
    for w in table.watchers if room.chat and room.watch_chat else ():
        if w.conn is not None:  # a spectator who may write: muted as a seat is
            muted = table.watcher_muted(w.token)
            controls.append(_button("chat-mute", t("watch.unmute" if muted else "watch.mute",
                                                   name=w.name),
                                    extra=f' data-watcher="{_e(w.token)}"'
                                          f' aria-pressed="{"true" if muted else "false"}"'))
    limits = "".join(f'<option value="{n}"{" selected" if n == room.watch_limit else ""}>'
                     f'{n}</option>' for n in range(MAX_WATCHERS + 1))
    controls.append(f'<label class="field inline"><span>{_e(t("watch.limit"))}</span>'
                    f'<select id="watch-limit">{limits}</select></label>'
                    f'<span class="watch-count">{_e(t("watch.count", n=room.watchers))}</span>')
    if last:
        controls.append(_button("export-last", t("again.export_last")))
    return (f'<details class="room-bar"{" open" if shown else ""}>'
            f'<summary>{_e(t("room.title"))}</summary>'
            f'<div class="room-tools">{"".join(controls)}</div></details>')


def guest_room(game) -> str:
    t, table = game.t, game.table
    room = table.room
    if room is None:
        return ""
    if game.watching:
        infos = table.seats()
        seats = "".join(_button("sit", t("watch.sit", name=infos[i].name), i, "btn small primary")
                        for i in room.offered if i < len(infos))
        return (f'<div class="room-bar watching"><p class="watch-note">{_e(t("watch.you"))}</p>'
                f'{seats}</div>')
    waiting = waiting_lines(t, table.names_from_here(), 0)
    return f'<div class="room-bar waiting">{waiting}</div>' if waiting else ""


# -- the table as a spectator sees it ----------------------------------------------------------
def scores_line(game) -> str:
    v, t = game.view, game.t
    items = "".join(f'<li data-seat="{s}"><span class="who">{_e(t.seat(s))}</span> '
                    f'<span class="total">{v.totals[s]}</span></li>' for s in range(len(v.totals)))
    label = _e(t("sheet.title"))
    return f'<ol class="watch-scores" data-scores aria-label="{label}">{items}</ol>'


def watch_status(game, result_sentence) -> str:
    v, t = game.view, game.t
    if game.phase == MatchPhase.MATCH_OVER:
        return t("status.match_over") + " " + result_sentence(v, t)
    if game.phase == MatchPhase.DEAL_OVER:
        return t("status.deal_over")
    return t("status.waiting", name=t.seat(v.turn if v.turn is not None else 0))


def spectator_html(game) -> str:
    """The felt, the trick, the contract and every seat's tricks and score: no hand, no
    hand's buttons (the view holds none), no move to make. A partnership game's table has
    its own drawing (its seats and sides come from the view)."""
    v, t = game.view, game.t
    if v.partners:
        return four_seats.spectator_html(game, watch_status(game, four_seats.result_sentence))
    return (f'<div class="felt"><div class="opponents">{render.seat_panel(v, 1, game)}'
            f'{render.seat_panel(v, 2, game)}</div>'
            f'<div class="centre">{render.contract_box(v, t)}{render.trick_area(v, t)}</div></div>'
            f'<p class="status" id="status">{_e(watch_status(game, result_sentence))}</p>'
            f'<div class="me">{render.seat_panel(v, 0, game)}</div>{scores_line(game)}')
