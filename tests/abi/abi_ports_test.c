/*
 * Ports that misbehave leave the core consistent and the host informed: a port that fails,
 * answers twice, answers malformed JSON, answers from another thread, answers late (after the
 * service is freed) or never answers; a chain store answering what is not its documented JSON; a
 * composed service outliving the host's handles of the services it was built over.
 */
#include <time.h>
#include <unistd.h>

#include "testing.h"
#include "fakes.h"

typedef struct fixture {
    fake_prefs prefs;
    fake_alerts store;
    fake_port transport;
    fake_port permissions;
    gem_price_alert_service *service;
} fixture;

static void fixture_init(fixture *f, const char *config) {
    memset(f, 0, sizeof(*f));
    f->store.get = (script){.how = ANSWER_OK, .answer = "[]"};
    f->store.update = (script){.how = ANSWER_OK, .answer = "null"};
    f->transport.request = (script){.how = ANSWER_OK, .answer = "{\"status\":200,\"body\":\"[]\"}"};
    f->permissions.request = (script){.how = ANSWER_OK, .answer = "true"};
    gem_preferences_store prefs_table = fake_prefs_table(&f->prefs);
    gem_preferences_service *preferences = NULL;
    gem_buffer out = {0};
    CHECK(gem_preferences_service_new(&prefs_table, &preferences, &out) == GEM_OK);
    CHECK(gem_preferences_service_update(preferences, "{\"device_id\":\"device-1\"}", &out) == GEM_OK);
    gem_buffer_free(&out);
    gem_http_transport http = fake_transport_table(&f->transport);
    gem_price_alert_store store = fake_alerts_table(&f->store);
    gem_notification_permissions perms = fake_permissions_table(&f->permissions);
    CHECK(gem_price_alert_service_new(config, &http, preferences, &store, &perms, &f->service, &out) == GEM_OK);
    gem_preferences_service_free(preferences);
}

/* Waits (up to 5 s) until the core has released every table of the fixture exactly once. */
static void fixture_free(fixture *f) {
    gem_price_alert_service_free(f->service);
    for (int i = 0; i < 500; i++) {
        if (atomic_load(&f->store.released) && atomic_load(&f->transport.released) &&
            atomic_load(&f->permissions.released) && atomic_load(&f->prefs.released))
            break;
        usleep(10000);
    }
    CHECK(atomic_load(&f->store.released) == 1);
    CHECK(atomic_load(&f->transport.released) == 1);
    CHECK(atomic_load(&f->permissions.released) == 1);
    CHECK(atomic_load(&f->prefs.released) == 1);
}

static const char *ALERT = "{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price\":70000}";

static gem_status add(fixture *f, completion *c) {
    completion_init(c);
    CHECK(gem_price_alert_service_add(f->service, ALERT, completion_done, c) == GEM_OK);
    return completion_wait(c);
}

