#include "sqlite_stores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column holding a non-negative integer in decimal digits. */
#define DECIMAL_COLUMN(name) name " TEXT NOT NULL CHECK (" name " <> '' AND " name " NOT GLOB '*[^0-9]*')"

/*
 * One database for every store. Wallets and accounts are rows (the wallet record is rebuilt from
 * them on read); the keystore holds the core's encrypted records under their keys; session holds
 * the current wallet id in its single row (absent when none is set). A wallet's token list and
 * balance rows are deleted with it.
 */
static const char *SCHEMA =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA foreign_keys=ON;"
    "CREATE TABLE IF NOT EXISTS preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS price_alerts (id TEXT PRIMARY KEY, asset_id TEXT NOT NULL, json TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS price_alerts_asset ON price_alerts(asset_id);"
    "CREATE TABLE IF NOT EXISTS wallets ("
    "  id TEXT PRIMARY KEY,"
    "  name TEXT NOT NULL,"
    "  type TEXT NOT NULL,"
    "  wallet_index INTEGER NOT NULL,"
    "  sort_order INTEGER NOT NULL,"
    "  is_pinned INTEGER NOT NULL CHECK (is_pinned IN (0, 1)),"
    "  source TEXT NOT NULL,"
    "  external_id TEXT,"
    "  image_url TEXT);"
    "CREATE TABLE IF NOT EXISTS accounts ("
    "  wallet_id TEXT NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,"
    "  chain TEXT NOT NULL,"
    "  address TEXT NOT NULL,"
    "  derivation_path TEXT NOT NULL,"
    "  extended_public_key TEXT,"
    "  position INTEGER NOT NULL," /* the account's place in the wallet record's list */
    "  PRIMARY KEY (wallet_id, chain));"
    "CREATE TABLE IF NOT EXISTS keystore (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS session (id INTEGER PRIMARY KEY CHECK (id = 1), wallet_id TEXT NOT NULL);"
    /* The nodes the user added, in the order added, and each chain's selected node. */
    "CREATE TABLE IF NOT EXISTS nodes (chain TEXT NOT NULL, url TEXT NOT NULL, position INTEGER NOT NULL,"
    "  PRIMARY KEY (chain, url));"
    "CREATE TABLE IF NOT EXISTS node_selections (chain TEXT PRIMARY KEY, url TEXT NOT NULL);"
    /* Token assets (the Asset record under its id) and the tokens each wallet shows, in the order added. */
    "CREATE TABLE IF NOT EXISTS assets (id TEXT PRIMARY KEY, json TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS wallet_assets ("
    "  wallet_id TEXT NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,"
    "  asset_id TEXT NOT NULL,"
    "  position INTEGER NOT NULL,"
    "  PRIMARY KEY (wallet_id, asset_id));"
    /* One row per (wallet, asset); every kind a decimal string of digits (the core's biguint). */
    "CREATE TABLE IF NOT EXISTS balances ("
    "  wallet_id TEXT NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,"
    "  asset_id TEXT NOT NULL,"
    "  " DECIMAL_COLUMN("available") ","
    "  " DECIMAL_COLUMN("staked") ","
    "  " DECIMAL_COLUMN("pending") ","
    "  " DECIMAL_COLUMN("locked") ","
    "  " DECIMAL_COLUMN("reserved") ","
    "  PRIMARY KEY (wallet_id, asset_id));"
    /* A wallet's transactions: the Transaction record under its id, listed by wallet, newest first. */
    "CREATE TABLE IF NOT EXISTS transactions ("
    "  id TEXT PRIMARY KEY,"
    "  wallet_id TEXT NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,"
    "  created_at INTEGER NOT NULL,"
    "  json TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS transactions_wallet ON transactions(wallet_id, created_at);"
    /* Prices: each asset's USD price and its price in the stored conversion's currency; the fiat rates
       (units per US dollar); the one conversion the prices are at. */
    "CREATE TABLE IF NOT EXISTS prices (asset_id TEXT PRIMARY KEY, price_usd REAL NOT NULL, price REAL NOT NULL,"
    "  change_24h REAL NOT NULL, updated_at INTEGER);"
    "CREATE TABLE IF NOT EXISTS fiat_rates (symbol TEXT PRIMARY KEY, rate REAL NOT NULL CHECK (rate > 0));"
    "CREATE TABLE IF NOT EXISTS price_conversion (id INTEGER PRIMARY KEY CHECK (id = 1), currency TEXT NOT NULL,"
    "  rate REAL NOT NULL CHECK (rate > 0));";

static int load_current_wallet_id(sqlite_stores *stores) {
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, "SELECT wallet_id FROM session WHERE id = 1", -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(stmt);
        if (rc == SQLITE_ROW) {
            stores->current_wallet_id = strdup((const char *)sqlite3_column_text(stmt, 0));
            rc = stores->current_wallet_id ? SQLITE_DONE : SQLITE_NOMEM;
        }
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? 0 : -1;
}

