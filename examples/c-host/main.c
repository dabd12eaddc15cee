/*
 * gem-host: a C front end of libgemstone. It is the composition root: it opens its SQLite
 * database, builds the port tables (stores over SQLite, HTTP over libcurl, a permission answer
 * from a flag), hands them to the core's services, and prints each answer as JSON on stdout.
 * Errors go to stderr with a non-zero exit status.
 */
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <gemstone.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curl_transport.h"
#include "sqlite_stores.h"
#include "waiter.h"

typedef struct options {
    const char *db;
    const char *api;
    int permission; /* the answer of the notification permission port */
} options;

typedef struct host {
    options opts;
    sqlite_stores stores;
    gem_preferences_service *preferences;
    gem_price_alert_service *alerts;
} host;

static int usage(void) {
    fprintf(stderr,
            "usage: gem-host [--db FILE] [--api URL] [--permission grant|deny] COMMAND\n"
            "  version\n"
            "  prefs show | prefs set [--currency CODE] [--device-id ID]\n"
            "  alerts list [--asset ID]\n"
            "  alerts add --asset ID [--currency CODE] [--price P] [--percent X] [--direction up|down]\n"
            "  alerts delete ID...\n"
            "  alerts sync [--asset ID]\n"
            "  alerts enable | alerts disable | alerts status\n"
            "  --db defaults to gem.db; --api to $GEM_API_URL or http://127.0.0.1:8088\n");
    return 2;
}

/* Prints the error record of a failed call to stderr and returns the exit status. */
static int report_error(const char *what, gem_status status, const char *json) {
    cJSON *record = json ? cJSON_Parse(json) : NULL;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(record, "type"));
    const char *message = cJSON_GetStringValue(cJSON_GetObjectItem(record, "message"));
    fprintf(stderr, "gem-host: %s failed: %s (%s, status %d)\n", what, message ? message : "no message",
            type ? type : "unknown", (int)status);
    cJSON_Delete(record);
    return 1;
}

static int print_buffer(const char *what, gem_status status, gem_buffer *out) {
    int rc = 0;
    if (status == GEM_OK) {
        printf("%s\n", out->data ? (const char *)out->data : "null");
    } else {
        rc = report_error(what, status, (const char *)out->data);
    }
    gem_buffer_free(out);
    return rc;
}

/* Waits for an async command started with `w` and prints its answer. */
static int finish(const char *what, gem_status started, waiter *w) {
    int rc = 0;
    if (started != GEM_OK) {
        fprintf(stderr, "gem-host: %s could not start (status %d)\n", what, (int)started);
        rc = 1;
    } else if (waiter_wait(w) == GEM_OK) {
        printf("%s\n", w->json ? w->json : "null");
    } else {
        rc = report_error(what, w->status, w->json);
    }
    waiter_destroy(w);
    return rc;
}

static void permission_request(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    const options *opts = context;
    const char *answer = opts->permission ? "true" : "false";
    gem_call_ok(call, (const uint8_t *)answer, strlen(answer));
}

static int ensure_device_id(host *h) {
    gem_buffer out = {0};
    if (gem_preferences_service_get(h->preferences, &out) != GEM_OK) return print_buffer("prefs", GEM_ERR_INTERNAL, &out);
    cJSON *prefs = cJSON_Parse((const char *)out.data);
    int has = cJSON_GetStringValue(cJSON_GetObjectItem(prefs, "device_id")) != NULL;
    cJSON_Delete(prefs);
    gem_buffer_free(&out);
    if (has) return 0;
    unsigned char bytes[16];
    FILE *random = fopen("/dev/urandom", "rb");
    if (!random || fread(bytes, 1, sizeof(bytes), random) != sizeof(bytes)) {
        if (random) fclose(random);
        fprintf(stderr, "gem-host: cannot read /dev/urandom\n");
        return 1;
    }
    fclose(random);
    char patch[64] = "{\"device_id\":\"";
    size_t at = strlen(patch);
    for (size_t i = 0; i < sizeof(bytes); i++) at += (size_t)snprintf(patch + at, sizeof(patch) - at, "%02x", bytes[i]);
    snprintf(patch + at, sizeof(patch) - at, "\"}");
    gem_status status = gem_preferences_service_update(h->preferences, patch, &out);
    if (status != GEM_OK) return print_buffer("set device id", status, &out);
    gem_buffer_free(&out);
    return 0;
}

