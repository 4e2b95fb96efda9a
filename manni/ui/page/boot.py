"""``start()``: make the page and start it; a failure is shown on the loading screen."""

from __future__ import annotations

from ...text import Translator
from . import later_files
from .dom import trace, window
from .shell import Page

_page: Page | None = None


def start() -> Page:
    global _page
    later_files.install()
    try:
        _page = Page()
        _page.start()
    except Exception as e:
        window.console.error(trace())
        try:
            t = _page.t if _page is not None else Translator()
            window.manniBoot.fail(t.t_or("error.start", "the game could not start."), str(e))
        except Exception:
            pass
        raise
    return _page
