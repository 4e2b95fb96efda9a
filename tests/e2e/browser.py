"""Browser helpers shared by the e2e tests and scripts/bench/bench_boot.py.

Kept free of pytest so scripts can import it too.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import socketserver
import threading
from pathlib import Path
from urllib.parse import urlsplit

import crashes

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}


def chromium_executable() -> str | None:
    """Debian's Chromium (or $CHROMIUM) if present, else None = Playwright's own."""
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(name):
            return name
    return shutil.which("chromium")


def launch_args() -> dict:
    exe = chromium_executable()
    args: dict = {"args": [*CHROMIUM_ARGS, *crashes.logging_args()]}
    if exe:
        args["executable_path"] = exe
    return args


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in LOCAL_HOSTS


def _described(err) -> str:
    """A page error's message and where it was thrown (a worker's errors are the page's too):
    a rare one must say where it came from the first time it is seen."""
    lines = (line.strip() for line in (err.stack or "").splitlines())
    frames = [line for line in lines if line.startswith("at ")]
    return f"{err} ({frames[0]})" if frames else str(err)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass

    def do_GET(self):
        if self.path.split("?", 1)[0].rsplit("/", 1)[-1] in self.server.cut:
            self.close_connection = True  # no answer: the browser sees a network error
            return
        super().do_GET()

    def end_headers(self):
        # Behave like a static host: let the browser cache, but revalidate.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    cut: frozenset[str] = frozenset()  # file names whose requests get no answer

    def handle_error(self, request, client_address):
        pass  # the browser aborting a connection is not our business


class StaticServer:
    """Serve `root` on a free 127.0.0.1 port in a background thread."""

    def __init__(self, root: Path = ROOT):
        handler = functools.partial(_QuietHandler, directory=str(root))
        self.httpd = _Server(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def cut(self, *names: str) -> None:
        """From now on, requests for these file names fail as if the network were down."""
        self.httpd.cut = frozenset(names)

    def __enter__(self) -> "StaticServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def check_vendored() -> str | None:
    """Return a message if the runtime has not been vendored, else None."""
    missing = [p for p in ("static/vendor/pyodide/pyodide.mjs",
                           "static/vendor/pyscript/core.js", "static/manni.zip",
                           "static/manni-later.zip")
               if not (ROOT / p).is_file()]
    if missing:
        return ("missing " + ", ".join(missing)
                + ": run `npm ci && python3 scripts/vendor.py` (or `bash scripts/test.sh`)")
    return None


BOOT_TIMEOUT_MS = 90_000


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
        crashes.watch(page)
        page.on("console", self._on_console)
        page.on("pageerror", lambda err: self.page_errors.append(_described(err)))

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


def wait_until_booted(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """The one boot wait: until #table leaves data-phase="loading" and says whose turn it
    is (or shows the boot error); returns the new phase."""
    page.wait_for_function(
        "() => { const t = document.getElementById('table');"
        " return t && t.dataset.phase !== 'loading'"
        " && (t.dataset.phase === 'error' || !!t.dataset.turn); }",
        timeout=timeout_ms,
    )
    return page.get_attribute("#table", "data-phase")
