/*
 * bench/jsmn_walk.h: how the benchmarks' C callers read an answer with jsmn (Debian libjsmn-dev), as a host
 * would: one tokenizing pass into a token array kept between calls, then members looked up by key. Include it
 * after <jsmn.h> (built with JSMN_STATIC and JSMN_PARENT_LINKS: each token keeps its parent, so closing a
 * container is one step where jsmn would otherwise search back through every token already closed).
 */
#ifndef GEM_BENCH_JSMN_WALK_H
#define GEM_BENCH_JSMN_WALK_H

#include <stdlib.h>
#include <string.h>

/* The caller's token array, kept between calls and doubled when an answer needs more. */
static jsmntok_t *tokens;
static unsigned token_capacity;

/* Tokenizes `json` into `tokens`: the token count, or -1. */
static int tokenize(const char *json, size_t len) {
    jsmn_parser parser;
    int count;
    if (!tokens) { /* jsmn only counts tokens when given no array, so start with one */
        token_capacity = 4096;
        tokens = malloc(token_capacity * sizeof *tokens);
        if (!tokens) return -1;
    }
    for (;;) {
        jsmn_init(&parser);
        count = jsmn_parse(&parser, json, len, tokens, token_capacity);
        if (count != JSMN_ERROR_NOMEM) break;
        token_capacity *= 2;
        jsmntok_t *grown = realloc(tokens, token_capacity * sizeof *tokens);
        if (!grown) return -1;
        tokens = grown;
    }
    return count < 0 ? -1 : count;
}

/* The token after the value at `at` (its whole subtree skipped). */
static int next_sibling(const jsmntok_t *t, int at, int count) {
    int end = t[at].end;
    at++;
    while (at < count && t[at].start < end) at++;
    return at;
}

static int is_key(const char *json, const jsmntok_t *t, const char *key, size_t length) {
    return t->type == JSMN_STRING && (size_t)(t->end - t->start) == length && memcmp(json + t->start, key, length) == 0;
}

/* The value of `key` in the object at `object`, or -1. */
static int member(const char *json, const jsmntok_t *t, int object, int count, const char *key) {
    size_t length = strlen(key);
    int at = object + 1, end = t[object].end;
    while (at < count && t[at].start < end) {
        if (is_key(json, &t[at], key, length)) return at + 1;
        at = next_sibling(t, at + 1, count);
    }
    return -1;
}

#endif
