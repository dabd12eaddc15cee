/*
 * Every function of gemstone.h given NULL or malformed input returns a status and an error
 * record, and never crashes. check_coverage.py fails when a header function is missing here.
 */
#include "testing.h"
#include "fakes.h"

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
    EXPECT_SYNC_ERROR(gem_price_alert_service_new("{\"api_url\":\"http://x\",\"timeout_ms\":0}", &http, preferences, &store, &perms, &service, &out), GEM_ERR_INVALID_ARGUMENT, "invalid_argument", &out);
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

int main(void) {
    test_foundation();
    test_preferences();
    test_price_alerts();
    if (failures) {
        fprintf(stderr, "abi_inputs_test: %d failure(s)\n", failures);
        return 1;
    }
    printf("abi_inputs_test: all checks passed\n");
    return 0;
}
