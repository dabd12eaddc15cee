/*
 * The balance store (gem_balance_store, async: called on a core thread) over `balances`, one row
 * per (wallet, asset) with every kind as a decimal string. update_balances writes one chain's
 * batch in ONE transaction: every row or, on any failure, none; a row equal to the stored one is
 * not written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

static const char *const KINDS[] = {"available", "staked", "pending", "locked", "reserved"};
enum { KIND_COUNT = sizeof(KINDS) / sizeof(KINDS[0]) };

/* A GemBalance: an asset id and every kind as a string. */
static int valid_balance(const cJSON *item) {
    if (!cJSON_IsObject(item) || !cJSON_GetStringValue(cJSON_GetObjectItem(item, "asset_id"))) return 0;
    for (int k = 0; k < KIND_COUNT; k++) {
        if (!cJSON_GetStringValue(cJSON_GetObjectItem(item, KINDS[k]))) return 0;
    }
    return 1;
}

/* True when asset_id is the chain's native id or one of its tokens ("<chain>_<token id>"). */
static int asset_of_chain(const char *asset_id, const char *chain) {
    size_t n = strlen(chain);
    return strncmp(asset_id, chain, n) == 0 && (asset_id[n] == '\0' || asset_id[n] == '_');
}

/* args {"wallet_id","asset_ids":[…]}: the stored rows among asset_ids, [GemBalance]. */
gem_status balance_store_get_balances(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const char *wallet_id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "wallet_id"));
    const cJSON *asset_ids = cJSON_GetObjectItem(args, "asset_ids");
    if (!wallet_id || !stores_is_string_array(asset_ids)) {
        snprintf(message, size, "get_balances: expected {\"wallet_id\":string,\"asset_ids\":[string]}");
        return GEM_ERR_PORT;
    }
    char *ids = cJSON_PrintUnformatted(asset_ids);
    if (!ids) {
        snprintf(message, size, "get_balances: out of memory");
        return GEM_ERR_STORE;
    }
    cJSON *rows = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db,
                                "SELECT asset_id, available, staked, pending, locked, reserved FROM balances "
                                "WHERE wallet_id = ?1 AND asset_id IN (SELECT value FROM json_each(?2)) ORDER BY asset_id",
                                -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, wallet_id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, ids, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *row = cJSON_CreateObject();
            cJSON_AddStringToObject(row, "asset_id", (const char *)sqlite3_column_text(stmt, 0));
            for (int k = 0; k < KIND_COUNT; k++) {
                cJSON_AddStringToObject(row, KINDS[k], (const char *)sqlite3_column_text(stmt, k + 1));
            }
            cJSON_AddItemToArray(rows, row);
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, "get_balances", message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    free(ids);
    if (rc != SQLITE_DONE) {
        cJSON_Delete(rows);
        return GEM_ERR_STORE;
    }
    *answer = rows;
    return GEM_OK;
}

/* Inserts the row, or updates it only when a kind differs, so an unchanged balance writes nothing. */
static const char *UPSERT_BALANCE =
    "INSERT INTO balances(wallet_id, asset_id, available, staked, pending, locked, reserved) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) "
    "ON CONFLICT(wallet_id, asset_id) DO UPDATE SET available = excluded.available, staked = excluded.staked, "
    "pending = excluded.pending, locked = excluded.locked, reserved = excluded.reserved "
    "WHERE available IS NOT excluded.available OR staked IS NOT excluded.staked OR pending IS NOT excluded.pending "
    "OR locked IS NOT excluded.locked OR reserved IS NOT excluded.reserved";

/*
 * args GemBalanceUpdate {"wallet_id","chain","balances":[GemBalance]}: upserts every row under
 * (wallet_id, asset_id) in one transaction. Any failure (a value that is not decimal digits, a
 * wallet not stored, SQLite) rolls the whole batch back and answers GEM_ERR_STORE.
 */
gem_status balance_store_update_balances(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message,
                                         size_t size) {
    (void)answer;
    const char *wallet_id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "wallet_id"));
    const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(args, "chain"));
    const cJSON *balances = cJSON_GetObjectItem(args, "balances");
    const cJSON *row = NULL;
    int valid = wallet_id && chain && cJSON_IsArray(balances);
    if (valid) {
        cJSON_ArrayForEach(row, balances) {
            if (!valid_balance(row)) valid = 0;
        }
    }
    if (!valid) {
        snprintf(message, size, "update_balances: expected GemBalanceUpdate {\"wallet_id\",\"chain\",\"balances\":[GemBalance]}");
        return GEM_ERR_PORT;
    }
    cJSON_ArrayForEach(row, balances) {
        const char *asset_id = cJSON_GetStringValue(cJSON_GetObjectItem(row, "asset_id"));
        if (!asset_of_chain(asset_id, chain)) {
            snprintf(message, size, "update_balances: asset %.128s is not an asset of %.64s", asset_id, chain);
            return GEM_ERR_PORT;
        }
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *upsert = NULL;
    int ok = stores_begin(stores) && sqlite3_prepare_v2(stores->db, UPSERT_BALANCE, -1, &upsert, NULL) == SQLITE_OK;
    if (ok) {
        cJSON_ArrayForEach(row, balances) {
            sqlite3_reset(upsert);
            sqlite3_bind_text(upsert, 1, wallet_id, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(upsert, 2, cJSON_GetStringValue(cJSON_GetObjectItem(row, "asset_id")), -1, SQLITE_TRANSIENT);
            for (int k = 0; k < KIND_COUNT; k++) {
                sqlite3_bind_text(upsert, k + 3, cJSON_GetStringValue(cJSON_GetObjectItem(row, KINDS[k])), -1, SQLITE_TRANSIENT);
            }
            ok = sqlite3_step(upsert) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    if (!ok) stores_error_message(stores, "update_balances", message, size);
    sqlite3_finalize(upsert);
    gem_status status = stores_finish_write(stores, "update_balances", ok ? GEM_OK : GEM_ERR_STORE, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    /* A refresh publishes chain by chain: say so as each chain's batch lands (a chain whose balances did not
       change writes nothing and is not announced). */
    if (status == GEM_OK && stores->progress) {
        fprintf(stderr, "gem-host: %s published, %d row%s\n", chain, cJSON_GetArraySize(balances),
                cJSON_GetArraySize(balances) == 1 ? "" : "s");
    }
    return status;
}

static void get_balances(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, balance_store_get_balances, call);
}

static void update_balances(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, balance_store_update_balances, call);
}

gem_balance_store sqlite_balance_table(sqlite_stores *stores) {
    gem_balance_store table = {
        .struct_size = sizeof(gem_balance_store),
        .context = stores,
        .release = stores_release,
        .get_balances = get_balances,
        .update_balances = update_balances,
    };
    return table;
}
