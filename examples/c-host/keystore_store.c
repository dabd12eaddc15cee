/*
 * The secure store (gem_secure_store, async) over the `keystore` table. The core keeps here only
 * its encrypted keystore records, one per wallet under the wallet's external_id; the key that opens
 * them comes from the password file (password_file.c), which is never stored in the database.
 */
#include <stdio.h>
#include <string.h>

#include "sqlite_stores.h"

static const char *key_argument(const cJSON *json) {
    return cJSON_GetStringValue(cJSON_GetObjectItem(json, "key"));
}

static void keystore_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    cJSON *found = NULL;
    if (key) stores_key_value(context, "secure_store.get", "SELECT value FROM keystore WHERE key = ?", key, NULL, &found, call);
    else gem_call_fail(call, GEM_ERR_PORT, "secure_store.get: expected {key}");
    cJSON_Delete(found);
    cJSON_Delete(json);
}

static void keystore_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(json, "value"));
    if (key && value) {
        stores_key_value(context, "secure_store.set",
                     "INSERT INTO keystore(key, value) VALUES(?, ?) "
                     "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value",
                     key, value, NULL, call);
    } else {
        gem_call_fail(call, GEM_ERR_PORT, "secure_store.set: expected {key, value}");
    }
    cJSON_Delete(json);
}

static void keystore_delete(void *context, const uint8_t *args, size_t len, gem_call *call) {
    cJSON *json = stores_parse_args(args, len);
    const char *key = key_argument(json);
    if (key) stores_key_value(context, "secure_store.delete_key", "DELETE FROM keystore WHERE key = ?", key, NULL, NULL, call);
    else gem_call_fail(call, GEM_ERR_PORT, "secure_store.delete_key: expected {key}");
    cJSON_Delete(json);
}

gem_secure_store sqlite_keystore_table(sqlite_stores *stores) {
    gem_secure_store table = {
        .struct_size = sizeof(gem_secure_store),
        .context = stores,
        .release = stores_release,
        .get = keystore_get,
        .set = keystore_set,
        .delete_key = keystore_delete,
    };
    return table;
}
