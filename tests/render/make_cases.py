"""Writes tests/render/cases.json: the number renderers' shared table (a FormattedNumber per case, and the text it
reads as in en, de, ar, fa and ja). The texts are what gemstone.render printed over Babel 2.18 (CLDR 47) when the table was made, reviewed by
hand when a case is added (the renderer is now pinned to Babel 2.16, whose Arabic default digits match ICU 72;
bindings/python/tests/test_render.py checks it against the "icu" text, with the 14 cells Babel's Latin-only
patterns cannot reproduce marked by rule). The two renderers over ICU, Kotlin's (ICU4J 60) and C's (the system's ICU 72), print
the same, except where a case's "icu" entry records ICU's own text for a locale: ICU's older CLDR data writes
Arabic with Arabic-Indic digits and its own signs, and Persian without the space after the currency symbol. Both
ICU renderers print exactly the "icu" text (tests: Kotlin suite render, ctest render_cases).
Run with the render environment: .venvs/render/bin/python tests/render/make_cases.py"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
from gemstone.generated import FormattedNumber  # noqa: E402
from gemstone.render import text  # noqa: E402

LOCALES = ["en", "de", "ar", "fa", "ja"]


def number(value, unit, display, notation="plain", rounding="to_nearest"):
    return {"value": value, "unit": unit, "display": display, "notation": notation, "tone": "plain", "rounding": rounding}


def fraction(lo, hi):
    return {"type": "number", "precision": {"type": "fraction", "min": lo, "max": hi}}


def significant(n):
    return {"type": "number", "precision": {"type": "significant", "max": n}}


USD, EUR, JPY = ({"type": "currency", "code": c} for c in ("USD", "EUR", "JPY"))
BTC, ETH = {"type": "symbol", "symbol": "BTC"}, {"type": "symbol", "symbol": "ETH"}
PERCENT, PLAIN, TIMES = {"type": "percent"}, {"type": "plain"}, {"type": "multiplier"}

CASES = [
    ("currency, two places", number(1234.5, USD, fraction(2, 2))),
    ("currency, small value keeps four significant places", number(0.000838234, USD, fraction(2, 7))),
    ("currency, rounds half-even: 2.675 to 2.68", number(2.675, EUR, fraction(2, 2))),
    ("currency, rounds half-even: 2.665 to 2.66", number(2.665, EUR, fraction(2, 2))),
    ("currency, signed positive", number(12.3, EUR, fraction(2, 2), "signed")),
    ("currency, signed negative", number(-1234.5, EUR, fraction(2, 2), "signed")),
    ("currency, signed zero has no sign", number(0.0, USD, fraction(2, 2), "signed")),
    ("currency, negative that rounds to zero has no sign", number(-0.001, USD, fraction(2, 2))),
    ("currency, abbreviated millions", number(1234567.891, USD, {"type": "abbreviated"})),
    ("currency, abbreviated billions, negative", number(-2500000000.0, USD, {"type": "abbreviated"})),
    ("currency, yen in its pattern's places", number(1500.0, JPY, fraction(0, 0))),
    ("amount, up to two places, trailing zeros dropped", number(1.5, BTC, fraction(0, 2), rounding="toward_zero")),
    ("amount, toward zero never reads above itself", number(1.999, ETH, fraction(0, 2), rounding="toward_zero")),
    ("amount, full places", number(0.12345678, ETH, fraction(0, 18), rounding="toward_zero")),
    ("amount, four significant digits", number(0.00083829, BTC, significant(4), rounding="toward_zero")),
    ("amount, grouping", number(1234567.25, BTC, fraction(0, 2), rounding="toward_zero")),
    ("amount, abbreviated", number(1234567.891, BTC, {"type": "abbreviated"}, rounding="toward_zero")),
    ("amount, dust below the threshold", number(0.00001, BTC, {"type": "below_threshold", "threshold": 0.0001, "places": 4}, rounding="toward_zero")),
    ("amount, parenthesised", number(1.999, ETH, fraction(0, 2), "parenthesised", "toward_zero")),
    ("percent, two places", number(2.5, PERCENT, fraction(2, 2))),
    ("percent, signed negative", number(-0.75, PERCENT, fraction(2, 2), "signed")),
    ("percent, signed positive, parenthesised", number(3.14159, PERCENT, fraction(2, 2), "parenthesised")),
    ("plain, a whole number", number(19876543.0, PLAIN, fraction(0, 0))),
    ("plain, significant digits of a large value", number(123456.789, PLAIN, significant(4))),
    ("plain, abbreviated thousands", number(123456.0, PLAIN, {"type": "abbreviated"})),
    ("multiplier", number(2.5, TIMES, fraction(2, 2))),
    ("a value that is not a number reads as zero", number(0.0, PLAIN, fraction(0, 2))),
]


def main() -> None:
    path = Path(__file__).with_name("cases.json")
    previous = {case["name"]: case for case in json.loads(path.read_text())["cases"]} if path.exists() else {}
    cases = []
    for name, record in CASES:
        parsed = FormattedNumber.from_json(record)
        case = {"name": name, "number": record, "text": {locale: text(parsed, locale) for locale in LOCALES}}
        if name in previous and "icu" in previous[name]:
            case["icu"] = previous[name]["icu"]
        cases.append(case)
    path.write_text(json.dumps({"locales": LOCALES, "cases": cases}, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(cases)} cases x {len(LOCALES)} locales -> {path}")


if __name__ == "__main__":
    main()
