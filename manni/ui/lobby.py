"""HTML for tables with friends (``#net``): the host's lobby and bar, the guest's join
screen. Pure functions; every name a guest chose is escaped (it is only ever text)."""

from __future__ import annotations

from html import escape

from ..text import Translator


def _e(text) -> str:
    return escape(str(text), quote=True)


def _seat_items(infos, t, you: int, partner: int | None = None) -> str:
    """The seats; at the host's lobby of a partnership game (``partner``: the host's
    partner's seat) each other seat has a button that makes its player the partner."""
    items = []
    for i, s in enumerate(infos):
        if s.kind == "empty":
            label, cls = t("net.seat_empty"), "empty"
        elif s.kind == "guest" and (s.joining or not s.name):
            label, cls = joining_text(t, s.name), "joining"
        else:
            label = s.name + (f" ({t('net.you')})" if i == you else "")
            if s.kind == "bot":
                label = t("net.seat_bot", name=s.name)
            cls = s.kind if s.present else "away"
            if not s.present:
                label = t("net.away", name=s.name)
        tool = ""
        if partner is not None and i == partner:
            tool = f' <span class="net-partner">{_e(t("net.partner"))}</span>'
        elif partner is not None and i != you:
            tool = (f' <button type="button" class="btn small" data-action="pick-partner" '
                    f'data-seat="{i}">{_e(t("net.make_partner"))}</button>')
        items.append(f'<li class="net-seat {cls}" data-seat="{i}">{_e(label)}{tool}</li>')
    return f'<ol class="net-seats" aria-label="{_e(t("net.seats"))}">{"".join(items)}</ol>'


def _invite(url: str, t, can_share: bool) -> str:
    share = (f'<button type="button" class="btn" data-action="share-invite">{_e(t("net.share"))}</button>'
             if can_share else "")
    return (f'<div class="invite" data-invite="{_e(url)}">'
            f'<label class="field" for="invite-link">{_e(t("net.invite_label"))}</label>'
            f'<input id="invite-link" class="invite-link" readonly value="{_e(url)}">'
            f'<div class="invite-tools"><button type="button" class="btn" data-action="copy-invite">'
            f'{_e(t("net.copy"))}</button>{share}</div>'
            f'<div id="invite-qr" class="invite-qr" role="img" aria-label="{_e(t("net.qr_label"))}"></div></div>')


def host_lobby(game, url: str, levels, can_share: bool) -> str:
    t, table = game.t, game.table
    options = "".join(f'<option value="{_e(v)}"{" selected" if v == table.level else ""}>'
                      f'{_e(t(f"level.{v}"))}</option>' for v in levels)
    pairs = game.partner_seat is not None
    partners = f'<p>{_e(t("net.partner_help"))}</p>' if pairs else ""
    return (f'<section class="net-lobby" aria-labelledby="net-title">'
            f'<h2 id="net-title">{_e(t("net.host_title"))}</h2>'
            f'<p>{_e(t("net.host_help_partners" if pairs else "net.host_help"))}</p>'
            f'{_invite(url, t, can_share)}{partners}'
            f'{_seat_items(table.infos(), t, 0, game.partner_seat)}'
            f'<label class="field"><span>{_e(t("net.bot_level"))}</span>'
            f'<select id="net-level">{options}</select></label>{_sealed_box(game)}'
            f'<button type="button" class="btn primary" data-action="start-table">{_e(t("net.start"))}</button>'
            f'</section>')


def _sealed_box(game) -> str:
    t, on = game.t, game.want_sealed
    return (f'<label class="field check"><input type="checkbox" name="sealed" '
            f'data-action="sealed-switch"{" checked" if on else ""}> '
            f'<span>{_e(t("net.sealed_option"))}</span></label>'
            + (f'<p class="net-sealed-note">{_e(t("net.sealed_bots"))}</p>' if on else ""))


