/*
 * Counts the port tables the core was given and has released. The core calls a table's release
 * once after its last use, possibly on a core thread after gem_<noun>_free has returned; the host
 * waits for every release before it closes what the tables point to (the database).
 */
#ifndef GEM_HOST_RELEASE_COUNTER_H
#define GEM_HOST_RELEASE_COUNTER_H

#include <pthread.h>

typedef struct release_counter {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int given;    /* tables a constructor accepted (each one is released exactly once) */
    int released; /* release calls received */
} release_counter;

void release_counter_init(release_counter *counter);
void release_counter_destroy(release_counter *counter);
/* Records `count` tables a constructor copied; call only after it returned GEM_OK. */
void release_counter_give(release_counter *counter, int count);
/* Records one release; the body of every table's release function. */
void release_counter_release(release_counter *counter);
/* Waits until every given table was released, at most timeout_ms. Returns 0, or -1 on timeout. */
int release_counter_wait(release_counter *counter, int timeout_ms);

#endif
