/*
 * gem-host's price commands: prices sync|tick|show and currency list|set, over the price and currency
 * services (GemPriceService, GemCurrencyService) and the SQLite price store (price_store.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "curl_transport.h"
#include "host.h"
#include "waiter.h"

int open_price_services(host *h) {
    gem_buffer error = {0};
    gem_http_transport transport = curl_transport_table();
    gem_price_store table = sqlite_price_table(&h->stores);
    cJSON *config = cJSON_CreateObject();
    cJSON_AddStringToObject(config, "api_url", h->opts.api);
    char *config_json = cJSON_PrintUnformatted(config);
    cJSON_Delete(config);
    gem_status status = gem_price_service_new(config_json, &transport, h->preferences, &table, &h->prices, &error);
    free(config_json);
    if (status != GEM_OK) return cli_print_buffer("price service", status, &error);
    release_counter_give(&h->tables, 1);
    status = gem_currency_service_new(h->preferences, h->prices, &h->currencies, &error);
    if (status != GEM_OK) return cli_print_buffer("currency service", status, &error);
    status = gem_wallet_home_service_new(h->prices, &h->home, &error);
    if (status != GEM_OK) return cli_print_buffer("wallet home service", status, &error);
    return 0;
}

void close_price_services(host *h) {
    gem_wallet_home_service_free(h->home);
    gem_currency_service_free(h->currencies);
    gem_price_service_free(h->prices);
    h->home = NULL;
    h->currencies = NULL;
    h->prices = NULL;
}

/* The asset ids argv[at…] as a JSON array; NULL when there are none. */
static char *asset_ids(int argc, char **argv, int at) {
    if (at >= argc) return NULL;
    cJSON *ids = cJSON_CreateArray();
    for (int i = at; i < argc; i++) cJSON_AddItemToArray(ids, cJSON_CreateString(argv[i]));
    char *text = cJSON_PrintUnformatted(ids);
    cJSON_Delete(ids);
    return text;
}

/* The whole of `path` ("-": stdin) as a NUL-terminated string, at most 4 MiB; NULL on failure. */
static char *read_all(const char *path) {
    FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!file) return NULL;
    size_t cap = 4u << 20, len = 0;
    char *text = malloc(cap + 1);
    if (text) {
        size_t n;
        while (len < cap && (n = fread(text + len, 1, cap - len, file)) > 0) len += n;
        text[len] = '\0';
    }
    if (file != stdin) fclose(file);
    return text;
}

/* prices show ID…: {"conversion":…,"prices":[…]}: the stored prices and the currency they read in. */
static int prices_show(host *h, const char *ids) {
    waiter w;
    waiter_init(&w);
    gem_status started = gem_price_service_get_price_state(h->prices, waiter_done, &w);
    if (started != GEM_OK || waiter_wait(&w) != GEM_OK) return cli_finish("prices show", started, &w);
    cJSON *result = cJSON_CreateObject();
    cJSON *state = cJSON_Parse(w.json ? w.json : "{}");
    cJSON *conversion = state ? cJSON_DetachItemFromObject(state, "conversion") : NULL;
    cJSON_AddItemToObject(result, "conversion", conversion ? conversion : cJSON_CreateNull());
    cJSON_Delete(state);
    waiter_destroy(&w);
    waiter_init(&w);
    started = gem_price_service_get_prices(h->prices, ids, waiter_done, &w);
    if (started != GEM_OK || waiter_wait(&w) != GEM_OK) {
        cJSON_Delete(result);
        return cli_finish("prices show", started, &w);
    }
    cJSON *prices = cJSON_Parse(w.json ? w.json : "[]");
    cJSON_AddItemToObject(result, "prices", prices ? prices : cJSON_CreateArray());
    waiter_destroy(&w);
    char *printed = cJSON_PrintUnformatted(result);
    cJSON_Delete(result);
    if (printed) puts(printed);
    free(printed);
    return printed ? 0 : 1;
}

