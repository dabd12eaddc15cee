/*
 * gem-host's chain commands: which node each chain uses (node), the assets a wallet shows (asset)
 * and its balances (balance). The three services are composed as the header describes: the node
 * service over the HTTP transport and the node store, the assets service over it, the wallet
 * session service and the asset store, the balance service over all three and the balance store.
 * Every answer is printed as JSON on stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "curl_transport.h"
#include "host.h"

enum { MAX_NODES_CONFIG = 1 << 20 };

/* The contents of the --nodes-file config (at most 1 MiB); NULL after a message on stderr. */
static char *read_nodes_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "gem-host: cannot open the nodes config %s\n", path);
        return NULL;
    }
    char *text = malloc(MAX_NODES_CONFIG + 1);
    size_t len = text ? fread(text, 1, MAX_NODES_CONFIG + 1, file) : 0;
    int failed = !text || ferror(file) || len > MAX_NODES_CONFIG;
    fclose(file);
    if (failed) {
        fprintf(stderr, "gem-host: cannot read the nodes config %s (at most %d bytes)\n", path, MAX_NODES_CONFIG);
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

int open_chain_services(host *h) {
    gem_buffer error = {0};
    char *config = NULL;
    if (h->opts.nodes_file) {
        config = read_nodes_file(h->opts.nodes_file);
        if (!config) return 1;
    }
    gem_http_transport transport = curl_transport_table();
    gem_node_store node_table = sqlite_node_table(&h->stores);
    gem_status status = gem_node_service_new(config ? config : h->opts.nodes, &transport, &node_table, &h->nodes, &error);
    free(config);
    if (status != GEM_OK) return cli_print_buffer("node service", status, &error);
    release_counter_give(&h->tables, 1); /* the node store (the transport has no release) */
    gem_asset_store asset_table = sqlite_asset_table(&h->stores);
    status = gem_assets_service_new(NULL, h->nodes, h->wallet_session, &asset_table, &h->assets, &error);
    if (status != GEM_OK) return cli_print_buffer("assets service", status, &error);
    release_counter_give(&h->tables, 1);
    gem_balance_store balance_table = sqlite_balance_table(&h->stores);
    status = gem_balance_service_new(NULL, h->nodes, h->assets, h->wallet_session, &balance_table, &h->balances, &error);
    if (status != GEM_OK) return cli_print_buffer("balance service", status, &error);
    release_counter_give(&h->tables, 1);
    return open_send_services(h);
}

void close_chain_services(host *h) {
    close_send_services(h);
    gem_balance_service_free(h->balances);
    gem_assets_service_free(h->assets);
    gem_node_service_free(h->nodes);
    h->balances = NULL;
    h->assets = NULL;
    h->nodes = NULL;
}

int resolve_node_selections(host *h) {
    waiter w;
    waiter_init(&w);
    gem_status started = gem_node_service_resolve_selections(h->nodes, waiter_done, &w);
    if (started != GEM_OK) {
        fprintf(stderr, "gem-host: resolving the node selections could not start (status %d)\n", (int)started);
        waiter_destroy(&w);
        return 1;
    }
    if (waiter_wait(&w) != GEM_OK) {
        int rc = cli_report_error("resolving the node selections", w.status, w.json);
        waiter_destroy(&w);
        return rc;
    }
    cJSON *cleared = cJSON_Parse(w.json ? w.json : "[]");
    const cJSON *node = NULL;
    cJSON_ArrayForEach(node, cleared) {
        const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(node, "chain"));
        const char *url = cJSON_GetStringValue(cJSON_GetObjectItem(node, "url"));
        fprintf(stderr, "gem-host: %s no longer offers the selected node %s; it uses its default node again\n",
                chain ? chain : "?", url ? url : "?");
    }
    cJSON_Delete(cleared);
    waiter_destroy(&w);
    return 0;
}

