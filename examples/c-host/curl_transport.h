/* The C host's HTTP transport (gem_http_transport) over libcurl. */
#ifndef GEM_HOST_CURL_TRANSPORT_H
#define GEM_HOST_CURL_TRANSPORT_H

#include <gemstone.h>

/* Call curl_global_init once before building the table. */
gem_http_transport curl_transport_table(void);

#endif
