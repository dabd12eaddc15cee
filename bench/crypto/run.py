#!/usr/bin/env python3
"""GemCrypto benchmarks: runs the Swift program (bench/crypto/GemCryptoBench, release build) and the Python
references in the same run, checks that both sides computed the same values, and prints the ratios against the
targets of issue 3:

  mnemonic -> seed              GemCrypto / hashlib.pbkdf2_hmac('sha512', ..., 2048) (OpenSSL)   at most 1.2x
  1,000 BIP44 derivations       GemCrypto / wallycore (PyPI) deriving the same paths             at most 1.0x
  secp256k1 recoverable sign    GemCrypto / raw libsecp256k1 call                                 at most 1.15x
  ed25519 sign                  GemCrypto / raw libsodium call                                    at most 1.15x

Figures are the best of N rounds of per-thread CPU time on each side (CLOCK_THREAD_CPUTIME_ID in Swift,
time.thread_time_ns in Python), so that other processes on a shared machine disturb them as little as possible;
Swift and Python runs alternate. Needs: pip install wallycore.
Usage: python3 bench/crypto/run.py [--quick] [--no-build]
"""
import hashlib, os, subprocess, sys, time, unicodedata

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
QUICK = "--quick" in sys.argv
ROUNDS = 3 if QUICK else 7

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
PASSPHRASE = "TREZOR"


def best(rounds, iterations, body):
    best_ns = float("inf")
    for _ in range(rounds):
        start = time.thread_time_ns()
        for _ in range(iterations):
            body()
        best_ns = min(best_ns, (time.thread_time_ns() - start) / iterations)
    return best_ns


def swift_side():
    if "--no-build" not in sys.argv:
        subprocess.run(["swift", "build", "-c", "release", "--product", "GemCryptoBench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    binary = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).decode().strip()
    out = subprocess.check_output([os.path.join(binary, "GemCryptoBench")] + (["--quick"] if QUICK else []), cwd=ROOT).decode()
    figures = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] == "error":
            sys.exit("Swift side failed: " + line)
        if len(parts) == 3:
            figures[parts[0]] = (float(parts[1]), parts[2])
    return figures


def swift_side_no_build():
    if "--no-build" not in sys.argv:
        sys.argv.append("--no-build")
    return swift_side()


def python_side():
    import wallycore as wally
    figures = {}
    password = unicodedata.normalize("NFKD", PHRASE).encode()
    salt = ("mnemonic" + unicodedata.normalize("NFKD", PASSPHRASE)).encode()
    seed = hashlib.pbkdf2_hmac("sha512", password, salt, 2048)
    figures["mnemonic_to_seed"] = (best(ROUNDS, 20 if QUICK else 50,
                                        lambda: hashlib.pbkdf2_hmac("sha512", password, salt, 2048)), seed.hex())

    master = wally.bip32_key_from_seed(seed, wally.BIP32_VER_MAIN_PRIVATE, 0)
    H = 0x80000000
    paths = [[44 + H, 60 + H, 0 + H, 0, i] for i in range(1000)]
    last = [b""]
    flags = wally.BIP32_FLAG_KEY_PRIVATE | wally.BIP32_FLAG_SKIP_HASH

    def derive_all():
        for p in paths:
            key = wally.bip32_key_from_parent_path(master, p, flags)
            last[0] = wally.bip32_key_get_pub_key(key)
    figures["bip44_1000_derivations"] = (best(ROUNDS, 1, derive_all), bytes(last[0]).hex())
    return figures


def merge(runs):
    """Best figure per name over several runs; the check values must agree between runs."""
    merged = {}
    for run in runs:
        for name, (ns, check) in run.items():
            if name in merged:
                assert merged[name][1] == check, name
                ns = min(ns, merged[name][0])
            merged[name] = (ns, check)
    return merged


def main():
    # Swift and Python take turns, so that both sides see the same machine load.
    swift_runs, python_runs = [], []
    for i in range(1 if QUICK else 3):
        swift_runs.append(swift_side() if i == 0 else swift_side_no_build())
        python_runs.append(python_side())
    swift = merge(swift_runs)
    python = merge(python_runs)
    rows = [
        ("mnemonic -> seed (PBKDF2-HMAC-SHA512 x2048)", swift["mnemonic_to_seed"], python["mnemonic_to_seed"], "hashlib (OpenSSL)", 1.2),
        ("1,000 BIP44 derivations m/44'/60'/0'/0/i", swift["bip44_1000_derivations"], python["bip44_1000_derivations"], "wallycore", 1.0),
        ("secp256k1 recoverable sign", swift["secp256k1_sign_recoverable"], swift["secp256k1_sign_recoverable_raw"], "raw libsecp256k1", 1.15),
        ("ed25519 sign (32-byte message)", swift["ed25519_sign"], swift["ed25519_sign_raw"], "raw libsodium", 1.15),
    ]
    failed = False
    print("%-46s %14s %14s  %-18s %7s %7s  %s" % ("benchmark", "GemCrypto", "reference", "reference is", "ratio", "target", "result"))
    for name, (ours, ours_check), (ref, ref_check), ref_name, target in rows:
        same = ours_check == ref_check
        ratio = ours / ref
        ok = same and ratio <= target
        failed |= not ok
        print("%-46s %11.1f us %11.1f us  %-18s %6.2fx %6.2fx  %s" % (
            name, ours / 1000, ref / 1000, ref_name, ratio, target,
            ("ok" if ok else "SLOWER THAN TARGET") if same else "OUTPUTS DIFFER"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
