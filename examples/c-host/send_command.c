/*
 * gem-host's send and tx commands. send loads the confirmation (GemConfirmLoad, printed on
 * stdout), asks on the terminal unless --yes, submits (the core signs with one keystore password
 * read, broadcasts, stores the pending transaction in SQLite and asks the status port to schedule
 * its tracking), then tracks each transaction to its final state in the foreground: this host's
 * "executor" is the command itself. tx list prints a wallet's transactions as rows, tx show one
 * stored transaction.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "curl_transport.h"
#include "host.h"

/* The status port: the command tracks the ids the submit answers itself, so scheduling only acknowledges. */
static void schedule(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    (void)args;
    (void)len;
    gem_call_ok(call, (const uint8_t *)"null", 4);
}

int open_send_services(host *h) {
    gem_buffer error = {0};
    gem_transaction_store table = sqlite_transaction_table(&h->stores);
    gem_status status = gem_transactions_service_new(NULL, h->assets, &table, &h->transactions, &error);
    if (status != GEM_OK) return cli_print_buffer("transactions service", status, &error);
    release_counter_give(&h->tables, 1);
    status = gem_transaction_state_service_new("{\"interval_ms\":500,\"max_polls\":240}", h->transactions, h->nodes, h->balances,
                                               &h->tracker, &error);
    if (status != GEM_OK) return cli_print_buffer("transaction state service", status, &error);
    gem_transaction_status_port port = {
        .struct_size = sizeof(gem_transaction_status_port), .context = h, .release = NULL, .schedule = schedule};
    gem_http_transport transport = curl_transport_table();
    /* The scanner and simulation API only when --api or $GEM_API_URL names one explicitly (both fail open). */
    char *config = NULL;
    if (h->opts.api_explicit) {
        cJSON *object = cJSON_CreateObject();
        cJSON_AddStringToObject(object, "api_url", h->opts.api);
        config = cJSON_PrintUnformatted(object);
        cJSON_Delete(object);
    }
    status = gem_confirm_transfer_service_new(config, h->wallets, h->assets, h->nodes, h->transactions, config ? &transport : NULL,
                                              &port, &h->confirm, &error);
    free(config);
    if (status != GEM_OK) return cli_print_buffer("confirm service", status, &error);
    return 0;
}

void close_send_services(host *h) {
    gem_confirm_transfer_service_free(h->confirm);
    gem_transaction_state_service_free(h->tracker);
    gem_transactions_service_free(h->transactions);
    h->confirm = NULL;
    h->tracker = NULL;
    h->transactions = NULL;
}

/* "1.5" with `decimals` places as base units ("1500000"); NULL (after a message) for anything else. */
static char *base_units(const char *text, int decimals) {
    size_t len = strlen(text);
    if (len == 0 || len > 100 || decimals < 0 || decimals > 77) return NULL;
    char *digits = malloc(len + (size_t)decimals + 2);
    if (!digits) return NULL;
    size_t n = 0;
    int fraction = -1;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '.' && fraction < 0) {
            fraction = 0;
        } else if (isdigit((unsigned char)text[i])) {
            if (fraction >= 0 && ++fraction > decimals) {
                free(digits);
                return NULL;
            }
            digits[n++] = text[i];
        } else {
            free(digits);
            return NULL;
        }
    }
    for (int pad = fraction < 0 ? decimals : decimals - fraction; pad > 0; pad--) digits[n++] = '0';
    digits[n] = '\0';
    size_t skip = 0;
    while (skip + 1 < n && digits[skip] == '0') skip++;
    memmove(digits, digits + skip, n - skip + 1);
    if (n == 0) {
        free(digits);
        return NULL;
    }
    return digits;
}

