#!/usr/bin/env bash
# Creates the oracle virtual environments of tests/oracles/venvs/ under .venvs/<name> (every one when no
# name is given). An environment is rebuilt only when its requirements file changed since it was made.
# The environments install in parallel; each logs to .venvs/<name>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTEST_PIN="pytest==8.3.4"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for file in tests/oracles/venvs/requirements-*.txt; do names+=("$(basename "$file" .txt | sed 's/^requirements-//')"); done
fi
mkdir -p .venvs
make_venv() {
    local name=$1 requirements=tests/oracles/venvs/requirements-$1.txt venv=.venvs/$1
    local stamp; stamp="$(sha256sum "$requirements" | cut -d' ' -f1) $PYTEST_PIN"
    if [ -f "$venv/.stamp" ] && [ "$(cat "$venv/.stamp")" = "$stamp" ]; then return 0; fi
    # Chained with &&: this runs under `||`, where `set -e` does not stop at a failed install.
    rm -rf "$venv" &&
        python3 -m venv "$venv" &&
        "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" &&
        "$venv/bin/pip" install -q --disable-pip-version-check "$PYTEST_PIN" &&
        echo "$stamp" > "$venv/.stamp"
}
pids=()
for name in "${names[@]}"; do
    [ -f "tests/oracles/venvs/requirements-$name.txt" ] || { echo "oracles: no environment named $name"; exit 2; }
    ( make_venv "$name" > ".venvs/$name.log" 2>&1 || { echo "oracles: $name failed (.venvs/$name.log)"; tail -n 20 ".venvs/$name.log"; exit 1; } ) &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
