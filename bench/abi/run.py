"""ABI benchmark: a no-op call and a get_price_alerts round trip through a C port, each beside a
direct Swift call of the same work, measured in one run and printed as ratios.

Usage: python3 bench/abi/run.py [ALERT_COUNT]   (builds what it needs first)
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
count = sys.argv[1] if len(sys.argv) > 1 else "100"
swift = "/opt/swift/usr/bin/swift"

subprocess.run(["bash", str(ROOT / "scripts/build.sh")], check=True, stdout=subprocess.DEVNULL)
subprocess.run([swift, "build", "-c", "release", "--product", "bench-abi-direct"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)

abi = json.loads(subprocess.run([str(ROOT / "build/bench/abi/bench_abi"), count], check=True, capture_output=True, text=True).stdout)
direct = json.loads(subprocess.run([str(ROOT / ".build/release/bench-abi-direct"), count], check=True, capture_output=True, text=True).stdout)

print(f"ABI benchmark ({count} alerts, medians of 2000 round trips; no-op over 10^7 calls)")
print(f"{'work':<34}{'C ABI':>12}{'direct Swift':>15}{'ratio':>9}")
print(f"{'no-op call (ns)':<34}{abi['noop_ns']:>12.2f}{direct['noop_ns']:>15.2f}{abi['noop_ns'] / direct['noop_ns']:>8.1f}x")
print(f"{'get_price_alerts round trip (us)':<34}{abi['get_price_alerts_us']:>12.1f}{direct['get_price_alerts_us']:>15.1f}"
      f"{abi['get_price_alerts_us'] / direct['get_price_alerts_us']:>8.1f}x")
print(f"(the ABI answer was {abi['answer_bytes']} bytes of JSON)")