/* The decimals of asset_id among the wallet's assets; -1 (after a message) when the wallet does not show it. */
static int asset_decimals(host *h, const char *wallet_id, const char *asset_id) {
    waiter w;
    waiter_init(&w);
    int decimals = -1;
    if (gem_assets_service_wallet_assets(h->assets, wallet_id, waiter_done, &w) == GEM_OK && waiter_wait(&w) == GEM_OK) {
        cJSON *assets = cJSON_Parse(w.json ? w.json : "[]");
        const cJSON *asset = NULL;
        cJSON_ArrayForEach(asset, assets) {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(asset, "id"));
            if (id && strcmp(id, asset_id) == 0) decimals = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(asset, "decimals"));
        }
        cJSON_Delete(assets);
        if (decimals < 0) fprintf(stderr, "gem-host: send: the wallet does not show %s (add a token with: gem-host asset add)\n", asset_id);
    } else {
        cli_report_error("send", w.status, w.json);
    }
    waiter_destroy(&w);
    return decimals;
}

/* Runs one command of the send flow; its answer (a copy the caller frees) or NULL after naming the error. */
static char *run(const char *what, gem_status started, waiter *w) {
    char *answer = NULL;
    if (started != GEM_OK) {
        fprintf(stderr, "gem-host: %s could not start (status %d)\n", what, (int)started);
    } else if (waiter_wait(w) == GEM_OK) {
        answer = strdup(w->json ? w->json : "null");
    } else if (w->status == GEM_ERR_CONFIRM) {
        cJSON *record = cJSON_Parse(w->json ? w->json : "{}");
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(record, "type"));
        fprintf(stderr, "gem-host: %s failed: %s (confirm, status %d) %s\n", what, type ? type : "unknown", (int)w->status,
                w->json ? w->json : "");
        cJSON_Delete(record);
    } else {
        cli_report_error(what, w->status, w->json);
    }
    waiter_destroy(w);
    return answer;
}

static int is_flag(const char *arg) {
    return strcmp(arg, "--max") == 0 || strcmp(arg, "--yes") == 0;
}

int send_command(host *h, int argc, char **argv, int at) {
    static const char *const valued[] = {"--wallet", "--asset", "--to", "--amount", "--priority", "--memo", NULL};
    const char *values[6] = {NULL};
    int max = 0, yes = 0;
    for (int i = at; i < argc; i++) {
        if (is_flag(argv[i])) {
            if (strcmp(argv[i], "--max") == 0) max = 1;
            else yes = 1;
            continue;
        }
        int known = -1;
        for (int k = 0; valued[k]; k++) {
            if (strcmp(argv[i], valued[k]) == 0) known = k;
        }
        if (known < 0 || i + 1 >= argc) {
            fprintf(stderr, "gem-host: send: unexpected %s\n", argv[i]);
            return 2;
        }
        values[known] = argv[++i];
    }
    const char *wallet = values[0], *asset = values[1], *to = values[2], *amount = values[3];
    const char *priority = values[4] ? values[4] : "normal";
    if (!asset || !to || (!amount && !max) || (amount && max)) {
        fprintf(stderr, "gem-host: send needs --asset A --to ADDRESS and --amount X or --max\n");
        return 2;
    }
    if (strcmp(priority, "slow") != 0 && strcmp(priority, "normal") != 0 && strcmp(priority, "fast") != 0) {
        fprintf(stderr, "gem-host: send: --priority is slow, normal or fast\n");
        return 2;
    }
    char *wallet_id = wallet_or_current(h, wallet, "send");
    if (!wallet_id) return 1;
    int rc = 1;
    char *units = NULL;
    char *request_text = NULL;
    char *loaded = NULL;
    char *submitted = NULL;
    int decimals = asset_decimals(h, wallet_id, asset);
    if (decimals < 0) goto done;
    if (amount && !(units = base_units(amount, decimals))) {
        fprintf(stderr, "gem-host: send: --amount %s is not a number with at most %d decimal places\n", amount, decimals);
        rc = 2;
        goto done;
    }
    cJSON *request = cJSON_CreateObject();
    cJSON *transfer = cJSON_AddObjectToObject(request, "transfer");
    cJSON_AddStringToObject(transfer, "wallet_id", wallet_id);
    cJSON_AddStringToObject(transfer, "asset_id", asset);
    cJSON_AddStringToObject(transfer, "to", to);
    cJSON_AddStringToObject(transfer, "amount", units ? units : "0");
    cJSON_AddBoolToObject(transfer, "is_max", max);
    if (values[5]) cJSON_AddStringToObject(transfer, "memo", values[5]);
    cJSON_AddStringToObject(request, "priority", priority);
    request_text = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);

    waiter w;
    waiter_init(&w);
    loaded = run("send", gem_confirm_transfer_service_load(h->confirm, request_text, waiter_done, &w), &w);
    if (!loaded) goto done;
    printf("%s\n", loaded);
    fflush(stdout);
    cJSON *load = cJSON_Parse(loaded);
    const cJSON *result = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(load, "fee"), "amount"), "error");
    if (result) {
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(result, "type"));
        fprintf(stderr, "gem-host: send: the account cannot pay it: %s\n", type ? type : "unknown");
    }
    cJSON_Delete(load);
    if (result) goto done;
    if (!yes) {
        fprintf(stderr, "Send? [y/N] ");
        char line[16] = {0};
        if (!fgets(line, sizeof(line), stdin) || (line[0] != 'y' && line[0] != 'Y')) {
            fprintf(stderr, "gem-host: send: not confirmed; nothing was sent\n");
            goto done;
        }
    }
    waiter_init(&w);
    submitted = run("send", gem_confirm_transfer_service_submit(h->confirm, request_text, waiter_done, &w), &w);
    if (!submitted) goto done;
    printf("%s\n", submitted);
    fflush(stdout);
    cJSON *answer = cJSON_Parse(submitted);
    const cJSON *id = NULL;
    rc = 0;
    cJSON_ArrayForEach(id, cJSON_GetObjectItem(answer, "transaction_ids")) {
        waiter_init(&w);
        char *tracked = run("send: tracking", gem_transaction_state_service_track(h->tracker, cJSON_GetStringValue(id), waiter_done, &w), &w);
        if (!tracked) {
            rc = 1;
            continue;
        }
        printf("%s\n", tracked);
        cJSON *final = cJSON_Parse(tracked);
        const char *state = cJSON_GetStringValue(cJSON_GetObjectItem(final, "state"));
        if (!state || strcmp(state, "confirmed") != 0) {
            fprintf(stderr, "gem-host: send: %s is %s\n", cJSON_GetStringValue(id), state ? state : "unknown");
            rc = 1;
        }
        cJSON_Delete(final);
        free(tracked);
    }
    cJSON_Delete(answer);
