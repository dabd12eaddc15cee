"""The functions and constants gemstone.h declares, for the ABI checks, read by the project's one header reader
(scripts/gen/header.py)."""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from gen.header import HEADER, Header  # noqa: E402


def functions(header: pathlib.Path = HEADER) -> list[str]:
    return list(Header(header).functions)


def constants(header: pathlib.Path = HEADER) -> dict[str, int]:
    parsed = Header(header)
    out = {}
    for name, value in parsed.defines.items():
        try:
            out[name] = int(value.strip("()"))
        except ValueError:
            continue
    return out


if __name__ == "__main__":
    print("\n".join(functions()))
