/*
 * gem-host receive --chain CHAIN [--format qr|json]: the current wallet's address on CHAIN, for a
 * person to scan: a QR code drawn in the terminal (libqrencode, Debian libqrencode-dev) above the
 * address. --format json prints {"chain":…,"address":…} instead, as every other command answers.
 */
#include <qrencode.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "host.h"
#include "waiter.h"

enum { QUIET_ZONE = 2 }; /* light modules around the code (the standard asks 4; 2 scans in a terminal) */

/* Whether module (x, y) of the code is light; the quiet zone around it is light. */
static int light(const QRcode *code, int x, int y) {
    if (x < 0 || y < 0 || x >= code->width || y >= code->width) return 1;
    return !(code->data[y * code->width + x] & 1);
}

/*
 * Draws the code two module rows per line with the half blocks ▀ ▄ █: a light module is drawn, a
 * dark one left as the terminal's (dark) background, the way `qrencode -t UTF8` does.
 */
static void draw(const QRcode *code, FILE *out) {
    for (int y = -QUIET_ZONE; y < code->width + QUIET_ZONE; y += 2) {
        for (int x = -QUIET_ZONE; x < code->width + QUIET_ZONE; x++) {
            int top = light(code, x, y), bottom = light(code, x, y + 1);
            fputs(top && bottom ? "\xe2\x96\x88" : top ? "\xe2\x96\x80" : bottom ? "\xe2\x96\x84" : " ", out);
        }
        fputc('\n', out);
    }
}

/* The address of `chain` among the wallet's accounts, or NULL. */
static const char *account_address(const cJSON *wallet, const char *chain) {
    const cJSON *account = NULL;
    cJSON_ArrayForEach(account, cJSON_GetObjectItem(wallet, "accounts")) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(account, "chain"));
        if (name && strcmp(name, chain) == 0) return cJSON_GetStringValue(cJSON_GetObjectItem(account, "address"));
    }
    return NULL;
}

int receive_command(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--chain", "--format", NULL};
    if (cli_check_args(argc, argv, at, "receive", options, 0) != 0) return 2;
    const char *chain = cli_flag(argc, argv, at, "--chain");
    const char *format = cli_flag(argc, argv, at, "--format");
    int json = format && strcmp(format, "json") == 0;
    if (!chain || (format && !json && strcmp(format, "qr") != 0)) {
        fprintf(stderr, "gem-host: receive needs --chain CHAIN [--format qr|json]\n");
        return 2;
    }
    waiter w;
    waiter_init(&w);
    gem_status status = gem_wallet_session_service_get_current_wallet(h->wallet_session, waiter_done, &w);
    if (status == GEM_OK) status = waiter_wait(&w);
    if (status != GEM_OK) {
        int rc = cli_report_error("receive", status, w.json);
        waiter_destroy(&w);
        return rc;
    }
    cJSON *wallet = cJSON_Parse(w.json ? w.json : "null");
    waiter_destroy(&w);
    int rc = 1;
    const char *address = wallet && cJSON_IsObject(wallet) ? account_address(wallet, chain) : NULL;
    if (!wallet || cJSON_IsNull(wallet)) {
        fprintf(stderr, "gem-host: receive: there is no wallet yet; make one with: gem-host wallet create\n");
    } else if (!address) {
        fprintf(stderr, "gem-host: receive: the current wallet has no %s account\n", chain);
    } else if (json) {
        cJSON *answer = cJSON_CreateObject();
        cJSON_AddStringToObject(answer, "chain", chain);
        cJSON_AddStringToObject(answer, "address", address);
        char *text = cJSON_PrintUnformatted(answer);
        if (text) printf("%s\n", text);
        cJSON_free(text);
        cJSON_Delete(answer);
        rc = text ? 0 : 1;
    } else {
        QRcode *code = QRcode_encodeString(address, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
        if (!code) {
            fprintf(stderr, "gem-host: receive: cannot draw a QR code of the address\n");
        } else {
            draw(code, stdout);
            printf("%s: %s\n", chain, address);
            QRcode_free(code);
            rc = 0;
        }
    }
    cJSON_Delete(wallet);
    return rc;
}
