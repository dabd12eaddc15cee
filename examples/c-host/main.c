/*
 * gem-host: a C front end of libgemstone. It is the composition root: it opens its SQLite
 * database, builds the port tables (stores over SQLite, the keystore password from a file only
 * its owner may read, HTTP over libcurl, a permission answer from a flag), hands them to the
 * core's services, and prints each answer as JSON on stdout. Before a node, asset or balance
 * command it re-resolves the stored node selections. Errors go to stderr with a non-zero exit
 * status (2 for a usage error).
 */
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <gemstone.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "curl_transport.h"
#include "host.h"
#include "waiter.h"

int usage(void) {
    fprintf(stderr,
            "usage: gem-host [--db FILE] [--api URL] [--permission grant|deny]\n"
            "                [--kdf-memory-kib KIB] [--kdf-iterations N] [--nodes JSON | --nodes-file FILE] COMMAND\n"
            "  version\n"
            "  prefs show | prefs set [--currency CODE] [--device-id ID]\n"
            "  alerts list [--asset ID] [--locale L]                     --locale adds each price as L reads it\n"
            "  alerts add --asset ID [--currency CODE] [--price P] [--percent X] [--direction up|down]\n"
            "  alerts delete ID...\n"
            "  alerts sync [--asset ID]\n"
            "  alerts enable | alerts disable | alerts status\n"
            "  wallet create [--name N] [--words 12|24] [--chains a,b]   prints the new phrase once, for backup\n"
            "  wallet import --phrase P [--chains a,b] [--name N]        a multi-coin wallet\n"
            "  wallet import --single-chain CHAIN --phrase P [--name N]\n"
            "  wallet import --private-key KEY --chain CHAIN [--name N]\n"
            "  wallet watch --chain CHAIN --address ADDRESS [--name N]\n"
            "  wallet preview ...                                        import's options; writes nothing\n"
            "  wallet list | wallet show [ID] | wallet current [ID]\n"
            "  wallet rename ID NAME | wallet pin ID | wallet unpin ID | wallet delete ID\n"
            "  wallet export ID                                          prints the wallet's secret\n"
            "  address validate --chain CHAIN ADDRESS                    exits 1 when the address is rejected\n"
            "  node list CHAIN | node add CHAIN URL | node remove CHAIN URL | node select CHAIN URL\n"
            "  node check CHAIN URL                                      exits 1 for a wrong network or an unreachable node\n"
            "  asset list [WALLET_ID] | asset add WALLET_ID ASSET_ID | asset remove WALLET_ID ASSET_ID\n"
            "  balance refresh [WALLET_ID] | balance show [WALLET_ID]    (no WALLET_ID: the current wallet)\n"
            "  send [--wallet W] --asset A --to ADDRESS (--amount X | --max) [--priority slow|normal|fast] [--memo M] [--yes]\n"
            "                                                            prints the confirmation, asks, submits, tracks to final\n"
            "  tx list [WALLET_ID] [--limit N] [--currency CODE] | tx show TRANSACTION_ID\n"
            "  prices sync ASSET_ID... | prices show ASSET_ID...         USD prices from the API, kept in the currency\n"
            "  prices tick FILE|-                                        commit one price-stream tick (its JSON payload)\n"
            "  currency list | currency set CODE                         select the currency; stored prices repriced\n"
            "  chart --asset ID --period hour|day|week|month|quarter|year|all [--currency C] [--zoom S] [--pan D]\n"
            "                                                            the chart screen's view state (GemChartView)\n"
            "  home [--refresh yes|no] [WALLET_ID]                       the wallet's total, change and asset rows\n"
            "  receive --chain CHAIN [--format qr|json]                  the current wallet's address, as a QR code\n"
            "  sign-message --wallet W --chain C --kind K --message M    prints the preview rows, then the signature\n"
            "               [--encoding text|hex|base58] [--app-name N] [--app-url U] [--preview-only yes]\n"
            "               (K: eip191 eip712 solana sui tron ton_proof cosmos_adr036 bitcoin_bip137; M - reads stdin)\n"
            "  format currency --value V --code USD [--style currency|fiat|abbreviated] [--signed yes] [--locale L]\n"
            "  format amount --value V [--symbol BTC] [--style full|short|auto] [--locale L]\n"
            "                                                            a number as a person reads it ($LANG's locale)\n"
            "  --db defaults to gem.db; its keystore secret is FILE.secret (mode 0600).\n"
            "  --api defaults to $GEM_API_URL or http://127.0.0.1:8088; send scans and simulates through it only when one is named.\n"
            "  --kdf-*: the Argon2id cost of new keystore records (default: the core's).\n"
            "  --nodes: the node service's config, {\"timeout_ms\":30000,\"nodes\":{\"ethereum\":[\"http://127.0.0.1:8545\"]}}\n"
            "    (nodes replaces the built-in nodes of the chains it names); --nodes-file reads it from FILE.\n"
            "  --phrase - and --private-key - read the secret from stdin (it stays out of ps and history).\n");
    return 2;
}

