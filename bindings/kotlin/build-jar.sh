#!/usr/bin/env bash
# Builds the Kotlin binding's jar on its own: out/gemstone-<version>.jar, the classes of src/main/kotlin plus
# libgemstone.so in JNA's resource path (linux-x86-64/libgemstone.so), so Native.load finds it from the jar with no
# GEMSTONE_LIB and no repository around it. Prints the jar's path. Works from any directory.
#
# The library put in the jar, first match wins: $GEMSTONE_LIB, the stripped build/lib/libgemstone.so.<ABI>
# (bash scripts/build.sh), .build/release/libgemstone.so (swift build -c release --product gemstone).
# A host runs the jar with its dependencies (Debian jars, see README.md):
#   java -cp gemstone-0.1.0.jar:/usr/share/java/jna.jar:/usr/share/java/json-android.jar:... Main
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$here/out"
version=$(sed -n 's/^#define GEM_VERSION "\([0-9.]*\)"$/\1/p' "$repo/include/gemstone.h")
abi=$(sed -n 's/^#define GEM_ABI_VERSION \([0-9]*\)$/\1/p' "$repo/include/gemstone.h")

library="${GEMSTONE_LIB:-}"
[ -z "$library" ] && [ -f "$repo/build/lib/libgemstone.so.$abi" ] && library="$repo/build/lib/libgemstone.so.$abi"
[ -z "$library" ] && [ -f "$repo/.build/release/libgemstone.so" ] && library="$repo/.build/release/libgemstone.so"
[ -n "$library" ] && [ -f "$library" ] || { echo "build-jar.sh: no libgemstone.so (run bash scripts/build.sh, or set GEMSTONE_LIB)" >&2; exit 1; }

# shellcheck source=classpath.sh
source "$here/classpath.sh"
mkdir -p "$out"
classes="$out/gemstone.jar"
if [ ! -f "$classes" ] || [ -n "$(find "$here/src/main/kotlin" -name '*.kt' -newer "$classes" -print -quit)" ]; then
    echo "kotlinc: bindings/kotlin/src/main/kotlin -> bindings/kotlin/out/gemstone.jar" >&2
    rm -f "$classes.tmp.jar"
    kotlinc -jvm-target 1.8 -Werror -cp "$GEMSTONE_KOTLIN_DEPS" "$here/src/main/kotlin" -module-name gemstone -d "$classes.tmp.jar" \
        2> >(grep -v 'Xverify:none' >&2)
    mv "$classes.tmp.jar" "$classes"
fi

jar="$out/gemstone-$version.jar"
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/linux-x86-64"
cp "$library" "$staging/linux-x86-64/libgemstone.so"
cp "$classes" "$jar.tmp"
jar uf "$jar.tmp" -C "$staging" linux-x86-64/libgemstone.so
mv "$jar.tmp" "$jar"
echo "$jar"
