package com.gemwallet.gemstone

import com.ibm.icu.text.CompactDecimalFormat
import com.ibm.icu.text.DecimalFormat
import com.ibm.icu.text.DecimalFormatSymbols
import com.ibm.icu.text.NumberFormat
import com.ibm.icu.util.Currency
import com.ibm.icu.util.ULocale
import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * The number renderer: a [FormattedNumber] (a value and the style Core settled) into the text a person reads in a
 * locale, over ICU4J (Debian `libicu4j-java`). The specification's rule ("A number crosses as a value and a style …
 * one small renderer per platform"): Core decides how many digits a number reads with, the locale only how they are
 * written. The steps are those of the Python renderer (`bindings/python/gemstone/render.py`, which spells them out)
 * and both are checked against one table, `tests/render/cases.json` (suite `render`):
 *
 *  - the digits of the value are its shortest round-trip form (Double.toString), rounded in decimal
 *    (to_nearest: half-even; toward_zero: truncated) to the precision, trailing zeros dropped down to the minimum;
 *  - abbreviated: ICU's short compact form, at most [COMPACT_FRACTION_DIGITS] fraction digit;
 *  - below_threshold: "< " and the threshold at its places, never signed;
 *  - currency in the locale's currency pattern; symbol as "<digits> <symbol>"; percent in the locale's percent
 *    pattern; plain; multiplier as "<digits>x";
 *  - signed: the locale's plus sign where it puts its minus sign; parenthesised: the text in parentheses;
 *  - the locale's default digits.
 */
object NumberRenderer {
    /** The most fraction digits a compact number reads with ("1.2M"). */
    const val COMPACT_FRACTION_DIGITS = 1

    /** Places beyond which a requested precision is cut. */
    const val MAX_PLACES = 40

    private const val BIDI_MARKS = "\u200e\u200f\u061c"

    /** The text [number] reads as in [locale] (a BCP 47 tag or a CLDR id: "en", "de", "ar", "fa", "ja", "pt_BR"). */
    @JvmStatic
    fun text(number: FormattedNumber, locale: String): String {
        val where = ULocale.forLanguageTag(locale.replace('_', '-'))
        val value = if (number.value.isFinite()) number.value else 0.0
        val mode = if (number.rounding == NumberRounding.TOWARD_ZERO) RoundingMode.DOWN else RoundingMode.HALF_EVEN
        val unit = number.unit
        val display = number.display
        val below = display is NumberDisplay.BelowThreshold
        val digits: BigDecimal
        val format: (BigDecimal) -> String
        when (display) {
            is NumberDisplay.BelowThreshold -> {
                val places = display.places.coerceIn(0, MAX_PLACES.toLong()).toInt()
                digits = decimal(if (display.threshold.isFinite()) display.threshold else 0.0).setScale(places, RoundingMode.HALF_EVEN)
                format = unitFormat(unit, where, places)
            }
            is NumberDisplay.Number -> {
                digits = rounded(decimal(value), display.precision, mode)
                format = unitFormat(unit, where, digits.scale().coerceAtLeast(0))
            }
            is NumberDisplay.Abbreviated -> {
                digits = decimal(value)
                format = compactFormat(unit, where, mode)
            }
        }
        val nonZero = digits.signum() != 0
        val negative = value < 0 && nonZero && !below
        val plus = number.notation == NumberNotation.SIGNED && value > 0 && nonZero && !below
        var body = when {
            negative -> format(digits.negate())
            plus -> withPlus(format(digits.negate()), where) { format(digits) }
            else -> format(digits)
        }
        when (unit) {
            is NumberUnit.Symbol -> body = "$body ${unit.symbol}"
            NumberUnit.Multiplier -> body = "${body}x"
            else -> Unit
        }
        if (below) body = "< $body"
        if (number.notation == NumberNotation.PARENTHESISED) body = "($body)"
        return body
    }

    /** [magnitude] (non-negative) at a precision: exactly the digits printed. */
    @JvmStatic
    fun rounded(magnitude: BigDecimal, precision: Precision, mode: RoundingMode): BigDecimal = when (precision) {
        is Precision.Significant -> {
            val digits = precision.max.coerceIn(1, MAX_PLACES.toLong()).toInt()
            if (magnitude.signum() == 0) BigDecimal.ZERO else atLeast(magnitude.round(MathContext(digits, mode)).stripTrailingZeros(), 0)
        }
        is Precision.Fraction -> {
            val maximum = precision.max.coerceIn(0, MAX_PLACES.toLong()).toInt()
            val minimum = precision.min.coerceIn(0, maximum.toLong()).toInt()
            atLeast(magnitude.setScale(maximum, mode).stripTrailingZeros(), minimum)
        }
    }

    private fun atLeast(value: BigDecimal, scale: Int): BigDecimal = if (value.scale() < scale) value.setScale(scale) else value

    /** The shortest decimal that reads back as [value], non-negative. */
    private fun decimal(value: Double): BigDecimal = BigDecimal(java.lang.Double.toString(Math.abs(value)))

    private fun unitFormat(unit: NumberUnit, where: ULocale, places: Int): (BigDecimal) -> String {
        val format = when (unit) {
            is NumberUnit.Currency -> NumberFormat.getInstance(where, NumberFormat.CURRENCYSTYLE).also {
                it.currency = Currency.getInstance(unit.code)
            }
            NumberUnit.Percent -> NumberFormat.getInstance(where, NumberFormat.PERCENTSTYLE)
            else -> NumberFormat.getInstance(where, NumberFormat.NUMBERSTYLE)
        }
        format.minimumFractionDigits = places
        format.maximumFractionDigits = places
        format.isGroupingUsed = true
        return if (unit == NumberUnit.Percent) { digits -> format.format(digits.movePointLeft(2)) } else { digits -> format.format(digits) }
    }

    private fun compactFormat(unit: NumberUnit, where: ULocale, mode: RoundingMode): (BigDecimal) -> String {
        val compact = CompactDecimalFormat.getInstance(where, CompactDecimalFormat.CompactStyle.SHORT)
        compact.minimumFractionDigits = 0
        compact.maximumFractionDigits = COMPACT_FRACTION_DIGITS
        compact.roundingMode = mode.ordinal   // java.math.RoundingMode's ordinals are BigDecimal.ROUND_* (ICU's ints)
        if (unit !is NumberUnit.Currency) return { digits -> compact.format(digits) }
        // The currency symbol goes where the locale's currency pattern puts it, around the compact digits.
        val currency = NumberFormat.getInstance(where, NumberFormat.CURRENCYSTYLE) as DecimalFormat
        currency.currency = Currency.getInstance(unit.code)
        return { digits ->
            val magnitude = compact.format(digits.abs())
            if (digits.signum() < 0) currency.negativePrefix + magnitude + currency.negativeSuffix
            else currency.positivePrefix + magnitude + currency.positiveSuffix
        }
    }

    /** [negative] (the locale's negative form) with its minus sign swapped for the locale's plus sign. */
    private fun withPlus(negative: String, where: ULocale, fallback: () -> String): String {
        val symbols = DecimalFormatSymbols.getInstance(where)
        val minus = symbols.minusSignString
        val plus = symbols.plusSignString
        if (negative.contains(minus)) return negative.replaceFirst(minus, plus)
        val barePlus = plus.trim { it in BIDI_MARKS }
        for (bare in listOf(minus.trim { it in BIDI_MARKS }, "-", "\u2212")) {
            if (bare.isNotEmpty() && negative.contains(bare)) return negative.replaceFirst(bare, barePlus)
        }
        return plus + fallback()
    }
}
