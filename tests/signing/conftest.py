"""Shared by the signing oracle tests: drives gem-sign-harness (Tests/SignerHarness) over a pipe.

Each family's folder holds tests that hand the core's signed bytes to independent libraries (the pinned
environments of tests/oracles/venvs/) to decode, verify and, where a VM exists, execute. scripts/test-signing.sh
builds the harness and runs each folder in its environment; GEM_SIGN_HARNESS names the binary.
"""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Tests/BlockchainTests/Vectors/signing"


def harness_path() -> Path:
    return Path(os.environ.get("GEM_SIGN_HARNESS", ROOT / ".build/release/gem-sign-harness"))


def run_harness(requests: list) -> list:
    """Answers a list of {"family", "op", "input"} requests: each result is {"ok": {...}} or {"error": "..."}.
    With GEM_SIGN_RECORD set, every request is also appended to that file (one JSON line each): the seeds
    fuzz_harness.py mutates."""
    record = os.environ.get("GEM_SIGN_RECORD")
    if record:
        with open(record, "a") as out:
            for request in requests:
                out.write(json.dumps(request) + "\n")
    done = subprocess.run([str(harness_path())], input=json.dumps(requests).encode(), capture_output=True, check=True)
    answer = json.loads(done.stdout)
    if isinstance(answer, dict):
        raise RuntimeError(answer)
    assert len(answer) == len(requests)
    return answer


def sign(family: str, op: str, input: dict) -> dict:
    """One request; the result's "ok" object, or AssertionError naming the signer's refusal."""
    (result,) = run_harness([{"family": family, "op": op, "input": input}])
    assert "ok" in result, result.get("error")
    return result["ok"]


def refusal(family: str, op: str, input: dict) -> str:
    """One request the signer must refuse; returns its SignerError text."""
    (result,) = run_harness([{"family": family, "op": op, "input": input}])
    assert "error" in result, f"expected a refusal, got {result}"
    return result["error"]


def load_vectors(name: str) -> dict:
    return json.loads((VECTORS / f"{name}.json").read_text())


@pytest.fixture(scope="session", autouse=True)
def _harness_answers():
    if not harness_path().exists():
        pytest.exit(f"{harness_path()} is missing: run scripts/test-signing.sh (it builds the harness)", returncode=2)
    assert run_harness([{"family": "harness", "op": "echo", "input": {"a": 1}}]) == [{"ok": {"a": 1}}]
