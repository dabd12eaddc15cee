/*
 * libFuzzer targets for every function of include/gemstone.h, over the shared library.
 *
 * One binary; GEM_FUZZ_TARGET=<function name> picks the target (GEM_FUZZ_TARGET=list prints them).
 * The table of targets is generated from the header at build time (gen_table.py): functions of the
 * common shapes get generated drivers, the others the FUZZ_SPECIAL drivers below. Every port a
 * service is made over answers from the fuzzer's bytes: a valid or malformed answer, a failure with
 * any status, a second answer, no answer at all (the call is kept and answered after the service is
 * freed, when it must be stale). A finding is a crash, a sanitizer report, or an abort() below: an
 * answer that breaks the header's conventions (status out of range, an error without its record, a
 * buffer without its NUL, `done` not called exactly once, a table not released, a late answer that
 * was not stale).
 *
 * Build and run: scripts/fuzz.sh (bench/fuzz/README.md).
 */
#include "gemstone.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_STRINGS 64
#define MAX_HELD 64
#define COMMAND_WAIT_MS 1500 /* ports time out after 100 ms; a port that never answers is not bounded */
#define SETTLE_WAIT_MS 5000

static void finding(const char *function, const char *what) {
    fprintf(stderr, "fuzz finding in %s: %s\n", function, what);
    abort();
}

/* ---- the fuzzer's bytes, read by the driver and by the ports (from core threads) ---- */

typedef struct fuzz_command {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int calls;
    int started;
    const char *function;
} fuzz_command;

typedef struct fuzz_input {
    pthread_mutex_t lock;
    const uint8_t *data;
    size_t size;
    size_t at;
    char *strings[MAX_STRINGS];
    int string_count;
    int sync_mode; /* 0: any answer; 1: gem_call_ok with the fuzzer's bytes; 2: gem_call_fail with its status */
    gem_call *held[MAX_HELD];
    int held_count;
    atomic_int tables;   /* tables handed to a constructor that took them */
    atomic_int released; /* release calls seen */
    fuzz_command command;
    const char *function;
} fuzz_input;

static fuzz_input input;

static uint8_t fuzz_byte(fuzz_input *in) {
    pthread_mutex_lock(&in->lock);
    uint8_t value = in->at < in->size ? in->data[in->at++] : 0;
    pthread_mutex_unlock(&in->lock);
    return value;
}

static int32_t fuzz_i32(fuzz_input *in) {
    uint32_t value = 0;
    for (int i = 0; i < 4; i++) value |= (uint32_t)fuzz_byte(in) << (8 * i);
    return (int32_t)value;
}

/* The bytes up to the next NUL (consumed), as a string the input owns; NULL once the bytes are used up. */
static const char *fuzz_string(fuzz_input *in) {
    pthread_mutex_lock(&in->lock);
    if (in->at >= in->size || in->string_count >= MAX_STRINGS) {
        pthread_mutex_unlock(&in->lock);
        return NULL;
    }
    const uint8_t *start = in->data + in->at;
    size_t left = in->size - in->at;
    const uint8_t *end = memchr(start, 0, left);
    size_t len = end ? (size_t)(end - start) : left;
    in->at += len + (end ? 1 : 0);
    char *text = malloc(len + 1);
    if (!text) abort();
    memcpy(text, start, len);
    text[len] = '\0';
    in->strings[in->string_count++] = text;
    pthread_mutex_unlock(&in->lock);
    return text;
}

