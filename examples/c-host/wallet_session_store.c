/*
 * The current wallet id (gem_wallet_session_store, SYNC: answered before returning). The value is
 * held in memory, loaded when the database opens, and persisted in the `session` table on write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

static void get_current_wallet_id(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    sqlite_stores *stores = context;
    pthread_mutex_lock(&stores->lock);
    cJSON *answer = stores->current_wallet_id ? cJSON_CreateString(stores->current_wallet_id) : cJSON_CreateNull();
    pthread_mutex_unlock(&stores->lock);
    stores_answer_json(call, answer);
    cJSON_Delete(answer);
}

/* Persists the new id (or clears it), then takes it in memory; a failed write keeps the old value. */
static void set_current_wallet_id(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    const cJSON *item = cJSON_GetObjectItem(json, "wallet_id");
    const char *id = cJSON_GetStringValue(item);
    if (!id && !cJSON_IsNull(item)) {
        gem_call_fail(call, GEM_ERR_PORT, "set_current_wallet_id: expected {wallet_id: string or null}");
        cJSON_Delete(json);
        return;
    }
    char *copy = id ? strdup(id) : NULL;
    char message[512];
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    const char *sql = id ? "INSERT INTO session(id, wallet_id) VALUES(1, ?) "
                           "ON CONFLICT(id) DO UPDATE SET wallet_id = excluded.wallet_id WHERE wallet_id <> excluded.wallet_id"
                         : "DELETE FROM session";
    int ok = (!id || copy) && sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        if (id) sqlite3_bind_text(stmt, 1, id, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
    }
    sqlite3_finalize(stmt);
    if (ok) {
        free(stores->current_wallet_id);
        stores->current_wallet_id = copy;
        copy = NULL;
    } else {
        stores_error_message(stores, "set_current_wallet_id", message, sizeof(message));
    }
    pthread_mutex_unlock(&stores->lock);
    free(copy);
    if (ok) stores_answer_null(call);
    else gem_call_fail(call, GEM_ERR_STORE, message);
    cJSON_Delete(json);
}

gem_wallet_session_store sqlite_wallet_session_table(sqlite_stores *stores) {
    gem_wallet_session_store table = {
        .struct_size = sizeof(gem_wallet_session_store),
        .context = stores,
        .release = stores_release,
        .get_current_wallet_id = get_current_wallet_id,
        .set_current_wallet_id = set_current_wallet_id,
    };
    return table;
}
