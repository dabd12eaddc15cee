#include "release_counter.h"

#include <errno.h>
#include <time.h>

void release_counter_init(release_counter *counter) {
    pthread_mutex_init(&counter->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&counter->cond, &attributes);
    pthread_condattr_destroy(&attributes);
    counter->given = 0;
    counter->released = 0;
}

void release_counter_destroy(release_counter *counter) {
    pthread_cond_destroy(&counter->cond);
    pthread_mutex_destroy(&counter->lock);
}

void release_counter_give(release_counter *counter, int count) {
    pthread_mutex_lock(&counter->lock);
    counter->given += count;
    pthread_mutex_unlock(&counter->lock);
}

void release_counter_release(release_counter *counter) {
    pthread_mutex_lock(&counter->lock);
    counter->released += 1;
    pthread_cond_broadcast(&counter->cond);
    pthread_mutex_unlock(&counter->lock);
}

int release_counter_wait(release_counter *counter, int timeout_ms) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&counter->lock);
    int rc = 0;
    while (counter->released < counter->given && rc != ETIMEDOUT) {
        rc = pthread_cond_timedwait(&counter->cond, &counter->lock, &deadline);
    }
    int done = counter->released >= counter->given;
    pthread_mutex_unlock(&counter->lock);
    return done ? 0 : -1;
}
