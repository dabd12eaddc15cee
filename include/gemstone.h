/*
 * gemstone.h: the C interface of libgemstone, the shared core of a multi-chain wallet.
 *
 * This header is the single source of truth of the ABI: every function below is implemented
 * in Swift with @c @implementation, so the library cannot drift from these declarations.
 *
 * Conventions (read once, they hold for every function):
 *
 *  - Status. A fallible function returns gem_status: GEM_OK (0) or a negative GEM_ERR_* code.
 *    Codes are never renumbered. On failure, the function's `gem_buffer *out` holds the error
 *    record as UTF-8 JSON: {"type":"invalid_input","message":"…"} (type is the snake_case name
 *    of the status, see gem_status below). An error message never contains a secret.
 *
 *  - Inputs are borrowed for the duration of the call: `const char *` is UTF-8, NUL-terminated;
 *    bytes are (const uint8_t *, size_t). The core copies what it keeps.
 *
 *  - Outputs are gem_buffer values filled by the core. The caller owns them and releases each
 *    with gem_buffer_free (which wipes the bytes before freeing). A filled buffer is also
 *    NUL-terminated one byte past `len`, so JSON can be read as a C string.
 *
 *  - Records cross as JSON objects with snake_case keys. An enum without payload is a snake_case
 *    string; an enum with payload is an object with "type" and its fields. Big integers are
 *    decimal strings, raw bytes lowercase hex, ids their storage strings.
 *
 *  - Handles are opaque, made by gem_<noun>_new(…, gem_<noun> **out) and released by
 *    gem_<noun>_free (NULL-safe). A handle may be used from any thread. A service handle passed
 *    to another constructor is retained by it: the host may free its own reference at once.
 *
 *  - Async commands take (gem_completion_fn done, void *context) and return GEM_OK once the
 *    work has started (or an error status, with `done` never called). `done` is then called
 *    exactly once, on a core thread, with the result JSON or the error record. Freeing the
 *    service fails every in-flight command with GEM_ERR_CANCELLED.
 *
 *  - Ports (stores, HTTP transport, OS permissions) are callback tables the host fills. Each
 *    table begins with struct_size, context and release. The core copies the table, checks
 *    struct_size, and calls `release(context)` once, from any thread, after its last use of
 *    the table. Each port method receives a gem_call; the host answers it exactly once with
 *    gem_call_ok or gem_call_fail, inline or later, from any thread. The core never calls a
 *    port on the host's calling thread, never holds a lock while calling out, and calls ports
 *    on a dispatch thread reserved for blocking work, so a port may block (a SQLite write).
 *
 *  - Threads and reentrancy: every function may be called from any thread, including from
 *    inside a callback.
 */
#ifndef GEMSTONE_H
#define GEMSTONE_H

#include <stddef.h>
#include <stdint.h>

#if !defined(__clang__) && !defined(_Nullable)
#define _Nullable
#define _Nonnull
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** The ABI version this header describes. Raised on any incompatible change. */
#define GEM_ABI_VERSION 1

/** Returns the ABI version the loaded library implements; compare with GEM_ABI_VERSION. */
uint32_t gem_abi_version(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

typedef int32_t gem_status;

#define GEM_OK 0
/** A NULL, malformed or out-of-range argument ("invalid_argument"). */
#define GEM_ERR_INVALID_ARGUMENT (-1)
/** The operation was cancelled, e.g. its service was freed ("cancelled"). */
#define GEM_ERR_CANCELLED (-2)
/** The device is offline or the transport could not reach the server ("offline"). */
#define GEM_ERR_OFFLINE (-3)
/** The remote API answered with an error or refused the request ("api"). */
#define GEM_ERR_API (-4)
/** A store port failed ("store"). */
#define GEM_ERR_STORE (-5)
/** Input the user typed or the host passed breaks a domain rule ("invalid_input"). */
#define GEM_ERR_INVALID_INPUT (-6)
/** The requested record does not exist ("not_found"). */
#define GEM_ERR_NOT_FOUND (-7)
/** A port did not answer in time ("timeout"). */
#define GEM_ERR_TIMEOUT (-8)
/** A gem_call was answered twice, or after its service was freed; nothing happened ("stale_call"). */
#define GEM_ERR_STALE_CALL (-9)
/** A port broke its contract: wrong JSON, wrong struct_size ("port"). */
#define GEM_ERR_PORT (-10)
/** The user or the OS refused a permission ("permission_denied"). */
#define GEM_ERR_PERMISSION_DENIED (-11)
/** Decryption or authentication of a secret failed ("crypto"). */
#define GEM_ERR_CRYPTO (-12)
/** An unexpected internal failure; report it ("internal"). */
#define GEM_ERR_INTERNAL (-13)

/* ---------------------------------------------------------------------------------------------
 * Buffers
 * ------------------------------------------------------------------------------------------- */

/** Bytes owned by the caller once a function has filled them. Zero-initialize before use. */
typedef struct gem_buffer {
    uint8_t *_Nullable data; /* NULL when empty; otherwise len bytes followed by a NUL byte */
    size_t len;
} gem_buffer;

/**
 * Wipes and frees the bytes of *buffer and resets it to {NULL, 0}. NULL-safe; a buffer
 * already freed (data == NULL) is left alone.
 */
void gem_buffer_free(gem_buffer *_Nullable buffer);

/* ---------------------------------------------------------------------------------------------
 * Completions (async commands)
 * ------------------------------------------------------------------------------------------- */

/**
 * Called exactly once per started async command, on a core thread. On GEM_OK, data/len is
 * the result JSON ("null" for none); otherwise the error record. The bytes are borrowed for
 * the duration of the callback: copy what you keep.
 */
typedef void (*gem_completion_fn)(void *_Nullable context, gem_status status,
                                  const uint8_t *_Nonnull data, size_t len);

/* ---------------------------------------------------------------------------------------------
 * Port calls
 * ------------------------------------------------------------------------------------------- */

/**
 * One pending call from the core to a port method. The host answers it exactly once with
 * gem_call_ok or gem_call_fail, from any thread. Answering twice, or after the owning service
 * was freed (when the core has already failed the call with GEM_ERR_CANCELLED), returns
 * GEM_ERR_STALE_CALL and does nothing: a stale gem_call is never dereferenced, so it is safe.
 */
typedef struct gem_call gem_call;

/**
 * Answers `call` with success. data/len is the result JSON the method documents (may be
 * NULL/0 for methods that return nothing). Borrowed: the core copies it before returning.
 * Returns GEM_OK, GEM_ERR_STALE_CALL, or GEM_ERR_INVALID_ARGUMENT (call is NULL).
 */
gem_status gem_call_ok(gem_call *_Nullable call, const uint8_t *_Nullable data, size_t len);

/**
 * Answers `call` with a failure. `status` is a GEM_ERR_* code (GEM_OK is read as
 * GEM_ERR_PORT); `message` (UTF-8, may be NULL) explains it and reaches the caller's error
 * record. Returns GEM_OK, GEM_ERR_STALE_CALL, or GEM_ERR_INVALID_ARGUMENT (call is NULL).
 */
gem_status gem_call_fail(gem_call *_Nullable call, gem_status status, const char *_Nullable message);

#ifdef __cplusplus
}
#endif

#endif /* GEMSTONE_H */
