#!/usr/bin/env python3
"""Mutates the signer requests the oracle tests made (GEM_SIGN_RECORD) and checks that every signer answers
each mutant with a result or a refusal: the harness process never traps, never hangs, and answers in order.

    python3 tests/signing/fuzz_harness.py SEEDS.jsonl [--seconds N] [--seed S]

Mutations: a field removed, set to null, to the wrong JSON type, to an empty or a 64 KiB string, to huge,
negative, fractional or boundary numbers (2^64, 2^256, -1), hex strings truncated or made odd-length, lists
emptied or repeated. Prints executions and findings; exits 1 on a finding (the failing request is written
beside the seeds as fuzz-finding.json).
"""
import argparse
import copy
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(os.environ.get("GEM_SIGN_HARNESS", ROOT / ".build/release/gem-sign-harness"))
BATCH = 64

NUMBERS = [0, -1, 1, 2**31, 2**32, 2**53 + 1, 2**63, 2**64, 2**64 + 1, 2**256, 2**256 - 1, 0.5, 1e308, -2**63 - 1]
STRINGS = ["", "0", "-1", "0x", "zz", "18446744073709551616", "115792089237316195423570985084612594925",
           "1" * 80, "x" * 65536, "\u202e", "0x" + "f" * 65, "ibc/", " ", "\x00"]


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:4]):
            yield from paths(item, prefix + (index,))


def mutate(request, rng):
    mutant = copy.deepcopy(request)
    candidates = [p for p in paths(mutant.get("input")) if p]
    if not candidates:
        mutant["input"] = rng.choice([None, [], "x", 1])
        return mutant
    path = rng.choice(candidates)
    parent = mutant["input"]
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    current = parent[key]
    choice = rng.randrange(9)
    if choice == 0 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1:
        parent[key] = None
    elif choice == 2:
        parent[key] = rng.choice(NUMBERS)
    elif choice == 3:
        parent[key] = rng.choice(STRINGS)
    elif choice == 4:
        parent[key] = rng.choice([[], {}, True, [current, current]])
    elif choice == 5 and isinstance(current, str) and current:
        parent[key] = current[: rng.randrange(len(current))] if rng.random() < 0.5 else current + rng.choice("0f")
    elif choice == 6 and isinstance(current, (int, float)) and not isinstance(current, bool):
        parent[key] = rng.choice([current + 1, current - 1, -current, current * 10**30, str(current)])
    elif choice == 7 and isinstance(current, list):
        parent[key] = [] if rng.random() < 0.5 else current * rng.randrange(2, 40)
    else:
        parent[key] = rng.choice(NUMBERS + STRINGS)
    return mutant


def run(requests):
    done = subprocess.run([str(HARNESS)], input=json.dumps(requests).encode(), capture_output=True, timeout=60)
    if done.returncode != 0:
        return f"exit status {done.returncode}: {done.stderr.decode(errors='replace')[-400:]}"
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        return "the answer is not JSON"
    if not isinstance(answer, list) or len(answer) != len(requests):
        return f"the answer is not one result per request: {str(answer)[:200]}"
    if any(not isinstance(a, dict) or not ({"ok", "error"} & set(a)) for a in answer):
        return "a result is neither ok nor error"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("seeds")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    seeds = [json.loads(line) for line in Path(args.seeds).read_text().splitlines() if line.strip()]
    # The signers' own requests: the harness's self-checks (its echo and its unknown-family case) are not seeds.
    seeds = [s for s in seeds if isinstance(s, dict) and s.get("family") not in (None, "harness")
             and (ROOT / "tests/signing" / str(s.get("family"))).is_dir()]
    if not seeds:
        print("fuzz_harness: no seeds")
        return 1
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    executions, started = 0, time.monotonic()
    families = sorted({s["family"] for s in seeds})
    while time.monotonic() - started < args.seconds:
        batch = [mutate(rng.choice(seeds), rng) for _ in range(BATCH)]
        problem = run(batch)
        if problem:
            for request in batch:  # find the request that breaks it
                if run([request]):
                    Path(args.seeds).with_name("fuzz-finding.json").write_text(json.dumps(request))
                    print(f"fuzz_harness: FINDING ({problem}) for {json.dumps(request)[:300]}")
                    return 1
            print(f"fuzz_harness: FINDING ({problem}) in a batch; seed {seed}")
            return 1
        executions += len(batch)
    print(f"fuzz_harness: {executions} mutated requests over {len(families)} families "
          f"({', '.join(families)}) in {args.seconds:.0f} s, seed {seed}: no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
