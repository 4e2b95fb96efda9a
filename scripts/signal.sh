#!/usr/bin/env bash
# Run a PeerJS signaling server (npm `peer`, pinned in package.json) on 127.0.0.1:PORT in
# the foreground, for the tests and for anyone who wants their own (see README, "Play with
# friends"). Open the game with ?signal=http://127.0.0.1:PORT/ to use it.
#   bash scripts/signal.sh [PORT]     # default 9000; Ctrl-C stops it
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/lib.sh
PORT="${1:-9000}"
case "$PORT" in ''|*[!0-9]*) log "error: PORT must be a number, not '$PORT'"; exit 2 ;; esac
if [ ! -x node_modules/.bin/peerjs ]; then
  ensure_node
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
log "PeerJS signaling on http://127.0.0.1:$PORT/"
exec node node_modules/.bin/peerjs --host 127.0.0.1 --port "$PORT" --path /
