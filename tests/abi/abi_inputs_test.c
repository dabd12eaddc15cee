/*
 * Every function of gemstone.h given NULL or malformed input returns a status and an error
 * record, and never crashes. check_coverage.py fails when a header function is missing here.
 */
#include "testing.h"
#include "fakes.h"

#include <time.h>

static fake_prefs prefs;
static fake_alerts alerts_store;
static fake_port transport;
static fake_port permissions;

/* Runs an async command and checks that done fired once with `expected` and a record of `type`. */
#define EXPECT_ASYNC_ERROR(call_expr, expected, type)                \
    do {                                                             \
        completion c;                                                \
        completion_init(&c);                                         \
        CHECK((call_expr) == GEM_OK);                                \
        CHECK(completion_wait(&c) == (expected));                    \
        CHECK(is_error_record(c.json, (type)));                      \
        CHECK(!pthread_equal(c.thread, pthread_self()));             \
        completion_destroy(&c);                                      \
    } while (0)

#define EXPECT_SYNC_ERROR(call_expr, expected, type, out)            \
    do {                                                             \
        CHECK((call_expr) == (expected));                            \
        CHECK(is_error_record((const char *)(out)->data, (type)));   \
        gem_buffer_free(out);                                        \
    } while (0)

static void test_foundation(void) {
    CHECK(gem_abi_version() == GEM_ABI_VERSION);
    /* The release: a static string equal to the header's, the same on every call. */
    CHECK(strcmp(gem_version(), GEM_VERSION) == 0);
    CHECK(gem_version() == gem_version());

    gem_buffer_free(NULL);
    gem_buffer empty = {0};
    gem_buffer_free(&empty);
    CHECK(empty.data == NULL && empty.len == 0);

    CHECK(gem_call_ok(NULL, NULL, 0) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_call_fail(NULL, GEM_ERR_STORE, "x") == GEM_ERR_INVALID_ARGUMENT);
    /* A call the core never issued (or already answered) is stale, never dereferenced. */
    CHECK(gem_call_ok((gem_call *)(uintptr_t)0x7fffffff, (const uint8_t *)"1", 1) == GEM_ERR_STALE_CALL);
    CHECK(gem_call_fail((gem_call *)(uintptr_t)0x7ffffffe, GEM_ERR_STORE, NULL) == GEM_ERR_STALE_CALL);
}

static gem_preferences_service *new_preferences(void) {
    gem_preferences_store table = fake_prefs_table(&prefs);
    gem_preferences_service *service = NULL;
    gem_buffer error = {0};
    CHECK(gem_preferences_service_new(&table, &service, &error) == GEM_OK);
    CHECK(error.data == NULL);
    return service;
}

