/*
 * The price store (gem_price_store, async: called on a core thread) over `prices`, `fiat_rates` and
 * `price_conversion`. save_rates_and_prices commits one tick in ONE transaction: the rates (only those
 * that changed), the repricing of every stored row at the tick's conversion, then the prices; on any
 * failure the whole tick is rolled back, so an identical retry still applies.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

static int is_number(const cJSON *item) { return cJSON_IsNumber(item); }

/* args {"asset_ids":[…]}: the stored rows among them, [GemAssetPrice]. */
gem_status price_store_get_prices(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    const cJSON *asset_ids = cJSON_GetObjectItem(args, "asset_ids");
    if (!stores_is_string_array(asset_ids)) {
        snprintf(message, size, "get_prices: expected {\"asset_ids\":[string]}");
        return GEM_ERR_PORT;
    }
    char *ids = cJSON_PrintUnformatted(asset_ids);
    if (!ids) {
        snprintf(message, size, "get_prices: out of memory");
        return GEM_ERR_STORE;
    }
    cJSON *rows = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db,
                                "SELECT asset_id, price_usd, price, change_24h, updated_at FROM prices "
                                "WHERE asset_id IN (SELECT value FROM json_each(?1)) ORDER BY asset_id",
                                -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, ids, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *row = cJSON_CreateObject();
            cJSON_AddStringToObject(row, "asset_id", (const char *)sqlite3_column_text(stmt, 0));
            cJSON_AddNumberToObject(row, "price_usd", sqlite3_column_double(stmt, 1));
            cJSON_AddNumberToObject(row, "price", sqlite3_column_double(stmt, 2));
            cJSON_AddNumberToObject(row, "price_change_percentage_24h", sqlite3_column_double(stmt, 3));
            if (sqlite3_column_type(stmt, 4) != SQLITE_NULL) {
                cJSON_AddNumberToObject(row, "updated_at", (double)sqlite3_column_int64(stmt, 4));
            }
            cJSON_AddItemToArray(rows, row);
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, "get_prices", message, size);
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

