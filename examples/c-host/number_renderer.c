/*
 * The number renderer over ICU (see number_renderer.h). Core settled how many digits a number reads
 * with; ICU writes them for the locale. The digits handed to ICU are the value's shortest round-trip
 * decimal (the fewest %.*g digits that read back as the double), so ICU's decimal rounding (half-even
 * for to_nearest, down for toward_zero) works on 2.675, not on 2.67499999…; the fraction and
 * significant-digit limits are ICU's attributes, with trailing zeros dropped down to the minimum.
 */
#include "number_renderer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

enum { MAX_PLACES = 40, COMPACT_FRACTION_DIGITS = 1, TEXT = 512 };

typedef struct digits_style {
    int significant;  /* 1: at most `max` significant digits; 0: between min and max fraction places */
    int min, max;
    UNumberFormatRoundingMode mode;
} digits_style;

/* The shortest decimal that reads back as |value|. */
static void shortest(double value, char *out, size_t cap) {
    double magnitude = fabs(value);
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(out, cap, "%.*g", precision, magnitude);
        if (strtod(out, NULL) == magnitude) return;
    }
}

static int clamp(double value, int low, int high) {
    if (!(value >= low)) return low;
    if (value > high) return high;
    return (int)value;
}

static void apply_style(UNumberFormat *format, const digits_style *style) {
    unum_setAttribute(format, UNUM_ROUNDING_MODE, style->mode);
    if (style->significant) {
        unum_setAttribute(format, UNUM_SIGNIFICANT_DIGITS_USED, 1);
        unum_setAttribute(format, UNUM_MIN_SIGNIFICANT_DIGITS, 1);
        unum_setAttribute(format, UNUM_MAX_SIGNIFICANT_DIGITS, style->max);
    } else {
        unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, style->min);
        unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, style->max);
    }
}

/* A formatter of `style` for `locale`, in currency `code` when not NULL; NULL on failure. */
static UNumberFormat *open_format(UNumberFormatStyle style, const char *locale, const char *code) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(style, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return NULL;
    if (code) {
        UChar currency[4] = {0};
        u_charsToUChars(code, currency, 3);
        if (strlen(code) != 3) {
            unum_close(format);
            return NULL;
        }
        unum_setTextAttribute(format, UNUM_CURRENCY_CODE, currency, 3, &status);
        if (U_FAILURE(status)) {
            unum_close(format);
            return NULL;
        }
    }
    return format;
}

/* Formats the decimal string `number` into text (UTF-16); returns its length or -1. */
static int format_decimal(const UNumberFormat *format, const char *number, UChar *text, int cap) {
    UErrorCode status = U_ZERO_ERROR;
    int len = unum_formatDecimal(format, number, -1, text, cap, NULL, &status);
    return U_FAILURE(status) || len >= cap ? -1 : len;
}

static int symbol(const UNumberFormat *format, UNumberFormatSymbol which, UChar *out, int cap) {
    UErrorCode status = U_ZERO_ERROR;
    int len = unum_getSymbol(format, which, out, cap, &status);
    return U_FAILURE(status) || len >= cap ? -1 : len;
}

static int text_attribute(const UNumberFormat *format, UNumberFormatTextAttribute which, UChar *out, int cap) {
    UErrorCode status = U_ZERO_ERROR;
    int len = unum_getTextAttribute(format, which, out, cap, &status);
    return U_FAILURE(status) || len >= cap ? -1 : len;
}

/* Whether `number` at `style` reads as zero (formatted plainly, no digit 1-9). */
static int rounds_to_zero(const char *number, const digits_style *style) {
    UNumberFormat *plain = open_format(UNUM_DECIMAL, "en_US_POSIX", NULL);
    if (!plain) return 0;
    apply_style(plain, style);
    unum_setAttribute(plain, UNUM_GROUPING_USED, 0);
    UChar text[TEXT];
    int len = format_decimal(plain, number, text, TEXT);
    unum_close(plain);
    for (int i = 0; i < len; i++) {
        if (text[i] >= '1' && text[i] <= '9') return 0;
    }
    return len >= 0;
}

/* Replaces the first `from` in text with `to` (UTF-16, in place); returns the new length or -1. */
static int replace_first(UChar *text, int len, int cap, const UChar *from, int from_len, const UChar *to, int to_len) {
    if (from_len <= 0) return -1;
    for (int i = 0; i + from_len <= len; i++) {
        if (memcmp(text + i, from, (size_t)from_len * sizeof(UChar)) != 0) continue;
        if (len - from_len + to_len >= cap) return -1;
        memmove(text + i + to_len, text + i + from_len, (size_t)(len - i - from_len) * sizeof(UChar));
        memcpy(text + i, to, (size_t)to_len * sizeof(UChar));
        return len - from_len + to_len;
    }
    return -1;
}

