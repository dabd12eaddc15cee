/* Port tables for the ABI tests: small in-memory doubles whose behaviour a test can script. */
#ifndef GEM_ABI_FAKES_H
#define GEM_ABI_FAKES_H

#include <gemstone.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- preferences: a fixed table of keys; SYNC answers ---- */

typedef struct fake_prefs {
    char keys[8][64];
    char values[8][128];
    int count;
    atomic_int released;
} fake_prefs;

static int fake_prefs_find(fake_prefs *p, const char *key) {
    for (int i = 0; i < p->count; i++)
        if (strcmp(p->keys[i], key) == 0) return i;
    return -1;
}

/* Extracts the string value of "name" from a flat JSON object written by the core. */
static int json_string(const uint8_t *args, size_t len, const char *name, char *out, size_t size) {
    char pattern[80];
    snprintf(pattern, sizeof(pattern), "\"%s\":\"", name);
    char text[1024];
    size_t n = len < sizeof(text) - 1 ? len : sizeof(text) - 1;
    memcpy(text, args, n);
    text[n] = '\0';
    const char *at = strstr(text, pattern);
    if (!at) return 0;
    at += strlen(pattern);
    const char *end = strchr(at, '"');
    if (!end || (size_t)(end - at) >= size) return 0;
    memcpy(out, at, (size_t)(end - at));
    out[end - at] = '\0';
    return 1;
}

static void fake_prefs_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    fake_prefs *p = context;
    char key[64];
    int at = json_string(args, len, "key", key, sizeof(key)) ? fake_prefs_find(p, key) : -1;
    if (at < 0) {
        gem_call_ok(call, (const uint8_t *)"null", 4);
        return;
    }
    char answer[160];
    int n = snprintf(answer, sizeof(answer), "\"%s\"", p->values[at]);
    gem_call_ok(call, (const uint8_t *)answer, (size_t)n);
}

