#!/usr/bin/env bash
# The library as a C user installs it: a fresh library-only configuration (no examples, no tests) builds nothing
# but the stripped libgemstone.so.<ABI> and its debug file; cmake --install puts the library component in a
# temporary prefix without gem-host and without writing into the source tree; cpack's archive holds exactly the
# same files; a consumer is built and run through pkg-config and through find_package(gemstone).
# Usage: install_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

abi=$(sed -n 's/^#define GEM_ABI_VERSION \([0-9]*\)$/\1/p' "$source_dir/include/gemstone.h")
version=$(sed -n 's/^#define GEM_VERSION "\([0-9.]*\)"$/\1/p' "$source_dir/include/gemstone.h")
[ -n "$abi" ] && [ -n "$version" ] || fail "GEM_ABI_VERSION / GEM_VERSION not found in gemstone.h"
before=$(git -C "$source_dir" status --porcelain --ignored 2>/dev/null | grep -v '^!! \.build/$' || true)

cmake -S "$source_dir" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DGEMSTONE_BUILD_EXAMPLES=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build "$work/build" >/dev/null
[ ! -e "$work/build/examples" ] || fail "a library-only build configured the examples"
# Run from the source folder, where a user types it: the manifest goes to the build folder, never here.
(cd "$source_dir" && cmake --install "$work/build" --prefix "$work/prefix" >/dev/null)
[ -f "$work/build/install_manifest.txt" ] || fail "no install manifest in the build folder"

lib="$work/prefix/lib"
expected="include/gemstone.h
include/gemstone.schema.json
lib/cmake/gemstone/gemstoneConfig.cmake
lib/cmake/gemstone/gemstoneConfigVersion.cmake
lib/libgemstone.so
lib/libgemstone.so.$abi
lib/pkgconfig/gemstone.pc
share/doc/gemstone/records.md
share/gemstone/swift-runtime.supp"
installed=$(cd "$work/prefix" && find . -type f -o -type l | sed 's|^\./||' | sort)
[ "$installed" = "$expected" ] || fail "installed files differ:"$'\n'"$installed"$'\n'"expected:"$'\n'"$expected"
[ "$(readlink "$lib/libgemstone.so")" = "libgemstone.so.$abi" ] || fail "libgemstone.so is not a link to libgemstone.so.$abi"
# grep -c reads its whole input: `grep -q` would stop early and fail the pipeline (pipefail) with SIGPIPE.
readelf -d "$lib/libgemstone.so.$abi" | grep -c "Library soname: \[libgemstone.so.$abi\]" >/dev/null \
    || fail "SONAME is not libgemstone.so.$abi (Package.swift's -soname and GEM_ABI_VERSION disagree)"
readelf -S "$lib/libgemstone.so.$abi" | grep -c '\.symtab' >/dev/null && fail "the installed library is not stripped"
readelf -p .gnu_debuglink "$lib/libgemstone.so.$abi" | grep -c "libgemstone.so.$abi.debug" >/dev/null || fail "no .gnu_debuglink"
readelf -S "$work/build/lib/libgemstone.so.$abi.debug" | grep -c '\.symtab' >/dev/null || fail "the debug file has no symbols"
size=$(stat -c %s "$lib/libgemstone.so.$abi")
echo "installed libgemstone.so.$abi: $((size / 1024)) KiB stripped"

# The debug component, on request only.
(cd "$source_dir" && cmake --install "$work/build" --prefix "$work/debug" --component debug >/dev/null)
[ -f "$work/debug/lib/.debug/libgemstone.so.$abi.debug" ] || fail "the debug component did not install the debug file"

# cpack: the same files, nothing else.
(cd "$work/build" && cpack >/dev/null)
archive="$work/build/package/gemstone-$version-Linux.tar.gz"
[ -f "$archive" ] || fail "cpack made no $archive"
listed=$(tar -tzf "$archive" | grep -v '/$' | sed "s|^gemstone-$version-Linux/||" | sort)
[ "$listed" = "$expected" ] || fail "the cpack archive holds:"$'\n'"$listed"

after=$(git -C "$source_dir" status --porcelain --ignored 2>/dev/null | grep -v '^!! \.build/$' || true)
[ "$before" = "$after" ] || fail "configure, install or cpack changed the source tree:"$'\n'"$after"

# Consumers: pkg-config and find_package, printing the runtime version.
export PKG_CONFIG_PATH="$lib/pkgconfig"
[ "$(pkg-config --modversion gemstone)" = "$version" ] || fail "gemstone.pc's version is not $version"
cc -std=c99 -Wall -Wextra -Werror "$here/consumer.c" -o "$work/consumer-pc" $(pkg-config --cflags --libs gemstone)
"$work/consumer-pc"
cmake -S "$here" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/cmake-build" >/dev/null
LD_LIBRARY_PATH="$lib" "$work/cmake-build/consumer"
echo "installed library found by pkg-config and find_package"
