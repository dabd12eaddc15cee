/*
 * bench/prices: through the C ABI, (1) gem_wallet_asset_rows for a wallet's assets, decoded by the
 * caller with cJSON (every row parsed and its slots read); (2) a stream tick of N prices committed by
 * gem_price_service_apply_tick into gem-host's SQLite price store (one transaction); (3)
 * gem_wallet_sections for N wallets, decoded. Prints one JSON object of medians (microseconds).
 *
 * Usage: bench_prices ROWS_REQUEST TICK_A TICK_B SECTIONS_REQUEST DB_FOLDER
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <gemstone.h>
#ifdef HAVE_JSMN
#define JSMN_STATIC
#define JSMN_PARENT_LINKS /* see ../jsmn_walk.h */
#include <jsmn.h>
#endif

#include "sqlite_stores.h"

enum { ROUNDS = 31, TICK_ROUNDS = 15 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int n) {
    qsort(values, (size_t)n, sizeof(double), compare);
    return values[n / 2];
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(file);
    return text;
}

/* Reads every row's slots the way a list renderer would; returns the rows read. */
static int decode_rows(const gem_buffer *out) {
    cJSON *rows = cJSON_ParseWithLength((const char *)out->data, out->len);
    int n = 0;
    const cJSON *row = NULL;
    cJSON_ArrayForEach(row, rows) {
        const cJSON *title = cJSON_GetObjectItem(cJSON_GetObjectItem(row, "title"), "text");
        const cJSON *trailing = cJSON_GetObjectItem(row, "trailing");
        if (cJSON_GetStringValue(cJSON_GetObjectItem(title, "text")) && cJSON_GetObjectItem(trailing, "type") &&
            cJSON_IsBool(cJSON_GetObjectItem(row, "masks_balance"))) {
            n++;
        }
    }
    cJSON_Delete(rows);
    return n;
}

#ifdef HAVE_JSMN
#include "../jsmn_walk.h"

/* The same slots as decode_rows, read as a host would with jsmn (Debian libjsmn-dev): one tokenizing pass
   over the answer, then each row's members once; the texts stay views into the answer. Returns the rows
   read, or -1. */
static int decode_rows_jsmn(const gem_buffer *out) {
    const char *json = (const char *)out->data;
    int count = tokenize(json, out->len);
    if (count < 1 || tokens[0].type != JSMN_ARRAY) return -1;
    int n = 0, at = 1;
    while (at < count) {
        if (tokens[at].type != JSMN_OBJECT) return -1;
        int row = at;
        int title = member(json, tokens, row, count, "title");
        int text = title > 0 ? member(json, tokens, title, count, "text") : -1;
        int title_text = text > 0 ? member(json, tokens, text, count, "text") : -1;
        int trailing = member(json, tokens, row, count, "trailing");
        int type = trailing > 0 ? member(json, tokens, trailing, count, "type") : -1;
        int masks = member(json, tokens, row, count, "masks_balance");
        if (title_text > 0 && tokens[title_text].type == JSMN_STRING && type > 0 && masks > 0 &&
            tokens[masks].type == JSMN_PRIMITIVE && (json[tokens[masks].start] == 't' || json[tokens[masks].start] == 'f')) {
            n++;
        }
        at = next_sibling(tokens, row, count);
    }
    return n;
}
#endif

static int decode_sections(const gem_buffer *out) {
    cJSON *sections = cJSON_ParseWithLength((const char *)out->data, out->len);
    int n = 0;
    const cJSON *section = NULL;
    cJSON_ArrayForEach(section, sections) {
        const cJSON *row = NULL;
        cJSON_ArrayForEach(row, cJSON_GetObjectItem(section, "rows")) {
            if (cJSON_GetStringValue(cJSON_GetObjectItem(row, "name"))) n++;
        }
    }
    cJSON_Delete(sections);
    return n;
}

typedef struct done_state {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    gem_status status;
} done_state;

static void on_done(void *context, gem_status status, const uint8_t *data, size_t len) {
    (void)data;
    (void)len;
    done_state *d = context;
    pthread_mutex_lock(&d->lock);
    d->status = status;
    d->done = 1;
    pthread_cond_signal(&d->cond);
    pthread_mutex_unlock(&d->lock);
}

static gem_status apply(gem_price_service *service, const char *payload) {
    done_state d = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, GEM_OK};
    gem_status status = gem_price_service_apply_tick(service, payload, on_done, &d);
    if (status != GEM_OK) return status;
    pthread_mutex_lock(&d.lock);
    while (!d.done) pthread_cond_wait(&d.cond, &d.lock);
    pthread_mutex_unlock(&d.lock);
    return d.status;
}

