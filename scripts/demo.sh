#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and runs gem-host's demonstration on an
# embedded SQLite database (build/demo.db) against the local test API server: preferences, price
# alerts, prices and the currency, then wallets (create, import, list, address validation, export), then balances
# on the local EVM and Solana chains of tests/chains (node add/select/check, a token added, balance refresh and show),
# then sends of ETH, TST and SOL, each tracked to confirmed (tx list).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh

HOST=build/examples/c-host/gem-host
DB=build/demo.db
rm -f "$DB" "$DB"-wal "$DB"-shm "$DB".secret

# The stand-in for the remote API, on a free port of 127.0.0.1.
coproc SERVER { exec python3 tests/server/api_server.py --port 0; }
CHAINS_PID=""
trap 'kill $SERVER_PID $CHAINS_PID 2>/dev/null || true' EXIT
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

# Prices: asked for in USD, kept in USD beside the price in the selected currency (EUR, set above).
curl -s -X PUT "$API/_control/fiat_rates" -d '[{"symbol":"EUR","rate":0.92},{"symbol":"GBP","rate":0.79}]' >/dev/null
curl -s -X PUT "$API/_control/prices" \
     -d '[{"assetId":"bitcoin","price":97000,"priceChangePercentage24h":-1.2},{"assetId":"ethereum","price":3600,"priceChangePercentage24h":2.5}]' >/dev/null
step prices sync bitcoin ethereum
step prices show bitcoin ethereum
echo; echo "# a price-stream tick with an unknown currency and a malformed price: each dropped alone"
TICK=$(mktemp)
echo '{"rates":[{"symbol":"EUR","rate":0.9},{"symbol":"XYZ","rate":2}],"prices":[{"assetId":"bitcoin","price":98000,"priceChangePercentage24h":0.5},{"assetId":"ethereum"}]}' > "$TICK"
step prices tick "$TICK"
rm -f "$TICK"
step currency set GBP
step prices show bitcoin ethereum

# Wallets: the stores are tables of the same database; the keystore password is the per-install
# secret build/demo.db.secret (32 random bytes, mode 0600), made on first use.
run() { "$HOST" --db "$DB" --api "$API" "$@"; }
# One line per wallet of an answer on stdin (an import result, a wallet, or a list of wallets).
summary() {
    python3 -c '
import json, sys
answer = json.load(sys.stdin)
wallets = answer if isinstance(answer, list) else [answer.get("wallet", answer)]
prefix = answer["type"] + ": " if isinstance(answer, dict) and "wallet" in answer else ""
for w in wallets:
    pin = ", pinned" if w["is_pinned"] else ""
    print("%s%s  \"%s\"  (%s, %d accounts%s)" % (prefix, w["id"], w["name"], w["type"], len(w["accounts"]), pin))
'
}
# A command whose answer holds whole wallets, shown one line per wallet.
brief() { echo; echo "\$ gem-host $*   (abridged)"; run "$@" | summary; }
ABANDON="abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

echo; echo "\$ gem-host wallet create --name Demo"
CREATED=$(run wallet create --name Demo)
echo "$CREATED"
echo; echo "# the phrase above is shown this once, for backup; the wallet's address on every chain:"
echo "$CREATED" | python3 -c '
import json, sys
for account in json.load(sys.stdin)["wallet"]["accounts"]:
    print("  %-14s %s" % (account["chain"], account["address"]))
'
echo; echo "\$ gem-host wallet import --phrase \"abandon x11 about\" --name Abandon   (abridged)"
run wallet import --phrase "$ABANDON" --name Abandon | summary
echo; echo "# the same phrase again: the stored wallet is answered, nothing is duplicated"
echo "\$ gem-host wallet import --phrase \"abandon x11 about\"   (abridged)"
run wallet import --phrase "$ABANDON" | summary
ABANDON_ID=multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94
brief wallet pin "$ABANDON_ID"
brief wallet list
step address validate --chain ethereum 0x9858effd232b4033e47d90003d41ec34ecaeda94
echo; echo "# one letter changed: rejected with its reason (exit 1)"
step address validate --chain bitcoin bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv || true
step wallet export "$ABANDON_ID"