static void test_store_failure_is_reported(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.store.update = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_STORE};
    completion c;
    CHECK(add(&f, &c) == GEM_ERR_STORE);
    CHECK(is_error_record(c.json, "store"));
    CHECK(strstr(c.json, "scripted failure") != NULL);
    CHECK(atomic_load(&f.transport.request.calls) == 0); /* nothing sent when the local write failed */
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_api_refusal_rolls_back(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.transport.request.answer = "{\"status\":409,\"body\":\"{\\\"error\\\":{\\\"message\\\":\\\"refused\\\"}}\"}";
    completion c;
    CHECK(add(&f, &c) == GEM_ERR_API);
    CHECK(is_error_record(c.json, "api"));
    CHECK(strstr(c.json, "\"status\":409") != NULL);
    CHECK(atomic_load(&f.store.update.calls) == 2); /* the write, then its rollback */
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_answer_twice_is_stale(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.store.get = (script){.how = ANSWER_TWICE, .answer = "[]"};
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_get_price_alerts(f.service, NULL, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strcmp(c.json, "[]") == 0);
    CHECK(script_wait_second_answer(&f.store.get) == GEM_ERR_STALE_CALL);
    usleep(20000);
    CHECK(c.calls == 1);
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_malformed_answer_is_a_port_error(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.store.get = (script){.how = ANSWER_MALFORMED};
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_get_price_alerts(f.service, "bitcoin", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port"));
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_answer_from_another_thread(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.store.get = (script){.how = ANSWER_THREAD, .answer = "[{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price\":5}]"};
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_get_price_alerts(f.service, NULL, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"asset_id\":\"bitcoin\"") != NULL);
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_never_answered_call_is_cancelled_on_free_and_late_answer_is_stale(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.store.get = (script){.how = ANSWER_NEVER};
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_get_price_alerts(f.service, NULL, completion_done, &c) == GEM_OK);
    for (int i = 0; i < 500 && f.store.get.held == NULL; i++) usleep(10000);
    CHECK(f.store.get.held != NULL);
    gem_call *late = f.store.get.held;
    fixture_free(&f);
    CHECK(completion_wait(&c) == GEM_ERR_CANCELLED);
    CHECK(is_error_record(c.json, "cancelled"));
    CHECK(gem_call_ok(late, (const uint8_t *)"[]", 2) == GEM_ERR_STALE_CALL);
    CHECK(gem_call_fail(late, GEM_ERR_STORE, "late") == GEM_ERR_STALE_CALL);
    usleep(20000);
    CHECK(c.calls == 1);
    completion_destroy(&c);
}

static void test_transport_timeout(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":200}");
    f.transport.request = (script){.how = ANSWER_NEVER};
    completion c;
    CHECK(add(&f, &c) == GEM_ERR_TIMEOUT);
    CHECK(is_error_record(c.json, "timeout"));
    CHECK(atomic_load(&f.store.update.calls) == 2); /* written, then rolled back */
    CHECK(gem_call_ok(f.transport.request.held, (const uint8_t *)"{}", 2) == GEM_ERR_STALE_CALL);
    completion_destroy(&c);
    fixture_free(&f);
}

/* A store call that never answers fails the command with GEM_ERR_TIMEOUT after store_timeout_ms (the
 * transport's own timeout_ms is longer), on a core thread; the late answer is stale. */
static void test_store_timeout(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":60000,\"store_timeout_ms\":200}");
    f.store.get = (script){.how = ANSWER_NEVER};
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_get_price_alerts(f.service, NULL, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_TIMEOUT);
    CHECK(is_error_record(c.json, "timeout"));
    CHECK(f.store.get.held != NULL);
    CHECK(gem_call_ok(f.store.get.held, (const uint8_t *)"[]", 2) == GEM_ERR_STALE_CALL);
    completion_destroy(&c);
    fixture_free(&f);

    /* Out of range is refused like any config field. */
    gem_buffer out = {0};
    gem_price_alert_service *service = NULL;
    fake_prefs prefs;
    memset(&prefs, 0, sizeof(prefs));
    gem_preferences_store prefs_table = fake_prefs_table(&prefs);
    gem_preferences_service *preferences = NULL;
    CHECK(gem_preferences_service_new(&prefs_table, &preferences, &out) == GEM_OK);
    fake_alerts store;
    fake_port transport, permissions;
    memset(&store, 0, sizeof(store));
    memset(&transport, 0, sizeof(transport));
    memset(&permissions, 0, sizeof(permissions));
    gem_http_transport http = fake_transport_table(&transport);
    gem_price_alert_store store_table = fake_alerts_table(&store);
    gem_notification_permissions perms = fake_permissions_table(&permissions);
    CHECK(gem_price_alert_service_new("{\"api_url\":\"http://127.0.0.1:9\",\"store_timeout_ms\":0}", &http, preferences,
                                      &store_table, &perms, &service, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(service == NULL);
    gem_preferences_service_free(preferences);
}

static void test_offline_transport(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    completion c;
    CHECK(add(&f, &c) == GEM_ERR_OFFLINE);
    CHECK(is_error_record(c.json, "offline"));
    completion_destroy(&c);
    fixture_free(&f);
}

static void test_permission_refusal_is_a_value(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    f.permissions.request.answer = "false";
    completion c;
    completion_init(&c);
    CHECK(gem_price_alert_service_set_enabled(f.service, 1, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"enabled\":false") != NULL);
    CHECK(strstr(c.json, "\"permission\":\"denied\"") != NULL);
    completion_destroy(&c);
    /* a port that fails instead is an error, and nothing is stored */
    f.permissions.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_PERMISSION_DENIED};
    completion_init(&c);
    CHECK(gem_price_alert_service_set_enabled(f.service, 1, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PERMISSION_DENIED);
    completion_destroy(&c);
    fixture_free(&f);
}

/* Many commands in flight from several threads at once each complete exactly once. */
typedef struct burst {
    fixture *f;
    completion done[50];
} burst;

static void *burst_thread(void *arg) {
    burst *b = arg;
    for (int i = 0; i < 50; i++) {
        completion_init(&b->done[i]);
        gem_price_alert_service_get_price_alerts(b->f->service, NULL, completion_done, &b->done[i]);
    }
    return NULL;
}

static void test_concurrent_commands(void) {
    fixture f;
    fixture_init(&f, "{\"api_url\":\"http://127.0.0.1:9\"}");
    static burst bursts[4];
    pthread_t threads[4];
    for (int t = 0; t < 4; t++) {
        bursts[t].f = &f;
        pthread_create(&threads[t], NULL, burst_thread, &bursts[t]);
    }
    for (int t = 0; t < 4; t++) pthread_join(threads[t], NULL);
    for (int t = 0; t < 4; t++) {
        for (int i = 0; i < 50; i++) {
            CHECK(completion_wait(&bursts[t].done[i]) == GEM_OK);
            CHECK(bursts[t].done[i].calls == 1);
            completion_destroy(&bursts[t].done[i]);
        }
    }
    CHECK(atomic_load(&f.store.get.calls) == 200);
    fixture_free(&f);
}

/* ---- chains: the node, assets and balance services over scripted stores ---- */

#define VIEW_ETH_ID "view_polygon_0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
#define VIEW_ETH_WALLET                                                                                              \
    "{\"id\":\"" VIEW_ETH_ID "\",\"name\":\"Watch\",\"index\":1,\"type\":\"view\",\"accounts\":[{\"chain\":\"polygon\"," \
    "\"address\":\"0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A\",\"derivation_path\":\"\"}],\"order\":0,"            \
    "\"is_pinned\":false,\"source\":\"import\"}"

/* A wallet store holding the one watch-only polygon wallet (a chain without stake reads: each refresh asks one balance), and an empty session. */
typedef struct one_wallet {
    script get_wallets, get_wallet, write;
    atomic_int released;
} one_wallet;

static void one_wallet_get_wallets(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((one_wallet *)context)->get_wallets, call);
}

static void one_wallet_get_wallet(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((one_wallet *)context)->get_wallet, call);
}

static void one_wallet_write(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((one_wallet *)context)->write, call);
}