static void fuzz_hold(fuzz_input *in, gem_call *call) {
    pthread_mutex_lock(&in->lock);
    if (in->held_count < MAX_HELD) {
        in->held[in->held_count++] = call;
        pthread_mutex_unlock(&in->lock);
        return;
    }
    pthread_mutex_unlock(&in->lock);
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_ms(int ms) {
    struct timespec pause = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/* ---- the header's conventions, checked on every answer ---- */

static int valid_status(gem_status status) { return status <= 0 && status >= GEM_ERR_INTERNAL; }

static void check_record(const char *function, gem_status status, const uint8_t *data, size_t len) {
    if (!valid_status(status)) finding(function, "a status outside the header's codes");
    if (status != GEM_OK) {
        static const char prefix[] = "{\"type\":\"";
        if (!data || len < sizeof(prefix) - 1 || memcmp(data, prefix, sizeof(prefix) - 1) != 0)
            finding(function, "an error without its error record");
    }
}

static void fuzz_check_answer(gem_status status, gem_buffer *out, const char *function) {
    check_record(function, status, out->data, out->len);
    if (out->data && out->data[out->len] != '\0') finding(function, "a buffer without its NUL byte");
    if (!out->data && out->len != 0) finding(function, "an empty buffer with a length");
    gem_buffer_free(out);
    if (out->data || out->len) finding(function, "gem_buffer_free left the buffer set");
}

/* ---- async commands: done exactly once ---- */

static void fuzz_done(void *context, gem_status status, const uint8_t *data, size_t len) {
    fuzz_command *command = context;
    check_record(command->function, status, data, len);
    if (len && !data) finding(command->function, "done with a length and no bytes");
    pthread_mutex_lock(&command->lock);
    command->calls++;
    if (command->calls > 1) finding(command->function, "done called twice");
    pthread_cond_broadcast(&command->cond);
    pthread_mutex_unlock(&command->lock);
}

static fuzz_command *fuzz_command_begin(fuzz_input *in) {
    fuzz_command *command = &in->command;
    command->calls = 0;
    command->started = 1;
    command->function = in->function;
    return command;
}

/* Waits for done up to `ms`; answers whether it came. */
static int fuzz_command_wait(fuzz_command *command, int ms) {
    int64_t deadline = now_ms() + ms;
    pthread_mutex_lock(&command->lock);
    while (command->calls == 0 && now_ms() < deadline) {
        pthread_mutex_unlock(&command->lock);
        sleep_ms(1);
        pthread_mutex_lock(&command->lock);
    }
    int calls = command->calls;
    pthread_mutex_unlock(&command->lock);
    return calls > 0;
}

/* After the starting call: an error status means done is never called; GEM_OK means it will be. */
static void fuzz_command_started(fuzz_input *in, gem_status status, const char *function) {
    fuzz_command *command = &in->command;
    /* With a done function the start always succeeds: every outcome, bad arguments included, goes to done. */
    if (status != GEM_OK) finding(function, "a command with a done function did not start");
    (void)fuzz_command_wait(command, COMMAND_WAIT_MS);
}

/* ---- ports answering from the fuzzer's bytes ---- */

static void fuzz_release(void *context) {
    fuzz_input *in = context;
    atomic_fetch_add(&in->released, 1);
}

/* How an async port answers, chosen by the next byte. */
static void fuzz_answer(fuzz_input *in, gem_call *call) {
    uint8_t how = fuzz_byte(in);
    const char *text;
    switch (how % 8) {
    case 0:
    case 1:
    case 2:
        text = fuzz_string(in);
        gem_call_ok(call, (const uint8_t *)(text ? text : ""), text ? strlen(text) : 0);
        break;
    case 3:
        gem_call_ok(call, (const uint8_t *)"null", 4);
        break;
    case 4:
        text = fuzz_string(in);
        gem_call_fail(call, (gem_status)(-(int)(fuzz_byte(in) % 16)), text);
        break;
    case 5:
        fuzz_hold(in, call);
        break;
    case 6:
        gem_call_ok(call, (const uint8_t *)"[]", 2);
        if (gem_call_ok(call, (const uint8_t *)"[]", 2) != GEM_ERR_STALE_CALL) finding(in->function, "a second answer was not stale");
        break;
    default:
        gem_call_ok(call, (const uint8_t *)"[]", 2);
        break;
    }
}

static void fuzz_port(void *context, const uint8_t *args, size_t len, gem_call *call) {
    if (!args || len == 0) finding(input.function, "a port called without arguments");
    fuzz_answer(context, call);
}

/* SYNC ports answer before returning, or not at all (the core reads that as absent). */
static void fuzz_sync_port(void *context, const uint8_t *args, size_t len, gem_call *call) {
    fuzz_input *in = context;
    (void)args;
    (void)len;
    if (in->sync_mode) {
        const char *text = fuzz_string(in);
        gem_status status = in->sync_mode == 1 ? gem_call_ok(call, (const uint8_t *)text, text ? strlen(text) : 0)
                                               : gem_call_fail(call, (gem_status)(int8_t)fuzz_byte(in), text);
        if (status != GEM_OK) finding(in->function, "a first answer was refused");
        gem_status again = gem_call_ok(call, (const uint8_t *)"null", 4);
        if (again != GEM_ERR_STALE_CALL) finding(in->function, "a second answer was not stale");
        return;
    }
    uint8_t how = fuzz_byte(in);
    if (how % 4 == 0) {
        const char *text = fuzz_string(in);
        gem_call_ok(call, (const uint8_t *)(text ? text : ""), text ? strlen(text) : 0);
    } else if (how % 4 == 1) {
        gem_call_fail(call, GEM_ERR_STORE, "sync failure");
    } else if (how % 4 == 2) {
        gem_call_ok(call, (const uint8_t *)"null", 4);
    }
}

static gem_preferences_store prefs_table(fuzz_input *in) {
    gem_preferences_store t = {sizeof t, in, fuzz_release, fuzz_sync_port, fuzz_sync_port, fuzz_sync_port};
    return t;
}
static gem_http_transport http_table(fuzz_input *in) {
    gem_http_transport t = {sizeof t, in, fuzz_release, fuzz_port};
    return t;
}
static gem_price_alert_store alerts_table(fuzz_input *in) {
    gem_price_alert_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port};
    return t;
}
static gem_notification_permissions permissions_table(fuzz_input *in) {
    gem_notification_permissions t = {sizeof t, in, fuzz_release, fuzz_port};
    return t;
}
static gem_wallet_store wallet_store_table(fuzz_input *in) {
    gem_wallet_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port, fuzz_port, fuzz_port};
    return t;
}
static gem_wallet_session_store session_table(fuzz_input *in) {
    gem_wallet_session_store t = {sizeof t, in, fuzz_release, fuzz_sync_port, fuzz_sync_port};
    return t;
}
static gem_secure_store secure_table(fuzz_input *in) {
    gem_secure_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port};
    return t;
}
static gem_keystore_password password_table(fuzz_input *in) {
    gem_keystore_password t = {sizeof t, in, fuzz_release, fuzz_port};
    return t;
}