static void permission_request(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)args;
    (void)len;
    const options *opts = context;
    const char *answer = opts->permission ? "true" : "false";
    gem_call_ok(call, (const uint8_t *)answer, strlen(answer));
}

static int ensure_device_id(host *h) {
    gem_buffer out = {0};
    if (gem_preferences_service_get(h->preferences, &out) != GEM_OK) return cli_print_buffer("prefs", GEM_ERR_INTERNAL, &out);
    cJSON *prefs = cJSON_Parse((const char *)out.data);
    int has = cJSON_GetStringValue(cJSON_GetObjectItem(prefs, "device_id")) != NULL;
    cJSON_Delete(prefs);
    gem_buffer_free(&out);
    if (has) return 0;
    unsigned char bytes[16];
    FILE *random = fopen("/dev/urandom", "rb");
    if (!random || fread(bytes, 1, sizeof(bytes), random) != sizeof(bytes)) {
        if (random) fclose(random);
        fprintf(stderr, "gem-host: cannot read /dev/urandom\n");
        return 1;
    }
    fclose(random);
    char patch[64] = "{\"device_id\":\"";
    size_t at = strlen(patch);
    for (size_t i = 0; i < sizeof(bytes); i++) at += (size_t)snprintf(patch + at, sizeof(patch) - at, "%02x", bytes[i]);
    snprintf(patch + at, sizeof(patch) - at, "\"}");
    gem_status status = gem_preferences_service_update(h->preferences, patch, &out);
    if (status != GEM_OK) return cli_print_buffer("set device id", status, &out);
    gem_buffer_free(&out);
    return 0;
}

/* The wallet service's config: the Argon2id cost of new keystore records, when the options set it. */
static char *wallet_config(const options *opts) {
    if (!opts->kdf_memory_kib && !opts->kdf_iterations) return NULL;
    cJSON *config = cJSON_CreateObject();
    /* Numbers are passed through as typed: the core checks them. */
    if (opts->kdf_memory_kib) cJSON_AddRawToObject(config, "kdf_memory_kib", opts->kdf_memory_kib);
    if (opts->kdf_iterations) cJSON_AddRawToObject(config, "kdf_iterations", opts->kdf_iterations);
    char *text = cJSON_PrintUnformatted(config);
    cJSON_Delete(config);
    return text;
}

static int open_wallet_services(host *h) {
    gem_buffer error = {0};
    gem_wallet_store wallet_table = sqlite_wallet_table(&h->stores);
    gem_wallet_session_store session_table = sqlite_wallet_session_table(&h->stores);
    gem_secure_store keystore_table = sqlite_keystore_table(&h->stores);
    gem_keystore_password password_table = password_file_table(&h->password);
    gem_status status = gem_wallet_session_service_new(NULL, &wallet_table, &session_table, &h->wallet_session, &error);
    if (status != GEM_OK) return cli_print_buffer("wallet session service", status, &error);
    release_counter_give(&h->tables, 2);
    char *config = wallet_config(&h->opts);
    status = gem_wallet_service_new(config, &wallet_table, &session_table, &keystore_table, &password_table, &h->wallets, &error);
    free(config);
    if (status != GEM_OK) return cli_print_buffer("wallet service", status, &error);
    release_counter_give(&h->tables, 4);
    return open_chain_services(h);
}

