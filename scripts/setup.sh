#!/usr/bin/env bash
# Install the game's runtime and serve it at http://127.0.0.1:8000 (Ctrl-C stops).
#   bash scripts/setup.sh            # PORT=8080 bash scripts/setup.sh for another port
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/lib.sh

install_runtime
PORT="${PORT:-8000}"
log "serving Manni at http://127.0.0.1:${PORT}/ (Ctrl-C to stop)"
exec "${PYTHON:-python3}" -m http.server "$PORT" --bind 127.0.0.1