/* args {"currency":C}: GemPriceState {"conversion":{"currency","rate"}?,"rate":stored rate of C?}. */
gem_status price_store_get_price_state(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message,
                                       size_t size) {
    const char *currency = cJSON_GetStringValue(cJSON_GetObjectItem(args, "currency"));
    if (!currency) {
        snprintf(message, size, "get_price_state: expected {\"currency\":string}");
        return GEM_ERR_PORT;
    }
    cJSON *state = cJSON_CreateObject();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, "SELECT currency, rate FROM price_conversion WHERE id = 1", -1, &stmt, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        cJSON *conversion = cJSON_AddObjectToObject(state, "conversion");
        cJSON_AddStringToObject(conversion, "currency", (const char *)sqlite3_column_text(stmt, 0));
        cJSON_AddNumberToObject(conversion, "rate", sqlite3_column_double(stmt, 1));
        rc = SQLITE_DONE;
    }
    sqlite3_finalize(stmt);
    stmt = NULL;
    if (rc == SQLITE_DONE) {
        rc = sqlite3_prepare_v2(stores->db, "SELECT rate FROM fiat_rates WHERE symbol = ?1", -1, &stmt, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_text(stmt, 1, currency, -1, SQLITE_TRANSIENT);
            rc = sqlite3_step(stmt);
            if (rc == SQLITE_ROW) {
                cJSON_AddNumberToObject(state, "rate", sqlite3_column_double(stmt, 0));
                rc = SQLITE_DONE;
            }
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, "get_price_state", message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    if (rc != SQLITE_DONE) {
        cJSON_Delete(state);
        return GEM_ERR_STORE;
    }
    *answer = state;
    return GEM_OK;
}

static int valid_rate(const cJSON *item) {
    return cJSON_IsObject(item) && cJSON_GetStringValue(cJSON_GetObjectItem(item, "symbol")) &&
           is_number(cJSON_GetObjectItem(item, "rate"));
}

static int valid_price(const cJSON *item) {
    const cJSON *updated = cJSON_GetObjectItem(item, "updated_at");
    return cJSON_IsObject(item) && cJSON_GetStringValue(cJSON_GetObjectItem(item, "asset_id")) &&
           is_number(cJSON_GetObjectItem(item, "price_usd")) && is_number(cJSON_GetObjectItem(item, "price")) &&
           is_number(cJSON_GetObjectItem(item, "price_change_percentage_24h")) && (!updated || is_number(updated));
}

/* Only a changed rate is written. */
static const char *UPSERT_RATE =
    "INSERT INTO fiat_rates(symbol, rate) VALUES(?1, ?2) "
    "ON CONFLICT(symbol) DO UPDATE SET rate = excluded.rate WHERE rate IS NOT excluded.rate";
static const char *UPSERT_PRICE =
    "INSERT INTO prices(asset_id, price_usd, price, change_24h, updated_at) VALUES(?1, ?2, ?3, ?4, ?5) "
    "ON CONFLICT(asset_id) DO UPDATE SET price_usd = excluded.price_usd, price = excluded.price, "
    "change_24h = excluded.change_24h, updated_at = excluded.updated_at "
    "WHERE price_usd IS NOT excluded.price_usd OR price IS NOT excluded.price OR change_24h IS NOT excluded.change_24h "
    "OR updated_at IS NOT excluded.updated_at";

/* One statement bound to nothing (the repricing and the conversion row use parameters 1 and 2 for rate and currency). */
static int run_statement(sqlite_stores *stores, const char *sql, const char *currency, double rate, long *written) {
    sqlite3_stmt *stmt = NULL;
    int ok = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_double(stmt, 1, rate);
        if (currency) sqlite3_bind_text(stmt, 2, currency, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
        if (ok) *written += sqlite3_changes(stores->db);
    }
    sqlite3_finalize(stmt);
    return ok;
}

/*
 * args GemPriceTick {"currency","rates":[GemFiatRate],"conversion":{"currency","rate"}?,"prices":[GemAssetPrice]}:
 * one transaction; any failure (SQLite, a rate that is not above zero) rolls the whole tick back.
 */
gem_status price_store_save_rates_and_prices(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message,
                                             size_t size) {
    (void)answer;
    const cJSON *rates = cJSON_GetObjectItem(args, "rates");
    const cJSON *prices = cJSON_GetObjectItem(args, "prices");
    const cJSON *conversion = cJSON_GetObjectItem(args, "conversion");
    const cJSON *item = NULL;
    int valid = cJSON_GetStringValue(cJSON_GetObjectItem(args, "currency")) && cJSON_IsArray(rates) && cJSON_IsArray(prices) &&
                (!conversion || (cJSON_GetStringValue(cJSON_GetObjectItem(conversion, "currency")) &&
                                 is_number(cJSON_GetObjectItem(conversion, "rate"))));
    if (valid) {
        cJSON_ArrayForEach(item, rates) if (!valid_rate(item)) valid = 0;
        cJSON_ArrayForEach(item, prices) if (!valid_price(item)) valid = 0;
    }
    if (!valid) {
        snprintf(message, size, "save_rates_and_prices: expected GemPriceTick {\"currency\",\"rates\",\"conversion\"?,\"prices\"}");
        return GEM_ERR_PORT;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    int ok = stores_begin(stores);
    sqlite3_stmt *stmt = NULL;
    if (ok) ok = sqlite3_prepare_v2(stores->db, UPSERT_RATE, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        cJSON_ArrayForEach(item, rates) {
            sqlite3_reset(stmt);
            sqlite3_bind_text(stmt, 1, cJSON_GetStringValue(cJSON_GetObjectItem(item, "symbol")), -1, SQLITE_TRANSIENT);
            sqlite3_bind_double(stmt, 2, cJSON_GetNumberValue(cJSON_GetObjectItem(item, "rate")));
            ok = sqlite3_step(stmt) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    sqlite3_finalize(stmt);
    stmt = NULL;
    if (ok && conversion) {
        const char *currency = cJSON_GetStringValue(cJSON_GetObjectItem(conversion, "currency"));
        double rate = cJSON_GetNumberValue(cJSON_GetObjectItem(conversion, "rate"));
        ok = run_statement(stores, "UPDATE prices SET price = price_usd * ?1 WHERE price IS NOT price_usd * ?1", NULL, rate, &written) &&
             run_statement(stores,
                           "INSERT INTO price_conversion(id, currency, rate) VALUES(1, ?2, ?1) "
                           "ON CONFLICT(id) DO UPDATE SET currency = excluded.currency, rate = excluded.rate",
                           currency, rate, &written);
    }
    if (ok) ok = sqlite3_prepare_v2(stores->db, UPSERT_PRICE, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        cJSON_ArrayForEach(item, prices) {
            const cJSON *updated = cJSON_GetObjectItem(item, "updated_at");
            sqlite3_reset(stmt);
            sqlite3_bind_text(stmt, 1, cJSON_GetStringValue(cJSON_GetObjectItem(item, "asset_id")), -1, SQLITE_TRANSIENT);
            sqlite3_bind_double(stmt, 2, cJSON_GetNumberValue(cJSON_GetObjectItem(item, "price_usd")));
            sqlite3_bind_double(stmt, 3, cJSON_GetNumberValue(cJSON_GetObjectItem(item, "price")));
            sqlite3_bind_double(stmt, 4, cJSON_GetNumberValue(cJSON_GetObjectItem(item, "price_change_percentage_24h")));
            if (updated) {
                sqlite3_bind_int64(stmt, 5, (sqlite3_int64)cJSON_GetNumberValue(updated));
            } else {
                sqlite3_bind_null(stmt, 5);
            }
            ok = sqlite3_step(stmt) == SQLITE_DONE;
            if (!ok) break;
            written += sqlite3_changes(stores->db);
        }
    }
    sqlite3_finalize(stmt);
    if (!ok) stores_error_message(stores, "save_rates_and_prices", message, size);
    gem_status status = stores_finish_write(stores, "save_rates_and_prices", ok ? GEM_OK : GEM_ERR_STORE, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    return status;
}

static void get_prices(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, price_store_get_prices, call);
}

static void get_price_state(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, price_store_get_price_state, call);
}

static void save_rates_and_prices(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, price_store_save_rates_and_prices, call);
}

gem_price_store sqlite_price_table(sqlite_stores *stores) {
    gem_price_store table = {
        .struct_size = sizeof(gem_price_store),
        .context = stores,
        .release = stores_release,
        .get_prices = get_prices,
        .get_price_state = get_price_state,
        .save_rates_and_prices = save_rates_and_prices,
    };
    return table;
}
