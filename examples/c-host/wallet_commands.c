/*
 * gem-host's wallet and address commands. Each builds the request JSON the header documents, runs
 * the command on the wallet services and prints the answer. Requests holding a secret (a phrase,
 * a private key) and answers holding one (create, export) are wiped after use.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host.h"

enum { MAX_STDIN_SECRET = 4096 };

/* Reads a secret from stdin (for "--phrase -" and "--private-key -"), trimmed; NULL on failure. */
static char *read_stdin_secret(const char *option) {
    char *text = calloc(1, MAX_STDIN_SECRET + 1);
    if (!text) return NULL;
    size_t len = fread(text, 1, MAX_STDIN_SECRET + 1, stdin);
    if (len > MAX_STDIN_SECRET) {
        fprintf(stderr, "gem-host: %s -: stdin holds more than %d bytes\n", option, MAX_STDIN_SECRET);
        cli_free_wiping(text);
        return NULL;
    }
    text[len] = '\0';
    while (len > 0 && isspace((unsigned char)text[len - 1])) text[--len] = '\0';
    size_t start = 0;
    while (isspace((unsigned char)text[start])) start++;
    memmove(text, text + start, len - start + 1);
    return text;
}

/* The value of a secret option: the argument itself, or stdin when it is "-" (then *owned holds it). */
static const char *secret_flag(int argc, char **argv, int from, const char *name, char **owned, int *failed) {
    const char *value = cli_flag(argc, argv, from, name);
    if (!value || strcmp(value, "-") != 0) return value;
    *owned = read_stdin_secret(name);
    if (!*owned) *failed = 1;
    return *owned;
}

/* "a, b,c" as the JSON array ["a","b","c"]. */
static cJSON *chain_list(const char *text) {
    cJSON *list = cJSON_CreateArray();
    const char *at = text;
    while (*at) {
        while (*at == ',' || isspace((unsigned char)*at)) at++;
        const char *end = at;
        while (*end && *end != ',') end++;
        size_t len = (size_t)(end - at);
        while (len > 0 && isspace((unsigned char)at[len - 1])) len--;
        if (len > 0) {
            char *chain = strndup(at, len);
            if (chain) cJSON_AddItemToArray(list, cJSON_CreateString(chain));
            free(chain);
        }
        at = end;
    }
    return list;
}

static const char *const IMPORT_OPTIONS[] = {"--phrase", "--chains", "--name", "--single-chain", "--private-key", "--chain", "--address", NULL};

/*
 * The import request of gemstone.h from the options, one of:
 *   --phrase P [--chains a,b] [--name N]            multi-coin
 *   --single-chain C --phrase P [--name N]          single chain
 *   --private-key K --chain C [--name N]            private key
 *   --address A --chain C [--name N]                watch-only
 * Returns the JSON text (wipe it after use), or NULL after a message on stderr.
 */
static char *import_request(int argc, char **argv, int at, const char *command) {
    if (cli_check_args(argc, argv, at, command, IMPORT_OPTIONS, 0) != 0) return NULL;
    char *owned_phrase = NULL, *owned_key = NULL;
    int failed = 0;
    const char *phrase = secret_flag(argc, argv, at, "--phrase", &owned_phrase, &failed);
    const char *key = secret_flag(argc, argv, at, "--private-key", &owned_key, &failed);
    const char *address = cli_flag(argc, argv, at, "--address");
    const char *chain = cli_flag(argc, argv, at, "--chain");
    const char *single = cli_flag(argc, argv, at, "--single-chain");
    const char *chains = cli_flag(argc, argv, at, "--chains");
    const char *name = cli_flag(argc, argv, at, "--name");
    const char *problem = NULL;
    if (failed) problem = "cannot read the secret from stdin";
    else if ((phrase != NULL) + (key != NULL) + (address != NULL) != 1) problem = "give one of --phrase, --private-key or --address";
    else if (phrase && chain) problem = "--chain goes with --private-key or --address; a single-chain phrase takes --single-chain CHAIN";
    else if (phrase && single && chains) problem = "--chains is for a multi-coin phrase, not with --single-chain";
    else if (!phrase && (single || chains)) problem = "--single-chain and --chains go with --phrase";
    else if (!phrase && !chain) problem = key ? "--private-key needs --chain CHAIN" : "--address needs --chain CHAIN";
    cJSON *request = NULL;
    if (!problem) {
        request = cJSON_CreateObject();
        if (phrase && single) {
            cJSON_AddStringToObject(request, "type", "single");
            cJSON_AddStringToObject(request, "phrase", phrase);
            cJSON_AddStringToObject(request, "chain", single);
        } else if (phrase) {
            cJSON_AddStringToObject(request, "type", "multicoin");
            cJSON_AddStringToObject(request, "phrase", phrase);
            if (chains) cJSON_AddItemToObject(request, "chains", chain_list(chains));
        } else if (key) {
            cJSON_AddStringToObject(request, "type", "private_key");
            cJSON_AddStringToObject(request, "private_key", key);
            cJSON_AddStringToObject(request, "chain", chain);
        } else {
            cJSON_AddStringToObject(request, "type", "view");
            cJSON_AddStringToObject(request, "address", address);
            cJSON_AddStringToObject(request, "chain", chain);
        }
        if (name) cJSON_AddStringToObject(request, "name", name);
    } else {
        fprintf(stderr, "gem-host: %s: %s\n", command, problem);
    }
    char *text = request ? cJSON_PrintUnformatted(request) : NULL;
    cli_delete_wiping(request);
    cli_free_wiping(owned_phrase);
    cli_free_wiping(owned_key);
    return text;
}