static void fake_prefs_set(void *context, const uint8_t *args, size_t len, gem_call *call) {
    fake_prefs *p = context;
    char key[64], value[128];
    if (!json_string(args, len, "key", key, sizeof(key)) || !json_string(args, len, "value", value, sizeof(value))) {
        gem_call_fail(call, GEM_ERR_PORT, "bad args");
        return;
    }
    int at = fake_prefs_find(p, key);
    if (at < 0 && p->count < 8) at = p->count++;
    if (at >= 0) {
        snprintf(p->keys[at], sizeof(p->keys[at]), "%s", key);
        snprintf(p->values[at], sizeof(p->values[at]), "%s", value);
    }
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

static void fake_prefs_remove(void *context, const uint8_t *args, size_t len, gem_call *call) {
    fake_prefs *p = context;
    char key[64];
    int at = json_string(args, len, "key", key, sizeof(key)) ? fake_prefs_find(p, key) : -1;
    if (at >= 0) {
        p->count--;
        memmove(p->keys[at], p->keys[at + 1], sizeof(p->keys[0]) * (size_t)(p->count - at));
        memmove(p->values[at], p->values[at + 1], sizeof(p->values[0]) * (size_t)(p->count - at));
    }
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

static void fake_prefs_release(void *context) {
    fake_prefs *p = context;
    atomic_fetch_add(&p->released, 1);
}

static gem_preferences_store fake_prefs_table(fake_prefs *p) {
    gem_preferences_store table = {sizeof(gem_preferences_store), p, fake_prefs_release, fake_prefs_get, fake_prefs_set, fake_prefs_remove};
    return table;
}

/* ---- a scripted async port: how each method answers ---- */

typedef enum behaviour {
    ANSWER_OK,        /* answer `answer` inline */
    ANSWER_FAIL,      /* gem_call_fail(status, "scripted failure") inline */
    ANSWER_TWICE,     /* answer `answer`, then answer again (must be stale) */
    ANSWER_NEVER,     /* keep the call; answer later or never */
    ANSWER_MALFORMED, /* answer bytes that are not the documented JSON */
    ANSWER_THREAD,    /* answer `answer` from a new thread */
} behaviour;

typedef struct script {
    behaviour how;
    gem_status fail_status;
    const char *answer;
    gem_call *held;              /* the call kept by ANSWER_NEVER */
    /* What the repeated answer of ANSWER_TWICE returned (0 until it has): the completion can run on a core thread
     * before the port's thread makes the second answer, so a test waits for it (script_wait_second_answer). */
    _Atomic gem_status second_answer;
    atomic_int calls;
} script;

/* Waits up to 5 s for ANSWER_TWICE's second answer; returns it (0 when it never came). */
static inline gem_status script_wait_second_answer(script *s) {
    for (int i = 0; i < 5000 && atomic_load(&s->second_answer) == 0; i++) usleep(1000);
    return atomic_load(&s->second_answer);
}

typedef struct thread_answer {
    gem_call *call;
    const char *answer;
} thread_answer;

static void *answer_later(void *arg) {
    thread_answer *t = arg;
    gem_call_ok(t->call, (const uint8_t *)t->answer, strlen(t->answer));
    free(t);
    return NULL;
}

static void run_script(script *s, gem_call *call) {
    atomic_fetch_add(&s->calls, 1);
    switch (s->how) {
    case ANSWER_OK:
        gem_call_ok(call, (const uint8_t *)s->answer, strlen(s->answer));
        break;
    case ANSWER_FAIL:
        gem_call_fail(call, s->fail_status, "scripted failure");
        break;
    case ANSWER_TWICE:
        gem_call_ok(call, (const uint8_t *)s->answer, strlen(s->answer));
        s->second_answer = gem_call_ok(call, (const uint8_t *)s->answer, strlen(s->answer));
        break;
    case ANSWER_NEVER:
        s->held = call;
        break;
    case ANSWER_MALFORMED:
        gem_call_ok(call, (const uint8_t *)"{not json", 9);
        break;
    case ANSWER_THREAD: {
        pthread_t thread;
        thread_answer *t = malloc(sizeof(*t));
        t->call = call;
        t->answer = s->answer;
        pthread_create(&thread, NULL, answer_later, t);
        pthread_detach(thread);
        break;
    }
    }
}

typedef struct fake_alerts {
    script get;
    script update;
    atomic_int released;
} fake_alerts;

static void fake_alerts_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_alerts *)context)->get, call);
}

static void fake_alerts_update(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_alerts *)context)->update, call);
}

static void fake_alerts_release(void *context) { atomic_fetch_add(&((fake_alerts *)context)->released, 1); }

static gem_price_alert_store fake_alerts_table(fake_alerts *a) {
    gem_price_alert_store table = {sizeof(gem_price_alert_store), a, fake_alerts_release, fake_alerts_get, fake_alerts_update};
    return table;
}

typedef struct fake_prices {
    script get_prices;
    script get_state;
    script save;
    atomic_int released;
} fake_prices;

static void fake_prices_get(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_prices *)context)->get_prices, call);
}

static void fake_prices_state(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_prices *)context)->get_state, call);
}

static void fake_prices_save(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_prices *)context)->save, call);
}

static void fake_prices_release(void *context) { atomic_fetch_add(&((fake_prices *)context)->released, 1); }

static inline gem_price_store fake_prices_table(fake_prices *p) {
    gem_price_store table = {sizeof(gem_price_store), p, fake_prices_release, fake_prices_get, fake_prices_state, fake_prices_save};
    return table;
}

typedef struct fake_port {
    script request;
    atomic_int released;
} fake_port;

static void fake_port_request(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_port *)context)->request, call);
}

static void fake_port_release(void *context) { atomic_fetch_add(&((fake_port *)context)->released, 1); }

static gem_http_transport fake_transport_table(fake_port *p) {
    gem_http_transport table = {sizeof(gem_http_transport), p, fake_port_release, fake_port_request};
    return table;
}

static gem_notification_permissions fake_permissions_table(fake_port *p) {
    gem_notification_permissions table = {sizeof(gem_notification_permissions), p, fake_port_release, fake_port_request};
    return table;
}

