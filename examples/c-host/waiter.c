#include "waiter.h"

#include <stdlib.h>
#include <string.h>

void waiter_init(waiter *w) {
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->cond, NULL);
    w->done = 0;
    w->status = GEM_OK;
    w->json = NULL;
    w->len = 0;
}

void waiter_done(void *context, gem_status status, const uint8_t *data, size_t len) {
    waiter *w = context;
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, data, len);
        copy[len] = '\0';
    }
    pthread_mutex_lock(&w->lock);
    w->status = status;
    w->json = copy;
    w->len = copy ? len : 0;
    w->done = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

gem_status waiter_wait(waiter *w) {
    pthread_mutex_lock(&w->lock);
    while (!w->done) pthread_cond_wait(&w->cond, &w->lock);
    gem_status status = w->status;
    pthread_mutex_unlock(&w->lock);
    return status;
}

void waiter_destroy(waiter *w) {
    if (w->json) explicit_bzero(w->json, w->len); /* an answer may hold a secret (a new phrase, an export) */
    free(w->json);
    w->json = NULL;
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->lock);
}
