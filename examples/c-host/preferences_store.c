/* The preferences store (gem_preferences_store, SYNC: answered before returning) over `preferences`. */
#include <stdio.h>
#include <string.h>

#include "sqlite_stores.h"

static void preferences_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
    cJSON *answer = NULL;
    if (key) {
        pthread_mutex_lock(&stores->lock);
        sqlite3_stmt *stmt = NULL;
        if (sqlite3_prepare_v2(stores->db, "SELECT value FROM preferences WHERE key = ?", -1, &stmt, NULL) == SQLITE_OK) {
            sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
            if (sqlite3_step(stmt) == SQLITE_ROW) answer = cJSON_CreateString((const char *)sqlite3_column_text(stmt, 0));
        }
        sqlite3_finalize(stmt);
        pthread_mutex_unlock(&stores->lock);
    }
    if (!answer) answer = cJSON_CreateNull();
    stores_answer_json(call, answer); /* a preference read cannot fail: absent is null */
    cJSON_Delete(answer);
    cJSON_Delete(json);
}

static void preferences_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
    const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(json, "value"));
    if (key && value) {
        stores_key_value(context, "preferences.set",
                         "INSERT INTO preferences(key, value) VALUES(?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value",
                         key, value, NULL, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "preferences.set: expected {key, value}");
    }
    cJSON_Delete(json);
}

static void preferences_remove(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
    if (key) {
        stores_key_value(context, "preferences.remove", "DELETE FROM preferences WHERE key = ?", key, NULL, NULL, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "preferences.remove: expected {key}");
    }
    cJSON_Delete(json);
}

gem_preferences_store sqlite_preferences_table(sqlite_stores *stores) {
    gem_preferences_store table = {
        .struct_size = sizeof(gem_preferences_store),
        .context = stores,
        .release = stores_release,
        .get = preferences_get,
        .set = preferences_set,
        .remove = preferences_remove,
    };
    return table;
}
