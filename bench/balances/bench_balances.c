/*
 * bench_balances: balance refreshes through the C ABI against the local chains (tests/chains/all_chains.py),
 * over in-memory stores and the C host's libcurl transport. Driven by run.py, which starts the chains, injects
 * per-chain latencies and prints the figures beside the bounds.
 *
 *   bench_balances WALLETS_JSON NODES_CONFIG_JSON isolated          refresh each single-chain wallet in turn
 *   bench_balances WALLETS_JSON NODES_CONFIG_JSON full WALLET_ID [WARM_UP_WALLET_ID]
 *                  one refresh of a wallet on every chain (after an untimed refresh of another wallet, when given)
 *   bench_balances WALLETS_JSON NODES_CONFIG_JSON overlap WALLET_ID CHAIN FUND_URL ADDRESS N
 *                  N overlapping refreshes, the chain's node paying ADDRESS 1 wei before each one starts
 *
 * Prints one JSON object on stdout: per chain the refresh time (isolated) or the moment its rows reached the store
 * (full), in milliseconds from the refresh's start; every write of CHAIN in order (overlap).
 */
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <gemstone.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curl_transport.h"
#include "waiter.h"

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) { free(text); text = NULL; }
    if (text) text[n] = '\0';
    fclose(f);
    return text;
}

static void answer_json(gem_call *call, cJSON *json) {
    char *text = cJSON_PrintUnformatted(json);
    gem_call_ok(call, (const uint8_t *)text, strlen(text));
    free(text);
}

static void answer_text(gem_call *call, const char *text) { gem_call_ok(call, (const uint8_t *)text, strlen(text)); }

/* ---- wallets: the records of WALLETS_JSON, read-only ---- */

static cJSON *wallets;

static void wallet_get_all(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx; (void)args; (void)len;
    answer_json(call, wallets);
}

static void wallet_get(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx;
    cJSON *request = cJSON_ParseWithLength((const char *)args, len);
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(request, "wallet_id"));
    cJSON *wallet = NULL, *found = NULL;
    cJSON_ArrayForEach(wallet, wallets) {
        const char *wid = cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "id"));
        if (id && wid && strcmp(id, wid) == 0) found = wallet;
    }
    if (found) answer_json(call, found); else answer_text(call, "null");
    cJSON_Delete(request);
}

static void answer_null(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx; (void)args; (void)len;
    gem_call_ok(call, NULL, 0);
}

static void answer_empty_list(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx; (void)args; (void)len;
    answer_text(call, "[]");
}

/* ---- balances: rows in memory, each write timed ---- */

#define MAX_WRITES 4096

typedef struct write_record {
    char chain[32];
    double at_ms;
    char *balances; /* the written rows (JSON), kept for the overlap mode */
} write_record;

static pthread_mutex_t balance_lock = PTHREAD_MUTEX_INITIALIZER;
static cJSON *balance_rows; /* object: "<wallet>|<asset>" -> row */
static write_record writes[MAX_WRITES];
static int write_count;
static double refresh_start_ms;

static void balance_get(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx;
    cJSON *request = cJSON_ParseWithLength((const char *)args, len);
    const char *wallet = cJSON_GetStringValue(cJSON_GetObjectItem(request, "wallet_id"));
    cJSON *answer = cJSON_CreateArray(), *id = NULL;
    pthread_mutex_lock(&balance_lock);
    cJSON_ArrayForEach(id, cJSON_GetObjectItem(request, "asset_ids")) {
        char key[512];
        snprintf(key, sizeof key, "%s|%s", wallet ? wallet : "", cJSON_GetStringValue(id) ? cJSON_GetStringValue(id) : "");
        cJSON *row = cJSON_GetObjectItem(balance_rows, key);
        if (row) cJSON_AddItemToArray(answer, cJSON_Duplicate(row, 1));
    }
    pthread_mutex_unlock(&balance_lock);
    answer_json(call, answer);
    cJSON_Delete(answer);
    cJSON_Delete(request);
}

