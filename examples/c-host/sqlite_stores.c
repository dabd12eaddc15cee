#include "sqlite_stores.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *SCHEMA =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE IF NOT EXISTS preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS price_alerts (id TEXT PRIMARY KEY, asset_id TEXT NOT NULL, json TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS price_alerts_asset ON price_alerts(asset_id);";

int sqlite_stores_open(sqlite_stores *stores, const char *path) {
    memset(stores, 0, sizeof(*stores));
    if (sqlite3_open_v2(path, &stores->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        fprintf(stderr, "gem-host: cannot open %s: %s\n", path, sqlite3_errmsg(stores->db));
        sqlite3_close(stores->db);
        stores->db = NULL;
        return -1;
    }
    char *error = NULL;
    if (sqlite3_exec(stores->db, SCHEMA, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "gem-host: cannot create tables in %s: %s\n", path, error ? error : "?");
        sqlite3_free(error);
        sqlite3_close(stores->db);
        stores->db = NULL;
        return -1;
    }
    sqlite3_busy_timeout(stores->db, 5000);
    pthread_mutex_init(&stores->lock, NULL);
    return 0;
}

void sqlite_stores_close(sqlite_stores *stores) {
    if (!stores->db) return;
    sqlite3_close(stores->db);
    stores->db = NULL;
    pthread_mutex_destroy(&stores->lock);
}

static void release_table(void *context) {
    sqlite_stores *stores = context;
    pthread_mutex_lock(&stores->lock);
    stores->released += 1;
    pthread_mutex_unlock(&stores->lock);
}

static void answer_json(gem_call *call, cJSON *value) {
    char *text = cJSON_PrintUnformatted(value);
    if (text) {
        gem_call_ok(call, (const uint8_t *)text, strlen(text));
        free(text);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, "out of memory");
    }
}

static cJSON *parse_args(const uint8_t *args, size_t len) {
    return cJSON_ParseWithLength((const char *)args, len);
}

/* ---- preferences (SYNC: answered before returning) ---- */

static void preferences_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = parse_args(args, len);
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
    answer_json(call, answer); /* a preference read cannot fail: absent is null */
    cJSON_Delete(answer);
    cJSON_Delete(json);
}

static void preferences_write(sqlite_stores *stores, const char *sql, const char *key, const char *value, gem_call *call) {
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        if (value) sqlite3_bind_text(stmt, 2, value, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(stmt);
    }
    sqlite3_finalize(stmt);
    const char *message = sqlite3_errmsg(stores->db);
    if (rc == SQLITE_DONE) {
        gem_call_ok(call, (const uint8_t *)"null", 4);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, message);
    }
    pthread_mutex_unlock(&stores->lock);
}

static void preferences_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = parse_args(args, len);
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
    const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(json, "value"));
    if (key && value) {
        preferences_write(context,
                          "INSERT INTO preferences(key, value) VALUES(?, ?) "
                          "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value",
                          key, value, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "preferences.set: expected {key, value}");
    }
    cJSON_Delete(json);
}

static void preferences_remove(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = parse_args(args, len);
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
    if (key) {
        preferences_write(context, "DELETE FROM preferences WHERE key = ?", key, NULL, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "preferences.remove: expected {key}");
    }
    cJSON_Delete(json);
}

gem_preferences_store sqlite_preferences_table(sqlite_stores *stores) {
    gem_preferences_store table = {
        .struct_size = sizeof(gem_preferences_store),
        .context = stores,
        .release = release_table,
        .get = preferences_get,
        .set = preferences_set,
        .remove = preferences_remove,
    };
    return table;
}

/* ---- price alerts (async: called on a core thread; blocking is fine) ---- */

