/* A minimal test harness for the C ABI tests: CHECK records a failure and continues. */
#ifndef GEM_ABI_TESTING_H
#define GEM_ABI_TESTING_H

#include <gemstone.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                 \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                             \
        }                                                                           \
    } while (0)

/* True when json is an error record {"type":…,"message":…} of the given type. */
static int is_error_record(const char *json, const char *type) {
    if (!json) return 0;
    char expected[96];
    snprintf(expected, sizeof(expected), "{\"type\":\"%s\",\"message\":\"", type);
    return strncmp(json, expected, strlen(expected)) == 0;
}

/* ---- a completion the test can wait on ---- */

typedef struct completion {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int calls; /* how many times done fired: must end at exactly 1 */
    gem_status status;
    char json[4096];
    pthread_t thread;
} completion;

static void completion_init(completion *c) {
    memset(c, 0, sizeof(*c));
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->cond, NULL);
}

static void completion_done(void *context, gem_status status, const uint8_t *data, size_t len) {
    completion *c = context;
    pthread_mutex_lock(&c->lock);
    c->calls++;
    c->status = status;
    c->thread = pthread_self();
    size_t n = len < sizeof(c->json) - 1 ? len : sizeof(c->json) - 1;
    memcpy(c->json, data, n);
    c->json[n] = '\0';
    pthread_cond_broadcast(&c->cond);
    pthread_mutex_unlock(&c->lock);
}

static gem_status completion_wait(completion *c) {
    pthread_mutex_lock(&c->lock);
    while (c->calls == 0) pthread_cond_wait(&c->cond, &c->lock);
    gem_status status = c->status;
    pthread_mutex_unlock(&c->lock);
    return status;
}

static void completion_destroy(completion *c) {
    pthread_cond_destroy(&c->cond);
    pthread_mutex_destroy(&c->lock);
}

#endif
