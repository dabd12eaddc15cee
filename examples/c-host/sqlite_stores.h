/* The C host's stores over one SQLite database: preferences and price alerts. */
#ifndef GEM_HOST_SQLITE_STORES_H
#define GEM_HOST_SQLITE_STORES_H

#include <gemstone.h>
#include <pthread.h>
#include <sqlite3.h>

typedef struct sqlite_stores {
    sqlite3 *db;
    pthread_mutex_t lock; /* ports run on core threads; one transaction at a time */
    int released;         /* how many tables the core has released */
    long rows_written;    /* rows inserted, updated or deleted by update_price_alerts */
} sqlite_stores;

/* Opens (creating if needed) the database and its tables. Returns 0, or -1 with a message on stderr. */
int sqlite_stores_open(sqlite_stores *stores, const char *path);
void sqlite_stores_close(sqlite_stores *stores);

/* Callback tables over `stores` (which must outlive the services using them). */
gem_preferences_store sqlite_preferences_table(sqlite_stores *stores);
gem_price_alert_store sqlite_price_alert_table(sqlite_stores *stores);

#endif
