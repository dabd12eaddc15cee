#!/usr/bin/env bash
# The signing oracle tests: builds gem-sign-harness, makes the oracle environments, and runs each family's
# folder of tests/signing/ in the environment tests/signing/families.txt names for it, then fuzzes the signers
# with mutants of the requests those tests made (tests/signing/fuzz_harness.py).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
mkdir -p build
swift build -c release --product gem-sign-harness > build/sign-harness.log 2>&1 || { tail -n 40 build/sign-harness.log; exit 1; }
export GEM_SIGN_HARNESS="$PWD/.build/release/gem-sign-harness"
bash scripts/oracles.sh
declare -A folders=()
while read -r family venv _; do
    case "$family" in ''|'#'*) continue ;; esac
    [ -d "tests/signing/$family" ] || { echo "test-signing: tests/signing/$family is missing"; exit 1; }
    folders[$venv]+=" tests/signing/$family"
done < tests/signing/families.txt
# Every request the tests make is recorded: the seeds of the fuzz pass below.
export GEM_SIGN_RECORD="$PWD/build/signing-requests.jsonl"
rm -f "$GEM_SIGN_RECORD"
for venv in "${!folders[@]}"; do
    echo "-- $venv:${folders[$venv]}"
    # shellcheck disable=SC2086
    ".venvs/$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir tests/signing ${folders[$venv]}
done
# Mutants of those requests: every signer answers each with a result or a refusal, never a trap.
python3 tests/signing/fuzz_harness.py "$GEM_SIGN_RECORD" --seconds "${GEM_SIGN_FUZZ_SECONDS:-20}"
