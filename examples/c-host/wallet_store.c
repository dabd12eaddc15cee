/*
 * The wallet store (gem_wallet_store, async: called on a core thread) over the `wallets` and
 * `accounts` tables. A wallet and its accounts are written in one transaction; the wallet record
 * of gemstone.h is rebuilt from the rows on every read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite_stores.h"

/* The fields of a wallet record, borrowed from the parsed port arguments. */
typedef struct wallet_fields {
    const char *id;
    const char *name;
    const char *type;
    const char *source;
    const char *external_id; /* NULL for watch-only wallets */
    const char *image_url;   /* NULL when none */
    int index;
    int order;
    int is_pinned;
    const cJSON *accounts;
} wallet_fields;

/* ---- reading the record the core sends ---- */

static int int32_field(const cJSON *object, const char *key, int *out) {
    const cJSON *item = cJSON_GetObjectItem(object, key);
    if (!cJSON_IsNumber(item)) return 0;
    double value = item->valuedouble;
    if (!(value >= -2147483648.0 && value <= 2147483647.0) || value != (double)(int)value) return 0;
    *out = (int)value;
    return 1;
}

/* An optional string: absent or null gives NULL; any other non-string is malformed. */
static int optional_string(const cJSON *object, const char *key, const char **out) {
    const cJSON *item = cJSON_GetObjectItem(object, key);
    *out = NULL;
    if (!item || cJSON_IsNull(item)) return 1;
    *out = cJSON_GetStringValue(item);
    return *out != NULL;
}

static int valid_account(const cJSON *account) {
    const char *xpub = NULL;
    return cJSON_IsObject(account) && cJSON_GetStringValue(cJSON_GetObjectItem(account, "chain")) &&
           cJSON_GetStringValue(cJSON_GetObjectItem(account, "address")) &&
           cJSON_GetStringValue(cJSON_GetObjectItem(account, "derivation_path")) &&
           optional_string(account, "extended_public_key", &xpub);
}

/* Reads args {"wallet":{…}}. Returns 1, or 0 with what is wrong in `message`. */
static int read_wallet(const cJSON *args, const char *method, wallet_fields *w, char *message, size_t size) {
    const cJSON *wallet = cJSON_GetObjectItem(args, "wallet");
    memset(w, 0, sizeof(*w));
    w->id = cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "id"));
    w->name = cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "name"));
    w->type = cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "type"));
    w->source = cJSON_GetStringValue(cJSON_GetObjectItem(wallet, "source"));
    w->accounts = cJSON_GetObjectItem(wallet, "accounts");
    const cJSON *pinned = cJSON_GetObjectItem(wallet, "is_pinned");
    w->is_pinned = cJSON_IsTrue(pinned);
    int ok = w->id && w->name && w->type && w->source && cJSON_IsBool(pinned) && cJSON_IsArray(w->accounts) &&
             int32_field(wallet, "index", &w->index) && int32_field(wallet, "order", &w->order) &&
             optional_string(wallet, "external_id", &w->external_id) && optional_string(wallet, "image_url", &w->image_url);
    const cJSON *account = NULL;
    if (ok) {
        cJSON_ArrayForEach(account, w->accounts) {
            if (!valid_account(account)) ok = 0;
        }
    }
    if (!ok) snprintf(message, size, "%s: expected {\"wallet\": a wallet record}", method);
    return ok;
}

/* ---- writing rows ---- */

static const char *INSERT_WALLET =
    "INSERT INTO wallets(id, name, type, wallet_index, sort_order, is_pinned, source, external_id, image_url) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

/* Changes the row only when a column differs, so an unchanged wallet writes nothing. */
static const char *UPDATE_WALLET =
    "UPDATE wallets SET name = ?2, type = ?3, wallet_index = ?4, sort_order = ?5, is_pinned = ?6, source = ?7, "
    "external_id = ?8, image_url = ?9 "
    "WHERE id = ?1 AND (name IS NOT ?2 OR type IS NOT ?3 OR wallet_index IS NOT ?4 OR sort_order IS NOT ?5 "
    "OR is_pinned IS NOT ?6 OR source IS NOT ?7 OR external_id IS NOT ?8 OR image_url IS NOT ?9)";

static const char *INSERT_ACCOUNT =
    "INSERT INTO accounts(wallet_id, chain, address, derivation_path, extended_public_key, position) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6)";

