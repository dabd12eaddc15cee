"""gemstone.render over the shared table tests/render/cases.json (the Kotlin renderer reads the same table), and
the digit rules alone. Needs Babel: run in the render environment (scripts/test.sh: .venvs/render, made by
`bash scripts/oracles.sh render` from tests/oracles/venvs/requirements-render.txt); skipped where Babel is absent."""

from __future__ import annotations

import json
import math
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal
from pathlib import Path

import pytest

pytest.importorskip("babel")

from gemstone import presentation  # noqa: E402
from gemstone.generated import FormattedNumber, PrecisionFraction, PrecisionSignificant  # noqa: E402
from gemstone.render import rounded, text  # noqa: E402

TABLE = json.loads((Path(__file__).resolve().parents[3] / "tests" / "render" / "cases.json").read_text())
CASES = [(case["name"], locale, case["number"], case["text"][locale]) for case in TABLE["cases"] for locale in TABLE["locales"]]


def test_the_table_covers_every_display_notation_unit_and_locale():
    numbers = [case["number"] for case in TABLE["cases"]]
    assert {n["display"]["type"] for n in numbers} == {"number", "abbreviated", "below_threshold"}
    assert {n["display"]["precision"]["type"] for n in numbers if n["display"]["type"] == "number"} == {"fraction", "significant"}
    assert {n["notation"] for n in numbers} == {"plain", "signed", "parenthesised"}
    assert {n["unit"]["type"] for n in numbers} == {"currency", "symbol", "percent", "plain", "multiplier"}
    assert {n["rounding"] for n in numbers} == {"to_nearest", "toward_zero"}
    assert TABLE["locales"] == ["en", "de", "ar", "fa", "ja"]


@pytest.mark.parametrize("name,locale,number,expected", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_shared_table(name, locale, number, expected):
    assert text(FormattedNumber.from_json(number), locale) == expected


@pytest.mark.parametrize("value,precision,mode,expected", [
    (Decimal("9.99996"), PrecisionSignificant(4), ROUND_HALF_EVEN, "10"),
    (Decimal("0.000838299"), PrecisionSignificant(4), ROUND_DOWN, "0.0008382"),
    (Decimal("123456.789"), PrecisionSignificant(2), ROUND_HALF_EVEN, "120000"),
    (Decimal("1.5"), PrecisionFraction(2, 2), ROUND_HALF_EVEN, "1.50"),
    (Decimal("1.50000"), PrecisionFraction(0, 4), ROUND_HALF_EVEN, "1.5"),
    (Decimal("2.0"), PrecisionFraction(0, 4), ROUND_HALF_EVEN, "2"),
    (Decimal("0"), PrecisionSignificant(4), ROUND_HALF_EVEN, "0"),
    (Decimal("1.999"), PrecisionFraction(0, 2), ROUND_DOWN, "1.99"),
    (Decimal("1"), PrecisionFraction(5, 3), ROUND_HALF_EVEN, "1.000"),       # min above max reads at max
    (Decimal("1"), PrecisionFraction(0, 1000), ROUND_HALF_EVEN, "1"),        # an absurd precision is bounded
])
def test_the_digits(value, precision, mode, expected):
    assert str(rounded(value, precision, mode)) == expected


def test_what_core_answers_renders(library):
    assert text(presentation.formatted_currency(1234.5, "EUR"), "de") == "1.234,50\u00a0€"
    assert text(presentation.formatted_currency(-12.3, "USD", signed=True), "en") == "-$12.30"
    assert text(presentation.formatted_amount(0.00001, "short", "BTC"), "en") == "< 0.0001 BTC"
    assert text(presentation.formatted_amount(1234567.891, "short", "BTC"), "en") == "1.2M BTC"


def test_a_value_that_is_not_finite_reads_as_zero():
    number = FormattedNumber.from_json({"value": 0.0, "unit": {"type": "plain"}, "display": {"type": "number", "precision":
                                        {"type": "fraction", "min": 0, "max": 2}}, "notation": "signed", "tone": "plain",
                                        "rounding": "to_nearest"})
    for value in (math.nan, math.inf, -math.inf):
        assert text(FormattedNumber(value, number.unit, number.display, number.notation, number.tone, number.rounding), "en") == "0"