static void test_preferences(void) {
    gem_buffer out = {0};
    gem_preferences_service *service = NULL;

    EXPECT_SYNC_ERROR(gem_preferences_service_new(NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(service == NULL);

    gem_preferences_store table = fake_prefs_table(&prefs);
    CHECK(gem_preferences_service_new(&table, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);

    gem_preferences_store small = table;
    small.struct_size = 8;
    EXPECT_SYNC_ERROR(gem_preferences_service_new(&small, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);

    gem_preferences_store missing = table;
    missing.get = NULL;
    EXPECT_SYNC_ERROR(gem_preferences_service_new(&missing, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(atomic_load(&prefs.released) == 0); /* a rejected table is not released: the host still owns it */

    gem_preferences_service_free(NULL);

    EXPECT_SYNC_ERROR(gem_preferences_service_get(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(NULL, "{}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);

    service = new_preferences();
    CHECK(gem_preferences_service_get(service, NULL) == GEM_OK);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "{\"currency\":", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "[1,2]", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "{\"currency\":7}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "{\"currency\":\"usd\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "{\"currency\":\"\\ud800\"}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    const char bad_utf8[] = {'{', '"', 'c', 'u', 'r', 'r', 'e', 'n', 'c', 'y', '"', ':', '"', (char)0xff, '"', '}', 0};
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, bad_utf8, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);

    /* Nothing stored was lost by the bad input. */
    CHECK(gem_preferences_service_update(service, "{\"currency\":\"EUR\",\"device_id\":\"device-1\"}", &out) == GEM_OK);
    gem_buffer_free(&out);
    EXPECT_SYNC_ERROR(gem_preferences_service_update(service, "{\"currency\":\"EURO\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    CHECK(gem_preferences_service_get(service, &out) == GEM_OK);
    CHECK(out.data && strstr((const char *)out.data, "\"currency\":\"EUR\"") != NULL);
    CHECK(out.data && out.data[out.len] == '\0');
    gem_buffer_free(&out);

    /* A patch is all or nothing: one valid and one invalid field, in either role, writes neither. */
    const char *half_valid[] = {"{\"currency\":\"GBP\",\"device_id\":\"has space\"}",
                                "{\"currency\":\"gbp\",\"device_id\":\"device-2\"}",
                                "{\"device_id\":\"device-2\",\"currency\":\"\"}"};
    for (size_t i = 0; i < sizeof(half_valid) / sizeof(half_valid[0]); i++) {
        EXPECT_SYNC_ERROR(gem_preferences_service_update(service, half_valid[i], &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
        CHECK(gem_preferences_service_get(service, &out) == GEM_OK);
        CHECK(out.data && strcmp((const char *)out.data,
                                 "{\"currency\":\"EUR\",\"price_alerts_enabled\":false,\"device_id\":\"device-1\"}") == 0);
        gem_buffer_free(&out);
    }

    gem_preferences_service_free(service);
    CHECK(atomic_load(&prefs.released) == 1);
}

static void test_price_alerts(void) {
    gem_buffer out = {0};
    gem_price_alert_service *service = NULL;
    memset(&prefs, 0, sizeof(prefs)); /* no device id: commands that need one must refuse */
    gem_preferences_service *preferences = new_preferences();
    alerts_store.get.how = ANSWER_OK;
    alerts_store.get.answer = "[]";
    alerts_store.update.how = ANSWER_OK;
    alerts_store.update.answer = "null";
    transport.request.how = ANSWER_OK;
    transport.request.answer = "{\"status\":200,\"body\":\"[]\"}";
    permissions.request.how = ANSWER_OK;
    permissions.request.answer = "true";
    gem_http_transport http = fake_transport_table(&transport);
    gem_price_alert_store store = fake_alerts_table(&alerts_store);
    gem_notification_permissions perms = fake_permissions_table(&permissions);
    const char *config = "{\"api_url\":\"http://127.0.0.1:9\"}";

    EXPECT_SYNC_ERROR(gem_price_alert_service_new(NULL, &http, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new("{", &http, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new("{\"api_url\":\"ftp://x\"}", &http, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new("{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":0}", &http, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new(config, NULL, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new(config, &http, NULL, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new(config, &http, preferences, NULL, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_new(config, &http, preferences, &store, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_price_alert_service_new(config, &http, preferences, &store, &perms, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(service == NULL);
    CHECK(atomic_load(&transport.released) == 0 && atomic_load(&alerts_store.released) == 0);

    CHECK(gem_price_alert_service_new(config, &http, preferences, &store, &perms, &service, &out) == GEM_OK);
    /* A handle of another kind is refused, not reinterpreted. */
    EXPECT_SYNC_ERROR(gem_price_alert_service_new(config, &http, (gem_preferences_service *)service, &store, &perms, &(gem_price_alert_service *){NULL}, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_service_is_enabled((gem_price_alert_service *)preferences, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    /* The service retains the preferences service: the host may free its reference at once. */
    gem_preferences_service_free(preferences);

    EXPECT_SYNC_ERROR(gem_price_alert_service_is_enabled(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_price_alert_service_is_enabled(service, &out) == GEM_OK);
    CHECK(out.data && strcmp((const char *)out.data, "false") == 0);
    gem_buffer_free(&out);

    /* A NULL completion cannot be reported to: the call is refused. */
    CHECK(gem_price_alert_service_get_price_alerts(service, NULL, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_price_alert_service_sync(service, NULL, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_price_alert_service_add(service, "{}", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_price_alert_service_delete(service, "[]", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_price_alert_service_set_enabled(service, 1, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);

    completion c;
    EXPECT_ASYNC_ERROR(gem_price_alert_service_get_price_alerts(NULL, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_sync(NULL, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(NULL, "{}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_delete(NULL, "[]", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_set_enabled(NULL, 1, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");

    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, "{\"asset_id\":", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, "{\"asset_id\":\"bitcoin\"}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, "{\"asset_id\":\"\",\"currency\":\"USD\"}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, "{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price\":-1}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_add(service, "{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price_direction\":\"sideways\"}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_delete(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_delete(service, "{\"ids\":[]}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_delete(service, "[1]", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    const char bad_asset[] = {(char)0xc3, 0};
    EXPECT_ASYNC_ERROR(gem_price_alert_service_get_price_alerts(service, bad_asset, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_alert_service_sync(service, bad_asset, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* No device id yet: the sync fails before any write, with a readable record. */
    EXPECT_ASYNC_ERROR(gem_price_alert_service_sync(service, NULL, completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    CHECK(atomic_load(&alerts_store.update.calls) == 0);

    /* set_enabled with any non-zero value means on. */
    completion_init(&c);
    CHECK(gem_price_alert_service_set_enabled(service, 42, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"enabled\":true") != NULL);
    completion_destroy(&c);

    gem_price_alert_service_free(service);
    gem_price_alert_service_free(NULL);
}

/* ---- wallets: scripted store, session store, secure store and password tables ---- */

typedef struct fake_wallets {
    script get_wallets, get_wallet, add_wallet, save_wallet, delete_wallet;
    script secure_get, secure_set, secure_delete;
    script password;
    atomic_int session_sets;
    atomic_int released;
} fake_wallets;

static fake_wallets wallets;

#define WALLET_PORT(name, field)                                                               \
    static void name(void *context, const uint8_t *args, size_t len, gem_call *call) {           \
        (void)args;                                                                             \
        (void)len;                                                                              \
        run_script(&((fake_wallets *)context)->field, call);                                     \
    }
WALLET_PORT(fake_get_wallets, get_wallets)
WALLET_PORT(fake_get_wallet, get_wallet)
WALLET_PORT(fake_add_wallet, add_wallet)
WALLET_PORT(fake_save_wallet, save_wallet)
WALLET_PORT(fake_delete_wallet, delete_wallet)
WALLET_PORT(fake_secure_get, secure_get)
WALLET_PORT(fake_secure_set, secure_set)
WALLET_PORT(fake_secure_delete, secure_delete)
WALLET_PORT(fake_password, password)

static void fake_session_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

static void fake_session_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    atomic_fetch_add(&((fake_wallets *)context)->session_sets, 1);
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

static void fake_wallets_release(void *context) { atomic_fetch_add(&((fake_wallets *)context)->released, 1); }

static gem_wallet_store fake_wallet_store_table(fake_wallets *w) {
    gem_wallet_store table = {sizeof(gem_wallet_store), w, fake_wallets_release, fake_get_wallets, fake_get_wallet,
                              fake_add_wallet, fake_save_wallet, fake_delete_wallet};
    return table;
}

static gem_wallet_session_store fake_session_store_table(fake_wallets *w) {
    gem_wallet_session_store table = {sizeof(gem_wallet_session_store), w, fake_wallets_release, fake_session_get,
                                      fake_session_set};
    return table;
}

static gem_secure_store fake_secure_store_table(fake_wallets *w) {
    gem_secure_store table = {sizeof(gem_secure_store), w, fake_wallets_release, fake_secure_get, fake_secure_set,
                              fake_secure_delete};
    return table;
}

static gem_keystore_password fake_password_table(fake_wallets *w) {
    gem_keystore_password table = {sizeof(gem_keystore_password), w, fake_wallets_release, fake_password};
    return table;
}

static void wallets_answer_empty(void) {
    memset(&wallets, 0, sizeof(wallets));
    script *ok[] = {&wallets.add_wallet, &wallets.save_wallet, &wallets.delete_wallet, &wallets.secure_set,
                    &wallets.secure_delete, &wallets.get_wallet, &wallets.secure_get};
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        ok[i]->how = ANSWER_OK;
        ok[i]->answer = "null";
    }
    wallets.get_wallets.how = ANSWER_OK;
    wallets.get_wallets.answer = "[]";
    wallets.password.how = ANSWER_OK;
    wallets.password.answer = "0123456789abcdef0123456789abcdef";
}

/* Waits up to two seconds for `counter` to reach `expected`: a service's tables are released when its
 * last in-flight task lets go of them, which may be just after the task's completion fired. */
static int eventually_equals(atomic_int *counter, int expected) {
    for (int i = 0; i < 10000 && atomic_load(counter) != expected; i++) {  /* up to 10 s: valgrind is slow */
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    return atomic_load(counter) == expected;
}

static const char *const bad_wallet_ids[] = {"", "nonsense", "multicoin_", "view_dogecoin_0x1", "view_ethereum", "wallet_ethereum_0x1"};

static void test_wallet_session(void) {
    gem_buffer out = {0};
    gem_wallet_session_service *service = NULL;
    wallets_answer_empty();
    gem_wallet_store store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);

    EXPECT_SYNC_ERROR(gem_wallet_session_service_new(NULL, NULL, &session, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_session_service_new(NULL, &store, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_wallet_session_service_new(NULL, &store, &session, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    gem_wallet_store small = store;
    small.struct_size = 16;
    EXPECT_SYNC_ERROR(gem_wallet_session_service_new(NULL, &small, &session, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_wallet_store missing = store;
    missing.add_wallet = NULL;
    EXPECT_SYNC_ERROR(gem_wallet_session_service_new(NULL, &missing, &session, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_wallet_session_store no_set = session;
    no_set.set_current_wallet_id = NULL;
    EXPECT_SYNC_ERROR(gem_wallet_session_service_new(NULL, &store, &no_set, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(service == NULL);
    CHECK(atomic_load(&wallets.released) == 0);
    gem_wallet_session_service_free(NULL);

    CHECK(gem_wallet_session_service_get_wallets(NULL, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    completion c;
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallets(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallet(NULL, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_require_wallet(NULL, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_current_wallet(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_SYNC_ERROR(gem_wallet_session_service_get_current_wallet_id(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);

    CHECK(gem_wallet_session_service_new(NULL, &store, &session, &service, &out) == GEM_OK);
    CHECK(gem_wallet_session_service_get_wallet(service, "view_tron_T1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_session_service_require_wallet(service, "view_tron_T1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_session_service_get_current_wallet(service, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallet(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_require_wallet(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    for (size_t i = 0; i < sizeof(bad_wallet_ids) / sizeof(bad_wallet_ids[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallet(service, bad_wallet_ids[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_session_service_require_wallet(service, bad_wallet_ids[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    /* An unknown wallet: null from get_wallet, not_found from require_wallet. */
    completion_init(&c);
    CHECK(gem_wallet_session_service_get_wallet(service, "view_tron_T1", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strcmp(c.json, "null") == 0);
    completion_destroy(&c);
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_require_wallet(service, "view_tron_T1", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    /* A store answering something that is not a wallet is the host's contract failure. */
    wallets.get_wallet.answer = "{\"id\":7}";
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallet(service, "view_tron_T1", completion_done, &c), GEM_ERR_PORT, "port");
    wallets.get_wallets.how = ANSWER_MALFORMED;
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_wallets(service, completion_done, &c), GEM_ERR_PORT, "port");
    wallets.get_wallets.how = ANSWER_FAIL;
    wallets.get_wallets.fail_status = GEM_ERR_STORE;
    EXPECT_ASYNC_ERROR(gem_wallet_session_service_get_current_wallet(service, completion_done, &c), GEM_ERR_STORE, "store");

    CHECK(gem_wallet_session_service_get_current_wallet_id(service, &out) == GEM_OK);
    CHECK(out.data && strcmp((const char *)out.data, "null") == 0);
    gem_buffer_free(&out);
    CHECK(gem_wallet_session_service_get_current_wallet_id(service, NULL) == GEM_OK);

    gem_wallet_session_service_free(service);
    CHECK(eventually_equals(&wallets.released, 2));
}

static void test_wallet_service(void) {
    gem_buffer out = {0};
    gem_wallet_service *service = NULL;
    wallets_answer_empty();
    gem_wallet_store store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_secure_store secure = fake_secure_store_table(&wallets);
    gem_keystore_password password = fake_password_table(&wallets);
    const char *config = "{\"kdf_iterations\":2,\"kdf_memory_kib\":19456}";

    EXPECT_SYNC_ERROR(gem_wallet_service_new("{", &store, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new("{\"kdf_memory_kib\":8192}", &store, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new("{\"kdf_iterations\":1}", &store, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new("{\"kdf_iterations\":-2}", &store, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, NULL, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, &store, NULL, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, &store, &session, NULL, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, &store, &session, &secure, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_secure_store no_delete = secure;
    no_delete.delete_key = NULL;
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, &store, &session, &no_delete, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_keystore_password small = password;
    small.struct_size = 4;
    EXPECT_SYNC_ERROR(gem_wallet_service_new(config, &store, &session, &secure, &small, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_wallet_service_new(config, &store, &session, &secure, &password, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(service == NULL);
    CHECK(atomic_load(&wallets.released) == 0);
    gem_wallet_service_free(NULL);

    /* NULL config means the defaults. */
    CHECK(gem_wallet_service_new(NULL, &store, &session, &secure, &password, &service, &out) == GEM_OK);
    gem_wallet_service_free(service);
    CHECK(eventually_equals(&wallets.released, 4));
    service = NULL;
    CHECK(gem_wallet_service_new(config, &store, &session, &secure, &password, &service, &out) == GEM_OK);

    const char *view = "{\"type\":\"view\",\"address\":\"TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio\",\"chain\":\"tron\"}";
    CHECK(gem_wallet_service_create_wallet(service, NULL, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_import_wallet(service, view, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_preview_import(service, view, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_rename_wallet(service, "view_tron_T1", "x", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_set_pinned(service, "view_tron_T1", 1, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_delete_wallet(service, "view_tron_T1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_set_current_wallet_id(service, "view_tron_T1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_export_secret(service, "view_tron_T1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_wallet_service_startup_sweep(service, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);

    completion c;
    EXPECT_ASYNC_ERROR(gem_wallet_service_create_wallet(NULL, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(NULL, view, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_preview_import(NULL, view, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_rename_wallet(NULL, "view_tron_T1", "x", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_set_pinned(NULL, "view_tron_T1", 1, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_delete_wallet(NULL, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_set_current_wallet_id(NULL, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_export_secret(NULL, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_startup_sweep(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* A handle of another kind is refused, not reinterpreted. */
    gem_wallet_session_service *other = NULL;
    CHECK(gem_wallet_session_service_new(NULL, &store, &session, &other, &out) == GEM_OK);
    EXPECT_ASYNC_ERROR(gem_wallet_service_export_secret((gem_wallet_service *)other, "view_tron_T1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_SYNC_ERROR(gem_wallet_session_service_get_current_wallet_id((gem_wallet_session_service *)service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_wallet_session_service_free(other);

    const char *const bad_requests[] = {
        "{", "[]", "{\"type\":\"view\"}", "{\"type\":\"view\",\"address\":\"T\",\"chain\":\"dogecoin\"}",
        "{\"type\":\"mnemonic\",\"phrase\":\"a\"}", "{\"type\":\"private_key\",\"key\":\"00\",\"chain\":\"ethereum\"}",
        "{\"type\":\"multicoin\",\"phrase\":\"a\",\"chains\":[\"nochain\"]}", "{\"type\":\"multicoin\",\"phrase\":7}",
    };
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_preview_import(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    for (size_t i = 0; i < sizeof(bad_requests) / sizeof(bad_requests[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, bad_requests[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_service_preview_import(service, bad_requests[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    EXPECT_ASYNC_ERROR(gem_wallet_service_create_wallet(service, "{", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_create_wallet(service, "{\"chains\":[\"nochain\"]}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_create_wallet(service, "{\"word_count\":13}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    /* Input that breaks a domain rule fails before any write or password request. */
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, "{\"type\":\"multicoin\",\"phrase\":\"abandon abandon abandon\"}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, "{\"type\":\"private_key\",\"private_key\":\"0x12\",\"chain\":\"ethereum\"}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, "{\"type\":\"view\",\"address\":\"TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujiO\",\"chain\":\"tron\"}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_wallet_service_preview_import(service, "{\"type\":\"single\",\"phrase\":\"x\",\"chain\":\"cardano\"}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    CHECK(atomic_load(&wallets.add_wallet.calls) == 0 && atomic_load(&wallets.secure_set.calls) == 0);
    CHECK(atomic_load(&wallets.password.calls) == 0);

    for (size_t i = 0; i < sizeof(bad_wallet_ids) / sizeof(bad_wallet_ids[0]); i++) {
        const char *id = bad_wallet_ids[i];
        EXPECT_ASYNC_ERROR(gem_wallet_service_rename_wallet(service, id, "x", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_service_set_pinned(service, id, 1, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_service_delete_wallet(service, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_service_set_current_wallet_id(service, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_wallet_service_export_secret(service, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    EXPECT_ASYNC_ERROR(gem_wallet_service_rename_wallet(service, NULL, "x", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_rename_wallet(service, "view_tron_T1", NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_set_pinned(service, NULL, 0, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_delete_wallet(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_set_current_wallet_id(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_service_export_secret(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* Well-formed ids of wallets that are not stored. */
    EXPECT_ASYNC_ERROR(gem_wallet_service_rename_wallet(service, "view_tron_T1", "x", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_wallet_service_export_secret(service, "view_tron_T1", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_wallet_service_delete_wallet(service, "view_tron_T1", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");

    /* The whole import through the adapters: a watch-only wallet, then a phrase wallet. */
    completion_init(&c);
    CHECK(gem_wallet_service_import_wallet(service, view, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "{\"type\":\"imported\",\"wallet\":{\"id\":\"view_tron_TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio\"") == c.json);
    completion_destroy(&c);
    CHECK(atomic_load(&wallets.add_wallet.calls) == 1 && atomic_load(&wallets.session_sets) == 1);
    CHECK(atomic_load(&wallets.secure_set.calls) == 0 && atomic_load(&wallets.password.calls) == 0);

    const char *phrase = "{\"type\":\"multicoin\",\"phrase\":\"abandon abandon abandon abandon abandon abandon abandon "
                         "abandon abandon abandon abandon about\",\"chains\":[\"ethereum\"]}";
    completion_init(&c);
    CHECK(gem_wallet_service_import_wallet(service, phrase, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"id\":\"multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94\"") != NULL);
    completion_destroy(&c);
    /* Two secure-store writes: the journal entry listing the key ("gemstone.pending_secrets"; this fake
     * reads every key as absent, so the entry is never read back to be cleared), then the secret. */
    CHECK(atomic_load(&wallets.secure_set.calls) == 2 && atomic_load(&wallets.password.calls) == 1);

    /* A password that is too short is refused, and nothing is written. */
    wallets.password.answer = "short";
    wallets.get_wallet.answer = "null";
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, "{\"type\":\"single\",\"phrase\":\"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\",\"chain\":\"solana\"}", completion_done, &c), GEM_ERR_PORT, "port");
    CHECK(atomic_load(&wallets.secure_set.calls) == 2 && atomic_load(&wallets.add_wallet.calls) == 2);
    /* A failing wallet write undoes the secret it followed. */
    wallets.password.answer = "0123456789abcdef0123456789abcdef";
    wallets.add_wallet.how = ANSWER_FAIL;
    wallets.add_wallet.fail_status = GEM_ERR_STORE;
    EXPECT_ASYNC_ERROR(gem_wallet_service_import_wallet(service, "{\"type\":\"single\",\"phrase\":\"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\",\"chain\":\"solana\"}", completion_done, &c), GEM_ERR_STORE, "store");
    CHECK(atomic_load(&wallets.secure_set.calls) == 4 && atomic_load(&wallets.secure_delete.calls) == 1);

    gem_wallet_service_free(service);
    CHECK(eventually_equals(&wallets.released, 10));
}

/* ---- chains: the node, assets and balance services over scripted stores ---- */

static fake_chain_stores chain_stores;
static fake_port node_transport;

#define VIEW_ETH_ID "view_ethereum_0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
#define VIEW_ETH_WALLET                                                                                              \
    "{\"id\":\"" VIEW_ETH_ID "\",\"name\":\"Watch\",\"index\":1,\"type\":\"view\",\"accounts\":[{\"chain\":\"ethereum\"," \
    "\"address\":\"0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A\",\"derivation_path\":\"\"}],\"order\":0,"            \
    "\"is_pinned\":false,\"source\":\"import\"}"

static gem_node_service *new_node_service(const char *config) {
    gem_http_transport http = fake_transport_table(&node_transport);
    gem_node_store store = fake_node_store_table(&chain_stores);
    gem_node_service *service = NULL;
    gem_buffer error = {0};
    CHECK(gem_node_service_new(config, &http, &store, &service, &error) == GEM_OK);
    CHECK(error.data == NULL);
    return service;
}

static void test_node_service(void) {
    gem_buffer out = {0};
    gem_node_service *service = NULL;
    fake_chain_stores_init(&chain_stores);
    memset(&node_transport, 0, sizeof(node_transport));
    node_transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    gem_http_transport http = fake_transport_table(&node_transport);
    gem_node_store store = fake_node_store_table(&chain_stores);

    EXPECT_SYNC_ERROR(gem_node_service_new(NULL, NULL, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new(NULL, &http, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_node_service_new(NULL, &http, &store, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_SYNC_ERROR(gem_node_service_new("{", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("[]", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"timeout_ms\":0}", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"timeout_ms\":600001}", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"timeout_ms\":\"5\"}", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"nodes\":{\"nochain\":[\"https://a.example\"]}}", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"nodes\":{\"ethereum\":\"https://a.example\"}}", &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    /* Well-formed but against the rules: plain http off loopback, another scheme, an empty list. */
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"nodes\":{\"ethereum\":[\"http://example.com\"]}}", &http, &store, &service, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"nodes\":{\"ethereum\":[\"ftp://127.0.0.1\"]}}", &http, &store, &service, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_node_service_new("{\"nodes\":{\"ethereum\":[]}}", &http, &store, &service, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    gem_node_store small = store;
    small.struct_size = 8;
    EXPECT_SYNC_ERROR(gem_node_service_new(NULL, &http, &small, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_node_store missing = store;
    missing.set_selection = NULL;
    EXPECT_SYNC_ERROR(gem_node_service_new(NULL, &http, &missing, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_http_transport no_request = http;
    no_request.request = NULL;
    EXPECT_SYNC_ERROR(gem_node_service_new(NULL, &no_request, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(service == NULL);
    CHECK(atomic_load(&chain_stores.released) == 0 && atomic_load(&node_transport.released) == 0);
    gem_node_service_free(NULL);

    const char *node = "{\"chain\":\"ethereum\",\"url\":\"http://127.0.0.1:9/ethereum\"}";
    completion c;
    EXPECT_ASYNC_ERROR(gem_node_service_nodes(NULL, "ethereum", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_add(NULL, node, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_remove(NULL, node, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_select(NULL, node, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_check(NULL, node, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_resolve_selections(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");

    /* NULL config means the core's nodes; the service is freed and its tables released. */
    service = new_node_service(NULL);
    gem_node_service_free(service);
    CHECK(eventually_equals(&chain_stores.released, 1) && eventually_equals(&node_transport.released, 1));
    service = new_node_service("{\"timeout_ms\":500,\"nodes\":{\"ethereum\":[\"http://127.0.0.1:9/ethereum\"]}}");

    CHECK(gem_node_service_nodes(service, "ethereum", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_node_service_add(service, node, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_node_service_remove(service, node, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_node_service_select(service, node, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_node_service_check(service, node, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_node_service_resolve_selections(service, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);

    const char bad_utf8[] = {'e', 't', 'h', (char)0xff, 0};
    EXPECT_ASYNC_ERROR(gem_node_service_nodes(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_nodes(service, "nochain", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_nodes(service, bad_utf8, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    const char *const malformed_nodes[] = {
        "{", "[]", "{\"chain\":\"ethereum\"}", "{\"url\":\"https://a.example\"}", "{\"chain\":\"nochain\",\"url\":\"https://a.example\"}",
        "{\"chain\":\"ethereum\",\"url\":7}",
    };
    EXPECT_ASYNC_ERROR(gem_node_service_add(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_remove(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_select(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_node_service_check(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    for (size_t i = 0; i < sizeof(malformed_nodes) / sizeof(malformed_nodes[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_node_service_add(service, malformed_nodes[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_node_service_remove(service, malformed_nodes[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_node_service_select(service, malformed_nodes[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_node_service_check(service, malformed_nodes[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    /* URLs that are not node URLs: refused before any write or request. */
    static char long_url[2100];
    memset(long_url, 0, sizeof(long_url));
    int n = snprintf(long_url, sizeof(long_url), "{\"chain\":\"ethereum\",\"url\":\"https://a.example/");
    memset(long_url + n, 'a', 2050);
    memcpy(long_url + n + 2050, "\"}", 3);
    const char *const bad_urls[] = {
        "{\"chain\":\"ethereum\",\"url\":\"http://example.com\"}", "{\"chain\":\"ethereum\",\"url\":\"ftp://127.0.0.1\"}",
        "{\"chain\":\"ethereum\",\"url\":\"\"}", "{\"chain\":\"ethereum\",\"url\":\"not a url\"}", long_url,
    };
    for (size_t i = 0; i < sizeof(bad_urls) / sizeof(bad_urls[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_node_service_add(service, bad_urls[i], completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
        EXPECT_ASYNC_ERROR(gem_node_service_check(service, bad_urls[i], completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    }
    CHECK(atomic_load(&chain_stores.update_nodes.calls) == 0 && atomic_load(&node_transport.request.calls) == 0);
    /* A built-in node cannot be removed; a node not listed is not found, nor can it be selected. */
    EXPECT_ASYNC_ERROR(gem_node_service_remove(service, node, completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_node_service_remove(service, "{\"chain\":\"ethereum\",\"url\":\"https://a.example\"}", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_node_service_select(service, "{\"chain\":\"ethereum\",\"url\":\"https://a.example\"}", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    CHECK(atomic_load(&chain_stores.set_selection.calls) == 0);
    /* An unreachable node is an answer, not an error. */
    completion_init(&c);
    CHECK(gem_node_service_check(service, node, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"status\":{\"type\":\"unreachable\"") != NULL);
    completion_destroy(&c);
    completion_init(&c);
    CHECK(gem_node_service_resolve_selections(service, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strcmp(c.json, "[]") == 0);
    completion_destroy(&c);
    gem_node_service_free(service);
    /* A store that fails (on a service that has not read it yet) is the store's error record. */
    chain_stores.get_selections = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_STORE};
    service = new_node_service(NULL);
    EXPECT_ASYNC_ERROR(gem_node_service_resolve_selections(service, completion_done, &c), GEM_ERR_STORE, "store");
    EXPECT_ASYNC_ERROR(gem_node_service_nodes(service, "ethereum", completion_done, &c), GEM_ERR_STORE, "store");
    gem_node_service_free(service);
    CHECK(eventually_equals(&chain_stores.released, 3) && eventually_equals(&node_transport.released, 3));

    /* store_timeout_ms bounds each node-store call: out of range is refused like any config field, and a
     * store method that never answers fails its command with GEM_ERR_TIMEOUT once the bound has passed
     * (the default is 30 s), the host's late answer being stale. */
    const char *const bad_store_timeouts[] = {"{\"store_timeout_ms\":0}", "{\"store_timeout_ms\":600001}",
                                              "{\"store_timeout_ms\":1.5}", "{\"store_timeout_ms\":\"200\"}"};
    for (size_t i = 0; i < sizeof(bad_store_timeouts) / sizeof(bad_store_timeouts[0]); i++) {
        EXPECT_SYNC_ERROR(gem_node_service_new(bad_store_timeouts[i], &http, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    CHECK(gem_node_service_new("{\"store_timeout_ms\":0}", &http, &store, &service, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(service == NULL && atomic_load(&chain_stores.released) == 3);
    fake_chain_stores_init(&chain_stores);
    chain_stores.get_nodes = (script){.how = ANSWER_NEVER};
    chain_stores.get_selections = (script){.how = ANSWER_NEVER};
    service = new_node_service("{\"timeout_ms\":60000,\"store_timeout_ms\":200}");
    completion_init(&c);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    CHECK(gem_node_service_nodes(service, "ethereum", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_TIMEOUT);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    CHECK(seconds >= 0.19 && seconds < 5.0);
    CHECK(is_error_record(c.json, "timeout"));
    /* The read that timed out (the service may have issued both reads); every late answer is stale. */
    CHECK(chain_stores.get_nodes.held != NULL || chain_stores.get_selections.held != NULL);
    if (chain_stores.get_nodes.held) CHECK(gem_call_ok(chain_stores.get_nodes.held, (const uint8_t *)"[]", 2) == GEM_ERR_STALE_CALL);
    if (chain_stores.get_selections.held) CHECK(gem_call_ok(chain_stores.get_selections.held, (const uint8_t *)"[]", 2) == GEM_ERR_STALE_CALL);
    completion_destroy(&c);
    gem_node_service_free(service);
    CHECK(eventually_equals(&chain_stores.released, 1) && eventually_equals(&node_transport.released, 4));
}

/* gem_stream_subscription_service over an assets service (the VIEW_ETH wallet shows ethereum) and a price alert
 * service (one bitcoin alert): NULL and wrong-kind handles, table validation, a bad config, a subscription sent
 * whole then not again, a connection that is not connected, one that refuses the send or answers malformed JSON. */
static fake_alerts stream_alerts;
static fake_port stream_http;
static fake_port stream_perms;
static fake_stream stream;

static void test_stream_subscription(gem_assets_service *assets, gem_balance_service *balances) {
    gem_buffer out = {0};
    memset(&prefs, 0, sizeof(prefs));
    gem_preferences_service *preferences = new_preferences();
    memset(&stream_alerts, 0, sizeof(stream_alerts));
    memset(&stream_http, 0, sizeof(stream_http));
    memset(&stream_perms, 0, sizeof(stream_perms));
    memset(&stream, 0, sizeof(stream));
    stream_alerts.get = (script){.how = ANSWER_OK, .answer = "[{\"asset_id\":\"bitcoin\",\"currency\":\"USD\",\"price\":1}]"};
    stream_alerts.update = (script){.how = ANSWER_OK, .answer = "null"};
    stream_http.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    stream_perms.request = (script){.how = ANSWER_OK, .answer = "true"};
    gem_http_transport http = fake_transport_table(&stream_http);
    gem_price_alert_store alert_table = fake_alerts_table(&stream_alerts);
    gem_notification_permissions perms = fake_permissions_table(&stream_perms);
    gem_price_alert_service *alerts = NULL;
    CHECK(gem_price_alert_service_new("{\"api_url\":\"http://127.0.0.1:9\"}", &http, preferences, &alert_table, &perms, &alerts, &out) == GEM_OK);
    gem_preferences_service_free(preferences);

    stream.is_connected = (script){.how = ANSWER_OK, .answer = "true"};
    stream.send = (script){.how = ANSWER_OK, .answer = "null"};
    gem_stream_connection table = fake_stream_table(&stream);
    gem_stream_subscription_service *service = NULL;
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, NULL, alerts, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, NULL, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, alerts, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    /* A handle of another kind is refused, not reinterpreted. */
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, (gem_assets_service *)balances, alerts, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, (gem_price_alert_service *)assets, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_stream_connection no_send = table;
    no_send.send = NULL;
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, alerts, &no_send, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_stream_connection no_is_connected = table;
    no_is_connected.is_connected = NULL;
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, alerts, &no_is_connected, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_stream_connection small = table;
    small.struct_size = sizeof(gem_stream_connection) - 1;
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new(NULL, assets, alerts, &small, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new("{\"store_timeout_ms\":0}", assets, alerts, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_stream_subscription_service_new("{", assets, alerts, &table, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_stream_subscription_service_new(NULL, assets, alerts, &table, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(service == NULL && atomic_load(&stream.released) == 0);
    gem_stream_subscription_service_free(NULL);

    CHECK(gem_stream_subscription_service_new("{\"store_timeout_ms\":5000}", assets, alerts, &table, &service, &out) == GEM_OK);
    completion c;
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe(NULL, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe((gem_stream_subscription_service *)assets, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe(service, "", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    CHECK(gem_stream_subscription_service_reset(service, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_reset(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_reset((gem_stream_subscription_service *)assets, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    CHECK(atomic_load(&stream.send.calls) == 0);

    /* The first subscribe sends the wallet's assets and the alert's, whole, as the stream's StreamMessage. */
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"full\"") != NULL);
    completion_destroy(&c);
    CHECK(strcmp(stream.last_sent, "{\"type\":\"subscribePrices\",\"data\":{\"assets\":[\"ethereum\",\"bitcoin\"]}}") == 0);
    /* Unchanged: nothing sent. */
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"none\"") != NULL);
    completion_destroy(&c);
    CHECK(atomic_load(&stream.send.calls) == 1);
    /* Not connected: nothing sent, and what was sent is forgotten. */
    stream.is_connected.answer = "false";
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"none\"") != NULL);
    completion_destroy(&c);
    CHECK(atomic_load(&stream.send.calls) == 1);
    /* A refusing connection fails the subscribe with its status; a malformed is_connected answer is a port breach. */
    stream.is_connected.answer = "true";
    stream.send = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c), GEM_ERR_OFFLINE, "offline");
    stream.is_connected.answer = "\"yes\"";
    EXPECT_ASYNC_ERROR(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c), GEM_ERR_PORT, "port");
    /* The refused message is sent again, whole, once the connection takes it. */
    stream.is_connected.answer = "true";
    stream.send = (script){.how = ANSWER_OK, .answer = "null"};
    completion_init(&c);
    CHECK(gem_stream_subscription_service_subscribe(service, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "\"sent\":\"full\"") != NULL);
    completion_destroy(&c);

    gem_stream_subscription_service_free(service);
    gem_price_alert_service_free(alerts);
    CHECK(eventually_equals(&stream.released, 1));
}

static void test_assets_and_balance_services(void) {
    gem_buffer out = {0};
    fake_chain_stores_init(&chain_stores);
    memset(&node_transport, 0, sizeof(node_transport));
    node_transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    wallets_answer_empty();
    gem_wallet_store wallet_store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_wallet_session_service *sessions = NULL;
    CHECK(gem_wallet_session_service_new(NULL, &wallet_store, &session, &sessions, &out) == GEM_OK);
    gem_node_service *nodes = new_node_service("{\"nodes\":{\"ethereum\":[\"http://127.0.0.1:9/ethereum\"]}}");
    gem_asset_store asset_store = fake_asset_store_table(&chain_stores);
    gem_balance_store balance_store = fake_balance_store_table(&chain_stores);
    gem_assets_service *assets = NULL;
    gem_balance_service *balances = NULL;

    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, NULL, sessions, &asset_store, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, nodes, NULL, &asset_store, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, nodes, sessions, NULL, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_assets_service_new(NULL, nodes, sessions, &asset_store, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    /* A handle of another kind is refused, not reinterpreted. */
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, (gem_node_service *)sessions, sessions, &asset_store, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, nodes, (gem_wallet_session_service *)nodes, &asset_store, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_asset_store no_update = asset_store;
    no_update.update_wallet_assets = NULL;
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, nodes, sessions, &no_update, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_asset_store small_assets = asset_store;
    small_assets.struct_size = 4;
    EXPECT_SYNC_ERROR(gem_assets_service_new(NULL, nodes, sessions, &small_assets, &assets, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(assets == NULL);
    gem_assets_service_free(NULL);
    CHECK(gem_assets_service_new(NULL, nodes, sessions, &asset_store, &assets, &out) == GEM_OK);

    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, NULL, assets, sessions, &balance_store, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, NULL, sessions, &balance_store, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, assets, NULL, &balance_store, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, assets, sessions, NULL, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_balance_service_new(NULL, nodes, assets, sessions, &balance_store, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, (gem_assets_service *)nodes, sessions, &balance_store, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_balance_store no_write = balance_store;
    no_write.update_balances = NULL;
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, assets, sessions, &no_write, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_balance_store small_balances = balance_store;
    small_balances.struct_size = 4;
    EXPECT_SYNC_ERROR(gem_balance_service_new(NULL, nodes, assets, sessions, &small_balances, &balances, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(balances == NULL);
    gem_balance_service_free(NULL);
    CHECK(gem_balance_service_new(NULL, nodes, assets, sessions, &balance_store, &balances, &out) == GEM_OK);
    CHECK(atomic_load(&chain_stores.released) == 0);

    const char *token = "ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3";
    CHECK(gem_assets_service_wallet_assets(assets, VIEW_ETH_ID, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_assets_service_add_token(assets, VIEW_ETH_ID, token, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_assets_service_remove_token(assets, VIEW_ETH_ID, token, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_balance_service_update(balances, VIEW_ETH_ID, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_balance_service_balances(balances, VIEW_ETH_ID, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    completion c;
    EXPECT_ASYNC_ERROR(gem_assets_service_wallet_assets(NULL, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(NULL, VIEW_ETH_ID, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(NULL, VIEW_ETH_ID, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_balance_service_update(NULL, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_balance_service_balances(NULL, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_balance_service_update((gem_balance_service *)assets, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_wallet_assets((gem_assets_service *)balances, VIEW_ETH_ID, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");

    EXPECT_ASYNC_ERROR(gem_assets_service_wallet_assets(assets, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, NULL, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, VIEW_ETH_ID, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(assets, NULL, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(assets, VIEW_ETH_ID, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_balance_service_update(balances, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_balance_service_balances(balances, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    for (size_t i = 0; i < sizeof(bad_wallet_ids) / sizeof(bad_wallet_ids[0]); i++) {
        const char *id = bad_wallet_ids[i];
        EXPECT_ASYNC_ERROR(gem_assets_service_wallet_assets(assets, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, id, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(assets, id, token, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_balance_service_update(balances, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_balance_service_balances(balances, id, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    const char *const bad_asset_ids[] = {"", "nochain", "nochain_0x1", "ethereum_", "\xc3"};
    for (size_t i = 0; i < sizeof(bad_asset_ids) / sizeof(bad_asset_ids[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, VIEW_ETH_ID, bad_asset_ids[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(assets, VIEW_ETH_ID, bad_asset_ids[i], completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    }
    /* A native asset cannot be added: every wallet shows it. */
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, VIEW_ETH_ID, "ethereum", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    /* Well-formed ids of a wallet that is not stored. */
    EXPECT_ASYNC_ERROR(gem_assets_service_wallet_assets(assets, VIEW_ETH_ID, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, VIEW_ETH_ID, token, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_balance_service_update(balances, VIEW_ETH_ID, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    EXPECT_ASYNC_ERROR(gem_balance_service_balances(balances, VIEW_ETH_ID, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    /* A token the wallet does not show. */
    EXPECT_ASYNC_ERROR(gem_assets_service_remove_token(assets, VIEW_ETH_ID, token, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    /* The wallet exists: a token of a chain it has no account on is refused. */
    wallets.get_wallet.answer = VIEW_ETH_WALLET;
    EXPECT_ASYNC_ERROR(gem_assets_service_add_token(assets, VIEW_ETH_ID, "solana_EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    CHECK(atomic_load(&chain_stores.update_wallet_assets.calls) == 0 && atomic_load(&chain_stores.update_balances.calls) == 0);
    completion_init(&c);
    CHECK(gem_assets_service_wallet_assets(assets, VIEW_ETH_ID, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strstr(c.json, "[{\"id\":\"ethereum\"") == c.json);
    completion_destroy(&c);

    test_stream_subscription(assets, balances);

    gem_balance_service_free(balances);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(sessions);
    CHECK(eventually_equals(&chain_stores.released, 3));
}

/* gem_sign_message_service: NULL, wrong-kind and malformed input, oversized requests (checked before parsing),
 * requests that break a rule, and a watch-only wallet, each a status and an error record. */
static void test_sign_message_service(void) {
    gem_buffer out = {0};
    wallets_answer_empty();
    gem_wallet_store store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_secure_store secure = fake_secure_store_table(&wallets);
    gem_keystore_password password = fake_password_table(&wallets);
    gem_wallet_service *wallet_service = NULL;
    CHECK(gem_wallet_service_new("{\"kdf_iterations\":2,\"kdf_memory_kib\":19456}", &store, &session, &secure, &password,
                                 &wallet_service, &out) == GEM_OK);
    gem_wallet_session_service *sessions = NULL;
    CHECK(gem_wallet_session_service_new(NULL, &store, &session, &sessions, &out) == GEM_OK);

    gem_sign_message_service *service = NULL;
    EXPECT_SYNC_ERROR(gem_sign_message_service_new(NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_sign_message_service_new((gem_wallet_service *)sessions, &service, &out), GEM_ERR_INVALID_ARGUMENT,
                      "invalid_argument", &out);
    CHECK(gem_sign_message_service_new(wallet_service, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(service == NULL);
    gem_sign_message_service_free(NULL);
    CHECK(gem_sign_message_service_new(wallet_service, &service, &out) == GEM_OK);
    /* The service retains the wallet service: the host may free its own reference at once. */
    gem_wallet_service_free(wallet_service);

    const char *request = "{\"chain\":\"ethereum\",\"kind\":\"eip191\",\"message\":\"hello\"}";
    EXPECT_SYNC_ERROR(gem_sign_message_service_preview(NULL, request, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_sign_message_service_preview((gem_sign_message_service *)sessions, request, &out), GEM_ERR_INVALID_ARGUMENT,
                      "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_sign_message_service_preview(service, NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    const char *const malformed[] = {"", "{", "[]", "{\"chain\":\"ethereum\"}", "{\"chain\":\"nochain\",\"kind\":\"eip191\",\"message\":\"m\"}",
                                     "{\"chain\":\"ethereum\",\"kind\":\"eip999\",\"message\":\"m\"}",
                                     "{\"chain\":\"ethereum\",\"kind\":\"eip191\",\"message\":\"m\",\"encoding\":\"utf16\"}", "\xc3"};
    for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
        EXPECT_SYNC_ERROR(gem_sign_message_service_preview(service, malformed[i], &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    const char *const broken_rules[] = {
        "{\"chain\":\"solana\",\"kind\":\"eip191\",\"message\":\"m\"}",
        "{\"chain\":\"ethereum\",\"kind\":\"eip191\",\"message\":\"\"}",
        "{\"chain\":\"ethereum\",\"kind\":\"eip191\",\"message\":\"0xzz\",\"encoding\":\"hex\"}",
        "{\"chain\":\"ethereum\",\"kind\":\"eip712\",\"message\":\"{\\\"types\\\":1}\"}",
        "{\"chain\":\"ethereum\",\"kind\":\"eip712\",\"message\":\"[[[[[[[[\"}",
        "{\"chain\":\"ton\",\"kind\":\"ton_proof\",\"message\":\"p\"}",
        "{\"chain\":\"litecoin\",\"kind\":\"bitcoin_bip137\",\"message\":\"m\"}",
    };
    for (size_t i = 0; i < sizeof(broken_rules) / sizeof(broken_rules[0]); i++) {
        EXPECT_SYNC_ERROR(gem_sign_message_service_preview(service, broken_rules[i], &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    }
    /* A message one byte over GEM_SIGN_MESSAGE_MAX_BYTES is invalid_input; a request over its own bound is refused
     * before it is parsed (it is not even closed JSON here). */
    size_t long_len = (size_t)GEM_SIGN_MESSAGE_MAX_BYTES + 1;
    char *long_request = malloc(long_len + 64);
    CHECK(long_request != NULL);
    int prefix = snprintf(long_request, 64, "{\"chain\":\"ethereum\",\"kind\":\"eip191\",\"message\":\"");
    memset(long_request + prefix, 'a', long_len);
    strcpy(long_request + prefix + long_len, "\"}");
    EXPECT_SYNC_ERROR(gem_sign_message_service_preview(service, long_request, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    free(long_request);
    size_t huge_len = (size_t)GEM_SIGN_MESSAGE_MAX_BYTES * 8 + 1;
    char *huge = malloc(huge_len + 1);
    CHECK(huge != NULL);
    memset(huge, '[', huge_len);
    huge[huge_len] = '\0';
    EXPECT_SYNC_ERROR(gem_sign_message_service_preview(service, huge, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_sign_message_service_preview(service, request, &out) == GEM_OK);
    CHECK(strstr((const char *)out.data, "\"printable\":true") != NULL);
    gem_buffer_free(&out);

    CHECK(gem_sign_message_service_sign(service, VIEW_ETH_ID, request, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(NULL, VIEW_ETH_ID, request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign((gem_sign_message_service *)sessions, VIEW_ETH_ID, request, completion_done, &c),
                       GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, NULL, request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, VIEW_ETH_ID, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, VIEW_ETH_ID, huge, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    free(huge);
    for (size_t i = 0; i < sizeof(bad_wallet_ids) / sizeof(bad_wallet_ids[0]); i++) {
        EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, bad_wallet_ids[i], request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT,
                           "invalid_argument");
    }
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, VIEW_ETH_ID, broken_rules[0], completion_done, &c), GEM_ERR_INVALID_INPUT,
                       "invalid_input");
    /* No such wallet, then a watch-only one: neither asks the password. */
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, VIEW_ETH_ID, request, completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    wallets.get_wallet.answer = VIEW_ETH_WALLET;
    EXPECT_ASYNC_ERROR(gem_sign_message_service_sign(service, VIEW_ETH_ID, request, completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    wallets.get_wallet.answer = "null";

    gem_sign_message_service_free(service);
    gem_wallet_session_service_free(sessions);
    CHECK(eventually_equals(&wallets.released, 6));
}

static void test_address_validate(void) {
    gem_buffer out = {0};
    EXPECT_SYNC_ERROR(gem_address_validate(NULL, "0x0", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_address_validate("ethereum", NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_address_validate("notachain", "x", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    const char bad_utf8[] = {'0', 'x', (char)0xfe, 0};
    EXPECT_SYNC_ERROR(gem_address_validate("ethereum", bad_utf8, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    /* EIP-55 example address, lower case in; checksummed out. */
    CHECK(gem_address_validate("ethereum", " 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ", &out) == GEM_OK);
    CHECK(out.data && strcmp((const char *)out.data, "{\"chain\":\"ethereum\",\"address\":\"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\"}") == 0);
    gem_buffer_free(&out);
    /* One changed case letter breaks the checksum: an answer, not an error. */
    CHECK(gem_address_validate("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", &out) == GEM_OK);
    CHECK(out.data && strstr((const char *)out.data, "\"type\":\"invalid_checksum\"") != NULL);
    gem_buffer_free(&out);
    CHECK(gem_address_validate("bitcoin", "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh", &out) == GEM_OK);
    CHECK(out.data && strstr((const char *)out.data, "\"type\":\"wrong_prefix\"") != NULL);
    gem_buffer_free(&out);
}

/* ---- presentation answers: synchronous, pure, one request record in, one record out ---- */

/* Checks GEM_OK and the exact answer, printing both on a mismatch. */
#define EXPECT_ANSWER(call_expr, expected, out)                                                       \
    do {                                                                                              \
        gem_status status_ = (call_expr);                                                             \
        const char *got_ = (out)->data ? (const char *)(out)->data : "(null)";                       \
        CHECK(status_ == GEM_OK);                                                                     \
        CHECK(strcmp(got_, (expected)) == 0);                                                         \
        if (status_ != GEM_OK || strcmp(got_, (expected)) != 0)                                       \
            fprintf(stderr, "  status %d\n  got      %s\n  expected %s\n", status_, got_, (expected)); \
        gem_buffer_free(out);                                                                         \
    } while (0)

/* The four refusals every answer gives: NULL, not JSON, wrong types, and a request outside the
 * function's domain (a broken rule is invalid_input; an unknown case is invalid_argument). */
#define EXPECT_REFUSALS(fn, wrong_types, invalid, invalid_status, invalid_type, out)                 \
    do {                                                                                              \
        EXPECT_SYNC_ERROR(fn(NULL, (out)), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", (out));     \
        EXPECT_SYNC_ERROR(fn("{\"", (out)), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", (out));    \
        EXPECT_SYNC_ERROR(fn("[1,2]", (out)), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", (out));  \
        EXPECT_SYNC_ERROR(fn(wrong_types, (out)), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", (out)); \
        EXPECT_SYNC_ERROR(fn(invalid, (out)), (invalid_status), (invalid_type), (out));               \
    } while (0)

#define ETH_ASSET "{\"id\":\"ethereum\",\"name\":\"Ethereum\",\"symbol\":\"ETH\",\"decimals\":18,\"type\":\"native\"}"
#define TRX_ASSET "{\"id\":\"tron\",\"name\":\"TRX\",\"symbol\":\"TRX\",\"decimals\":6,\"type\":\"native\"}"
#define COMMA "{\"decimal_separator\":\",\"}"
#define CONTACTS_EMPTY "{\"kind\":\"contacts\",\"image\":\"contacts\",\"action\":\"add_contact\"}"
#define FIAT_3000_USD "{\"value\":3000,\"unit\":{\"type\":\"currency\",\"code\":\"USD\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":2,\"max\":2}},\"notation\":\"plain\",\"tone\":\"plain\",\"rounding\":\"to_nearest\"}"
#define TRANSACTION(direction, state, asset, from, to)                                                        \
    "{\"id\":\"ethereum_0xabc\",\"hash\":\"0xabc\",\"wallet_id\":\"multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94\"," \
    "\"asset_id\":\"" asset "\",\"fee_asset_id\":\"ethereum\",\"type\":\"transfer\",\"direction\":\"" direction "\","  \
    "\"state\":\"" state "\",\"created_at\":1772323200,\"value\":\"1500000000000000000\",\"fee\":\"21000\","            \
    "\"from\":\"" from "\",\"to\":\"" to "\"}"
#define ME "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
#define OTHER "0x1234567890abcdef1234567890abcdef12345678"

/* A store method that never answers fails its command with GEM_ERR_TIMEOUT once store_timeout_ms has
 * passed, and the host's late answer is stale; the bound is checked like any config field. */
static void test_wallet_store_timeout(void) {
    gem_buffer out = {0};
    gem_wallet_service *service = NULL;
    wallets_answer_empty();
    gem_wallet_store store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_secure_store secure = fake_secure_store_table(&wallets);
    gem_keystore_password password = fake_password_table(&wallets);
    const char *const bad_configs[] = {"{\"store_timeout_ms\":0}", "{\"store_timeout_ms\":600001}",
                                       "{\"store_timeout_ms\":1.5}", "{\"store_timeout_ms\":\"200\"}"};
    for (size_t i = 0; i < sizeof(bad_configs) / sizeof(bad_configs[0]); i++)
        EXPECT_SYNC_ERROR(gem_wallet_service_new(bad_configs[i], &store, &session, &secure, &password, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(atomic_load(&wallets.released) == 0);

    wallets.get_wallet.how = ANSWER_NEVER;
    CHECK(gem_wallet_service_new("{\"kdf_iterations\":2,\"kdf_memory_kib\":19456,\"store_timeout_ms\":200}", &store, &session,
                                 &secure, &password, &service, &out) == GEM_OK);
    completion c;
    completion_init(&c);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    CHECK(gem_wallet_service_rename_wallet(service, "view_tron_T1", "x", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_ERR_TIMEOUT);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    CHECK(seconds >= 0.19 && seconds < 5.0);
    CHECK(is_error_record(c.json, "timeout"));
    CHECK(wallets.get_wallet.held != NULL);
    CHECK(gem_call_ok(wallets.get_wallet.held, (const uint8_t *)"null", 4) == GEM_ERR_STALE_CALL);
    completion_destroy(&c);
    gem_wallet_service_free(service);
    CHECK(eventually_equals(&wallets.released, 4));
}

static void test_list_answers(void) {
    gem_buffer out = {0};
    char request[256], expected[256];

    EXPECT_REFUSALS(gem_load_state_refreshed, "{\"shows_value\":\"yes\"}",
                    "{\"shows_value\":true,\"sync_error\":{\"type\":\"sideways\",\"message\":\"x\"}}",
                    GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_load_state_refreshed("{\"shows_value\":false,\"sync_error\":{\"type\":\"offline\",\"message\":\"no network\"}}", &out),
                  "{\"type\":\"error\",\"error\":{\"type\":\"offline\",\"message\":\"no network\"}}", &out);
    EXPECT_ANSWER(gem_load_state_refreshed("{\"shows_value\":true,\"sync_error\":{\"type\":\"offline\",\"message\":\"no network\"}}", &out),
                  "{\"type\":\"data\"}", &out);

    EXPECT_REFUSALS(gem_list_phase, "{\"mode\":1,\"state\":{\"type\":\"data\"},\"has_rows\":true,\"empty\":" CONTACTS_EMPTY "}",
                    "{\"mode\":\"sometimes\",\"state\":{\"type\":\"data\"},\"has_rows\":true,\"empty\":" CONTACTS_EMPTY "}",
                    GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_list_phase("{\"mode\":\"local\",\"state\":{\"type\":\"no_data\"},\"has_rows\":false,\"empty\":" CONTACTS_EMPTY "}", &out),
                  "{\"type\":\"empty\",\"state\":" CONTACTS_EMPTY "}", &out);
    EXPECT_ANSWER(gem_list_phase("{\"mode\":\"once_loaded\",\"state\":{\"type\":\"loading\"},\"has_rows\":false,\"empty\":" CONTACTS_EMPTY "}", &out),
                  "null", &out);

    EXPECT_REFUSALS(gem_empty_state, "{\"kind\":3}", "{\"kind\":\"trash\"}", GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_empty_state("{\"kind\":\"activity\"}", &out), "{\"kind\":\"activity\",\"image\":\"activity\",\"action\":\"receive\"}", &out);
    CHECK(gem_empty_state("{\"kind\":\"activity\"}", NULL) == GEM_OK); /* out may be NULL */

    EXPECT_REFUSALS(gem_list_window_on_end_reached, "{\"window\":[],\"row_count\":1}",
                    "{\"window\":{\"limit\":50,\"maximum\":1000},\"row_count\":-1}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    /* The header's constants drive the window: one page more when the rows fill it, capped at the maximum. */
    snprintf(request, sizeof request, "{\"window\":{\"limit\":%d,\"maximum\":%d},\"row_count\":%d}", GEM_LIST_PAGE_SIZE, GEM_LIST_MAX_ROWS, GEM_LIST_PAGE_SIZE);
    snprintf(expected, sizeof expected, "{\"limit\":%d,\"maximum\":%d}", 2 * GEM_LIST_PAGE_SIZE, GEM_LIST_MAX_ROWS);
    EXPECT_ANSWER(gem_list_window_on_end_reached(request, &out), expected, &out);
    snprintf(request, sizeof request, "{\"window\":{\"limit\":%d,\"maximum\":%d},\"row_count\":%d}", GEM_LIST_MAX_ROWS - 1, GEM_LIST_MAX_ROWS, GEM_LIST_MAX_ROWS - 1);
    snprintf(expected, sizeof expected, "{\"limit\":%d,\"maximum\":%d}", GEM_LIST_MAX_ROWS, GEM_LIST_MAX_ROWS);
    EXPECT_ANSWER(gem_list_window_on_end_reached(request, &out), expected, &out);
    /* A limit already past the maximum is capped at it, filled or not. */
    EXPECT_ANSWER(gem_list_window_on_end_reached("{\"window\":{\"limit\":1200,\"maximum\":1000},\"row_count\":1200}", &out),
                  "{\"limit\":1000,\"maximum\":1000}", &out);
    EXPECT_ANSWER(gem_list_window_on_end_reached("{\"window\":{\"limit\":1200,\"maximum\":1000},\"row_count\":0}", &out),
                  "{\"limit\":1000,\"maximum\":1000}", &out);
    CHECK(GEM_LIST_PREFETCH_ROWS > 0 && GEM_LIST_PREFETCH_ROWS < GEM_LIST_PAGE_SIZE);
}

static void test_number_answers(void) {
    gem_buffer out = {0};

    EXPECT_REFUSALS(gem_formatted_currency, "{\"value\":\"5\",\"code\":\"USD\",\"style\":\"fiat\",\"signed\":false}",
                    "{\"value\":5,\"code\":\"usd\",\"style\":\"fiat\",\"signed\":false}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_formatted_currency("{\"value\":-5,\"code\":\"USD\",\"style\":\"currency\",\"signed\":true}", &out),
                  "{\"value\":-5,\"unit\":{\"type\":\"currency\",\"code\":\"USD\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":2,\"max\":2}},"
                  "\"notation\":\"signed\",\"tone\":\"negative\",\"rounding\":\"to_nearest\"}", &out);

    EXPECT_REFUSALS(gem_formatted_amount, "{\"value\":1,\"symbol\":7,\"style\":\"short\"}", "{\"value\":1,\"style\":\"tiny\"}",
                    GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_formatted_amount("{\"value\":0.00001,\"symbol\":\"ETH\",\"style\":\"short\"}", &out),
                  "{\"value\":1e-05,\"unit\":{\"type\":\"symbol\",\"symbol\":\"ETH\"},\"display\":{\"type\":\"below_threshold\",\"threshold\":0.0001,\"places\":4},"
                  "\"notation\":\"plain\",\"tone\":\"plain\",\"rounding\":\"toward_zero\"}", &out);

    EXPECT_REFUSALS(gem_duration_parts, "{\"seconds\":\"60\",\"max_parts\":2}", "{\"seconds\":60,\"max_parts\":0}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_duration_parts("{\"seconds\":3725,\"max_parts\":2}", &out), "[{\"value\":1,\"unit\":\"hours\"},{\"value\":2,\"unit\":\"minutes\"}]", &out);

    EXPECT_REFUSALS(gem_plain_number, "{\"format\":" COMMA ",\"text\":5}", "{\"format\":{\"decimal_separator\":\"5\"},\"text\":\"5\"}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_plain_number("{\"format\":" COMMA ",\"text\":\"1.234,5\"}", &out), "\"1234.5\"", &out);
    EXPECT_ANSWER(gem_plain_number("{\"format\":" COMMA ",\"text\":\"1.5\"}", &out), "null", &out);
    /* Persian digits with the Arabic decimal separator. */
    EXPECT_ANSWER(gem_plain_number("{\"format\":{\"decimal_separator\":\"\xd9\xab\"},\"text\":\"\xdb\xb3\xd9\xab\xdb\xb5\"}", &out), "\"3.5\"", &out);

    EXPECT_REFUSALS(gem_value_from_input, "{\"format\":" COMMA ",\"text\":\"1\",\"decimals\":\"6\"}",
                    "{\"format\":" COMMA ",\"text\":\"1\",\"decimals\":-1}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_value_from_input("{\"format\":" COMMA ",\"text\":\"1,5\",\"decimals\":6}", &out), "{\"type\":\"value\",\"value\":\"1500000\"}", &out);
    EXPECT_ANSWER(gem_value_from_input("{\"format\":" COMMA ",\"text\":\"0,0000001\",\"decimals\":6}", &out),
                  "{\"type\":\"error\",\"error\":{\"type\":\"too_many_decimals\",\"decimals\":6}}", &out);

    EXPECT_REFUSALS(gem_input_text, "{\"format\":" COMMA ",\"value\":1500000,\"decimals\":6}",
                    "{\"format\":" COMMA ",\"value\":\"1\",\"decimals\":256}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_input_text("{\"format\":" COMMA ",\"value\":\"1500000\",\"decimals\":6}", &out), "\"1,5\"", &out);

    EXPECT_REFUSALS(gem_value_text, "{\"format\":" COMMA ",\"value\":\"x\"}", "{\"format\":{\"decimal_separator\":\"12\"},\"value\":1}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_value_text("{\"format\":" COMMA ",\"value\":1e-05}", &out), "\"0,00001\"", &out);

    EXPECT_REFUSALS(gem_amount_error_display, "{\"error\":\"zero\"}",
                    "{\"error\":{\"type\":\"insufficient_balance\",\"asset\":{\"id\":\"tron\",\"name\":\"TRX\",\"symbol\":\"TRX\",\"decimals\":-1,\"type\":\"native\"},\"available\":\"1\"}}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_amount_error_display("{\"error\":{\"type\":\"insufficient_balance\",\"asset\":" TRX_ASSET ",\"available\":\"1\"}}", &out),
                  "{\"type\":\"insufficient_balance\",\"title\":\"TRX\"}", &out);
    EXPECT_ANSWER(gem_amount_error_display("{\"error\":{\"type\":\"zero\"}}", &out), "{\"type\":\"none\"}", &out);
}

/* gem_chains answers exactly the header's generated GEM_CHAIN_LIST (schema/chains.json), in its order. */
static void test_chain_list(void) {
    gem_buffer out = {0};
    static char expected[16384];
    size_t used = 0;
    int count = 0;

    EXPECT_REFUSALS(gem_chains, "{\"chains\":\"bitcoin\"}", "{\"chains\":[\"dogecoin\"]}", GEM_ERR_INVALID_ARGUMENT,
                    "invalid_argument", &out);
    used += (size_t)snprintf(expected + used, sizeof expected - used, "[");
#define CHAIN_JSON(id, family, name, symbol, decimals, explorer)                                                 \
    used += (size_t)snprintf(expected + used, sizeof expected - used,                                           \
                             "%s{\"chain\":\"%s\",\"family\":\"%s\",\"native_asset\":{\"id\":\"%s\",\"name\":\"%s\"," \
                             "\"symbol\":\"%s\",\"decimals\":%d,\"type\":\"native\"},\"explorer_name\":\"%s\"}",  \
                             count++ ? "," : "", id, family, id, name, symbol, decimals, explorer);
    GEM_CHAIN_LIST(CHAIN_JSON)
#undef CHAIN_JSON
    snprintf(expected + used, sizeof expected - used, "]");
    CHECK(count == GEM_CHAIN_COUNT);
    CHECK(used < sizeof expected - 2);
    EXPECT_ANSWER(gem_chains("{}", &out), expected, &out);
    EXPECT_ANSWER(gem_chains("{\"chains\":[]}", &out), expected, &out);
    const char *ethereum_explorer = "";
#define ETHEREUM_EXPLORER(id, family, name, symbol, decimals, explorer) \
    if (strcmp(id, "ethereum") == 0) ethereum_explorer = explorer;
    GEM_CHAIN_LIST(ETHEREUM_EXPLORER)
#undef ETHEREUM_EXPLORER
    CHECK(ethereum_explorer[0] != '\0');
    snprintf(expected, sizeof expected,
             "[{\"chain\":\"ethereum\",\"family\":\"ethereum\",\"native_asset\":" ETH_ASSET ",\"explorer_name\":\"%s\"}]",
             ethereum_explorer);
    EXPECT_ANSWER(gem_chains("{\"chains\":[\"ethereum\"]}", &out), expected, &out);
}

static void test_copy_and_day_answers(void) {
    gem_buffer out = {0};
    char expected[128];

    EXPECT_REFUSALS(gem_address_copy, "{\"chain\":1,\"address\":\"x\"}", "{\"chain\":\"bitcoin\",\"address\":\"\"}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_address_copy("{\"chain\":\"bitcoin\",\"address\":\"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\"}", &out),
                  "{\"kind\":{\"type\":\"address\",\"chain\":\"bitcoin\"},\"value\":\"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\",\"display\":\"bc1qar...5mdq\"}", &out);

    EXPECT_REFUSALS(gem_copy_kind_policy, "{\"kind\":\"plain\"}", "{\"kind\":{\"type\":\"password\"}}", GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    snprintf(expected, sizeof expected, "{\"is_sensitive\":true,\"clipboard_expiry_seconds\":%d}", GEM_SECRET_CLIPBOARD_SECONDS);
    EXPECT_ANSWER(gem_copy_kind_policy("{\"kind\":{\"type\":\"private_key\"}}", &out), expected, &out);
    EXPECT_ANSWER(gem_copy_kind_policy("{\"kind\":{\"type\":\"address\",\"chain\":\"ethereum\"}}", &out), "{\"is_sensitive\":false}", &out);

    EXPECT_REFUSALS(gem_format_address, "{\"address\":\"x\",\"style\":1}", "{\"address\":\"x\",\"style\":\"medium\"}",
                    GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_format_address("{\"address\":\"" OTHER "\",\"style\":\"short\"}", &out), "\"0x1234...5678\"", &out);

    char request[128];
    snprintf(request, sizeof request, "{\"now\":0,\"utc_offset_seconds\":%d}", GEM_MAX_UTC_OFFSET_SECONDS + 1);
    EXPECT_REFUSALS(gem_day_boundaries, "{\"now\":\"x\",\"utc_offset_seconds\":0}", request, GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_day_boundaries("{\"now\":1772323200,\"utc_offset_seconds\":-3600}", &out),
                  "{\"today\":{\"year\":2026,\"month\":2,\"day\":28},\"yesterday\":{\"year\":2026,\"month\":2,\"day\":27}}", &out);

#define BOUNDARIES "{\"today\":{\"year\":2026,\"month\":2,\"day\":28},\"yesterday\":{\"year\":2026,\"month\":2,\"day\":27}}"
    EXPECT_REFUSALS(gem_day_labels, "{\"boundaries\":" BOUNDARIES ",\"days\":{}}",
                    "{\"boundaries\":" BOUNDARIES ",\"days\":[{\"year\":2026,\"month\":13,\"day\":1}]}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_day_labels("{\"boundaries\":" BOUNDARIES ",\"days\":[{\"year\":2026,\"month\":2,\"day\":28},{\"year\":2026,\"month\":2,\"day\":27},{\"year\":2026,\"month\":2,\"day\":1}]}", &out),
                  "[\"today\",\"yesterday\",\"date\"]", &out);
#undef BOUNDARIES
}

static fake_prices prices_store;

static void test_prices(void) {
    gem_buffer out = {0};
    gem_price_service *service = NULL;
    gem_currency_service *currencies = NULL;
    memset(&prefs, 0, sizeof(prefs));
    gem_preferences_service *preferences = new_preferences();
    prices_store.get_prices.how = ANSWER_OK;
    prices_store.get_prices.answer = "[]";
    prices_store.get_state.how = ANSWER_OK;
    prices_store.get_state.answer = "{}";
    prices_store.save.how = ANSWER_OK;
    prices_store.save.answer = "null";
    transport.request.how = ANSWER_OK;
    transport.request.answer = "{\"status\":200,\"body\":\"[]\"}";
    gem_http_transport http = fake_transport_table(&transport);
    gem_price_store store = fake_prices_table(&prices_store);
    const char *config = "{\"api_url\":\"http://127.0.0.1:9\"}";

    EXPECT_SYNC_ERROR(gem_price_service_new(NULL, &http, preferences, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_service_new("{\"api_url\":\"http://example.com\"}", &http, preferences, &store, &service, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_price_service_new(config, NULL, preferences, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_service_new(config, &http, NULL, &store, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_price_service_new(config, &http, preferences, NULL, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_price_service_new(config, &http, preferences, &store, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(service == NULL);
    CHECK(gem_price_service_new(config, &http, preferences, &store, &service, &out) == GEM_OK);

    EXPECT_SYNC_ERROR(gem_currency_service_new(NULL, service, &currencies, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_currency_service_new(preferences, (gem_price_service *)preferences, &currencies, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_currency_service_new(preferences, service, &currencies, &out) == GEM_OK);
    gem_preferences_service_free(preferences);

    EXPECT_SYNC_ERROR(gem_currency_service_currencies(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_currency_service_currencies(currencies, &out) == GEM_OK);
    CHECK(out.data && strstr((const char *)out.data, "{\"selected\":\"USD\",\"currencies\":[\"AED\",") != NULL);
    gem_buffer_free(&out);

    CHECK(gem_price_service_sync_prices(service, "[]", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    completion c;
    EXPECT_ASYNC_ERROR(gem_price_service_sync_prices(NULL, "[]", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_sync_prices(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_sync_prices(service, "[\"nowhere\"]", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_get_prices(service, "{}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_get_price_state(NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_apply_tick(service, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_price_service_apply_tick(service, "[1]", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_price_service_apply_tick(service, "{\"prices\":{}}", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_currency_service_set_currency(currencies, "ABC", completion_done, &c), GEM_ERR_INVALID_INPUT, "invalid_input");
    EXPECT_ASYNC_ERROR(gem_currency_service_set_currency(currencies, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    CHECK(atomic_load(&prices_store.save.calls) == 0);

    /* A tick with one good and one bad entry writes the good one (first tick: the USD conversion too). */
    completion_init(&c);
    CHECK(gem_price_service_apply_tick(service, "{\"prices\":[{\"assetId\":\"bitcoin\",\"price\":2,\"priceChangePercentage24h\":0},{\"assetId\":1}]}",
                                       completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strcmp(c.json, "{\"currency\":\"USD\",\"prices\":1,\"rates\":0,\"dropped\":1,\"conversion\":{\"currency\":\"USD\",\"rate\":1}}") == 0);
    completion_destroy(&c);
    CHECK(atomic_load(&prices_store.save.calls) == 1);

    /* A store that fails the write: the tick's error reaches done. */
    prices_store.save.how = ANSWER_FAIL;
    prices_store.save.fail_status = GEM_ERR_STORE;
    EXPECT_ASYNC_ERROR(gem_price_service_apply_tick(service, "{\"rates\":[{\"symbol\":\"EUR\",\"rate\":0.9}]}", completion_done, &c), GEM_ERR_STORE, "store");

    /* The home: a malformed request is refused; a failed refresh with nothing shown answers state error. */
    gem_wallet_home_service *home = NULL;
    EXPECT_SYNC_ERROR(gem_wallet_home_service_new(NULL, &home, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_wallet_home_service_new(service, &home, &out) == GEM_OK);
    EXPECT_ASYNC_ERROR(gem_wallet_home_service_load(home, "{\"assets\":{}}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_wallet_home_service_refresh(NULL, "{\"assets\":[]}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    transport.request.how = ANSWER_FAIL;
    transport.request.fail_status = GEM_ERR_OFFLINE;
    completion_init(&c);
    CHECK(gem_wallet_home_service_refresh(home, "{\"assets\":[{\"asset\":" ETH_ASSET ",\"is_enabled\":true}]}", completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "{\"state\":{\"type\":\"error\",\"error\":{\"type\":\"offline\"") == c.json);
    completion_destroy(&c);
    transport.request.how = ANSWER_OK;
    gem_wallet_home_service_free(home);
    gem_wallet_home_service_free(NULL);

    gem_currency_service_free(currencies);
    gem_price_service_free(service);
    gem_price_service_free(NULL);
    gem_currency_service_free(NULL);
}

static void test_charts(void) {
    gem_buffer out = {0};
    memset(&prefs, 0, sizeof(prefs));
    gem_preferences_service *preferences = new_preferences();
    prices_store.get_state.how = ANSWER_OK;
    prices_store.get_state.answer = "{\"rate\":0.5}";
    transport.request.how = ANSWER_OK;
    transport.request.answer = "{\"status\":200,\"body\":\"{\\\"currency\\\":\\\"USD\\\",\\\"period\\\":\\\"day\\\",\\\"prices\\\":"
                               "[{\\\"timestamp\\\":20,\\\"value\\\":4},{\\\"timestamp\\\":10,\\\"value\\\":2}]}\"}";
    gem_http_transport http = fake_transport_table(&transport);
    gem_price_store store = fake_prices_table(&prices_store);
    const char *config = "{\"api_url\":\"http://127.0.0.1:9\"}";
    gem_price_service *prices = NULL;
    CHECK(gem_price_service_new(config, &http, preferences, &store, &prices, &out) == GEM_OK);
    gem_preferences_service_free(preferences);

    gem_chart_service *charts = NULL;
    EXPECT_SYNC_ERROR(gem_chart_service_new(NULL, &http, prices, &charts, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_chart_service_new("{\"api_url\":\"http://example.com\"}", &http, prices, &charts, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_chart_service_new("{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":0}", &http, prices, &charts, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_chart_service_new(config, NULL, prices, &charts, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_chart_service_new(config, &http, NULL, &charts, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_chart_service_new(config, &http, prices, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(charts == NULL);
    CHECK(gem_chart_service_new(config, &http, prices, &charts, &out) == GEM_OK);

    const char *request = "{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"EUR\",\"generation\":1}";
    CHECK(gem_chart_service_load(charts, request, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_chart_service_load(NULL, request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_chart_service_load(charts, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_chart_service_load(charts, "{\"asset_id\":\"bitcoin\"}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* A request longer than the bound is refused before it is parsed. */
    char *long_request = malloc(5000);
    CHECK(long_request != NULL);
    if (long_request) {
        memset(long_request, ' ', 4999);
        long_request[4999] = '\0';
        EXPECT_ASYNC_ERROR(gem_chart_service_load(charts, long_request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
        free(long_request);
    }
    /* The answer: ordered, converted at the stored rate, carrying its request. */
    completion c;
    completion_init(&c);
    CHECK(gem_chart_service_load(charts, request, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(!pthread_equal(c.thread, pthread_self()));
    CHECK(strcmp(c.json, "{\"request\":{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"EUR\",\"generation\":1},"
                         "\"state\":{\"type\":\"data\"},\"conversion\":{\"currency\":\"EUR\",\"rate\":0.5},"
                         "\"points\":[{\"date\":10,\"value\":1},{\"date\":20,\"value\":2}]}") == 0);
    completion_destroy(&c);
    /* A refused request is the result's error state, not a failed completion. */
    transport.request.answer = "{\"status\":500,\"body\":\"{\\\"error\\\":{\\\"message\\\":\\\"down\\\"}}\"}";
    completion_init(&c);
    CHECK(gem_chart_service_load(charts, request, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK);
    CHECK(strstr(c.json, "\"state\":{\"type\":\"error\",\"error\":{\"type\":\"api\"") != NULL);
    completion_destroy(&c);
    transport.request.answer = "{\"status\":200,\"body\":\"[]\"}";
    gem_chart_service_free(charts);
    gem_chart_service_free(NULL);
    gem_price_service_free(prices);

    /* The session's projections. */
    EXPECT_SYNC_ERROR(gem_chart_session_new(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_chart_session_new("{\"asset_id\":\"bitcoin\",\"period\":\"decade\",\"currency\":\"EUR\"}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_chart_session_new("{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"eur\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_chart_session_new("{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"EUR\"}", &out),
                  "{\"request\":{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"EUR\",\"generation\":1},\"is_loading\":true,\"window_start\":0}", &out);
#define CHART_SESSION "{\"request\":{\"asset_id\":\"bitcoin\",\"period\":\"day\",\"currency\":\"EUR\",\"generation\":1},\"conversion\":{\"currency\":\"EUR\",\"rate\":0.5}," \
                      "\"points\":[{\"date\":10,\"value\":1},{\"date\":20,\"value\":2}],\"is_loading\":false,\"window_start\":0}"
    EXPECT_ANSWER(gem_chart_session_apply("{\"session\":" CHART_SESSION ",\"event\":{\"type\":\"period\",\"period\":\"week\"}}", &out),
                  "{\"request\":{\"asset_id\":\"bitcoin\",\"period\":\"week\",\"currency\":\"EUR\",\"generation\":2},\"is_loading\":true,\"window_start\":0}", &out);
    EXPECT_SYNC_ERROR(gem_chart_session_apply("{\"session\":" CHART_SESSION ",\"event\":{\"type\":\"zoom\",\"scale\":0,\"anchor\":0.5}}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_chart_view_state("{\"session\":" CHART_SESSION ",\"input\":{\"asset_id\":\"bitcoin\"}}", &out),
                  "{\"period\":\"day\",\"phase\":{\"type\":\"data\",\"data\":{\"period\":\"day\",\"currency\":\"EUR\",\"date_style\":\"time\","
                  "\"points\":[{\"date\":10,\"value\":1},{\"date\":20,\"value\":2}],\"start\":10,\"end\":21,"
                  "\"min\":{\"index\":0,\"date\":10,\"value\":1},\"max\":{\"index\":1,\"date\":20,\"value\":2},"
                  "\"header\":{\"date\":20,\"price\":2,\"change_percentage\":100}}},\"is_refreshing\":false,"
                  "\"market\":[],\"alerts\":[],\"links\":[]}", &out);
#define CHART_DATA "{\"period\":\"day\",\"currency\":\"EUR\",\"date_style\":\"time\",\"points\":[{\"date\":10,\"value\":1},{\"date\":20,\"value\":2}]," \
                   "\"start\":10,\"end\":21,\"min\":{\"index\":0,\"date\":10,\"value\":1},\"max\":{\"index\":1,\"date\":20,\"value\":2}," \
                   "\"header\":{\"date\":20,\"price\":2,\"change_percentage\":100}}"
    EXPECT_ANSWER(gem_chart_index_at("{\"data\":" CHART_DATA ",\"fraction\":1}", &out), "1", &out);
    EXPECT_ANSWER(gem_chart_index_at("{\"data\":" CHART_DATA ",\"fraction\":1.5}", &out), "null", &out);
    EXPECT_ANSWER(gem_chart_selection("{\"data\":" CHART_DATA ",\"index\":0}", &out), "{\"date\":10,\"price\":1,\"change_percentage\":0}", &out);
    EXPECT_SYNC_ERROR(gem_chart_selection("{\"data\":" CHART_DATA ",\"index\":2}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
#undef CHART_DATA
#undef CHART_SESSION
    /* A request beyond GEM_CHART_MAX_REQUEST_BYTES is refused before parsing. */
    char *huge = malloc(GEM_CHART_MAX_REQUEST_BYTES + 2);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, ' ', GEM_CHART_MAX_REQUEST_BYTES + 1);
        huge[GEM_CHART_MAX_REQUEST_BYTES + 1] = '\0';
        EXPECT_SYNC_ERROR(gem_chart_view_state(huge, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
        free(huge);
    }
}

static void test_row_answers(void) {
    gem_buffer out = {0};
#define ROW_STYLE "{\"title\":\"asset\",\"shows_symbol\":true,\"subtitle\":\"none\",\"trailing\":\"toggle\"}"
#define BAD_ETH "{\"id\":\"ethereum\",\"name\":\"Ethereum\",\"symbol\":\"ETH\",\"decimals\":256,\"type\":\"native\"}"
    EXPECT_REFUSALS(gem_asset_row_text, "{\"asset\":" ETH_ASSET ",\"style\":{}}", "{\"asset\":" BAD_ETH ",\"style\":" ROW_STYLE "}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_asset_row_text("{\"asset\":" TRX_ASSET ",\"style\":" ROW_STYLE "}", &out), "{\"title\":\"TRX\"}", &out);

    EXPECT_REFUSALS(gem_asset_list_rows, "{\"assets\":{},\"currency\":\"USD\",\"style\":" ROW_STYLE "}",
                    "{\"assets\":[],\"currency\":\"usd\",\"style\":" ROW_STYLE "}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_asset_list_rows("{\"assets\":[{\"asset\":" ETH_ASSET ",\"is_enabled\":false}],\"currency\":\"USD\",\"style\":" ROW_STYLE "}", &out),
                  "[{\"asset_id\":\"ethereum\",\"icon\":{\"asset_id\":\"ethereum\"},\"title\":{\"text\":{\"type\":\"text\",\"text\":\"Ethereum\"},\"tone\":\"plain\"},"
                  "\"title_extra\":{\"text\":{\"type\":\"text\",\"text\":\"ETH\"},\"tone\":\"neutral\"},\"trailing\":{\"type\":\"toggle\",\"is_on\":false},\"masks_balance\":false}]", &out);

    EXPECT_REFUSALS(gem_wallet_asset_rows, "{\"assets\":[1],\"currency\":\"USD\"}",
                    "{\"assets\":[{\"asset\":" BAD_ETH ",\"is_enabled\":true}],\"currency\":\"USD\"}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_wallet_asset_rows("{\"assets\":[{\"asset\":" ETH_ASSET ",\"is_enabled\":false}],\"currency\":\"USD\"}", &out), "[]", &out);

    EXPECT_REFUSALS(gem_price_alert_rows, "{\"alerts\":[{\"alert\":{\"asset_id\":\"ethereum\",\"currency\":\"USD\"}}],\"currency\":\"USD\"}",
                    "{\"alerts\":[{\"alert\":{\"asset_id\":\"tron\",\"currency\":\"USD\"},\"asset\":{\"asset\":" ETH_ASSET ",\"is_enabled\":true}}],\"currency\":\"USD\"}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_price_alert_rows("{\"alerts\":[],\"currency\":\"usd\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_price_alert_rows("{\"alerts\":[{\"alert\":{\"asset_id\":\"tron\",\"currency\":\"USD\",\"price_percent_change\":5,\"price_direction\":\"down\"},"
                                       "\"asset\":{\"asset\":" TRX_ASSET ",\"is_enabled\":true}}],\"currency\":\"USD\"}", &out),
                  "[{\"id\":\"tron:USD::5:down\",\"kind\":\"price_percent_change\",\"direction\":\"down\",\"row\":{\"asset_id\":\"tron\",\"icon\":{\"asset_id\":\"tron\"},"
                  "\"title\":{\"text\":{\"type\":\"text\",\"text\":\"TRX\"},\"tone\":\"plain\"},\"subtitle\":{\"text\":{\"type\":\"number\",\"number\":{\"value\":-5,"
                  "\"unit\":{\"type\":\"percent\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":2,\"max\":2}},\"notation\":\"signed\","
                  "\"tone\":\"negative\",\"rounding\":\"to_nearest\"}},\"tone\":\"negative\"},\"trailing\":{\"type\":\"none\"},\"masks_balance\":false}}]", &out);
    /* A request beyond GEM_PRICE_ALERT_MAX_REQUEST_BYTES is refused before parsing. */
    char *huge = malloc(GEM_PRICE_ALERT_MAX_REQUEST_BYTES + 2);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, ' ', GEM_PRICE_ALERT_MAX_REQUEST_BYTES + 1);
        huge[GEM_PRICE_ALERT_MAX_REQUEST_BYTES + 1] = '\0';
        EXPECT_SYNC_ERROR(gem_price_alert_rows(huge, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
        free(huge);
    }

    EXPECT_SYNC_ERROR(gem_wallet_sections("{\"wallets\":[{\"id\":\"nowhere_x\",\"name\":\"W\",\"index\":1,\"order\":0,\"is_pinned\":false}]}", &out),
                      GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_wallet_sections("{\"wallets\":[]}", &out), "[]", &out);
    EXPECT_ANSWER(gem_wallet_sections("{\"wallets\":[{\"id\":\"view_tron_T1\",\"name\":\"w\",\"index\":1,\"order\":0,\"is_pinned\":true}],\"current_wallet_id\":\"view_tron_T1\"}", &out),
                  "[{\"kind\":\"pinned\",\"rows\":[{\"id\":\"view_tron_T1\",\"name\":\"w\",\"subtitle\":{\"type\":\"text\",\"text\":\"TRON\"},\"placeholder\":\"W\","
                  "\"shows_watch_badge\":true,\"is_pinned\":true,\"is_current\":true,\"has_avatar\":false}]}]", &out);

    EXPECT_SYNC_ERROR(gem_wallet_details("{\"wallet\":{}}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_wallet_details("{\"wallet\":{\"id\":\"view_tron_T1\",\"name\":\"w\",\"index\":1,\"type\":\"view\",\"accounts\":[],\"order\":0,\"is_pinned\":false,\"source\":\"import\"}}", &out),
                  "{\"row\":{\"id\":\"view_tron_T1\",\"name\":\"w\",\"subtitle\":{\"type\":\"text\",\"text\":\"TRON\"},\"placeholder\":\"W\","
                  "\"shows_watch_badge\":true,\"is_pinned\":false,\"is_current\":false,\"has_avatar\":false}}", &out);
#undef BAD_ETH
#undef ROW_STYLE
}

static void test_transaction_and_amount_answers(void) {
    gem_buffer out = {0};

    EXPECT_REFUSALS(gem_transaction_rows, "{\"transactions\":{},\"assets\":[],\"currency\":\"USD\"}",
                    "{\"transactions\":[" TRANSACTION("incoming", "pending", "bitcoin", OTHER, ME) "],\"assets\":[{\"asset\":" ETH_ASSET "}],\"currency\":\"USD\"}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_transaction_rows("{\"transactions\":[],\"assets\":[],\"currency\":\"usd\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_transaction_rows("{\"transactions\":[],\"assets\":[],\"currency\":\"USD\"}", &out), "[]", &out);
    EXPECT_ANSWER(gem_transaction_rows("{\"transactions\":[" TRANSACTION("incoming", "pending", "ethereum", OTHER, ME) ","
                                       TRANSACTION("outgoing", "failed", "ethereum", ME, OTHER) "],"
                                       "\"assets\":[{\"asset\":" ETH_ASSET ",\"price\":2000}],\"currency\":\"USD\"}", &out),
                  "[{\"id\":\"ethereum_0xabc\",\"asset_id\":\"ethereum\",\"type\":\"transfer\",\"direction\":\"incoming\",\"state\":\"pending\",\"created_at\":1772323200,"
                  "\"title\":\"received\",\"subtitle\":{\"type\":\"from\",\"address\":\"0x1234...5678\"},"
                  "\"value\":{\"type\":\"amount\",\"amount\":{\"value\":1.5,\"unit\":{\"type\":\"symbol\",\"symbol\":\"ETH\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":0,\"max\":2}},\"notation\":\"signed\",\"tone\":\"positive\",\"rounding\":\"toward_zero\"}},"
                  "\"fiat\":" FIAT_3000_USD ",\"status\":{\"tone\":\"warning\",\"shows_badge\":true,\"shows_progress\":true}},"
                  "{\"id\":\"ethereum_0xabc\",\"asset_id\":\"ethereum\",\"type\":\"transfer\",\"direction\":\"outgoing\",\"state\":\"failed\",\"created_at\":1772323200,"
                  "\"title\":\"sent\",\"subtitle\":{\"type\":\"to\",\"address\":\"0x1234...5678\"},"
                  "\"value\":{\"type\":\"amount\",\"amount\":{\"value\":1.5,\"unit\":{\"type\":\"symbol\",\"symbol\":\"ETH\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":0,\"max\":2}},\"notation\":\"plain\",\"tone\":\"neutral\",\"rounding\":\"toward_zero\"}},"
                  "\"fiat\":" FIAT_3000_USD ",\"status\":{\"tone\":\"negative\",\"shows_badge\":true,\"shows_progress\":false}}]", &out);

#define PRICED_ETH "{\"asset\":" ETH_ASSET ",\"price\":2000}"
    EXPECT_REFUSALS(gem_transaction_detail_rows, "{\"transaction\":[],\"asset\":" PRICED_ETH ",\"fee_asset\":" PRICED_ETH "}",
                    "{\"transaction\":" TRANSACTION("incoming", "pending", "bitcoin", OTHER, ME) ",\"asset\":" PRICED_ETH ",\"fee_asset\":" PRICED_ETH "}",
                    GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_SYNC_ERROR(gem_transaction_detail_rows("{\"transaction\":" TRANSACTION("incoming", "pending", "ethereum", OTHER, ME) ",\"asset\":" PRICED_ETH
                                                  ",\"fee_asset\":" PRICED_ETH ",\"currency\":\"usd\"}", &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    /* An incoming transfer: its sender, no fee row (the sender paid it); the amount with every place. */
    EXPECT_ANSWER(gem_transaction_detail_rows("{\"transaction\":" TRANSACTION("incoming", "pending", "ethereum", OTHER, ME) ",\"asset\":" PRICED_ETH
                                              ",\"fee_asset\":" PRICED_ETH "}", &out),
                  "{\"id\":\"ethereum_0xabc\",\"asset_id\":\"ethereum\",\"type\":\"transfer\",\"direction\":\"incoming\",\"state\":\"pending\",\"created_at\":1772323200,"
                  "\"title\":\"received\",\"value\":{\"type\":\"amount\",\"amount\":{\"value\":1.5,\"unit\":{\"type\":\"symbol\",\"symbol\":\"ETH\"},"
                  "\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":0,\"max\":32}},\"notation\":\"signed\",\"tone\":\"positive\",\"rounding\":\"toward_zero\"}},"
                  "\"fiat\":" FIAT_3000_USD ",\"rows\":[{\"type\":\"date\",\"created_at\":1772323200},"
                  "{\"type\":\"status\",\"state\":\"pending\",\"status\":{\"tone\":\"warning\",\"shows_badge\":true,\"shows_progress\":true}},"
                  "{\"type\":\"sender\",\"address\":\"" OTHER "\",\"display\":\"0x1234...5678\"},{\"type\":\"network\",\"chain\":\"ethereum\",\"name\":\"Ethereum\"},"
                  "{\"type\":\"hash\",\"hash\":\"0xabc\",\"display\":\"0xabc\"}]}", &out);
#undef PRICED_ETH

#define SESSION "{\"asset\":" ETH_ASSET ",\"balance\":\"2000000000000000000\",\"currency\":\"EUR\",\"format\":" COMMA
    EXPECT_REFUSALS(gem_amount_session_new, "{\"asset\":" ETH_ASSET ",\"balance\":2,\"currency\":\"EUR\",\"format\":" COMMA "}",
                    "{\"asset\":" ETH_ASSET ",\"balance\":\"2\",\"currency\":\"eur\",\"format\":" COMMA "}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_amount_session_new(SESSION "}", &out), SESSION ",\"text\":\"\",\"is_max\":false}", &out);

    EXPECT_REFUSALS(gem_amount_session_apply, "{\"session\":" SESSION ",\"text\":\"\",\"is_max\":false},\"event\":\"typed\"}",
                    "{\"session\":" SESSION ",\"text\":\"\",\"is_max\":false},\"event\":{\"type\":\"shaken\"}}", GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_amount_session_apply("{\"session\":{\"asset\":" ETH_ASSET ",\"balance\":\"2\",\"currency\":\"E\",\"format\":" COMMA ",\"text\":\"\",\"is_max\":false},\"event\":{\"type\":\"max_toggled\"}}", &out),
                      GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_amount_session_apply("{\"session\":" SESSION ",\"text\":\"\",\"is_max\":false},\"event\":{\"type\":\"typed\",\"text\":\"1,5\"}}", &out),
                  SESSION ",\"text\":\"1,5\",\"is_max\":false}", &out);
    EXPECT_ANSWER(gem_amount_session_apply("{\"session\":" SESSION ",\"text\":\"1,5\",\"is_max\":false},\"event\":{\"type\":\"max_toggled\"}}", &out),
                  SESSION ",\"text\":\"2\",\"is_max\":true}", &out);

    EXPECT_REFUSALS(gem_amount_session_view_state, "{\"session\":" SESSION ",\"text\":\"1,5\",\"is_max\":false},\"price\":\"2000\"}",
                    "{\"session\":" SESSION ",\"text\":\"1,5\",\"is_max\":false},\"price\":-1}", GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    EXPECT_ANSWER(gem_amount_session_view_state("{\"session\":" SESSION ",\"text\":\"1,5\",\"is_max\":false},\"price\":2000}", &out),
                  "{\"value\":\"1500000000000000000\",\"check\":\"ok\",\"error\":{\"type\":\"none\"},"
                  "\"fiat\":{\"value\":3000,\"unit\":{\"type\":\"currency\",\"code\":\"EUR\"},\"display\":{\"type\":\"number\",\"precision\":{\"type\":\"fraction\",\"min\":2,\"max\":2}},\"notation\":\"plain\",\"tone\":\"plain\",\"rounding\":\"to_nearest\"},"
                  "\"is_max\":false,\"can_continue\":true}", &out);
    EXPECT_ANSWER(gem_amount_session_view_state("{\"session\":" SESSION ",\"text\":\"3\",\"is_max\":false}}", &out),
                  "{\"value\":\"3000000000000000000\",\"check\":\"over_balance\",\"error\":{\"type\":\"insufficient_balance\",\"title\":\"Ethereum (ETH)\"},\"is_max\":false,\"can_continue\":false}", &out);
#undef SESSION
}

/* ---- the send: transactions, tracking, confirmation ---- */

typedef struct fake_send_ports {
    script get_transactions, get_transaction, update_transactions, schedule;
    atomic_int released;
} fake_send_ports;

#define SEND_PORT(name, field)                                                            \
    static void name(void *context, const uint8_t *args, size_t len, gem_call *call) {    \
        (void)args;                                                                      \
        (void)len;                                                                       \
        run_script(&((fake_send_ports *)context)->field, call);                           \
    }
SEND_PORT(fake_get_transactions, get_transactions)
SEND_PORT(fake_get_transaction, get_transaction)
SEND_PORT(fake_update_transactions, update_transactions)
SEND_PORT(fake_schedule, schedule)
#undef SEND_PORT

static void fake_send_release(void *context) { atomic_fetch_add(&((fake_send_ports *)context)->released, 1); }

/* The typed-amount answers read at most 16384 request bytes: a megabyte request (a million digits) is refused
 * before it is parsed, in time independent of its length; a request at the limit is read. */
static void test_typed_amount_request_limit(void) {
    typedef gem_status (*answer_fn)(const char *, gem_buffer *);
    const answer_fn answers[] = {gem_plain_number, gem_value_from_input, gem_input_text, gem_value_text,
                                 gem_amount_session_new, gem_amount_session_apply, gem_amount_session_view_state};
    size_t size = (size_t)1 << 20;
    char *huge = malloc(size + 64);
    CHECK(huge != NULL);
    if (!huge) return;
    int n = snprintf(huge, 64, "{\"format\":" COMMA ",\"text\":\"");
    memset(huge + n, '1', size);
    memcpy(huge + n + size, "\",\"decimals\":6}", 16);
    gem_buffer out = {0};
    for (size_t i = 0; i < sizeof(answers) / sizeof(answers[0]); i++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        EXPECT_SYNC_ERROR(answers[i](huge, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
        clock_gettime(CLOCK_MONOTONIC, &end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
        CHECK(seconds < 0.5);
    }
    CHECK(gem_value_from_input(huge, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "longer than 16384 bytes") != NULL);
    gem_buffer_free(&out);
    /* At the limit: padded with JSON whitespace to exactly 16384 bytes, the request is read and answered. */
    const char *request = "{\"format\":" COMMA ",\"text\":\"1,5\",\"decimals\":6}";
    size_t length = strlen(request);
    memcpy(huge, request, length);
    memset(huge + length, ' ', 16384 - length);
    huge[16384] = 0;
    EXPECT_ANSWER(gem_value_from_input(huge, &out), "{\"type\":\"value\",\"value\":\"1500000\"}", &out);
    huge[16384] = ' ';
    huge[16385] = 0;
    EXPECT_SYNC_ERROR(gem_value_from_input(huge, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    free(huge);
}

/* Waits for a command that a store never answers: GEM_ERR_TIMEOUT once the config's store_timeout_ms (200 ms here)
 * has passed, long before the 30 s default; every held call's late answer is then stale. */
static void expect_store_timeout(gem_status started, completion *c, script *const held[], size_t count) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    CHECK(started == GEM_OK);
    CHECK(completion_wait(c) == GEM_ERR_TIMEOUT);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    CHECK(seconds >= 0.19 && seconds < 5.0);
    CHECK(is_error_record(c->json, "timeout"));
    int answered = 0;
    for (size_t i = 0; i < count; i++) {
        if (!held[i]->held) continue;
        CHECK(gem_call_ok(held[i]->held, (const uint8_t *)"[]", 2) == GEM_ERR_STALE_CALL);
        held[i]->held = NULL;
        answered++;
    }
    CHECK(answered > 0);
    completion_destroy(c);
}

/* The session, assets, balance and transactions services take store_timeout_ms in their config_json: out of range,
 * a fraction, a string or a config that is not JSON is refused with GEM_ERR_INVALID_ARGUMENT naming the field (and no
 * table released), and a store method that never answers fails its command at the configured bound. */
static void test_store_service_configs(void) {
    gem_buffer out = {0};
    const char *const bad_configs[] = {"{\"store_timeout_ms\":0}", "{\"store_timeout_ms\":600001}",
                                       "{\"store_timeout_ms\":1.5}", "{\"store_timeout_ms\":\"200\"}", "{", "[]"};
    const size_t bad_count = sizeof(bad_configs) / sizeof(bad_configs[0]);
    const char *fast = "{\"store_timeout_ms\":200}";
    fake_chain_stores_init(&chain_stores);
    memset(&node_transport, 0, sizeof(node_transport));
    node_transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    wallets_answer_empty();
    gem_wallet_store wallet_store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_asset_store asset_store = fake_asset_store_table(&chain_stores);
    gem_balance_store balance_store = fake_balance_store_table(&chain_stores);
    fake_send_ports ports;
    memset(&ports, 0, sizeof(ports));
    ports.get_transactions = (script){.how = ANSWER_NEVER};
    ports.get_transaction = (script){.how = ANSWER_OK, .answer = "null"};
    ports.update_transactions = (script){.how = ANSWER_OK, .answer = "null"};
    gem_transaction_store transaction_store = {sizeof(gem_transaction_store), &ports, fake_send_release, fake_get_transactions,
                                               fake_get_transaction, fake_update_transactions};
    gem_node_service *nodes = new_node_service(NULL);
    gem_wallet_session_service *sessions = NULL;
    gem_assets_service *assets = NULL;
    gem_balance_service *balances = NULL;
    gem_transactions_service *transactions = NULL;

    for (size_t i = 0; i < bad_count; i++) {
        EXPECT_SYNC_ERROR(gem_wallet_session_service_new(bad_configs[i], &wallet_store, &session, &sessions, &out),
                          GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    CHECK(gem_wallet_session_service_new("{\"store_timeout_ms\":0}", &wallet_store, &session, &sessions, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(sessions == NULL && atomic_load(&wallets.released) == 0);
    CHECK(gem_wallet_session_service_new(fast, &wallet_store, &session, &sessions, &out) == GEM_OK);
    for (size_t i = 0; i < bad_count; i++) {
        EXPECT_SYNC_ERROR(gem_assets_service_new(bad_configs[i], nodes, sessions, &asset_store, &assets, &out),
                          GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
        EXPECT_SYNC_ERROR(gem_transactions_service_new(bad_configs[i], (gem_assets_service *)NULL, &transaction_store,
                                                       &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    CHECK(gem_assets_service_new("{\"store_timeout_ms\":600001}", nodes, sessions, &asset_store, &assets, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(assets == NULL && atomic_load(&chain_stores.released) == 0);
    CHECK(gem_assets_service_new(fast, nodes, sessions, &asset_store, &assets, &out) == GEM_OK);
    for (size_t i = 0; i < bad_count; i++) {
        EXPECT_SYNC_ERROR(gem_balance_service_new(bad_configs[i], nodes, assets, sessions, &balance_store, &balances, &out),
                          GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
        EXPECT_SYNC_ERROR(gem_transactions_service_new(bad_configs[i], assets, &transaction_store, &transactions, &out),
                          GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    CHECK(gem_balance_service_new("{\"store_timeout_ms\":0}", nodes, assets, sessions, &balance_store, &balances, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(gem_transactions_service_new("{\"store_timeout_ms\":600001}", assets, &transaction_store, &transactions, &out) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(balances == NULL && transactions == NULL);
    CHECK(atomic_load(&chain_stores.released) == 0 && atomic_load(&ports.released) == 0);
    CHECK(gem_balance_service_new(fast, nodes, assets, sessions, &balance_store, &balances, &out) == GEM_OK);
    CHECK(gem_transactions_service_new(fast, assets, &transaction_store, &transactions, &out) == GEM_OK);

    completion c;
    /* The session service: the wallet store's list never answers. */
    wallets.get_wallets = (script){.how = ANSWER_NEVER};
    completion_init(&c);
    script *const session_held[] = {&wallets.get_wallets};
    expect_store_timeout(gem_wallet_session_service_get_wallets(sessions, completion_done, &c), &c, session_held, 1);
    /* The assets service: the wallet answers, the asset store's list of the wallet's tokens never does. */
    wallets.get_wallet = (script){.how = ANSWER_OK, .answer = VIEW_ETH_WALLET};
    chain_stores.get_wallet_assets = (script){.how = ANSWER_NEVER};
    completion_init(&c);
    script *const asset_held[] = {&chain_stores.get_wallet_assets};
    expect_store_timeout(gem_assets_service_wallet_assets(assets, VIEW_ETH_ID, completion_done, &c), &c, asset_held, 1);
    /* The balance service: the wallet's assets answer, the balance store's read never does. */
    chain_stores.get_wallet_assets = (script){.how = ANSWER_OK, .answer = "[]"};
    chain_stores.get_balances = (script){.how = ANSWER_NEVER};
    completion_init(&c);
    script *const balance_held[] = {&chain_stores.get_balances};
    expect_store_timeout(gem_balance_service_balances(balances, VIEW_ETH_ID, completion_done, &c), &c, balance_held, 1);
    /* The transactions service: the transaction store's list never answers. */
    completion_init(&c);
    script *const transaction_held[] = {&ports.get_transactions};
    expect_store_timeout(gem_transactions_service_transactions(transactions, "{\"wallet_id\":\"" VIEW_ETH_ID "\"}",
                                                               completion_done, &c), &c, transaction_held, 1);

    gem_transactions_service_free(transactions);
    gem_balance_service_free(balances);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(sessions);
    CHECK(eventually_equals(&chain_stores.released, 3) && eventually_equals(&ports.released, 1));
}

static void test_send_services(void) {
    gem_buffer out = {0};
    fake_send_ports ports;
    memset(&ports, 0, sizeof(ports));
    ports.get_transactions = (script){.how = ANSWER_OK, .answer = "[]"};
    ports.get_transaction = (script){.how = ANSWER_OK, .answer = "null"};
    ports.update_transactions = (script){.how = ANSWER_OK, .answer = "null"};
    ports.schedule = (script){.how = ANSWER_OK, .answer = "null"};
    gem_transaction_store store = {sizeof(gem_transaction_store), &ports, fake_send_release, fake_get_transactions,
                                   fake_get_transaction, fake_update_transactions};
    gem_transaction_status_port status = {sizeof(gem_transaction_status_port), &ports, fake_send_release, fake_schedule};

    fake_chain_stores_init(&chain_stores);
    memset(&node_transport, 0, sizeof(node_transport));
    node_transport.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    wallets_answer_empty();
    gem_wallet_store wallet_store = fake_wallet_store_table(&wallets);
    gem_wallet_session_store session = fake_session_store_table(&wallets);
    gem_secure_store secure = fake_secure_store_table(&wallets);
    gem_keystore_password password = fake_password_table(&wallets);
    gem_wallet_session_service *sessions = NULL;
    CHECK(gem_wallet_session_service_new(NULL, &wallet_store, &session, &sessions, &out) == GEM_OK);
    gem_wallet_service *wallet_service = NULL;
    CHECK(gem_wallet_service_new("{\"kdf_iterations\":2,\"kdf_memory_kib\":19456}", &wallet_store, &session, &secure, &password,
                                 &wallet_service, &out) == GEM_OK);
    gem_node_service *nodes = new_node_service("{\"nodes\":{\"ethereum\":[\"http://127.0.0.1:9/ethereum\"]}}");
    gem_asset_store asset_store = fake_asset_store_table(&chain_stores);
    gem_assets_service *assets = NULL;
    CHECK(gem_assets_service_new(NULL, nodes, sessions, &asset_store, &assets, &out) == GEM_OK);

    /* gem_transactions_service */
    gem_transactions_service *transactions = NULL;
    EXPECT_SYNC_ERROR(gem_transactions_service_new(NULL, NULL, &store, &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transactions_service_new(NULL, assets, NULL, &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transactions_service_new(NULL, (gem_assets_service *)nodes, &store, &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_transaction_store no_update = store;
    no_update.update_transactions = NULL;
    EXPECT_SYNC_ERROR(gem_transactions_service_new(NULL, assets, &no_update, &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    gem_transaction_store small = store;
    small.struct_size = 4;
    EXPECT_SYNC_ERROR(gem_transactions_service_new(NULL, assets, &small, &transactions, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_transactions_service_new(NULL, assets, &store, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(transactions == NULL);
    gem_transactions_service_free(NULL);
    CHECK(gem_transactions_service_new(NULL, assets, &store, &transactions, &out) == GEM_OK);
    completion c;
    const char *request = "{\"wallet_id\":\"" VIEW_ETH_ID "\"}";
    CHECK(gem_transactions_service_rows(transactions, request, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_transactions_service_rows(NULL, request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_rows(transactions, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_rows(transactions, "{\"wallet_id\":", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_rows(transactions, "{\"wallet_id\":\"nowallet\"}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_transactions(NULL, request, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_transactions(transactions, "[1]", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_transaction(NULL, "ethereum_0x1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_transaction(transactions, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transactions_service_transaction(transactions, "", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* An oversized request is refused before it is parsed. */
    static char big[8192];
    memset(big, ' ', sizeof(big) - 1);
    big[sizeof(big) - 1] = 0;
    EXPECT_ASYNC_ERROR(gem_transactions_service_rows(transactions, big, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* Well-formed: the store answers none. */
    EXPECT_ASYNC_ERROR(gem_transactions_service_transaction(transactions, "ethereum_0x1", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");
    completion_init(&c);
    CHECK(gem_transactions_service_rows(transactions, request, completion_done, &c) == GEM_OK);
    CHECK(completion_wait(&c) == GEM_OK && strcmp(c.json, "[]") == 0);
    completion_destroy(&c);
    ports.get_transactions = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_STORE};
    EXPECT_ASYNC_ERROR(gem_transactions_service_transactions(transactions, request, completion_done, &c), GEM_ERR_STORE, "store");
    ports.get_transactions = (script){.how = ANSWER_OK, .answer = "{\"not\":\"a list\"}"};
    EXPECT_ASYNC_ERROR(gem_transactions_service_transactions(transactions, request, completion_done, &c), GEM_ERR_PORT, "port");

    /* gem_transaction_state_service */
    gem_transaction_state_service *tracker = NULL;
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new(NULL, NULL, nodes, NULL, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new(NULL, transactions, NULL, NULL, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new(NULL, transactions, nodes, (gem_balance_service *)nodes, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new("{\"interval_ms\":0}", transactions, nodes, NULL, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new("{\"max_polls\":0}", transactions, nodes, NULL, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_transaction_state_service_new("{", transactions, nodes, NULL, &tracker, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_transaction_state_service_new(NULL, transactions, nodes, NULL, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    gem_transaction_state_service_free(NULL);
    CHECK(gem_transaction_state_service_new("{\"interval_ms\":1,\"max_polls\":2}", transactions, nodes, NULL, &tracker, &out) == GEM_OK);
    CHECK(gem_transaction_state_service_track(tracker, "ethereum_0x1", NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_transaction_state_service_track(NULL, "ethereum_0x1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transaction_state_service_track(tracker, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transaction_state_service_track((gem_transaction_state_service *)transactions, "ethereum_0x1", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_transaction_state_service_track(tracker, "ethereum_0x1", completion_done, &c), GEM_ERR_NOT_FOUND, "not_found");

    /* gem_confirm_transfer_service */
    gem_confirm_transfer_service *confirm = NULL;
    fake_port api;
    memset(&api, 0, sizeof(api));
    api.request = (script){.how = ANSWER_FAIL, .fail_status = GEM_ERR_OFFLINE};
    gem_http_transport transport = fake_transport_table(&api);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, NULL, assets, nodes, transactions, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, NULL, nodes, transactions, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, assets, NULL, transactions, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, assets, nodes, NULL, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, assets, nodes, transactions, NULL, NULL, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, (gem_wallet_service *)sessions, assets, nodes, transactions, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    /* An API URL needs a transport, a transport needs an API URL, and the URL is checked. */
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new("{\"api_url\":\"http://127.0.0.1:9\"}", wallet_service, assets, nodes, transactions, NULL, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, assets, nodes, transactions, &transport, &status, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new("{\"api_url\":\"ftp://x\"}", wallet_service, assets, nodes, transactions, &transport, &status, &confirm, &out), GEM_ERR_INVALID_INPUT, "invalid_input", &out);
    gem_transaction_status_port no_schedule = status;
    no_schedule.schedule = NULL;
    EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(NULL, wallet_service, assets, nodes, transactions, NULL, &no_schedule, &confirm, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    CHECK(gem_confirm_transfer_service_new(NULL, wallet_service, assets, nodes, transactions, NULL, &status, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    /* store_timeout_ms (the status port's bound) is checked like the wallet service's. */
    const char *const bad_store_timeouts[] = {"{\"store_timeout_ms\":0}", "{\"store_timeout_ms\":600001}",
                                              "{\"store_timeout_ms\":1.5}", "{\"store_timeout_ms\":\"200\"}"};
    for (size_t i = 0; i < sizeof(bad_store_timeouts) / sizeof(bad_store_timeouts[0]); i++) {
        EXPECT_SYNC_ERROR(gem_confirm_transfer_service_new(bad_store_timeouts[i], wallet_service, assets, nodes, transactions, NULL, &status, &confirm, &out),
                          GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    }
    CHECK(gem_confirm_transfer_service_new("{\"store_timeout_ms\":600001}", wallet_service, assets, nodes, transactions, NULL, &status, &confirm, &out) ==
          GEM_ERR_INVALID_ARGUMENT);
    CHECK(out.data && strstr((const char *)out.data, "config_json.store_timeout_ms") != NULL);
    gem_buffer_free(&out);
    CHECK(confirm == NULL);
    gem_confirm_transfer_service_free(NULL);
    CHECK(gem_confirm_transfer_service_new("{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":100}", wallet_service, assets, nodes, transactions,
                                           &transport, &status, &confirm, &out) == GEM_OK);
    const char *load = "{\"transfer\":{\"wallet_id\":\"" VIEW_ETH_ID "\",\"asset_id\":\"ethereum\",\"to\":\"0x2c7536E3605D9C16a7a3D7b1898e529396a65c23\",\"amount\":\"1\"}}";
    CHECK(gem_confirm_transfer_service_load(confirm, load, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    CHECK(gem_confirm_transfer_service_submit(confirm, load, NULL, NULL) == GEM_ERR_INVALID_ARGUMENT);
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(NULL, load, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_submit(NULL, load, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(confirm, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_submit(confirm, NULL, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(confirm, "{\"transfer\":{}}", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(confirm, "{\"transfer\":", completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(confirm, big, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load((gem_confirm_transfer_service *)transactions, load, completion_done, &c), GEM_ERR_INVALID_ARGUMENT, "invalid_argument");
    /* Well-formed, of a wallet the store does not have: a confirm error record. */
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_load(confirm, load, completion_done, &c), GEM_ERR_CONFIRM, "load");
    EXPECT_ASYNC_ERROR(gem_confirm_transfer_service_submit(confirm, load, completion_done, &c), GEM_ERR_CONFIRM, "load");
    CHECK(atomic_load(&ports.update_transactions.calls) == 0 && atomic_load(&ports.schedule.calls) == 0);

    /* gem_confirm_error_display */
    EXPECT_SYNC_ERROR(gem_confirm_error_display(NULL, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_error_display("{\"", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_SYNC_ERROR(gem_confirm_error_display("{\"error\":{\"type\":\"unknown_case\"}}", &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
    EXPECT_ANSWER(gem_confirm_error_display("{\"error\":{\"type\":\"scan_malicious\",\"address\":\"0x1\"}}", &out), "{\"type\":\"malicious_recipient\"}", &out);
    EXPECT_ANSWER(gem_confirm_error_display("{\"error\":{\"type\":\"cancelled\"}}", &out), "{\"type\":\"none\"}", &out);

    gem_confirm_transfer_service_free(confirm);
    gem_transaction_state_service_free(tracker);
    gem_transactions_service_free(transactions);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_wallet_service_free(wallet_service);
    gem_wallet_session_service_free(sessions);
    /* The store table once, the status table once; the API transport once. */
    CHECK(eventually_equals(&ports.released, 2) && eventually_equals(&api.released, 1));
}

int main(void) {
    test_foundation();
    test_preferences();
    test_price_alerts();
    test_address_validate();
    test_wallet_session();
    test_wallet_service();
    test_node_service();
    test_assets_and_balance_services();
    test_sign_message_service();
    test_wallet_store_timeout();
    test_typed_amount_request_limit();
    test_list_answers();
    test_number_answers();
    test_copy_and_day_answers();
    test_chain_list();
    test_row_answers();
    test_prices();
    test_charts();
    test_transaction_and_amount_answers();
    test_send_services();
    test_store_service_configs();
    if (failures) {
        fprintf(stderr, "abi_inputs_test: %d failure(s)\n", failures);
        return 1;
    }
    printf("abi_inputs_test: all checks passed\n");
    return 0;
}