static const char *UPSERT_ACCOUNT =
    "INSERT INTO accounts(wallet_id, chain, address, derivation_path, extended_public_key, position) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6) "
    "ON CONFLICT(wallet_id, chain) DO UPDATE SET address = excluded.address, "
    "derivation_path = excluded.derivation_path, extended_public_key = excluded.extended_public_key, "
    "position = excluded.position "
    "WHERE address IS NOT excluded.address OR derivation_path IS NOT excluded.derivation_path "
    "OR extended_public_key IS NOT excluded.extended_public_key OR position IS NOT excluded.position";

/* Accounts of the wallet whose chain is not in the JSON array ?2. */
static const char *DELETE_OTHER_ACCOUNTS =
    "DELETE FROM accounts WHERE wallet_id = ?1 AND chain NOT IN (SELECT value FROM json_each(?2))";

static void bind_optional(sqlite3_stmt *stmt, int column, const char *value) {
    if (value) sqlite3_bind_text(stmt, column, value, -1, SQLITE_TRANSIENT);
    else sqlite3_bind_null(stmt, column);
}

/* Runs the wallet statement (INSERT_WALLET or UPDATE_WALLET). Returns the SQLite result code. */
static int write_wallet_row(sqlite_stores *stores, const char *sql, const wallet_fields *w, long *written) {
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, w->id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, w->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 3, w->type, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt, 4, w->index);
        sqlite3_bind_int(stmt, 5, w->order);
        sqlite3_bind_int(stmt, 6, w->is_pinned);
        sqlite3_bind_text(stmt, 7, w->source, -1, SQLITE_TRANSIENT);
        bind_optional(stmt, 8, w->external_id);
        bind_optional(stmt, 9, w->image_url);
        rc = sqlite3_step(stmt);
        if (rc == SQLITE_DONE) *written += sqlite3_changes(stores->db);
    }
    sqlite3_finalize(stmt);
    return rc;
}

/* Writes every account with `sql` (INSERT_ACCOUNT or UPSERT_ACCOUNT). Returns 1 on success. */
static int write_accounts(sqlite_stores *stores, const char *sql, const wallet_fields *w, long *written) {
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL) != SQLITE_OK) return 0;
    int ok = 1, position = 0;
    const cJSON *account = NULL;
    cJSON_ArrayForEach(account, w->accounts) {
        const char *xpub = NULL;
        optional_string(account, "extended_public_key", &xpub);
        sqlite3_reset(stmt);
        sqlite3_bind_text(stmt, 1, w->id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, cJSON_GetStringValue(cJSON_GetObjectItem(account, "chain")), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 3, cJSON_GetStringValue(cJSON_GetObjectItem(account, "address")), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 4, cJSON_GetStringValue(cJSON_GetObjectItem(account, "derivation_path")), -1, SQLITE_TRANSIENT);
        bind_optional(stmt, 5, xpub);
        sqlite3_bind_int(stmt, 6, position++);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
        if (!ok) break;
        *written += sqlite3_changes(stores->db);
    }
    sqlite3_finalize(stmt);
    return ok;
}

