/*
 * The asset store (gem_asset_store, async: called on a core thread) over `assets` (each token's
 * Asset record as JSON under its id) and `wallet_assets` (the tokens each wallet shows, in the
 * order added). Each method is one statement or one transaction; a write touches only the rows
 * that change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

/* The ids of a string array as a JSON array text, for json_each; NULL when out of memory. */
static char *json_text(const cJSON *value) {
    return cJSON_PrintUnformatted(value);
}

/* args {"ids":[…]}: the stored Asset records among ids, [Asset]. */
gem_status asset_store_get_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const cJSON *ids = cJSON_GetObjectItem(args, "ids");
    if (!stores_is_string_array(ids)) {
        snprintf(message, size, "get_assets: expected {\"ids\":[string]}");
        return GEM_ERR_PORT;
    }
    char *list = json_text(ids);
    if (!list) {
        snprintf(message, size, "get_assets: out of memory");
        return GEM_ERR_STORE;
    }
    cJSON *assets = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, "SELECT json FROM assets WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id",
                                -1, &stmt, NULL);
    int corrupt = 0;
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, list, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *asset = cJSON_Parse((const char *)sqlite3_column_text(stmt, 0));
            if (!asset) {
                corrupt = 1;
                break;
            }
            cJSON_AddItemToArray(assets, asset);
        }
    }
    if (corrupt) snprintf(message, size, "get_assets: a stored asset is not JSON");
    else if (rc != SQLITE_DONE) stores_error_message(stores, "get_assets", message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    free(list);
    if (corrupt || rc != SQLITE_DONE) {
        cJSON_Delete(assets);
        return GEM_ERR_STORE;
    }
    *answer = assets;
    return GEM_OK;
}

/* args {"assets":[Asset]}: upserts each record under its id (written only when it changed), in one transaction. */
gem_status asset_store_add_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    (void)answer;
    const cJSON *assets = cJSON_GetObjectItem(args, "assets");
    const cJSON *asset = NULL;
    int valid = cJSON_IsArray(assets);
    if (valid) {
        cJSON_ArrayForEach(asset, assets) {
            if (!cJSON_IsObject(asset) || !cJSON_GetStringValue(cJSON_GetObjectItem(asset, "id"))) valid = 0;
        }
    }
    if (!valid) {
        snprintf(message, size, "add_assets: expected {\"assets\":[Asset]}");
        return GEM_ERR_PORT;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *upsert = NULL;
    int ok = stores_begin(stores) &&
             sqlite3_prepare_v2(stores->db,
                                "INSERT INTO assets(id, json) VALUES(?1, ?2) "
                                "ON CONFLICT(id) DO UPDATE SET json = excluded.json WHERE json <> excluded.json",
                                -1, &upsert, NULL) == SQLITE_OK;
    gem_status status = ok ? GEM_OK : GEM_ERR_STORE;
    if (!ok) stores_error_message(stores, "add_assets", message, size);
    if (ok) {
        cJSON_ArrayForEach(asset, assets) {
            char *text = json_text(asset);
            if (!text) {
                snprintf(message, size, "add_assets: out of memory");
                status = GEM_ERR_STORE;
                break;
            }
            sqlite3_reset(upsert);
            sqlite3_bind_text(upsert, 1, cJSON_GetStringValue(cJSON_GetObjectItem(asset, "id")), -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(upsert, 2, text, -1, SQLITE_TRANSIENT);
            int done = sqlite3_step(upsert) == SQLITE_DONE;
            free(text);
            if (!done) {
                stores_error_message(stores, "add_assets", message, size);
                status = GEM_ERR_STORE;
                break;
            }
            written += sqlite3_changes(stores->db);
        }
    }
    sqlite3_finalize(upsert);
    status = stores_finish_write(stores, "add_assets", status, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    return status;
}

/* args {"wallet_id":"…"}: the wallet's token ids in the order added. */
gem_status asset_store_get_wallet_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const char *wallet_id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "wallet_id"));
    if (!wallet_id) {
        snprintf(message, size, "get_wallet_assets: expected {\"wallet_id\":string}");
        return GEM_ERR_PORT;
    }
    cJSON *ids = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, "SELECT asset_id FROM wallet_assets WHERE wallet_id = ?1 ORDER BY position", -1,
                                &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, wallet_id, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON_AddItemToArray(ids, cJSON_CreateString((const char *)sqlite3_column_text(stmt, 0)));
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, "get_wallet_assets", message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    if (rc != SQLITE_DONE) {
        cJSON_Delete(ids);
        return GEM_ERR_STORE;
    }
    *answer = ids;
    return GEM_OK;
}

