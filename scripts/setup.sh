#!/usr/bin/env bash
# Installs what libgemstone needs on a Debian machine that has the Swift toolchain, gcc and Python:
# the C libraries the core and gem-host link, CMake, valgrind, the Kotlin toolchain and JNA for the
# Kotlin binding, and the Python packages the tests use (in .venvs/test; the signing oracles' own environments are
# made by scripts/oracles.sh). Safe to run again: it installs only what
# is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
    libsecp256k1-dev libsodium-dev         # the core's crypto
    libsqlite3-dev libcurl4-openssl-dev libcjson-dev libqrencode-dev  # gem-host's stores, transport, JSON, QR codes
    libicu-dev                             # gem-host's number renderer
    cmake pkg-config valgrind              # build, install and the C ABI tests
    libjsmn-dev                            # bench/presentation's C caller (header only)
    kotlin libjna-java libandroid-json-org-java libxerial-sqlite-jdbc-java  # the Kotlin binding
    libkotlinx-coroutines-java libkotlinx-atomicfu-java libicu4j-java  # its suspend forms and number renderer
)

missing=()
for package in "${APT_PACKAGES[@]}"; do
    [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == *"install ok installed"* ]] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The Python suite's test runner, pinned, in a virtual environment of its own (remade when the pins change).
stamp=$(sha256sum scripts/requirements-test.txt | cut -d' ' -f1)
if [ ! -f .venvs/test/.stamp ] || [ "$(cat .venvs/test/.stamp)" != "$stamp" ]; then
    rm -rf .venvs/test
    python3 -m venv .venvs/test
    .venvs/test/bin/pip install -q --disable-pip-version-check -r scripts/requirements-test.txt
    echo "$stamp" > .venvs/test/.stamp
fi

export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "setup: the Swift toolchain is not on PATH (expected /opt/swift)"; exit 1; }
