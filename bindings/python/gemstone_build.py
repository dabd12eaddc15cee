"""The build backend of the gemstone package (PEP 517, standard library only), named in pyproject.toml.

`pip install bindings/python` and `pip wheel bindings/python` call it. It makes a platform wheel,
py3-none-<platform> (no compiled Python code, but a native library inside), that carries the package, its
`py.typed` marker and `gemstone/_native/libgemstone.so`, which `gemstone.abi` loads first when present, so an
installed package needs no environment variable. It reads this folder and writes only the wheel (or sdist) into
the directory pip names: no build/, no *.egg-info in the source tree.

The library put in the wheel is, first match wins:
  1. the config setting or environment variable GEMSTONE_LIB (a path to libgemstone.so),
  2. the repository's stripped CMake copy, build/lib/libgemstone.so.<GEM_ABI_VERSION> (bash scripts/build.sh),
  3. the repository's SwiftPM build, .build/release/libgemstone.so, stripped on the way when objcopy is there.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sysconfig
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Optional

HERE = Path(__file__).resolve().parent
PACKAGE = "gemstone"


def _project() -> dict[str, str]:
    """The [project] fields this backend reads from pyproject.toml (name, version, description, requires-python)."""
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]
    fields = dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"\s*$', section, flags=re.M))
    return {key: fields[key] for key in ("name", "version", "description", "requires-python")}


def _extras() -> dict[str, list[str]]:
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    if "[project.optional-dependencies]" not in text:
        return {}
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    return {name: re.findall(r'"([^"]+)"', values) for name, values in re.findall(r"^([\w-]+)\s*=\s*\[(.*)\]", section, flags=re.M)}


def _metadata() -> str:
    project = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}",
             f"Summary: {project['description']}", f"Requires-Python: {project['requires-python']}"]
    for extra, requirements in _extras().items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {requirement}; extra == "{extra}"' for requirement in requirements]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + (HERE / "README.md").read_text(encoding="utf-8")


def _tag() -> str:
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"py3-none-{platform}"


def _abi_version(repository: Path) -> Optional[str]:
    header = repository / "include" / "gemstone.h"
    if not header.is_file():
        return None
    match = re.search(r"^#define GEM_ABI_VERSION (\d+)$", header.read_text(encoding="utf-8"), flags=re.M)
    return match.group(1) if match else None


def _library(config_settings: Optional[dict[str, Any]], scratch: Path) -> Path:
    """The libgemstone.so the wheel carries (see the module docstring), or a clear error."""
    explicit = (config_settings or {}).get("GEMSTONE_LIB") or os.environ.get("GEMSTONE_LIB")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise FileNotFoundError(f"GEMSTONE_LIB={explicit} is not a file")
        return path
    repository = HERE.parent.parent
    abi = _abi_version(repository)
    stripped = repository / "build" / "lib" / f"libgemstone.so.{abi}"
    if abi is not None and stripped.is_file():
        return stripped
    built = repository / ".build" / "release" / "libgemstone.so"
    if built.is_file():
        objcopy = shutil.which("objcopy")
        if objcopy is None:
            return built
        target = scratch / "libgemstone.so"
        subprocess.run([objcopy, "--strip-unneeded", str(built), str(target)], check=True)
        return target
    raise FileNotFoundError("no libgemstone.so to put in the wheel: run `bash scripts/build.sh` (or "
                            "`swift build -c release --product gemstone`) first, or set GEMSTONE_LIB")


def _sources() -> list[Path]:
    return sorted(path for path in (HERE / PACKAGE).rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed")
                  and "_native" not in path.parts)


class _Wheel:
    """A wheel being written: each file's bytes go into the zip and its hash into RECORD."""

    def __init__(self, path: Path) -> None:
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.records: list[str] = []

    def add(self, name: str, data: bytes, executable: bool = False) -> None:
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = (0o755 if executable else 0o644) << 16
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.records.append(f"{name},sha256={digest},{len(data)}")

    def close(self, dist_info: str) -> None:
        self.records.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        self.zip.writestr(info, "\n".join(self.records) + "\n")
        self.zip.close()


def _write_wheel(wheel_directory: str, tag: str, files: list[tuple[str, bytes, bool]]) -> str:
    project = _project()
    dist_info = f"{project['name']}-{project['version']}.dist-info"
    name = f"{project['name']}-{project['version']}-{tag}.whl"
    wheel = _Wheel(Path(wheel_directory) / name)
    for arcname, data, executable in files:
        wheel.add(arcname, data, executable)
    wheel.add(f"{dist_info}/METADATA", _metadata().encode())
    pure = "true" if tag == "py3-none-any" else "false"
    wheel.add(f"{dist_info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: gemstone_build\nRoot-Is-Purelib: {pure}\n"
                                    f"Tag: {tag}\n".encode())
    wheel.add(f"{dist_info}/top_level.txt", f"{PACKAGE}\n".encode())
    wheel.close(dist_info)
    return name


def get_requires_for_build_wheel(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    with tempfile.TemporaryDirectory() as scratch:
        library = _library(config_settings, Path(scratch))
        files = [(path.relative_to(HERE).as_posix(), path.read_bytes(), False) for path in _sources()]
        files.append((f"{PACKAGE}/_native/libgemstone.so", library.read_bytes(), True))
        return _write_wheel(wheel_directory, _tag(), files)


def build_editable(wheel_directory: str, config_settings: Optional[dict[str, Any]] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """An editable install: a .pth line puts this folder on sys.path; the library is found as in the repository."""
    return _write_wheel(wheel_directory, "py3-none-any", [("gemstone_editable.pth", f"{HERE}\n".encode(), False)])


def build_sdist(sdist_directory: str, config_settings: Optional[dict[str, Any]] = None) -> str:
    """The sources (without a library: building a wheel from it needs GEMSTONE_LIB)."""
    project = _project()
    base = f"{project['name']}-{project['version']}"
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as archive:
        for path in [HERE / "pyproject.toml", HERE / "README.md", HERE / "gemstone_build.py", *_sources()]:
            archive.add(path, arcname=f"{base}/{path.relative_to(HERE).as_posix()}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    return name
