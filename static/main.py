"""Boot entry point of the page: hand over to the UI (manni/ui/app.py).

Kept tiny so start-up imports only what the first paint needs. Once the table is drawn,
``#table[data-phase]`` leaves "loading", which tells static/js/boot.js that Python is up.

Each step is a performance measure "manni:<step>" (static/js/runtime.mjs measures those
before Python): PyScript's own bootstrap up to here, each import below (what it adds to
the ones before it), then the first render, up to a playable table.
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


last = step("manni:pyscript-bootstrap", "manni:game-ready", "manni:main")
for name in ("pyscript", "manni.text", "manni.match", "manni.record", "manni.net",
             "manni.ui.render", "manni.ui.game", "manni.ui.app"):
    import_module(name)
    last = step(f"manni:import {name}", last, f"manni:imported {name}")

from manni.ui.app import start  # noqa: E402

start()
step("manni:first-render", last, "manni:playable")
