"""Duplicate tournaments between bot levels, and a decision-time benchmark (CPython tools).

A *board* is one match seed. Its first ``deals`` deals are played once for every arrangement
of the bots to the sides (the cards of deal i depend only on the seed, so every arrangement
gets the same cards): with three lone seats and three levels all 6 permutations, with two
levels A, B the 6 arrangements of A,A,B and A,B,B; with two sides of partners A on side 0
and B on side 1, then swapped. A level's points are its side's. Per board, each level's
score is its mean points per deal over every seat it held; the board is the unit of the
statistics: the mean over boards with a 95% CI, and the paired difference between levels
on the same boards with its 95% CI.
"""

from __future__ import annotations

import ast
import math
import time
from itertools import permutations
from typing import Any

from ..actions import KEEP, Action, Discard
from ..match import Match
from ..rules import get_rules
from ..rules.base import sides_of
from ..talk import Ask
from ..states import MatchPhase, Phase
from . import make_bot
from .base import partner_question, timed_steps


def arrangements(levels, sides=((0,), (1,), (2,))) -> list[tuple]:
    """The levels by seat in each arrangement of a board: the levels are dealt to the sides
    (with three sides and two levels A, B: the arrangements of A,A,B and A,B,B), and every
    seat of a side gets its side's level."""
    levels = tuple(levels)
    n = len(sides)
    if len(levels) == n:
        by_side = list(permutations(levels))
    elif len(levels) == 2 and n == 3:
        a, b = levels
        by_side = []
        for trio in ((a, a, b), (a, b, b)):
            by_side.extend(sorted(set(permutations(trio))))
    elif len(levels) == 1:
        by_side = [levels * n]
    else:
        raise ValueError(f"a tournament of {n} sides takes one to {n} levels")
    side_of = sides_of(tuple(tuple(side) for side in sides))
    return [tuple(arr[side_of[s]] for s in range(len(side_of))) for arr in by_side]


def parse_level(spec: str) -> tuple[str, dict]:
    """``"hard(rivalry=0, worlds=80)"`` -> ("hard", {"rivalry": 0, "worlds": 80}): a level
    with its own settings, so two settings of one level can meet in a tournament."""
    name, _, rest = spec.partition("(")
    if not rest:
        return spec, {}
    if not rest.endswith(")"):
        raise ValueError(f"bad level {spec!r}: expected name(key=value, ...)")
    call = ast.parse(f"f({rest}", mode="eval").body
    assert isinstance(call, ast.Call)
    if call.args:
        raise ValueError(f"bad level {spec!r}: settings are key=value")
    return name.strip(), {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}


def bot_kwargs(level: str, config: dict) -> dict:
    name, extra = parse_level(level)
    return {**config.get(name, {}), **config.get(level, {}), **extra}


def make_level(level: str, seed: int, config: dict):
    return make_bot(parse_level(level)[0], seed=seed, **bot_kwargs(level, config))


def kept(view) -> Action | None:
    """Card play only: the seat keeps its hand (Keep, or discard nothing) where it may."""
    if KEEP in view.choices:
        return KEEP
    if view.discard_limit is not None and view.discard_minimum == 0:
        return Discard(())
    return None


def play_board(rules: str, options: dict, seed: int, levels, deals: int, config: dict) -> dict:
    """Play one board; returns {level: [points, seat-deals, tricks]}, {level: [matches won,
    seats held in finished matches]} and the seconds taken. ``config["card_play"]``: every
    seat keeps its hand in the exchange (:func:`kept`)."""
    score = {lvl: [0, 0, 0] for lvl in levels}
    wins = {lvl: [0, 0] for lvl in levels}
    card_play = config.get("card_play", False)
    table = get_rules(rules)
    seats, side_of = table.seats, table.side_of
    t0 = time.perf_counter()
    for ai, arr in enumerate(arrangements(levels, table.sides)):
        match = Match(rules, options, seed=seed)
        bots = [make_level(arr[s], (seed * 1009 + ai * 31 + s) & 0xFFFFFFFF, config)
                for s in range(seats)]
        while True:
            if match.phase == MatchPhase.MATCH_OVER or len(match.deal_scores) >= deals:
                break
            if match.phase == MatchPhase.DEAL_OVER:
                match.start_next_deal()
                continue
            seat = match.turn
            assert seat is not None
            view = match.view(seat)
            action = kept(view) if card_play and match.phase == MatchPhase.EXCHANGE else None
            action = action or bots[seat].choose(view)
            asked = partner_question(match, seat, action, bots.__getitem__)
            if asked is not None:  # the leader's partner asks first; the leader thinks again
                seat, action = asked
            match.apply(action, seat)
        for deal, sc in zip(match.deals, match.deal_scores):
            for s in range(seats):
                score[arr[s]][0] += sc[side_of[s]]
                score[arr[s]][1] += 1
                score[arr[s]][2] += deal.tricks[s]
        if match.finished:
            for s in range(seats):
                wins[arr[s]][0] += s in match.winners
                wins[arr[s]][1] += 1
    return {"seed": seed, "score": score, "wins": wins, "seconds": time.perf_counter() - t0}


