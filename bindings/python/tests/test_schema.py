"""The generated records (gemstone/generated.py, from schema/*.json) against the golden values every language
shares (schema/golden/), and the generated files against the schema itself."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gemstone import generated
from gemstone.generated import RecordError

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "schema"


def schema_types():
    for path in sorted(SCHEMA.glob("*.json")):
        for entry in json.loads(path.read_text()).get("types", []):
            name = entry.get("record") or entry.get("enum")
            foreign = entry.get("options", {}).get("foreign_name") or (name[3:] if name.startswith("Gem") else name)
            yield name, foreign


TYPES = list(schema_types())


def golden(name, invalid=False):
    path = SCHEMA / "golden" / ("invalid" if invalid else "") / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else []


def test_generated_files_match_the_schema():
    done = subprocess.run([sys.executable, str(ROOT / "scripts/generate.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_schema_type_is_generated_with_golden_values():
    assert TYPES
    for name, foreign in TYPES:
        assert hasattr(generated, foreign), name
        assert golden(name), f"schema/golden/{name}.json is missing or empty"


@pytest.mark.parametrize("name,foreign", TYPES)
def test_golden_values_round_trip(name, foreign):
    cls = getattr(generated, foreign)
    for value in golden(name):
        assert cls.from_json(value).to_json() == value


@pytest.mark.parametrize("name,foreign", TYPES)
def test_invalid_values_are_refused(name, foreign):
    cls = getattr(generated, foreign)
    for value in golden(name, invalid=True):
        with pytest.raises(RecordError):
            cls.from_json(value)


def test_an_unknown_enum_value_lists_the_allowed_values():
    with pytest.raises(RecordError, match="^type: unknown value 'compact'; expected one of native, erc20"):
        generated.Asset.from_json({"id": "bitcoin", "name": "Bitcoin", "symbol": "BTC", "decimals": 8, "type": "compact"})
