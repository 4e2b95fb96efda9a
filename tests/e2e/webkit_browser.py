"""WebKit (Safari's engine) for the e2e tests: Debian's WebKitGTK MiniBrowser driven by
WebKitWebDriver through Selenium, on an Xvfb display of its own, the site over HTTPS on
127.0.0.1 (Cache Storage and service workers need a secure context; a throw-away
certificate is made at start). Kept free of pytest so scripts can import it too.
"""
from __future__ import annotations

import os
import shutil
import ssl
import subprocess
import tempfile
from pathlib import Path

from browser import ROOT, StaticServer

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBDRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"


def missing() -> str | None:
    """What is missing to run WebKit here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium (requirements-dev.txt)"
    for path, package in ((MINIBROWSER, "webkit2gtk-driver"), (WEBDRIVER, "webkit2gtk-driver"),
                          (XVFB, "xvfb")):
        if not os.access(path, os.X_OK):
            return f"{path} (Debian package {package})"
    if not shutil.which("openssl"):
        return "openssl"
    return None


class Display:
    """An Xvfb server on a free display number (Xvfb picks it: -displayfd)."""

    def __init__(self, size: str = "1280x1024x24"):
        read, write = os.pipe()
        self.proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", size,
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A throw-away self-signed certificate for 127.0.0.1."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


class HttpsServer(StaticServer):
    """StaticServer over TLS with a throw-away certificate."""

    def __init__(self, root: Path = ROOT):
        super().__init__(root)
        self._certs = tempfile.TemporaryDirectory(prefix="manni-cert-")
        cert, key = make_certificate(Path(self._certs.name))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.httpd.socket = context.wrap_socket(self.httpd.socket, server_side=True)
        self.url = f"https://127.0.0.1:{self.port}"
        self._stopped = False

    def stop(self) -> None:
        """Stop answering: from now on the site's port refuses connections, as offline."""
        if not self._stopped:
            self.httpd.shutdown()
            self.httpd.server_close()
            self._stopped = True

    def __exit__(self, *exc) -> None:
        self.stop()
        self._certs.cleanup()


def new_driver(display: Display, width: int = 900, height: int = 900):
    """A WebKitGTK MiniBrowser session (its own, empty website data) on `display`."""
    from selenium import webdriver
    opts = webdriver.WebKitGTKOptions()
    opts.binary_location = MINIBROWSER
    opts.add_argument("--automation")
    opts.set_capability("acceptInsecureCerts", True)
    service = webdriver.WebKitGTKService(executable_path=WEBDRIVER,
                                         env={**os.environ, "DISPLAY": display.name})
    driver = webdriver.WebKitGTK(options=opts, service=service)
    driver.set_window_size(width, height)
    driver.set_script_timeout(120)
    return driver
