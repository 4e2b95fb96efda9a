"""The browser user interface.

Only ``manni.ui.page`` touches the page (``js`` / ``pyscript`` / ``pyodide``); every other
module here is pure Python and runs (and is tested) in CPython. Every text the player
reads comes from ``manni.text`` (the catalogs and the Translator, shared with the bots
and the command line).

- ``settings``  new-match settings, speeds, storage keys and their JSON form;
- ``game``      the controller: a Match, whose turn it is, what a tap means, announcements;
- ``render``    HTML for the table, built only from seat 0's SeatView (no hidden cards),
  with ``markup`` (cards, escaping, the lists) and ``sheet`` (scores, results, last trick);
- ``page``      the page itself: the DOM, the shell and one module per feature.
"""