static void offline(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_fail(call, GEM_ERR_OFFLINE, "no network in the benchmark");
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: bench_prices ROWS_REQUEST TICK_A TICK_B SECTIONS_REQUEST DB_FOLDER\n");
        return 2;
    }
    char *rows_request = read_file(argv[1]);
    char *tick_a = read_file(argv[2]);
    char *tick_b = read_file(argv[3]);
    char *sections_request = read_file(argv[4]);
    if (!rows_request || !tick_a || !tick_b || !sections_request) {
        fprintf(stderr, "bench_prices: cannot read the inputs\n");
        return 1;
    }
    gem_buffer out = {0};
    double call_us[ROUNDS], decoded_us[ROUNDS], jsmn_us[ROUNDS], sections_us[ROUNDS], tick_us[TICK_ROUNDS];
    int rows = 0, jsmn_rows = -1, section_rows = 0;
    size_t answer_bytes = 0;

    for (int r = 0; r < ROUNDS; r++) {
        double start = now_us();
        if (gem_wallet_asset_rows(rows_request, &out) != GEM_OK) {
            fprintf(stderr, "bench_prices: %.*s\n", (int)out.len, (const char *)out.data);
            return 1;
        }
        double called = now_us();
        answer_bytes = out.len;
        rows = decode_rows(&out);
        gem_buffer_free(&out);
        double decoded = now_us();
        call_us[r] = called - start;
        decoded_us[r] = decoded - start;
        jsmn_us[r] = -1;
#ifdef HAVE_JSMN
        start = now_us();
        if (gem_wallet_asset_rows(rows_request, &out) != GEM_OK) return 1;
        jsmn_rows = decode_rows_jsmn(&out);
        gem_buffer_free(&out);
        jsmn_us[r] = now_us() - start;
#endif

        start = now_us();
        if (gem_wallet_sections(sections_request, &out) != GEM_OK) return 1;
        section_rows = decode_sections(&out);
        gem_buffer_free(&out);
        sections_us[r] = now_us() - start;
    }

    release_counter tables;
    sqlite_stores stores;
    char path[512];
    snprintf(path, sizeof path, "%s/prices.db", argv[5]);
    release_counter_init(&tables);
    if (sqlite_stores_open(&stores, path, &tables) != 0) return 1;
    gem_preferences_store prefs_table = sqlite_preferences_table(&stores);
    gem_preferences_service *preferences = NULL;
    if (gem_preferences_service_new(&prefs_table, &preferences, &out) != GEM_OK) return 1;
    release_counter_give(&tables, 1);
    gem_preferences_service_update(preferences, "{\"currency\":\"EUR\"}", &out);
    gem_buffer_free(&out);
    gem_http_transport http = {sizeof(gem_http_transport), NULL, NULL, offline};
    gem_price_store price_table = sqlite_price_table(&stores);
    gem_price_service *service = NULL;
    if (gem_price_service_new("{\"api_url\":\"http://127.0.0.1:9\"}", &http, preferences, &price_table, &service, &out) != GEM_OK) return 1;
    release_counter_give(&tables, 1);
    gem_preferences_service_free(preferences);
    if (apply(service, tick_a) != GEM_OK) return 1; /* the first tick inserts; the timed ones update every row */
    for (int r = 0; r < TICK_ROUNDS; r++) {
        double start = now_us();
        if (apply(service, r % 2 == 0 ? tick_b : tick_a) != GEM_OK) return 1;
        tick_us[r] = now_us() - start;
    }
    gem_price_service_free(service);
    release_counter_wait(&tables, 10000);
    sqlite_stores_close(&stores);
    release_counter_destroy(&tables);

    if (jsmn_rows >= 0 && jsmn_rows != rows) {
        fprintf(stderr, "bench_prices: jsmn read %d rows, cJSON %d\n", jsmn_rows, rows);
        return 1;
    }
    printf("{\"rows\":%d,\"answer_bytes\":%zu,\"request_bytes\":%zu,\"rows_call_us\":%.1f,\"rows_decoded_us\":%.1f,"
           "\"rows_decoded_jsmn_us\":%.1f,\"section_rows\":%d,\"sections_decoded_us\":%.1f,\"tick_us\":%.1f}\n",
           rows, answer_bytes, strlen(rows_request), median(call_us, ROUNDS), median(decoded_us, ROUNDS),
           median(jsmn_us, ROUNDS), section_rows, median(sections_us, ROUNDS), median(tick_us, TICK_ROUNDS));
    free(rows_request);
    free(tick_a);
    free(tick_b);
    free(sections_request);
    return 0;
}
