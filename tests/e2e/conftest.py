"""Browser test fixtures: local static server, Chromium choice, traffic/error monitor.

- `base_url`: the repo root served over http://127.0.0.1:<free port>.
- Debian's /usr/bin/chromium when present (`playwright install` is not needed),
  Playwright's own Chromium otherwise.
- `monitor`: records every request of the test's `context`, console errors and
  page errors; `monitor.assert_clean(page)` also fails on `.py-error` elements
  (an uncaught Python error in PyScript does not fire `pageerror`).
"""
from __future__ import annotations

import pytest

from browser import StaticServer, check_vendored, is_local, launch_args

BOOT_TIMEOUT_MS = 90_000


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


class Monitor:
    """Collects requests, console errors and page errors of a browser context."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        context.on("request", lambda req: self.requests.append(req.url))
        context.on("page", self.watch)
        for page in context.pages:
            self.watch(page)

    def watch(self, page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda err: self.page_errors.append(str(err)))

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            self.console_errors.append(msg.text)

    @property
    def offsite_requests(self) -> list[str]:
        return [u for u in self.requests if not is_local(u)]

    @staticmethod
    def py_errors(page) -> list[str]:
        return page.locator(".py-error").all_inner_texts()

    def assert_clean(self, page=None) -> None:
        problems = []
        if self.offsite_requests:
            problems.append(f"requests leaving 127.0.0.1: {self.offsite_requests}")
        if self.console_errors:
            problems.append(f"console errors: {self.console_errors}")
        if self.page_errors:
            problems.append(f"page errors: {self.page_errors}")
        if page is not None:
            py = self.py_errors(page)
            if py:
                problems.append(f".py-error elements: {py}")
        assert not problems, "\n".join(problems)


@pytest.fixture
def monitor(context):
    """A Monitor on the test's `context` (and so on `page`)."""
    return Monitor(context)


def wait_until_booted(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until #table leaves data-phase="loading"; return the new phase."""
    page.wait_for_function(
        "() => { const t = document.getElementById('table');"
        " return t && t.dataset.phase !== 'loading'; }",
        timeout=timeout_ms,
    )
    return page.get_attribute("#table", "data-phase")


@pytest.fixture
def boot():
    return wait_until_booted
