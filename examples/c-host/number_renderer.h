/*
 * The number renderer of C hosts: a GemFormattedNumber record (a value and the style Core settled,
 * as the JSON gem_formatted_currency and gem_formatted_amount answer) into the text a person reads
 * in a locale, over ICU's unum_* API (Debian libicu-dev). The same steps as the Python
 * (bindings/python/gemstone/render.py) and Kotlin (NumberRenderer.kt) renderers, checked against the
 * same table, tests/render/cases.json (ctest render_cases).
 */
#ifndef GEM_HOST_NUMBER_RENDERER_H
#define GEM_HOST_NUMBER_RENDERER_H

#include <cjson/cJSON.h>
#include <stddef.h>

/*
 * Writes the text of `number` in `locale` ("en", "de", "ar", "fa", "ja", "pt_BR") into out (UTF-8,
 * NUL-terminated, at most cap bytes). Returns 0, or -1 when the record is malformed, the locale's
 * formatter cannot be made, or the text does not fit (out then holds an empty string).
 */
int render_number(const cJSON *number, const char *locale, char *out, size_t cap);

#endif