static gem_node_store node_store_table(fuzz_input *in) {
    gem_node_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port, fuzz_port};
    return t;
}
static gem_asset_store asset_store_table(fuzz_input *in) {
    gem_asset_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port, fuzz_port};
    return t;
}
static gem_balance_store balance_store_table(fuzz_input *in) {
    gem_balance_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port};
    return t;
}

static gem_stream_connection stream_table(fuzz_input *in) {
    gem_stream_connection t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port};
    return t;
}

static gem_price_store price_store_table(fuzz_input *in) {
    gem_price_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port};
    return t;
}

/* Counts the tables a successful constructor took (each is released once). */
static void took(fuzz_input *in, gem_status status, int tables) {
    if (status == GEM_OK) atomic_fetch_add(&in->tables, tables);
}

static const char *PRICE_ALERT_CONFIG = "{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":100,\"store_timeout_ms\":100}";
static const char *WALLET_CONFIG = "{\"kdf_iterations\":2,\"kdf_memory_kib\":19456,\"store_timeout_ms\":100}";
/* The config of the session, assets, balance and transactions services the drivers build on. */
static const char *STORE_CONFIG = "{\"store_timeout_ms\":100}";

static gem_preferences_service *make_gem_preferences_service(fuzz_input *in) {
    gem_preferences_store table = prefs_table(in);
    gem_preferences_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_preferences_service_new(&table, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_preferences_service_new");
    return service;
}

static gem_price_alert_service *make_gem_price_alert_service(fuzz_input *in) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    if (!preferences) return NULL;
    gem_http_transport http = http_table(in);
    gem_price_alert_store store = alerts_table(in);
    gem_notification_permissions permissions = permissions_table(in);
    gem_price_alert_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_price_alert_service_new(PRICE_ALERT_CONFIG, &http, preferences, &store, &permissions, &service, &error);
    took(in, status, 3);
    fuzz_check_answer(status, &error, "gem_price_alert_service_new");
    gem_preferences_service_free(preferences);
    return service;
}

