"""The number renderer: a FormattedNumber (a value and the style Core settled) into the text a person reads in a
locale, over Babel's CLDR data (the optional dependency ``babel``; ``pip install 'gemstone[render]'``).

The specification's rule ("A number crosses as a value and a style … one small renderer per platform"): Core
decides how many digits a number reads with (the precision, the abbreviation, the dust cut, the sign, the
rounding); the locale decides only how those digits are written (separators, digits, where the currency symbol
and the percent sign go, the compact suffix). So the digits are settled here in exact decimal arithmetic first,
then handed to the locale's pattern with exactly that many fraction digits. The Kotlin renderer
(``com.gemwallet.gemstone.NumberRenderer``, ICU4J) and gem-host's (``examples/c-host/number_renderer.c``, ICU)
follow the same steps, and all three are checked against one table of cases, ``tests/render/cases.json``.

The steps, for a value v (a value that is not finite reads as zero):
  - the decimal digits of v are its shortest round-trip form (Python's repr, Java's Double.toString), so 0.1 is
    0.1 and 2.675 is 2.675, not the binary expansions 0.1000000000000000055… and 2.67499999….
  - number(precision): |v| rounded (to_nearest: half-even; toward_zero: truncated) to
    fraction(min, max) places, trailing zeros dropped down to min; or to significant(max) digits, trailing zeros
    dropped. A value that rounds to zero has no sign.
  - abbreviated: the locale's short compact pattern for |v|'s magnitude, at most one fraction digit.
  - below_threshold(t, places): "< " and t at exactly `places` places, in the unit, never signed.
  - unit: currency(code) in the locale's currency pattern and symbol; symbol(s) as "<digits> <s>"; percent in the
    locale's percent pattern (v is in percent); plain; multiplier as "<digits>x".
  - notation: signed puts the locale's plus sign where the locale puts its minus sign (a negative value keeps its
    minus, zero gets neither); parenthesised wraps the text in parentheses.
  - digits: the locale's default numbering system, its separators and its digits (Persian reads ۱٬۲۳۴٫۵).
"""

from __future__ import annotations

import copy
import math
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Context, Decimal, localcontext
from typing import Any

from .generated import (FormattedNumber, NumberDisplayAbbreviated, NumberDisplayBelowThreshold, NumberDisplayNumber,
                        NumberNotation, NumberRounding, NumberUnitCurrency, NumberUnitMultiplier, NumberUnitPercent,
                        NumberUnitSymbol, PrecisionFraction, PrecisionSignificant)

#: The most fraction digits a compact number reads with ("1.2M").
COMPACT_FRACTION_DIGITS = 1
#: The direction marks CLDR puts around signs (LRM, RLM, ALM).
BIDI_MARKS = "\u200e\u200f\u061c"
#: The zero digit of the numbering systems CLDR names as a locale's default (their digits are consecutive code
#: points). Babel formats with the system's separators but Latin digits; the digits are written here.
ZERO_DIGITS = {"arab": 0x0660, "arabext": 0x06F0, "deva": 0x0966, "beng": 0x09E6, "guru": 0x0A66, "gujr": 0x0AE6,
               "orya": 0x0B66, "tamldec": 0x0BE6, "telu": 0x0C66, "knda": 0x0CE6, "mlym": 0x0D66, "thai": 0x0E50,
               "laoo": 0x0ED0, "tibt": 0x0F20, "mymr": 0x1040, "khmr": 0x17E0, "fullwide": 0xFF10}
#: Places beyond which a requested precision is cut (a double carries about 17 significant digits).
MAX_PLACES = 40


#: Room for any double's integer digits (up to 309) and MAX_PLACES fraction digits, so quantizing never fails.
_CONTEXT = Context(prec=400)


def _babel() -> Any:
    try:
        import babel.numbers  # noqa: F401
        from babel import Locale
    except ImportError as error:  # pragma: no cover - exercised only without the extra
        raise ImportError("gemstone.render needs Babel: pip install 'gemstone[render]' (or babel)") from error
    return Locale


def _places(decimal: Decimal) -> int:
    exponent = decimal.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _strip(decimal: Decimal, minimum: int) -> Decimal:
    """Trailing fraction zeros dropped, keeping at least `minimum` places."""
    places = _places(decimal)
    while places > minimum and decimal == decimal.quantize(Decimal(1).scaleb(-(places - 1))):
        places -= 1
        decimal = decimal.quantize(Decimal(1).scaleb(-places))
    return decimal


def rounded(magnitude: Decimal, precision: Any, mode: str) -> Decimal:
    """`magnitude` (non-negative) at a GemPrecision: exactly the digits printed."""
    with localcontext(_CONTEXT):
        return _rounded(magnitude, precision, mode)


def _rounded(magnitude: Decimal, precision: Any, mode: str) -> Decimal:
    if isinstance(precision, PrecisionSignificant):
        digits = min(max(precision.max, 1), MAX_PLACES)
        if magnitude == 0:
            return Decimal(0)
        exponent = magnitude.adjusted() - digits + 1
        value = magnitude.quantize(Decimal(1).scaleb(exponent), rounding=mode)
        if value.adjusted() > magnitude.adjusted():        # 9.9996 at 4 digits: 10.00, one digit fewer after the point
            value = value.quantize(Decimal(1).scaleb(exponent + 1), rounding=mode)
        if _places(value) == 0:
            return value.quantize(Decimal(1))
        return _strip(value, 0)
    if isinstance(precision, PrecisionFraction):
        maximum = min(max(precision.max, 0), MAX_PLACES)
        minimum = min(max(precision.min, 0), maximum)
        return _strip(magnitude.quantize(Decimal(1).scaleb(-maximum), rounding=mode), minimum)
    raise TypeError(f"not a GemPrecision: {precision!r}")


