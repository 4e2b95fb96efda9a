"""What a feature of the page is: a part of the page with its own ``data-action`` handlers."""

from __future__ import annotations

from typing import Any, Callable, ClassVar


class Feature:
    """One concern of the page (friends, the menu, a dialog, ...), standing on the shell.

    ``ACTIONS`` maps each ``data-action`` it answers to a method of the class that takes
    the element tapped; the shell gathers every feature's table into one (a name may be in
    only one table). ``bind()`` adds listeners of other kinds (``change``, ``close``)."""

    ACTIONS: ClassVar[dict[str, Callable[..., None]]] = {}

    def __init__(self, page: Any) -> None:
        self.page = page

    def bind(self) -> None:
        pass