static int is_bidi_mark(UChar c) { return c == 0x200E || c == 0x200F || c == 0x061C; }

/* The symbol without the direction marks CLDR puts around it. */
static int bare(const UChar *in, int len, UChar *out) {
    int n = 0;
    for (int i = 0; i < len; i++) {
        if (!is_bidi_mark(in[i])) out[n++] = in[i];
    }
    return n;
}

/*
 * The locale's negative form (already in text) with its minus sign swapped for the locale's plus
 * sign; when the negative pattern writes a sign of its own, that bare sign is swapped.
 */
static int with_plus(const UNumberFormat *symbols, UChar *text, int len, int cap) {
    UChar minus[16], plus[16], bare_minus[16], bare_plus[16];
    int minus_len = symbol(symbols, UNUM_MINUS_SIGN_SYMBOL, minus, 16);
    int plus_len = symbol(symbols, UNUM_PLUS_SIGN_SYMBOL, plus, 16);
    if (minus_len < 0 || plus_len < 0) return -1;
    int done = replace_first(text, len, cap, minus, minus_len, plus, plus_len);
    if (done >= 0) return done;
    int bare_plus_len = bare(plus, plus_len, bare_plus);
    int bare_minus_len = bare(minus, minus_len, bare_minus);
    done = replace_first(text, len, cap, bare_minus, bare_minus_len, bare_plus, bare_plus_len);
    if (done >= 0) return done;
    static const UChar hyphen[] = {'-'}, sign[] = {0x2212};
    done = replace_first(text, len, cap, hyphen, 1, bare_plus, bare_plus_len);
    if (done >= 0) return done;
    return replace_first(text, len, cap, sign, 1, bare_plus, bare_plus_len);
}

static int append_utf8(char *out, size_t cap, size_t *used, const char *text) {
    size_t len = strlen(text);
    if (*used + len + 1 > cap) return -1;
    memcpy(out + *used, text, len + 1);
    *used += len;
    return 0;
}

