/*
 * The ABI side of the presentation benchmark. Reads a gem_transaction_rows request (a page of
 * transactions, written by make_page.py) and measures, each as the median of ROUNDS:
 *   rows_call_us          gem_transaction_rows + gem_buffer_free (the crossing alone);
 *   rows_decoded_us       the same call with the answer decoded by the caller with jsmn (Debian
 *                         libjsmn-dev, a C tokenizer: one pass over the answer into a token array
 *                         the caller keeps between calls, then each row's id and title read as
 *                         string views and its amount value with strtod), then freed;
 *   rows_decoded_cjson_us the same with cJSON (a tree of every value, parsed, walked, deleted);
 *   decode_only_us / decode_only_cjson_us  each decoder on the same answer bytes without the call;
 *   noop_pure_ns          the smallest pure answer, gem_empty_state({"kind":"activity"}) + gem_buffer_free;
 *   abi_version_ns        gem_abi_version(), a call with no JSON at all.
 * Built without jsmn.h, the jsmn figures are null. Prints one JSON line.
 * Usage: bench_presentation PAGE.json [ROUNDS] [call|decoded|decoded-cjson|noop]
 * With a third argument only that work runs, ROUNDS times without warm-up (for callgrind, whose
 * instruction counts of two ROUNDS differ by exactly that work).
 */
#include <cjson/cJSON.h>
#include <gemstone.h>
#ifdef HAVE_JSMN
/* Strict grammar, parent links (closing a container is then constant time), private functions. */
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#define JSMN_STATIC
#include <jsmn.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *samples, int count) {
    qsort(samples, (size_t)count, sizeof(double), compare);
    return samples[count / 2];
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(file);
    return text;
}

/* Decodes the rows as a host would with cJSON: every row's id, title and amount read into its own values. */
static int decode_rows_cjson(const char *json, size_t len, double *checksum) {
    cJSON *rows = cJSON_ParseWithLength(json, len);
    if (!cJSON_IsArray(rows)) {
        cJSON_Delete(rows);
        return -1;
    }
    int count = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(row, "id");
        const cJSON *title = cJSON_GetObjectItemCaseSensitive(row, "title");
        const cJSON *value = cJSON_GetObjectItemCaseSensitive(row, "value");
        const cJSON *amount = cJSON_GetObjectItemCaseSensitive(value, "amount");
        const cJSON *number = cJSON_GetObjectItemCaseSensitive(amount, "value");
        if (!cJSON_IsString(id) || !cJSON_IsString(title)) {
            cJSON_Delete(rows);
            return -1;
        }
        *checksum += (cJSON_IsNumber(number) ? number->valuedouble : 0) + (double)strlen(id->valuestring) + (double)strlen(title->valuestring);
        count++;
    }
    cJSON_Delete(rows);
    return count;
}

#ifdef HAVE_JSMN
#include "../jsmn_walk.h"

/* A row as the host keeps it: views of its id and title in the answer, its amount as a double. */
struct row_view {
    const char *id, *title;
    int id_length, title_length;
    double amount;
};

/* Decodes the rows as a host would with jsmn: one tokenizing pass, then each row's members once. */
static int decode_rows(const char *json, size_t len, double *checksum) {
    int count = tokenize(json, len);
    if (count < 1 || tokens[0].type != JSMN_ARRAY) return -1;
    int rows = 0, at = 1;
    while (at < count) {
        if (tokens[at].type != JSMN_OBJECT) return -1;
        struct row_view row = {0};
        int end = tokens[at].end, id = -1, title = -1;
        at++;
        while (at < count && tokens[at].start < end) {
            const jsmntok_t *key = &tokens[at];
            int value = at + 1;
            if (is_key(json, key, "id", 2)) {
                id = value;
            } else if (is_key(json, key, "title", 5)) {
                title = value;
            } else if (is_key(json, key, "value", 5) && tokens[value].type == JSMN_OBJECT) {
                int amount = member(json, tokens, value, count, "amount");
                if (amount > 0 && tokens[amount].type == JSMN_OBJECT) {
                    int number = member(json, tokens, amount, count, "value");
                    if (number > 0 && tokens[number].type == JSMN_PRIMITIVE) row.amount = strtod(json + tokens[number].start, NULL);
                }
            }
            at = next_sibling(tokens, value, count);
        }
        if (id < 0 || title < 0 || tokens[id].type != JSMN_STRING || tokens[title].type != JSMN_STRING) return -1;
        row.id = json + tokens[id].start;
        row.id_length = tokens[id].end - tokens[id].start;
        row.title = json + tokens[title].start;
        row.title_length = tokens[title].end - tokens[title].start;
        *checksum += row.amount + row.id_length + row.title_length;
        rows++;
    }
    return rows;
}
#else
static int decode_rows(const char *json, size_t len, double *checksum) {
    return decode_rows_cjson(json, len, checksum);
}
#endif

typedef int (*decoder)(const char *, size_t, double *);

