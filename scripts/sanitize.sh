#!/usr/bin/env bash
# Sanitizer runs:
#
#   address   libgemstone.so built with `swift build -c debug -Xswiftc -sanitize=address` (.build/asan), and the
#             C ABI tests (tests/abi/abi_inputs_test.c, abi_ports_test.c: every header function's inputs; ports
#             that fail, answer twice, late, from other threads, never; store timeouts; concurrent commands)
#             built with -fsanitize=address,undefined over it.
#   thread    the concurrency-heavy Swift suites (the wallet service and its sweep, the session service, price
#             alerts, derivation, the command lane; the send's confirm-transfer and transaction-state services, the
#             price, balance and wallet-home services) under `swift test --sanitize=thread` (.build/tsan-tests),
#             building only the test target that holds them (GEM_TEST_TARGETS=GemstoneTests, Package.swift).
#             The C tests are not run under ThreadSanitizer: libgemstone.so links the Swift runtime and
#             libdispatch statically and exports only gem_*, so the runtime's ThreadSanitizer hooks are hidden
#             and its queues are not intercepted, and every hand-off inside the core would read as a race.
#
#   scripts/sanitize.sh [address] [thread] [--swift-tests]
#
# Default: both; scripts/test.sh runs both. --swift-tests adds the same Swift suites under AddressSanitizer. The
# builds are debug builds with line tables only (-gline-tables-only: reports keep file:line, the build skips full
# debug info), each into its own scratch path, so a second run rebuilds only what changed. Each step prints its
# wall time. Leaks stay with valgrind (ctest's *_valgrind tests): detect_leaks=0 here.
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
SWIFT_SUITES+="|GemConfirmTransferServiceTests|GemTransactionStateServiceTests|GemPriceServiceTests|GemBalanceServiceTests|GemWalletHomeServiceTests"
# The test target that holds every suite above: the only one a sanitizer test build compiles.
SWIFT_SUITES_TARGET=GemstoneTests
DEBUG_INFO=(-Xswiftc -gline-tables-only)
step_start=$SECONDS
step_time() { echo "-- $1: $((SECONDS - step_start)) s"; step_start=$SECONDS; }

swift_suites() {
    echo "-- $1: swift test --sanitize=$1 --filter $SWIFT_SUITES"
    mkdir -p build
    local log="build/sanitize-$1-swift.log"
    if ASAN_OPTIONS=detect_leaks=0 TSAN_OPTIONS="halt_on_error=1:suppressions=$PWD/tests/sanitize/tsan.supp" \
        GEM_TEST_TARGETS=$SWIFT_SUITES_TARGET \
        swift test --sanitize="$1" --scratch-path ".build/$2-tests" "${DEBUG_INFO[@]}" --filter "$SWIFT_SUITES" > "$log" 2>&1; then
        grep -E "^(✔|✘) Test run" "$log" || tail -n 3 "$log"
        step_time "$1: build and run of the Swift suites"
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
        mkdir -p build
        if ! swift build -c debug --product gemstone --scratch-path .build/asan -Xswiftc -sanitize=address \
                "${DEBUG_INFO[@]}" > build/sanitize-address-build.log 2>&1; then
            grep -E "error" build/sanitize-address-build.log | head -n 40
            exit 1
        fi
        grep -E "^Build" build/sanitize-address-build.log || true
        step_time "address: library build"
        lib=.build/asan/debug
        abi=$(sed -n 's/^#define GEM_ABI_VERSION \([0-9]*\)$/\1/p' include/gemstone.h)
        ln -sf libgemstone.so "$lib/libgemstone.so.$abi"   # the SONAME the loader looks for (Package.swift)
        mkdir -p build/sanitize-address
        for test in abi_inputs_test abi_ports_test; do
            binary="build/sanitize-address/$test"
            clang -g -O1 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                  -Iinclude -Itests/abi "tests/abi/$test.c" -L"$lib" -lgemstone -Wl,-rpath,"$PWD/$lib" -lpthread \
                  -o "$binary" 2> >(grep -v "ld.gold: warning" >&2)
            echo "-- address: $test"
            ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$binary"
        done
        step_time "address: C ABI tests (build and run)"
        if [ $swift_tests = 1 ]; then swift_suites address asan; fi
        ;;
    thread)
        echo "== thread"
        swift_suites thread tsan
        ;;
    esac
done
echo "sanitize: ${kinds[*]} passed"
