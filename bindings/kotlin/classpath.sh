# Sourced by run-tests.sh, build-jar.sh and test-jar.sh: the Debian jars the binding compiles and runs against, in
# GEMSTONE_KOTLIN_DEPS, and kotlin-stdlib in GEMSTONE_KOTLIN_STDLIB; a missing one stops with the package to install.
gemstone_jar_of() { # the first jar that exists, or a clear error naming the Debian package
    local package="$1"; shift
    for candidate in "$@"; do
        if [ -f "$candidate" ]; then echo "$candidate"; return; fi
    done
    echo "bindings/kotlin: missing $1 (apt-get install $package)" >&2
    exit 1
}
GEMSTONE_KOTLIN_DEPS="$(gemstone_jar_of libjna-java /usr/share/java/jna.jar)"
GEMSTONE_KOTLIN_DEPS+=":$(gemstone_jar_of libandroid-json-org-java /usr/share/java/json-android.jar /usr/share/java/json.jar)"
GEMSTONE_KOTLIN_DEPS+=":$(gemstone_jar_of libxerial-sqlite-jdbc-java /usr/share/java/sqlite-jdbc.jar /usr/share/java/xerial-sqlite-jdbc.jar)"
GEMSTONE_KOTLIN_DEPS+=":$(gemstone_jar_of libkotlinx-coroutines-java /usr/share/java/kotlinx-coroutines-core.jar)"
GEMSTONE_KOTLIN_DEPS+=":$(gemstone_jar_of libkotlinx-atomicfu-java /usr/share/java/atomicfu.jar)"
GEMSTONE_KOTLIN_DEPS+=":$(gemstone_jar_of libicu4j-java /usr/share/java/icu4j.jar)"
GEMSTONE_KOTLIN_STDLIB="$(gemstone_jar_of kotlin /usr/share/java/kotlin-stdlib.jar)"
command -v kotlinc >/dev/null || { echo "bindings/kotlin: kotlinc not found (apt-get install kotlin)" >&2; exit 1; }
