"""The README's wallet example runs as written, in a tmp dir."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.usefixtures("library")


def test_readme_wallet_example_runs(tmp_path, capsys):
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    code = next(block for block in re.findall(r"```python\n(.*?)```", text, re.S) if "WalletService" in block)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == ("False [('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'), "
                          "('ethereum', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')]")
    assert printed[1] == "['Main', 'Wallet #2', 'Wallet #3'] view_ethereum_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    assert printed[2] == "invalid_checksum"
    assert (tmp_path / "app.db").exists() and (tmp_path / "keystore.key").stat().st_mode & 0o777 == 0o600