static gem_wallet_session_service *make_gem_wallet_session_service(fuzz_input *in) {
    gem_wallet_store store = wallet_store_table(in);
    gem_wallet_session_store session = session_table(in);
    gem_wallet_session_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_wallet_session_service_new(STORE_CONFIG, &store, &session, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_wallet_session_service_new");
    return service;
}

static gem_wallet_service *make_gem_wallet_service(fuzz_input *in) {
    gem_wallet_store store = wallet_store_table(in);
    gem_wallet_session_store session = session_table(in);
    gem_secure_store secure = secure_table(in);
    gem_keystore_password password = password_table(in);
    gem_wallet_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_wallet_service_new(WALLET_CONFIG, &store, &session, &secure, &password, &service, &error);
    took(in, status, 4);
    fuzz_check_answer(status, &error, "gem_wallet_service_new");
    return service;
}

static const char *NODE_CONFIG = "{\"timeout_ms\":100,\"store_timeout_ms\":100}";

static gem_node_service *make_gem_node_service(fuzz_input *in) {
    gem_http_transport http = http_table(in);
    gem_node_store store = node_store_table(in);
    gem_node_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_node_service_new(NODE_CONFIG, &http, &store, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_node_service_new");
    return service;
}

/* The composed services retain the node and session services; the host's own references are dropped at once. */
static gem_assets_service *make_gem_assets_service(fuzz_input *in) {
    gem_node_service *nodes = make_gem_node_service(in);
    gem_wallet_session_service *wallets = make_gem_wallet_session_service(in);
    gem_asset_store store = asset_store_table(in);
    gem_assets_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_assets_service_new(STORE_CONFIG, nodes, wallets, &store, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_assets_service_new");
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(wallets);
    return service;
}

/* Over an assets and a price alert service (retained; the host's references are dropped at once). */
static gem_stream_subscription_service *make_gem_stream_subscription_service(fuzz_input *in) {
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_price_alert_service *alerts = make_gem_price_alert_service(in);
    gem_stream_connection connection = stream_table(in);
    gem_stream_subscription_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_stream_subscription_service_new(STORE_CONFIG, assets, alerts, &connection, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_stream_subscription_service_new");
    gem_assets_service_free(assets);
    gem_price_alert_service_free(alerts);
    return service;
}

static gem_price_service *make_gem_price_service(fuzz_input *in) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    if (!preferences) return NULL;
    gem_http_transport http = http_table(in);
    gem_price_store store = price_store_table(in);
    gem_price_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_price_service_new(PRICE_ALERT_CONFIG, &http, preferences, &store, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_price_service_new");
    gem_preferences_service_free(preferences);
    return service;
}

static gem_currency_service *make_gem_currency_service(fuzz_input *in) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    gem_price_service *prices = make_gem_price_service(in);
    gem_currency_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_currency_service_new(preferences, prices, &service, &error);
    fuzz_check_answer(status, &error, "gem_currency_service_new");
    gem_preferences_service_free(preferences);
    gem_price_service_free(prices);
    return service;
}

static gem_wallet_home_service *make_gem_wallet_home_service(fuzz_input *in) {
    gem_price_service *prices = make_gem_price_service(in);
    gem_wallet_home_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_wallet_home_service_new(prices, &service, &error);
    fuzz_check_answer(status, &error, "gem_wallet_home_service_new");
    gem_price_service_free(prices);
    return service;
}

static gem_chart_service *make_gem_chart_service(fuzz_input *in) {
    gem_price_service *prices = make_gem_price_service(in);
    gem_http_transport http = http_table(in);
    gem_chart_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_chart_service_new(PRICE_ALERT_CONFIG, &http, prices, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_chart_service_new");
    gem_price_service_free(prices);
    return service;
}

static gem_balance_service *make_gem_balance_service(fuzz_input *in) {
    gem_node_service *nodes = make_gem_node_service(in);
    gem_wallet_session_service *wallets = make_gem_wallet_session_service(in);
    gem_asset_store asset_store = asset_store_table(in);
    gem_assets_service *assets = NULL;
    gem_buffer error = {0};
    gem_status status = gem_assets_service_new(STORE_CONFIG, nodes, wallets, &asset_store, &assets, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_assets_service_new");
    gem_balance_store store = balance_store_table(in);
    gem_balance_service *service = NULL;
    gem_buffer balance_error = {0};
    status = gem_balance_service_new(STORE_CONFIG, nodes, assets, wallets, &store, &service, &balance_error);
    took(in, status, 1);
    fuzz_check_answer(status, &balance_error, "gem_balance_service_new");
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(wallets);
    return service;
}

static gem_transaction_store transaction_store_table(fuzz_input *in) {
    gem_transaction_store t = {sizeof t, in, fuzz_release, fuzz_port, fuzz_port, fuzz_port};
    return t;
}

static gem_transaction_status_port status_port_table(fuzz_input *in) {
    gem_transaction_status_port t = {sizeof t, in, fuzz_release, fuzz_port};
    return t;
}

static gem_transactions_service *make_gem_transactions_service(fuzz_input *in) {
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_transaction_store store = transaction_store_table(in);
    gem_transactions_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_transactions_service_new(STORE_CONFIG, assets, &store, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_transactions_service_new");
    gem_assets_service_free(assets);
    return service;
}

static const char *STATE_CONFIG = "{\"interval_ms\":1,\"max_polls\":2}";

static gem_transaction_state_service *make_gem_transaction_state_service(fuzz_input *in) {
    gem_transactions_service *transactions = make_gem_transactions_service(in);
    gem_node_service *nodes = make_gem_node_service(in);
    gem_transaction_state_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_transaction_state_service_new(STATE_CONFIG, transactions, nodes, NULL, &service, &error);
    fuzz_check_answer(status, &error, "gem_transaction_state_service_new");
    gem_transactions_service_free(transactions);
    gem_node_service_free(nodes);
    return service;
}

static const char *CONFIRM_CONFIG = "{\"api_url\":\"http://127.0.0.1:9\",\"timeout_ms\":100,\"store_timeout_ms\":100}";

static gem_confirm_transfer_service *make_gem_confirm_transfer_service(fuzz_input *in) {
    gem_wallet_service *wallets = make_gem_wallet_service(in);
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_node_service *nodes = make_gem_node_service(in);
    gem_transactions_service *transactions = make_gem_transactions_service(in);
    gem_http_transport transport = http_table(in);
    gem_transaction_status_port port = status_port_table(in);
    gem_confirm_transfer_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_confirm_transfer_service_new(CONFIRM_CONFIG, wallets, assets, nodes, transactions, &transport, &port,
                                                         &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_confirm_transfer_service_new");
    gem_wallet_service_free(wallets);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_transactions_service_free(transactions);
    return service;
}

static gem_sign_message_service *make_gem_sign_message_service(fuzz_input *in) {
    gem_wallet_service *wallets = make_gem_wallet_service(in);
    gem_sign_message_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_sign_message_service_new(wallets, &service, &error);
    fuzz_check_answer(status, &error, "gem_sign_message_service_new");
    gem_wallet_service_free(wallets);
    return service;
}

/* After the service is freed: its command's done has fired, every table is released once, and every
 * call the ports kept is stale. */
static void fuzz_ports_settle(fuzz_input *in) {
    if (in->command.started) {
        if (!fuzz_command_wait(&in->command, SETTLE_WAIT_MS)) finding(in->function, "done never called after free");
        in->command.started = 0;
    }
    int64_t deadline = now_ms() + SETTLE_WAIT_MS;
    while (atomic_load(&in->released) < atomic_load(&in->tables) && now_ms() < deadline) sleep_ms(1);
    if (atomic_load(&in->released) != atomic_load(&in->tables)) finding(in->function, "a table was not released exactly once");
    pthread_mutex_lock(&in->lock);
    int count = in->held_count;
    in->held_count = 0;
    pthread_mutex_unlock(&in->lock);
    for (int i = 0; i < count; i++)
        if (gem_call_ok(in->held[i], (const uint8_t *)"null", 4) != GEM_ERR_STALE_CALL)
            finding(in->function, "a call answered after its service was freed was not stale");
}

/* ---- hand-written drivers for the functions of other shapes ---- */

#define FUZZ_SPECIAL(name) static void fuzz_##name(fuzz_input *in)

FUZZ_SPECIAL(gem_abi_version) {
    (void)in;
    if (gem_abi_version() != GEM_ABI_VERSION) finding("gem_abi_version", "another ABI version");
}

FUZZ_SPECIAL(gem_buffer_free) {
    gem_buffer_free(NULL);
    gem_buffer empty = {0};
    gem_buffer_free(&empty);
    gem_buffer out = {0};
    gem_status status = gem_address_validate(fuzz_string(in), fuzz_string(in), &out);
    fuzz_check_answer(status, &out, "gem_buffer_free");
    gem_buffer_free(&out); /* twice: the first reset it */
}

/* gem_call_ok and gem_call_fail: the host's answers, any bytes, any status, twice, through the SYNC
 * preferences port; and on a NULL call. */
static void answer_with(fuzz_input *in, int fail) {
    if (gem_call_ok(NULL, (const uint8_t *)"null", 4) == GEM_OK) finding("gem_call_ok", "a NULL call answered GEM_OK");
    if (gem_call_fail(NULL, GEM_ERR_STORE, "x") == GEM_OK) finding("gem_call_fail", "a NULL call answered GEM_OK");
    gem_preferences_service *service = make_gem_preferences_service(in);
    if (!service) return;
    in->sync_mode = fail ? 2 : 1;
    gem_buffer out = {0};
    for (int i = 0; i < 3; i++) {
        in->command.started = 0;
        gem_status status = gem_preferences_service_get(service, &out);
        fuzz_check_answer(status, &out, fail ? "gem_call_fail" : "gem_call_ok");
    }
    in->sync_mode = 0;
    gem_preferences_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_call_ok) {
    in->command.started = 0;
    answer_with(in, 0);
}

FUZZ_SPECIAL(gem_call_fail) {
    in->command.started = 0;
    answer_with(in, 1);
}

FUZZ_SPECIAL(gem_preferences_service_new) {
    gem_preferences_store table = prefs_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) table.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) table.get = NULL;
    gem_preferences_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_preferences_service_new((shape & 4) ? NULL : &table, (shape & 8) ? NULL : &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_preferences_service_new");
    gem_preferences_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_price_alert_service_new) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    gem_http_transport http = http_table(in);
    gem_price_alert_store store = alerts_table(in);
    gem_notification_permissions permissions = permissions_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) http.request = NULL;
    gem_price_alert_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_price_alert_service_new(fuzz_string(in), (shape & 4) ? NULL : &http, preferences, &store,
                                                    &permissions, &service, &error);
    took(in, status, 3);
    fuzz_check_answer(status, &error, "gem_price_alert_service_new");
    gem_preferences_service_free(preferences);
    gem_price_alert_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_session_service_new) {
    gem_wallet_store store = wallet_store_table(in);
    gem_wallet_session_store session = session_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) session.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.delete_wallet = NULL;
    gem_wallet_session_service *service = NULL;
    gem_buffer error = {0};
    const char *config = fuzz_string(in);
    gem_status status = gem_wallet_session_service_new(config, (shape & 4) ? NULL : &store, &session, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_wallet_session_service_new");
    gem_wallet_session_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_service_new) {
    gem_wallet_store store = wallet_store_table(in);
    gem_wallet_session_store session = session_table(in);
    gem_secure_store secure = secure_table(in);
    gem_keystore_password password = password_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) secure.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) password.get_password = NULL;
    gem_wallet_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_wallet_service_new(fuzz_string(in), &store, &session, (shape & 4) ? NULL : &secure, &password,
                                               &service, &error);
    took(in, status, 4);
    fuzz_check_answer(status, &error, "gem_wallet_service_new");
    gem_wallet_service_free(service);
    fuzz_ports_settle(in);
}

/* Freeing a service while its command is in flight: done still fires once (cancelled or not). */
FUZZ_SPECIAL(gem_preferences_service_free) {
    gem_preferences_service_free(NULL);
    gem_preferences_service *service = make_gem_preferences_service(in);
    gem_preferences_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_price_alert_service_free) {
    gem_price_alert_service_free(NULL);
    gem_price_alert_service *service = make_gem_price_alert_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_price_alert_service_sync(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_price_alert_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_session_service_free) {
    gem_wallet_session_service_free(NULL);
    gem_wallet_session_service *service = make_gem_wallet_session_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_wallet_session_service_get_wallets(service, fuzz_done, command) != GEM_OK) command->started = 0;
    gem_wallet_session_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_service_free) {
    gem_wallet_service_free(NULL);
    gem_wallet_service *service = make_gem_wallet_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_wallet_service_preview_import(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_wallet_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_stream_subscription_service_new) {
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_price_alert_service *alerts = make_gem_price_alert_service(in);
    gem_stream_connection connection = stream_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) connection.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) connection.send = NULL;
    gem_stream_subscription_service *service = NULL;
    gem_buffer error = {0};
    const char *config = fuzz_string(in);
    gem_status status = gem_stream_subscription_service_new(config, (shape & 4) ? (gem_assets_service *)alerts : assets,
                                                            (shape & 8) ? NULL : alerts, &connection, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_stream_subscription_service_new");
    gem_assets_service_free(assets);
    gem_price_alert_service_free(alerts);
    gem_stream_subscription_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_stream_subscription_service_free) {
    gem_stream_subscription_service_free(NULL);
    gem_stream_subscription_service *service = make_gem_stream_subscription_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_stream_subscription_service_subscribe(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_stream_subscription_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_version) {
    (void)in;
    const char *version = gem_version();
    if (!version || strcmp(version, GEM_VERSION) != 0) finding("gem_version", "another release than the header's GEM_VERSION");
}

FUZZ_SPECIAL(gem_node_service_new) {
    gem_http_transport http = http_table(in);
    gem_node_store store = node_store_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.set_selection = NULL;
    gem_node_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_node_service_new(fuzz_string(in), (shape & 4) ? NULL : &http, &store, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_node_service_new");
    gem_node_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_assets_service_new) {
    gem_node_service *nodes = make_gem_node_service(in);
    gem_wallet_session_service *wallets = make_gem_wallet_session_service(in);
    gem_asset_store store = asset_store_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.get_assets = NULL;
    gem_assets_service *service = NULL;
    gem_buffer error = {0};
    /* A handle of the wrong kind in either slot is refused, never read as another service. */
    const char *config = fuzz_string(in);
    gem_status status = gem_assets_service_new(config, (shape & 4) ? (gem_node_service *)wallets : nodes, (shape & 8) ? NULL : wallets,
                                               &store, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_assets_service_new");
    gem_assets_service_free(service);
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(wallets);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_balance_service_new) {
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_node_service *nodes = make_gem_node_service(in);
    gem_wallet_session_service *wallets = make_gem_wallet_session_service(in);
    gem_balance_store store = balance_store_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.update_balances = NULL;
    gem_balance_service *service = NULL;
    gem_buffer error = {0};
    const char *config = fuzz_string(in);
    gem_status status = gem_balance_service_new(config, nodes, (shape & 4) ? (gem_assets_service *)nodes : assets, wallets, &store,
                                                &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_balance_service_new");
    gem_balance_service_free(service);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_wallet_session_service_free(wallets);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_node_service_free) {
    gem_node_service_free(NULL);
    gem_node_service *service = make_gem_node_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_node_service_check(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_node_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_assets_service_free) {
    gem_assets_service_free(NULL);
    gem_assets_service *service = make_gem_assets_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_assets_service_wallet_assets(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_assets_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_price_service_new) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    gem_http_transport http = http_table(in);
    gem_price_store store = price_store_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.save_rates_and_prices = NULL;
    gem_price_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_price_service_new(fuzz_string(in), (shape & 4) ? NULL : &http, preferences, &store, &service, &error);
    took(in, status, 2);
    fuzz_check_answer(status, &error, "gem_price_service_new");
    gem_preferences_service_free(preferences);
    gem_price_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_price_service_free) {
    gem_price_service_free(NULL);
    gem_price_service *service = make_gem_price_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_price_service_apply_tick(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_price_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_currency_service_new) {
    gem_preferences_service *preferences = make_gem_preferences_service(in);
    gem_price_service *prices = make_gem_price_service(in);
    uint8_t shape = fuzz_byte(in);
    gem_currency_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_currency_service_new(preferences, (shape & 1) ? (gem_price_service *)preferences : prices,
                                                 &service, &error);
    fuzz_check_answer(status, &error, "gem_currency_service_new");
    gem_currency_service_free(service);
    gem_price_service_free(prices);
    gem_preferences_service_free(preferences);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_currency_service_free) {
    gem_currency_service_free(NULL);
    gem_currency_service *service = make_gem_currency_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_currency_service_set_currency(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_currency_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_chart_service_new) {
    gem_price_service *prices = make_gem_price_service(in);
    gem_http_transport http = http_table(in);
    uint8_t shape = fuzz_byte(in);
    gem_chart_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_chart_service_new(fuzz_string(in), (shape & 1) ? NULL : &http,
                                              (shape & 2) ? NULL : prices, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_chart_service_new");
    gem_chart_service_free(service);
    gem_price_service_free(prices);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_chart_service_free) {
    gem_chart_service_free(NULL);
    gem_chart_service *service = make_gem_chart_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_chart_service_load(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_chart_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_home_service_new) {
    gem_price_service *prices = make_gem_price_service(in);
    uint8_t shape = fuzz_byte(in);
    gem_wallet_home_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_wallet_home_service_new((shape & 1) ? NULL : prices, &service, &error);
    fuzz_check_answer(status, &error, "gem_wallet_home_service_new");
    gem_wallet_home_service_free(service);
    gem_price_service_free(prices);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_wallet_home_service_free) {
    gem_wallet_home_service_free(NULL);
    gem_wallet_home_service *service = make_gem_wallet_home_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_wallet_home_service_refresh(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_wallet_home_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_balance_service_free) {
    gem_balance_service_free(NULL);
    gem_balance_service *service = make_gem_balance_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_balance_service_update(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_balance_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_transactions_service_new) {
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_transaction_store store = transaction_store_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) store.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) store.get_transaction = NULL;
    gem_transactions_service *service = NULL;
    gem_buffer error = {0};
    const char *config = fuzz_string(in);
    gem_status status = gem_transactions_service_new(config, (shape & 4) ? NULL : assets, &store, &service, &error);
    took(in, status, 1);
    fuzz_check_answer(status, &error, "gem_transactions_service_new");
    gem_transactions_service_free(service);
    gem_assets_service_free(assets);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_transaction_state_service_new) {
    gem_transactions_service *transactions = make_gem_transactions_service(in);
    gem_node_service *nodes = make_gem_node_service(in);
    uint8_t shape = fuzz_byte(in);
    gem_transaction_state_service *service = NULL;
    gem_buffer error = {0};
    /* A handle of the wrong kind is refused, never read as another service. */
    gem_status status = gem_transaction_state_service_new((shape & 1) ? fuzz_string(in) : STATE_CONFIG, transactions,
                                                          (shape & 2) ? (gem_node_service *)transactions : nodes,
                                                          (shape & 4) ? (gem_balance_service *)nodes : NULL, &service, &error);
    fuzz_check_answer(status, &error, "gem_transaction_state_service_new");
    gem_transaction_state_service_free(service);
    gem_transactions_service_free(transactions);
    gem_node_service_free(nodes);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_confirm_transfer_service_new) {
    gem_wallet_service *wallets = make_gem_wallet_service(in);
    gem_assets_service *assets = make_gem_assets_service(in);
    gem_node_service *nodes = make_gem_node_service(in);
    gem_transactions_service *transactions = make_gem_transactions_service(in);
    gem_http_transport transport = http_table(in);
    gem_transaction_status_port port = status_port_table(in);
    uint8_t shape = fuzz_byte(in);
    if (shape & 1) port.struct_size = (uint32_t)fuzz_byte(in);
    if (shape & 2) port.schedule = NULL;
    gem_confirm_transfer_service *service = NULL;
    gem_buffer error = {0};
    gem_status status = gem_confirm_transfer_service_new((shape & 4) ? fuzz_string(in) : CONFIRM_CONFIG, wallets,
                                                         (shape & 8) ? (gem_assets_service *)nodes : assets, nodes, transactions,
                                                         (shape & 16) ? NULL : &transport, &port, &service, &error);
    /* Without a transport the service holds the status port only (a config with api_url is then refused). */
    took(in, status, (shape & 16) ? 1 : 2);
    fuzz_check_answer(status, &error, "gem_confirm_transfer_service_new");
    gem_confirm_transfer_service_free(service);
    gem_wallet_service_free(wallets);
    gem_assets_service_free(assets);
    gem_node_service_free(nodes);
    gem_transactions_service_free(transactions);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_transactions_service_free) {
    gem_transactions_service_free(NULL);
    gem_transactions_service *service = make_gem_transactions_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_transactions_service_rows(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_transactions_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_transaction_state_service_free) {
    gem_transaction_state_service_free(NULL);
    gem_transaction_state_service *service = make_gem_transaction_state_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_transaction_state_service_track(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_transaction_state_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_confirm_transfer_service_free) {
    gem_confirm_transfer_service_free(NULL);
    gem_confirm_transfer_service *service = make_gem_confirm_transfer_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_confirm_transfer_service_load(service, fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_confirm_transfer_service_free(service);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_sign_message_service_new) {
    gem_wallet_service *wallets = make_gem_wallet_service(in);
    uint8_t shape = fuzz_byte(in);
    gem_sign_message_service *service = NULL;
    gem_buffer error = {0};
    /* NULL, or a handle of the wrong kind, is refused, never read as a wallet service. */
    gem_wallet_service *given = (shape & 1) ? NULL : (shape & 2) ? (gem_wallet_service *)make_gem_node_service(in) : wallets;
    gem_status status = gem_sign_message_service_new(given, &service, &error);
    fuzz_check_answer(status, &error, "gem_sign_message_service_new");
    if ((shape & 3) == 2) gem_node_service_free((gem_node_service *)given);
    gem_sign_message_service_free(service);
    gem_wallet_service_free(wallets);
    fuzz_ports_settle(in);
}

FUZZ_SPECIAL(gem_sign_message_service_free) {
    gem_sign_message_service_free(NULL);
    gem_sign_message_service *service = make_gem_sign_message_service(in);
    if (!service) return;
    fuzz_command *command = fuzz_command_begin(in);
    if (gem_sign_message_service_sign(service, fuzz_string(in), fuzz_string(in), fuzz_done, command) != GEM_OK) command->started = 0;
    gem_sign_message_service_free(service);
    fuzz_ports_settle(in);
}

/* ---- the table, generated from the header ---- */

typedef struct fuzz_target {
    const char *name;
    void (*run)(fuzz_input *in);
} fuzz_target;

#include "fuzz_table.h"

static const fuzz_target *selected;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *name = getenv("GEM_FUZZ_TARGET");
    size_t count = sizeof(FUZZ_TARGETS) / sizeof(FUZZ_TARGETS[0]);
    if (name && strcmp(name, "list") == 0) {
        for (size_t i = 0; i < count; i++) printf("%s\n", FUZZ_TARGETS[i].name);
        exit(0);
    }
    for (size_t i = 0; name && i < count; i++)
        if (strcmp(FUZZ_TARGETS[i].name, name) == 0) selected = &FUZZ_TARGETS[i];
    if (!selected) {
        fprintf(stderr, "set GEM_FUZZ_TARGET to one of the %zu header functions (GEM_FUZZ_TARGET=list)\n", count);
        exit(2);
    }
    pthread_mutex_init(&input.lock, NULL);
    pthread_mutex_init(&input.command.lock, NULL);
    pthread_cond_init(&input.command.cond, NULL);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input *in = &input;
    pthread_mutex_lock(&in->lock);
    in->data = data;
    in->size = size;
    in->at = 0;
    in->held_count = 0;
    in->function = selected->name;
    pthread_mutex_unlock(&in->lock);
    atomic_store(&in->tables, 0);
    atomic_store(&in->released, 0);
    in->command.started = 0;
    selected->run(in);
    /* Pure functions and sync answers leave nothing behind; async ones were settled by their driver. */
    pthread_mutex_lock(&in->lock);
    for (int i = 0; i < in->string_count; i++) free(in->strings[i]);
    in->string_count = 0;
    in->data = NULL;
    in->size = 0;
    pthread_mutex_unlock(&in->lock);
    return 0;
}