static int delete_other_accounts(sqlite_stores *stores, const wallet_fields *w, long *written) {
    cJSON *chains = cJSON_CreateArray();
    const cJSON *account = NULL;
    cJSON_ArrayForEach(account, w->accounts) {
        cJSON_AddItemToArray(chains, cJSON_CreateString(cJSON_GetStringValue(cJSON_GetObjectItem(account, "chain"))));
    }
    char *list = cJSON_PrintUnformatted(chains);
    cJSON_Delete(chains);
    if (!list) return 0;
    sqlite3_stmt *stmt = NULL;
    int ok = sqlite3_prepare_v2(stores->db, DELETE_OTHER_ACCOUNTS, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(stmt, 1, w->id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, list, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
        if (ok) *written += sqlite3_changes(stores->db);
    }
    sqlite3_finalize(stmt);
    free(list);
    return ok;
}

static int wallet_exists(sqlite_stores *stores, const char *id, int *exists) {
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, "SELECT 1 FROM wallets WHERE id = ?", -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, id, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(stmt);
        *exists = rc == SQLITE_ROW;
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* Inserts the wallet and its accounts in one transaction; an id already stored writes nothing. */
static void add_wallet(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    wallet_fields w;
    char message[512];
    if (!read_wallet(json, "add_wallet", &w, message, sizeof(message))) {
        gem_call_fail(call, GEM_ERR_PORT, message);
        cJSON_Delete(json);
        return;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    int ok = stores_begin(stores);
    if (!ok) {
        stores_error_message(stores, "add_wallet", message, sizeof(message));
    } else {
        int rc = write_wallet_row(stores, INSERT_WALLET, &w, &written);
        if (rc == SQLITE_CONSTRAINT && sqlite3_extended_errcode(stores->db) == SQLITE_CONSTRAINT_PRIMARYKEY) {
            snprintf(message, sizeof(message), "add_wallet: a wallet with id %s is already stored", w.id);
            ok = 0;
        } else if (rc != SQLITE_DONE || !write_accounts(stores, INSERT_ACCOUNT, &w, &written)) {
            stores_error_message(stores, "add_wallet", message, sizeof(message));
            ok = 0;
        }
        if (ok && !stores_commit(stores)) {
            stores_error_message(stores, "add_wallet", message, sizeof(message));
            ok = 0;
        }
        if (!ok) stores_rollback(stores);
        else stores->rows_written += written;
    }
    pthread_mutex_unlock(&stores->lock);
    if (ok) stores_answer_null(call);
    else gem_call_fail(call, GEM_ERR_STORE, message);
    cJSON_Delete(json);
}

/* Replaces the stored wallet with this id, in one transaction, writing only rows that change. */
static void save_wallet(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    wallet_fields w;
    char message[512];
    if (!read_wallet(json, "save_wallet", &w, message, sizeof(message))) {
        gem_call_fail(call, GEM_ERR_PORT, message);
        cJSON_Delete(json);
        return;
    }
    long written = 0;
    int exists = 0;
    gem_status failure = GEM_ERR_STORE;
    pthread_mutex_lock(&stores->lock);
    int ok = stores_begin(stores) && wallet_exists(stores, w.id, &exists);
    if (ok && !exists) {
        stores_rollback(stores);
        snprintf(message, sizeof(message), "save_wallet: no wallet with id %s is stored", w.id);
        failure = GEM_ERR_NOT_FOUND;
        ok = 0;
    } else {
        ok = ok && write_wallet_row(stores, UPDATE_WALLET, &w, &written) == SQLITE_DONE &&
             write_accounts(stores, UPSERT_ACCOUNT, &w, &written) && delete_other_accounts(stores, &w, &written) &&
             stores_commit(stores);
        if (!ok) {
            stores_error_message(stores, "save_wallet", message, sizeof(message));
            stores_rollback(stores);
        } else {
            stores->rows_written += written;
        }
    }
    pthread_mutex_unlock(&stores->lock);
    if (ok) stores_answer_null(call);
    else gem_call_fail(call, failure, message);
    cJSON_Delete(json);
}

/* Deletes the wallet; its accounts go with it (ON DELETE CASCADE). An unknown id is not an error. */
static void delete_wallet(void *context, const uint8_t *args, size_t len, gem_call *call) {
    sqlite_stores *stores = context;
    cJSON *json = stores_parse_args(args, len);
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(json, "wallet_id"));
    if (!id) {
        gem_call_fail(call, GEM_ERR_PORT, "delete_wallet: expected {wallet_id}");
        cJSON_Delete(json);
        return;
    }
    char message[512];
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int ok = sqlite3_prepare_v2(stores->db, "DELETE FROM wallets WHERE id = ?", -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(stmt, 1, id, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
    }
    if (!ok) stores_error_message(stores, "delete_wallet", message, sizeof(message));
    else stores->rows_written += sqlite3_changes(stores->db);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    if (ok) stores_answer_null(call);
    else gem_call_fail(call, GEM_ERR_STORE, message);
    cJSON_Delete(json);
}

/* ---- reading rows back into records ---- */

static const char *SELECT_WALLETS =
    "SELECT id, name, type, wallet_index, sort_order, is_pinned, source, external_id, image_url FROM wallets";

static const char *SELECT_ACCOUNTS =
    "SELECT chain, address, derivation_path, extended_public_key FROM accounts WHERE wallet_id = ? ORDER BY position";

static const char *column_text(sqlite3_stmt *stmt, int column) {
    return (const char *)sqlite3_column_text(stmt, column);
}

/* The accounts of one wallet as the record's "accounts" array; NULL when SQLite fails. */
static cJSON *read_accounts(sqlite3_stmt *accounts, const char *wallet_id) {
    sqlite3_reset(accounts);
    sqlite3_bind_text(accounts, 1, wallet_id, -1, SQLITE_TRANSIENT);
    cJSON *list = cJSON_CreateArray();
    int rc;
    while ((rc = sqlite3_step(accounts)) == SQLITE_ROW) {
        cJSON *account = cJSON_CreateObject();
        cJSON_AddStringToObject(account, "chain", column_text(accounts, 0));
        cJSON_AddStringToObject(account, "address", column_text(accounts, 1));
        cJSON_AddStringToObject(account, "derivation_path", column_text(accounts, 2));
        if (sqlite3_column_type(accounts, 3) != SQLITE_NULL) {
            cJSON_AddStringToObject(account, "extended_public_key", column_text(accounts, 3));
        }
        cJSON_AddItemToArray(list, account);
    }
    if (rc != SQLITE_DONE) {
        cJSON_Delete(list);
        return NULL;
    }
    return list;
}

/* The wallet record of the current row of `wallets` (SELECT_WALLETS' columns); NULL when SQLite fails. */
static cJSON *read_wallet_record(sqlite3_stmt *wallets, sqlite3_stmt *accounts) {
    const char *id = column_text(wallets, 0);
    cJSON *list = read_accounts(accounts, id);
    if (!list) return NULL;
    cJSON *wallet = cJSON_CreateObject();
    cJSON_AddStringToObject(wallet, "id", id);
    if (sqlite3_column_type(wallets, 7) != SQLITE_NULL) cJSON_AddStringToObject(wallet, "external_id", column_text(wallets, 7));
    cJSON_AddStringToObject(wallet, "name", column_text(wallets, 1));
    cJSON_AddNumberToObject(wallet, "index", sqlite3_column_int(wallets, 3));
    cJSON_AddStringToObject(wallet, "type", column_text(wallets, 2));
    cJSON_AddItemToObject(wallet, "accounts", list);
    cJSON_AddNumberToObject(wallet, "order", sqlite3_column_int(wallets, 4));
    cJSON_AddBoolToObject(wallet, "is_pinned", sqlite3_column_int(wallets, 5) != 0);
    if (sqlite3_column_type(wallets, 8) != SQLITE_NULL) cJSON_AddStringToObject(wallet, "image_url", column_text(wallets, 8));
    cJSON_AddStringToObject(wallet, "source", column_text(wallets, 6));
    return wallet;
}

/*
 * Reads the wallet with `id` (answering the record or null), or every wallet when id is NULL
 * (answering an array), from one read transaction so wallets and accounts agree.
 */
static void read_wallets(sqlite_stores *stores, const char *id, const char *method, gem_call *call) {
    char message[512];
    char sql[256];
    snprintf(sql, sizeof(sql), "%s%s", SELECT_WALLETS, id ? " WHERE id = ?" : " ORDER BY sort_order, wallet_index");
    cJSON *answer = id ? NULL : cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *wallets = NULL, *accounts = NULL;
    int ok = sqlite3_exec(stores->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
    ok = ok && sqlite3_prepare_v2(stores->db, sql, -1, &wallets, NULL) == SQLITE_OK &&
         sqlite3_prepare_v2(stores->db, SELECT_ACCOUNTS, -1, &accounts, NULL) == SQLITE_OK;
    if (ok && id) sqlite3_bind_text(wallets, 1, id, -1, SQLITE_TRANSIENT);
    int rc = SQLITE_DONE;
    while (ok && (rc = sqlite3_step(wallets)) == SQLITE_ROW) {
        cJSON *wallet = read_wallet_record(wallets, accounts);
        if (!wallet) {
            ok = 0;
        } else if (id) {
            answer = wallet;
        } else {
            cJSON_AddItemToArray(answer, wallet);
        }
    }
    ok = ok && rc == SQLITE_DONE;
    if (!ok) stores_error_message(stores, method, message, sizeof(message));
    sqlite3_finalize(wallets);
    sqlite3_finalize(accounts);
    sqlite3_exec(stores->db, ok ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&stores->lock);
    if (!ok) {
        gem_call_fail(call, GEM_ERR_STORE, message);
    } else if (answer) {
        stores_answer_json(call, answer);
    } else {
        stores_answer_null(call);
    }
    cJSON_Delete(answer);
}

static void get_wallets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    read_wallets(context, NULL, "get_wallets", call);
}

static void get_wallet(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(json, "wallet_id"));
    if (id) read_wallets(context, id, "get_wallet", call);
    else gem_call_fail(call, GEM_ERR_PORT, "get_wallet: expected {wallet_id}");
    cJSON_Delete(json);
}

gem_wallet_store sqlite_wallet_table(sqlite_stores *stores) {
    gem_wallet_store table = {
        .struct_size = sizeof(gem_wallet_store),
        .context = stores,
        .release = stores_release,
        .get_wallets = get_wallets,
        .get_wallet = get_wallet,
        .add_wallet = add_wallet,
        .save_wallet = save_wallet,
        .delete_wallet = delete_wallet,
    };
    return table;
}