# Balances: the local EVM node (py-evm, with the ERC-20 "TST") and Solana node (LiteSVM) of tests/chains, each in
# its pinned environment (made by scripts/oracles.sh if missing), on free ports of 127.0.0.1 until the demo ends.
bash scripts/oracles.sh evm solana >/dev/null
READY=$(mktemp)
rm -f "$READY"
python3 tests/chains/run.py evm solana --ready-file "$READY" >/dev/null &
CHAINS_PID=$!
for _ in $(seq 600); do [ -s "$READY" ] && break; kill -0 "$CHAINS_PID" 2>/dev/null || break; sleep 0.1; done
[ -s "$READY" ] || { echo "demo: the local chains did not start"; exit 1; }
EVM=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["evm"])' "$READY")
SOLANA=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solana"])' "$READY")
rm -f "$READY"
TOKEN=$(curl -s -X POST "$EVM/_control/info" -d '{}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
# A step that reaches a chain: its failure is shown and the demo goes on.
chain_step() { step "$@" || echo "# that step failed: see the message above"; }
# The stored balances of a wallet in whole units, beside each asset's symbol (from its decimals).
holdings() {
    python3 -c '
import json, subprocess, sys
host, db, wallet = sys.argv[1:4]
ask = lambda *a: json.loads(subprocess.run([host, "--db", db, *a], capture_output=True, text=True, check=True).stdout)
assets = {a["id"]: a for a in ask("asset", "list", wallet)}
for row in ask("balance", "show", wallet):
    asset = assets[row["asset_id"]]
    whole, part = divmod(int(row["available"]), 10 ** asset["decimals"])
    print("  %-6s %s%s" % (asset["symbol"], whole, ("." + str(part).rjust(asset["decimals"], "0").rstrip("0")) if part else ""))
' "$HOST" "$DB" "$1"
}

echo; echo "# the local chains: EVM $EVM (chain id 1), Solana $SOLANA; the test key 0x11...11 holds 100 ETH,"
echo "# 1,000,000 TST and 100 SOL"
echo; echo "\$ gem-host wallet import --private-key 0x11...11 --chain ethereum   (abridged)"
run wallet import --private-key "0x$(printf '11%.0s' $(seq 32))" --chain ethereum | summary
ETH_WALLET=privateKey_ethereum_0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A
step node add ethereum "$EVM/ethereum"
step node select ethereum "$EVM/ethereum"
chain_step node check ethereum "$EVM/ethereum"
echo; echo "# the same node checked as polygon: the wrong network is named (exit 1)"
step node check polygon "$EVM/polygon" || true
chain_step asset add "$ETH_WALLET" "ethereum_$TOKEN"
step asset list "$ETH_WALLET"
chain_step balance refresh "$ETH_WALLET"
step balance show "$ETH_WALLET"
echo "# in whole units:"; holdings "$ETH_WALLET"
echo; echo "# the wallet's home: its total and change at the stored prices (GBP, selected above), its asset rows"
step home "$ETH_WALLET"
echo; echo "# a second refresh: nothing changed, no row is written"
chain_step balance refresh "$ETH_WALLET"

echo; echo "\$ gem-host wallet watch --chain solana --address F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4   (abridged)"
run wallet watch --chain solana --address F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4 | summary
SOL_WALLET=view_solana_F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4
step node add solana "$SOLANA/solana"
step node select solana "$SOLANA/solana"
chain_step balance refresh "$SOL_WALLET"
step balance show "$SOL_WALLET"
echo "# in whole units:"; holdings "$SOL_WALLET"

# Send: the confirmation (fee per priority, the amount, the scan and simulation through the test API), then
# the submit (signed inside the core after one keystore password read), then the transaction tracked to final.
echo; echo "# send 1.5 ETH and 250 TST from the test key: each prints its confirmation, its hashes and the final transaction"
chain_step send --wallet "$ETH_WALLET" --asset ethereum --to 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23 --amount 1.5 --yes
chain_step send --wallet "$ETH_WALLET" --asset "ethereum_$TOKEN" --to 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23 --amount 250 --yes
step tx list "$ETH_WALLET"
echo "# the balances after the sends (refreshed by the tracking), in whole units:"; holdings "$ETH_WALLET"

echo; echo "# send 1 SOL from the same test key on Solana (its key in base58, as Solana wallets export it) to a new account"
echo "\$ gem-host wallet import --private-key 29d2S7...hfV2 --chain solana   (abridged)"
run wallet import --private-key 29d2S7vB453rNYFdR5Ycwt7y9haRT5fwVwL9zTmBhfV2 --chain solana | summary
SOL_KEY_WALLET=privateKey_solana_F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4
chain_step send --wallet "$SOL_KEY_WALLET" --asset solana --to 3JF3sEqM796hk5WFqA6EtmEwJQ9quALszsfJyvXNQKy3 --amount 1 --yes
step tx list "$SOL_KEY_WALLET"
echo "# its balance after the send (refreshed by the tracking), in whole units:"; holdings "$SOL_KEY_WALLET"

kill "$CHAINS_PID" 2>/dev/null || true
wait "$CHAINS_PID" 2>/dev/null || true
CHAINS_PID=""
echo; echo "# the local chains are stopped"
