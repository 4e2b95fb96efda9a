"""scripts/bench/browser_procs.py's reading of /proc: process kinds and per-thread CPU time."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import browser_procs as cpu
import pytest


pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="Linux's /proc only")


def test_chromium_process_kinds():
    assert cpu.kind("/usr/lib/chromium/chromium --user-data-dir=/tmp/x about:blank") == "browser"
    assert cpu.kind("/usr/lib/chromium/chromium --type=renderer --lang=en") == "renderer"
    assert cpu.kind("chromium --type=utility --utility-sub-type=network.mojom.NetworkService"
                    " --lang=en") == "utility:NetworkService"


def test_this_process_and_its_threads_cpu_time_is_read():
    pids = cpu.watched("/no/such/profile")
    assert pids[os.getpid()] == "this script"
    before = cpu.cpu_times(pids)
    end = time.process_time() + 0.1
    while time.process_time() < end:  # 0.1 s of CPU on this thread
        pass
    after = cpu.cpu_times(pids)
    key = (os.getpid(), os.getpid())  # the main thread's id is the process's
    assert after[key][0] == "this script"
    assert after[key][2] - before[key][2] >= 0.05


def test_settle_waits_while_the_browser_works_and_not_once_it_is_quiet(tmp_path):
    profile = str(tmp_path / "profile")
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass", profile])
    try:
        waited = cpu.settle(profile, window_s=0.2, limit_s=1.0)
    finally:
        busy.kill()
        busy.wait()
    assert waited >= 1.0  # it spun all along
    quiet = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", profile])
    try:
        time.sleep(0.3)  # past the interpreter's own start
        waited = cpu.settle(profile, window_s=0.2, limit_s=1.0)
    finally:
        quiet.kill()
        quiet.wait()
    assert waited < 0.6
