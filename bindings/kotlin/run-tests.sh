#!/usr/bin/env bash
# Compiles the Kotlin binding and its tests into bindings/kotlin/out/ and runs the tests.
# Works from any directory. Exits non-zero when compilation or a test fails.
#
# Needs (Debian): kotlin, libjna-java, libandroid-json-org-java, libxerial-sqlite-jdbc-java,
# libkotlinx-coroutines-java and libkotlinx-atomicfu-java (the suspend forms), libicu4j-java (the number renderer),
# python3 (the test API server), and libgemstone.so: GEMSTONE_LIB, else <repo>/.build/release/.
#
#   bindings/kotlin/run-tests.sh              # every suite
#   bindings/kotlin/run-tests.sh scenario     # only the named suites
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$here/out"

# shellcheck source=classpath.sh
source "$here/classpath.sh"
deps="$GEMSTONE_KOTLIN_DEPS"
stdlib="$GEMSTONE_KOTLIN_STDLIB"
main_src="$here/src/main/kotlin"
test_src="$here/src/test/kotlin"
mkdir -p "$out"

# Rebuild a jar when it is missing or older than any of its sources (or of the jar it depends on).
stale() { # stale JAR DIR [NEWER_THAN]
    [ -f "$1" ] || return 0
    [ -n "$(find "$2" -name '*.kt' -newer "$1" -print -quit)" ] && return 0
    [ -n "${3:-}" ] && [ "$3" -nt "$1" ] && return 0
    return 1
}
compile() { # compile OUT_JAR CLASSPATH SRC [extra kotlinc flags]
    local jar="$1" classpath="$2" src="$3"; shift 3
    echo "kotlinc: $(realpath --relative-to="$repo" "$src") -> $(realpath --relative-to="$repo" "$jar")"
    rm -f "$jar.tmp.jar"
    # kotlinc 1.3 prints a JVM warning about -Xverify on Java 13+; it is harmless.
    kotlinc -jvm-target 1.8 -Werror -cp "$classpath" "$@" "$src" -d "$jar.tmp.jar" 2> >(grep -v 'Xverify:none' >&2)
    mv "$jar.tmp.jar" "$jar"
}

library_jar="$out/gemstone.jar"
tests_jar="$out/gemstone-tests.jar"
if stale "$library_jar" "$main_src"; then
    compile "$library_jar" "$deps" "$main_src" -module-name gemstone
fi
if stale "$tests_jar" "$test_src" "$library_jar"; then
    # The tests read a few internals (port and completion counters): friend of the library module.
    compile "$tests_jar" "$deps:$library_jar" "$test_src" -module-name gemstone-tests -Xfriend-paths="$library_jar"
fi

java_flags=(-Dgemstone.repo="$repo" -Xss4m)
[ -n "${GEMSTONE_LIB:-}" ] && java_flags+=(-Dgemstone.lib="$GEMSTONE_LIB")
exec java "${java_flags[@]}" -cp "$tests_jar:$library_jar:$stdlib:$deps" com.gemwallet.gemstone.tests.TestRunner "$@"
