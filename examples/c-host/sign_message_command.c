/*
 * gem-host sign-message --wallet W --chain C --kind K --message M [--encoding text|hex|base58]
 *                       [--app-name N] [--app-url U] [--preview-only yes]
 * Prints the confirmation screen's rows (GemSignMessagePreview) as one JSON line, then signs with the
 * wallet's key inside the core (the keystore password file is read once) and prints the
 * GemSignMessageSignature as a second JSON line. --message - reads the message from stdin (typed
 * data is long). The core checks everything: this file only builds the request and prints answers.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host.h"
#include "waiter.h"

/* Reads stdin whole (at most `cap` bytes, one more to notice a longer one); NULL on error or overflow. */
static char *read_stdin(size_t cap) {
    char *text = malloc(cap + 2);
    if (!text) return NULL;
    size_t len = fread(text, 1, cap + 1, stdin);
    if (ferror(stdin) || len > cap) {
        free(text);
        return NULL;
    }
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r')) len--;
    text[len] = '\0';
    return text;
}

int sign_message_command(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--wallet", "--chain", "--kind", "--message", "--encoding",
                                          "--app-name", "--app-url", "--preview-only", NULL};
    if (cli_check_args(argc, argv, at, "sign-message", options, 0) != 0) return 2;
    const char *wallet = cli_flag(argc, argv, at, "--wallet");
    const char *chain = cli_flag(argc, argv, at, "--chain");
    const char *kind = cli_flag(argc, argv, at, "--kind");
    const char *message = cli_flag(argc, argv, at, "--message");
    const char *encoding = cli_flag(argc, argv, at, "--encoding");
    const char *preview_only = cli_flag(argc, argv, at, "--preview-only");
    if (!wallet || !chain || !kind || !message) {
        fprintf(stderr, "gem-host: sign-message needs --wallet W --chain C --kind K --message M\n");
        return 2;
    }
    char *from_stdin = NULL;
    if (strcmp(message, "-") == 0) {
        /* The core's limit on a message as given; anything longer is refused there too. */
        from_stdin = read_stdin((size_t)GEM_SIGN_MESSAGE_MAX_BYTES);
        if (!from_stdin) {
            fprintf(stderr, "gem-host: sign-message: cannot read the message from stdin (at most %d bytes)\n",
                    GEM_SIGN_MESSAGE_MAX_BYTES);
            return 1;
        }
        message = from_stdin;
    }
    cJSON *request = cJSON_CreateObject();
    cJSON_AddStringToObject(request, "chain", chain);
    cJSON_AddStringToObject(request, "kind", kind);
    cJSON_AddStringToObject(request, "message", message);
    if (encoding) cJSON_AddStringToObject(request, "encoding", encoding);
    const char *app_name = cli_flag(argc, argv, at, "--app-name");
    const char *app_url = cli_flag(argc, argv, at, "--app-url");
    if (app_name) cJSON_AddStringToObject(request, "app_name", app_name);
    if (app_url) cJSON_AddStringToObject(request, "app_url", app_url);
    char *request_json = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    free(from_stdin);
    if (!request_json) return 1;

    gem_sign_message_service *service = NULL;
    gem_buffer out = {0};
    gem_status status = gem_sign_message_service_new(h->wallets, &service, &out);
    if (status != GEM_OK) {
        cJSON_free(request_json);
        return cli_print_buffer("sign-message", status, &out);
    }
    int rc = cli_print_buffer("sign-message preview", gem_sign_message_service_preview(service, request_json, &out), &out);
    if (rc == 0 && !(preview_only && strcmp(preview_only, "yes") == 0)) {
        waiter w;
        waiter_init(&w);
        rc = cli_finish("sign-message", gem_sign_message_service_sign(service, wallet, request_json, waiter_done, &w), &w);
    }
    gem_sign_message_service_free(service);
    cJSON_free(request_json);
    return rc;
}
