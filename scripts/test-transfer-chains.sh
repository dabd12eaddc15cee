#!/usr/bin/env bash
# ChainTransfer end to end on the local chains: starts tests/chains/run.py (evm, solana, blockbook in their pinned
# environments), runs Tests/BlockchainTests/Transfer/ChainTransferLocalChainsTests against it, stops the servers.
# Usage: bash scripts/test-transfer-chains.sh [--skip-build]   (the Swift tests must be built, or are built here)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
bash scripts/oracles.sh evm solana utxo
ready=$(mktemp -d)/chains.json
python3 tests/chains/run.py evm solana blockbook --ready-file "$ready" >/dev/null &
runner=$!
trap 'kill "$runner" 2>/dev/null; wait "$runner" 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
    [ -s "$ready" ] && break
    kill -0 "$runner" 2>/dev/null || { echo "run.py exited before the chains were ready" >&2; exit 1; }
    sleep 0.1
done
[ -s "$ready" ] || { echo "the local chains did not start in 30 s" >&2; exit 1; }
GEM_TRANSFER_CHAINS="$ready" swift test "$@" --filter ChainTransferLocalChainsTests
