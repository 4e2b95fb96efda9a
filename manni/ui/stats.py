"""Your statistics, kept in the browser (``manni:stats``): pure Python, no ``js``.

Finished matches played and won per rule set and opponent level, your points per deal,
your best and current winning streak, and how often your cards matched Hard's in reviews.
A practice match never counts. Each match and each reviewed deal counts once (by an id
made from the match's seed, rule set and options). Parsing is tolerant: a damaged entry
starts afresh.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from ..inputs import MAX_RECORD_BYTES, InputError, parse_json
from .markup import _e
from .settings import variant_of

STATS_KEY = "manni:stats"
KEEP_IDS = 200  # how many counted matches / reviewed deals are remembered (no double count)
KEEP_DAYS = 400  # deals of the day remembered


def match_id(match) -> str:
    opts = ",".join(f"{k}={match.options[k]}" for k in sorted(match.options))
    return f"{match.rules.name}:{opts}:{match.seed}:{match.first_dealer}"


@dataclass
class Stats:
    """The player's statistics, saved in the browser."""

    matches: dict = field(default_factory=dict)   # "variant/level" -> {"played": n, "won": n}
    deals: int = 0
    points: int = 0
    streak: int = 0
    best: int = 0
    cards: int = 0        # cards reviewed
    matched: int = 0      # of them, as Hard would have played
    practice: int = 0     # finished practice matches (shown apart, never in the figures)
    counted: list = field(default_factory=list)
    reviewed: list = field(default_factory=list)
    # Deals of the day: "YYYY-MM-DD/variant" -> your points minus par's (None: begun, not done)
    daily: dict = field(default_factory=dict)

    # -- storage -----------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> "Stats":
        try:  # through the input boundary: size and depth are checked before parsing
            data = parse_json(text, MAX_RECORD_BYTES, 3, max_text=1000) if text else {}
        except InputError:
            return cls()
        s = cls()
        if not isinstance(data, dict):
            return s
        for name in ("deals", "points", "streak", "best", "cards", "matched", "practice"):
            v = data.get(name)
            if isinstance(v, int) and not isinstance(v, bool):
                setattr(s, name, v)
        m = data.get("matches")
        if isinstance(m, dict):
            for key, row in m.items():
                if isinstance(key, str) and isinstance(row, dict):
                    played, won = row.get("played"), row.get("won")
                    if isinstance(played, int) and isinstance(won, int):
                        s.matches[key] = {"played": played, "won": won}
        d = data.get("daily")
        if isinstance(d, dict):
            s.daily = {k: v for k, v in list(d.items())[-KEEP_DAYS:] if isinstance(k, str)
                       and (v is None or (isinstance(v, int) and not isinstance(v, bool)))}
        for name in ("counted", "reviewed"):
            v = data.get(name)
            if isinstance(v, list):
                setattr(s, name, [x for x in v if isinstance(x, str)][-KEEP_IDS:])
        return s

    # -- counting ----------------------------------------------------------------------
    def count_match(self, match, level: str, seat: int = 0) -> bool:
        """Count a finished match once; False if it does not count (unfinished, already
        counted, or a practice match: only the number of those is kept)."""
        if not match.finished:
            return False
        mid = match_id(match)
        if mid in self.counted:
            return False
        self.counted = (self.counted + [mid])[-KEEP_IDS:]
        if match.practice:
            self.practice += 1
            return False
        self._add(f"{variant_of(match.rules.name, match.options)}/{level}", seat in match.winners,
                  [score[seat] for score in match.deal_scores])
        return True

    def count_seen(self, mid: str, view, level: str = "friends") -> bool:
        """Count a finished match a guest played at a friend's table, from its own seat's
        last view (seat 0 of a turned view is the guest); once per ``mid``."""
        if not view.finished or mid in self.counted:
            return False
        self.counted = (self.counted + [mid])[-KEEP_IDS:]
        self._add(f"{variant_of(view.rules, view.options)}/{level}", view.seat in view.winners,
                  [score[view.seat] for score in view.deal_scores])
        return True

    def _add(self, key: str, won: bool, points: list[int]) -> None:
        row = self.matches.setdefault(key, {"played": 0, "won": 0})
        row["played"] += 1
        if won:
            row["won"] += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        self.deals += len(points)
        self.points += sum(points)

    def count_review(self, match, review) -> bool:
        """Count a reviewed deal's cards once; never a practice match's."""
        if match.practice:
            return False
        rid = f"{match_id(match)}#{review.deal_number}"
        if rid in self.reviewed:
            return False
        self.reviewed = (self.reviewed + [rid])[-KEEP_IDS:]
        self.cards += len(review.cards)
        self.matched += review.matched_cards
        return True

    # -- the deal of the day: the first attempt of a day and variant counts -----------------
    def daily_begin(self, key: str) -> bool:
        """A deal of the day begun: True for the first attempt (it counts), else False."""
        if key in self.daily:
            return False
        self.daily[key] = None
        self.daily = dict(list(self.daily.items())[-KEEP_DAYS:])
        return True

    def daily_first(self, key: str) -> bool:
        """Is the attempt under way the one that counts (begun, not finished)?"""
        return key in self.daily and self.daily[key] is None

    def daily_done(self, key: str, against_par: int) -> bool:
        if not self.daily_first(key):
            return False
        self.daily[key] = against_par
        return True

    def daily_figures(self) -> tuple[int, int, float] | None:
        """(days played, the streak of days up to the last one played, mean against par)."""
        import datetime
        done = {k.partition("/")[0]: v for k, v in self.daily.items() if v is not None}
        if not done:
            return None
        results = [v for v in self.daily.values() if v is not None]
        days = sorted(done)
        streak, day = 0, datetime.date.fromisoformat(days[-1])
        while day.isoformat() in done:
            streak += 1
            day -= datetime.timedelta(days=1)
        return len(days), streak, sum(results) / len(results)

    @property
    def played(self) -> int:
        return sum(r["played"] for r in self.matches.values())


