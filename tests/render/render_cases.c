/*
 * The C renderer (examples/c-host/number_renderer.c, over ICU) against the shared table
 * tests/render/cases.json. Where a case's "icu" entry records ICU's own text for a locale (the
 * system ICU's CLDR data is older than Babel's), that text is expected instead.
 * Usage: render_cases CASES_JSON [--dump]   (--dump prints every text as JSON, to review a new case)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number_renderer.h"

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text && fread(text, 1, (size_t)size, file) == (size_t)size) {
        text[size] = '\0';
    } else {
        free(text);
        text = NULL;
    }
    fclose(file);
    return text;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: render_cases CASES_JSON [--dump]\n");
        return 2;
    }
    int dump = argc > 2 && strcmp(argv[2], "--dump") == 0;
    char *text = read_file(argv[1]);
    cJSON *table = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!table) {
        fprintf(stderr, "render_cases: cannot read %s\n", argv[1]);
        return 2;
    }
    const cJSON *locales = cJSON_GetObjectItem(table, "locales"), *cases = cJSON_GetObjectItem(table, "cases");
    int passed = 0, failed = 0, identical = 0;
    cJSON *actual = cJSON_CreateObject();
    const cJSON *item = NULL;
    cJSON_ArrayForEach(item, cases) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(item, "name"));
        const cJSON *overrides = cJSON_GetObjectItem(item, "icu");
        const cJSON *locale = NULL;
        cJSON_ArrayForEach(locale, locales) {
            const char *id = cJSON_GetStringValue(locale);
            const char *shared = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(item, "text"), id));
            const char *own = cJSON_GetStringValue(cJSON_GetObjectItem(overrides, id));
            const char *expected = own ? own : shared;
            char out[1024];
            int rc = render_number(cJSON_GetObjectItem(item, "number"), id, out, sizeof(out));
            char key[256];
            snprintf(key, sizeof(key), "%s|%s", name ? name : "?", id ? id : "?");
            cJSON_AddStringToObject(actual, key, rc == 0 ? out : "<error>");
            if (rc == 0 && expected && strcmp(out, expected) == 0) {
                passed++;
                identical += own == NULL;
            } else {
                failed++;
                if (!dump) printf("FAIL %s [%s]: expected <%s>, got <%s>\n", name, id, expected ? expected : "?", rc == 0 ? out : "<error>");
            }
        }
    }
    if (dump) {
        char *printed = cJSON_Print(actual);
        printf("%s\n", printed);
        free(printed);
    } else {
        printf("render: %d texts identical to the Python renderer's, %d from ICU's own CLDR data\n", identical, passed - identical);
        printf("%d passed, %d failed\n", passed, failed);
    }
    cJSON_Delete(actual);
    cJSON_Delete(table);
    return failed == 0 && passed > 0 ? 0 : 1;
}