static int host_open(host *h) {
    release_counter_init(&h->tables);
    if (sqlite_stores_open(&h->stores, h->opts.db, &h->tables) != 0) return 1;
    if (password_file_init(&h->password, h->opts.db, &h->stores, &h->tables) != 0) return 1;
    gem_buffer error = {0};
    gem_preferences_store prefs_table = sqlite_preferences_table(&h->stores);
    gem_status status = gem_preferences_service_new(&prefs_table, &h->preferences, &error);
    if (status != GEM_OK) return cli_print_buffer("preferences service", status, &error);
    release_counter_give(&h->tables, 1);
    if (ensure_device_id(h) != 0) return 1;

    gem_http_transport transport = curl_transport_table();
    gem_price_alert_store alert_table = sqlite_price_alert_table(&h->stores);
    gem_notification_permissions permissions = {
        .struct_size = sizeof(gem_notification_permissions),
        .context = &h->opts,
        .release = NULL,
        .request = permission_request,
    };
    cJSON *config = cJSON_CreateObject();
    cJSON_AddStringToObject(config, "api_url", h->opts.api);
    char *config_json = cJSON_PrintUnformatted(config);
    cJSON_Delete(config);
    status = gem_price_alert_service_new(config_json, &transport, h->preferences, &alert_table, &permissions, &h->alerts, &error);
    free(config_json);
    if (status != GEM_OK) return cli_print_buffer("price alert service", status, &error);
    release_counter_give(&h->tables, 1);
    if (open_price_services(h) != 0) return 1;
    return open_wallet_services(h);
}

/*
 * Frees the services, then waits until the core has released every table before closing the
 * database they point to. If a release never comes, the database is left open (the process is
 * exiting) rather than pulled from under a core thread.
 */
static void host_close(host *h) {
    close_chain_services(h);
    close_price_services(h);
    gem_wallet_service_free(h->wallets);
    gem_wallet_session_service_free(h->wallet_session);
    gem_price_alert_service_free(h->alerts);
    gem_preferences_service_free(h->preferences);
    h->wallets = NULL;
    h->wallet_session = NULL;
    h->alerts = NULL;
    h->preferences = NULL;
    if (release_counter_wait(&h->tables, 10000) != 0) {
        fprintf(stderr, "gem-host: the core still holds a store table; leaving the database open\n");
        return;
    }
    sqlite_stores_close(&h->stores);
    password_file_destroy(&h->password);
    release_counter_destroy(&h->tables);
}

static int prefs_command(host *h, int argc, char **argv, int at) {
    gem_buffer out = {0};
    if (at < argc && strcmp(argv[at], "show") == 0) {
        return cli_print_buffer("prefs show", gem_preferences_service_get(h->preferences, &out), &out);
    }
    if (at < argc && strcmp(argv[at], "set") == 0) {
        cJSON *patch = cJSON_CreateObject();
        const char *currency = cli_flag(argc, argv, at + 1, "--currency");
        const char *device = cli_flag(argc, argv, at + 1, "--device-id");
        if (currency) cJSON_AddStringToObject(patch, "currency", currency);
        if (device) cJSON_AddStringToObject(patch, "device_id", device);
        char *text = cJSON_PrintUnformatted(patch);
        cJSON_Delete(patch);
        int rc = cli_print_buffer("prefs set", gem_preferences_service_update(h->preferences, text, &out), &out);
        free(text);
        return rc;
    }
    return usage();
}

