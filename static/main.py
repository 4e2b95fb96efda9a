"""Boot entry point of the page: hand over to the UI (manni/ui/page/).

Kept tiny so start-up imports only what the first paint needs. Once the table is drawn,
``#table[data-phase]`` leaves "loading", which tells static/js/boot.js that Python is up.
"""
from manni.ui.page.boot import start

start()
