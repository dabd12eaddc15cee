#!/usr/bin/env bash
# Fuzzes every function of include/gemstone.h with libFuzzer (tests/fuzz/fuzz_abi.c; targets generated from the
# header by tests/fuzz/gen_table.py) and prints, per target and in total, executions, executions per second and
# findings. A finding (crash, sanitizer report, broken header convention) is kept in build/fuzz/findings/ and
# makes the script exit 1.
#
#   scripts/fuzz.sh [--quick] [SECONDS] [TARGET ...]
#
# Default: libgemstone.so rebuilt with libFuzzer's coverage instrumentation and AddressSanitizer
# (swiftc -sanitize=fuzzer,address, release, into .build/fuzz; the first build takes 10 to 20 minutes), each
# target SECONDS seconds (default 10), the corpus kept in build/fuzz/corpus/<target> between runs.
# --quick: over the library scripts/build.sh made (.build/release, not instrumented: the fuzzer sees only the
# harness's coverage, the answers are still checked), no new build; what scripts/test.sh runs, 1 s per target.
# GEM_FUZZ_ASAN=0 leaves AddressSanitizer out of the instrumented build; GEM_FUZZ_CONFIG=debug builds it
# unoptimized (quicker to build, slower to run).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
seconds=${1:-$([ $quick = 1 ] && echo 1 || echo 10)}
[ $# -gt 0 ] && shift
out=build/fuzz
mkdir -p "$out/corpus" "$out/findings"
python3 tests/fuzz/gen_table.py "$out/fuzz_table.h"

sanitize=fuzzer
if [ $quick = 1 ]; then
    lib=${GEM_FUZZ_LIB:-build/lib}   # scripts/build.sh's stripped copy, with its libgemstone.so.<GEM_ABI_VERSION> (the SONAME)
    [ -f "$lib/libgemstone.so" ] || { echo "fuzz: no $lib/libgemstone.so (run scripts/build.sh first)" >&2; exit 1; }
else
    config=${GEM_FUZZ_CONFIG:-release}
    lib=.build/fuzz/$config
    # One -sanitize= flag with both: a second -sanitize= flag replaces the first.
    [ "${GEM_FUZZ_ASAN:-1}" != 0 ] && sanitize=fuzzer,address
    swiftflags=(-Xswiftc -sanitize=$sanitize)
    echo "== building the instrumented library ($lib, -sanitize=${sanitize})"
    swift build -c "$config" --product gemstone --scratch-path .build/fuzz "${swiftflags[@]}" 2>&1 | grep -E "error|warning: unre|Compiling|Build" | grep -v "^\[" || true
    # The library's SONAME is libgemstone.so.<GEM_ABI_VERSION> (Package.swift): the loader looks for that name.
    abi=$(sed -n 's/^#define GEM_ABI_VERSION \([0-9]*\)$/\1/p' include/gemstone.h)
    ln -sf libgemstone.so "$lib/libgemstone.so.$abi"
    if [ "$(nm -D "$lib/libgemstone.so" | grep -c __sanitizer_cov)" = 0 ]; then
        echo "fuzz: $lib/libgemstone.so has no coverage counters" >&2
        exit 1
    fi
fi
binary="$out/fuzz_abi-$([ $quick = 1 ] && echo quick || echo instrumented)"
clang -g -O1 -Wall -Wextra -Werror -fsanitize=$sanitize -Iinclude -I"$out" tests/fuzz/fuzz_abi.c \
      -L"$lib" -lgemstone -Wl,-rpath,"$PWD/$lib" -o "$binary" 2> >(grep -v "ld.gold: warning" >&2)

if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(GEM_FUZZ_TARGET=list "$binary"); fi
total=0
found=0
printf "%-48s %12s %10s %s\n" target executions exec/s findings
for target in "${targets[@]}"; do
    mkdir -p "$out/corpus/$target"
    log="$out/$target.log"
    status=0
    GEM_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 "$binary" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$out/findings/$target-" "$out/corpus/$target" > "$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    result=none
    if [ $status -ne 0 ]; then
        result="FOUND (exit $status, $log)"
        found=$((found + 1))
    fi
    printf "%-48s %12s %10s %s\n" "$target" "${runs:-0}" "${speed:-0}" "$result"
    total=$((total + ${runs:-0}))
done
echo "fuzz: ${#targets[@]} targets, $total executions in total, $found with findings"
[ $found -eq 0 ]
