#!/usr/bin/env bash
# Sanitizer runs:
#
#   address   libgemstone.so built with `swift build -c debug -Xswiftc -sanitize=address` (.build/asan), and the
#             C ABI tests (tests/abi/abi_inputs_test.c, abi_ports_test.c: every header function's inputs; ports
#             that fail, answer twice, late, from other threads, never; store timeouts; concurrent commands)
#             built with -fsanitize=address,undefined over it.
#   thread    the concurrency-heavy Swift suites (the wallet service and its sweep, the session service, price
#             alerts, derivation, the command lane) under `swift test --sanitize=thread` (.build/tsan-tests).
#             The C tests are not run under ThreadSanitizer: libgemstone.so links the Swift runtime and
#             libdispatch statically and exports only gem_*, so the runtime's ThreadSanitizer hooks are hidden
#             and its queues are not intercepted, and every hand-off inside the core would read as a race.
#
#   scripts/sanitize.sh [address] [thread] [--swift-tests]
#
# Default: both. --swift-tests adds the same Swift suites under AddressSanitizer. Each first build takes
# minutes (5 to 10 on a loaded 2-core machine); not part of scripts/test.sh. Leaks stay with valgrind (ctest's
# *_valgrind tests): detect_leaks=0 here.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

kinds=()
swift_tests=0
for arg in "$@"; do
    case "$arg" in
        address|thread) kinds+=("$arg") ;;
        --swift-tests) swift_tests=1 ;;
        *) echo "usage: scripts/sanitize.sh [address] [thread] [--swift-tests]" >&2; exit 2 ;;
    esac
done
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
SWIFT_SUITES="SecretSweepTests|GemWalletServiceTests|GemWalletSessionServiceTests|GemPriceAlertServiceTests|CommandLane|MulticoinDerivationTests"

swift_suites() {
    echo "-- $1: swift test --sanitize=$1 --filter $SWIFT_SUITES"
    mkdir -p build
    local log="build/sanitize-$1-swift.log"
    if ASAN_OPTIONS=detect_leaks=0 TSAN_OPTIONS="halt_on_error=1" \
        swift test --sanitize="$1" --scratch-path ".build/$2-tests" --filter "$SWIFT_SUITES" > "$log" 2>&1; then
        grep -E "^(✔|✘) Test run" "$log" || tail -n 3 "$log"
    else
        grep -E "✘|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|SUMMARY|error:" "$log" | head -n 40
        tail -n 20 "$log"
        return 1
    fi
}

for kind in "${kinds[@]}"; do
    case "$kind" in
    address)
        echo "== address: libgemstone.so (swift build -c debug -Xswiftc -sanitize=address, .build/asan)"
        swift build -c debug --product gemstone --scratch-path .build/asan -Xswiftc -sanitize=address 2>&1 \
            | grep -E "error|Build" | grep -v "^\[" || true
        lib=.build/asan/debug
        ln -sf libgemstone.so "$lib/libgemstone.so.1"   # the SONAME the loader looks for (Package.swift)
        mkdir -p build/sanitize-address
        for test in abi_inputs_test abi_ports_test; do
            binary="build/sanitize-address/$test"
            clang -g -O1 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                  -Iinclude -Itests/abi "tests/abi/$test.c" -L"$lib" -lgemstone -Wl,-rpath,"$PWD/$lib" -lpthread \
                  -o "$binary" 2> >(grep -v "ld.gold: warning" >&2)
            echo "-- address: $test"
            ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$binary"
        done
        if [ $swift_tests = 1 ]; then swift_suites address asan; fi
        ;;
    thread)
        echo "== thread"
        swift_suites thread tsan
        ;;
    esac
done
echo "sanitize: ${kinds[*]} passed"
