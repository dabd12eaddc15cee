"""Reads the functions gemstone.h declares; shared by the ABI checks."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = ROOT / "include" / "gemstone.h"

# A declaration starts a line with its return type and ends with ");" (possibly lines later).
_DECLARATION = re.compile(r"^(?:[A-Za-z_][\w ]*[\s\*]+)(gem_\w+)\s*\(", re.MULTILINE)
_DEFINE = re.compile(r"^#define\s+(GEM_\w+)\s+\(?(-?\d+)\)?", re.MULTILINE)


def functions(header: pathlib.Path = HEADER) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", header.read_text(), flags=re.DOTALL)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("typedef"))
    names = _DECLARATION.findall(text)
    if len(names) != len(set(names)):
        raise SystemExit(f"duplicate declarations in {header}")
    return names


def constants(header: pathlib.Path = HEADER) -> dict[str, int]:
    return {name: int(value) for name, value in _DEFINE.findall(header.read_text())}


if __name__ == "__main__":
    print("\n".join(functions()))
