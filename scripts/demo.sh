#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and runs gem-host's demonstration on an
# embedded SQLite database (build/demo.db) against the local test API server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh

HOST=build/examples/c-host/gem-host
DB=build/demo.db
rm -f "$DB" "$DB"-wal "$DB"-shm

# The stand-in for the remote API, on a free port of 127.0.0.1.
coproc SERVER { exec python3 tests/server/api_server.py --port 0; }
trap 'kill $SERVER_PID 2>/dev/null || true' EXIT
read -r _ PORT <&"${SERVER[0]}"
API="http://127.0.0.1:$PORT"

step() { echo; echo "\$ gem-host $*"; "$HOST" --db "$DB" --api "$API" "$@"; }
step version
step prefs show
step prefs set --currency EUR
step alerts add --asset bitcoin --price 70000
step alerts add --asset ethereum --percent 5 --direction up
step alerts list
curl -s -X PUT "$API/_control/alerts/$("$HOST" --db "$DB" prefs show | python3 -c 'import json,sys; print(json.load(sys.stdin)["device_id"])')" \
     -d '[{"asset_id":"solana","currency":"EUR","price":150}]' >/dev/null
echo; echo "# the server now holds only a Solana alert: sync writes exactly the difference"
step alerts sync
step alerts list
curl -s -X POST "$API/_control/refuse_next_write" >/dev/null
echo; echo "# the server refuses the next write: the local add is rolled back"
step alerts add --asset tron --price 0.5 || true
step alerts list
step --permission deny alerts enable
step alerts disable
step alerts status