static void get_price_alerts(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = parse_args(args, len);
    const char *asset_id = cJSON_GetStringValue(cJSON_GetObjectItem(json, "asset_id"));
    cJSON *list = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    const char *sql = asset_id ? "SELECT json FROM price_alerts WHERE asset_id = ? ORDER BY id"
                               : "SELECT json FROM price_alerts ORDER BY id";
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        if (asset_id) sqlite3_bind_text(stmt, 1, asset_id, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *alert = cJSON_Parse((const char *)sqlite3_column_text(stmt, 0));
            if (alert) cJSON_AddItemToArray(list, alert);
        }
    }
    sqlite3_finalize(stmt);
    if (rc == SQLITE_DONE) {
        pthread_mutex_unlock(&stores->lock);
        answer_json(call, list);
    } else {
        char message[256];
        snprintf(message, sizeof(message), "get_price_alerts: %s", sqlite3_errmsg(stores->db));
        pthread_mutex_unlock(&stores->lock);
        gem_call_fail(call, GEM_ERR_STORE, message);
    }
    cJSON_Delete(list);
    cJSON_Delete(json);
}

/* One transaction: upsert each alert whose JSON changed, delete the ids; all or nothing. */
static void update_price_alerts(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = parse_args(args, len);
    cJSON *alerts = cJSON_GetObjectItem(json, "alerts");
    cJSON *delete_ids = cJSON_GetObjectItem(json, "delete_ids");
    if (!cJSON_IsArray(alerts) || !cJSON_IsArray(delete_ids)) {
        gem_call_fail(call, GEM_ERR_PORT, "update_price_alerts: expected {alerts, delete_ids}");
        cJSON_Delete(json);
        return;
    }
    pthread_mutex_lock(&stores->lock);
    long written = 0;
    int ok = sqlite3_exec(stores->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
    sqlite3_stmt *upsert = NULL, *remove = NULL;
    ok = ok && sqlite3_prepare_v2(stores->db,
                                  "INSERT INTO price_alerts(id, asset_id, json) VALUES(?, ?, ?) "
                                  "ON CONFLICT(id) DO UPDATE SET asset_id = excluded.asset_id, json = excluded.json "
                                  "WHERE json <> excluded.json",
                                  -1, &upsert, NULL) == SQLITE_OK;
    ok = ok && sqlite3_prepare_v2(stores->db, "DELETE FROM price_alerts WHERE id = ?", -1, &remove, NULL) == SQLITE_OK;
    cJSON *item = NULL;
    if (ok) {
        cJSON_ArrayForEach(item, alerts) {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(item, "id"));
            const char *asset_id = cJSON_GetStringValue(cJSON_GetObjectItem(item, "asset_id"));
            char *text = cJSON_PrintUnformatted(item);
            if (!id || !asset_id || !text) {
                free(text);
                ok = 0;
                break;
            }
            sqlite3_reset(upsert);
            sqlite3_bind_text(upsert, 1, id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(upsert, 2, asset_id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(upsert, 3, text, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(upsert) == SQLITE_DONE;
            free(text);
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    if (ok) {
        cJSON_ArrayForEach(item, delete_ids) {
            const char *id = cJSON_GetStringValue(item);
            if (!id) {
                ok = 0;
                break;
            }
            sqlite3_reset(remove);
            sqlite3_bind_text(remove, 1, id, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(remove) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    char message[256];
    snprintf(message, sizeof(message), "update_price_alerts: %s", ok ? "" : sqlite3_errmsg(stores->db));
    sqlite3_finalize(upsert);
    sqlite3_finalize(remove);
    if (ok) ok = sqlite3_exec(stores->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    if (!ok) sqlite3_exec(stores->db, "ROLLBACK", NULL, NULL, NULL);
    else stores->rows_written += written;
    pthread_mutex_unlock(&stores->lock);
    if (ok) {
        gem_call_ok(call, (const uint8_t *)"null", 4);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, message);
    }
    cJSON_Delete(json);
}

gem_price_alert_store sqlite_price_alert_table(sqlite_stores *stores) {
    gem_price_alert_store table = {
        .struct_size = sizeof(gem_price_alert_store),
        .context = stores,
        .release = release_table,
        .get_price_alerts = get_price_alerts,
        .update_price_alerts = update_price_alerts,
    };
    return table;
}
