"""scripts/bench/bench_boot_trace.py's sums of thread time by trace event."""
from __future__ import annotations

import bench_boot_trace as trace
from pytest import approx

MAIN, POOL_1, POOL_2 = 10, 11, 12


def _meta() -> list[dict]:
    names = {MAIN: "CrRendererMain", POOL_1: "ThreadPoolForegroundWorker",
             POOL_2: "ThreadPoolBackgroundWorker"}
    process = {"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "Renderer"}}
    return [process] + [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}}
        for tid, name in names.items()]


def _span(tid: int, name: str, ts: float, dur: float, tdur: float) -> dict:
    return {"ph": "X", "pid": 1, "tid": tid, "name": name, "ts": ts, "dur": dur, "tdur": tdur}


def _mark(name: str, ts: float) -> dict:
    return {"ph": "R", "pid": 1, "tid": MAIN, "name": name, "ts": ts}


def test_a_task_is_counted_by_what_it_runs_and_nested_events_once():
    events = _meta() + [
        _mark("navigationStart", 1000),
        _span(MAIN, "ThreadControllerImpl::RunTask", 1000, 500, 400),
        _span(MAIN, "ParseHTML", 1010, 200, 150),
        _span(MAIN, "Layout", 1050, 50, 40),  # inside ParseHTML: already counted
        _span(MAIN, "v8.evaluateModule", 1300, 100, 100),
        _span(MAIN, "Paint", 1600, 30, 30),  # outermost, not a task
    ]
    got = trace.cpu_by_event(events)
    assert got[("Renderer", "CrRendererMain", "ParseHTML")] == approx(0.15)
    assert got[("Renderer", "CrRendererMain", "v8.evaluateModule")] == approx(0.1)
    assert got[("Renderer", "CrRendererMain", "Paint")] == approx(0.03)
    assert got[("Renderer", "CrRendererMain", "(task)")] == approx(0.15)  # 400 - 150 - 100
    assert ("Renderer", "CrRendererMain", "Layout") not in got
    assert sum(got.values()) == approx(0.43)


def test_only_what_comes_between_navigation_and_playable_counts_and_pool_threads_add_up():
    events = _meta() + [
        _span(POOL_1, "wasm.ExecuteCompilationUnits", 500, 100, 100),  # before navigation
        _mark("navigationStart", 1000),
        _span(POOL_1, "ThreadPool_RunTask", 1100, 300, 300),
        _span(POOL_1, "wasm.ExecuteCompilationUnits", 1100, 300, 280),
        _span(POOL_2, "ThreadPool_RunTask", 1200, 300, 200),
        _span(POOL_2, "wasm.ExecuteCompilationUnits", 1200, 300, 200),
        _mark("manni:runtime-started", 1300),  # Python is up: the app's table comes next
        _span(POOL_2, "ThreadPool_RunTask", 1600, 100, 90),
        _mark("manni:playable", 2000),
        _span(POOL_1, "wasm.ExecuteCompilationUnits", 2100, 900, 900),  # after playable
    ]
    got = trace.cpu_by_event(events)
    assert got[("Renderer", "thread pool", "wasm.ExecuteCompilationUnits")] == approx(0.48)
    assert got[("Renderer", "thread pool", "(task)")] == approx(0.11)


def test_the_bare_pages_end_is_its_runtime_started_mark():
    events = _meta() + [
        _mark("navigationStart", 0),
        _span(MAIN, "wasm.CompileLazy", 100, 10, 10),
        _mark("manni:runtime-started", 200),
        _span(MAIN, "wasm.CompileLazy", 300, 10, 10),
    ]
    assert trace.cpu_by_event(events) == {("Renderer", "CrRendererMain", "wasm.CompileLazy"): 0.01}
