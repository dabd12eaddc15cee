/* Standard, padded base64 (RFC 4648 § 4) decoding for the C host's transport: the core sends body_base64 for a
 * request body that is not UTF-8 text (an Aptos BCS transaction). */
#ifndef GEM_HOST_BASE64_H
#define GEM_HOST_BASE64_H

#include <stddef.h>
#include <stdint.h>

/* The bytes of `text` into a new buffer the caller frees (*out, *out_len); -1 when `text` is not standard,
 * padded base64 (then *out is untouched). */
int base64_decode(const char *text, uint8_t **out, size_t *out_len);

#endif
