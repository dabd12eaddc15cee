/* The C host's HTTP transport (gem_http_transport) over libcurl: one worker thread runs every request of the
   process on one curl multi handle (shared connections and DNS cache); a request call queues and returns, and
   the worker answers the core's gem_call when the request completes. */
#ifndef GEM_HOST_CURL_TRANSPORT_H
#define GEM_HOST_CURL_TRANSPORT_H

#include <gemstone.h>

/* Call curl_global_init once before building the table. The worker starts with the first request. */
gem_http_transport curl_transport_table(void);

/* Stops the worker: requests still running or queued are answered GEM_ERR_OFFLINE, later ones too. Call it
   once the services are freed and before curl_global_cleanup. */
void curl_transport_shutdown(void);

/* For measurements (bench/balances): `fn` is told when a request is queued (on the core's thread) and when its
   answer is in (on the worker, before the core is answered), with its URL. Set it before the first request. */
enum { CURL_TRANSPORT_SENT = 0, CURL_TRANSPORT_ANSWERED = 1 };
typedef void (*curl_transport_observer)(void *context, const char *url, int phase);
void curl_transport_observe(curl_transport_observer fn, void *context);

#endif
