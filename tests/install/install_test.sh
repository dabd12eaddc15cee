#!/usr/bin/env bash
# Installs libgemstone into a temporary prefix, then builds and runs a consumer found through
# pkg-config and through find_package(gemstone). Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/gemstone.h"
test -f "$prefix/include/gemstone.schema.json"  # every record's JSON Schema, beside the header
test -f "$prefix/share/doc/gemstone/records.md"
test -f "$prefix/lib/libgemstone.so"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cc -std=c99 -Wall -Wextra -Werror "$here/consumer.c" -o "$prefix/consumer-pc" $(pkg-config --cflags --libs gemstone)
"$prefix/consumer-pc"

cmake -S "$here" -B "$prefix/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/cmake-build" >/dev/null
LD_LIBRARY_PATH="$prefix/lib" "$prefix/cmake-build/consumer"
echo "installed library found by pkg-config and find_package"
