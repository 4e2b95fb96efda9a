"""The page: the only code that touches ``js`` / ``pyscript`` / ``pyodide``.

- ``dom``       the small DOM layer: element look-ups, listeners, localStorage, downloads;
- ``shell``     what every feature stands on: the match, save, render, taps, the action table;
- ``notices``   ``#notice`` and the alert box;
- ``driver``    the opponents (and any other long Python work) run in slices;
- one module per feature, each a ``Feature`` with its own ``ACTIONS`` table: ``table``
  (the table's buttons), ``friends``, ``other_tabs``, ``records``, ``menu``, ``hint``,
  ``review``, ``lesson``, ``how_to_play``, ``statistics``, ``parlee``;
- ``boot``      ``start()``, called by ``static/main.py``.

Nothing is imported here, so the pure modules' tools can list this package outside a page.
"""
