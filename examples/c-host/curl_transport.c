#include "curl_transport.h"

#include "base64.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* One connection cache, DNS cache and TLS session cache for every request of the process, as an app's HTTP
   client keeps them: a request to a node already talked to reuses its open connection instead of connecting
   again. curl calls lock/unlock around each use of a shared part; each part has its own mutex. */
static CURLSH *shared;
static pthread_mutex_t shared_locks[CURL_LOCK_DATA_LAST];
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;

static void shared_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *context) {
    (void)handle, (void)access, (void)context;
    pthread_mutex_lock(&shared_locks[data]);
}

static void shared_unlock(CURL *handle, curl_lock_data data, void *context) {
    (void)handle, (void)context;
    pthread_mutex_unlock(&shared_locks[data]);
}

static void shared_init(void) {
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&shared_locks[i], NULL);
    shared = curl_share_init();
    if (!shared) return;
    curl_share_setopt(shared, CURLSHOPT_LOCKFUNC, shared_lock);
    curl_share_setopt(shared, CURLSHOPT_UNLOCKFUNC, shared_unlock);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
}

typedef struct body {
    char *data;
    size_t len;
} body;

static size_t collect(char *chunk, size_t size, size_t count, void *context) {
    body *b = context;
    size_t n = size * count;
    char *grown = realloc(b->data, b->len + n + 1);
    if (!grown) return 0;
    memcpy(grown + b->len, chunk, n);
    b->len += n;
    grown[b->len] = '\0';
    b->data = grown;
    return n;
}

/* Runs on a core thread; a blocking curl_easy_perform is allowed there. */
static void request(void *context, const uint8_t *args, size_t len, gem_call *call) {
    (void)context;
    cJSON *json = cJSON_ParseWithLength((const char *)args, len);
    const char *url = cJSON_GetStringValue(cJSON_GetObjectItem(json, "url"));
    const char *method = cJSON_GetStringValue(cJSON_GetObjectItem(json, "method"));
    const char *payload = cJSON_GetStringValue(cJSON_GetObjectItem(json, "body"));
    const char *payload_base64 = cJSON_GetStringValue(cJSON_GetObjectItem(json, "body_base64"));
    if (!url || !method) {
        gem_call_fail(call, GEM_ERR_PORT, "transport.request: expected {url, method}");
        cJSON_Delete(json);
        return;
    }
    uint8_t *binary = NULL;
    size_t binary_len = 0;
    if (payload_base64 && base64_decode(payload_base64, &binary, &binary_len) != 0) {
        gem_call_fail(call, GEM_ERR_PORT, "transport.request: body_base64 is not base64");
        cJSON_Delete(json);
        return;
    }
    pthread_once(&shared_once, shared_init);
    CURL *curl = curl_easy_init();
    if (!curl) {
        gem_call_fail(call, GEM_ERR_OFFLINE, "transport.request: curl could not start a request");
        free(binary);
        cJSON_Delete(json);
        return;
    }
    if (shared) curl_easy_setopt(curl, CURLOPT_SHARE, shared);
    struct curl_slist *headers = NULL;
    cJSON *header = NULL;
    cJSON_ArrayForEach(header, cJSON_GetObjectItem(json, "headers")) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(header, "name"));
        const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(header, "value"));
        if (!name || !value) continue;
        size_t size = strlen(name) + strlen(value) + 3;
        char *line = malloc(size);
        if (!line) continue;
        snprintf(line, size, "%s: %s", name, value);
        headers = curl_slist_append(headers, line);
        free(line);
    }
    body response = {NULL, 0};
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    if (binary) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)binary_len);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, binary);
    } else if (payload) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload);
    }
    CURLcode rc = curl_easy_perform(curl);
    if (rc != CURLE_OK) {
        gem_call_fail(call, GEM_ERR_OFFLINE, curl_easy_strerror(rc));
    } else {
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        cJSON *answer = cJSON_CreateObject();
        cJSON_AddNumberToObject(answer, "status", (double)status);
        cJSON_AddStringToObject(answer, "body", response.data ? response.data : "");
        char *text = cJSON_PrintUnformatted(answer);
        if (text) gem_call_ok(call, (const uint8_t *)text, strlen(text));
        else gem_call_fail(call, GEM_ERR_OFFLINE, "out of memory");
        free(text);
        cJSON_Delete(answer);
    }
    free(response.data);
    free(binary);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    cJSON_Delete(json);
}

gem_http_transport curl_transport_table(void) {
    gem_http_transport table = {
        .struct_size = sizeof(gem_http_transport),
        .context = NULL,
        .release = NULL,
        .request = request,
    };
    return table;
}
