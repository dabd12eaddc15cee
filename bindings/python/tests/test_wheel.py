"""The package as a user installs it: the wheel is built into a temporary folder (a platform wheel carrying
libgemstone.so and py.typed), the source folder is left as it was, and the README's quick start runs as written
in a fresh virtual environment from another directory, without GEMSTONE_LIB."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.usefixtures("library")


def tree_state() -> str:
    """What git sees in bindings/python, ignored files included, bytecode caches left out."""
    listing = subprocess.run(["git", "status", "--porcelain", "--ignored", "--untracked-files=all", "."],
                             cwd=PACKAGE_ROOT, capture_output=True, text=True, check=True).stdout
    return "\n".join(line for line in listing.splitlines() if "__pycache__" not in line and not line.endswith(".pyc"))


def quick_start() -> str:
    text = (PACKAGE_ROOT / "README.md").read_text()
    section = text.split("## Install as a package", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    before = tree_state()
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check",
                    str(PACKAGE_ROOT), "-w", str(out)], check=True)
    assert tree_state() == before, "building the wheel changed bindings/python"
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_the_wheel_is_a_platform_wheel_carrying_the_library(wheel):
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert wheel.name == f"gemstone-0.1.0-py3-none-{platform}.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert {"gemstone/__init__.py", "gemstone/py.typed", "gemstone/_native/libgemstone.so",
                "gemstone/render.py"} <= names
        assert not [name for name in names if "__pycache__" in name or "/tests/" in name]
        info = archive.getinfo("gemstone/_native/libgemstone.so")
        assert (info.external_attr >> 16) & 0o111, "the library is executable"
        wheel_file = archive.read("gemstone-0.1.0.dist-info/WHEEL").decode()
        assert f"Tag: py3-none-{platform}" in wheel_file and "Root-Is-Purelib: false" in wheel_file
        record = archive.read("gemstone-0.1.0.dist-info/RECORD").decode()
        assert "gemstone/_native/libgemstone.so,sha256=" in record


def test_the_quick_start_runs_from_the_installed_wheel_without_gemstone_lib(wheel, tmp_path):
    started = time.monotonic()
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check",
                    "--no-index", str(wheel)], check=True)
    script = tmp_path / "quick_start.py"
    script.write_text(quick_start() + "import gemstone.abi\nprint('loaded', gemstone.abi.lib()._name)\n")
    env = {key: value for key, value in os.environ.items() if key not in ("GEMSTONE_LIB", "PYTHONPATH")}
    run = subprocess.run([str(python), str(script)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "libgemstone 0.1.0"
    assert lines[1] == "None"
    assert lines[2] == "0x9858...da94"
    assert lines[3].startswith("FormattedNumber(value=1234.5")
    assert lines[-1] == f"loaded {environment}/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/gemstone/_native/libgemstone.so"
    print(f"quick start from the wheel: venv, install and run in {time.monotonic() - started:.1f}s")
