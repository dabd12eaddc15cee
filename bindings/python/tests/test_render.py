"""gemstone.render over the shared table tests/render/cases.json (the C and Kotlin renderers read the same table),
and the digit rules alone. Each cell is expected to read as the ICU renderers print it (a case's "icu" text for a
locale where it has one, else its "text"), so the three renderers agree, every cell
an equality. Needs Babel: run in the render environment
(scripts/test.sh: .venvs/render, made by `bash scripts/oracles.sh render` from
tests/oracles/venvs/requirements-render.txt, Babel 2.16.0); skipped where Babel is absent."""

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
CASES = [(case["name"], locale, case["number"], case.get("icu", {}).get(locale, case["text"][locale]))
         for case in TABLE["cases"] for locale in TABLE["locales"]]


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


@pytest.mark.parametrize("locale,expected", [
    ("fa_AF", "$\u00a0\u06f1\u066c\u06f2\u06f3\u06f4\u066b\u06f5\u06f0"),           # its own arabext pattern, not fa's
    ("ar_EG", "\u061c-\u200f\u0661\u066c\u0662\u0663\u0664\u066b\u0665\u0660\u00a0US$"),  # ar's, inherited
    ("sd", "\u061c-\u0661\u066c\u0662\u0663\u0664\u066b\u0665\u0660\u00a0US$"),           # root's arab pattern
    ("ar_AE", "\u200f\u200e-1,234.50\u00a0US$"),                                       # latn: Babel's own pattern
])
def test_money_takes_the_pattern_of_the_nearest_locale_in_its_numbering_system(locale, expected):
    """Beyond the table's locales: the native currency pattern is the locale's own, else its parent's, else root's,
    and a latn locale keeps Babel's. The texts are ICU 72.1's (unum_formatDouble, UNUM_CURRENCY, USD), -1234.5 for
    the Arabic locales and 1234.5 for fa_AF."""
    value = 1234.5 if locale == "fa_AF" else -1234.5
    record = {"value": value, "unit": {"type": "currency", "code": "USD"},
              "display": {"type": "number", "precision": {"type": "fraction", "min": 2, "max": 2}},
              "notation": "plain", "tone": "plain", "rounding": "to_nearest"}
    assert text(FormattedNumber.from_json(record), locale) == expected


def test_the_locale_writes_its_own_signs_and_percent():
    """The pattern's '-', '+' and '%' are the numbering system's symbols (ar: ALM-marked signs, U+066A), and a forced
    plus stands where the minus would."""
    record = {"value": -0.75, "unit": {"type": "percent"},
              "display": {"type": "number", "precision": {"type": "fraction", "min": 2, "max": 2}},
              "notation": "signed", "tone": "plain", "rounding": "to_nearest"}
    assert text(FormattedNumber.from_json(record), "ar") == "\u061c-\u0660\u066b\u0667\u0665\u066a\u061c"
    assert text(FormattedNumber.from_json(record), "fa") == "\u200e\u2212\u06f0\u066b\u06f7\u06f5\u066a"
    assert text(FormattedNumber.from_json({**record, "value": 0.75}), "fa") == "\u200e+\u06f0\u066b\u06f7\u06f5\u066a"
    assert text(FormattedNumber.from_json({**record, "value": 0.75}), "de") == "+0,75\u00a0%"


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
