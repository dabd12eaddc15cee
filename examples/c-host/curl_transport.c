#include "curl_transport.h"

#include "base64.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/*
 * One thread runs every request of the process on one curl multi handle: a request call parses the core's
 * GemHTTPRequest, queues an easy handle and returns; the thread performs all of them at once (one connection
 * cache, one DNS cache) and answers each gem_call as it completes. A burst of requests (a refresh of 52 chains)
 * is then one thread polling sockets, not a thread blocked in curl for each request.
 */

typedef struct body {
    char *data;
    size_t len;
} body;

/* A queued or running request; owned by the worker from the moment it is queued. */
typedef struct transfer {
    CURL *curl;
    struct curl_slist *headers;
    body response;
    gem_call *call;
    char *url; /* for the observer */
    struct transfer *next;
} transfer;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t started = PTHREAD_ONCE_INIT;
static CURLM *multi;        /* touched only by the worker, but for curl_multi_wakeup */
static pthread_t worker;
static int running;         /* under lock: the worker runs; cleared by curl_transport_shutdown */
static transfer *incoming, *incoming_tail; /* under lock: queued in order, not yet added to `multi` */
static curl_transport_observer observer;
static void *observer_context;

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

static void transfer_free(transfer *t) {
    free(t->response.data);
    curl_slist_free_all(t->headers);
    curl_easy_cleanup(t->curl);
    free(t->url);
    free(t);
}

/* On the worker: answers the call of a finished transfer and frees it. */
static void finish(transfer *t, CURLcode rc) {
    if (observer) observer(observer_context, t->url, CURL_TRANSPORT_ANSWERED);
    if (rc != CURLE_OK) {
        gem_call_fail(t->call, GEM_ERR_OFFLINE, curl_easy_strerror(rc));
    } else {
        long status = 0;
        curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
        cJSON *answer = cJSON_CreateObject();
        cJSON_AddNumberToObject(answer, "status", (double)status);
        cJSON_AddStringToObject(answer, "body", t->response.data ? t->response.data : "");
        char *text = cJSON_PrintUnformatted(answer);
        if (text) gem_call_ok(t->call, (const uint8_t *)text, strlen(text));
        else gem_call_fail(t->call, GEM_ERR_OFFLINE, "out of memory");
        free(text);
        cJSON_Delete(answer);
    }
    transfer_free(t);
}

/* On the worker: the transfers added to `multi` and not finished, to answer them all at a shutdown. */
static transfer *active;

static void unlink_active(transfer *t) {
    for (transfer **at = &active; *at; at = &(*at)->next) {
        if (*at == t) {
            *at = t->next;
            return;
        }
    }
}

static void *work(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&lock);
        transfer *queued = incoming;
        incoming = incoming_tail = NULL;
        int keep_running = running;
        pthread_mutex_unlock(&lock);
        for (transfer *t = queued, *next; t; t = next) {
            next = t->next;
            if (!keep_running || curl_multi_add_handle(multi, t->curl) != CURLM_OK) {
                gem_call_fail(t->call, GEM_ERR_OFFLINE, "transport.request: the transport is shut down");
                transfer_free(t);
            } else {
                t->next = active;
                active = t;
            }
        }
        int still = 0;
        curl_multi_perform(multi, &still);
        CURLMsg *message;
        int left = 0;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            CURLcode rc = message->data.result;
            transfer *t = NULL;
            curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&t);
            curl_multi_remove_handle(multi, easy);
            if (t) {
                unlink_active(t);
                finish(t, rc);
            }
        }
        if (!keep_running) {
            /* Shut down: what is still running is answered as failed. */
            while (active) {
                transfer *t = active;
                active = t->next;
                curl_multi_remove_handle(multi, t->curl);
                gem_call_fail(t->call, GEM_ERR_OFFLINE, "transport.request: the transport is shut down");
                transfer_free(t);
            }
            return NULL;
        }
        curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
}

static void start(void) {
    multi = curl_multi_init();
    if (!multi) return;
    pthread_mutex_lock(&lock);
    running = pthread_create(&worker, NULL, work, NULL) == 0;
    pthread_mutex_unlock(&lock);
}

/* On a core thread: queues the request; the worker answers `call`. */
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
    pthread_once(&started, start);
    transfer *t = calloc(1, sizeof *t);
    if (t) {
        t->curl = curl_easy_init();
        t->url = strdup(url);
    }
    if (!t || !t->curl || !t->url) {
        gem_call_fail(call, GEM_ERR_OFFLINE, "transport.request: curl could not start a request");
        if (t) transfer_free(t);
        free(binary);
        cJSON_Delete(json);
        return;
    }
    t->call = call;
    cJSON *header = NULL;
    cJSON_ArrayForEach(header, cJSON_GetObjectItem(json, "headers")) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(header, "name"));
        const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(header, "value"));
        if (!name || !value) continue;
        size_t size = strlen(name) + strlen(value) + 3;
        char *line = malloc(size);
        if (!line) continue;
        snprintf(line, size, "%s: %s", name, value);
        t->headers = curl_slist_append(t->headers, line);
        free(line);
    }
    CURL *curl = t->curl;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, t->headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t->response);
    curl_easy_setopt(curl, CURLOPT_PRIVATE, (char *)t);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    /* The body is copied into the handle: the request's JSON is freed before the transfer runs. */
    if (binary) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)binary_len);
        curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, binary);
    } else if (payload) {
        curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, payload);
    }
    free(binary);
    cJSON_Delete(json);
    if (observer) observer(observer_context, t->url, CURL_TRANSPORT_SENT);
    pthread_mutex_lock(&lock);
    int accepted = running;
    if (accepted) {
        if (incoming_tail) incoming_tail->next = t;
        else incoming = t;
        incoming_tail = t;
        curl_multi_wakeup(multi); /* under the lock: a shutdown cannot free `multi` meanwhile */
    }
    pthread_mutex_unlock(&lock);
    if (!accepted) {
        gem_call_fail(call, GEM_ERR_OFFLINE, "transport.request: the transport is not running");
        transfer_free(t);
    }
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

void curl_transport_observe(curl_transport_observer fn, void *context) {
    observer = fn;
    observer_context = context;
}

void curl_transport_shutdown(void) {
    pthread_mutex_lock(&lock);
    int was_running = running;
    running = 0;
    pthread_mutex_unlock(&lock);
    if (!was_running) return;
    curl_multi_wakeup(multi);
    pthread_join(worker, NULL);
    curl_multi_cleanup(multi);
    multi = NULL;
}
