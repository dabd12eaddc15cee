/*
 * gem-host's base64 decoder (examples/c-host/base64.c), which its curl transport uses for a request's
 * body_base64: the test vectors of RFC 4648 § 10, bytes that are not text, and what it must refuse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"

static int failures = 0;

static void decodes(const char *text, const char *bytes, size_t len) {
    uint8_t *out = NULL;
    size_t out_len = 0;
    if (base64_decode(text, &out, &out_len) != 0 || out_len != len || memcmp(out, bytes, len) != 0) {
        fprintf(stderr, "base64_test: \"%s\" did not decode to its %zu bytes\n", text, len);
        failures++;
    }
    free(out);
}

static void refuses(const char *text) {
    uint8_t *out = NULL;
    size_t out_len = 0;
    if (base64_decode(text, &out, &out_len) == 0) {
        fprintf(stderr, "base64_test: \"%s\" was accepted\n", text);
        failures++;
        free(out);
    }
}

int main(void) {
    /* RFC 4648 § 10 */
    decodes("", "", 0);
    decodes("Zg==", "f", 1);
    decodes("Zm8=", "fo", 2);
    decodes("Zm9v", "foo", 3);
    decodes("Zm9vYg==", "foob", 4);
    decodes("Zm9vYmE=", "fooba", 5);
    decodes("Zm9vYmFy", "foobar", 6);
    decodes("AP8Q/g==", "\x00\xff\x10\xfe", 4);
    decodes("+/+/", "\xfb\xff\xbf", 3);
    refuses("Zg");          /* unpadded */
    refuses("Zg=");         /* short */
    refuses("Z===");        /* too much padding */
    refuses("Zg=a");        /* data after padding */
    refuses("Zg==Zg==");    /* padding in the middle */
    refuses("Zm9v\n");      /* whitespace */
    refuses("Zm9*");        /* outside the alphabet */
    refuses("Zm9v-_==");    /* the URL alphabet */
    if (failures) return 1;
    printf("base64_test: all checks passed\n");
    return 0;
}