done:
    free(submitted);
    free(loaded);
    free(request_text);
    free(units);
    free(wallet_id);
    return rc;
}

int tx_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    const char *verb = argv[at];
    waiter w;
    waiter_init(&w);
    if (strcmp(verb, "show") == 0) {
        static const char *const none[] = {NULL};
        if (cli_check_args(argc, argv, at + 1, "tx show", none, 1) != 0) return 2;
        const char *id = cli_positional(argc, argv, at + 1, 0);
        if (!id) {
            fprintf(stderr, "gem-host: tx show needs TRANSACTION_ID\n");
            return 2;
        }
        return cli_finish("tx show", gem_transactions_service_transaction(h->transactions, id, waiter_done, &w), &w);
    }
    if (strcmp(verb, "list") != 0) return usage();
    static const char *const options[] = {"--limit", "--currency", NULL};
    if (cli_check_args(argc, argv, at + 1, "tx list", options, 1) != 0) return 2;
    char *wallet_id = wallet_or_current(h, cli_positional(argc, argv, at + 1, 0), "tx list");
    if (!wallet_id) return 1;
    const char *limit = cli_flag(argc, argv, at + 1, "--limit");
    const char *currency = cli_flag(argc, argv, at + 1, "--currency");
    cJSON *request = cJSON_CreateObject();
    cJSON_AddStringToObject(request, "wallet_id", wallet_id);
    cJSON_AddNumberToObject(request, "limit", limit ? atoi(limit) : 50);
    cJSON_AddStringToObject(request, "currency", currency ? currency : "USD");
    char *text = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    int rc = cli_finish("tx list", gem_transactions_service_rows(h->transactions, text, waiter_done, &w), &w);
    free(text);
    free(wallet_id);
    return rc;
}
