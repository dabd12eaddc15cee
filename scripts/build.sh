#!/usr/bin/env bash
# Builds libgemstone.so (SwiftPM, release), gem-host and the C ABI tests (CMake) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j 2
