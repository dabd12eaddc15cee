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
  - abbreviated: the locale's short compact decimal pattern for |v|'s magnitude, at most one fraction digit; money
    reads as those compact digits inside the locale's currency pattern's prefix and suffix (as the ICU renderers do).
  - below_threshold(t, places): "< " and t at exactly `places` places, in the unit, never signed.
  - unit: currency(code) in the locale's currency pattern and symbol; symbol(s) as "<digits> <s>"; percent in the
    locale's percent pattern (v is in percent); plain; multiplier as "<digits>x".
  - notation: signed puts the locale's plus sign where the locale puts its minus sign (a negative value keeps its
    minus, zero gets neither); parenthesised wraps the text in parentheses.
  - digits: the locale's default numbering system, its separators and its digits (Persian reads ۱٬۲۳۴٫۵), and its
    symbols for the pattern's '-', '+', '%' and '‰' (Arabic's percent is ٪ and an ALM, Persian's minus an LRM and
    −), as ICU applies a pattern.

Babel's data is CLDR's, pinned in tests/oracles/venvs/requirements-render.txt to the release whose CLDR agrees with
the system ICU's on the shared table (Babel 2.16.0, CLDR 45: Arabic's default numbering system is still arab; from
Babel 2.17, CLDR 46, it is latn). Babel keeps the number patterns of the Latin numbering system only, so where a
locale's own numbering system has a pattern of its own (fa arabext money, ar arab money), Babel has only the
Latin one; for the currency pattern, which is where ICU's differs on the locales that write in Arabic
digits, this renderer carries those patterns itself (NATIVE_CURRENCY_PATTERNS, from ICU's data) and uses them when the
locale's default numbering system is not latn.
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
#: The zero digit of the numbering systems CLDR names as a locale's default (their digits are consecutive code
#: points). Babel formats with the system's separators but Latin digits; the digits are written here.
ZERO_DIGITS = {"arab": 0x0660, "arabext": 0x06F0, "deva": 0x0966, "beng": 0x09E6, "guru": 0x0A66, "gujr": 0x0AE6,
               "orya": 0x0B66, "tamldec": 0x0BE6, "telu": 0x0C66, "knda": 0x0CE6, "mlym": 0x0D66, "thai": 0x0E50,
               "laoo": 0x0ED0, "tibt": 0x0F20, "mymr": 0x1040, "khmr": 0x17E0, "fullwide": 0xFF10}
#: The currency patterns of the Arabic-digit numbering systems (arab, arabext), which Babel does not import (it keeps
#: the latn patterns only) and ICU uses for a locale whose default numbering system is one of them. Source: ICU 72.1
#: (Debian libicu72, CLDR 42.0), the resource NumberElements/<system>/patterns/currencyFormat of each locale below
#: (CLDR common/main/<locale>.xml, <currencyFormats numberSystem="<system>">), read without inheritance with
#: ures_openDirect; these are those a locale whose default system is arab or arabext reaches (ast, br, nl, no, pa,
#: ur, uz and zh hold some too, reached by no such locale: ICU's parent of pa_Arab and uz_Arab is root). A locale takes the entry of the first of its
#: chain (fa_AF, fa, root) that has one, as ICU resolves the resource; root's is the fallback for the others (ps, sd).
#: fa: "\u200e¤#,##0.00" where latn's is "\u200e¤\u00a0#,##0.00"; ar: "\u200f#,##0.00\u00a0¤" without the latn
#: negative subpattern "\u200f-#,##0.00\u00a0¤", so a sign stands before the RLM, as ICU writes it.
NATIVE_CURRENCY_PATTERNS = {
    ("root", "arab"): "#,##0.00\u00a0\u00a4",
    ("root", "arabext"): "\u00a4\u00a0#,##0.00",
    ("ar", "arab"): "\u200f#,##0.00\u00a0\u00a4",
    ("ckb", "arab"): "#,##0.00\u00a0\u00a4",
    ("fa", "arab"): "\u200e\u00a4#,##0.00",
    ("fa", "arabext"): "\u200e\u00a4#,##0.00",
    ("fa_AF", "arabext"): "\u00a4\u00a0#,##0.00",
    ("ks", "arabext"): "\u00a4#,##0.00",
    ("ur_IN", "arabext"): "\u00a4\u00a0#,##,##0.00",
}
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


class _Writer:
    """Writes digits through a Babel NumberPattern the way ICU applies an LDML pattern: the number part in the
    locale's default numbering system (its separators and digits); the prefix and suffix with the pattern's special
    characters replaced by that numbering system's symbols ('-' its minus sign, or its plus sign for a forced plus;
    '+', '%' and '‰' its own; '¤' the currency symbol; quoted text literal). Babel's own NumberPattern.apply keeps
    '-' and '%' as the Latin characters whatever the numbering system, so the affixes are written here."""

    def __init__(self, where: Any, currency: str | None) -> None:
        self.where = where
        self.currency = currency
        system = where.default_numbering_system
        table = where.number_symbols[system]
        self.symbols = {"-": table.get("minusSign", "-"), "+": table.get("plusSign", "+"),
                        "%": table.get("percentSign", "%"), "\u2030": table.get("perMille", "\u2030")}
        zero = ZERO_DIGITS.get(system)
        self.native = {ord("0") + d: chr(zero + d) for d in range(10)} if zero is not None else None

    def digits(self, pattern: Any, magnitude: Decimal) -> str:
        """The number part alone (no prefix, no suffix) of `magnitude` (non-negative) in `pattern`."""
        bare = copy.copy(pattern)
        bare.prefix, bare.suffix = ("", ""), ("", "")
        written = bare.apply(magnitude, self.where, currency=self.currency, currency_digits=False,
                             numbering_system="default")
        return written.translate(self.native) if self.native else written

    def affix(self, affix: str, sign: str, magnitude: Decimal) -> str:
        """A pattern prefix or suffix with its special characters replaced; `sign` stands for '-'."""
        from babel.numbers import get_currency_name, get_currency_symbol
        out: list[str] = []
        quoted = False
        i = 0
        while i < len(affix):
            ch = affix[i]
            if ch == "'":
                if i + 1 < len(affix) and affix[i + 1] == "'":
                    out.append("'")
                    i += 2
                    continue
                quoted = not quoted
            elif quoted:
                out.append(ch)
            elif ch == "-":
                out.append(sign)
            elif ch in self.symbols:
                out.append(self.symbols[ch])
            elif ch == "\u00a4" and self.currency is not None:
                run = min(len(affix[i:]) - len(affix[i:].lstrip("\u00a4")), 3)
                if run == 1:
                    out.append(get_currency_symbol(self.currency, self.where))
                elif run == 2:
                    out.append(self.currency.upper())
                else:
                    out.append(get_currency_name(self.currency, magnitude, self.where))
                i += run
                continue
            else:
                out.append(ch)
            i += 1
        return "".join(out)

    def wrap(self, pattern: Any, body: str, magnitude: Decimal, negative: bool, plus: bool) -> str:
        """`body` between `pattern`'s prefix and suffix: the positive ones, or for a negative value the negative ones
        (the explicit negative subpattern, or '-' before the positive prefix), and for a forced plus the same with
        the plus sign where the minus sign stands (as ICU's sign display "always" forms its plus pattern)."""
        signed = negative or plus
        sign = self.symbols["+"] if plus else self.symbols["-"]
        index = 1 if signed else 0
        return (self.affix(pattern.prefix[index], sign, magnitude) + body
                + self.affix(pattern.suffix[index], sign, magnitude))

    def write(self, pattern: Any, magnitude: Decimal, negative: bool, plus: bool) -> str:
        return self.wrap(pattern, self.digits(pattern, magnitude), magnitude, negative, plus)


def _currency_pattern(where: Any) -> Any:
    """The locale's standard currency pattern in its default numbering system: Babel's (latn) unless that system is
    one of NATIVE_CURRENCY_PATTERNS', whose entry for the locale's nearest ancestor (the locale itself first, root
    last) stands instead."""
    from babel.numbers import parse_pattern
    system = where.default_numbering_system
    if system != "latn" and any(key[1] == system for key in NATIVE_CURRENCY_PATTERNS):
        identifier = str(where)
        while identifier:
            found = NATIVE_CURRENCY_PATTERNS.get((identifier, system))
            if found is not None:
                return parse_pattern(found)
            identifier = identifier.rpartition("_")[0]
        found = NATIVE_CURRENCY_PATTERNS.get(("root", system))
        if found is not None:
            return parse_pattern(found)
    return where.currency_formats["standard"]


def _compact(magnitude: Decimal, locale: Any, mode: str) -> tuple[Any, Decimal]:
    """The locale's short compact decimal pattern for `magnitude` and the scaled digits it prints (money is written
    with these digits inside the currency pattern's prefix and suffix, as the ICU renderers do)."""
    from babel.numbers import parse_pattern
    formats = locale.compact_decimal_formats["short"]
    others = formats["other"]
    chosen = None
    for key in sorted(others, key=int):
        if magnitude >= int(key):
            chosen = key
    if chosen is None or others[chosen].pattern.strip("0") == "" or "0" not in others[chosen].pattern:
        scaled = rounded(magnitude, PrecisionFraction(0, COMPACT_FRACTION_DIGITS), mode)
        return _pattern(locale.decimal_formats[None], _places(scaled)), scaled
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

    writer = _Writer(where, currency)

    display = number.display
    below = isinstance(display, NumberDisplayBelowThreshold)
    money = None
    if below:
        places = min(max(display.places, 0), MAX_PLACES)
        magnitude = _decimal(display.threshold if math.isfinite(display.threshold) else 0.0)
        digits = magnitude.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
        pattern = None
    elif isinstance(display, NumberDisplayAbbreviated):
        pattern, digits = _compact(_decimal(value), where, mode)
        if currency is not None:
            money = _currency_pattern(where)
    elif isinstance(display, NumberDisplayNumber):
        digits = rounded(_decimal(value), display.precision, mode)
        pattern = None
    else:
        raise TypeError(f"not a GemNumberDisplay: {display!r}")

    if pattern is None:
        if currency is not None:
            base = _currency_pattern(where)
        elif isinstance(unit, NumberUnitPercent):
            base = where.percent_formats[None]
            digits = digits.scaleb(-2)           # the pattern multiplies by 100; the digits stay those settled
        else:
            base = where.decimal_formats[None]
        places = _places(digits) - (2 if isinstance(unit, NumberUnitPercent) else 0)
        pattern = _pattern(base, max(places, 0))

    negative = value < 0 and digits != 0 and not below
    plus = number.notation == NumberNotation.SIGNED and value > 0 and digits != 0 and not below
    if money is not None:
        # Compact money: the currency pattern's prefix and suffix (signed ones for a sign) around the compact digits.
        body = writer.wrap(money, writer.write(pattern, digits, False, False), digits, negative, plus)
    else:
        body = writer.write(pattern, digits, negative, plus)
    if isinstance(unit, NumberUnitSymbol):
        body = f"{body} {unit.symbol}"
    elif isinstance(unit, NumberUnitMultiplier):
        body = f"{body}x"
    if below:
        body = f"< {body}"
    if number.notation == NumberNotation.PARENTHESISED:
        body = f"({body})"
    return body
