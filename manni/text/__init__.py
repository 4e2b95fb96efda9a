"""The texts players read, in every language, outside any user interface.

- ``locale/manni.pot``  the English texts: each entry's ``msgctxt`` is the key the code
  uses, its ``msgid`` the English (the template of every catalog);
- ``locale/<code>.po``  one gettext catalog per language, with its own ``Plural-Forms``;
  adding a language is adding one such file (see docs/i18n.md);
- ``po``                reads those files;
- ``translate``         :class:`Translator`: texts, plurals, card names, refusals, hint
  reasons; ``LANGUAGES`` and :func:`pick_language`.

Used by the UI (``manni.ui``), the bots' hint reasons and the command line; imports
nothing from them.
"""

from .translate import LANGUAGES, Translator, language_name, pick_language

__all__ = ["LANGUAGES", "Translator", "language_name", "pick_language"]
