/*
 * Paired store tests through gem-host's real SQLite adapters (examples/c-host): the chain stores'
 * method bodies run over a database in a temporary folder, as the port functions run them. A
 * chain's balance batch is atomic (a failure on its second row leaves none of it), only the rows
 * given are written and an unchanged row is not written (counted by stores->rows_written and by
 * SQLite's own change counter), update_nodes and update_wallet_assets are one transaction each.
 * A price tick goes through the real core (gem_price_service) into the real price store: a tick whose
 * write fails is rolled back whole, and the identical retry applies the conversion it carried.
 */
#include <stdlib.h>
#include <unistd.h>

#include "testing.h"
#include "sqlite_stores.h"

#define WALLET "view_ethereum_0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
#define OTHER_WALLET "view_ethereum_0x1234567890AbcdEF1234567890aBcdef12345678"
#define TOKEN_A "ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3"
#define TOKEN_B "ethereum_0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"

static sqlite_stores stores;
static release_counter tables;
static char folder[] = "/tmp/gem-stores-XXXXXX";
static char path[128];

static void exec(const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(stores.db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "SQL failed: %s: %s\n", sql, error ? error : "?");
        failures++;
    }
    sqlite3_free(error);
}

static long count(const char *sql) {
    sqlite3_stmt *stmt = NULL;
    long value = -1;
    if (sqlite3_prepare_v2(stores.db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        value = sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    return value;
}

/* Runs a method body over args_json and returns its status; the answer's JSON text goes to answer_text. */
static gem_status run(stores_method method, const char *args_json, char *answer_text, size_t size, char *message) {
    cJSON *args = args_json ? cJSON_Parse(args_json) : NULL;
    cJSON *answer = NULL;
    message[0] = '\0';
    gem_status status = method(&stores, args, &answer, message, 512);
    if (answer_text) {
        char *text = answer ? cJSON_PrintUnformatted(answer) : NULL;
        snprintf(answer_text, size, "%s", text ? text : "null");
        free(text);
    }
    cJSON_Delete(answer);
    cJSON_Delete(args);
    return status;
}

#define ROW(asset, available) \
    "{\"asset_id\":\"" asset "\",\"available\":\"" available "\",\"staked\":\"0\",\"pending\":\"0\",\"locked\":\"0\",\"reserved\":\"0\"}"
#define UPDATE(wallet, rows) "{\"wallet_id\":\"" wallet "\",\"chain\":\"ethereum\",\"balances\":[" rows "]}"

static void open_database(void) {
    CHECK(mkdtemp(folder) != NULL);
    snprintf(path, sizeof(path), "%s/host.db", folder);
    release_counter_init(&tables);
    CHECK(sqlite_stores_open(&stores, path, &tables) == 0);
    /* The wallets the rows belong to (the wallet store's table; the chain tables reference it). */
    exec("INSERT INTO wallets(id, name, type, wallet_index, sort_order, is_pinned, source) VALUES"
         "('" WALLET "', 'A', 'view', 1, 0, 0, 'import'), ('" OTHER_WALLET "', 'B', 'view', 2, 1, 0, 'import')");
    /* Counts every row SQLite writes to the chain tables, triggers being outside the adapter. */
    exec("CREATE TABLE writes (n INTEGER NOT NULL); INSERT INTO writes VALUES (0);"
         "CREATE TRIGGER balances_inserted AFTER INSERT ON balances BEGIN UPDATE writes SET n = n + 1; END;"
         "CREATE TRIGGER balances_updated AFTER UPDATE ON balances BEGIN UPDATE writes SET n = n + 1; END;");
}

static void close_database(void) {
    sqlite_stores_close(&stores);
    release_counter_destroy(&tables);
    char file[160];
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(file, sizeof(file), "%s%s", path, suffixes[i]);
        unlink(file);
    }
    rmdir(folder);
}

static void test_balance_batch_is_atomic(void) {
    char answer[2048], message[512];
    /* A stored row the failed batches must leave as it is. */
    CHECK(run(balance_store_update_balances, UPDATE(WALLET, ROW("ethereum", "5")), NULL, 0, message) == GEM_OK);
    long before = stores.rows_written;
    long total = sqlite3_total_changes(stores.db);

    /* A constraint on the second row: its value is not decimal digits. */
    CHECK(run(balance_store_update_balances, UPDATE(WALLET, ROW("ethereum", "7") "," ROW(TOKEN_A, "12x") "," ROW(TOKEN_B, "3")),
              NULL, 0, message) == GEM_ERR_STORE);
    CHECK(strstr(message, "update_balances") != NULL && strstr(message, "CHECK constraint") != NULL);
    CHECK(count("SELECT COUNT(*) FROM balances") == 1);
    CHECK(count("SELECT COUNT(*) FROM balances WHERE asset_id = 'ethereum' AND available = '5'") == 1);
    CHECK(stores.rows_written == before);

    /* An injected failure on the second row. */
    exec("CREATE TEMP TRIGGER fail_second BEFORE INSERT ON balances WHEN NEW.asset_id = '" TOKEN_A "' "
         "BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    CHECK(run(balance_store_update_balances, UPDATE(WALLET, ROW("ethereum", "8") "," ROW(TOKEN_A, "1") "," ROW(TOKEN_B, "2")),
              NULL, 0, message) == GEM_ERR_STORE);
    CHECK(strstr(message, "injected failure") != NULL);
    CHECK(count("SELECT COUNT(*) FROM balances") == 1);
    CHECK(count("SELECT COUNT(*) FROM balances WHERE asset_id = 'ethereum' AND available = '5'") == 1);
    CHECK(stores.rows_written == before);
    exec("DROP TRIGGER fail_second");

    /* A wallet that is not stored: nothing written. */
    CHECK(run(balance_store_update_balances,
              UPDATE("view_ethereum_0x0000000000000000000000000000000000000001", ROW("ethereum", "1")), NULL, 0, message) == GEM_ERR_STORE);
    CHECK(strstr(message, "FOREIGN KEY") != NULL);
    CHECK(count("SELECT COUNT(*) FROM balances") == 1);

    /* The same batch without the failure is written whole. */
    CHECK(run(balance_store_update_balances, UPDATE(WALLET, ROW("ethereum", "8") "," ROW(TOKEN_A, "1") "," ROW(TOKEN_B, "2")),
              NULL, 0, message) == GEM_OK);
    CHECK(count("SELECT COUNT(*) FROM balances") == 3);
    CHECK(stores.rows_written == before + 3);
    CHECK(sqlite3_total_changes(stores.db) >= total + 3);
    CHECK(run(balance_store_get_balances, "{\"wallet_id\":\"" WALLET "\",\"asset_ids\":[\"ethereum\",\"" TOKEN_B "\",\"solana\"]}",
              answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[" ROW("ethereum", "8") "," ROW(TOKEN_B, "2") "]") == 0);
    exec("DELETE FROM balances");
}

static void test_only_changed_rows_are_written(void) {
    char answer[2048], message[512];
    exec("UPDATE writes SET n = 0");
    const char *batch = UPDATE(WALLET, ROW("ethereum", "100") "," ROW(TOKEN_A, "1000000"));
    CHECK(run(balance_store_update_balances, batch, NULL, 0, message) == GEM_OK);
    CHECK(run(balance_store_update_balances, UPDATE(OTHER_WALLET, ROW("ethereum", "9")), NULL, 0, message) == GEM_OK);
    CHECK(count("SELECT n FROM writes") == 3);
    long written = stores.rows_written;
    int total = sqlite3_total_changes(stores.db);

    /* The same batch again: no row is written. */
    CHECK(run(balance_store_update_balances, batch, NULL, 0, message) == GEM_OK);
    CHECK(count("SELECT n FROM writes") == 3);
    CHECK(stores.rows_written == written);
    CHECK(sqlite3_total_changes(stores.db) == total);

    /* One kind of one row changed: that row only; the other wallet's row and the rows not given stay. */
    CHECK(run(balance_store_update_balances,
              UPDATE(WALLET, "{\"asset_id\":\"ethereum\",\"available\":\"100\",\"staked\":\"4\",\"pending\":\"0\",\"locked\":\"0\",\"reserved\":\"0\"},"
                             ROW(TOKEN_A, "1000000")),
              NULL, 0, message) == GEM_OK);
    CHECK(count("SELECT n FROM writes") == 4);
    CHECK(stores.rows_written == written + 1);
    CHECK(sqlite3_total_changes(stores.db) == total + 2); /* the row, and the counting trigger's own update */
    CHECK(run(balance_store_get_balances, "{\"wallet_id\":\"" OTHER_WALLET "\",\"asset_ids\":[\"ethereum\"]}", answer, sizeof(answer),
              message) == GEM_OK);
    CHECK(strcmp(answer, "[" ROW("ethereum", "9") "]") == 0);

    /* An empty batch writes nothing and succeeds. */
    CHECK(run(balance_store_update_balances, UPDATE(WALLET, ""), NULL, 0, message) == GEM_OK);
    CHECK(count("SELECT n FROM writes") == 4);
}

static void test_malformed_arguments_are_port_errors(void) {
    char message[512];
    long written = stores.rows_written;
    const char *const bad[] = {
        NULL, "[]", "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\"}",
        "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\",\"balances\":[{\"asset_id\":\"ethereum\",\"available\":\"1\"}]}",
        "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\",\"balances\":[" ROW("ethereum", "1") ",7]}",
        "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\",\"balances\":[{\"asset_id\":\"ethereum\",\"available\":1,\"staked\":\"0\",\"pending\":\"0\",\"locked\":\"0\",\"reserved\":\"0\"}]}",
        /* every row must be an asset of the batch's chain */
        "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\",\"balances\":[" ROW("ethereum", "1") "," ROW("ethereumclassic", "1") "]}",
        "{\"wallet_id\":\"" WALLET "\",\"chain\":\"ethereum\",\"balances\":[" ROW("solana", "1") "]}",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        CHECK(run(balance_store_update_balances, bad[i], NULL, 0, message) == GEM_ERR_PORT);
        CHECK(strncmp(message, "update_balances: ", 17) == 0);
    }
    CHECK(run(balance_store_get_balances, "{\"wallet_id\":\"" WALLET "\"}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(balance_store_get_balances, "{\"wallet_id\":\"" WALLET "\",\"asset_ids\":[1]}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(node_store_update_nodes, "{\"add\":[{\"chain\":\"ethereum\"}],\"delete\":[]}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(node_store_update_nodes, "{\"add\":[]}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(node_store_set_selection, "{\"chain\":\"ethereum\"}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(node_store_set_selection, "{\"chain\":\"ethereum\",\"url\":5}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(asset_store_get_assets, "{\"ids\":\"ethereum\"}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(asset_store_add_assets, "{\"assets\":[{\"name\":\"x\"}]}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(asset_store_get_wallet_assets, "{}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(run(asset_store_update_wallet_assets, "{\"wallet_id\":\"" WALLET "\",\"add\":[\"x\"]}", NULL, 0, message) == GEM_ERR_PORT);
    CHECK(stores.rows_written == written);
}

#define NODE(chain, url) "{\"chain\":\"" chain "\",\"url\":\"" url "\"}"

static void test_update_nodes_is_one_transaction(void) {
    char answer[2048], message[512];
    CHECK(run(node_store_update_nodes, "{\"add\":[" NODE("ethereum", "https://a.example") "," NODE("solana", "https://b.example") "],\"delete\":[]}",
              NULL, 0, message) == GEM_OK);
    long written = stores.rows_written;
    /* A failure on the delete leaves the add of the same call unwritten. */
    exec("CREATE TEMP TRIGGER fail_node_delete BEFORE DELETE ON nodes BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    CHECK(run(node_store_update_nodes, "{\"add\":[" NODE("ethereum", "https://c.example") "],\"delete\":[" NODE("solana", "https://b.example") "]}",
              NULL, 0, message) == GEM_ERR_STORE);
    CHECK(strstr(message, "injected failure") != NULL);
    CHECK(count("SELECT COUNT(*) FROM nodes") == 2);
    CHECK(stores.rows_written == written);
    exec("DROP TRIGGER fail_node_delete");
    /* Adding a stored node leaves it where it is; new nodes are appended in order. */
    CHECK(run(node_store_update_nodes, "{\"add\":[" NODE("ethereum", "https://a.example") "," NODE("ethereum", "https://c.example") "],\"delete\":[" NODE("solana", "https://b.example") "]}",
              NULL, 0, message) == GEM_OK);
    CHECK(stores.rows_written == written + 2);
    CHECK(run(node_store_get_nodes, "{}", answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[" NODE("ethereum", "https://a.example") "," NODE("ethereum", "https://c.example") "]") == 0);

    /* Selections: one per chain, written only when it changes, cleared by null. */
    written = stores.rows_written;
    CHECK(run(node_store_set_selection, NODE("ethereum", "https://c.example"), NULL, 0, message) == GEM_OK);
    CHECK(run(node_store_set_selection, NODE("ethereum", "https://c.example"), NULL, 0, message) == GEM_OK);
    CHECK(stores.rows_written == written + 1);
    CHECK(run(node_store_set_selection, NODE("ethereum", "https://a.example"), NULL, 0, message) == GEM_OK);
    CHECK(run(node_store_set_selection, NODE("solana", "https://s.example"), NULL, 0, message) == GEM_OK);
    CHECK(run(node_store_get_selections, NULL, answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[" NODE("ethereum", "https://a.example") "," NODE("solana", "https://s.example") "]") == 0);
    CHECK(run(node_store_set_selection, "{\"chain\":\"solana\",\"url\":null}", NULL, 0, message) == GEM_OK);
    CHECK(run(node_store_get_selections, "{}", answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[" NODE("ethereum", "https://a.example") "]") == 0);
}

#define ASSET(id, symbol) "{\"id\":\"" id "\",\"name\":\"Test\",\"symbol\":\"" symbol "\",\"decimals\":6,\"type\":\"erc20\"}"

static void test_assets_and_wallet_lists(void) {
    char answer[2048], message[512];
    long written = stores.rows_written;
    CHECK(run(asset_store_add_assets, "{\"assets\":[" ASSET(TOKEN_A, "TST") "," ASSET(TOKEN_B, "TWO") "]}", NULL, 0, message) == GEM_OK);
    CHECK(run(asset_store_add_assets, "{\"assets\":[" ASSET(TOKEN_A, "TST") "]}", NULL, 0, message) == GEM_OK);
    CHECK(stores.rows_written == written + 2);
    CHECK(run(asset_store_get_assets, "{\"ids\":[\"" TOKEN_A "\",\"ethereum_0xnone\"]}", answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[" ASSET(TOKEN_A, "TST") "]") == 0);

    written = stores.rows_written;
    CHECK(run(asset_store_update_wallet_assets, "{\"wallet_id\":\"" WALLET "\",\"add\":[\"" TOKEN_B "\",\"" TOKEN_A "\"],\"remove\":[]}",
              NULL, 0, message) == GEM_OK);
    CHECK(stores.rows_written == written + 2);
    /* A failure on the remove leaves the add of the same call unwritten. */
    exec("CREATE TEMP TRIGGER fail_list_delete BEFORE DELETE ON wallet_assets BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    CHECK(run(asset_store_update_wallet_assets, "{\"wallet_id\":\"" WALLET "\",\"add\":[\"ethereum_0x3\"],\"remove\":[\"" TOKEN_B "\"]}",
              NULL, 0, message) == GEM_ERR_STORE);
    exec("DROP TRIGGER fail_list_delete");
    CHECK(count("SELECT COUNT(*) FROM wallet_assets") == 2);
    CHECK(stores.rows_written == written + 2);
    /* A wallet that is not stored: nothing written. */
    CHECK(run(asset_store_update_wallet_assets, "{\"wallet_id\":\"view_ethereum_0x0000000000000000000000000000000000000001\",\"add\":[\"" TOKEN_A "\"],\"remove\":[]}",
              NULL, 0, message) == GEM_ERR_STORE);
    CHECK(run(asset_store_update_wallet_assets, "{\"wallet_id\":\"" WALLET "\",\"add\":[\"" TOKEN_A "\",\"ethereum_0x3\"],\"remove\":[\"" TOKEN_B "\"]}",
              NULL, 0, message) == GEM_OK);
    CHECK(run(asset_store_get_wallet_assets, "{\"wallet_id\":\"" WALLET "\"}", answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[\"" TOKEN_A "\",\"ethereum_0x3\"]") == 0);
    CHECK(run(asset_store_get_wallet_assets, "{\"wallet_id\":\"" OTHER_WALLET "\"}", answer, sizeof(answer), message) == GEM_OK);
    CHECK(strcmp(answer, "[]") == 0);

    /* Deleting a wallet deletes its list and balance rows with it. */
    CHECK(run(balance_store_update_balances, UPDATE(OTHER_WALLET, ROW("ethereum", "9")), NULL, 0, message) == GEM_OK);
    exec("DELETE FROM wallets WHERE id = '" WALLET "'");
    CHECK(count("SELECT COUNT(*) FROM wallet_assets") == 0);
    CHECK(count("SELECT COUNT(*) FROM balances WHERE wallet_id = '" WALLET "'") == 0);
    CHECK(count("SELECT COUNT(*) FROM balances WHERE wallet_id = '" OTHER_WALLET "'") == 1);
}

static void no_transport(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_fail(call, GEM_ERR_OFFLINE, "no network in this test");
}

static double number(const char *sql) {
    sqlite3_stmt *stmt = NULL;
    double value = -1;
    if (sqlite3_prepare_v2(stores.db, sql, -1, &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        value = sqlite3_column_double(stmt, 0);
    }
    sqlite3_finalize(stmt);
    return value;
}

static gem_status tick(gem_price_service *service, const char *payload, char *answer, size_t size) {
    completion c;
    completion_init(&c);
    gem_status status = gem_price_service_apply_tick(service, payload, completion_done, &c);
    if (status == GEM_OK) status = completion_wait(&c);
    snprintf(answer, size, "%s", c.json);
    completion_destroy(&c);
    return status;
}

static void test_failed_tick_rolls_back_and_identical_retry_applies(void) {
    gem_buffer out = {0};
    gem_preferences_store prefs_table = sqlite_preferences_table(&stores);
    gem_preferences_service *preferences = NULL;
    CHECK(gem_preferences_service_new(&prefs_table, &preferences, &out) == GEM_OK);
    release_counter_give(&tables, 1);
    CHECK(gem_preferences_service_update(preferences, "{\"currency\":\"EUR\"}", &out) == GEM_OK);
    gem_buffer_free(&out);
    gem_http_transport http = {sizeof(gem_http_transport), NULL, NULL, no_transport};
    gem_price_store price_table = sqlite_price_table(&stores);
    gem_price_service *service = NULL;
    CHECK(gem_price_service_new("{\"api_url\":\"http://127.0.0.1:9\"}", &http, preferences, &price_table, &service, &out) == GEM_OK);
    release_counter_give(&tables, 1);
    gem_preferences_service_free(preferences);
    char answer[4096];

    CHECK(tick(service, "{\"rates\":[{\"symbol\":\"EUR\",\"rate\":0.5}],\"prices\":[{\"assetId\":\"bitcoin\",\"price\":100,\"priceChangePercentage24h\":1}]}",
               answer, sizeof answer) == GEM_OK);
    CHECK(number("SELECT price FROM prices WHERE asset_id = 'bitcoin'") == 50);

    /* The conversion row refuses the write: the rate written before it in the tick is rolled back too. */
    exec("CREATE TEMP TRIGGER fail_tick BEFORE UPDATE ON price_conversion BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    const char *new_rate = "{\"rates\":[{\"symbol\":\"EUR\",\"rate\":0.25}]}";
    CHECK(tick(service, new_rate, answer, sizeof answer) == GEM_ERR_STORE);
    CHECK(number("SELECT rate FROM fiat_rates WHERE symbol = 'EUR'") == 0.5);
    CHECK(number("SELECT rate FROM price_conversion") == 0.5);
    CHECK(number("SELECT price FROM prices WHERE asset_id = 'bitcoin'") == 50);

    /* The identical retry applies: Core compared with the store, which still holds the old conversion. */
    exec("DROP TRIGGER fail_tick;");
    CHECK(tick(service, new_rate, answer, sizeof answer) == GEM_OK);
    CHECK(strstr(answer, "\"conversion\":{\"currency\":\"EUR\",\"rate\":0.25}") != NULL);
    CHECK(number("SELECT price FROM prices WHERE asset_id = 'bitcoin'") == 25);
    CHECK(number("SELECT price_usd FROM prices WHERE asset_id = 'bitcoin'") == 100);

    /* The same rate again is not applied twice: no conversion, the price stays at USD times the rate. */
    CHECK(tick(service, new_rate, answer, sizeof answer) == GEM_OK);
    CHECK(strstr(answer, "\"conversion\"") == NULL);
    CHECK(number("SELECT price FROM prices WHERE asset_id = 'bitcoin'") == 25);
    gem_price_service_free(service);
    CHECK(release_counter_wait(&tables, 10000) == 0);
}

int main(void) {
    open_database();
    test_balance_batch_is_atomic();
    test_only_changed_rows_are_written();
    test_malformed_arguments_are_port_errors();
    test_update_nodes_is_one_transaction();
    test_assets_and_wallet_lists();
    test_failed_tick_rolls_back_and_identical_retry_applies();
    close_database();
    if (failures) {
        fprintf(stderr, "sqlite_stores_test: %d failure(s)\n", failures);
        return 1;
    }
    printf("sqlite_stores_test: all checks passed\n");
    return 0;
}
