#!/usr/bin/env bash
# The local chain servers' tests (tests/chains/): each server's tests run in the pinned environment that
# server runs in (EVM: .venvs/evm, Solana: .venvs/solana, Blockbook: .venvs/utxo, the fixture server, which needs
# only the standard library: .venvs/multi). The environments are made
# (or reused) by scripts/oracles.sh. Each file starts its server in-process and once through run.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/oracles.sh evm solana utxo multi
status=0
for pair in evm:test_evm.py solana:test_solana.py utxo:test_blockbook.py multi:test_fixture_server.py multi:test_all_chains.py; do
    venv=${pair%%:*} file=${pair#*:}
    echo "-- $venv: tests/chains/$file"
    ".venvs/$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir tests/chains "tests/chains/$file" || status=1
done
exit $status