static int host_open(host *h) {
    if (sqlite_stores_open(&h->stores, h->opts.db) != 0) return 1;
    gem_buffer error = {0};
    gem_preferences_store prefs_table = sqlite_preferences_table(&h->stores);
    gem_status status = gem_preferences_service_new(&prefs_table, &h->preferences, &error);
    if (status != GEM_OK) return print_buffer("preferences service", status, &error);
    if (ensure_device_id(h) != 0) return 1;

    gem_http_transport transport = curl_transport_table();
    gem_price_alert_store alert_table = sqlite_price_alert_table(&h->stores);
    gem_notification_permissions permissions = {
        .struct_size = sizeof(gem_notification_permissions),
        .context = &h->opts,
        .release = NULL,
        .request = permission_request,
    };
    cJSON *config = cJSON_CreateObject();
    cJSON_AddStringToObject(config, "api_url", h->opts.api);
    char *config_json = cJSON_PrintUnformatted(config);
    cJSON_Delete(config);
    status = gem_price_alert_service_new(config_json, &transport, h->preferences, &alert_table, &permissions, &h->alerts, &error);
    free(config_json);
    if (status != GEM_OK) return print_buffer("price alert service", status, &error);
    return 0;
}

static void host_close(host *h) {
    gem_price_alert_service_free(h->alerts);
    gem_preferences_service_free(h->preferences);
    h->alerts = NULL;
    h->preferences = NULL;
    sqlite_stores_close(&h->stores);
}

/* Finds "--name VALUE" among argv[from..argc); NULL when absent. */
static const char *flag(int argc, char **argv, int from, const char *name) {
    for (int i = from; i + 1 < argc; i++) {
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    }
    return NULL;
}

static int prefs_command(host *h, int argc, char **argv, int at) {
    gem_buffer out = {0};
    if (at < argc && strcmp(argv[at], "show") == 0) {
        return print_buffer("prefs show", gem_preferences_service_get(h->preferences, &out), &out);
    }
    if (at < argc && strcmp(argv[at], "set") == 0) {
        cJSON *patch = cJSON_CreateObject();
        const char *currency = flag(argc, argv, at + 1, "--currency");
        const char *device = flag(argc, argv, at + 1, "--device-id");
        if (currency) cJSON_AddStringToObject(patch, "currency", currency);
        if (device) cJSON_AddStringToObject(patch, "device_id", device);
        char *text = cJSON_PrintUnformatted(patch);
        cJSON_Delete(patch);
        int rc = print_buffer("prefs set", gem_preferences_service_update(h->preferences, text, &out), &out);
        free(text);
        return rc;
    }
    return usage();
}

static int alerts_add(host *h, int argc, char **argv, int at) {
    const char *asset = flag(argc, argv, at, "--asset");
    if (!asset) {
        fprintf(stderr, "gem-host: alerts add needs --asset ID\n");
        return 2;
    }
    cJSON *alert = cJSON_CreateObject();
    cJSON_AddStringToObject(alert, "asset_id", asset);
    const char *currency = flag(argc, argv, at, "--currency");
    char *stored_currency = NULL;
    if (!currency) {
        gem_buffer out = {0};
        if (gem_preferences_service_get(h->preferences, &out) == GEM_OK) {
            cJSON *prefs = cJSON_Parse((const char *)out.data);
            const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(prefs, "currency"));
            if (value) stored_currency = strdup(value);
            cJSON_Delete(prefs);
        }
        gem_buffer_free(&out);
    }
    cJSON_AddStringToObject(alert, "currency", currency ? currency : (stored_currency ? stored_currency : "USD"));
    free(stored_currency);
    const char *price = flag(argc, argv, at, "--price");
    const char *percent = flag(argc, argv, at, "--percent");
    const char *direction = flag(argc, argv, at, "--direction");
    /* Numbers are passed through as typed: the core validates them. */
    if (price) cJSON_AddRawToObject(alert, "price", price);
    if (percent) cJSON_AddRawToObject(alert, "price_percent_change", percent);
    if (direction) cJSON_AddStringToObject(alert, "price_direction", direction);
    char *text = cJSON_PrintUnformatted(alert);
    cJSON_Delete(alert);
    waiter w;
    waiter_init(&w);
    int rc = finish("alerts add", gem_price_alert_service_add(h->alerts, text, waiter_done, &w), &w);
    free(text);
    return rc;
}

