/*
 * The node store (gem_node_store, async: called on a core thread) over `nodes` (the nodes the
 * user added, in the order added) and `node_selections` (at most one per chain). Each method is
 * one statement or one transaction; a write touches only the rows it names.
 */
#include <stdio.h>
#include <string.h>

#include "sqlite_stores.h"

/* A GemChainNode {"chain","url"} with both strings; NULL fields otherwise. */
static int read_node(const cJSON *item, const char **chain, const char **url) {
    *chain = cJSON_GetStringValue(cJSON_GetObjectItem(item, "chain"));
    *url = cJSON_GetStringValue(cJSON_GetObjectItem(item, "url"));
    return cJSON_IsObject(item) && *chain && *url;
}

static int node_list(const cJSON *list) {
    if (!cJSON_IsArray(list)) return 0;
    const cJSON *item = NULL;
    const char *chain, *url;
    cJSON_ArrayForEach(item, list) {
        if (!read_node(item, &chain, &url)) return 0;
    }
    return 1;
}

/* Answers the (chain, url) rows of `sql` as [GemChainNode]. */
static gem_status read_nodes(sqlite_stores *stores, const char *method, const char *sql, cJSON **answer, char *message,
                             size_t size) {
    cJSON *list = cJSON_CreateArray();
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            cJSON *node = cJSON_CreateObject();
            cJSON_AddStringToObject(node, "chain", (const char *)sqlite3_column_text(stmt, 0));
            cJSON_AddStringToObject(node, "url", (const char *)sqlite3_column_text(stmt, 1));
            cJSON_AddItemToArray(list, node);
        }
    }
    if (rc != SQLITE_DONE) stores_error_message(stores, method, message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    if (rc != SQLITE_DONE) {
        cJSON_Delete(list);
        return GEM_ERR_STORE;
    }
    *answer = list;
    return GEM_OK;
}

gem_status node_store_get_nodes(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    (void)args;
    return read_nodes(stores, "get_nodes", "SELECT chain, url FROM nodes ORDER BY position", answer, message, size);
}

gem_status node_store_get_selections(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    (void)args;
    return read_nodes(stores, "get_selections", "SELECT chain, url FROM node_selections ORDER BY chain", answer, message, size);
}

/* Runs `stmt` once for every node of `list` (chain as ?1, url as ?2). Returns 1 on success. */
static int each_node(sqlite_stores *stores, sqlite3_stmt *stmt, const cJSON *list, long *written) {
    const cJSON *item = NULL;
    const char *chain, *url;
    cJSON_ArrayForEach(item, list) {
        read_node(item, &chain, &url);
        sqlite3_reset(stmt);
        sqlite3_bind_text(stmt, 1, chain, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, url, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(stmt) != SQLITE_DONE) return 0;
        *written += sqlite3_changes(stores->db);
    }
    return 1;
}

/* args {"add":[GemChainNode],"delete":[GemChainNode]}: appends the new nodes, deletes the others, in one transaction. */
gem_status node_store_update_nodes(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    (void)answer;
    const cJSON *add = cJSON_GetObjectItem(args, "add");
    const cJSON *delete = cJSON_GetObjectItem(args, "delete");
    if (!node_list(add) || !node_list(delete)) {
        snprintf(message, size, "update_nodes: expected {\"add\":[GemChainNode],\"delete\":[GemChainNode]}");
        return GEM_ERR_PORT;
    }
    long written = 0;
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *insert = NULL, *remove = NULL;
    int ok = stores_begin(stores) &&
             sqlite3_prepare_v2(stores->db,
                                "INSERT INTO nodes(chain, url, position) "
                                "VALUES(?1, ?2, (SELECT COALESCE(MAX(position), -1) + 1 FROM nodes)) "
                                "ON CONFLICT(chain, url) DO NOTHING",
                                -1, &insert, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(stores->db, "DELETE FROM nodes WHERE chain = ?1 AND url = ?2", -1, &remove, NULL) == SQLITE_OK &&
             each_node(stores, insert, add, &written) && each_node(stores, remove, delete, &written);
    if (!ok) stores_error_message(stores, "update_nodes", message, size);
    sqlite3_finalize(insert);
    sqlite3_finalize(remove);
    gem_status status = stores_finish_write(stores, "update_nodes", ok ? GEM_OK : GEM_ERR_STORE, written, message, size);
    pthread_mutex_unlock(&stores->lock);
    return status;
}

/* args {"chain":…,"url":"…"} stores the selection (written only when it changes); "url":null clears it. */
gem_status node_store_set_selection(sqlite_stores *stores, const cJSON *args, cJSON **answer, char *message, size_t size) {
    (void)answer;
    const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(args, "chain"));
    const cJSON *url_item = cJSON_GetObjectItem(args, "url");
    const char *url = cJSON_GetStringValue(url_item);
    if (!chain || (!url && !cJSON_IsNull(url_item))) {
        snprintf(message, size, "set_selection: expected {\"chain\":string,\"url\":string or null}");
        return GEM_ERR_PORT;
    }
    const char *sql = url ? "INSERT INTO node_selections(chain, url) VALUES(?1, ?2) "
                            "ON CONFLICT(chain) DO UPDATE SET url = excluded.url WHERE url <> excluded.url"
                          : "DELETE FROM node_selections WHERE chain = ?1";
    pthread_mutex_lock(&stores->lock);
    sqlite3_stmt *stmt = NULL;
    int ok = sqlite3_prepare_v2(stores->db, sql, -1, &stmt, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(stmt, 1, chain, -1, SQLITE_TRANSIENT);
        if (url) sqlite3_bind_text(stmt, 2, url, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
    }
    if (ok) stores->rows_written += sqlite3_changes(stores->db);
    else stores_error_message(stores, "set_selection", message, size);
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&stores->lock);
    return ok ? GEM_OK : GEM_ERR_STORE;
}

static void get_nodes(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, node_store_get_nodes, call);
}

static void update_nodes(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, node_store_update_nodes, call);
}

static void get_selections(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, node_store_get_selections, call);
}

static void set_selection(void *context, const uint8_t *args, size_t len, gem_call *call) {
    stores_run(context, args, len, node_store_set_selection, call);
}

gem_node_store sqlite_node_table(sqlite_stores *stores) {
    gem_node_store table = {
        .struct_size = sizeof(gem_node_store),
        .context = stores,
        .release = stores_release,
        .get_nodes = get_nodes,
        .update_nodes = update_nodes,
        .get_selections = get_selections,
        .set_selection = set_selection,
    };
    return table;
}