static int alerts_add(host *h, int argc, char **argv, int at) {
    const char *asset = cli_flag(argc, argv, at, "--asset");
    if (!asset) {
        fprintf(stderr, "gem-host: alerts add needs --asset ID\n");
        return 2;
    }
    cJSON *alert = cJSON_CreateObject();
    cJSON_AddStringToObject(alert, "asset_id", asset);
    const char *currency = cli_flag(argc, argv, at, "--currency");
    char *stored_currency = NULL;
    if (!currency) {
        gem_buffer out = {0};
        if (gem_preferences_service_get(h->preferences, &out) == GEM_OK) {
            cJSON *prefs = cJSON_Parse((const char *)out.data);
            const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(prefs, "currency"));
            if (value) stored_currency = strdup(value);
            cJSON_Delete(prefs);
        }
        gem_buffer_free(&out);
    }
    cJSON_AddStringToObject(alert, "currency", currency ? currency : (stored_currency ? stored_currency : "USD"));
    free(stored_currency);
    const char *price = cli_flag(argc, argv, at, "--price");
    const char *percent = cli_flag(argc, argv, at, "--percent");
    const char *direction = cli_flag(argc, argv, at, "--direction");
    /* Numbers are passed through as typed: the core validates them. */
    if (price) cJSON_AddRawToObject(alert, "price", price);
    if (percent) cJSON_AddRawToObject(alert, "price_percent_change", percent);
    if (direction) cJSON_AddStringToObject(alert, "price_direction", direction);
    char *text = cJSON_PrintUnformatted(alert);
    cJSON_Delete(alert);
    waiter w;
    waiter_init(&w);
    int rc = cli_finish("alerts add", gem_price_alert_service_add(h->alerts, text, waiter_done, &w), &w);
    free(text);
    return rc;
}

/* alerts list --locale L: the alerts, each price also as the locale reads it ("price_text"). */
static int alerts_list_for_people(gem_status started, waiter *w, const char *locale) {
    if (started != GEM_OK || waiter_wait(w) != GEM_OK) return cli_finish("alerts list", started, w);
    cJSON *alerts = cJSON_Parse(w->json ? w->json : "[]");
    waiter_destroy(w);
    cJSON *alert = NULL;
    cJSON_ArrayForEach(alert, alerts) {
        const cJSON *price = cJSON_GetObjectItem(alert, "price");
        const char *currency = cJSON_GetStringValue(cJSON_GetObjectItem(alert, "currency"));
        char text[256];
        if (cJSON_IsNumber(price) && currency && format_currency_text(price->valuedouble, currency, locale, text, sizeof(text)) == 0) {
            cJSON_AddStringToObject(alert, "price_text", text);
        }
    }
    char *printed = alerts ? cJSON_PrintUnformatted(alerts) : NULL;
    if (printed) printf("%s\n", printed);
    cJSON_free(printed);
    cJSON_Delete(alerts);
    return printed ? 0 : 1;
}

static int alerts_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    const char *verb = argv[at];
    waiter w;
    waiter_init(&w);
    if (strcmp(verb, "list") == 0) {
        gem_status started = gem_price_alert_service_get_price_alerts(h->alerts, cli_flag(argc, argv, at + 1, "--asset"), waiter_done, &w);
        const char *locale = cli_flag(argc, argv, at + 1, "--locale");
        if (!locale) return cli_finish("alerts list", started, &w);
        return alerts_list_for_people(started, &w, locale);
    }
    if (strcmp(verb, "sync") == 0) {
        return cli_finish("alerts sync", gem_price_alert_service_sync(h->alerts, cli_flag(argc, argv, at + 1, "--asset"), waiter_done, &w), &w);
    }
    if (strcmp(verb, "enable") == 0 || strcmp(verb, "disable") == 0) {
        int enable = strcmp(verb, "enable") == 0;
        return cli_finish(enable ? "alerts enable" : "alerts disable", gem_price_alert_service_set_enabled(h->alerts, enable, waiter_done, &w), &w);
    }
    waiter_destroy(&w);
    if (strcmp(verb, "status") == 0) {
        gem_buffer out = {0};
        return cli_print_buffer("alerts status", gem_price_alert_service_is_enabled(h->alerts, &out), &out);
    }
    if (strcmp(verb, "add") == 0) return alerts_add(h, argc, argv, at + 1);
    if (strcmp(verb, "delete") == 0) {
        if (at + 1 >= argc) return usage();
        cJSON *ids = cJSON_CreateArray();
        for (int i = at + 1; i < argc; i++) cJSON_AddItemToArray(ids, cJSON_CreateString(argv[i]));
        char *text = cJSON_PrintUnformatted(ids);
        cJSON_Delete(ids);
        waiter_init(&w);
        int rc = cli_finish("alerts delete", gem_price_alert_service_delete(h->alerts, text, waiter_done, &w), &w);
        free(text);
        return rc;
    }
    return usage();
}

