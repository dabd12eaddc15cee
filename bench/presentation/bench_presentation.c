/*
 * The ABI side of the presentation benchmark. Reads a gem_transaction_rows request (a page of
 * transactions, written by make_page.py) and measures, each as the median of ROUNDS:
 *   rows_call_us    gem_transaction_rows + gem_buffer_free (the crossing alone);
 *   rows_decoded_us the same call with the answer decoded by the caller (cJSON_Parse, a walk
 *                   reading each row's id, title and amount value, cJSON_Delete);
 *   decode_only_us  cJSON on the same answer bytes without the call (what the caller's decoder costs);
 *   noop_pure_ns    the smallest pure answer, gem_empty_state({"kind":"activity"}) + gem_buffer_free;
 *   abi_version_ns  gem_abi_version(), a call with no JSON at all.
 * Prints one JSON line. Usage: bench_presentation PAGE.json [ROUNDS] [call|decoded|noop]
 * With a third argument only that work runs, ROUNDS times without warm-up (for callgrind, whose
 * instruction counts of two ROUNDS differ by exactly that work).
 */
#include <cjson/cJSON.h>
#include <gemstone.h>
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

/* Decodes the rows as a host would: every row's id, title and amount read into its own values. */
static int decode_rows(const char *json, size_t len, double *checksum) {
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
        if (cJSON_IsNumber(number)) *checksum += number->valuedouble;
        count++;
    }
    cJSON_Delete(rows);
    return count;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PAGE.json [ROUNDS]\n", argv[0]);
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
    int rows = decode_rows(answer, out.len, &checksum);
    gem_buffer_free(&out);
    if (rows < 0) {
        fprintf(stderr, "the answer is not an array of rows\n");
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
    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        gem_transaction_rows(request, &out);
        gem_buffer_free(&out);
        samples[i] = (double)(nanoseconds() - start) / 1000.0;
    }
    double call_us = median(samples, rounds);

    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        gem_transaction_rows(request, &out);
        decode_rows((const char *)out.data, out.len, &checksum);
        gem_buffer_free(&out);
        samples[i] = (double)(nanoseconds() - start) / 1000.0;
    }
    double decoded_us = median(samples, rounds);

    for (int i = 0; i < rounds; i++) {
        uint64_t start = nanoseconds();
        decode_rows(answer, answer_bytes, &checksum);
        samples[i] = (double)(nanoseconds() - start) / 1000.0;
    }
    double decode_only_us = median(samples, rounds);

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
           "\"rows_decoded_us\":%.1f,\"decode_only_us\":%.1f,\"noop_pure_ns\":%.1f,\"abi_version_ns\":%.2f,\"checksum\":%.6g}\n",
           rows, rounds, strlen(request), answer_bytes, call_us, decoded_us, decode_only_us, noop_ns, version_ns, checksum + sink * 0.0);
    free(samples);
    free(answer);
    free(request);
    return 0;
}
