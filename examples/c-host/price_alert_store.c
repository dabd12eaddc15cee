/* The price alert store (gem_price_alert_store, async: called on a core thread) over `price_alerts`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

static void get_price_alerts(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    const char *asset_id = cJSON_GetStringValue(cJSON_GetObjectItem(json, "asset_id"));
    cJSON *list = cJSON_CreateArray();
    char message[256];
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
    if (rc != SQLITE_DONE) stores_error_message(stores, "get_price_alerts", message, sizeof(message));
    pthread_mutex_unlock(&stores->lock);
    if (rc == SQLITE_DONE) {
        stores_answer_json(call, list);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, message);
    }
    cJSON_Delete(list);
    cJSON_Delete(json);
}

/* One transaction: upsert each alert whose JSON changed, delete the ids; all or nothing. */
static void update_price_alerts(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    cJSON *alerts = cJSON_GetObjectItem(json, "alerts");
    cJSON *delete_ids = cJSON_GetObjectItem(json, "delete_ids");
    if (!cJSON_IsArray(alerts) || !cJSON_IsArray(delete_ids)) {
        gem_call_fail(call, GEM_ERR_PORT, "update_price_alerts: expected {alerts, delete_ids}");
        cJSON_Delete(json);
        return;
    }
    char message[256] = "update_price_alerts: an alert without id or asset_id";
    pthread_mutex_lock(&stores->lock);
    long written = 0;
    int ok = stores_begin(stores);
    sqlite3_stmt *upsert = NULL, *remove = NULL;
    ok = ok && sqlite3_prepare_v2(stores->db,
                                  "INSERT INTO price_alerts(id, asset_id, json) VALUES(?, ?, ?) "
                                  "ON CONFLICT(id) DO UPDATE SET asset_id = excluded.asset_id, json = excluded.json "
                                  "WHERE json <> excluded.json",
                                  -1, &upsert, NULL) == SQLITE_OK;
    ok = ok && sqlite3_prepare_v2(stores->db, "DELETE FROM price_alerts WHERE id = ?", -1, &remove, NULL) == SQLITE_OK;
    int malformed = 0;
    cJSON *item = NULL;
    if (ok) {
        cJSON_ArrayForEach(item, alerts) {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(item, "id"));
            const char *asset_id = cJSON_GetStringValue(cJSON_GetObjectItem(item, "asset_id"));
            char *text = cJSON_PrintUnformatted(item);
            if (!id || !asset_id || !text) {
                free(text);
                ok = 0;
                malformed = 1;
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
                malformed = 1;
                snprintf(message, sizeof(message), "update_price_alerts: a delete id that is not a string");
                break;
            }
            sqlite3_reset(remove);
            sqlite3_bind_text(remove, 1, id, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(remove) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    if (!ok && !malformed) stores_error_message(stores, "update_price_alerts", message, sizeof(message));
    sqlite3_finalize(upsert);
    sqlite3_finalize(remove);
    if (ok) {
        ok = stores_commit(stores);
        if (!ok) stores_error_message(stores, "update_price_alerts", message, sizeof(message));
    }
    if (!ok) stores_rollback(stores);
    else stores->rows_written += written;
    pthread_mutex_unlock(&stores->lock);
    if (ok) {
        stores_answer_null(call);
    } else {
        gem_call_fail(call, GEM_ERR_STORE, message);
    }
    cJSON_Delete(json);
}

gem_price_alert_store sqlite_price_alert_table(sqlite_stores *stores) {
    gem_price_alert_store table = {
        .struct_size = sizeof(gem_price_alert_store),
        .context = stores,
        .release = stores_release,
        .get_price_alerts = get_price_alerts,
        .update_price_alerts = update_price_alerts,
    };
    return table;
}
