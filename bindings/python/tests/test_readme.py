"""The README's example runs as written, against the test API server."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.usefixtures("library")


def test_readme_example_runs(api_server, tmp_path, capsys):
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(code.replace("https://api.example.com", api_server.url), "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = capsys.readouterr().out
    assert "bitcoin:EUR:70000:: True NotificationPermission.GRANTED" in printed
    assert (tmp_path / "app.db").exists()