/* ---- the chain stores: node, asset and balance stores, one script per method ---- */

typedef struct fake_chain_stores {
    script get_nodes, update_nodes, get_selections, set_selection;
    script get_assets, add_assets, get_wallet_assets, update_wallet_assets;
    script get_balances, update_balances;
    atomic_int released;
} fake_chain_stores;

#define CHAIN_STORE_PORT(name, field)                                                     \
    static void name(void *context, const uint8_t *args, size_t len, gem_call *call) {    \
        (void)args;                                                                      \
        (void)len;                                                                       \
        run_script(&((fake_chain_stores *)context)->field, call);                         \
    }
CHAIN_STORE_PORT(fake_get_nodes, get_nodes)
CHAIN_STORE_PORT(fake_update_nodes, update_nodes)
CHAIN_STORE_PORT(fake_get_selections, get_selections)
CHAIN_STORE_PORT(fake_set_selection, set_selection)
CHAIN_STORE_PORT(fake_get_assets, get_assets)
CHAIN_STORE_PORT(fake_add_assets, add_assets)
CHAIN_STORE_PORT(fake_get_wallet_assets, get_wallet_assets)
CHAIN_STORE_PORT(fake_update_wallet_assets, update_wallet_assets)
CHAIN_STORE_PORT(fake_get_balances, get_balances)
CHAIN_STORE_PORT(fake_update_balances, update_balances)
#undef CHAIN_STORE_PORT

static void fake_chain_stores_release(void *context) { atomic_fetch_add(&((fake_chain_stores *)context)->released, 1); }

/* Every method answers its empty value: [] for reads, null for writes. */
static void fake_chain_stores_init(fake_chain_stores *s) {
    memset(s, 0, sizeof(*s));
    script *lists[] = {&s->get_nodes, &s->get_selections, &s->get_assets, &s->get_wallet_assets, &s->get_balances};
    script *writes[] = {&s->update_nodes, &s->set_selection, &s->add_assets, &s->update_wallet_assets, &s->update_balances};
    for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) *lists[i] = (script){.how = ANSWER_OK, .answer = "[]"};
    for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) *writes[i] = (script){.how = ANSWER_OK, .answer = "null"};
}

static gem_node_store fake_node_store_table(fake_chain_stores *s) {
    gem_node_store table = {sizeof(gem_node_store), s, fake_chain_stores_release, fake_get_nodes, fake_update_nodes,
                            fake_get_selections, fake_set_selection};
    return table;
}

static gem_asset_store fake_asset_store_table(fake_chain_stores *s) {
    gem_asset_store table = {sizeof(gem_asset_store), s, fake_chain_stores_release, fake_get_assets, fake_add_assets,
                             fake_get_wallet_assets, fake_update_wallet_assets};
    return table;
}

static gem_balance_store fake_balance_store_table(fake_chain_stores *s) {
    gem_balance_store table = {sizeof(gem_balance_store), s, fake_chain_stores_release, fake_get_balances, fake_update_balances};
    return table;
}

/* ---- the stream connection: is_connected and send scripted; send keeps the last message it was given ---- */

typedef struct fake_stream {
    script is_connected, send;
    char last_sent[1024];
    atomic_int released;
} fake_stream;

static void fake_stream_is_connected(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    run_script(&((fake_stream *)context)->is_connected, call);
}

static void fake_stream_send(void *context, const uint8_t *args, size_t len, gem_call *call) {
    fake_stream *s = context;
    size_t n = len < sizeof(s->last_sent) - 1 ? len : sizeof(s->last_sent) - 1;
    memcpy(s->last_sent, args, n);
    s->last_sent[n] = '\0';
    run_script(&s->send, call);
}

static void fake_stream_release(void *context) { atomic_fetch_add(&((fake_stream *)context)->released, 1); }

static gem_stream_connection fake_stream_table(fake_stream *s) {
    gem_stream_connection table = {sizeof(gem_stream_connection), s, fake_stream_release, fake_stream_is_connected, fake_stream_send};
    return table;
}

#endif
