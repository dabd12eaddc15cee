#!/usr/bin/env bash
# The jar as a user takes it: build-jar.sh builds out/gemstone-<version>.jar on its own; the jar is copied into a
# temporary directory outside the repository, and the quick start of README.md (its first kotlin block after
# "## The jar", as written) is compiled against it and run from there with no GEMSTONE_LIB, so the library can only
# come from the jar's linux-x86-64/ resource.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
started=$(date +%s)
jar=$(bash "$here/build-jar.sh")
# shellcheck source=classpath.sh
source "$here/classpath.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Read with Python's zipfile (no unzip on a bare machine; and under pipefail `unzip -l | grep -q` fails when grep
# stops at the match while unzip, still writing a long listing, dies of SIGPIPE).
python3 -c 'import sys, zipfile; sys.exit("linux-x86-64/libgemstone.so" not in zipfile.ZipFile(sys.argv[1]).namelist())' "$jar" || { echo "test-jar: the jar carries no linux-x86-64/libgemstone.so" >&2; exit 1; }
cp "$jar" "$work/gemstone.jar"
awk '/^## The jar/ {jar = 1} jar && /^```kotlin$/ {block = 1; next} block && /^```$/ {exit} block {print}' \
    "$here/README.md" > "$work/QuickStart.kt"
[ -s "$work/QuickStart.kt" ] || { echo "test-jar: no kotlin block under '## The jar' in README.md" >&2; exit 1; }
cd "$work"
kotlinc -jvm-target 1.8 -cp "$work/gemstone.jar:$GEMSTONE_KOTLIN_DEPS" QuickStart.kt -d quickstart.jar 2> >(grep -v 'Xverify:none' >&2)
output=$(env -u GEMSTONE_LIB java -cp "quickstart.jar:gemstone.jar:$GEMSTONE_KOTLIN_STDLIB:$GEMSTONE_KOTLIN_DEPS" QuickStartKt)
echo "$output"
version=$(sed -n 's/^#define GEM_VERSION "\([0-9.]*\)"$/\1/p' "$here/../../include/gemstone.h")
nbsp=$(printf '\xc2\xa0')   # ICU's de currency pattern puts a no-break space before the sign
expected="libgemstone $version
true
1.234,50${nbsp}€"
[ "$(echo "$output" | head -n 3)" = "$expected" ] || { echo "test-jar: the quick start printed something else; expected:"$'\n'"$expected" >&2; exit 1; }
loaded=$(echo "$output" | sed -n 's/^loaded //p')
case "$loaded" in
    "$work"*|*/.build/*|*/build/lib/*) echo "test-jar: the library came from $loaded, not from the jar" >&2; exit 1 ;;
esac
echo "1 passed, 0 failed: the jar's quick start ran from the jar alone (library extracted by JNA to $loaded) in $(( $(date +%s) - started ))s"
