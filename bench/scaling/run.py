#!/usr/bin/env python3
"""The scaling cases of issue 14 through the C ABI, on the library abi.lib() finds (the release build,
or $GEMSTONE_LIB): a 1 MiB address on each base58 chain (gem_address_validate), one million digits in
gem_value_from_input, gem_input_text and the amount session's typed event (gem_amount_session_apply),
and a 128 KiB Solana private key in gem_wallet_service_preview_import (through the Python binding's
blocking form, so that one includes the completion's hand-off). Each case: the median and the worst of
ROUNDS calls (default 15) against the issue's bound, 10 ms. Exits 1 when a median is over the bound.

    python3 bench/scaling/run.py [ROUNDS]
"""
from __future__ import annotations

import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bindings" / "python"))
sys.path.insert(0, str(REPO / "bindings" / "python" / "tests"))

from gemstone import GemError, PrivateKeyImport, abi  # noqa: E402
from gemstone.abi_declarations import GemBuffer  # noqa: E402

BOUND_MS = 10.0
MIB = 1 << 20
BASE58_CHAINS = ["bitcoin", "bitcoincash", "litecoin", "doge", "zcash", "solana", "tron", "xrp", "polkadot"]
COMMA = {"decimal_separator": ","}
ETH = {"id": "ethereum", "name": "Ethereum", "symbol": "ETH", "decimals": 18, "type": "native"}


def timed(call, rounds: int) -> tuple[float, float]:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), max(samples)


def buffer_call(function, *args) -> int:
    out = GemBuffer()
    status = function(*args, ctypes.byref(out))
    abi.lib().gem_buffer_free(ctypes.byref(out))
    return status


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    library = abi.lib()
    print(f"library: {library._name}; {rounds} rounds per case")
    cases: list[tuple[str, object]] = []
    address = ("1" + "z" * (MIB - 1)).encode()
    for chain in BASE58_CHAINS:
        cases.append((f"gem_address_validate {chain}, 1 MiB", lambda c=chain.encode(): buffer_call(library.gem_address_validate, c, address)))
    digits = "1" * 1_000_000
    value_request = json.dumps({"format": COMMA, "text": digits, "decimals": 6}).encode()
    cases.append(("gem_value_from_input, 10^6 digits", lambda: buffer_call(library.gem_value_from_input, value_request)))
    text_request = json.dumps({"format": COMMA, "value": digits, "decimals": 6}).encode()
    cases.append(("gem_input_text, 10^6 digits", lambda: buffer_call(library.gem_input_text, text_request)))
    session = {"asset": ETH, "balance": "2000000000000000000", "currency": "EUR", "format": COMMA, "text": "", "is_max": False}
    apply_request = json.dumps({"session": session, "event": {"type": "typed", "text": digits}}).encode()
    cases.append(("gem_amount_session_apply typed, 10^6 digits", lambda: buffer_call(library.gem_amount_session_apply, apply_request)))

    from wallet_support import MemoryWalletPorts
    ports = MemoryWalletPorts()
    _session_service, wallets = ports.services()
    key = "5" * (128 * 1024)

    def preview() -> None:
        try:
            wallets.preview_import(PrivateKeyImport(key, "solana"))
        except GemError:
            return
        raise SystemExit("a 128 KiB Solana key was accepted")
    cases.append(("preview_import solana private key, 128 KiB", preview))

    over = 0
    for name, call in cases:
        median, worst = timed(call, rounds)
        verdict = "ok" if median < BOUND_MS else "OVER"
        over += verdict == "OVER"
        print(f"{name:<48} median {median:8.3f} ms   worst {worst:8.3f} ms   bound {BOUND_MS:.0f} ms  {verdict}")
    wallets.close()
    _session_service.close()
    print("all under the bound" if over == 0 else f"{over} case(s) over the bound")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
