"""How to play: the rules page of a rule set in a dialog."""

from __future__ import annotations

from ...lazy import Later
from .dom import attr, by_id
from .feature import Feature

rules_page = Later("manni.ui.rules_page")  # imported when a rules page is opened


class HowToPlay(Feature):
    def rules(self, el) -> None:
        """The rules page of a rule set: the one chosen in the New match dialog (its link),
        the one a chooser button names, else the current match's."""
        variant = attr(el, "data-variant")
        source = attr(el, "data-from")
        if not variant and source:
            variant = by_id(source).value
        variant = str(variant or self.page.settings.variant)
        by_id("rules-body").innerHTML = rules_page.rules_html(variant, self.page.t)
        dialog = by_id("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0

    ACTIONS = {"rules": rules}