int sqlite_stores_open(sqlite_stores *stores, const char *path, release_counter *tables) {
    memset(stores, 0, sizeof(*stores));
    stores->tables = tables;
    if (sqlite3_open_v2(path, &stores->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        fprintf(stderr, "gem-host: cannot open %s: %s\n", path, sqlite3_errmsg(stores->db));
        sqlite3_close(stores->db);
        stores->db = NULL;
        return -1;
    }
    sqlite3_busy_timeout(stores->db, 5000);
    char *error = NULL;
    if (sqlite3_exec(stores->db, SCHEMA, NULL, NULL, &error) != SQLITE_OK || load_current_wallet_id(stores) != 0) {
        fprintf(stderr, "gem-host: cannot prepare the tables of %s: %s\n", path, error ? error : sqlite3_errmsg(stores->db));
        sqlite3_free(error);
        sqlite3_close(stores->db);
        stores->db = NULL;
        return -1;
    }
    pthread_mutex_init(&stores->lock, NULL);
    return 0;
}

void sqlite_stores_close(sqlite_stores *stores) {
    if (!stores->db) return;
    sqlite3_close(stores->db);
    stores->db = NULL;
    free(stores->current_wallet_id);
    stores->current_wallet_id = NULL;
    pthread_mutex_destroy(&stores->lock);
}

void stores_release(void *context) {
    sqlite_stores *stores = context;
    release_counter_release(stores->tables);
}

cJSON *stores_parse_args(const uint8_t *args, size_t len) {
    return cJSON_ParseWithLength((const char *)args, len);
}

void stores_answer_json(gem_call *call, const cJSON *value) {
    char *text = cJSON_PrintUnformatted(value);
    if (text) {
        gem_call_ok(call, (const uint8_t *)text, strlen(text));
        free(text);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, "out of memory");
    }
}

void stores_answer_null(gem_call *call) {
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

void stores_error_message(sqlite_stores *stores, const char *what, char *message, size_t size) {
    snprintf(message, size, "%s: %s", what, sqlite3_errmsg(stores->db));
}

void stores_run(sqlite_stores *stores, const uint8_t *args, size_t len, stores_method method, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    cJSON *answer = NULL;
    char message[512] = "";
    gem_status status = method(stores, json, &answer, message, sizeof(message));
    if (status != GEM_OK) gem_call_fail(call, status, message);
    else if (answer) stores_answer_json(call, answer);
    else stores_answer_null(call);
    cJSON_Delete(answer);
    cJSON_Delete(json);
}

int stores_is_string_array(const cJSON *item) {
    if (!cJSON_IsArray(item)) return 0;
    const cJSON *element = NULL;
    cJSON_ArrayForEach(element, item) {
        if (!cJSON_IsString(element)) return 0;
    }
    return 1;
}

gem_status stores_finish_write(sqlite_stores *stores, const char *method, gem_status status, long written,
                               char *message, size_t size) {
    if (status == GEM_OK && !stores_commit(stores)) {
        stores_error_message(stores, method, message, size);
        status = GEM_ERR_STORE;
    }
    if (status != GEM_OK) {
        stores_rollback(stores);
        return status;
    }
    stores->rows_written += written;
    return GEM_OK;
}

int stores_begin(sqlite_stores *stores) {
    return sqlite3_exec(stores->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
}

int stores_commit(sqlite_stores *stores) {
    return sqlite3_exec(stores->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
}

void stores_rollback(sqlite_stores *stores) {
    sqlite3_exec(stores->db, "ROLLBACK", NULL, NULL, NULL);
}

/* Runs `sql` with key (and value) bound; for reads, *found receives the value as a JSON string or null. */
void stores_key_value(sqlite_stores *stores, const char *method, const char *sql, const char *key,
                         const char *value, cJSON **found, gem_call *call) {
    char message[512];
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        if (value) sqlite3_bind_text(stmt, 2, value, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(stmt);
        if (found && rc == SQLITE_ROW) {
            *found = cJSON_CreateString((const char *)sqlite3_column_text(stmt, 0));
            rc = SQLITE_DONE;
        } else if (found && rc == SQLITE_DONE) {
            *found = cJSON_CreateNull();
        } else if (rc == SQLITE_DONE) {
            stores->rows_written += sqlite3_changes(stores->db);
        }
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) stores_error_message(stores, method, message, sizeof(message));
    pthread_mutex_unlock(&stores->lock);
    if (rc != SQLITE_DONE) gem_call_fail(call, GEM_ERR_STORE, message);
    else if (found) stores_answer_json(call, *found);
    else stores_answer_null(call);
}