static int alerts_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    const char *verb = argv[at];
    waiter w;
    waiter_init(&w);
    if (strcmp(verb, "list") == 0) {
        return finish("alerts list", gem_price_alert_service_get_price_alerts(h->alerts, flag(argc, argv, at + 1, "--asset"), waiter_done, &w), &w);
    }
    if (strcmp(verb, "sync") == 0) {
        return finish("alerts sync", gem_price_alert_service_sync(h->alerts, flag(argc, argv, at + 1, "--asset"), waiter_done, &w), &w);
    }
    if (strcmp(verb, "enable") == 0 || strcmp(verb, "disable") == 0) {
        int enable = strcmp(verb, "enable") == 0;
        return finish(enable ? "alerts enable" : "alerts disable", gem_price_alert_service_set_enabled(h->alerts, enable, waiter_done, &w), &w);
    }
    waiter_destroy(&w);
    if (strcmp(verb, "status") == 0) {
        gem_buffer out = {0};
        return print_buffer("alerts status", gem_price_alert_service_is_enabled(h->alerts, &out), &out);
    }
    if (strcmp(verb, "add") == 0) return alerts_add(h, argc, argv, at + 1);
    if (strcmp(verb, "delete") == 0) {
        if (at + 1 >= argc) return usage();
        cJSON *ids = cJSON_CreateArray();
        for (int i = at + 1; i < argc; i++) cJSON_AddItemToArray(ids, cJSON_CreateString(argv[i]));
        char *text = cJSON_PrintUnformatted(ids);
        cJSON_Delete(ids);
        waiter_init(&w);
        int rc = finish("alerts delete", gem_price_alert_service_delete(h->alerts, text, waiter_done, &w), &w);
        free(text);
        return rc;
    }
    return usage();
}

int main(int argc, char **argv) {
    host h;
    memset(&h, 0, sizeof(h));
    h.opts.db = "gem.db";
    h.opts.api = getenv("GEM_API_URL") ? getenv("GEM_API_URL") : "http://127.0.0.1:8088";
    h.opts.permission = 1;
    int at = 1;
    while (at < argc && strncmp(argv[at], "--", 2) == 0) {
        if (at + 1 >= argc) return usage();
        if (strcmp(argv[at], "--db") == 0) h.opts.db = argv[at + 1];
        else if (strcmp(argv[at], "--api") == 0) h.opts.api = argv[at + 1];
        else if (strcmp(argv[at], "--permission") == 0) h.opts.permission = strcmp(argv[at + 1], "grant") == 0;
        else return usage();
        at += 2;
    }
    if (at >= argc) return usage();
    if (strcmp(argv[at], "version") == 0) {
        printf("{\"abi_version\":%u,\"header_abi_version\":%d}\n", gem_abi_version(), GEM_ABI_VERSION);
        return gem_abi_version() == GEM_ABI_VERSION ? 0 : 1;
    }
    if (gem_abi_version() != GEM_ABI_VERSION) {
        fprintf(stderr, "gem-host: libgemstone ABI %u, header %d\n", gem_abi_version(), GEM_ABI_VERSION);
        return 1;
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    int rc = host_open(&h);
    if (rc == 0) {
        const char *group = argv[at];
        if (strcmp(group, "prefs") == 0) rc = prefs_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "alerts") == 0) rc = alerts_command(&h, argc, argv, at + 1);
        else rc = usage();
    }
    host_close(&h);
    curl_global_cleanup();
    return rc;
}
