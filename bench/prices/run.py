"""Prices benchmark (one run, medians): gem_wallet_asset_rows for N assets through the C ABI decoded by a C
caller (cJSON, and jsmn when libjsmn-dev is installed), beside the rule alone in Swift and each half of the crossing; the issue's bound (2 ms for
1,000 assets, decoded); a stream tick of N prices committed through gem-host's SQLite price store (the
core's tick plus one transaction); gem_wallet_sections for N wallets, decoded.

Usage: python3 bench/prices/run.py [N]   (builds what it needs first; N defaults to 1000)
"""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import make_requests  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
swift = "/opt/swift/usr/bin/swift"
subprocess.run(["bash", str(ROOT / "scripts/build.sh")], check=True, stdout=subprocess.DEVNULL)
subprocess.run([swift, "build", "-c", "release", "--product", "bench-prices-direct"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)

with tempfile.TemporaryDirectory() as folder:
    folder = pathlib.Path(folder)
    make_requests.write(folder / "rows.json", make_requests.asset_rows(count))
    make_requests.write(folder / "tick_a.json", make_requests.tick(count))
    make_requests.write(folder / "tick_b.json", make_requests.tick(count, shift=0.5))
    make_requests.write(folder / "sections.json", make_requests.wallet_sections(count))
    abi = json.loads(subprocess.run([str(ROOT / "build/bench/prices/bench_prices"), str(folder / "rows.json"),
                                     str(folder / "tick_a.json"), str(folder / "tick_b.json"),
                                     str(folder / "sections.json"), str(folder)],
                                    check=True, capture_output=True, text=True).stdout)
    direct = json.loads(subprocess.run([str(ROOT / ".build/release/bench-prices-direct"), str(folder / "rows.json")],
                                       check=True, capture_output=True, text=True).stdout)

print(f"Prices benchmark: {count} assets ({abi['rows']} rows shown), request {abi['request_bytes']} B, "
      f"answer {abi['answer_bytes']} B; medians")
print(f"{'work':<62}{'median':>12}")
print(f"{'wallet_asset_rows rule in Swift (no JSON, no ABI)':<62}{direct['rule_us']:>10.1f}us")
print(f"{'Swift half of the crossing: read the request':<62}{direct['decode_us']:>10.1f}us")
print(f"{'Swift half of the crossing: write the rows':<62}{direct['encode_us']:>10.1f}us")
print(f"{'gem_wallet_asset_rows + gem_buffer_free (C)':<62}{abi['rows_call_us']:>10.1f}us")
print(f"{'gem_wallet_asset_rows, decoded by the caller with cJSON (C)':<62}{abi['rows_decoded_us']:>10.1f}us")
jsmn = abi["rows_decoded_jsmn_us"] if abi["rows_decoded_jsmn_us"] >= 0 else None
print(f"{'gem_wallet_asset_rows, decoded by the caller with jsmn (C)':<62}" + (f"{jsmn:>10.1f}us" if jsmn is not None else f"{'(no jsmn.h)':>12}"))
print(f"{'a tick of %d prices committed into SQLite (apply_tick, C)' % count:<62}{abi['tick_us']:>10.1f}us")
print(f"{'gem_wallet_sections for %d wallets, decoded (C)' % count:<62}{abi['sections_decoded_us']:>10.1f}us")
bound = 2000 * count / 1000
best = min(abi["rows_decoded_us"], jsmn if jsmn is not None else float("inf"))
verdict = "met" if best <= bound else "NOT met"
print(f"bound: wallet_asset_rows for {count} assets decoded by the caller within {bound:.0f}us: {verdict} "
      f"({best:.0f}us with the faster caller; {best / bound:.1f}x the bound)")