def _board_job(args):
    return play_board(*args)


def mean_ci(xs) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def summarize(results, levels, sides=((0,), (1,), (2,))) -> dict:
    per = {lvl: [r["score"][lvl][0] / r["score"][lvl][1] for r in results] for lvl in levels}
    tricks = {lvl: [r["score"][lvl][2] / r["score"][lvl][1] for r in results] for lvl in levels}
    # Match wins per seat held, on the boards where every match was played to its end.
    seats = sum(len(side) for side in sides) * len(arrangements(levels, sides))
    done = [r for r in results if sum(w[1] for w in r["wins"].values()) == seats]
    won = {lvl: [r["wins"][lvl][0] / r["wins"][lvl][1] for r in done] for lvl in levels}
    out: dict[str, Any] = {"levels": {}, "paired": [], "finished_boards": len(done)}
    for lvl in levels:
        m, ci = mean_ci(per[lvl])
        tm, tci = mean_ci(tricks[lvl])
        out["levels"][lvl] = {"mean": m, "ci95": ci, "tricks": tm, "tricks_ci95": tci}
        if done:
            wm, wci = mean_ci(won[lvl])
            out["levels"][lvl].update(wins=wm, wins_ci95=wci)
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            m, ci = mean_ci([x - y for x, y in zip(per[b], per[a])])
            tm, tci = mean_ci([x - y for x, y in zip(tricks[b], tricks[a])])
            out["paired"].append({"a": b, "b": a, "diff": m, "ci95": ci,
                                  "low": m - ci, "high": m + ci,
                                  "tricks_diff": tm, "tricks_ci95": tci})
            if done:
                wm, wci = mean_ci([x - y for x, y in zip(won[b], won[a])])
                out["paired"][-1].update(wins_diff=wm, wins_ci95=wci)
    return out


def run(rules: str, options: dict, levels, boards: int, deals: int, seed: int, config: dict,
        jobs: int = 1, progress=None) -> dict:
    seeds = [seed * 100003 + i for i in range(boards)]
    tasks = [(rules, options, s, tuple(levels), deals, config) for s in seeds]
    t0 = time.perf_counter()
    results = []
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap(_board_job, tasks):
                results.append(r)
                if progress:
                    progress(len(results), boards)
    else:
        for t in tasks:
            results.append(_board_job(t))
            if progress:
                progress(len(results), boards)
    sides = get_rules(rules).sides
    out = summarize(results, list(levels), sides)
    out.update({"rules": rules, "options": options, "boards": boards, "deals_per_board": deals,
                "arrangements": len(arrangements(levels, sides)), "seed": seed, "config": config,
                "seconds": round(time.perf_counter() - t0, 1)})
    return out


def _kind(view, action) -> str:
    """What a decision was, for the slowest list: the phase, or "ask" for a question."""
    return "ask" if isinstance(action, Ask) else view.phase.name.lower()


def bench(levels, rules_list, deals: int, seed: int, config: dict) -> dict:
    """Decision times (ms) of each level over whole deals, the level in every seat."""
    out = {}
    for lvl in levels:
        times = []
        stats = []
        worlds = []
        where = []
        for rules in rules_list:
            seats = get_rules(rules).seats
            for i in range(deals):
                match = Match(rules, seed=seed + i)
                bots = [make_level(lvl, seed + i * seats + s, config) for s in range(seats)]
                while not match.deal_scores and not match.finished:
                    seat = match.turn
                    assert seat is not None
                    view = match.view(seat)
                    bot = bots[seat]
                    t = time.perf_counter()
                    action, longest = timed_steps(bot.steps(view))
                    times.append((time.perf_counter() - t) * 1000)
                    where.append((times[-1], rules, _kind(view, action), view.hand_sizes[seat]))
                    stats.append(longest * 1000)
                    ls = bot.last_stats
                    if view.phase == Phase.PLAY and ls and ls.get("candidates", 1) > 1:
                        worlds.append(ls["worlds"])
                        bot.last_stats = {}
                    match.apply(action, seat)
        times.sort()
        stats.sort()
        q = lambda xs, p: round(xs[min(len(xs) - 1, int(p * len(xs)))], 1)  # noqa: E731
        out[lvl] = {"decisions": len(times), "p50_ms": q(times, 0.5), "p95_ms": q(times, 0.95),
                    "max_ms": round(times[-1], 1), "longest_slice_p95_ms": q(stats, 0.95),
                    "longest_slice_max_ms": round(stats[-1], 1),
                    "slowest": [{"ms": round(ms, 1), "rules": r, "phase": ph, "hand": h}
                                for ms, r, ph, h in sorted(where, reverse=True)[:3]]}
        if worlds:
            worlds.sort()
            out[lvl]["searched_moves"] = len(worlds)
            out[lvl]["worlds_p5"] = q(worlds, 0.05)
            out[lvl]["worlds_p50"] = q(worlds, 0.5)
    return out
