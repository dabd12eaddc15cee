"""The binding tests read include/gemstone.h through the project's one header reader (scripts/gen/header.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))

from gen.header import HEADER, REPO, Declaration, Header, normalize_type  # noqa: E402,F401
