#!/usr/bin/env bash
# The signing oracle tests: builds gem-sign-harness, makes the oracle environments, and runs each family's
# folder of tests/signing/ in the environment tests/signing/families.txt names for it.
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
for venv in "${!folders[@]}"; do
    echo "-- $venv:${folders[$venv]}"
    # shellcheck disable=SC2086
    ".venvs/$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir tests/signing ${folders[$venv]}
done
