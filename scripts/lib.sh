# Shared helpers for scripts/setup.sh and scripts/test.sh (sourced, not run).

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }

is_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Node.js and npm are needed to fetch the Pyodide/PyScript runtime.
ensure_node() {
  if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    return
  fi
  if is_root_with_apt; then
    log "installing nodejs and npm with apt"
    apt_install nodejs npm
  else
    log "error: Node.js (>= 18) and npm are required: install them and re-run"
    exit 1
  fi
}

# npm ci (exact versions from package-lock.json) unless node_modules already
# matches the lock file, then copy the runtime into static/ and build manni.zip.
install_runtime() {
  ensure_node
  if [ -f node_modules/.package-lock.json ] && [ -f node_modules/pyodide/package.json ] \
     && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    :
  else
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
  fi
  "${PYTHON:-python3}" scripts/vendor.py
}
