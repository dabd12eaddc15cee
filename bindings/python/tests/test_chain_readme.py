"""The README's chains example runs as written, in a tmp dir: once with its node URL pointing at the local EVM
node of tests/chains, once at a loopback port nothing listens on."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from chain_support import UNREACHABLE, control

pytestmark = pytest.mark.usefixtures("library")


def run_example(tmp_path, capsys, url: str) -> list:
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    code = next(block for block in re.findall(r"```python\n(.*?)```", text, re.S) if "BalanceService" in block)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(code.replace("http://127.0.0.1:8545", url), "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    return capsys.readouterr().out.splitlines()


def test_readme_chains_example_runs_against_the_local_evm_node(tmp_path, capsys, local_chains):
    control(local_chains["evm"], "reset")
    url = f"{local_chains['evm']}/ethereum"
    printed = run_example(tmp_path, capsys, url)
    assert printed[0] == url
    assert printed[1] == "NodeCheckStatusOk ['NodeCheckRowChainId', 'NodeCheckRowInSync', 'NodeCheckRowLatestBlock', " \
                         "'NodeCheckRowLatency']"
    assert printed[2] == "['ETH']"
    assert printed[3] == "[('ethereum', 1)]"
    assert printed[4] == f"[('ethereum', {100 * 10 ** 18})]"


def test_readme_chains_example_runs_without_a_node(tmp_path, capsys):
    printed = run_example(tmp_path, capsys, UNREACHABLE)
    assert printed[0] == UNREACHABLE
    assert printed[1] == "NodeCheckStatusUnreachable []"
    assert printed[2:] == ["['ETH']", "ethereum", "[]"]
