"""Run by PyScript once it has started, after static/js/runtime.mjs has set up the table.

The first table imports only what it needs (runtime.mjs); this imports the rest while the
player reads the hand, so that the first bot move, hint, review or table with friends
does not wait for it. Each step is a performance measure "manni:<step>": PyScript's own
start-up since it got the runtime (and the table), then these imports.
"""
from importlib import import_module

from js import performance


def step(name: str, start: str, end: str) -> str:
    """Measure ``name`` from the mark ``start`` to a new mark ``end``; return ``end``."""
    try:
        performance.mark(end)
        performance.measure(name, start, end)
    except Exception:  # no User Timing, or no start mark: no figure, same start-up
        pass
    return end


last = step("manni:pyscript-bootstrap", "manni:pyscript-runtime", "manni:main")
for name in ("manni.bots", "manni.review", "manni.ui.review_view", "manni.ui.page.net_link"):
    import_module(name)
    last = step(f"manni:later {name}", last, f"manni:later-imported {name}")