static void balance_update(void *ctx, const uint8_t *args, size_t len, gem_call *call) {
    (void)ctx;
    double at = now_ms() - refresh_start_ms;
    cJSON *update = cJSON_ParseWithLength((const char *)args, len);
    const char *wallet = cJSON_GetStringValue(cJSON_GetObjectItem(update, "wallet_id"));
    const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(update, "chain"));
    cJSON *rows = cJSON_GetObjectItem(update, "balances"), *row = NULL;
    pthread_mutex_lock(&balance_lock);
    cJSON_ArrayForEach(row, rows) {
        char key[512];
        const char *asset = cJSON_GetStringValue(cJSON_GetObjectItem(row, "asset_id"));
        snprintf(key, sizeof key, "%s|%s", wallet ? wallet : "", asset ? asset : "");
        cJSON_DeleteItemFromObject(balance_rows, key);
        cJSON_AddItemToObject(balance_rows, key, cJSON_Duplicate(row, 1));
    }
    if (write_count < MAX_WRITES) {
        write_record *w = &writes[write_count++];
        snprintf(w->chain, sizeof w->chain, "%s", chain ? chain : "?");
        w->at_ms = at;
        w->balances = cJSON_PrintUnformatted(rows);
    }
    pthread_mutex_unlock(&balance_lock);
    cJSON_Delete(update);
    gem_call_ok(call, NULL, 0);
}

/* ---- transport: gem-host's curl table, each request's first send and last answer timed per chain (its observer) ---- */

static pthread_mutex_t http_lock = PTHREAD_MUTEX_INITIALIZER;
static cJSON *http_first_sent, *http_last_answered; /* chain scope -> ms from the refresh's start */
/* chain scope -> ms during which at least one of its requests was at its node (the union of the requests'
   intervals): the node's share of the chain's time, whatever the core did between its requests. */
static cJSON *http_busy;
enum { MAX_SCOPES = 128 };
static struct { char scope[64]; int in_flight; double since; } flights[MAX_SCOPES];
static int flight_count;

/* With http_lock held: the scope's slot (a new one if there is room), or NULL. */
static int flight_slot(const char *scope) {
    for (int i = 0; i < flight_count; i++)
        if (strcmp(flights[i].scope, scope) == 0) return i;
    if (flight_count == MAX_SCOPES) return -1;
    snprintf(flights[flight_count].scope, sizeof flights[0].scope, "%s", scope);
    flights[flight_count].in_flight = 0;
    return flight_count++;
}

/* The transport's observer: a request queued (its first send, and its node's busy time starting) or answered. */
static void observe(void *context, const char *url, int phase) {
    (void)context;
    double now = now_ms() - refresh_start_ms;
    char scope[64] = "?";
    const char *path = url ? strstr(url, "://") : NULL;
    path = path ? strchr(path + 3, '/') : NULL;
    if (path) {
        size_t n = strcspn(path + 1, "/?");
        snprintf(scope, sizeof scope, "%.*s", (int)(n < 63 ? n : 63), path + 1);
    }
    pthread_mutex_lock(&http_lock);
    int slot = flight_slot(scope);
    if (phase == CURL_TRANSPORT_SENT) {
        if (slot >= 0 && flights[slot].in_flight++ == 0) flights[slot].since = now;
        if (!cJSON_GetObjectItem(http_first_sent, scope)) cJSON_AddNumberToObject(http_first_sent, scope, now);
    } else {
        if (slot >= 0 && flights[slot].in_flight > 0 && --flights[slot].in_flight == 0) {
            cJSON *busy = cJSON_GetObjectItem(http_busy, scope);
            double total = (busy ? busy->valuedouble : 0) + now - flights[slot].since;
            cJSON_DeleteItemFromObject(http_busy, scope);
            cJSON_AddNumberToObject(http_busy, scope, total);
        }
        cJSON_DeleteItemFromObject(http_last_answered, scope);
        cJSON_AddNumberToObject(http_last_answered, scope, now);
    }
    pthread_mutex_unlock(&http_lock);
}

/* ---- services ---- */

typedef struct services {
    gem_wallet_session_service *wallets;
    gem_node_service *nodes;
    gem_assets_service *assets;
    gem_balance_service *balances;
} services;

static int make_services(services *s, const char *nodes_config) {
    gem_buffer error = {0};
    gem_wallet_store wallet_table = {sizeof wallet_table, NULL, NULL, wallet_get_all, wallet_get, answer_null, answer_null, answer_null};
    gem_wallet_session_store session_table = {sizeof session_table, NULL, NULL, answer_null, answer_null};
    gem_node_store node_table = {sizeof node_table, NULL, NULL, answer_empty_list, answer_null, answer_empty_list, answer_null};
    gem_asset_store asset_table = {sizeof asset_table, NULL, NULL, answer_empty_list, answer_null, answer_empty_list, answer_null};
    gem_balance_store balance_table = {sizeof balance_table, NULL, NULL, balance_get, balance_update};
    gem_http_transport transport = curl_transport_table();
    curl_transport_observe(observe, NULL);
    if (gem_wallet_session_service_new(NULL, &wallet_table, &session_table, &s->wallets, &error) != GEM_OK ||
        gem_node_service_new(nodes_config, &transport, &node_table, &s->nodes, &error) != GEM_OK ||
        gem_assets_service_new(NULL, s->nodes, s->wallets, &asset_table, &s->assets, &error) != GEM_OK ||
        gem_balance_service_new(NULL, s->nodes, s->assets, s->wallets, &balance_table, &s->balances, &error) != GEM_OK) {
        fprintf(stderr, "bench_balances: %s\n", error.data ? (const char *)error.data : "a service could not be made");
        gem_buffer_free(&error);
        return 1;
    }
    return 0;
}

static void free_services(services *s) {
    gem_balance_service_free(s->balances);
    gem_assets_service_free(s->assets);
    gem_node_service_free(s->nodes);
    gem_wallet_session_service_free(s->wallets);
}

/* Starts a refresh of wallet_id; the waiter receives its outcome. */
static void start_refresh(services *s, const char *wallet_id, waiter *w) {
    waiter_init(w);
    gem_balance_service_update(s->balances, wallet_id, waiter_done, w);
}

static void fund(const char *url, const char *address) {
    char body[256];
    snprintf(body, sizeof body, "{\"address\":\"%s\",\"wei\":1}", address);
    CURL *curl = curl_easy_init();
    struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, fwrite);
    FILE *sink = fopen("/dev/null", "w");
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, sink);
    curl_easy_perform(curl);
    fclose(sink);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_balances WALLETS_JSON NODES_CONFIG_JSON isolated|full|overlap ...\n");
        return 2;
    }
    char *wallets_text = read_file(argv[1]);
    char *config = read_file(argv[2]);
    wallets = wallets_text ? cJSON_Parse(wallets_text) : NULL;
    if (!wallets || !config) {
        fprintf(stderr, "bench_balances: cannot read %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    balance_rows = cJSON_CreateObject();
    http_first_sent = cJSON_CreateObject();
    http_last_answered = cJSON_CreateObject();
    http_busy = cJSON_CreateObject();
    services s = {0};
    if (make_services(&s, config) != 0) return 1;
    const char *mode = argv[3];
    cJSON *out = cJSON_CreateObject();
    int failures = 0;

    if (strcmp(mode, "isolated") == 0) {
        /* Each wallet with one account: its refresh time is its chain's latency through the core. */
        cJSON *per_chain = cJSON_AddObjectToObject(out, "refresh_ms"), *wallet = NULL;
        cJSON_ArrayForEach(wallet, wallets) {
            cJSON *accounts = cJSON_GetObjectItem(wallet, "accounts");
            if (cJSON_GetArraySize(accounts) != 1) continue;
            const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(accounts, 0), "chain"));
            waiter w;
            refresh_start_ms = now_ms();
            start_refresh(&s, cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "id")), &w);
            gem_status status = waiter_wait(&w);
            cJSON_AddNumberToObject(per_chain, chain, now_ms() - refresh_start_ms);
            if (status != GEM_OK) {
                failures++;
                fprintf(stderr, "%s: %s\n", chain, w.json ? w.json : "");
            }
            waiter_destroy(&w);
        }
    } else if (strcmp(mode, "full") == 0 && argc >= 5) {
        /* argv[5], when given, is refreshed first (untimed): the process then has its threads and connections
           warm, as an app has after its first refresh. */
        if (argc >= 6) {
            waiter warm;
            refresh_start_ms = now_ms();
            start_refresh(&s, argv[5], &warm);
            gem_status warm_status = waiter_wait(&warm);
            cJSON_AddNumberToObject(out, "warm_up_ms", now_ms() - refresh_start_ms);
            if (warm_status != GEM_OK) fprintf(stderr, "warm-up refresh: %s\n", warm.json ? warm.json : "");
            waiter_destroy(&warm);
            pthread_mutex_lock(&balance_lock);
            for (int i = 0; i < write_count; i++) free(writes[i].balances);
            write_count = 0;
            pthread_mutex_unlock(&balance_lock);
            pthread_mutex_lock(&http_lock);
            cJSON_Delete(http_first_sent);
            cJSON_Delete(http_last_answered);
            cJSON_Delete(http_busy);
            http_first_sent = cJSON_CreateObject();
            http_last_answered = cJSON_CreateObject();
            http_busy = cJSON_CreateObject();
            flight_count = 0;
            pthread_mutex_unlock(&http_lock);
        }
        waiter w;
        refresh_start_ms = now_ms();
        start_refresh(&s, argv[4], &w);
        gem_status status = waiter_wait(&w);
        cJSON_AddNumberToObject(out, "total_ms", now_ms() - refresh_start_ms);
        if (status != GEM_OK) {
            failures++;
            fprintf(stderr, "refresh: %s\n", w.json ? w.json : "");
        }
        waiter_destroy(&w);
        cJSON *written = cJSON_AddObjectToObject(out, "written_ms");
        for (int i = 0; i < write_count; i++) {
            if (!cJSON_GetObjectItem(written, writes[i].chain)) cJSON_AddNumberToObject(written, writes[i].chain, writes[i].at_ms);
        }
        cJSON_AddItemToObject(out, "http_first_sent_ms", cJSON_Duplicate(http_first_sent, 1));
        cJSON_AddItemToObject(out, "http_last_answered_ms", cJSON_Duplicate(http_last_answered, 1));
        cJSON_AddItemToObject(out, "http_busy_ms", cJSON_Duplicate(http_busy, 1));
    } else if (strcmp(mode, "overlap") == 0 && argc >= 9) {
        const char *chain = argv[5], *fund_url = argv[6], *address = argv[7];
        int n = atoi(argv[8]);
        if (n < 1 || n > 64) n = 8;
        waiter w[64];
        refresh_start_ms = now_ms();
        for (int i = 0; i < n; i++) {
            fund(fund_url, address);
            start_refresh(&s, argv[4], &w[i]);
        }
        for (int i = 0; i < n; i++) {
            if (waiter_wait(&w[i]) != GEM_OK) {
                failures++;
                fprintf(stderr, "refresh %d: %s\n", i, w[i].json ? w[i].json : "");
            }
            waiter_destroy(&w[i]);
        }
        cJSON *list = cJSON_AddArrayToObject(out, "writes");
        for (int i = 0; i < write_count; i++) {
            if (strcmp(writes[i].chain, chain) != 0) continue;
            cJSON_AddItemToArray(list, cJSON_Parse(writes[i].balances));
        }
        char key[512];
        snprintf(key, sizeof key, "%s|%s", argv[4], chain);
        cJSON *row = cJSON_GetObjectItem(balance_rows, key);
        cJSON_AddItemToObject(out, "final", row ? cJSON_Duplicate(row, 1) : cJSON_CreateNull());
        cJSON_AddNumberToObject(out, "total_ms", now_ms() - refresh_start_ms);
    } else {
        fprintf(stderr, "bench_balances: unknown mode or missing arguments\n");
        return 2;
    }
    cJSON_AddNumberToObject(out, "failures", failures);
    char *text = cJSON_PrintUnformatted(out);
    printf("%s\n", text);
    free(text);
    free_services(&s);
    curl_transport_shutdown();
    curl_global_cleanup();
    return 0;
}
