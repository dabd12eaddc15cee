/*
 * gem-host format currency|amount: a number as a person reads it. The core settles the style
 * (gem_formatted_currency / gem_formatted_amount answer a GemFormattedNumber); number_renderer.c
 * writes it for the locale (--locale, else $LC_ALL, $LC_NUMERIC or $LANG, else en). Prints the text
 * on stdout; --format json prints {"text":…,"number":{…}} instead.
 *
 *   format currency --value V --code USD [--style currency|fiat|abbreviated] [--signed yes]
 *   format amount --value V [--symbol BTC] [--style full|short|auto]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host.h"
#include "number_renderer.h"

/* The locale a person set for numbers: "de_DE.UTF-8" reads as "de_DE"; "C" and "POSIX" as "en". */
static void user_locale(const char *given, char *out, size_t cap) {
    const char *names[] = {"LC_ALL", "LC_NUMERIC", "LANG"};
    const char *locale = given;
    for (size_t i = 0; !locale && i < sizeof(names) / sizeof(names[0]); i++) {
        const char *value = getenv(names[i]);
        if (value && *value) locale = value;
    }
    if (!locale || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0 || strncmp(locale, "C.", 2) == 0) locale = "en";
    snprintf(out, cap, "%s", locale);
    out[strcspn(out, ".@")] = '\0';
}

int format_currency_text(double value, const char *code, const char *locale, char *out, size_t cap) {
    char resolved[64];
    user_locale(locale, resolved, sizeof(resolved));
    cJSON *request = cJSON_CreateObject();
    cJSON_AddNumberToObject(request, "value", value);
    cJSON_AddStringToObject(request, "code", code);
    cJSON_AddStringToObject(request, "style", "currency");
    cJSON_AddBoolToObject(request, "signed", 0);
    char *request_json = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    if (!request_json) return -1;
    gem_buffer answer = {0};
    gem_status status = gem_formatted_currency(request_json, &answer);
    cJSON_free(request_json);
    cJSON *number = status == GEM_OK ? cJSON_Parse((const char *)answer.data) : NULL;
    gem_buffer_free(&answer);
    int rc = number ? render_number(number, resolved, out, cap) : -1;
    cJSON_Delete(number);
    return rc;
}

int format_command(int argc, char **argv, int at) {
    static const char *const options[] = {"--value", "--code", "--symbol", "--style", "--signed", "--locale", "--format", NULL};
    if (at >= argc || (strcmp(argv[at], "currency") != 0 && strcmp(argv[at], "amount") != 0)) return usage();
    int currency = strcmp(argv[at], "currency") == 0;
    const char *command = currency ? "format currency" : "format amount";
    if (cli_check_args(argc, argv, at + 1, command, options, 0) != 0) return 2;
    const char *value = cli_flag(argc, argv, at + 1, "--value");
    const char *code = cli_flag(argc, argv, at + 1, "--code");
    const char *symbol = cli_flag(argc, argv, at + 1, "--symbol");
    const char *style = cli_flag(argc, argv, at + 1, "--style");
    const char *signed_flag = cli_flag(argc, argv, at + 1, "--signed");
    const char *format = cli_flag(argc, argv, at + 1, "--format");
    char *end = NULL;
    double number = value ? strtod(value, &end) : 0;
    if (!value || !end || *end || (currency && (!code || symbol)) || (!currency && (code || signed_flag)) ||
        (format && strcmp(format, "json") != 0 && strcmp(format, "text") != 0)) {
        fprintf(stderr, "gem-host: %s: %s\n", command,
                currency ? "needs --value NUMBER --code CODE [--style currency|fiat|abbreviated] [--signed yes]"
                         : "needs --value NUMBER [--symbol SYMBOL] [--style full|short|auto]");
        return 2;
    }
    char locale[64];
    user_locale(cli_flag(argc, argv, at + 1, "--locale"), locale, sizeof(locale));

    cJSON *request = cJSON_CreateObject();
    cJSON_AddNumberToObject(request, "value", number);
    if (code) cJSON_AddStringToObject(request, "code", code);
    if (symbol) cJSON_AddStringToObject(request, "symbol", symbol);
    cJSON_AddStringToObject(request, "style", style ? style : currency ? "currency" : "short");
    if (currency) cJSON_AddBoolToObject(request, "signed", signed_flag && strcmp(signed_flag, "yes") == 0);
    char *request_json = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    if (!request_json) return 1;
    gem_buffer out = {0};
    gem_status status = currency ? gem_formatted_currency(request_json, &out) : gem_formatted_amount(request_json, &out);
    cJSON_free(request_json);
    if (status != GEM_OK) return cli_print_buffer(command, status, &out);
    cJSON *answer = cJSON_Parse((const char *)out.data);
    gem_buffer_free(&out);
    char text[1024];
    int rc = answer && render_number(answer, locale, text, sizeof(text)) == 0 ? 0 : 1;
    if (rc != 0) {
        fprintf(stderr, "gem-host: %s: cannot render the number for the locale %s\n", command, locale);
    } else if (format && strcmp(format, "json") == 0) {
        cJSON *printed = cJSON_CreateObject();
        cJSON_AddStringToObject(printed, "text", text);
        cJSON_AddItemToObject(printed, "number", cJSON_Duplicate(answer, 1));
        char *line = cJSON_PrintUnformatted(printed);
        if (line) printf("%s\n", line);
        cJSON_free(line);
        cJSON_Delete(printed);
    } else {
        printf("%s\n", text);
    }
    cJSON_Delete(answer);
    return rc;
}