/* The GemChainNode {"chain","url"} as JSON text; the caller frees it. */
static char *node_json(const char *chain, const char *url) {
    cJSON *node = cJSON_CreateObject();
    cJSON_AddStringToObject(node, "chain", chain);
    cJSON_AddStringToObject(node, "url", url);
    char *text = cJSON_PrintUnformatted(node);
    cJSON_Delete(node);
    return text;
}

/*
 * node check: prints the check. A node that answers with the chain's network id exits 0; a wrong
 * network or an unreachable node prints the check too (it says why), the verdict on stderr, and
 * exits 1.
 */
static int node_check(host *h, const char *node) {
    waiter w;
    waiter_init(&w);
    gem_status started = gem_node_service_check(h->nodes, node, waiter_done, &w);
    if (started != GEM_OK || waiter_wait(&w) != GEM_OK) return cli_finish("node check", started, &w);
    printf("%s\n", w.json ? w.json : "null");
    cJSON *check = cJSON_Parse(w.json ? w.json : "null");
    const cJSON *verdict = cJSON_GetObjectItem(check, "status");
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(verdict, "type"));
    const char *chain = cJSON_GetStringValue(cJSON_GetObjectItem(check, "chain"));
    int rc = 0;
    if (!type || strcmp(type, "ok") != 0) {
        rc = 1;
        if (type && strcmp(type, "wrong_network") == 0) {
            const char *expected = cJSON_GetStringValue(cJSON_GetObjectItem(verdict, "expected"));
            const char *actual = cJSON_GetStringValue(cJSON_GetObjectItem(verdict, "actual"));
            fprintf(stderr, "gem-host: the node serves another network: %s is %s, the node answered %s\n", chain ? chain : "?",
                    expected ? expected : "?", actual ? actual : "?");
        } else {
            const cJSON *error = cJSON_GetObjectItem(verdict, "error");
            const char *message = cJSON_GetStringValue(cJSON_GetObjectItem(error, "message"));
            fprintf(stderr, "gem-host: the node is unreachable: %s\n", message ? message : "no message");
        }
    }
    cJSON_Delete(check);
    waiter_destroy(&w);
    return rc;
}

int node_command(host *h, int argc, char **argv, int at) {
    static const char *const no_options[] = {NULL};
    if (at >= argc) return usage();
    const char *verb = argv[at];
    int list = strcmp(verb, "list") == 0;
    static const char *const verbs[] = {"list", "add", "remove", "select", "check", NULL};
    int known = 0;
    for (const char *const *v = verbs; *v; v++) known = known || strcmp(verb, *v) == 0;
    if (!known) return usage();
    char command[32];
    snprintf(command, sizeof(command), "node %s", verb);
    if (cli_check_args(argc, argv, at + 1, command, no_options, list ? 1 : 2) != 0) return 2;
    const char *chain = cli_positional(argc, argv, at + 1, 0);
    const char *url = cli_positional(argc, argv, at + 1, 1);
    if (!chain || (!list && !url)) {
        fprintf(stderr, "gem-host: %s needs %s\n", command, list ? "CHAIN" : "CHAIN URL");
        return 2;
    }
    waiter w;
    if (list) {
        waiter_init(&w);
        return cli_finish(command, gem_node_service_nodes(h->nodes, chain, waiter_done, &w), &w);
    }
    char *node = node_json(chain, url);
    if (!node) {
        fprintf(stderr, "gem-host: out of memory\n");
        return 1;
    }
    int rc;
    if (strcmp(verb, "check") == 0) {
        rc = node_check(h, node);
    } else {
        waiter_init(&w);
        gem_status started;
        if (strcmp(verb, "add") == 0) started = gem_node_service_add(h->nodes, node, waiter_done, &w);
        else if (strcmp(verb, "remove") == 0) started = gem_node_service_remove(h->nodes, node, waiter_done, &w);
        else started = gem_node_service_select(h->nodes, node, waiter_done, &w);
        rc = cli_finish(command, started, &w);
    }
    free(node);
    return rc;
}