int render_number(const cJSON *number, const char *locale, char *out, size_t cap) {
    if (!out || cap == 0) return -1;
    out[0] = '\0';
    const cJSON *unit = cJSON_GetObjectItem(number, "unit"), *display = cJSON_GetObjectItem(number, "display");
    const char *unit_type = cJSON_GetStringValue(cJSON_GetObjectItem(unit, "type"));
    const char *display_type = cJSON_GetStringValue(cJSON_GetObjectItem(display, "type"));
    const char *notation = cJSON_GetStringValue(cJSON_GetObjectItem(number, "notation"));
    const char *rounding = cJSON_GetStringValue(cJSON_GetObjectItem(number, "rounding"));
    const cJSON *value_item = cJSON_GetObjectItem(number, "value");
    if (!unit_type || !display_type || !notation || !rounding || !cJSON_IsNumber(value_item) || !locale) return -1;
    double value = isfinite(value_item->valuedouble) ? value_item->valuedouble : 0.0;
    const char *code = strcmp(unit_type, "currency") == 0 ? cJSON_GetStringValue(cJSON_GetObjectItem(unit, "code")) : NULL;
    if (strcmp(unit_type, "currency") == 0 && !code) return -1;
    int percent = strcmp(unit_type, "percent") == 0;
    int below = strcmp(display_type, "below_threshold") == 0;
    int compact = strcmp(display_type, "abbreviated") == 0;

    digits_style style = {0, 0, 0, strcmp(rounding, "toward_zero") == 0 ? UNUM_ROUND_DOWN : UNUM_ROUND_HALFEVEN};
    char digits[64];
    if (below) {
        const cJSON *threshold = cJSON_GetObjectItem(display, "threshold");
        if (!cJSON_IsNumber(threshold)) return -1;
        style.min = style.max = clamp(cJSON_GetNumberValue(cJSON_GetObjectItem(display, "places")), 0, MAX_PLACES);
        style.mode = UNUM_ROUND_HALFEVEN;
        shortest(isfinite(threshold->valuedouble) ? threshold->valuedouble : 0.0, digits, sizeof(digits));
    } else if (compact) {
        style.min = 0;
        style.max = COMPACT_FRACTION_DIGITS;
        shortest(value, digits, sizeof(digits));
    } else if (strcmp(display_type, "number") == 0) {
        const cJSON *precision = cJSON_GetObjectItem(display, "precision");
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(precision, "type"));
        if (!kind) return -1;
        if (strcmp(kind, "significant") == 0) {
            style.significant = 1;
            style.max = clamp(cJSON_GetNumberValue(cJSON_GetObjectItem(precision, "max")), 1, MAX_PLACES);
        } else if (strcmp(kind, "fraction") == 0) {
            style.max = clamp(cJSON_GetNumberValue(cJSON_GetObjectItem(precision, "max")), 0, MAX_PLACES);
            style.min = clamp(cJSON_GetNumberValue(cJSON_GetObjectItem(precision, "min")), 0, style.max);
        } else {
            return -1;
        }
        shortest(value, digits, sizeof(digits));
    } else {
        return -1;
    }

    UNumberFormatStyle kind = compact ? UNUM_DECIMAL_COMPACT_SHORT : code ? UNUM_CURRENCY : percent ? UNUM_PERCENT : UNUM_DECIMAL;
    UNumberFormat *format = open_format(kind, locale, compact ? NULL : code);
    UNumberFormat *currency = compact && code ? open_format(UNUM_CURRENCY, locale, code) : NULL;
    if (!format || (compact && code && !currency)) {
        if (format) unum_close(format);
        if (currency) unum_close(currency);
        return -1;
    }
    apply_style(format, &style);
    if (percent) unum_setAttribute(format, UNUM_MULTIPLIER, 1); /* the value is already in percent */

    int non_zero = !rounds_to_zero(digits, &style);
    int negative = value < 0 && non_zero && !below;
    int plus = strcmp(notation, "signed") == 0 && value > 0 && non_zero && !below;
    char signed_digits[72];
    snprintf(signed_digits, sizeof(signed_digits), "%s%s", negative || plus ? "-" : "", digits);

    UChar text[TEXT];
    int len;
    if (currency) {
        /* Compact money: the locale's currency prefix and suffix around the compact digits. */
        UChar prefix[64], suffix[64], body[TEXT];
        int pre = text_attribute(currency, negative || plus ? UNUM_NEGATIVE_PREFIX : UNUM_POSITIVE_PREFIX, prefix, 64);
        int suf = text_attribute(currency, negative || plus ? UNUM_NEGATIVE_SUFFIX : UNUM_POSITIVE_SUFFIX, suffix, 64);
        int mid = format_decimal(format, digits, body, TEXT);
        len = pre < 0 || suf < 0 || mid < 0 || pre + mid + suf >= TEXT ? -1 : pre + mid + suf;
        if (len >= 0) {
            memcpy(text, prefix, (size_t)pre * sizeof(UChar));
            memcpy(text + pre, body, (size_t)mid * sizeof(UChar));
            memcpy(text + pre + mid, suffix, (size_t)suf * sizeof(UChar));
        }
    } else {
        len = format_decimal(format, signed_digits, text, TEXT);
    }
    if (len >= 0 && plus) {
        int swapped = with_plus(currency ? currency : format, text, len, TEXT);
        if (swapped >= 0) {
            len = swapped;
        } else {
            len = -1;
        }
    }
    if (currency) unum_close(currency);
    unum_close(format);
    if (len < 0) return -1;

    char utf8[TEXT * 3];
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(utf8, (int32_t)sizeof(utf8), &written, text, len, &status);
    if (U_FAILURE(status) || written >= (int32_t)sizeof(utf8)) return -1;
    utf8[written] = '\0';

    size_t used = 0;
    int parenthesised = strcmp(notation, "parenthesised") == 0;
    int failed = 0;
    if (parenthesised) failed |= append_utf8(out, cap, &used, "(");
    if (below) failed |= append_utf8(out, cap, &used, "< ");
    failed |= append_utf8(out, cap, &used, utf8);
    if (strcmp(unit_type, "symbol") == 0) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(unit, "symbol"));
        if (!name) failed = 1;
        else failed |= append_utf8(out, cap, &used, " ") | append_utf8(out, cap, &used, name);
    } else if (strcmp(unit_type, "multiplier") == 0) {
        failed |= append_utf8(out, cap, &used, "x");
    }
    if (parenthesised) failed |= append_utf8(out, cap, &used, ")");
    if (failed) {
        out[0] = '\0';
        return -1;
    }
    return 0;
}
