"""Browser test fixtures: local static server, Chromium choice, traffic/error monitor.

- `base_url`: the repo root served over http://127.0.0.1:<free port>.
- A renderer crash in a test is reported with that test (tests/e2e/crashes.py): the
  page's last memory figures, Chromium's log and the minidump's crash keys.
- Debian's /usr/bin/chromium when present (`playwright install` is not needed),
  Playwright's own Chromium otherwise.
- `monitor`: browser.Monitor on the test's `context` (every request, console and page
  errors; `monitor.assert_clean(page)` also fails on `.py-error` elements, as an uncaught
  Python error in PyScript does not fire `pageerror`); `boot`: browser.wait_until_booted.
"""
from __future__ import annotations

import pytest

import crashes
from browser import Monitor, StaticServer, check_vendored, launch_args, wait_until_booted


@pytest.fixture(scope="session")
def site_server():
    problem = check_vendored()
    if problem:
        pytest.fail(problem, pytrace=False)
    with StaticServer() as server:
        yield server


@pytest.fixture(scope="session")
def base_url(site_server):
    return site_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    ours = launch_args()
    return {**browser_type_launch_args, **ours,
            "args": [*browser_type_launch_args.get("args", []), *ours["args"]]}


@pytest.fixture
def monitor(context):
    """A Monitor on the test's `context` (and so on `page`)."""
    return Monitor(context)


@pytest.fixture
def boot():
    return wait_until_booted


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    seen = item.stash.setdefault(_CRASHES_SEEN, len(crashes.REPORTS))
    outcome = yield
    report = outcome.get_result()
    for text in crashes.REPORTS[seen:]:
        report.sections.append(("renderer crash", text))
    item.stash[_CRASHES_SEEN] = len(crashes.REPORTS)


_CRASHES_SEEN = pytest.StashKey[int]()
