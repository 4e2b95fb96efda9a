"""Duplicate tournaments between bot levels, and a decision-time benchmark (CPython tools).

A *board* is one match seed. Its first ``deals`` deals are played once for every arrangement
of the bots to seats (the cards of deal i depend only on the seed, so every arrangement gets
the same cards): with three levels all 6 permutations; with two levels A, B the 6
arrangements of A,A,B and A,B,B. Per board, each level's score is its mean points per deal
over every seat it held; the board is the unit of the statistics: the mean over boards with a
95% CI, and the paired difference between levels on the same boards with its 95% CI.
"""

from __future__ import annotations

import ast
import math
import time
from itertools import permutations
from typing import Any

from ..actions import KEEP, Action, Discard
from ..match import Match
from ..states import MatchPhase, Phase
from . import make_bot
from .base import timed_steps


def arrangements(levels) -> list[tuple]:
    levels = tuple(levels)
    if len(levels) == 3:
        return list(permutations(levels))
    if len(levels) == 2:
        a, b = levels
        out = []
        for trio in ((a, a, b), (a, b, b)):
            for p in sorted(set(permutations(trio))):
                out.append(p)
        return out
    if len(levels) == 1:
        return [(levels[0],) * 3]
    raise ValueError("a tournament takes one, two or three levels")


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
    t0 = time.perf_counter()
    for ai, arr in enumerate(arrangements(levels)):
        match = Match(rules, options, seed=seed)
        bots = [make_level(arr[s], (seed * 1009 + ai * 31 + s) & 0xFFFFFFFF, config)
                for s in range(3)]
        while True:
            if match.phase == MatchPhase.DEAL_OVER:
                if match.finished or len(match.deals) >= deals:
                    break
                match.start_next_deal()
                continue
            if match.phase == MatchPhase.MATCH_OVER:
                break
            seat = match.turn
            assert seat is not None
            view = match.view(seat)
            action = kept(view) if card_play and match.phase == MatchPhase.EXCHANGE else None
            match.apply(action or bots[seat].choose(view), seat)
        for deal, sc in zip(match.deals, match.deal_scores):
            for s in range(3):
                score[arr[s]][0] += sc[s]
                score[arr[s]][1] += 1
                score[arr[s]][2] += deal.tricks[s]
        if match.finished:
            for s in range(3):
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


def summarize(results, levels) -> dict:
    per = {lvl: [r["score"][lvl][0] / r["score"][lvl][1] for r in results] for lvl in levels}
    tricks = {lvl: [r["score"][lvl][2] / r["score"][lvl][1] for r in results] for lvl in levels}
    # Match wins per seat held, on the boards where every match was played to its end.
    seats = 3 * len(arrangements(levels))
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
    out = summarize(results, list(levels))
    out.update({"rules": rules, "options": options, "boards": boards, "deals_per_board": deals,
                "arrangements": len(arrangements(levels)), "seed": seed, "config": config,
                "seconds": round(time.perf_counter() - t0, 1)})
    return out


def bench(levels, rules_list, deals: int, seed: int, config: dict) -> dict:
    """Decision times (ms) of each level over whole deals, each level in all three seats."""
    out = {}
    for lvl in levels:
        times = []
        stats = []
        worlds = []
        where = []
        for rules in rules_list:
            for i in range(deals):
                match = Match(rules, seed=seed + i)
                bots = [make_level(lvl, seed + i * 3 + s, config) for s in range(3)]
                while match.phase in (MatchPhase.EXCHANGE, MatchPhase.PLAY):
                    seat = match.turn
                    assert seat is not None
                    view = match.view(seat)
                    bot = bots[seat]
                    t = time.perf_counter()
                    action, longest = timed_steps(bot.steps(view))
                    times.append((time.perf_counter() - t) * 1000)
                    where.append((times[-1], rules, view.phase.name.lower(), view.hand_sizes[seat]))
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