static int wallet_import(host *h, int argc, char **argv, int at, const char *command, int preview) {
    char *request = import_request(argc, argv, at, command);
    if (!request) return 2;
    waiter w;
    waiter_init(&w);
    gem_status started = preview ? gem_wallet_service_preview_import(h->wallets, request, waiter_done, &w)
                                 : gem_wallet_service_import_wallet(h->wallets, request, waiter_done, &w);
    int rc = cli_finish(command, started, &w);
    cli_free_wiping(request);
    return rc;
}

static int wallet_watch(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--chain", "--address", "--name", NULL};
    if (cli_check_args(argc, argv, at, "wallet watch", options, 0) != 0) return 2;
    if (!cli_flag(argc, argv, at, "--chain") || !cli_flag(argc, argv, at, "--address")) {
        fprintf(stderr, "gem-host: wallet watch needs --chain CHAIN --address ADDRESS\n");
        return 2;
    }
    return wallet_import(h, argc, argv, at, "wallet watch", 0);
}

static int wallet_create(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--name", "--words", "--chains", NULL};
    if (cli_check_args(argc, argv, at, "wallet create", options, 0) != 0) return 2;
    cJSON *request = cJSON_CreateObject();
    const char *name = cli_flag(argc, argv, at, "--name");
    const char *words = cli_flag(argc, argv, at, "--words");
    const char *chains = cli_flag(argc, argv, at, "--chains");
    if (name) cJSON_AddStringToObject(request, "name", name);
    if (chains) cJSON_AddItemToObject(request, "chains", chain_list(chains));
    if (words) {
        char *end = NULL;
        long count = strtol(words, &end, 10);
        if (end == words || *end != '\0') {
            fprintf(stderr, "gem-host: wallet create: --words takes 12 or 24, not '%s'\n", words);
            cJSON_Delete(request);
            return 2;
        }
        cJSON_AddNumberToObject(request, "word_count", (double)count); /* the core checks the count */
    }
    char *text = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    waiter w;
    waiter_init(&w);
    int rc = cli_finish("wallet create", gem_wallet_service_create_wallet(h->wallets, text, waiter_done, &w), &w);
    free(text);
    return rc;
}

/* The current wallet's record; with require != 0, no wallet is an error rather than null. */
static int wallet_show_current(host *h, const char *command, int require) {
    waiter w;
    waiter_init(&w);
    gem_status started = gem_wallet_session_service_get_current_wallet(h->wallet_session, waiter_done, &w);
    if (started == GEM_OK && require && waiter_wait(&w) == GEM_OK && w.json && strcmp(w.json, "null") == 0) {
        fprintf(stderr, "gem-host: %s: there is no wallet yet; make one with: gem-host wallet create\n", command);
        waiter_destroy(&w);
        return 1;
    }
    return cli_finish(command, started, &w);
}

