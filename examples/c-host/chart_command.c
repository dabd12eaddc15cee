/*
 * gem-host chart --asset A --period P [--currency C] [--zoom SCALE] [--pan DELTA]: one chart screen as a
 * host draws it. A chart session (gem_chart_session_new, the selected currency unless --currency), its request
 * loaded by the chart service (gem_chart_service_load over the API and the stored rate), the answer folded
 * in (gem_chart_session_apply), optionally a pinch and a drag, and the view state for the stored price of
 * the asset (gem_chart_view_state) printed as GemChartView. A failed load prints the failed phase and exits 0:
 * it is a screen state, not a command failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "curl_transport.h"
#include "host.h"
#include "waiter.h"

/* The answer of a projection (request consumed) parsed; NULL after printing the error. */
static cJSON *project(const char *what, gem_status (*fn)(const char *, gem_buffer *), cJSON *request) {
    char *text = cJSON_PrintUnformatted(request);
    cJSON_Delete(request);
    if (!text) return NULL;
    gem_buffer out = {0};
    gem_status status = fn(text, &out);
    free(text);
    if (status != GEM_OK) {
        cli_print_buffer(what, status, &out);
        return NULL;
    }
    cJSON *answer = cJSON_ParseWithLength((const char *)out.data, out.len);
    gem_buffer_free(&out);
    return answer;
}

/* The session after `event` (consumed); the old session is consumed too. NULL after printing the error. */
static cJSON *apply(cJSON *session, cJSON *event) {
    cJSON *request = cJSON_CreateObject();
    cJSON_AddItemToObject(request, "session", session);
    cJSON_AddItemToObject(request, "event", event);
    return project("chart", gem_chart_session_apply, request);
}

static cJSON *number_event(const char *type, const char *name, double value, const char *name2, double value2) {
    cJSON *event = cJSON_CreateObject();
    cJSON_AddStringToObject(event, "type", type);
    cJSON_AddNumberToObject(event, name, value);
    if (name2) cJSON_AddNumberToObject(event, name2, value2);
    return event;
}

/* The selected currency (USD when none is stored); free it. */
static char *selected_currency(host *h) {
    char *currency = NULL;
    gem_buffer out = {0};
    if (gem_preferences_service_get(h->preferences, &out) == GEM_OK) {
        cJSON *prefs = cJSON_ParseWithLength((const char *)out.data, out.len);
        const char *value = cJSON_GetStringValue(cJSON_GetObjectItem(prefs, "currency"));
        if (value) currency = strdup(value);
        cJSON_Delete(prefs);
    }
    gem_buffer_free(&out);
    return currency ? currency : strdup("USD");
}

/* A number option's value: 0 and *value set, 1 when absent, 2 after a message when malformed. */
static int number_flag(int argc, char **argv, int at, const char *name, double *value) {
    const char *text = cli_flag(argc, argv, at, name);
    if (!text) return 1;
    char *end = NULL;
    *value = strtod(text, &end);
    if (!end || *end != '\0' || end == text) {
        fprintf(stderr, "gem-host: chart: %s is a number\n", name);
        return 2;
    }
    return 0;
}

