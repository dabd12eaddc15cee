#include "base64.h"

#include <stdlib.h>
#include <string.h>

/* The bytes of a standard, padded base64 text (RFC 4648 § 4) into a new buffer (*out, *out_len); -1 when the
 * text is not that. The core sends body_base64 for a body that is not UTF-8 (an Aptos BCS transaction). */
int base64_decode(const char *text, uint8_t **out, size_t *out_len) {
    size_t len = strlen(text);
    if (len % 4 != 0) return -1;
    uint8_t *bytes = malloc(len / 4 * 3 + 1);
    if (!bytes) return -1;
    size_t n = 0;
    for (size_t i = 0; i < len; i += 4) {
        uint32_t quad = 0;
        int pad = 0;
        for (size_t j = 0; j < 4; j++) {
            char c = text[i + j];
            int v;
            if (c >= 'A' && c <= 'Z') v = c - 'A';
            else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
            else if (c >= '0' && c <= '9') v = c - '0' + 52;
            else if (c == '+') v = 62;
            else if (c == '/') v = 63;
            else if (c == '=' && i + 4 == len && j >= 2 && (j == 3 || text[i + 3] == '=')) { v = 0; pad++; }
            else { free(bytes); return -1; }
            if (pad && c != '=') { free(bytes); return -1; }
            quad = quad << 6 | (uint32_t)v;
        }
        bytes[n++] = (uint8_t)(quad >> 16);
        if (pad < 2) bytes[n++] = (uint8_t)(quad >> 8);
        if (pad < 1) bytes[n++] = (uint8_t)quad;
    }
    *out = bytes;
    *out_len = n;
    return 0;
}