/* Runs `stmt` (wallet id as ?1, asset id as ?2) for every id of `ids`. Returns 1 on success. */
static int each_asset(sqlite_stores *stores, sqlite3_stmt *stmt, const char *wallet_id, const cJSON *ids, long *written) {
    const cJSON *id = NULL;
    cJSON_ArrayForEach(id, ids) {
        sqlite3_reset(stmt);
        sqlite3_bind_text(stmt, 1, wallet_id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, cJSON_GetStringValue(id), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(stmt) != SQLITE_DONE) return 0;
        *written += sqlite3_changes(stores->db);
    }
    return 1;
}

/*
 * args GemWalletAssetsUpdate {"wallet_id","add":[ids],"remove":[ids]}, in one transaction: the ids
 * of add not listed yet are appended in order, then the ids of remove are deleted.
 */
gem_status asset_store_update_wallet_assets(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message,
                                            size_t size) {
    (void)answer;
    const char *wallet_id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "wallet_id"));
    const cJSON *add = cJSON_GetObjectItem(args, "add");
    const cJSON *remove = cJSON_GetObjectItem(args, "remove");
    if (!wallet_id || !stores_is_string_array(add) || !stores_is_string_array(remove)) {
        snprintf(message, size, "update_wallet_assets: expected {\"wallet_id\":string,\"add\":[string],\"remove\":[string]}");
        return GEM_ERR_PORT;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *insert = NULL, *delete = NULL;
    int ok = stores_begin(stores) &&
             sqlite3_prepare_v2(stores->db,
                                "INSERT INTO wallet_assets(wallet_id, asset_id, position) VALUES(?1, ?2, "
                                "(SELECT COALESCE(MAX(position), -1) + 1 FROM wallet_assets WHERE wallet_id = ?1)) "
                                "ON CONFLICT(wallet_id, asset_id) DO NOTHING",
                                -1, &insert, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(stores->db, "DELETE FROM wallet_assets WHERE wallet_id = ?1 AND asset_id = ?2", -1, &delete,
                                NULL) == SQLITE_OK &&
             each_asset(stores, insert, wallet_id, add, &written) && each_asset(stores, delete, wallet_id, remove, &written);
    if (!ok) stores_error_message(stores, "update_wallet_assets", message, size);
    sqlite3_finalize(insert);
    sqlite3_finalize(delete);
    gem_status status = stores_finish_write(stores, "update_wallet_assets", ok ? GEM_OK : GEM_ERR_STORE, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    return status;
}

static void get_assets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, asset_store_get_assets, call);
}

static void add_assets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, asset_store_add_assets, call);
}

static void get_wallet_assets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, asset_store_get_wallet_assets, call);
}

static void update_wallet_assets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, asset_store_update_wallet_assets, call);
}

gem_asset_store sqlite_asset_table(sqlite_stores *stores) {
    gem_asset_store table = {
        .struct_size = sizeof(gem_asset_store),
        .context = stores,
        .release = stores_release,
        .get_assets = get_assets,
        .add_assets = add_assets,
        .get_wallet_assets = get_wallet_assets,
        .update_wallet_assets = update_wallet_assets,
    };
    return table;
}
