#!/usr/bin/env bash
# README command 2: installs what is missing, builds, and runs every test suite:
# Swift (swift test), C (ctest: ABI, valgrind, gem-host scenario), a short fuzz pass over every header function
# (scripts/fuzz.sh --quick), the sanitizer builds (scripts/sanitize.sh: ASan+UBSan over the C ABI tests, TSan over
# the concurrency suites), Python (pytest), the signing oracles
# (tests/signing, in the pinned environments of tests/oracles/venvs), the local chain servers (tests/chains), Kotlin.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
export PATH="/opt/swift/usr/bin:$PATH"

echo "== Generated files (schema/ -> Swift, Python, Kotlin, docs, header)"
python3 scripts/generate.py --check

echo "== Swift"
mkdir -p build
if swift test > build/swift-test.log 2>&1; then
    grep -E "^(✔|✘) Test run|Executed .* tests" build/swift-test.log || tail -n 3 build/swift-test.log
else
    grep -E "✘|error:|failed" build/swift-test.log | head -n 60
    tail -n 20 build/swift-test.log
    exit 1
fi

echo "== C (ctest)"
bash scripts/oracles.sh evm solana utxo multi  # the gem-host scenarios run the local EVM and Solana chains; the Python sends Blockbook (utxo) and the fixture servers (multi)
(cd build && ctest --output-on-failure)

echo "== Fuzz, short pass (every header function 1 s over the release library: scripts/fuzz.sh --quick; longer: bench/fuzz)"
if bash scripts/fuzz.sh --quick 1 > build/fuzz-quick.log 2>&1; then
    tail -n 1 build/fuzz-quick.log
else
    cat build/fuzz-quick.log
    exit 1
fi

echo "== Sanitizers (scripts/sanitize.sh: the C ABI tests over an ASan library with UBSan, the concurrency suites under TSan)"
sanitize_start=$SECONDS
if bash scripts/sanitize.sh > build/sanitize.log 2>&1; then
    grep -E "^-- .*: [0-9]+ s$|checks passed|Test run" build/sanitize.log
else
    tail -n 60 build/sanitize.log
    exit 1
fi
echo "sanitizers: $((SECONDS - sanitize_start)) s (log: build/sanitize.log)"

echo "== Python"
GEMSTONE_STRESS=1 .venvs/test/bin/python -m pytest -q -p no:cacheprovider bindings/python/tests
echo "== Python number renderer (gemstone.render over Babel, tests/render/cases.json) and the home's lines"
bash scripts/oracles.sh render
.venvs/render/bin/python -m pytest -q -p no:cacheprovider bindings/python/tests/test_render.py \
    bindings/python/tests/test_home_render.py

echo "== Signing (oracles: tests/signing)"
bash scripts/test-signing.sh

echo "== Local chains (tests/chains: EVM over py-evm, Solana over LiteSVM, Blockbook over Bitcoin Core's consensus library, fixtures)"
bash scripts/test-chains.sh
echo "== Transfers on the local chains (ChainTransfer: ETH, TST, SOL, SPL, BTC sent and tracked to confirmed; a few seconds)"
bash scripts/test-transfer-chains.sh --skip-build

echo "== Kotlin"
bash bindings/kotlin/run-tests.sh
echo "== Kotlin jar (build-jar.sh alone, the quick start from the jar)"
bash bindings/kotlin/test-jar.sh

echo "all suites passed"