int prices_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    const char *verb = argv[at];
    waiter w;
    if (strcmp(verb, "sync") == 0 || strcmp(verb, "show") == 0) {
        char *ids = asset_ids(argc, argv, at + 1);
        if (!ids) return usage();
        int rc;
        if (strcmp(verb, "show") == 0) {
            rc = prices_show(h, ids);
        } else {
            waiter_init(&w);
            rc = cli_finish("prices sync", gem_price_service_sync_prices(h->prices, ids, waiter_done, &w), &w);
        }
        free(ids);
        return rc;
    }
    if (strcmp(verb, "tick") == 0) {
        if (at + 1 >= argc) return usage();
        char *payload = read_all(argv[at + 1]);
        if (!payload) {
            fprintf(stderr, "gem-host: cannot read %s\n", argv[at + 1]);
            return 1;
        }
        waiter_init(&w);
        int rc = cli_finish("prices tick", gem_price_service_apply_tick(h->prices, payload, waiter_done, &w), &w);
        free(payload);
        return rc;
    }
    return usage();
}

int currency_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    if (strcmp(argv[at], "list") == 0) {
        gem_buffer out = {0};
        return cli_print_buffer("currency list", gem_currency_service_currencies(h->currencies, &out), &out);
    }
    if (strcmp(argv[at], "set") == 0 && at + 1 < argc) {
        waiter w;
        waiter_init(&w);
        return cli_finish("currency set", gem_currency_service_set_currency(h->currencies, argv[at + 1], waiter_done, &w), &w);
    }
    return usage();
}

/* Runs one async call and answers its JSON parsed (NULL after printing the failure). */
static cJSON *call_json(const char *what, gem_status started, waiter *w) {
    if (started != GEM_OK || waiter_wait(w) != GEM_OK) {
        cli_finish(what, started, w);
        return NULL;
    }
    cJSON *value = cJSON_Parse(w->json ? w->json : "null");
    waiter_destroy(w);
    return value;
}

/*
 * home [--refresh] [WALLET_ID]: the wallet's home (GemWalletHome) from its assets and stored balances
 * (GemAssetData composed here from the store reads, as an app's query would) and the stored prices;
 * --refresh syncs the prices first (a failed sync keeps the home the core answers from the store).
 */
int home_command(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--refresh", NULL};
    if (cli_check_args(argc, argv, at, "home", options, 1) != 0) return 2;
    const char *refresh = cli_flag(argc, argv, at, "--refresh");
    if (refresh && strcmp(refresh, "yes") != 0 && strcmp(refresh, "no") != 0) {
        fprintf(stderr, "gem-host: home: --refresh is yes or no\n");
        return 2;
    }
    char *wallet_id = wallet_or_current(h, cli_positional(argc, argv, at, 0), "home");
    if (!wallet_id) return 1;
    waiter w;
    waiter_init(&w);
    cJSON *assets = call_json("home", gem_assets_service_wallet_assets(h->assets, wallet_id, waiter_done, &w), &w);
    waiter_init(&w);
    cJSON *balances = assets ? call_json("home", gem_balance_service_balances(h->balances, wallet_id, waiter_done, &w), &w) : NULL;
    free(wallet_id);
    if (!assets || !balances) {
        cJSON_Delete(assets);
        cJSON_Delete(balances);
        return 1;
    }
    cJSON *request = cJSON_CreateObject();
    cJSON *data = cJSON_AddArrayToObject(request, "assets");
    cJSON *asset = NULL;
    cJSON_ArrayForEach(asset, assets) {
        cJSON *item = cJSON_CreateObject();
        cJSON_AddItemToObject(item, "asset", cJSON_Duplicate(asset, 1));
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(asset, "id"));
        cJSON *balance = NULL;
        cJSON_ArrayForEach(balance, balances) {
            const char *balance_id = cJSON_GetStringValue(cJSON_GetObjectItem(balance, "asset_id"));
            if (id && balance_id && strcmp(id, balance_id) == 0) {
                cJSON_AddItemToObject(item, "balance", cJSON_Duplicate(balance, 1));
                break;
            }
        }
        cJSON_AddBoolToObject(item, "is_enabled", 1);
        cJSON_AddItemToArray(data, item);
    }
    cJSON_Delete(assets);
    cJSON_Delete(balances);
    char *text = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    waiter_init(&w);
    gem_status started = refresh && strcmp(refresh, "yes") == 0 ? gem_wallet_home_service_refresh(h->home, text, waiter_done, &w)
                                                             : gem_wallet_home_service_load(h->home, text, waiter_done, &w);
    int rc = cli_finish("home", started, &w);
    free(text);
    return rc;
}