int chart_command(host *h, int argc, char **argv, int at) {
    static const char *const options[] = {"--asset", "--period", "--currency", "--zoom", "--pan", NULL};
    if (cli_check_args(argc, argv, at, "chart", options, 0) != 0) return 2;
    const char *asset = cli_flag(argc, argv, at, "--asset");
    const char *period = cli_flag(argc, argv, at, "--period");
    if (!asset || !period) {
        fprintf(stderr, "gem-host: chart needs --asset ID and --period hour|day|week|month|quarter|year|all\n");
        return 2;
    }
    double zoom = 0, pan = 0;
    int zoom_given = number_flag(argc, argv, at, "--zoom", &zoom);
    int pan_given = number_flag(argc, argv, at, "--pan", &pan);
    if (zoom_given == 2 || pan_given == 2) return 2;

    gem_http_transport transport = curl_transport_table();
    cJSON *config = cJSON_CreateObject();
    cJSON_AddStringToObject(config, "api_url", h->opts.api);
    char *config_json = cJSON_PrintUnformatted(config);
    cJSON_Delete(config);
    gem_chart_service *charts = NULL;
    gem_buffer error = {0};
    gem_status status = gem_chart_service_new(config_json, &transport, h->prices, &charts, &error);
    free(config_json);
    if (status != GEM_OK) return cli_print_buffer("chart service", status, &error);

    const char *flag_currency = cli_flag(argc, argv, at, "--currency");
    char *currency = flag_currency ? strdup(flag_currency) : selected_currency(h);
    cJSON *request = cJSON_CreateObject();
    cJSON_AddStringToObject(request, "asset_id", asset);
    cJSON_AddStringToObject(request, "period", period);
    cJSON_AddStringToObject(request, "currency", currency ? currency : "USD");
    free(currency);
    cJSON *session = project("chart", gem_chart_session_new, request);
    int rc = 1;
    if (!session) goto done;

    /* Load the session's request and fold the answer in. */
    char *load_request = cJSON_PrintUnformatted(cJSON_GetObjectItem(session, "request"));
    waiter w;
    waiter_init(&w);
    gem_status started = load_request ? gem_chart_service_load(charts, load_request, waiter_done, &w) : GEM_ERR_INVALID_ARGUMENT;
    free(load_request);
    if (started != GEM_OK || waiter_wait(&w) != GEM_OK) {
        cli_finish("chart", started, &w);
        cJSON_Delete(session);
        goto done;
    }
    cJSON *result = cJSON_Parse(w.json ? w.json : "null");
    waiter_destroy(&w);
    cJSON *event = cJSON_CreateObject();
    cJSON_AddStringToObject(event, "type", "result");
    cJSON_AddItemToObject(event, "result", result ? result : cJSON_CreateNull());
    session = apply(session, event);
    if (session && zoom_given == 0) session = apply(session, number_event("zoom", "scale", zoom, "anchor", 1.0));
    if (session && pan_given == 0) session = apply(session, number_event("pan", "delta", pan, NULL, 0));
    if (!session) goto done;

    /* The observed price record: the stored price of the asset, when there is one. */
    cJSON *input = cJSON_CreateObject();
    cJSON_AddStringToObject(input, "asset_id", asset);
    cJSON *ids = cJSON_CreateArray();
    cJSON_AddItemToArray(ids, cJSON_CreateString(asset));
    char *ids_json = cJSON_PrintUnformatted(ids);
    cJSON_Delete(ids);
    waiter_init(&w);
    started = ids_json ? gem_price_service_get_prices(h->prices, ids_json, waiter_done, &w) : GEM_ERR_INVALID_ARGUMENT;
    free(ids_json);
    if (started != GEM_OK || waiter_wait(&w) != GEM_OK) {
        cli_finish("chart", started, &w);
        cJSON_Delete(session);
        cJSON_Delete(input);
        goto done;
    }
    cJSON *prices = cJSON_Parse(w.json ? w.json : "[]");
    waiter_destroy(&w);
    cJSON *price = cJSON_GetArrayItem(prices, 0);
    if (price) cJSON_AddItemToObject(input, "price", cJSON_Duplicate(price, 1));
    cJSON_Delete(prices);

    cJSON *view_request = cJSON_CreateObject();
    cJSON_AddItemToObject(view_request, "session", session);
    cJSON_AddItemToObject(view_request, "input", input);
    char *text = cJSON_PrintUnformatted(view_request);
    cJSON_Delete(view_request);
    gem_buffer out = {0};
    rc = text ? cli_print_buffer("chart", gem_chart_view_state(text, &out), &out) : 1;
    free(text);
done:
    gem_chart_service_free(charts);
    return rc;
}
