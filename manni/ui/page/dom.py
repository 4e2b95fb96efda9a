"""The small DOM layer: look-ups that map JS null to None, listeners kept alive, storage."""

from __future__ import annotations

import asyncio
import json

import js
from js import document
from pyodide.ffi import create_proxy, to_js

from ..markup import _e

# What pyscript.window is on the main thread. The page starts before PyScript's own Python
# start-up (static/js/runtime.mjs), so not through PyScript's package.
window = js

__all__ = ["document", "window", "by_id", "nn", "q", "attr", "on", "proxy", "trace",
           "Storage", "download", "fill_marked", "fill_options", "drop_query", "motion"]

_proxies: list = []  # keep the JS-callable proxies alive for the page's lifetime


def proxy(fn):
    """A JS-callable proxy of ``fn`` that lives as long as the page."""
    p = create_proxy(fn)
    _proxies.append(p)
    return p


def on(target, event: str, fn) -> None:
    target.addEventListener(event, proxy(fn))


def by_id(name):
    return document.getElementById(name)


def nn(value):
    """JS null arrives as ``pyodide.ffi.jsnull`` (not None) in this Pyodide: map it to None."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return value


def q(root, selector):
    return nn(root.querySelector(selector))


def attr(el, name) -> str | None:
    return nn(el.getAttribute(name))


def trace() -> str:
    import traceback  # only on errors: keep start-up imports minimal
    return traceback.format_exc()


def fill_marked(text_for) -> None:
    """Give each element marked with a text key (``data-i18n``, ``data-i18n-aria``,
    ``data-boot-text``, ``data-boot-aria``) ``text_for(attribute, key)`` as its text or
    aria-label: two calls into the page (static/js/boot.js), not four an element."""
    boot = window.manniBoot
    marked = json.loads(str(boot.markedKeys()))
    boot.fillMarked(json.dumps({name: {key: text_for(name, key) for key in keys}
                                for name, keys in marked.items()}))


def fill_options(select_id: str, items) -> None:
    """Replace a ``<select>``'s options with (value, label) pairs (in one call into the
    page: each call from Python costs more than the markup)."""
    by_id(select_id).innerHTML = "".join(f'<option value="{_e(value)}">{_e(label)}</option>'
                                         for value, label in items)


def drop_query() -> None:
    try:
        window.history.replaceState(None, "", str(window.location.pathname))
    except Exception:
        pass


class _NoMotion:
    before = after = sound = staticmethod(lambda *args: None)


def motion():
    """static/js/motion.mjs, or a stand-in that does nothing if it did not load."""
    try:
        return window.manniMotion
    except AttributeError:
        return _NoMotion


def download(name: str, text: str) -> None:
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                  dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    asyncio.ensure_future(_revoke(url))


async def _revoke(url) -> None:
    await asyncio.sleep(60)
    window.URL.revokeObjectURL(url)


class Storage:
    """localStorage, or nothing (disabled storage): never raises. ``set`` says whether the
    value was stored (it fails when storage is full or refuses writes)."""

    def __init__(self) -> None:
        try:
            self.ls = nn(window.localStorage)
        except Exception:
            self.ls = None
        self.ok = self.ls is not None

    def get(self, key: str) -> str | None:
        if not self.ok:
            return None
        try:
            value = self.ls.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if not self.ok:
            return False
        try:
            self.ls.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        if self.ok:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass
