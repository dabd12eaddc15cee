/*
 * The ABI side of the benchmark: a no-op ABI call (gem_abi_version) and a get_price_alerts
 * round trip whose store is a C port answering a JSON list of N alerts; the caller receives the
 * JSON answer. Prints one JSON line: {"noop_ns":…,"get_price_alerts_us":…}.
 */
#include <gemstone.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *alerts_json;
static size_t alerts_len;

static uint64_t nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static void answer(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_ok(call, (const uint8_t *)alerts_json, alerts_len);
}

static void answer_null(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

typedef struct wait {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    size_t received;
} wait_t;

static void done(void *context, gem_status status, const uint8_t *data, size_t len) {
    wait_t *w = context;
    char *copy = malloc(len); /* the caller takes its copy of the answer, as a host would */
    memcpy(copy, data, len);
    free(copy);
    pthread_mutex_lock(&w->lock);
    w->done = 1;
    w->received = status == GEM_OK ? len : 0;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 100;
    int ROUNDS = argc > 2 ? atoi(argv[2]) : 2000;
    if (ROUNDS < 1 || ROUNDS > 2000) ROUNDS = 2000;
    size_t capacity = (size_t)count * 160 + 16;
    alerts_json = malloc(capacity);
    size_t at = 0;
    at += (size_t)snprintf(alerts_json + at, capacity - at, "[");
    for (int i = 0; i < count; i++) {
        at += (size_t)snprintf(alerts_json + at, capacity - at,
                               "%s{\"asset_id\":\"ethereum_0x%x\",\"currency\":\"USD\",\"price\":%d,\"price_direction\":\"%s\"}",
                               i ? "," : "", i, 1000 + i, i % 2 == 0 ? "up" : "down");
    }
    at += (size_t)snprintf(alerts_json + at, capacity - at, "]");
    alerts_len = at;

    const long iterations = argc > 2 ? 1000 : 10000000;
    volatile uint32_t sink = 0;
    uint64_t start = nanoseconds();
    for (long i = 0; i < iterations; i++) sink += gem_abi_version();
    double noop_ns = (double)(nanoseconds() - start) / (double)iterations;

    gem_preferences_store prefs = {sizeof(gem_preferences_store), NULL, NULL, answer_null, answer_null, answer_null};
    gem_price_alert_store store = {sizeof(gem_price_alert_store), NULL, NULL, answer, answer_null};
    gem_http_transport http = {sizeof(gem_http_transport), NULL, NULL, answer_null};
    gem_notification_permissions perms = {sizeof(gem_notification_permissions), NULL, NULL, answer_null};
    gem_preferences_service *preferences = NULL;
    gem_price_alert_service *service = NULL;
    if (gem_preferences_service_new(&prefs, &preferences, NULL) != GEM_OK ||
        gem_price_alert_service_new("{\"api_url\":\"http://127.0.0.1:9\"}", &http, preferences, &store, &perms, &service, NULL) != GEM_OK) {
        fprintf(stderr, "bench_abi: cannot create the services\n");
        return 1;
    }
    static double samples[2000];
    size_t received = 0;
    for (int round = 0; round < ROUNDS; round++) {
        wait_t w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
        uint64_t begin = nanoseconds();
        gem_price_alert_service_get_price_alerts(service, NULL, done, &w);
        pthread_mutex_lock(&w.lock);
        while (!w.done) pthread_cond_wait(&w.cond, &w.lock);
        pthread_mutex_unlock(&w.lock);
        samples[round] = (double)(nanoseconds() - begin) / 1000.0;
        received = w.received;
    }
    qsort(samples, ROUNDS, sizeof(double), compare);
    printf("{\"noop_ns\":%.3f,\"get_price_alerts_us\":%.3f,\"alerts\":%d,\"answer_bytes\":%zu,\"sink\":%u}\n",
           noop_ns, samples[ROUNDS / 2], count, received, sink % 2);
    gem_price_alert_service_free(service);
    gem_preferences_service_free(preferences);
    free(alerts_json);
    return 0;
}