/* Median of ROUNDS calls, each decoded by `decode` when it is set, then freed. */
static double time_calls(const char *request, decoder decode, double *samples, int rounds, double *checksum) {
    gem_buffer out = {0};
    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        gem_transaction_rows(request, &out);
        if (decode) decode((const char *)out.data, out.len, checksum);
        gem_buffer_free(&out);
        samples[i] = (double)(nanoseconds() - start) / 1000.0;
    }
    return median(samples, rounds);
}

/* Median of ROUNDS decodes of the same answer bytes. */
static double time_decodes(const char *answer, size_t len, decoder decode, double *samples, int rounds, double *checksum) {
    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        decode(answer, len, checksum);
        samples[i] = (double)(nanoseconds() - start) / 1000.0;
    }
    return median(samples, rounds);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PAGE.json [ROUNDS] [call|decoded|decoded-cjson|noop]\n", argv[0]);
        return 2;
    }
    char *request = read_file(argv[1]);
    if (!request) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 400;
    if (rounds < 1) rounds = 1;
    double *samples = malloc(sizeof(double) * (size_t)rounds);
    double checksum = 0;

    gem_buffer out = {0};
    if (gem_transaction_rows(request, &out) != GEM_OK) {
        fprintf(stderr, "gem_transaction_rows failed: %s\n", out.data ? (const char *)out.data : "");
        return 1;
    }
    size_t answer_bytes = out.len;
    char *answer = malloc(out.len + 1);
    memcpy(answer, out.data, out.len + 1);
    gem_buffer_free(&out);
    /* Both decoders must read the same rows: the same count, ids, titles and amounts. */
    double tree_sum = 0, token_sum = 0;
    int rows = decode_rows_cjson(answer, answer_bytes, &tree_sum);
    int token_rows = decode_rows(answer, answer_bytes, &token_sum);
    if (rows < 0 || token_rows != rows || token_sum != tree_sum) {
        fprintf(stderr, "the answer is not an array of rows, or the decoders disagree (%d/%d rows)\n", rows, token_rows);
        return 1;
    }

    if (argc > 3) {
        const char *mode = argv[3];
        for (int i = 0; i < rounds; i++) {
            if (strcmp(mode, "call") == 0) {
                gem_transaction_rows(request, &out);
            } else if (strcmp(mode, "decoded") == 0) {
                gem_transaction_rows(request, &out);
                decode_rows((const char *)out.data, out.len, &checksum);
            } else if (strcmp(mode, "decoded-cjson") == 0) {
                gem_transaction_rows(request, &out);
                decode_rows_cjson((const char *)out.data, out.len, &checksum);
            } else {
                gem_empty_state("{\"kind\":\"activity\"}", &out);
            }
            gem_buffer_free(&out);
        }
        free(samples);
        free(answer);
        free(request);
        return 0;
    }
    for (int warm = 0; warm < 20; warm++) {
        gem_transaction_rows(request, &out);
        gem_buffer_free(&out);
    }
    double call_us = time_calls(request, NULL, samples, rounds, &checksum);
#ifdef HAVE_JSMN
    char decoded[32], decode_only[32];
    snprintf(decoded, sizeof decoded, "%.1f", time_calls(request, decode_rows, samples, rounds, &checksum));
    snprintf(decode_only, sizeof decode_only, "%.1f", time_decodes(answer, answer_bytes, decode_rows, samples, rounds, &checksum));
#else
    const char *decoded = "null", *decode_only = "null";
#endif
    double decoded_cjson_us = time_calls(request, decode_rows_cjson, samples, rounds, &checksum);
    double decode_only_cjson_us = time_decodes(answer, answer_bytes, decode_rows_cjson, samples, rounds, &checksum);

    /* The smallest pure answer, timed in batches so the clock's own cost does not count. */
    enum { BATCH = 1000 };
    const char *noop = "{\"kind\":\"activity\"}";
    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        for (int j = 0; j < BATCH; j++) {
            gem_empty_state(noop, &out);
            gem_buffer_free(&out);
        }
        samples[i] = (double)(nanoseconds() - start) / BATCH;
    }
    double noop_ns = median(samples, rounds);

    volatile uint32_t sink = 0;
    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        for (int j = 0; j < BATCH; j++) sink += gem_abi_version();
        samples[i] = (double)(nanoseconds() - start) / BATCH;
    }
    double version_ns = median(samples, rounds);

    printf("{\"transactions\":%d,\"rounds\":%d,\"request_bytes\":%zu,\"answer_bytes\":%zu,\"rows_call_us\":%.1f,"
           "\"rows_decoded_us\":%s,\"decode_only_us\":%s,\"rows_decoded_cjson_us\":%.1f,\"decode_only_cjson_us\":%.1f,"
           "\"noop_pure_ns\":%.1f,\"abi_version_ns\":%.2f,\"checksum\":%.6g}\n",
           rows, rounds, strlen(request), answer_bytes, call_us, decoded, decode_only, decoded_cjson_us, decode_only_cjson_us,
           noop_ns, version_ns, checksum + sink * 0.0);
    free(samples);
    free(answer);
    free(request);
    return 0;
}