/* Runs a command that takes one wallet id (and, for rename, a name). */
static int wallet_by_id(host *h, int argc, char **argv, int at, const char *verb) {
    static const char *const no_options[] = {NULL};
    int rename = strcmp(verb, "rename") == 0;
    int optional_id = strcmp(verb, "show") == 0 || strcmp(verb, "current") == 0;
    char command[64];
    snprintf(command, sizeof(command), "wallet %s", verb);
    if (cli_check_args(argc, argv, at, command, no_options, rename ? 2 : 1) != 0) return 2;
    const char *id = cli_positional(argc, argv, at, 0);
    const char *name = cli_positional(argc, argv, at, 1);
    if (!id && optional_id) return wallet_show_current(h, command, strcmp(verb, "show") == 0);
    if (!id || (rename && !name)) {
        fprintf(stderr, "gem-host: %s needs %s\n", command, rename ? "WALLET_ID NAME" : "WALLET_ID");
        return 2;
    }
    waiter w;
    waiter_init(&w);
    gem_status started;
    if (strcmp(verb, "show") == 0) started = gem_wallet_session_service_require_wallet(h->wallet_session, id, waiter_done, &w);
    else if (rename) started = gem_wallet_service_rename_wallet(h->wallets, id, name, waiter_done, &w);
    else if (strcmp(verb, "pin") == 0) started = gem_wallet_service_set_pinned(h->wallets, id, 1, waiter_done, &w);
    else if (strcmp(verb, "unpin") == 0) started = gem_wallet_service_set_pinned(h->wallets, id, 0, waiter_done, &w);
    else if (strcmp(verb, "delete") == 0) started = gem_wallet_service_delete_wallet(h->wallets, id, waiter_done, &w);
    else if (strcmp(verb, "export") == 0) started = gem_wallet_service_export_secret(h->wallets, id, waiter_done, &w);
    else started = gem_wallet_service_set_current_wallet_id(h->wallets, id, waiter_done, &w);
    return cli_finish(command, started, &w);
}

int wallet_command(host *h, int argc, char **argv, int at) {
    if (at >= argc) return usage();
    const char *verb = argv[at];
    if (strcmp(verb, "create") == 0) return wallet_create(h, argc, argv, at + 1);
    if (strcmp(verb, "import") == 0) return wallet_import(h, argc, argv, at + 1, "wallet import", 0);
    if (strcmp(verb, "preview") == 0) return wallet_import(h, argc, argv, at + 1, "wallet preview", 1);
    if (strcmp(verb, "watch") == 0) return wallet_watch(h, argc, argv, at + 1);
    if (strcmp(verb, "list") == 0) {
        static const char *const no_options[] = {NULL};
        if (cli_check_args(argc, argv, at + 1, "wallet list", no_options, 0) != 0) return 2;
        waiter w;
        waiter_init(&w);
        return cli_finish("wallet list", gem_wallet_session_service_get_wallets(h->wallet_session, waiter_done, &w), &w);
    }
    static const char *const by_id[] = {"show", "rename", "pin", "unpin", "delete", "export", "current", NULL};
    for (const char *const *known = by_id; *known; known++) {
        if (strcmp(verb, *known) == 0) return wallet_by_id(h, argc, argv, at + 1, verb);
    }
    return usage();
}

/*
 * address validate --chain CHAIN ADDRESS: prints the core's answer. A valid address exits 0; a
 * rejected one prints the answer too (it says why), the reason on stderr, and exits 1.
 */
int address_command(int argc, char **argv, int at) {
    static const char *const options[] = {"--chain", NULL};
    if (at >= argc || strcmp(argv[at], "validate") != 0) return usage();
    if (cli_check_args(argc, argv, at + 1, "address validate", options, 1) != 0) return 2;
    const char *chain = cli_flag(argc, argv, at + 1, "--chain");
    const char *address = cli_positional(argc, argv, at + 1, 0);
    if (!chain || !address) {
        fprintf(stderr, "gem-host: address validate needs --chain CHAIN ADDRESS\n");
        return 2;
    }
    gem_buffer out = {0};
    gem_status status = gem_address_validate(chain, address, &out);
    if (status != GEM_OK) return cli_print_buffer("address validate", status, &out);
    printf("%s\n", (const char *)out.data);
    cJSON *answer = cJSON_Parse((const char *)out.data);
    const cJSON *error = cJSON_GetObjectItem(answer, "error");
    int rc = 0;
    if (error) {
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(error, "type"));
        const char *message = cJSON_GetStringValue(cJSON_GetObjectItem(error, "message"));
        fprintf(stderr, "gem-host: not a valid %s address: %s (%s)\n", chain, message ? message : "no message",
                type ? type : "unknown");
        rc = 1;
    }
    cJSON_Delete(answer);
    gem_buffer_free(&out);
    return rc;
}
