"""Boot entry point of the page (placeholder shell).

Imports the game package to prove it loads in the browser, then leaves the
"loading" phase. The UI replaces this file; keep the last step (setting
``data-phase`` on ``#table`` to something other than "loading") so the loading
screen in static/js/boot.js knows Python is up.
"""
from pyscript import document

import manni  # noqa: F401  (imported to prove the package loads)

table = document.getElementById("table")
table.dataset.phase = "ready-shell"
table.setAttribute("aria-busy", "false")
