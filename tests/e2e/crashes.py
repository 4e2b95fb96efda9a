"""What a renderer crash ("Target crashed") leaves behind, gathered so that each one says why:
the page's last memory figures, Chromium's log (its stderr, written to a file), and the
crash keys of the newest minidump Chromium's crash handler wrote.

`watch(page)` samples the page's memory now and whenever `sample(page)` is called (the
helpers call it at each settled turn) and registers a crash handler; `REPORTS` collects one
text per crash, which tests/e2e/conftest.py adds to the failing test's report.
Kept free of pytest so scripts can import it too.
"""
from __future__ import annotations

import os
import struct
import tempfile
import time
from pathlib import Path

LOG_FILE = Path(tempfile.gettempdir()) / f"manni-chromium-{os.getpid()}.log"
# Where Chromium's crash handler keeps its minidumps: the default profile's database, or
# that of the profile a test launched with.
DUMP_DIRS = [Path.home() / ".config" / "chromium" / "Crash Reports",
             Path(tempfile.gettempdir())]
REPORTS: list[str] = []
NOISE = ("switch-", "commandline-", "variations", "num-", "gpu", "channel", "lsb-", "v8_ro")
_last: dict[int, dict] = {}
_started = time.time()

MEMORY = """() => ({heapUsed: performance.memory && performance.memory.usedJSHeapSize,
  heapTotal: performance.memory && performance.memory.totalJSHeapSize,
  heapLimit: performance.memory && performance.memory.jsHeapSizeLimit})"""


def logging_args() -> list[str]:
    """Chromium flags that send its log (browser and renderers) to LOG_FILE."""
    return ["--enable-logging", f"--log-file={LOG_FILE}", "--v=0"]


def sample(page) -> None:
    """Notes the page's memory figures (the last ones are reported if it crashes)."""
    if id(page) not in _last or page.is_closed():
        return
    got: dict = {"at": time.strftime("%H:%M:%S"), "url": page.url}
    try:
        got.update(page.evaluate(MEMORY))
        cdp = _last[id(page)]["cdp"]
        got.update(cdp.send("Memory.getDOMCounters"))
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        got.update({m["name"]: m["value"] for m in metrics
                    if m["name"] in ("JSHeapUsedSize", "JSHeapTotalSize", "Nodes", "Documents")})
    except Exception as e:  # a page that is navigating or gone keeps its last figures
        got["error"] = str(e).splitlines()[0]
    _last[id(page)]["memory"] = got


def watch(page, name: str = "") -> None:
    try:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
    except Exception:
        return  # not Chromium
    _last[id(page)] = {"cdp": cdp, "memory": None}
    page.on("crash", lambda p: REPORTS.append(report(p, name)))
    sample(page)


def _utf8(data: bytes, rva: int) -> str:
    (n,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4:rva + 4 + n].decode("utf-8", "replace")


def _dictionary(data: bytes, where: int) -> dict[str, str]:
    """A MinidumpSimpleStringDictionary."""
    (count,) = struct.unpack_from("<I", data, where)
    pairs = (struct.unpack_from("<II", data, where + 4 + 8 * j) for j in range(count))
    return {_utf8(data, k): _utf8(data, v) for k, v in pairs}


def _annotations(data: bytes, where: int) -> dict[str, str]:
    """A MinidumpAnnotationList (the crash keys Chromium sets: ptype, oom_size, ...)."""
    (count,) = struct.unpack_from("<I", data, where)
    keys = {}
    for j in range(count):
        name, kind, _reserved, value = struct.unpack_from("<IHHI", data, where + 4 + 12 * j)
        if kind == 1:  # a string
            keys[_utf8(data, name)] = _utf8(data, value)
    return keys


def crash_keys(dump: Path) -> dict[str, str]:
    """The crash keys of a Crashpad minidump: the process's and each module's."""
    data = dump.read_bytes()
    if data[:4] != b"MDMP":
        return {}
    streams, directory = struct.unpack_from("<II", data, 8)
    for i in range(streams):
        kind, _size, rva = struct.unpack_from("<III", data, directory + 12 * i)
        if kind != 0x43500001:  # MinidumpStreamType::kCrashpadInfo
            continue
        # version, report id, client id, then the simple annotations and the module list
        _n, simple, _n2, modules = struct.unpack_from("<IIII", data, rva + 4 + 32)
        keys = _dictionary(data, simple) if simple else {}
        if modules:
            (count,) = struct.unpack_from("<I", data, modules)
            for j in range(count):
                _index, _size, info = struct.unpack_from("<III", data, modules + 4 + 12 * j)
                _v, _l1, _l2, _s1, s2, _a1, a2 = struct.unpack_from("<IIIIIII", data, info)
                if s2:
                    keys.update(_dictionary(data, s2))
                if a2:
                    keys.update(_annotations(data, a2))
        return keys
    return {}


def newest_dump() -> Path | None:
    dumps = [p for d in DUMP_DIRS if d.is_dir() for p in d.glob("**/*.dmp")
             if p.stat().st_mtime >= _started]
    return max(dumps, key=lambda p: p.stat().st_mtime, default=None)


def log_tail(lines: int = 30) -> list[str]:
    try:
        text = LOG_FILE.read_text(errors="replace").splitlines()
    except OSError:
        return []
    return text[-lines:]


def report(page, name: str = "") -> str:
    time.sleep(1)  # the crash handler writes the minidump as the renderer dies
    parts = [f"renderer crash of {name or 'a page'} at {time.strftime('%H:%M:%S')}",
             f"last memory figures: {(_last.get(id(page)) or {}).get('memory')}"]
    dump = newest_dump()
    if dump:
        try:
            keys = crash_keys(dump)
        except (OSError, struct.error) as e:
            keys = {"unreadable": str(e)}
        keys = {k: v for k, v in keys.items() if not k.startswith(NOISE)}
        parts.append(f"minidump {dump}: {keys}")
    else:
        parts.append("no minidump written")
    parts.append("Chromium's log, last lines:\n  " + "\n  ".join(log_tail()))
    return "\n".join(parts)