def sealed_bar(game) -> str:
    """At a sealed table: the keys' fingerprint (players may read it to each other), the
    deal's check, whether computers sit here."""
    t = game.t
    stage, audit = game.sealed_stage(), game.audit()
    parts = [t("net.sealed_on", code=game.fingerprint() or "…")]
    if stage == "shuffling":
        parts.append(t("net.sealed_shuffling"))
    elif stage == "checking":
        parts.append(t("net.sealed_checking"))
    elif audit == "ok":
        parts.append(t("net.sealed_fair"))
    play = game.play
    if play is not None and play.broken is not None:
        v = play.broken
        names = [s.name for s in game.table.infos()] if game.hosting else \
            [s.name for s in game.table.seats()]
        who = names[v.offender] if v.offender is not None and v.offender < len(names) else "?"
        parts.append(t("net.sealed_broken", name=who, reason=v.reason))
    seats = game.table.infos() if game.hosting else game.table.seats()
    news = None if game.hosting else game.table.sealed
    held = game.table.held if game.hosting else (news.held if news is not None else ())
    bots = any(s.kind == "bot" or i in held and i != 0 for i, s in enumerate(seats))
    note = f'<p class="net-sealed-note">{_e(t("net.sealed_bots"))}</p>' if bots else ""
    return (f'<div class="net-sealed" role="status">{_e(" · ".join(parts))}</div>{note}')


def host_bar(game, url: str) -> str:
    """During the match: whose phone the table waits for, and a bot to stand in for them."""
    t, table = game.t, game.table
    parts = []
    for seat in table.missing():
        s = table.seats[seat]
        name = s.name or Translator.seat(t, seat)  # no name yet: the seat's usual one
        key = "net.stand_in_stop" if s.stand_in else "net.stand_in"
        said = waiting_text(t, s.info())
        if s.stand_in:
            said += " " + t("net.stand_in_on", name=name)
        parts.append(f'<p class="net-missing" data-waiting="{seat}">{_e(said)} '
                     f'<button type="button" class="btn small" data-action="stand-in" data-seat="{seat}">'
                     f'{_e(t(key, name=name))}</button></p>')
    return (f'<div class="net-bar" data-invite="{_e(url)}">{"".join(parts)}'
            f'<button type="button" class="btn small" data-action="copy-invite">{_e(t("net.copy"))}</button></div>')


def guest_join(t, name: str, message: str = "") -> str:
    msg = f'<p class="menu-message" role="alert">{_e(message)}</p>' if message else ""
    return (f'<section class="net-lobby" aria-labelledby="net-title">'
            f'<h2 id="net-title">{_e(t("net.join_title"))}</h2>{msg}'
            f'<label class="field" for="join-name">{_e(t("net.your_name"))}</label>'
            f'<input id="join-name" maxlength="24" autocomplete="nickname" value="{_e(name)}">'
            f'<button type="button" class="btn primary" data-action="join-table">{_e(t("net.join"))}</button>'
            f'</section>')


def guest_wait(t, infos, you: int) -> str:
    return (f'<section class="net-lobby" aria-labelledby="net-title">'
            f'<h2 id="net-title">{_e(t("net.join_title"))}</h2>'
            f'{_seat_items(infos, t, you)}<p>{_e(t("net.wait_start"))}</p></section>')


def joining_text(t, name: str) -> str:
    """A guest's page on its way (its Python still starting), by name if it has one."""
    return t("net.joining", name=name) if name else t("net.joining_friend")


def waiting_text(t, info) -> str:
    """Whose phone the table waits for: a guest away, or one still joining."""
    if info.joining or not info.name:
        return joining_text(t, info.name)
    return t("net.wait_guest", name=info.name)


def waiting_lines(t, infos, you: int) -> str:
    """A guest's page: a line for each other guest whose phone the table waits for."""
    return "".join(f'<p class="net-missing" data-waiting="{i}">{_e(waiting_text(t, s))}</p>'
                   for i, s in enumerate(infos) if i != you and s.kind == "guest" and not s.present)


def link_text(t, status: str, host: str = "") -> str:
    """The line under the header for the connection (``#net-status``): a guest whose host's
    page does not answer says whose phone it waits for, once it knows the host's name."""
    if status == "open":
        return ""
    if host and status in ("reconnecting", "host_gone"):
        return t("net.wait_host", name=host)
    return t(f"net.link.{status}")
