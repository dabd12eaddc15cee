/*
 * The transaction store (gem_transaction_store, async: called on a core thread) over
 * `transactions`: one row per transaction id ("<chain>_<hash>") holding its Transaction record as
 * JSON, with the wallet and the creation time as columns to list by. update_transactions writes
 * its batch in ONE transaction: every row or, on any failure, none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

/* A Transaction record as the store needs it: an object with string id and wallet_id and a number created_at. */
static int valid_transaction(const cJSON *item) {
    return cJSON_IsObject(item) && cJSON_GetStringValue(cJSON_GetObjectItem(item, "id")) &&
           cJSON_GetStringValue(cJSON_GetObjectItem(item, "wallet_id")) && cJSON_IsNumber(cJSON_GetObjectItem(item, "created_at"));
}

/* Runs `sql` (parameter 1: `key`) and answers every row's JSON column: a list, or the first row (NULL: null). */
static gem_status select_json(sqlite_stores *stores, const char *method, const char *sql, const char *key, int list,
                              cJSON **answer, char *message, size_t size) {
    cJSON *rows = list ? cJSON_CreateArray() : NULL;
    cJSON *first = NULL;
    int parsed = 1;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *row = cJSON_Parse((const char *)sqlite3_column_text(stmt, 0));
            if (!row) {
                parsed = 0;
                continue;
            }
            if (list) cJSON_AddItemToArray(rows, row);
            else if (!first) first = row;
            else cJSON_Delete(row);
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, method, message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    if (rc != SQLITE_DONE || !parsed) {
        if (rc == SQLITE_DONE) snprintf(message, size, "%s: a stored row is not JSON", method);
        cJSON_Delete(rows);
        cJSON_Delete(first);
        return GEM_ERR_STORE;
    }
    *answer = list ? rows : first;
    return GEM_OK;
}

/* args {"wallet_id"}: the wallet's transactions, newest first, [Transaction]. */
gem_status transaction_store_get_transactions(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const char *wallet_id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "wallet_id"));
    if (!wallet_id) {
        snprintf(message, size, "get_transactions: expected {\"wallet_id\":string}");
        return GEM_ERR_PORT;
    }
    return select_json(stores, "get_transactions",
                       "SELECT json FROM transactions WHERE wallet_id = ?1 ORDER BY created_at DESC, id DESC", wallet_id, 1,
                       answer, message, size);
}

/* args {"id"}: the Transaction, or null. */
gem_status transaction_store_get_transaction(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(args, "id"));
    if (!id) {
        snprintf(message, size, "get_transaction: expected {\"id\":string}");
        return GEM_ERR_PORT;
    }
    return select_json(stores, "get_transaction", "SELECT json FROM transactions WHERE id = ?1", id, 0, answer, message, size);
}

static const char *UPSERT_TRANSACTION =
    "INSERT INTO transactions(id, wallet_id, created_at, json) VALUES(?1, ?2, ?3, ?4) "
    "ON CONFLICT(id) DO UPDATE SET wallet_id = excluded.wallet_id, created_at = excluded.created_at, json = excluded.json "
    "WHERE json IS NOT excluded.json";

/* args {"transactions":[Transaction]}: upserts every row in one transaction; any failure writes none. */
gem_status transaction_store_update_transactions(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message,
                                                 size_t size) {
    (void)answer;
    const cJSON *transactions = cJSON_GetObjectItem(args, "transactions");
    const cJSON *row = NULL;
    int valid = cJSON_IsArray(transactions);
    if (valid) {
        cJSON_ArrayForEach(row, transactions) {
            if (!valid_transaction(row)) valid = 0;
        }
    }
    if (!valid) {
        snprintf(message, size, "update_transactions: expected {\"transactions\":[Transaction]}");
        return GEM_ERR_PORT;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *upsert = NULL;
    int ok = stores_begin(stores) && sqlite3_prepare_v2(stores->db, UPSERT_TRANSACTION, -1, &upsert, NULL) == SQLITE_OK;
    if (ok) {
        cJSON_ArrayForEach(row, transactions) {
            char *json = cJSON_PrintUnformatted(row);
            if (!json) {
                ok = 0;
                break;
            }
            sqlite3_reset(upsert);
            sqlite3_bind_text(upsert, 1, cJSON_GetStringValue(cJSON_GetObjectItem(row, "id")), -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(upsert, 2, cJSON_GetStringValue(cJSON_GetObjectItem(row, "wallet_id")), -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(upsert, 3, (sqlite3_int64)cJSON_GetNumberValue(cJSON_GetObjectItem(row, "created_at")));
            sqlite3_bind_text(upsert, 4, json, -1, SQLITE_TRANSIENT);
            free(json);
            ok = sqlite3_step(upsert) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    if (!ok) stores_error_message(stores, "update_transactions", message, size);
    sqlite3_finalize(upsert);
    gem_status status = stores_finish_write(stores, "update_transactions", ok ? GEM_OK : GEM_ERR_STORE, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    return status;
}

static void get_transactions(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, transaction_store_get_transactions, call);
}

static void get_transaction(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, transaction_store_get_transaction, call);
}

static void update_transactions(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, transaction_store_update_transactions, call);
}

gem_transaction_store sqlite_transaction_table(sqlite_stores *stores) {
    gem_transaction_store table = {
        .struct_size = sizeof(gem_transaction_store),
        .context = stores,
        .release = stores_release,
        .get_transactions = get_transactions,
        .get_transaction = get_transaction,
        .update_transactions = update_transactions,
    };
    return table;
}
