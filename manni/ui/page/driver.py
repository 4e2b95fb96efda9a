"""Long Python work in slices: the opponents' moves, hints, reviews and imports all run
through ``think``, so the page never freezes."""

from __future__ import annotations

import asyncio
import time

from ...states import MatchPhase
from ..settings import ASK_WINDOW_MS, SPEEDS
from .dom import trace
from .later_files import arrived


async def think(steps, still_wanted):
    """Run a bot's ``steps()`` generator, letting the browser in between slices; its
    result, or None once ``still_wanted()`` turns false (undo, import, new match)."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        await asyncio.sleep(0)
        if not still_wanted():
            return None


async def drive(page, gen: int) -> None:
    """Let the bots move while ``gen`` is the page's generation (any change bumps it)."""
    try:
        while gen == page.gen:
            g = page.game
            seat = g.bot_seat()
            if seat is None:
                return
            move_ms, trick_ms = SPEEDS[page.settings.speed]
            v = g.view
            wait = move_ms
            if g.phase == MatchPhase.PLAY and not v.trick and v.history:
                wait = max(wait, trick_ms)  # let the completed trick be seen
            if g.ask_window():
                wait = max(wait, ASK_WINDOW_MS)  # your questions, offered before your partner plays
            # The bot thinks during the pause, which then only tops its time up: a move
            # takes the longer of the two, not their sum.
            started = time.perf_counter()
            await arrived("manni.bots")  # the first move after a first visit's table
            if gen != page.gen:
                return
            action = await think(g.opponent(seat).steps(g.opponent_view(seat)),
                                 lambda: gen == page.gen)
            if action is None:
                return
            await asyncio.sleep(max(0.0, wait / 1000 - (time.perf_counter() - started)))
            if gen != page.gen:
                return
            g.apply_opponent(seat, action)
            page.match_changed()
            page.save()
            page.render()
    except Exception:
        page.report(trace())
