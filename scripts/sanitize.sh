#!/usr/bin/env bash
# Sanitizer builds of libgemstone.so, each running the C ABI tests (tests/abi/abi_inputs_test.c and
# abi_ports_test.c: every header function's inputs, ports that fail, answer twice, late, from other threads,
# never; concurrent commands) over it:
#
#   address    swift build -c debug -Xswiftc -sanitize=address   (tests built with -fsanitize=address,undefined)
#   thread     swift build -c debug -Xswiftc -sanitize=thread    (tests built with -fsanitize=thread)
#
#   scripts/sanitize.sh [address] [thread] [--swift-tests]
#
# Each library is built into its own scratch path (.build/asan, .build/tsan; the first build takes minutes).
# --swift-tests also runs the concurrency-heavy Swift suites under the same sanitizer (swift test --sanitize,
# which builds every test target once more: slow, left out by default).
# Leak checking stays with valgrind (ctest's *_valgrind tests); here detect_leaks=0.
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
SWIFT_SUITES="SecretSweepTests|GemWalletServiceTests|GemPriceAlertServiceTests|CommandLane|MulticoinDerivationTests"

for kind in "${kinds[@]}"; do
    case "$kind" in
        address) scratch=.build/asan; cflags="-fsanitize=address,undefined -fno-sanitize-recover=undefined" ;;
        thread) scratch=.build/tsan; cflags="-fsanitize=thread" ;;
    esac
    echo "== $kind: libgemstone.so (swift build -c debug -Xswiftc -sanitize=$kind, $scratch)"
    swift build -c debug --product gemstone --scratch-path "$scratch" -Xswiftc -sanitize="$kind" 2>&1 \
        | grep -E "error|Build" | grep -v "^\[" || true
    lib="$scratch/debug"
    mkdir -p "build/sanitize-$kind"
    for test in abi_inputs_test abi_ports_test; do
        binary="build/sanitize-$kind/$test"
        clang -g -O1 -Wall -Wextra -Werror $cflags -Iinclude -Itests/abi "tests/abi/$test.c" -L"$lib" -lgemstone \
              -Wl,-rpath,"$PWD/$lib" -lpthread -o "$binary" 2> >(grep -v "ld.gold: warning" >&2)
        echo "-- $kind: $test"
        ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/abi/tsan.supp" "$binary"
    done
    if [ $swift_tests = 1 ]; then
        echo "-- $kind: swift test --sanitize=$kind --filter $SWIFT_SUITES"
        swift test --sanitize="$kind" --scratch-path "$scratch-tests" --filter "$SWIFT_SUITES"
    fi
done
echo "sanitize: ${kinds[*]} passed"
