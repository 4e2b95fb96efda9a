#!/usr/bin/env bash
# Install what the tests need and run every test (engine, Pyodide, browser).
#   bash scripts/test.sh                 # everything
#   bash scripts/test.sh tests/engine    # extra arguments go to pytest
# Safe to re-run: each step is skipped or cheap when already done.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/lib.sh
PYTHON="${PYTHON:-python3}"

# Browser: Debian's Chromium (Playwright's own download is not possible everywhere).
if [ -x /usr/bin/chromium ] || [ -n "${CHROMIUM:-}" ]; then
  :
elif is_root_with_apt; then
  log "installing chromium with apt"
  apt_install chromium
fi

# WebKit (Safari's engine): Debian's WebKitGTK, its WebDriver and a virtual display for
# tests/e2e/test_webkit.py. Where apt installs it, a missing piece fails that test instead of
# skipping it (MANNI_WEBKIT=required).
WEBKIT_PACKAGES=(webkit2gtk-driver xvfb openssl)
if [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/Xvfb ] && command -v openssl >/dev/null; then
  export MANNI_WEBKIT="${MANNI_WEBKIT:-required}"
elif is_root_with_apt; then
  log "installing ${WEBKIT_PACKAGES[*]} with apt"
  apt_install "${WEBKIT_PACKAGES[@]}"
  export MANNI_WEBKIT="${MANNI_WEBKIT:-required}"
else
  log "WebKit cannot be installed here (not root with apt): tests/e2e/test_webkit.py is skipped"
fi

# A TURN relay (Debian's coturn) for tests/e2e/test_friends_relay.py: required where apt
# installs it (MANNI_TURN=required), skipped with its reason elsewhere.
if command -v turnserver >/dev/null; then
  export MANNI_TURN="${MANNI_TURN:-required}"
elif is_root_with_apt; then
  log "installing coturn with apt"
  apt_install coturn
  export MANNI_TURN="${MANNI_TURN:-required}"
else
  log "coturn cannot be installed here (not root with apt): tests/e2e/test_friends_relay.py is skipped"
fi

# Firefox (Gecko): Debian's firefox-esr, driven by puppeteer-core (npm, in the lock file) for
# tests/e2e/test_firefox.py: required where apt installs it (MANNI_FIREFOX=required).
if command -v firefox-esr >/dev/null || [ -n "${FIREFOX:-}" ]; then
  export MANNI_FIREFOX="${MANNI_FIREFOX:-required}"
elif is_root_with_apt; then
  log "installing firefox-esr with apt"
  apt_install firefox-esr
  export MANNI_FIREFOX="${MANNI_FIREFOX:-required}"
else
  log "Firefox cannot be installed here (not root with apt): tests/e2e/test_firefox.py is skipped"
fi
export PUPPETEER_SKIP_DOWNLOAD=1  # puppeteer-core drives the system's Firefox: no download

log "pip install -r requirements-dev.txt"
PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1 \
  "$PYTHON" -m pip install -q -r requirements-dev.txt 2> >(grep -v "^WARNING: Location" >&2)

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
  log "no system Chromium: using Playwright's own (python -m playwright install chromium)"
  "$PYTHON" -m playwright install chromium
fi

install_runtime

log "python -m pytest $*"
exec "$PYTHON" -m pytest "$@"
