#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_report_error(const char *what, gem_status status, const char *json) {
    cJSON *record = json ? cJSON_Parse(json) : NULL;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(record, "type"));
    const char *message = cJSON_GetStringValue(cJSON_GetObjectItem(record, "message"));
    fprintf(stderr, "gem-host: %s failed: %s (%s, status %d)\n", what, message ? message : "no message",
            type ? type : "unknown", (int)status);
    cJSON_Delete(record);
    return 1;
}

int cli_print_buffer(const char *what, gem_status status, gem_buffer *out) {
    int rc = 0;
    if (status == GEM_OK) {
        printf("%s\n", out->data ? (const char *)out->data : "null");
    } else {
        rc = cli_report_error(what, status, (const char *)out->data);
    }
    gem_buffer_free(out);
    return rc;
}

int cli_finish(const char *what, gem_status started, waiter *w) {
    int rc = 0;
    if (started != GEM_OK) {
        fprintf(stderr, "gem-host: %s could not start (status %d)\n", what, (int)started);
        rc = 1;
    } else if (waiter_wait(w) == GEM_OK) {
        printf("%s\n", w->json ? w->json : "null");
    } else {
        rc = cli_report_error(what, w->status, w->json);
    }
    waiter_destroy(w);
    return rc;
}

const char *cli_flag(int argc, char **argv, int from, const char *name) {
    for (int i = from; i + 1 < argc; i++) {
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    }
    return NULL;
}

static int is_option(const char *arg) {
    return strncmp(arg, "--", 2) == 0;
}

const char *cli_positional(int argc, char **argv, int from, int n) {
    for (int i = from; i < argc; i++) {
        if (is_option(argv[i])) {
            i++;
        } else if (n-- == 0) {
            return argv[i];
        }
    }
    return NULL;
}

int cli_check_args(int argc, char **argv, int from, const char *command, const char *const *allowed, int max_positionals) {
    int positionals = 0;
    for (int i = from; i < argc; i++) {
        if (!is_option(argv[i])) {
            if (++positionals > max_positionals) {
                fprintf(stderr, "gem-host: %s: unexpected argument '%s'\n", command, argv[i]);
                return 2;
            }
            continue;
        }
        int known = 0;
        for (const char *const *name = allowed; *name; name++) known = known || strcmp(*name, argv[i]) == 0;
        if (!known) {
            fprintf(stderr, "gem-host: %s: unknown option %s\n", command, argv[i]);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "gem-host: %s: option %s needs a value\n", command, argv[i]);
            return 2;
        }
        i++;
    }
    return 0;
}

static void wipe_strings(cJSON *item) {
    for (; item; item = item->next) {
        if (cJSON_IsString(item) && item->valuestring) explicit_bzero(item->valuestring, strlen(item->valuestring));
        wipe_strings(item->child);
    }
}

void cli_delete_wiping(cJSON *json) {
    if (!json) return;
    wipe_strings(json->child);
    if (cJSON_IsString(json) && json->valuestring) explicit_bzero(json->valuestring, strlen(json->valuestring));
    cJSON_Delete(json);
}

void cli_free_wiping(char *text) {
    if (!text) return;
    explicit_bzero(text, strlen(text));
    free(text);
}