int main(int argc, char **argv) {
    host h;
    memset(&h, 0, sizeof(h));
    h.opts.db = "gem.db";
    h.opts.api = getenv("GEM_API_URL") ? getenv("GEM_API_URL") : "http://127.0.0.1:8088";
    h.opts.api_explicit = getenv("GEM_API_URL") != NULL;
    h.opts.permission = 1;
    int at = 1;
    while (at < argc && strncmp(argv[at], "--", 2) == 0) {
        if (at + 1 >= argc) return usage();
        if (strcmp(argv[at], "--db") == 0) h.opts.db = argv[at + 1];
        else if (strcmp(argv[at], "--api") == 0) {
            h.opts.api = argv[at + 1];
            h.opts.api_explicit = 1;
        }
        else if (strcmp(argv[at], "--permission") == 0) h.opts.permission = strcmp(argv[at + 1], "grant") == 0;
        else if (strcmp(argv[at], "--kdf-memory-kib") == 0) h.opts.kdf_memory_kib = argv[at + 1];
        else if (strcmp(argv[at], "--kdf-iterations") == 0) h.opts.kdf_iterations = argv[at + 1];
        else if (strcmp(argv[at], "--nodes") == 0) h.opts.nodes = argv[at + 1];
        else if (strcmp(argv[at], "--nodes-file") == 0) h.opts.nodes_file = argv[at + 1];
        else return usage();
        at += 2;
    }
    if (at >= argc) return usage();
    if (strcmp(argv[at], "version") == 0) {
        printf("{\"abi_version\":%u,\"header_abi_version\":%d,\"version\":\"%s\",\"header_version\":\"%s\"}\n",
               gem_abi_version(), GEM_ABI_VERSION, gem_version(), GEM_VERSION);
        return gem_abi_version() == GEM_ABI_VERSION ? 0 : 1;
    }
    if (gem_abi_version() != GEM_ABI_VERSION) {
        fprintf(stderr, "gem-host: libgemstone ABI %u, header %d\n", gem_abi_version(), GEM_ABI_VERSION);
        return 1;
    }
    const char *group = argv[at];
    if (strcmp(group, "address") == 0) return address_command(argc, argv, at + 1); /* pure: no database */
    if (strcmp(group, "format") == 0) return format_command(argc, argv, at + 1);   /* pure: no database */
    static const char *const groups[] = {"prefs", "alerts", "wallet", "node", "asset", "balance", "receive", "send", "tx",
                                         "sign-message", "prices", "currency", "home", "chart", NULL};
    int known = 0;
    for (const char *const *g = groups; *g; g++) known = known || strcmp(group, *g) == 0;
    if (!known) return usage();
    if (h.opts.nodes && h.opts.nodes_file) {
        fprintf(stderr, "gem-host: give --nodes or --nodes-file, not both\n");
        return 2;
    }
    int chains = strcmp(group, "node") == 0 || strcmp(group, "asset") == 0 || strcmp(group, "balance") == 0 ||
                 strcmp(group, "send") == 0 || strcmp(group, "tx") == 0;
    umask(077); /* the database and the keystore secret are for this user only */
    curl_global_init(CURL_GLOBAL_DEFAULT);
    int rc = host_open(&h);
    if (rc == 0 && chains) rc = resolve_node_selections(&h);
    if (rc == 0) {
        if (strcmp(group, "prefs") == 0) rc = prefs_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "alerts") == 0) rc = alerts_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "wallet") == 0) rc = wallet_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "receive") == 0) rc = receive_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "sign-message") == 0) rc = sign_message_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "prices") == 0) rc = prices_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "currency") == 0) rc = currency_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "home") == 0) rc = home_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "chart") == 0) rc = chart_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "node") == 0) rc = node_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "asset") == 0) rc = asset_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "send") == 0) rc = send_command(&h, argc, argv, at + 1);
        else if (strcmp(group, "tx") == 0) rc = tx_command(&h, argc, argv, at + 1);
        else rc = balance_command(&h, argc, argv, at + 1);
    }
    host_close(&h);
    curl_transport_shutdown();
    curl_global_cleanup();
    return rc;
}
