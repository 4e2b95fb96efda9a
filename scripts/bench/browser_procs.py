"""The processes of a Chromium started on a given profile, and their CPU time, read from
Linux's /proc: for the start-up benchmarks (scripts/bench/bench_boot.py, bench_boot_cpu.py)."""
from __future__ import annotations

import collections
import os
import re
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
HAS_PROC = Path("/proc/self/task").is_dir()
# Without /proc, settle() waits this long instead (about what it waits on a 2-core machine).
SETTLE_FALLBACK_S = 1.5


def processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, command line) of every process."""
    out = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
                cmd = Path(f"/proc/{name}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                    errors="replace")
            except OSError:
                continue
            out[int(name)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmd)
    return out


def kind(cmd: str) -> str:
    """Chromium's name for a process: browser, renderer, gpu-process, utility:<service>."""
    m = re.search(r"--type=(\S+)", cmd)
    if not m:
        return "browser"
    if m.group(1) != "utility":
        return m.group(1)
    sub = re.search(r"--utility-sub-type=(\S+)", cmd)
    return "utility:" + (sub.group(1).split(".")[-1] if sub else "?")


def browser_tree(profile: str, procs: dict[int, tuple[int, str]] | None = None) -> dict[int, str]:
    """pid -> its kind, for the browser started on `profile` and its descendants (among
    `procs`, processes() by default)."""
    procs = processes() if procs is None else procs
    roots = [pid for pid, (_, cmd) in procs.items() if profile in cmd and "--type=" not in cmd]
    children = collections.defaultdict(list)
    for pid, (parent, _) in procs.items():
        children[parent].append(pid)
    out, todo = {}, roots
    while todo:
        pid = todo.pop()
        out[pid] = kind(procs[pid][1])
        todo += children[pid]
    return out


def watched(profile: str) -> dict[int, str]:
    """browser_tree(profile), Playwright's driver and this process."""
    procs = processes()
    out = browser_tree(profile, procs)
    for pid, (_, cmd) in procs.items():
        if "run-driver" in cmd:
            out[pid] = "playwright-driver"
    out[os.getpid()] = "this script"
    return out


def cpu_times(pids: dict[int, str]) -> dict[tuple[int, int], tuple[str, str, float]]:
    """(pid, tid) -> (process, thread name without its number, CPU seconds so far)."""
    out = {}
    for pid, name in pids.items():
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
            except OSError:
                continue
            comm = re.sub(r"\d+$", "", stat[stat.index("(") + 1:stat.rindex(")")])
            fields = stat.rsplit(")", 1)[1].split()
            out[(pid, int(tid))] = (name, comm, (int(fields[11]) + int(fields[12])) / TICK)
    return out


def settle(profile: str, window_s: float = 0.3, quiet_s: float = 0.02,
           limit_s: float = 6.0) -> float:
    """Wait until the browser started on `profile` has done its own start-up: until its
    processes spend at most `quiet_s` of CPU in `window_s` (at most `limit_s`). A browser
    just launched keeps two cores busy for about a second (its WebUI renderer for the
    toolbar's pop-ups alone spends about half a second of CPU), which a page opened at once
    would share: a link opened in a browser that is already running does not. Returns the
    seconds waited."""
    start = time.monotonic()
    if not HAS_PROC:
        time.sleep(SETTLE_FALLBACK_S)
        return SETTLE_FALLBACK_S

    def spent() -> float:
        return sum(t for _, _, t in cpu_times(browser_tree(profile)).values())

    last = spent()
    while time.monotonic() - start < limit_s:
        time.sleep(window_s)
        now = spent()
        if now - last <= quiet_s:
            break
        last = now
    return time.monotonic() - start