/*
 * The wallet a command names, or the current wallet when it names none; NULL (after a message on
 * stderr) when there is neither. The caller frees it.
 */
char *wallet_or_current(host *h, const char *id, const char *command) {
    if (id) return strdup(id);
    gem_buffer out = {0};
    gem_status status = gem_wallet_session_service_get_current_wallet_id(h->wallet_session, &out);
    if (status != GEM_OK) {
        cli_print_buffer(command, status, &out);
        return NULL;
    }
    cJSON *current = cJSON_Parse(out.data ? (const char *)out.data : "null");
    const char *value = cJSON_GetStringValue(current);
    char *copy = value ? strdup(value) : NULL;
    cJSON_Delete(current);
    gem_buffer_free(&out);
    if (!copy) fprintf(stderr, "gem-host: %s: no WALLET_ID and no current wallet; make one with: gem-host wallet create\n", command);
    return copy;
}

int asset_command(host *h, int argc, char **argv, int at) {
    static const char *const no_options[] = {NULL};
    if (at >= argc) return usage();
    const char *verb = argv[at];
    int list = strcmp(verb, "list") == 0;
    if (!list && strcmp(verb, "add") != 0 && strcmp(verb, "remove") != 0) return usage();
    char command[32];
    snprintf(command, sizeof(command), "asset %s", verb);
    if (cli_check_args(argc, argv, at + 1, command, no_options, list ? 1 : 2) != 0) return 2;
    const char *wallet = cli_positional(argc, argv, at + 1, 0);
    const char *asset = cli_positional(argc, argv, at + 1, 1);
    if (!list && !asset) {
        fprintf(stderr, "gem-host: %s needs WALLET_ID ASSET_ID\n", command);
        return 2;
    }
    char *wallet_id = wallet_or_current(h, wallet, command);
    if (!wallet_id) return 1;
    waiter w;
    waiter_init(&w);
    gem_status started;
    if (list) started = gem_assets_service_wallet_assets(h->assets, wallet_id, waiter_done, &w);
    else if (strcmp(verb, "add") == 0) started = gem_assets_service_add_token(h->assets, wallet_id, asset, waiter_done, &w);
    else started = gem_assets_service_remove_token(h->assets, wallet_id, asset, waiter_done, &w);
    int rc = cli_finish(command, started, &w);
    h->stores.progress = 0;
    free(wallet_id);
    return rc;
}

int balance_command(host *h, int argc, char **argv, int at) {
    static const char *const no_options[] = {NULL};
    if (at >= argc) return usage();
    const char *verb = argv[at];
    int refresh = strcmp(verb, "refresh") == 0;
    if (!refresh && strcmp(verb, "show") != 0) return usage();
    const char *command = refresh ? "balance refresh" : "balance show";
    static const char *const refresh_options[] = {"--progress", NULL};
    if (cli_check_args(argc, argv, at + 1, command, refresh ? refresh_options : no_options, 1) != 0) return 2;
    /* --progress yes|no: announce each chain's batch on stderr as it lands; by default only on a terminal. */
    const char *progress = cli_flag(argc, argv, at + 1, "--progress");
    if (progress && strcmp(progress, "yes") != 0 && strcmp(progress, "no") != 0) {
        fprintf(stderr, "gem-host: %s: --progress is yes or no\n", command);
        return 2;
    }
    char *wallet_id = wallet_or_current(h, cli_positional(argc, argv, at + 1, 0), command);
    if (!wallet_id) return 1;
    waiter w;
    waiter_init(&w);
    h->stores.progress = refresh && (progress ? strcmp(progress, "yes") == 0 : isatty(STDERR_FILENO));
    gem_status started = refresh ? gem_balance_service_update(h->balances, wallet_id, waiter_done, &w)
                                 : gem_balance_service_balances(h->balances, wallet_id, waiter_done, &w);
    int rc = cli_finish(command, started, &w);
    h->stores.progress = 0;
    free(wallet_id);
    return rc;
}
