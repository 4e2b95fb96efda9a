"""Challenge a friend: a link that carries a match's rule set, options, level, seed and your
results deal by deal (``?challenge=`` base64url JSON); whoever opens it plays the same deals
against the same bots, and sees the figures the link claims beside theirs, each deal's only
once that deal is over. Nothing in the link is trusted: it only deals a match and shows
numbers said to be the challenger's."""

from __future__ import annotations

import base64
import binascii
import json

from ..errors import ManniError, RecordError
from ..inputs import InputError, parse_json
from ..match import Match
from ..record import check_challenge, is_day
from . import par_view
from .markup import _e
from .settings import DEFAULT_LEVELS, MAX_QUERY

PARAM = "challenge="
_FIELDS = {"v", "rules", "options", "level", "seed", "first_dealer", "scores"}


class ChallengeError(ManniError):
    """A damaged link; ``key``: why (``challenge.bad_<key>`` in the catalogs)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def payload(game) -> str:
    m = game.match
    pars = par_view.pars(game)
    scores = [[par_view.yours(game, i), pars.get(i)] for i in range(len(m.deal_scores))]
    data = {"v": 1, "rules": m.rules.name, "options": m.options, "level": game.settings.level,
            "seed": m.seed, "first_dealer": m.first_dealer, "scores": scores}
    if m.daily is not None:  # the same short match
        data["daily"] = m.daily
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def link(game) -> str:
    return f"{game.link_base}?{PARAM}{payload(game)}"


def offered(game) -> bool:
    """After a match of your own is over (not the lesson, not at a table with friends)."""
    return par_view.enabled(game) and game.match.finished


def parse(query: str) -> str | None:
    """The payload of ``?challenge=`` in a location.search string, None without one."""
    values = [p[len(PARAM):] for p in query.lstrip("?").split("&") if p.startswith(PARAM)]
    if not values:
        return None
    if len(query) > MAX_QUERY:
        raise ChallengeError("encoding")
    return values[0]


def challenge_match(text: str) -> Match:
    """The challenge's match, not begun, its claims on ``match.challenge``; raises
    ChallengeError for a damaged link."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
        data = parse_json(raw, MAX_QUERY, 4)
    except (binascii.Error, ValueError, InputError):
        raise ChallengeError("encoding") from None
    if not isinstance(data, dict) or set(data) - {"daily"} != _FIELDS \
            or type(data["v"]) is not int or data["v"] != 1:
        raise ChallengeError("encoding")
    daily = data.get("daily")
    if daily is not None and not is_day(daily):
        raise ChallengeError("game")
    if data["level"] not in DEFAULT_LEVELS:
        raise ChallengeError("game")
    try:
        claims = check_challenge({"level": data["level"], "scores": data["scores"]})
    except RecordError:
        raise ChallengeError("scores") from None
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ChallengeError("game")
    try:
        m = Match(data["rules"], data["options"], seed, data["first_dealer"])
    except (ManniError, TypeError, ValueError):
        raise ChallengeError("game") from None
    m.challenge, m.daily = claims, daily
    return m


def panel(game) -> str:
    """At a match's end: the challenge link to send; in a challenge, whose figures those are."""
    t = game.t
    out = ""
    if game.match is not None and game.match.challenge is not None:
        out += f'<p class="challenge-note">{_e(t("challenge.claims"))}</p>'
    if offered(game):
        url = link(game)
        out += (f'<p class="challenge"><a href="{_e(url)}" data-challenge-link>'
                f'{_e(t("challenge.link"))}</a> <button type="button" class="btn small" '
                f'data-action="challenge-copy">{_e(t("net.copy"))}</button></p>')
    return out