def stats_html(stats: Stats, t) -> str:
    practice = (f'<p class="practice-mark">{_e(t.plural("stats.practice", stats.practice))}</p>'
                if stats.practice else "")
    if not stats.played and not stats.cards and not stats.daily_figures():
        body = f'<p class="stats-empty">{_e(t("stats.empty"))}</p>'
    else:
        rows = []
        for key in sorted(stats.matches):
            variant, _, level = key.partition("/")
            r = stats.matches[key]
            rows.append(f'<tr><th scope="row">{_e(t.t_or(f"variant.{variant}", variant))} · '
                        f'{_e(t.t_or(f"level.{level}", level))}</th>'
                        f'<td>{r["played"]}</td><td>{r["won"]}</td></tr>')
        table = (f'<table class="sheet stats-table"><thead><tr><th scope="col">{_e(t("stats.col_table"))}</th>'
                 f'<th scope="col">{_e(t("stats.col_played"))}</th><th scope="col">{_e(t("stats.col_won"))}</th>'
                 f'</tr></thead><tbody>{"".join(rows)}</tbody></table>') if rows else ""
        facts = []
        if stats.deals:
            facts.append(t("stats.per_deal", avg=t.number(stats.points / stats.deals), deals=stats.deals))
        facts.append(t("stats.streaks", current=stats.streak, best=stats.best))
        daily = stats.daily_figures()
        if daily:
            facts.append(t("stats.daily", days=daily[0], streak=daily[1],
                           avg=t.number(daily[2], signed=True)))
        if stats.cards:
            facts.append(t("stats.agreement", rate=round(100 * stats.matched / stats.cards), cards=stats.cards))
        body = table + "".join(f"<p>{_e(f)}</p>" for f in facts)
    return (f'<div class="stats" data-stats-played="{stats.played}">{body}{practice}'
            f'<p class="stats-note">{_e(t("stats.note"))}</p>'
            f'<div class="stats-reset"><button type="button" class="btn small" data-action="reset-stats">'
            f'{_e(t("btn.reset_stats"))}</button></div></div>')


def reset_confirm_html(t) -> str:
    return (f'<span>{_e(t("stats.reset_ask"))}</span>'
            f'<button type="button" class="btn small" data-action="reset-stats-confirm">{_e(t("btn.reset_yes"))}</button>')
