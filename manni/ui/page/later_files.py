"""The game's files that the first table does not need (``static/manni-later.zip``: the bots,
the tables with friends and of four, the review): ``static/js/runtime.mjs`` writes them once
the table is playable. Work that will import one waits for them (``arrived``); an import that
needs one before then reads the zip at once, synchronously, instead of failing."""

from __future__ import annotations

import io
import sys
from importlib.machinery import FileFinder, PathFinder

from .dom import window


class LaterFiles:
    """Last on ``sys.meta_path``: asked only for a module no other finder found."""

    @staticmethod
    def find_spec(name: str, path=None, target=None):
        if not name.startswith("manni.") or not hasattr(window, "manniGameFiles"):
            return None
        files = window.manniGameFiles  # static/js/runtime.mjs
        if files.laterWritten:
            return None
        try:
            data = files.readLaterNow().to_py()
        except Exception as e:
            raise ImportError(f"{name}: the rest of the game's files could not be read ({e})",
                              name=name) from None
        import zipfile  # not on the first table's way: its imports cost the start
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            z.extractall(files.home)
        files.laterWritten = True
        forget_listings()
        return PathFinder.find_spec(name, path, target)


def ready(name: str) -> bool:
    """Whether importing ``name`` now finds its files without reading the zip at once: it is
    imported already (a start from the snapshot), or the later files are written."""
    if name in sys.modules or not hasattr(window, "manniGameFiles"):
        return True
    return bool(window.manniGameFiles.laterWritten)


async def arrived(name: str) -> None:
    """Returns once ``ready(name)``, or once the later files did not come (the import then
    reads them at once)."""
    if not ready(name):
        await window.manniGameFiles.arrived


def install() -> None:
    if LaterFiles not in sys.meta_path:
        sys.meta_path.append(LaterFiles)


def forget_listings() -> None:
    """New files in folders already listed: the import system lists them again."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()