static void one_wallet_release(void *context) { atomic_fetch_add(&((one_wallet *)context)->released, 1); }

typedef struct chain_fixture {
    fake_chain_stores stores;
    fake_port transport;
    one_wallet wallet;
    gem_wallet_session_service *sessions;
    gem_node_service *nodes;
    gem_assets_service *assets;
    gem_balance_service *balances;
} chain_fixture;

/* The three services over scripted stores; nodes of polygon on a loopback URL the transport answers. */
static void chain_fixture_init(chain_fixture *f) {
    memset(f, 0, sizeof(*f));
    fake_chain_stores_init(&f->stores);
    f->transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    f->wallet.get_wallets = (script){.how = ANSWER_OK, .answer = "[" VIEW_ETH_WALLET "]"};
    f->wallet.get_wallet = (script){.how = ANSWER_OK, .answer = VIEW_ETH_WALLET};
    f->wallet.write = (script){.how = ANSWER_OK, .answer = "null"};
    gem_wallet_store wallet_table = {sizeof(gem_wallet_store), &f->wallet, one_wallet_release, one_wallet_get_wallets,
                                     one_wallet_get_wallet, one_wallet_write, one_wallet_write, one_wallet_write};
    gem_wallet_session_store session_table = {sizeof(gem_wallet_session_store), &f->wallet, one_wallet_release,
                                              one_wallet_write, one_wallet_write};
    gem_buffer out = {0};
    CHECK(gem_wallet_session_service_new(NULL, &wallet_table, &session_table, &f->sessions, &out) == GEM_OK);
    gem_http_transport http = fake_transport_table(&f->transport);
    gem_node_store node_table = fake_node_store_table(&f->stores);
    CHECK(gem_node_service_new("{\"timeout_ms\":2000,\"nodes\":{\"polygon\":[\"http://127.0.0.1:9/polygon\"]}}", &http, &node_table,
                               &f->nodes, &out) == GEM_OK);
    gem_asset_store asset_table = fake_asset_store_table(&f->stores);
    CHECK(gem_assets_service_new(NULL, f->nodes, f->sessions, &asset_table, &f->assets, &out) == GEM_OK);
    gem_balance_store balance_table = fake_balance_store_table(&f->stores);
    CHECK(gem_balance_service_new(NULL, f->nodes, f->assets, f->sessions, &balance_table, &f->balances, &out) == GEM_OK);
}

