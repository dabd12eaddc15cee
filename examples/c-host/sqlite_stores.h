/*
 * The C host's stores over one SQLite database: preferences, price alerts, wallets and their
 * accounts, the current wallet, the keystore's encrypted records, and the chain stores (added
 * nodes and selections, token assets and each wallet's list, balance rows). Each store's callback
 * table is built in the file named after it; this header also holds the helpers they share.
 */
#ifndef GEM_HOST_SQLITE_STORES_H
#define GEM_HOST_SQLITE_STORES_H

#include <cjson/cJSON.h>
#include <gemstone.h>
#include <pthread.h>
#include <sqlite3.h>

#include "release_counter.h"

typedef struct sqlite_stores {
    sqlite3 *db;
    pthread_mutex_t lock;       /* ports run on core threads; one statement or transaction at a time */
    release_counter *tables;    /* counts the releases of the tables built over these stores */
    long rows_written;          /* rows inserted, updated or deleted by the batch writes */
    char *current_wallet_id;    /* the session store's value: held in memory, persisted on write */
    int progress;               /* when set, each committed balance batch is announced on stderr */
} sqlite_stores;

/*
 * Opens (creating if needed) the database and its tables, and loads the current wallet id.
 * Returns 0, or -1 with a message on stderr.
 */
int sqlite_stores_open(sqlite_stores *stores, const char *path, release_counter *tables);
void sqlite_stores_close(sqlite_stores *stores);

/* Callback tables over `stores` (which must outlive the core's use of them: see release_counter). */
gem_preferences_store sqlite_preferences_table(sqlite_stores *stores);       /* preferences_store.c */
gem_price_alert_store sqlite_price_alert_table(sqlite_stores *stores);       /* price_alert_store.c */
gem_wallet_store sqlite_wallet_table(sqlite_stores *stores);                 /* wallet_store.c */
gem_wallet_session_store sqlite_wallet_session_table(sqlite_stores *stores); /* wallet_session_store.c */
gem_secure_store sqlite_keystore_table(sqlite_stores *stores);               /* keystore_store.c */
gem_node_store sqlite_node_table(sqlite_stores *stores);                     /* node_store.c */
gem_asset_store sqlite_asset_table(sqlite_stores *stores);                   /* asset_store.c */
gem_balance_store sqlite_balance_table(sqlite_stores *stores);               /* balance_store.c */
gem_transaction_store sqlite_transaction_table(sqlite_stores *stores);       /* transaction_store.c */
gem_price_store sqlite_price_table(sqlite_stores *stores);                   /* price_store.c */

/*
 * The body of one port method of the chain stores, over its parsed arguments (NULL when they
 * were not JSON). It takes stores->lock itself and returns GEM_OK with the answer in *answer (the
 * caller deletes it; NULL answers JSON null), or GEM_ERR_PORT for arguments that are not the
 * header's JSON, or GEM_ERR_STORE for a SQLite failure (a write then has written nothing), with
 * what went wrong in `message`. The port functions wrap these (stores_run); the paired store
 * tests of tests/abi call them directly over a real database.
 */
typedef gem_status (*stores_method)(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);

gem_status node_store_get_nodes(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status node_store_update_nodes(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status node_store_get_selections(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status node_store_set_selection(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status asset_store_get_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status asset_store_add_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status asset_store_get_wallet_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status asset_store_update_wallet_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status balance_store_get_balances(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status balance_store_update_balances(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status transaction_store_get_transactions(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status transaction_store_get_transaction(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status transaction_store_update_transactions(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status price_store_get_prices(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status price_store_get_price_state(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);
gem_status price_store_save_rates_and_prices(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size);

/* ---- shared by the store files ---- */

/* The release function of every table over `stores` (context is the sqlite_stores). */
void stores_release(void *context);
/* Parses a port method's borrowed JSON arguments; NULL when they are not JSON. */
cJSON *stores_parse_args(const uint8_t *args, size_t len);
/* Answers `call` with `value` printed as JSON (a store failure if printing runs out of memory). */
void stores_answer_json(gem_call *call, const cJSON *value);
void stores_answer_null(gem_call *call);
/*
 * Writes "<what>: <SQLite's last error>" into message. Call with stores->lock held; answer the
 * call after unlocking (the host never holds its lock while answering the core).
 */
void stores_error_message(sqlite_stores *stores, const char *what, char *message, size_t size);

/*
 * Runs one key/value statement of a port method under the lock and answers `call`: `sql` has the
 * key as parameter 1 and, when `value` is not NULL, the value as parameter 2. For a read, pass
 * `found`: it receives the value as a JSON string, or JSON null when no row matched (the caller
 * deletes it). A SQLite failure answers GEM_ERR_STORE with `method` in the message.
 */
void stores_key_value(sqlite_stores *stores, const char *method, const char *sql, const char *key,
                      const char *value, cJSON **found, gem_call *call);
/* Parses the call's arguments, runs `method` and answers `call` with what it returned. */
void stores_run(sqlite_stores *stores, const uint8_t *args, size_t len, stores_method method, gem_call *call);
/* True when `item` is a JSON array of strings only. */
int stores_is_string_array(const cJSON *item);
/*
 * Ends the write transaction a chain store's method began with stores_begin: status GEM_OK
 * commits (a failed commit answers GEM_ERR_STORE with SQLite's message) and adds `written` to
 * stores->rows_written; any other status (its message already written) rolls back. Returns the
 * method's status. Call with the lock held.
 */
gem_status stores_finish_write(sqlite_stores *stores, const char *method, gem_status status, long written,
                               char *message, size_t size);
/* Runs BEGIN IMMEDIATE / COMMIT / ROLLBACK. Returns 1 on success. */
int stores_begin(sqlite_stores *stores);
int stores_commit(sqlite_stores *stores);
void stores_rollback(sqlite_stores *stores);

#endif