def _pattern(base: Any, places: int) -> Any:
    pattern = copy.copy(base)
    pattern.frac_prec = (places, places)
    return pattern


def _signed(pattern: Any, magnitude: Decimal, negative: bool, plus: bool, locale: Any, apply: Any) -> str:
    """The locale's negative form for a negative value; for a forced plus, the same form with the locale's plus sign
    where its minus sign stands."""
    from babel.numbers import get_minus_sign_symbol, get_plus_sign_symbol
    if not negative and not plus:
        return apply(pattern, magnitude)
    text = apply(pattern, -magnitude)
    if negative:
        return text
    minus = get_minus_sign_symbol(locale, numbering_system="default")
    plus_sign = get_plus_sign_symbol(locale, numbering_system="default")
    if minus in text:
        return text.replace(minus, plus_sign, 1)
    # A negative pattern that writes the sign itself (with its own direction mark): the bare sign is swapped.
    bare_plus = plus_sign.strip(BIDI_MARKS)
    for bare_minus in (minus.strip(BIDI_MARKS), "-", "\u2212"):
        if bare_minus and bare_minus in text:
            return text.replace(bare_minus, bare_plus, 1)
    return plus_sign + apply(pattern, magnitude)


def _compact(magnitude: Decimal, number: FormattedNumber, locale: Any, mode: str) -> tuple[Any, Decimal]:
    """The locale's short compact pattern for `magnitude` and the scaled digits it prints."""
    from babel.numbers import parse_pattern
    currency = isinstance(number.unit, NumberUnitCurrency)
    formats = (locale.compact_currency_formats if currency else locale.compact_decimal_formats)["short"]
    others = formats["other"]
    chosen = None
    for key in sorted(others, key=int):
        if magnitude >= int(key):
            chosen = key
    if chosen is None or others[chosen].pattern.strip("0") == "" or "0" not in others[chosen].pattern:
        base = locale.currency_formats["standard"] if currency else locale.decimal_formats[None]
        scaled = rounded(magnitude, PrecisionFraction(0, COMPACT_FRACTION_DIGITS), mode)
        return _pattern(base, _places(scaled)), scaled
    zeros = others[chosen].pattern.count("0")
    divisor = Decimal(int(chosen)) / Decimal(10) ** (zeros - 1)
    scaled = rounded(magnitude / divisor, PrecisionFraction(0, COMPACT_FRACTION_DIGITS), mode)
    form = locale.plural_form(float(scaled))
    source = formats.get(form, others).get(chosen) or others[chosen]
    pattern = parse_pattern(source.pattern.replace("0" * zeros, "0", 1) if zeros > 1 else source.pattern)
    return _pattern(pattern, _places(scaled)), scaled


def _decimal(value: float) -> Decimal:
    """The shortest decimal that reads back as `value` (repr), non-negative."""
    return Decimal(repr(float(value))).copy_abs()


def text(number: FormattedNumber, locale: str) -> str:
    """The text `number` reads as in `locale` (a CLDR identifier: "en", "de", "ar", "fa", "ja", "pt_BR", "de-CH")."""
    with localcontext(_CONTEXT):
        return _text(number, locale)


def _text(number: FormattedNumber, locale: str) -> str:
    Locale = _babel()
    where = Locale.parse(locale.replace("-", "_"))
    value = number.value if isinstance(number.value, (int, float)) and math.isfinite(number.value) else 0.0
    mode = ROUND_DOWN if number.rounding == NumberRounding.TOWARD_ZERO else ROUND_HALF_EVEN
    unit = number.unit
    currency = unit.code if isinstance(unit, NumberUnitCurrency) else None

    zero = ZERO_DIGITS.get(where.default_numbering_system)
    native = {ord("0") + d: chr(zero + d) for d in range(10)} if zero is not None else None

    def apply(pattern: Any, digits: Decimal) -> str:
        written = pattern.apply(digits, where, currency=currency, currency_digits=False, numbering_system="default")
        return written.translate(native) if native else written

    display = number.display
    below = isinstance(display, NumberDisplayBelowThreshold)
    if below:
        places = min(max(display.places, 0), MAX_PLACES)
        magnitude = _decimal(display.threshold if math.isfinite(display.threshold) else 0.0)
        digits = magnitude.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
        pattern = None
    elif isinstance(display, NumberDisplayAbbreviated):
        pattern, digits = _compact(_decimal(value), number, where, mode)
    elif isinstance(display, NumberDisplayNumber):
        digits = rounded(_decimal(value), display.precision, mode)
        pattern = None
    else:
        raise TypeError(f"not a GemNumberDisplay: {display!r}")

    if pattern is None:
        if currency is not None:
            base = where.currency_formats["standard"]
        elif isinstance(unit, NumberUnitPercent):
            base = where.percent_formats[None]
            digits = digits.scaleb(-2)           # the pattern multiplies by 100; the digits stay those settled
        else:
            base = where.decimal_formats[None]
        places = _places(digits) - (2 if isinstance(unit, NumberUnitPercent) else 0)
        pattern = _pattern(base, max(places, 0))

    negative = value < 0 and digits != 0 and not below
    plus = number.notation == NumberNotation.SIGNED and value > 0 and digits != 0 and not below
    body = _signed(pattern, digits, negative, plus, where, apply)
    if isinstance(unit, NumberUnitSymbol):
        body = f"{body} {unit.symbol}"
    elif isinstance(unit, NumberUnitMultiplier):
        body = f"{body}x"
    if below:
        body = f"< {body}"
    if number.notation == NumberNotation.PARENTHESISED:
        body = f"({body})"
    return body
