/*
 * The secure store (gem_secure_store, async) over the `keystore` table. The core keeps here only
 * its encrypted keystore records, one per wallet under the wallet's external_id; the key that opens
 * them comes from the password file (password_file.c), which is never stored in the database.
 */
#include <stdio.h>
#include <string.h>

#include "sqlite_stores.h"

/* Runs `sql` with key (and value) bound; for reads, *found receives the value as a JSON string or null. */
static void keystore_run(sqlite_stores *stores, const char *method, const char *sql, const char *key,
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

static const char *key_argument(const cJSON *json) {
    return cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
}

static void keystore_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    cJSON *found = NULL;
    if (key) keystore_run(context, "secure_store.get", "SELECT value FROM keystore WHERE key = ?", key, NULL, &found, call);
    else gem_call_fail(call, GEM_ERR_PORT, "secure_store.get: expected {key}");
    cJSON_Delete(found);
    cJSON_Delete(json);
}

static void keystore_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(json, "value"));
    if (key && value) {
        keystore_run(context, "secure_store.set",
                     "INSERT INTO keystore(key, value) VALUES(?, ?) "
                     "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value",
                     key, value, NULL, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "secure_store.set: expected {key, value}");
    }
    cJSON_Delete(json);
}

static void keystore_delete(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    if (key) keystore_run(context, "secure_store.delete_key", "DELETE FROM keystore WHERE key = ?", key, NULL, NULL, call);
    else gem_call_fail(call, GEM_ERR_PORT, "secure_store.delete_key: expected {key}");
    cJSON_Delete(json);
}

gem_secure_store sqlite_keystore_table(sqlite_stores *stores) {
    gem_secure_store table = {
        .struct_size = sizeof(gem_secure_store),
        .context = stores,
        .release = stores_release,
        .get = keystore_get,
        .set = keystore_set,
        .delete_key = keystore_delete,
    };
    return table;
}
