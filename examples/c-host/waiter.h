/* A blocking wait for one gem_completion_fn: the C host's synchronous view of an async command. */
#ifndef GEM_HOST_WAITER_H
#define GEM_HOST_WAITER_H

#include <gemstone.h>
#include <pthread.h>

typedef struct waiter {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    gem_status status;
    char *json; /* a copy of the completion's bytes, NUL-terminated; wiped and freed by waiter_destroy */
    size_t len;
} waiter;

void waiter_init(waiter *w);
/* The gem_completion_fn to pass with `w` as context. Copies the borrowed bytes. */
void waiter_done(void *context, gem_status status, const uint8_t *data, size_t len);
/* Blocks until waiter_done ran; returns its status. */
gem_status waiter_wait(waiter *w);
void waiter_destroy(waiter *w);

#endif