/* Frees what is left and waits until every table was released exactly once. */
static void chain_fixture_free(chain_fixture *f) {
    gem_balance_service_free(f->balances);
    gem_assets_service_free(f->assets);
    gem_node_service_free(f->nodes);
    gem_wallet_session_service_free(f->sessions);
    for (int i = 0; i < 500; i++) {
        if (atomic_load(&f->stores.released) == 3 && atomic_load(&f->transport.released) == 1 && atomic_load(&f->wallet.released) == 2)
            break;
        usleep(10000);
    }
    CHECK(atomic_load(&f->stores.released) == 3);
    CHECK(atomic_load(&f->transport.released) == 1);
    CHECK(atomic_load(&f->wallet.released) == 2);
}

static void test_chain_store_malformed_answers_are_port_errors(void) {
    chain_fixture f;
    chain_fixture_init(&f);
    completion c;
    /* Not JSON, then JSON that is not the documented answer: the host's contract failure, named. */
    f.stores.get_nodes = (script){.how = ANSWER_MALFORMED};
    completion_init(&c);
    CHECK(gem_node_service_nodes(f.nodes, "polygon", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port") && strstr(c.json, "get_nodes") != NULL);
    completion_destroy(&c);
    f.stores.get_nodes = (script){.how = ANSWER_OK, .answer = "[{\"chain\":\"polygon\"}]"};
    completion_init(&c);
    CHECK(gem_node_service_nodes(f.nodes, "polygon", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port"));
    completion_destroy(&c);
    f.stores.get_nodes = (script){.how = ANSWER_OK, .answer = "[]"};
    f.stores.get_selections = (script){.how = ANSWER_OK, .answer = "{}"};
    completion_init(&c);
    CHECK(gem_node_service_resolve_selections(f.nodes, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port"));
    completion_destroy(&c);

    f.stores.get_wallet_assets = (script){.how = ANSWER_MALFORMED};
    completion_init(&c);
    CHECK(gem_assets_service_wallet_assets(f.assets, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port") && strstr(c.json, "get_wallet_assets") != NULL);
    completion_destroy(&c);
    f.stores.get_wallet_assets = (script){.how = ANSWER_OK, .answer = "[\"polygon_0x5FbDB2315678afecb367f032d93F642f64180aa3\"]"};
    f.stores.get_assets = (script){.how = ANSWER_OK, .answer = "[{\"id\":\"polygon_0x5FbDB2315678afecb367f032d93F642f64180aa3\"}]"};
    completion_init(&c);
    CHECK(gem_assets_service_wallet_assets(f.assets, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port") && strstr(c.json, "get_assets") != NULL);
    completion_destroy(&c);
    f.stores.get_wallet_assets = (script){.how = ANSWER_OK, .answer = "[]"};

    f.stores.get_balances = (script){.how = ANSWER_MALFORMED};
    completion_init(&c);
    CHECK(gem_balance_service_balances(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port") && strstr(c.json, "get_balances") != NULL);
    completion_destroy(&c);
    f.stores.get_balances = (script){.how = ANSWER_OK, .answer = "[{\"asset_id\":\"polygon\",\"available\":-1}]"};
    completion_init(&c);
    CHECK(gem_balance_service_balances(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_PORT);
    CHECK(is_error_record(c.json, "port"));
    completion_destroy(&c);
    CHECK(atomic_load(&f.stores.update_balances.calls) == 0);
    chain_fixture_free(&f);
}

/* The node's answer to eth_getBalance: 100 wei (chain-apis.md § 1), for every request. */
#define BALANCE_100 "{\"status\":200,\"body\":\"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":1,\\\"result\\\":\\\"0x64\\\"}\"}"

/* A chain's write that the store refuses is the refresh's error: GEM_ERR_STORE with the store's message. */
static void test_failing_update_balances_is_the_refresh_error(void) {
    chain_fixture f;
    chain_fixture_init(&f);
    f.transport.request = (script){.how = ANSWER_OK, .answer = BALANCE_100};
    f.stores.update_balances = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_STORE};
    completion c;
    completion_init(&c);
    CHECK(gem_balance_service_update(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_STORE);
    CHECK(is_error_record(c.json, "store") && strstr(c.json, "scripted failure") != NULL);
    CHECK(atomic_load(&f.stores.update_balances.calls) == 1);
    completion_destroy(&c);
    /* The same refresh once the store takes the write: one row written. */
    f.stores.update_balances = (script){.how = ANSWER_OK, .answer = "null"};
    completion_init(&c);
    CHECK(gem_balance_service_update(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strcmp(c.json, "{\"wallet_id\":\"" VIEW_ETH_ID "\",\"chains\":[{\"chain\":\"polygon\",\"written\":1}]}") == 0);
    completion_destroy(&c);
    chain_fixture_free(&f);
}

/*
 * The composed services retain what they were built over: the host frees its node and assets
 * handles right after constructing the balance service, and a refresh still reaches the node,
 * writes its row and answers (never cancelled), and the rows are read back.
 */
static void test_freeing_composed_handles_keeps_refresh_working(void) {
    chain_fixture f;
    chain_fixture_init(&f);
    f.transport.request = (script){.how = ANSWER_OK, .answer = BALANCE_100};
    gem_node_service_free(f.nodes);
    gem_assets_service_free(f.assets);
    f.nodes = NULL;
    f.assets = NULL;
    completion c;
    completion_init(&c);
    CHECK(gem_balance_service_update(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "{\"chain\":\"polygon\",\"written\":1}") != NULL);
    CHECK(c.calls == 1);
    completion_destroy(&c);
    CHECK(atomic_load(&f.stores.update_balances.calls) == 1 && atomic_load(&f.transport.request.calls) >= 1);
    f.stores.get_balances = (script){.how = ANSWER_OK, .answer = "[{\"asset_id\":\"polygon\",\"available\":\"100\",\"staked\":\"0\","
                                                                  "\"pending\":\"0\",\"locked\":\"0\",\"reserved\":\"0\"}]"};
    completion_init(&c);
    CHECK(gem_balance_service_balances(f.balances, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"available\":\"100\"") != NULL);
    completion_destroy(&c);
    CHECK(atomic_load(&f.stores.released) == 0); /* nothing released while the balance service lives */
    chain_fixture_free(&f);
}

/*
 * The stream connection over the chain fixture's assets service and an alert fixture: a connection that refuses
 * the send fails the subscribe with its status and is sent the same message again; one that never answers
 * fails it with GEM_ERR_TIMEOUT after store_timeout_ms, its late answer stale; the composed services outlive
 * the host's handles; the connection's table is released once, after the service is freed.
 */
static void test_stream_connection(void) {
    chain_fixture chain;
    chain_fixture_init(&chain);
    fixture alerts;
    fixture_init(&alerts, "{\"api_url\":\"http://127.0.0.1:9\"}");
    alerts.store.get = (script){.how = ANSWER_OK, .answer = "[{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price\":1}]"};
    fake_stream stream;
    memset(&stream, 0, sizeof(stream));
    stream.is_connected = (script){.how = ANSWER_OK, .answer = "true"};
    stream.send = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    gem_stream_connection table = fake_stream_table(&stream);
    gem_stream_subscription_service *service = NULL;
    gem_buffer out = {0};
    CHECK(gem_stream_subscription_service_new("{\"store_timeout_ms\":200}", chain.assets, alerts.service, &table, &service, &out) == GEM_OK);
    /* The service retains both: the host's references may go at once. */
    gem_assets_service_free(chain.assets);
    chain.assets = NULL;

    completion c;
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_OFFLINE && is_error_record(c.json, "offline"));
    completion_destroy(&c);
    const char *full = "{\"type\":\"subscribePrices\",\"data\":{\"assets\":[\"polygon\",\"bitcoin\"]}}"; /* the fixture wallet is on polygon */
    CHECK(strcmp(stream.last_sent, full) == 0);

    stream.send = (script){.how = ANSWER_NEVER};
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_TIMEOUT && is_error_record(c.json, "timeout"));
    completion_destroy(&c);
    CHECK(stream.send.held != NULL);
    CHECK(gem_call_ok(stream.send.held, (const uint8_t *)"null", 4) == GEM_ERR_STALE_CALL);

    stream.send = (script){.how = ANSWER_OK, .answer = "null"};
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"full\"") != NULL);
    completion_destroy(&c);
    CHECK(strcmp(stream.last_sent, full) == 0 && atomic_load(&stream.send.calls) == 1); /* calls since the script was set */

    /* A reset (the host's socket reconnected) sends nothing and answers null; the next subscribe is full again. */
    completion_init(&c);
    CHECK(gem_stream_subscription_service_reset(service, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strcmp(c.json, "null") == 0);
    completion_destroy(&c);
    CHECK(atomic_load(&stream.send.calls) == 1);
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"full\"") != NULL);
    completion_destroy(&c);
    CHECK(atomic_load(&stream.send.calls) == 2);

    gem_stream_subscription_service_free(service);
    for (int i = 0; i < 500 && atomic_load(&stream.released) == 0; i++) usleep(10000);
    CHECK(atomic_load(&stream.released) == 1);
    fixture_free(&alerts);
    chain_fixture_free(&chain);
}

int main(void) {
    test_store_failure_is_reported();
    test_api_refusal_rolls_back();
    test_answer_twice_is_stale();
    test_malformed_answer_is_a_port_error();
    test_answer_from_another_thread();
    test_never_answered_call_is_cancelled_on_free_and_late_answer_is_stale();
    test_transport_timeout();
    test_store_timeout();
    test_offline_transport();
    test_permission_refusal_is_a_value();
    test_chain_store_malformed_answers_are_port_errors();
    test_failing_update_balances_is_the_refresh_error();
    test_freeing_composed_handles_keeps_refresh_working();
    test_concurrent_commands();
    test_stream_connection();
    if (failures) {
        fprintf(stderr, "abi_ports_test: %d failure(s)\n", failures);
        return 1;
    }
    printf("abi_ports_test: all checks passed\n");
    return 0;
}
