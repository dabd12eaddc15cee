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
 *    of the status, see gem_status below). An error message never contains a secret. An "api"
 *    record also carries the HTTP status: {"type":"api","message":"…","status":409}.
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
 *  - Reading a function's JSON. A comment names the records a function takes and answers instead
 *    of spelling them: "request GemAssetListRowsRequest; answers [GemAssetItemRow]". A record or
 *    enum name (GemX, Asset, Wallet, Transaction, PriceAlert, …) means the JSON value documented
 *    key by key in docs/records.md#<the name in lower case> and in include/gemstone.schema.json,
 *    both generated from the repository's schema folder; `[X]` is a JSON array of X; `X?` is X or
 *    null (a key of that type may also be absent); string, bool, int, f64, asset_id, wallet_id,
 *    chain and biguint are the schema's scalars (biguint a decimal string), null the JSON null.
 *    "request X" is request_json, "args X" a port method's args, "answers X" what *out holds, done
 *    receives or the host answers; "args {}" is the empty object. Example values and the rules a
 *    function adds are prose beside the name. tests/abi/check_record_refs.py holds every function
 *    and port method to this.
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
 *    the table: that may be after gem_<noun>_free has returned, once in-flight work has
 *    unwound, and never while one of the table's methods is queued or running. Each port method
 *    receives a gem_call; the host answers it exactly once with gem_call_ok or gem_call_fail,
 *    inline or later, from any thread. The core never holds a lock while calling out. Async
 *    ports are called on a dispatch thread where blocking is allowed (a SQLite write), never on
 *    the host's calling thread; SYNC ports (the preferences store) run on whatever thread needs
 *    the value, the caller's included, and answer before returning.
 *
 *  - Store timeouts. A call to an async store or port (gem_wallet_store, gem_secure_store,
 *    gem_price_alert_store, gem_price_store, gem_node_store, gem_asset_store,
 *    gem_balance_store, gem_transaction_store, gem_transaction_status_port,
 *    gem_stream_connection) that the host has not answered within the service's store timeout
 *    fails with GEM_ERR_TIMEOUT, and so does the command that made it (except the status port's schedule, whose failure the submit
 *    ignores): `done` fires on the core thread that ran the timer, and the host's later answer
 *    is stale (gem_call_ok answers GEM_ERR_STALE_CALL). The bound is
 *    "store_timeout_ms" in the config_json of each service's constructor: gem_wallet_service_new,
 *    gem_wallet_session_service_new, gem_price_alert_service_new, gem_price_service_new,
 *    gem_node_service_new, gem_assets_service_new, gem_balance_service_new,
 *    gem_transactions_service_new, gem_confirm_transfer_service_new (the status port) and
 *    gem_stream_subscription_service_new (the stream connection)
 *    (1 to 600000, default 30000 when the key or the whole config is absent; 0, more, a fraction
 *    or a string is GEM_ERR_INVALID_ARGUMENT naming config_json.store_timeout_ms). A timed-out write
 *    may still land in the host's store later: the core has already reported it failed and
 *    undone what it could. The keystore password and the notification permission are not
 *    bounded (the host may wait for the user); neither is a SYNC port, which answers before
 *    returning.
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
#define GEM_ABI_VERSION 2

/** Returns the ABI version the loaded library implements; compare with GEM_ABI_VERSION. */
uint32_t gem_abi_version(void);

/** The release this header ships with ("major.minor.patch"); the CMake project, gemstone.pc and the Python and
 *  Kotlin packages carry the same. The installed library's SONAME is libgemstone.so.<GEM_ABI_VERSION>. */
#define GEM_VERSION "0.1.0"

/** Returns the release of the loaded library ("0.1.0"; compare with GEM_VERSION): a static NUL-terminated
 *  string, never freed, valid for the life of the process. */
const char *_Nonnull gem_version(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

typedef int32_t gem_status;

/* BEGIN GENERATED: status codes (scripts/generate.py from schema/status.json) */
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
/** A send could not be confirmed or submitted; the error record is a GemConfirmError ("confirm"). */
#define GEM_ERR_CONFIRM (-14)
/* END GENERATED: status codes */

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
 * Answers `call` with success. data/len is the result JSON the method documents; for a method
 * that answers null, "null" and NULL/0 are the same. Borrowed: the core copies it before returning.
 * Returns GEM_OK, GEM_ERR_STALE_CALL, or GEM_ERR_INVALID_ARGUMENT (call is NULL, or data is NULL
 * with len > 0: the call is then failed as a GEM_ERR_PORT contract breach).
 */
gem_status gem_call_ok(gem_call *_Nullable call, const uint8_t *_Nullable data, size_t len);

/**
 * Answers `call` with a failure. `status` is a GEM_ERR_* code (GEM_OK, or any value that is not
 * a GEM_ERR_* code, is read as GEM_ERR_PORT); `message` (UTF-8, may be NULL) explains it and reaches the caller's error
 * record. Returns GEM_OK, GEM_ERR_STALE_CALL, or GEM_ERR_INVALID_ARGUMENT (call is NULL).
 */
gem_status gem_call_fail(gem_call *_Nullable call, gem_status status, const char *_Nullable message);

/* ---------------------------------------------------------------------------------------------
 * Port tables
 *
 * Every port method has the same shape:
 *     void method(void *context, const uint8_t *args, size_t args_len, gem_call *call);
 * `args` is a JSON object (borrowed for the duration of the call; copy what you keep) and the
 * host answers `call` with the JSON the method documents. Async ports may answer later, from
 * any thread; sync ports (marked SYNC) must answer before the method returns.
 * ------------------------------------------------------------------------------------------- */

typedef void (*gem_port_fn)(void *_Nullable context, const uint8_t *_Nonnull args, size_t args_len,
                            gem_call *_Nonnull call);

/** Called once, on any thread, after the core's last use of a table. May be NULL. */
typedef void (*gem_release_fn)(void *_Nullable context);

/**
 * Values the user set (GemPreferencesStore). All methods are SYNC: answer before returning. They
 * run on the thread the core is on when it needs the value: the caller's thread for the
 * gem_preferences_service_* functions, a core thread when another service (price alerts) reads
 * or stores a preference. Keep them quick (an in-memory or key-value read).
 */
typedef struct gem_preferences_store {
    uint32_t struct_size;            /* sizeof(gem_preferences_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemStoreKey; answers string?: the stored value, or null when absent. Cannot fail. */
    gem_port_fn _Nullable /* required */ get;
    /** args GemStoreEntry; answers null. */
    gem_port_fn _Nullable /* required */ set;
    /** args GemStoreKey; answers null. */
    gem_port_fn _Nullable /* required */ remove;
} gem_preferences_store;

/**
 * The price alerts kept on the device (GemPriceAlertStore). Async; called on a core dispatch
 * thread where blocking (a SQLite transaction) is allowed.
 */
typedef struct gem_price_alert_store {
    uint32_t struct_size;            /* sizeof(gem_price_alert_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemPriceAlertsQuery (asset_id absent: every alert); answers [PriceAlert]. */
    gem_port_fn _Nullable /* required */ get_price_alerts;
    /**
     * args GemPriceAlertStoreUpdate; answers null. Upsert each alert under its "id" and delete the
     * ids, in one transaction, writing only rows that change; or fail with GEM_ERR_STORE and
     * nothing written.
     */
    gem_port_fn _Nullable /* required */ update_price_alerts;
} gem_price_alert_store;

/**
 * The host's HTTP client. Async.
 * args GemHTTPRequest (docs/records.md#gemhttprequest; the method as HTTP spells it, "GET"). Send
 * body as its UTF-8 bytes, or, when body_base64 is present instead (a body that is not UTF-8 text,
 * such as an Aptos BCS transaction), its decoded bytes exactly as they are.
 * Answer GemHTTPResponse for any HTTP answer (an HTTP error status is an answer), or
 * fail with GEM_ERR_OFFLINE when no answer came (DNS, connection, TLS). The core fails the call
 * with GEM_ERR_TIMEOUT when the host has not answered within the service's timeout.
 */
typedef struct gem_http_transport {
    uint32_t struct_size;            /* sizeof(gem_http_transport) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    gem_port_fn _Nullable /* required */ request;
} gem_http_transport;

/** The OS notification permission. Async. args {}; answers bool: true (allowed) or false (refused). */
typedef struct gem_notification_permissions {
    uint32_t struct_size;            /* sizeof(gem_notification_permissions) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    gem_port_fn _Nullable /* required */ request;
} gem_notification_permissions;

/* ---------------------------------------------------------------------------------------------
 * Async commands
 *
 * Every function that takes (gem_completion_fn done, void *context) reports its outcome through
 * `done`, exactly once, on a core thread, whatever happens, including a NULL service or malformed
 * arguments (then done receives GEM_ERR_INVALID_ARGUMENT and its error record). It returns
 * GEM_OK, or GEM_ERR_INVALID_ARGUMENT without calling anything when `done` itself is NULL.
 * `done` may run before the starting function has returned (on a core thread): register
 * whatever `context` points to before the call.
 * ------------------------------------------------------------------------------------------- */

/* ---------------------------------------------------------------------------------------------
 * GemPreferencesService: typed access to the user's preferences, over a gem_preferences_store.
 * ------------------------------------------------------------------------------------------- */

typedef struct gem_preferences_service gem_preferences_service;

/**
 * Creates the service over a copy of *store. On success *out_service is set (free it with
 * gem_preferences_service_free); on failure *out_error (may be NULL) holds the error record and
 * store->release is not called. A table whose struct_size is smaller than this header's, or
 * whose required methods are NULL, is rejected with GEM_ERR_INVALID_ARGUMENT.
 */
gem_status gem_preferences_service_new(const gem_preferences_store *_Nullable store,
                                       gem_preferences_service *_Nullable *_Nullable out_service,
                                       gem_buffer *_Nullable out_error);

/** Releases the host's reference. NULL-safe. */
void gem_preferences_service_free(gem_preferences_service *_Nullable service);

/**
 * Reads every preference the core owns: *out holds GemPreferences (device_id absent when unset),
 * or the error record on failure.
 */
gem_status gem_preferences_service_get(gem_preferences_service *_Nullable service, gem_buffer *_Nullable out);

/**
 * patch_json GemPreferencesPatch (each key optional); *out holds the updated GemPreferences. All or
 * nothing: every present field is checked before any is written, so a patch with one valid and
 * one invalid field writes nothing and answers GEM_ERR_INVALID_INPUT. The currency must be three
 * upper-case letters; a device id is non-empty without spaces or control characters.
 * price_alerts_enabled is changed only through gem_price_alert_service_set_enabled. On failure *out
 * holds the error record.
 */
gem_status gem_preferences_service_update(gem_preferences_service *_Nullable service,
                                          const char *_Nullable patch_json, gem_buffer *_Nullable out);

/* ---------------------------------------------------------------------------------------------
 * GemPriceAlertService: price alerts, kept locally and on the remote API.
 *
 * A price alert is a PriceAlert (every key after currency optional). Alerts the core writes or
 * answers also carry their "id", the store key, derived by the core from the other fields (the
 * host never computes it).
 * ------------------------------------------------------------------------------------------- */

typedef struct gem_price_alert_service gem_price_alert_service;

/**
 * Creates the service. config_json GemPriceAlertServiceConfig (timeout_ms optional, 1 to 600000:
 * how long the transport may take before GEM_ERR_TIMEOUT; store_timeout_ms optional, the same for
 * the price-alert store, see "Store timeouts" at the top).
 * Cleartext "http://" is refused (GEM_ERR_INVALID_INPUT) unless the host is loopback:
 * 127.0.0.1, [::1] or localhost, with an optional :port.
 * The tables are copied; `preferences` is retained (the host may free its reference at once).
 * On failure *out_error holds the error record and no release is called: the host still owns
 * every context it passed.
 */
gem_status gem_price_alert_service_new(const char *_Nullable config_json,
                                       const gem_http_transport *_Nullable transport,
                                       gem_preferences_service *_Nullable preferences,
                                       const gem_price_alert_store *_Nullable store,
                                       const gem_notification_permissions *_Nullable permissions,
                                       gem_price_alert_service *_Nullable *_Nullable out_service,
                                       gem_buffer *_Nullable out_error);

/**
 * Releases the host's reference; in-flight commands complete with GEM_ERR_CANCELLED and their
 * pending port calls become stale. NULL-safe.
 */
void gem_price_alert_service_free(gem_price_alert_service *_Nullable service);

/** Lists the stored alerts (asset_id NULL for all). done receives [PriceAlert]. */
gem_status gem_price_alert_service_get_price_alerts(gem_price_alert_service *_Nullable service,
                                                    const char *_Nullable asset_id,
                                                    gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Reads the remote alerts and the stored ones, and writes only the difference (nothing when they
 * agree). asset_id NULL syncs all. done receives what was written, GemPriceAlertSyncResult
 * (both lists empty when local and remote agreed).
 */
gem_status gem_price_alert_service_sync(gem_price_alert_service *_Nullable service, const char *_Nullable asset_id,
                                        gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Adds an alert (alert_json PriceAlert, without "id"): stored locally first, then sent to the API; an
 * API refusal (GEM_ERR_API), transport failure or timeout restores the previous local state and done
 * receives that error.
 * Adding turns alerts on and asks the permission port every time. done receives
 * GemPriceAlertAddResult (the alert with its "id").
 * Needs a device id (gem_preferences_service_update), else GEM_ERR_INVALID_INPUT before any write.
 */
gem_status gem_price_alert_service_add(gem_price_alert_service *_Nullable service, const char *_Nullable alert_json,
                                       gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Deletes alerts by id (ids_json [string]): removed locally first, then on the API; an API
 * refusal restores them and done receives the API's error. Ids not stored are ignored.
 * done receives the deleted alerts, [PriceAlert].
 */
gem_status gem_price_alert_service_delete(gem_price_alert_service *_Nullable service, const char *_Nullable ids_json,
                                          gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Turns price alerts on (enabled != 0: asks the permission port every time) or off.
 * done receives GemPriceAlertsToggle (permission absent when turning off, which does not ask): a
 * refusal is a value, not an error. Only a failing permission port is an error, and then nothing is
 * stored.
 */
gem_status gem_price_alert_service_set_enabled(gem_price_alert_service *_Nullable service, int32_t enabled,
                                               gem_completion_fn _Nullable done, void *_Nullable context);

/** Whether alerts are on: *out holds bool (true or false), or the error record. */
gem_status gem_price_alert_service_is_enabled(gem_price_alert_service *_Nullable service, gem_buffer *_Nullable out);

/* ---------------------------------------------------------------------------------------------
 * Wallets: GemWalletSessionService (reads: wallets, current wallet) and GemWalletService (create,
 * import, preview, rename, pin, delete, switch, export a secret), over four ports the host fills:
 * gem_wallet_store, gem_wallet_session_store, gem_secure_store and gem_keystore_password.
 *
 * A wallet record: Wallet (docs/records.md#wallet; its accounts are Account records).
 * Wallet ids are the storage strings multicoin_<EIP-55 address of m/44'/60'/0'/0/0>,
 * single_<chain>_<address>, privateKey_<chain>_<address>, view_<chain>_<address>: importing the
 * same phrase, key or address twice gives the same id. Accounts of private-key and watch-only
 * wallets have an empty derivation_path.
 *
 * An import request (import_json): GemWalletImport (docs/records.md#gemwalletimport), one of
 * multicoin (chains absent or empty: every chain a phrase wallet derives), single, private_key, view.
 * Phrases: BIP39 English, 12-24 words, any case and spacing. Private keys: 64 hex digits
 * (0x optional) on every chain that takes one; also base58 (Solana), S… secret seeds (Stellar),
 * suiprivkey1… (Sui), ed25519:<base58> (Near), and seed‖public-key keypairs on ed25519 chains.
 * Bitcoin-family chains and Cardano take no private key. A name is trimmed, at most 64
 * characters; absent or blank gives "Wallet #<index>". A bad phrase, key or address fails with
 * GEM_ERR_INVALID_INPUT before anything is written; a request that is not this JSON fails with
 * GEM_ERR_INVALID_ARGUMENT.
 *
 * A copy record (gem_wallet_service_export_secret, and the phrase of create_wallet): GemCopy
 * (docs/records.md#gemcopy) of kind secret_phrase or private_key, its display "".
 * The kind says the value is a secret: mark the clipboard item sensitive, never show it in a toast.
 * ------------------------------------------------------------------------------------------- */

/**
 * The wallets and their accounts (GemWalletStore). Async; called on a core dispatch thread where
 * blocking (a SQLite transaction) is allowed. Answer each call with the JSON named, or fail it with
 * GEM_ERR_STORE (nothing written).
 */
typedef struct gem_wallet_store {
    uint32_t struct_size;            /* sizeof(gem_wallet_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args {}; answers [Wallet]: every stored wallet (any order). */
    gem_port_fn _Nullable /* required */ get_wallets;
    /** args GemWalletRef; answers Wallet?: the wallet, or null when none has this id. */
    gem_port_fn _Nullable /* required */ get_wallet;
    /**
     * args GemWalletWrite; answers null. Insert the wallet and its accounts in one transaction. A
     * wallet with this id already stored: fail with GEM_ERR_STORE and write nothing (never overwrite).
     */
    gem_port_fn _Nullable /* required */ add_wallet;
    /**
     * args GemWalletWrite; answers null. Replace the stored wallet with this id (name, pin, order),
     * writing only what changed. An id that is not stored is a failure (GEM_ERR_NOT_FOUND or
     * GEM_ERR_STORE) with nothing written; the core saves only wallets it has just read.
     */
    gem_port_fn _Nullable /* required */ save_wallet;
    /**
     * args GemWalletRef; answers null. Delete the wallet and its accounts; an unknown id is not an
     * error.
     */
    gem_port_fn _Nullable /* required */ delete_wallet;
} gem_wallet_store;

/**
 * The current wallet id (GemWalletSessionStore). SYNC: answer before returning, from a value held
 * in memory (persisted on write). The methods run on the thread the core is on when it needs the
 * value: the caller's thread for gem_wallet_session_service_get_current_wallet_id, a core thread
 * inside the services' commands. Keep them quick.
 */
typedef struct gem_wallet_session_store {
    uint32_t struct_size;            /* sizeof(gem_wallet_session_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args {}; answers wallet_id?: the current wallet id, or null when none is set. */
    gem_port_fn _Nullable /* required */ get_current_wallet_id;
    /**
     * args GemCurrentWalletIdUpdate (wallet_id null: clear); answers null, or fail and keep the old
     * value.
     */
    gem_port_fn _Nullable /* required */ set_current_wallet_id;
} gem_wallet_session_store;

/**
 * Secrets at rest (GemSecureStore): the host's OS-protected storage (Keychain, Android Keystore
 * with an AEAD, a file only its owner can read). The core keeps here only encrypted keystore
 * records, one per wallet, under the wallet's external_id. Async; answering inline is fine. Every
 * method may fail (GEM_ERR_STORE); a failed get is never taken for an absent value.
 */
typedef struct gem_secure_store {
    uint32_t struct_size;            /* sizeof(gem_secure_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemStoreKey; answers string?: the stored value, or null when absent. */
    gem_port_fn _Nullable /* required */ get;
    /** args GemStoreEntry; answers null. Store value under key, replacing any value. */
    gem_port_fn _Nullable /* required */ set;
    /** args GemStoreKey; answers null. Remove the key; an absent key is not an error. */
    gem_port_fn _Nullable /* required */ delete_key;
} gem_secure_store;

/**
 * The keystore password: a random per-install secret the host created
 * once (at least 16 bytes; 32 random bytes is right) and keeps behind its own OS protection. The
 * host may authenticate the user first; a refusal is gem_call_fail(GEM_ERR_PERMISSION_DENIED).
 * Asked on every create, import of a phrase or key, and export. Async.
 */
typedef struct gem_keystore_password {
    uint32_t struct_size;            /* sizeof(gem_keystore_password) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /**
     * args {}. Answer the password's raw bytes (16 to 1024 bytes, NOT JSON). The core copies them
     * into memory it wipes after use; wipe your own copy when done.
     */
    gem_port_fn _Nullable /* required */ get_password;
} gem_keystore_password;

typedef struct gem_wallet_session_service gem_wallet_session_service;

/**
 * Creates the session service over copies of *store and *session_store. config_json
 * GemWalletSessionServiceConfig (NULL: every default): the bound on each wallet-store call (see
 * "Store timeouts"). On failure *out_error holds the error record and no release is called.
 */
gem_status gem_wallet_session_service_new(const char *_Nullable config_json, const gem_wallet_store *_Nullable store,
                                          const gem_wallet_session_store *_Nullable session_store,
                                          gem_wallet_session_service *_Nullable *_Nullable out_service,
                                          gem_buffer *_Nullable out_error);

/** Releases the host's reference; in-flight commands complete with GEM_ERR_CANCELLED. NULL-safe. */
void gem_wallet_session_service_free(gem_wallet_session_service *_Nullable service);

/** Every wallet, in the user's order (order, then index). done receives [Wallet]. */
gem_status gem_wallet_session_service_get_wallets(gem_wallet_session_service *_Nullable service,
                                                  gem_completion_fn _Nullable done, void *_Nullable context);

/** One wallet by id. done receives Wallet?: the wallet, or null when none has this id. */
gem_status gem_wallet_session_service_get_wallet(gem_wallet_session_service *_Nullable service,
                                                 const char *_Nullable wallet_id,
                                                 gem_completion_fn _Nullable done, void *_Nullable context);

/** One wallet by id. done receives the Wallet, or GEM_ERR_NOT_FOUND. */
gem_status gem_wallet_session_service_require_wallet(gem_wallet_session_service *_Nullable service,
                                                     const char *_Nullable wallet_id,
                                                     gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * The stored current wallet id, synchronously: *out holds wallet_id? (a JSON string or null). It may name a
 * wallet deleted since; gem_wallet_session_service_get_current_wallet resolves that.
 */
gem_status gem_wallet_session_service_get_current_wallet_id(gem_wallet_session_service *_Nullable service,
                                                            gem_buffer *_Nullable out);

/**
 * The current wallet: the stored one while it exists, else the first wallet in the user's order,
 * else none. done receives Wallet? (null for none). Reading writes nothing.
 */
gem_status gem_wallet_session_service_get_current_wallet(gem_wallet_session_service *_Nullable service,
                                                         gem_completion_fn _Nullable done, void *_Nullable context);

typedef struct gem_wallet_service gem_wallet_service;

/**
 * Creates the wallet service. It owns the wallets' writes and the keystore, which never crosses
 * the ABI: a secret leaves the core only through gem_wallet_service_export_secret.
 * config_json (may be NULL for the defaults): GemWalletServiceConfig: the Argon2id cost of new keystore
 * records (at least 2 passes and 19456 KiB; at most 4 and 262144 KiB; each record stores its own cost,
 * so changing it later keeps old records readable), and the bound on each wallet-store and secure-store
 * call ("Store timeouts" at the top). A stored record whose cost is outside the same bounds is refused
 * (GEM_ERR_CRYPTO) before any derivation.
 * At start, before any command that writes, the service sweeps the secure store: an import lists
 * its secret's key under the secure-store key "gemstone.pending_secrets" (a JSON array of keys,
 * the core's own record: leave it in place) before writing the secret and takes it off once the
 * wallet is stored or the secret undone; the sweep deletes every listed secret whose wallet is not
 * stored (a crash, or an undo that failed), and never touches a key it did not list. A wallet
 * stored without its secret (a delete whose undo failed) stays: export_secret answers
 * GEM_ERR_NOT_FOUND, and importing the same secret again writes it back.
 * The four tables are copied (pass the same store tables as to the session service; each
 * constructor that copied a table calls its release once). On failure *out_error holds the error
 * record and no release is called.
 */
gem_status gem_wallet_service_new(const char *_Nullable config_json,
                                  const gem_wallet_store *_Nullable store,
                                  const gem_wallet_session_store *_Nullable session_store,
                                  const gem_secure_store *_Nullable secure_store,
                                  const gem_keystore_password *_Nullable password,
                                  gem_wallet_service *_Nullable *_Nullable out_service,
                                  gem_buffer *_Nullable out_error);

/** Releases the host's reference; in-flight commands complete with GEM_ERR_CANCELLED. NULL-safe. */
void gem_wallet_service_free(gem_wallet_service *_Nullable service);

/**
 * Creates a multi-coin wallet from a new random phrase and makes it current.
 * request_json (may be NULL for the defaults): GemWalletCreateRequest, each key optional (12 words,
 * every chain). done receives GemWalletCreated (its phrase a GemCopy of kind secret_phrase): the
 * phrase is shown this once, for the user's backup.
 * Writes in the order of gem_wallet_service_import_wallet.
 */
gem_status gem_wallet_service_create_wallet(gem_wallet_service *_Nullable service, const char *_Nullable request_json,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Imports a wallet (import_json GemWalletImport, above) and makes it current. The order is fixed:
 * validate and derive (no I/O); if a wallet with the same id is stored, answer it as "existing" (made
 * current, nothing duplicated); else seal the secret under the password port's password into the secure
 * store, add the wallet to the store, set it current. done receives success only after all three
 * writes; a failing write undoes the earlier ones and done receives its error, leaving no wallet and no
 * secret. If an undo fails too, done receives GEM_ERR_STORE whose message names both failures and what
 * stays stored ("the wallet and its encrypted secret" or "an encrypted secret with no wallet"; such a
 * secret is deleted by the sweep when the service next starts).
 * done receives GemWalletImportResult (imported or existing).
 * Limits (GEM_ERR_INVALID_INPUT, before any decoding): a name as for rename_wallet; a private key
 * longer than the chain's longest form (after surrounding whitespace): 66 characters on secp256k1
 * chains (0x + 64 hex digits), 130 on ed25519 chains (0x + a 128-digit keypair), each form read
 * only within its own length (base58 at most 88 characters, Near ed25519: + 88, Stellar 56).
 */
gem_status gem_wallet_service_import_wallet(gem_wallet_service *_Nullable service, const char *_Nullable import_json,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * What import_wallet would make (import_json GemWalletImport), without writing or asking the
 * password: done receives GemWalletPreview.
 */
gem_status gem_wallet_service_preview_import(gem_wallet_service *_Nullable service, const char *_Nullable import_json,
                                             gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Renames a wallet (trimmed; blank, longer than 64 characters or with control characters is
 * GEM_ERR_INVALID_INPUT). done receives the updated Wallet; nothing is written when the
 * name is unchanged. An unknown id is GEM_ERR_NOT_FOUND.
 * Limits: a name is at most 256 UTF-8 bytes as well as 64 characters, and refuses bidi controls
 * (U+202A-202E, U+2066-2069, U+200E/200F, U+061C) and invisible characters (format characters
 * such as U+200B and U+FEFF, line separators, Hangul fillers); ZWJ, ZWNJ and emoji tag sequences
 * are kept.
 */
gem_status gem_wallet_service_rename_wallet(gem_wallet_service *_Nullable service, const char *_Nullable wallet_id,
                                            const char *_Nullable name,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/** Pins (pinned != 0) or unpins a wallet. done receives the updated Wallet. */
gem_status gem_wallet_service_set_pinned(gem_wallet_service *_Nullable service, const char *_Nullable wallet_id,
                                         int32_t pinned, gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Deletes a wallet with its keystore record: the secret first, then the wallet (if that fails the
 * secret is put back and done receives the error; if putting it back fails too, done receives
 * GEM_ERR_STORE naming both failures and "leaving the wallet stored without its encrypted
 * secret"). When it was current, the first remaining wallet becomes current (if storing that
 * choice fails, the deletion stands and the stored id resolves to the same wallet). done receives
 * GemWalletDeleted (current_wallet_id absent when no wallet remains).
 */
gem_status gem_wallet_service_delete_wallet(gem_wallet_service *_Nullable service, const char *_Nullable wallet_id,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/** Makes a stored wallet current. done receives its Wallet, or GEM_ERR_NOT_FOUND. */
gem_status gem_wallet_service_set_current_wallet_id(gem_wallet_service *_Nullable service,
                                                    const char *_Nullable wallet_id,
                                                    gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * The wallet's secret for the user to copy, after the password port answered: done receives a
 * GemCopy of kind secret_phrase (words joined by one space) or private_key (in the chain's
 * usual form: Solana base58 keypair, Stellar S…, Sui suiprivkey1…, Near ed25519:…, 0x-hex on EVM
 * chains, hex elsewhere). A watch-only wallet is GEM_ERR_INVALID_INPUT; a keystore record that is
 * missing is GEM_ERR_NOT_FOUND; a wrong password or a damaged record is GEM_ERR_CRYPTO, whose
 * message names the failed check (wrong password, modified ciphertext, corrupted nonce or salt,
 * modified metadata, unknown field). The bytes done receives are the secret: wipe your copies.
 */
gem_status gem_wallet_service_export_secret(gem_wallet_service *_Nullable service, const char *_Nullable wallet_id,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * What the sweep at start (gem_wallet_service_new above) found and did, waiting for it if it is still
 * running: done (once, on a core thread) receives GemSecretSweep:
 * the secure-store keys of the secrets it deleted, the wallets stored without their secret, and the
 * error that stopped it ("failure", absent when it ran through; what it had not settled stays
 * listed and is swept at the next start). Every call on one service answers the same record; the
 * sweep itself runs once per service, whether or not this is called. Takes no input.
 */
gem_status gem_wallet_service_startup_sweep(gem_wallet_service *_Nullable service,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/* ---------------------------------------------------------------------------------------------
 * Chains: nodes, assets and balances.
 *
 * Three services, each over its own store port, composed as the specification's app composes
 * them: GemNodeService (which node each chain is reached through, over the host's HTTP
 * transport), GemAssetsService (the assets each wallet shows; needs the node and wallet session
 * services) and GemBalanceService (the only writer of balance rows; needs all three). A service
 * handle passed to another constructor is retained by it; each command's port calls belong to the
 * service that started the command, so freeing the node service handle never cancels a balance
 * refresh, and freeing the balance service cancels its refresh's calls, HTTP requests included.
 * The records named below (GemChainNode, GemChainNodes, GemNodeCheck, GemBalance, …) are
 * described key by key in docs/records.md and include/gemstone.schema.json.
 * ------------------------------------------------------------------------------------------- */

/**
 * The nodes the user added and each chain's selected node (GemNodeStore). Async; called on a core
 * dispatch thread where blocking (a SQLite transaction) is allowed. A node is a GemChainNode.
 * Only GemNodeService writes it.
 */
typedef struct gem_node_store {
    uint32_t struct_size;            /* sizeof(gem_node_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args {}; answers [GemChainNode]: every added node in the order added. */
    gem_port_fn _Nullable /* required */ get_nodes;
    /**
     * args GemNodesUpdate; answers null. In one transaction, append each node of add that is not
     * stored and delete each node of delete; or fail with nothing written.
     */
    gem_port_fn _Nullable /* required */ update_nodes;
    /** args {}; answers [GemChainNode]: the stored selections, at most one per chain. */
    gem_port_fn _Nullable /* required */ get_selections;
    /** args GemNodeSelection (url null: clear the chain's selection); answers null. */
    gem_port_fn _Nullable /* required */ set_selection;
} gem_node_store;

/**
 * The token assets the device knows and the tokens each wallet shows (GemAssetStore). Async, on a
 * core dispatch thread. An asset is an Asset (its id "ethereum_0x…"); native assets come from the
 * core and are never stored.
 */
typedef struct gem_asset_store {
    uint32_t struct_size;            /* sizeof(gem_asset_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemAssetIds; answers [Asset]: the stored assets among ids, any order. */
    gem_port_fn _Nullable /* required */ get_assets;
    /** args GemAssetsAdd; answers null. Upsert each under its id in one transaction. */
    gem_port_fn _Nullable /* required */ add_assets;
    /** args GemWalletRef; answers [asset_id]: the wallet's token ids in the order added. */
    gem_port_fn _Nullable /* required */ get_wallet_assets;
    /** args GemWalletAssetsUpdate, written in one transaction; answers null. */
    gem_port_fn _Nullable /* required */ update_wallet_assets;
} gem_asset_store;

/**
 * A wallet's balance rows, one GemBalance per (wallet, asset) (GemBalanceStore). Async, on a core
 * dispatch thread. Only GemBalanceService writes it.
 */
typedef struct gem_balance_store {
    uint32_t struct_size;            /* sizeof(gem_balance_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemBalancesQuery; answers [GemBalance]: the stored rows among them, any order. */
    gem_port_fn _Nullable /* required */ get_balances;
    /**
     * args GemBalanceUpdate; answers null. Upsert every row under (wallet_id, asset_id) in ONE
     * transaction, so an observer never sees a chain half written; or fail (GEM_ERR_STORE) with
     * none of the rows written.
     */
    gem_port_fn _Nullable /* required */ update_balances;
} gem_balance_store;

typedef struct gem_node_service gem_node_service;

/**
 * Creates the node service over copies of *transport and *store. config_json (may be NULL for the
 * defaults): GemNodeServiceConfig (nodes: {"ethereum":["http://127.0.0.1:8545"]}, a chain's URLs).
 * timeout_ms (1 to 600000) bounds each HTTP
 * request to a node; store_timeout_ms (1 to 600000, default 30000) each gem_node_store call (see
 * "Store timeouts"). "nodes" replaces the built-in nodes of the chains it names (a host shipping
 * its own nodes, or tests on local chains); every URL is https, or http only to 127.0.0.1, [::1]
 * or localhost (GEM_ERR_INVALID_INPUT otherwise). On failure *out_error holds the error record
 * and no release is called.
 */
gem_status gem_node_service_new(const char *_Nullable config_json, const gem_http_transport *_Nullable transport,
                                const gem_node_store *_Nullable store, gem_node_service *_Nullable *_Nullable out_service,
                                gem_buffer *_Nullable out_error);

/** Releases the host's reference. NULL-safe. */
void gem_node_service_free(gem_node_service *_Nullable service);

/** done receives the chain's GemChainNodes: its built-in then added nodes, and the one in use. */
gem_status gem_node_service_nodes(gem_node_service *_Nullable service, const char *_Nullable chain,
                                  gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Adds a node (node_json: GemChainNode) to its chain's list; a URL already listed is left as it
 * is. done receives the chain's GemChainNodes. GEM_ERR_INVALID_INPUT: a URL that is not https (or
 * loopback http), longer than 2048 bytes, or a chain that already has 32 added nodes.
 */
gem_status gem_node_service_add(gem_node_service *_Nullable service, const char *_Nullable node_json,
                                gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Removes an added node (node_json GemChainNode); when it was selected the chain goes back to its
 * default. done receives the chain's GemChainNodes. GEM_ERR_INVALID_INPUT for a built-in node,
 * GEM_ERR_NOT_FOUND for a node not listed.
 */
gem_status gem_node_service_remove(gem_node_service *_Nullable service, const char *_Nullable node_json,
                                   gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Makes the chain's requests use node_json's URL (a GemChainNode), which must be one of its nodes
 * (GEM_ERR_NOT_FOUND otherwise). done receives the chain's GemChainNodes.
 */
gem_status gem_node_service_select(gem_node_service *_Nullable service, const char *_Nullable node_json,
                                   gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Checks a node (node_json GemChainNode, listed or not): done receives a GemNodeCheck, whose status is
 * ok, wrong_network (with the expected and actual ids) or unreachable (with the error record), and
 * whose rows are the chain id, sync state, latest block (a GemFormattedNumber) and latency the node
 * answered. An unreachable node is an answer, not an error; only a malformed URL fails
 * (GEM_ERR_INVALID_INPUT).
 */
gem_status gem_node_service_check(gem_node_service *_Nullable service, const char *_Nullable node_json,
                                  gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Re-resolves every stored selection (call it at start, before any refresh): a selection naming a
 * node its chain no longer offers is cleared, so the chain uses its first built-in node. done
 * receives the selections cleared: [GemChainNode].
 */
gem_status gem_node_service_resolve_selections(gem_node_service *_Nullable service,
                                               gem_completion_fn _Nullable done, void *_Nullable context);

typedef struct gem_assets_service gem_assets_service;

/**
 * Creates the assets service over a copy of *store, retaining nodes and wallets. config_json
 * GemAssetsServiceConfig (NULL: every default): the bound on each asset-store call (see "Store
 * timeouts"). On failure *out_error holds the error record and no release is called.
 */
gem_status gem_assets_service_new(const char *_Nullable config_json, gem_node_service *_Nullable nodes,
                                  gem_wallet_session_service *_Nullable wallets, const gem_asset_store *_Nullable store,
                                  gem_assets_service *_Nullable *_Nullable out_service, gem_buffer *_Nullable out_error);

/** Releases the host's reference. NULL-safe. */
void gem_assets_service_free(gem_assets_service *_Nullable service);

/**
 * done receives the assets the wallet shows, [Asset]: the native coin of each chain it has an
 * account on (account order), then its tokens in the order added. GEM_ERR_NOT_FOUND: no such wallet.
 */
gem_status gem_assets_service_wallet_assets(gem_assets_service *_Nullable service, const char *_Nullable wallet_id,
                                            gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Adds a token (asset_id "<chain>_<token id>") to the wallet's list, reading its name, symbol and
 * decimals from the chain's node the first time. done receives the Asset. GEM_ERR_INVALID_INPUT: a
 * native asset id, or a chain the wallet has no account on; a node's failure is its error record.
 */
gem_status gem_assets_service_add_token(gem_assets_service *_Nullable service, const char *_Nullable wallet_id,
                                        const char *_Nullable asset_id, gem_completion_fn _Nullable done,
                                        void *_Nullable context);

/** Removes a token from the wallet's list; done receives null. GEM_ERR_NOT_FOUND when it is not listed. */
gem_status gem_assets_service_remove_token(gem_assets_service *_Nullable service, const char *_Nullable wallet_id,
                                           const char *_Nullable asset_id, gem_completion_fn _Nullable done,
                                           void *_Nullable context);

typedef struct gem_balance_service gem_balance_service;

/**
 * Creates the balance service over a copy of *store, retaining nodes, assets and wallets.
 * config_json GemBalanceServiceConfig (NULL: every default): the bound on each balance-store call
 * (see "Store timeouts"). On failure *out_error holds the error record and no release is called.
 */
gem_status gem_balance_service_new(const char *_Nullable config_json, gem_node_service *_Nullable nodes,
                                   gem_assets_service *_Nullable assets, gem_wallet_session_service *_Nullable wallets,
                                   const gem_balance_store *_Nullable store,
                                   gem_balance_service *_Nullable *_Nullable out_service, gem_buffer *_Nullable out_error);

/** Releases the host's reference; a refresh in flight completes with GEM_ERR_CANCELLED. NULL-safe. */
void gem_balance_service_free(gem_balance_service *_Nullable service);

/**
 * Refreshes every chain of the wallet at once and writes each chain's changed rows with one
 * update_balances call as soon as that chain has answered (the coin, token and stake balances of
 * a chain are asked separately; those that answered are written even when another failed; a
 * failed source leaves its rows as they were). When every chain answered, done receives a
 * GemBalanceRefresh (rows written per chain); otherwise, once every chain has finished, the first
 * failure in the wallet's account order (a node's failure names its chain first: "solana: …"; a
 * store's failure is the store's own error record). Overlapping
 * refreshes of one wallet publish in order: an answer older than one already written for the same
 * asset and kind is dropped. Other wallets refresh concurrently.
 */
gem_status gem_balance_service_update(gem_balance_service *_Nullable service, const char *_Nullable wallet_id,
                                      gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * done receives the stored balances of the assets the wallet shows, [GemBalance], in the order
 * gem_assets_service_wallet_assets answers (an asset never refreshed has no row).
 */
gem_status gem_balance_service_balances(gem_balance_service *_Nullable service, const char *_Nullable wallet_id,
                                        gem_completion_fn _Nullable done, void *_Nullable context);

/* ---------------------------------------------------------------------------------------------
 * Send: transactions, tracking, confirmation
 * ------------------------------------------------------------------------------------------- */

/**
 * The wallets' transactions (GemTransactionStore), one Transaction record per id ("<chain>_<hash>").
 * Async, on a core dispatch thread. Only GemTransactionsService reads and writes it (the confirm and
 * state services write through it).
 */
typedef struct gem_transaction_store {
    uint32_t struct_size;            /* sizeof(gem_transaction_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /**
     * args GemWalletRef; answers [Transaction]: the wallet's transactions, newest first (created_at,
     * then id).
     */
    gem_port_fn _Nullable /* required */ get_transactions;
    /** args GemTransactionRef; answers Transaction?: the transaction, or null when none has the id. */
    gem_port_fn _Nullable /* required */ get_transaction;
    /**
     * args GemTransactionsUpdate; answers null. Insert each, or replace the row of its id, in ONE
     * transaction; or fail (GEM_ERR_STORE) with none written.
     */
    gem_port_fn _Nullable /* required */ update_transactions;
} gem_transaction_store;

/**
 * The host's scheduler of transaction tracking (the specification's GemTransactionStatusService
 * port). Async, on a core dispatch thread, once per submit, after the pending transactions are
 * stored. The host runs gem_transaction_state_service_track for each id on its own executor and
 * lifetime; the core never waits for the tracking.
 */
typedef struct gem_transaction_status_port {
    uint32_t struct_size;            /* sizeof(gem_transaction_status_port) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemTransactionSchedule; answers null (a failure is ignored: the transaction stays pending). */
    gem_port_fn _Nullable /* required */ schedule;
} gem_transaction_status_port;

/** A wallet's stored transactions (GemTransactionsService): the one owner of the transaction store. */
typedef struct gem_transactions_service gem_transactions_service;

/**
 * Creates the service over assets (for the rows' assets; retained) and the store table (copied;
 * released once when the service goes). config_json GemTransactionsServiceConfig (NULL: every
 * default): the bound on each transaction-store call (see "Store timeouts").
 * GEM_ERR_INVALID_ARGUMENT: a NULL or wrong handle, a table missing a method or smaller than its
 * struct_size, a config that is not a GemTransactionsServiceConfig.
 */
gem_status gem_transactions_service_new(const char *_Nullable config_json, gem_assets_service *_Nullable assets,
                                        const gem_transaction_store *_Nullable store,
                                        gem_transactions_service *_Nullable *_Nullable out_service,
                                        gem_buffer *_Nullable out_error);

/** Releases the host's reference; a command in flight completes with GEM_ERR_CANCELLED. NULL-safe. */
void gem_transactions_service_free(gem_transactions_service *_Nullable service);

/**
 * request_json GemTransactionsRequest (at most 4096 bytes).
 * done receives the wallet's newest `limit` transactions as rows, [GemTransactionRow] (as
 * gem_transaction_rows answers them), on a core thread.
 */
gem_status gem_transactions_service_rows(gem_transactions_service *_Nullable service, const char *_Nullable request_json,
                                         gem_completion_fn _Nullable done, void *_Nullable context);

/** As gem_transactions_service_rows; done receives the stored records, [Transaction]. */
gem_status gem_transactions_service_transactions(gem_transactions_service *_Nullable service, const char *_Nullable request_json,
                                                 gem_completion_fn _Nullable done, void *_Nullable context);

/** done receives the Transaction of transaction_id ("<chain>_<hash>"); GEM_ERR_NOT_FOUND when none. */
gem_status gem_transactions_service_transaction(gem_transactions_service *_Nullable service, const char *_Nullable transaction_id,
                                                gem_completion_fn _Nullable done, void *_Nullable context);

/** Tracks broadcast transactions to their final state (GemTransactionStateService). */
typedef struct gem_transaction_state_service gem_transaction_state_service;

/**
 * config_json NULL or GemTransactionStateServiceConfig (interval_ms 1 to 600000, default 2000;
 * max_polls 1 to 100000, default 900). transactions
 * and nodes are retained; balances may be NULL (then no balance is refreshed after tracking). The
 * service has no store of its own: its store calls go through transactions and balances, bounded
 * as those services bound them.
 * GEM_ERR_INVALID_ARGUMENT: a NULL or wrong handle, a config out of range.
 */
gem_status gem_transaction_state_service_new(const char *_Nullable config_json, gem_transactions_service *_Nullable transactions,
                                             gem_node_service *_Nullable nodes, gem_balance_service *_Nullable balances,
                                             gem_transaction_state_service *_Nullable *_Nullable out_service,
                                             gem_buffer *_Nullable out_error);

/** Releases the host's reference; a tracking in flight completes with GEM_ERR_CANCELLED. NULL-safe. */
void gem_transaction_state_service_free(gem_transaction_state_service *_Nullable service);

/**
 * Polls the chain's status of transaction_id every interval_ms until final, stores the final state
 * (confirmed, failed, reverted) and the fee paid, refreshes the wallet's balances, and gives done the
 * stored Transaction. A transaction already final answers at once. After max_polls polls: the last
 * status failure, or GEM_ERR_TIMEOUT; the transaction stays pending.
 */
gem_status gem_transaction_state_service_track(gem_transaction_state_service *_Nullable service,
                                               const char *_Nullable transaction_id, gem_completion_fn _Nullable done,
                                               void *_Nullable context);

/** A send's confirmation and submit (GemConfirmTransferService). */
typedef struct gem_confirm_transfer_service gem_confirm_transfer_service;

/**
 * config_json NULL or GemConfirmTransferServiceConfig (api_url:
 * the scanner and simulation API; without it no scan verdict and no simulation: both fail open;
 * timeout_ms, 1 to 600000, bounds each of its HTTP calls; store_timeout_ms, 1 to 600000, each call
 * of the status port, after which the submit goes on and the transaction stays pending; see
 * "Store timeouts"). transport is required with api_url (copied; released
 * once); wallets (its keystore signs), assets, nodes and transactions are retained; status is copied
 * and released once. GEM_ERR_INVALID_ARGUMENT: a NULL or wrong handle, a bad table or config.
 */
gem_status gem_confirm_transfer_service_new(const char *_Nullable config_json, gem_wallet_service *_Nullable wallets,
                                            gem_assets_service *_Nullable assets, gem_node_service *_Nullable nodes,
                                            gem_transactions_service *_Nullable transactions,
                                            const gem_http_transport *_Nullable transport,
                                            const gem_transaction_status_port *_Nullable status,
                                            gem_confirm_transfer_service *_Nullable *_Nullable out_service,
                                            gem_buffer *_Nullable out_error);

/** Releases the host's reference; a load or submit in flight completes with GEM_ERR_CANCELLED. NULL-safe. */
void gem_confirm_transfer_service_free(gem_confirm_transfer_service *_Nullable service);

/**
 * request_json GemConfirmRequest (at most 16384 bytes). The first load of a transfer (or refresh) runs
 * preload, fee rates, scan and simulation together, then reports a preload or fee-rate failure, then
 * the scan verdict, then loads the transaction; a later load at another priority asks nothing. done
 * receives a GemConfirmLoad, or GEM_ERR_CONFIRM with a GemConfirmError record (type scan_malicious, …);
 * an unaffordable transfer is a GemConfirmLoad whose fee.amount is a GemTransferAmountResult of type
 * error.
 */
gem_status gem_confirm_transfer_service_load(gem_confirm_transfer_service *_Nullable service, const char *_Nullable request_json,
                                             gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * request_json GemConfirmRequest. Signs the held load (loading first when none is held) with one
 * keystore password read, broadcasts, stores the pending transaction and asks the status port to
 * schedule its tracking; done receives GemConfirmSubmit. Errors are
 * GEM_ERR_CONFIRM records: broadcast_rejected (nothing sent), broadcast_unknown (the answer was lost:
 * the transaction may have been sent), not_stored (sent, not stored), wrong_password, watch_only, the
 * amount's shortfall. Once the node has the transaction, cancelling the command's task no longer
 * stops the store write; freeing the service closes its ports, so done then fires GEM_ERR_CANCELLED
 * and a write not yet made is not made: a host that frees mid-submit must not read the cancellation
 * as "not sent" (the transaction may be on chain without a stored row).
 */
gem_status gem_confirm_transfer_service_submit(gem_confirm_transfer_service *_Nullable service, const char *_Nullable request_json,
                                               gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * What a confirm error shows. request GemConfirmErrorDisplayRequest; answers GemConfirmErrorDisplay
 * (network_fee_required with the asset and requirement, malicious_recipient, …).
 */
gem_status gem_confirm_error_display(const char *_Nullable request_json, gem_buffer *_Nullable out);

/* ---------------------------------------------------------------------------------------------
 * Sign message
 * ------------------------------------------------------------------------------------------- */

typedef struct gem_sign_message_service gem_sign_message_service;

/**
 * Creates the message-signing service, retaining wallets (its session and keystore: the host passes
 * no key and no second copy of the keystore ports). On failure *out_error holds the error record.
 *
 * A request (request_json of _preview and _sign) is GemSignMessageRequest; kind is a GemSignMessageKind
 * (eip191, eip712, solana, sui, tron, ton_proof, cosmos_adr036, bitcoin_bip137: each names its prefix,
 * hash and signature encoding), encoding text (UTF-8), hex (0x optional) or base58. Limits, checked
 * before anything is parsed: request_json at most 8 × GEM_SIGN_MESSAGE_MAX_BYTES bytes; the message at
 * most GEM_SIGN_MESSAGE_MAX_BYTES bytes as given and as decoded; app_name and app_url at most
 * GEM_SIGN_MESSAGE_MAX_APP_BYTES each.
 * GEM_ERR_INVALID_ARGUMENT: NULL, oversized or malformed request JSON. GEM_ERR_INVALID_INPUT: a
 * request that breaks a rule (a kind on another family's chain, an empty or undecodable message,
 * malformed typed data, typed data whose domain chainId is not the chain's, ton_proof without an
 * http(s) app_url), the message naming the rule.
 */
gem_status gem_sign_message_service_new(gem_wallet_service *_Nullable wallets,
                                        gem_sign_message_service *_Nullable *_Nullable out_service,
                                        gem_buffer *_Nullable out_error);

/** Releases the host's reference; a signing in flight completes with GEM_ERR_CANCELLED. NULL-safe. */
void gem_sign_message_service_free(gem_sign_message_service *_Nullable service);

/**
 * The confirmation screen of a request, synchronously and without I/O: *out holds a
 * GemSignMessagePreview, its rows in order (the app, its url and the network; for eip712 the
 * domain's fields, the primary type and every field of the message flattened as from.wallet or
 * items[2].amount; otherwise the message as text when it is printable UTF-8, else as 0x-hex with
 * "printable":false). Errors as above.
 */
gem_status gem_sign_message_service_preview(gem_sign_message_service *_Nullable service,
                                            const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * Signs a request with wallet_id's key on the request's chain: the request is checked as
 * _preview checks it, then the keystore password port is asked once, the key derived and checked
 * against the wallet's account, the message signed inside the core and the key wiped. done
 * receives a GemSignMessageSignature (signer: the account's address; signature: in the kind's
 * encoding; timestamp: the signed time, ton_proof only). GEM_ERR_NOT_FOUND: no such wallet;
 * GEM_ERR_INVALID_INPUT: a watch-only wallet, no account on the chain, or a request as above;
 * GEM_ERR_PERMISSION_DENIED: the password port refused; GEM_ERR_CRYPTO: a wrong password, or a
 * key that does not give the account's address. A NULL done is GEM_ERR_INVALID_ARGUMENT at once;
 * every other refusal, the request limits included, comes through done.
 */
gem_status gem_sign_message_service_sign(gem_sign_message_service *_Nullable service, const char *_Nullable wallet_id,
                                         const char *_Nullable request_json, gem_completion_fn _Nullable done,
                                         void *_Nullable context);

/* ---------------------------------------------------------------------------------------------
 * Chain list: every chain the core supports, generated from schema/chains.json (gem_chains, among
 * the presentation functions below, answers the same at run time; docs/chains.md has the table).
 * ------------------------------------------------------------------------------------------- */

/* BEGIN GENERATED: chains (scripts/generate.py from schema/chains.json) */
/** Every chain, in the core's order (gem_chains answers the same):
 * X(id, family, native coin name, native coin symbol, native coin decimals, default explorer name). */
#define GEM_CHAIN_LIST(X) \
    X("bitcoin", "bitcoin", "Bitcoin", "BTC", 8, "Blockchair") \
    X("bitcoincash", "bitcoin", "Bitcoin Cash", "BCH", 8, "Blockchair") \
    X("litecoin", "bitcoin", "Litecoin", "LTC", 8, "Blockchair") \
    X("ethereum", "ethereum", "Ethereum", "ETH", 18, "Etherscan") \
    X("smartchain", "ethereum", "BNB Chain", "BNB", 18, "BscScan") \
    X("solana", "solana", "Solana", "SOL", 9, "Solscan") \
    X("polygon", "ethereum", "Polygon", "POL", 18, "PolygonScan") \
    X("thorchain", "cosmos", "Thorchain", "RUNE", 8, "RuneScan") \
    X("cosmos", "cosmos", "Cosmos", "ATOM", 6, "Mintscan") \
    X("osmosis", "cosmos", "Osmosis", "OSMO", 6, "Mintscan") \
    X("arbitrum", "ethereum", "Arbitrum ETH", "ETH", 18, "ArbiScan") \
    X("ton", "ton", "TON", "TON", 9, "TonViewer") \
    X("tron", "tron", "TRON", "TRX", 6, "TRONSCAN") \
    X("doge", "bitcoin", "Dogecoin", "DOGE", 8, "Blockchair") \
    X("zcash", "bitcoin", "Zcash", "ZEC", 8, "Blockchair") \
    X("optimism", "ethereum", "Optimism ETH", "ETH", 18, "Etherscan") \
    X("aptos", "aptos", "Aptos", "APT", 8, "AptosScan") \
    X("base", "ethereum", "Base ETH", "ETH", 18, "BaseScan") \
    X("avalanchec", "ethereum", "Avalanche", "AVAX", 18, "SnowScan") \
    X("sui", "sui", "Sui", "SUI", 9, "SuiScan") \
    X("xrp", "xrp", "XRP", "XRP", 6, "XrpScan") \
    X("opbnb", "ethereum", "opBNB", "BNB", 18, "opBNBScan") \
    X("fantom", "ethereum", "Fantom", "FTM", 18, "FTMScan") \
    X("gnosis", "ethereum", "Gnosis Chain", "xDai", 18, "GnosisScan") \
    X("celestia", "cosmos", "Celestia", "TIA", 6, "Mintscan") \
    X("injective", "cosmos", "Injective", "INJ", 18, "Mintscan") \
    X("sei", "cosmos", "Sei", "SEI", 6, "Mintscan") \
    X("seievm", "ethereum", "Sei EVM", "SEI", 18, "Seiscan") \
    X("manta", "ethereum", "Manta ETH", "ETH", 18, "Pacific Explorer") \
    X("blast", "ethereum", "Blast ETH", "ETH", 18, "BlastScan") \
    X("noble", "cosmos", "Noble", "USDC", 6, "Mintscan") \
    X("zksync", "ethereum", "zkSync ETH", "ETH", 18, "zkSync.io") \
    X("linea", "ethereum", "Linea ETH", "ETH", 18, "LineaScan") \
    X("mantle", "ethereum", "Mantle", "MNT", 18, "Mantle Explorer") \
    X("celo", "ethereum", "Celo", "CELO", 18, "BlockScout") \
    X("near", "near", "Near", "NEAR", 24, "Near") \
    X("world", "ethereum", "World ETH", "ETH", 18, "WorldScan") \
    X("stellar", "stellar", "Stellar", "XLM", 7, "StellarExpert") \
    X("sonic", "ethereum", "Sonic", "S", 18, "SonicScan") \
    X("algorand", "algorand", "Algorand", "ALGO", 6, "Allo") \
    X("polkadot", "polkadot", "Polkadot", "DOT", 10, "SubScan") \
    X("plasma", "ethereum", "Plasma", "XPL", 18, "PlasmaScan") \
    X("cardano", "cardano", "Cardano", "ADA", 6, "CardanoScan") \
    X("abstract", "ethereum", "Abstract", "ETH", 18, "Abscan") \
    X("berachain", "ethereum", "Berachain", "BERA", 18, "Berascan") \
    X("ink", "ethereum", "Ink ETH", "ETH", 18, "RouteScan") \
    X("unichain", "ethereum", "Unichain ETH", "ETH", 18, "Uniscan") \
    X("hyperliquid", "ethereum", "HyperEVM", "HYPE", 18, "HyperEvmScan") \
    X("hypercore", "hypercore", "Hyperliquid", "HYPE", 8, "Hyperliquid") \
    X("monad", "ethereum", "Monad", "MON", 18, "Monadscan") \
    X("xlayer", "ethereum", "X Layer", "OKB", 18, "OKX Explorer") \
    X("stable", "ethereum", "Stable", "gUSDT", 18, "Stablescan")
/** How many chains GEM_CHAIN_LIST holds. */
#define GEM_CHAIN_COUNT 52
/* END GENERATED: chains */

/* ---------------------------------------------------------------------------------------------
 * GemPriceService: prices and fiat rates, and GemCurrencyService: the selected currency.
 *
 * Prices are asked for in USD (POST /v1/prices, GET /v1/fiat_rates on the API) and stored in USD
 * beside the price in the selected currency, converted once at its rate. Every write is one tick:
 * one save_rates_and_prices call the store commits in ONE transaction. Core reads the stored
 * conversion (get_price_state) and asks the store to reprice only when it is not already the one
 * in effect, so a conversion is never applied twice, and a tick that failed to write leaves the
 * store as it was, so an identical retry applies. Records: docs/records.md#gemassetprice,
 * #gempricetick, #gempricestate, #gempriceconversion, #gemfiatrate, #gempricetickresult.
 * ------------------------------------------------------------------------------------------- */

/**
 * The prices and fiat rates kept on the device (GemPriceStore). Async, on a core dispatch thread
 * where blocking (a SQLite transaction) is allowed. Only GemPriceService writes it.
 */
typedef struct gem_price_store {
    uint32_t struct_size;            /* sizeof(gem_price_store) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args GemPricesQuery; answers [GemAssetPrice]: the stored rows among them, any order. */
    gem_port_fn _Nullable /* required */ get_prices;
    /**
     * args GemPriceStateQuery; answers GemPriceState (conversion absent before the first tick;
     * rate: the stored rate of that currency, absent when none).
     */
    gem_port_fn _Nullable /* required */ get_price_state;
    /**
     * args GemPriceTick; answers null. In ONE transaction: upsert the rates by symbol (only those that
     * changed); when "conversion" is present, set every stored row's price to price_usd times its
     * rate and store the conversion; then upsert the prices by asset_id; or fail (GEM_ERR_STORE)
     * with nothing of the tick written.
     */
    gem_port_fn _Nullable /* required */ save_rates_and_prices;
} gem_price_store;

typedef struct gem_price_service gem_price_service;

/**
 * Creates the service. config_json GemPriceServiceConfig (as gem_price_alert_service_new:
 * cleartext only to loopback).
 * `preferences` (the selected currency) is retained. On failure *out_error holds the error record
 * and no release is called.
 */
gem_status gem_price_service_new(const char *_Nullable config_json,
                                 const gem_http_transport *_Nullable transport,
                                 gem_preferences_service *_Nullable preferences,
                                 const gem_price_store *_Nullable store,
                                 gem_price_service *_Nullable *_Nullable out_service,
                                 gem_buffer *_Nullable out_error);

/** Releases the host's reference; in-flight commands complete with GEM_ERR_CANCELLED. NULL-safe. */
void gem_price_service_free(gem_price_service *_Nullable service);

/**
 * Asks the API for the fiat rates and the USD prices of asset_ids_json ([asset_id], at most
 * 1000, else GEM_ERR_INVALID_INPUT before any request) and commits them as one tick. A failed
 * request writes nothing (GEM_ERR_API with the HTTP status, GEM_ERR_OFFLINE, GEM_ERR_TIMEOUT); an
 * entry that is malformed or names an unknown currency is dropped alone and counted. done receives
 * GemPriceTickResult.
 */
gem_status gem_price_service_sync_prices(gem_price_service *_Nullable service, const char *_Nullable asset_ids_json,
                                         gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Commits one tick of the host's price stream: payload_json is the stream's prices payload
 * {"prices":[{"assetId","price","priceChangePercentage24h","lastUpdatedAt"}],"rates":[{"symbol",
 * "rate"}]} (either list may be absent), at most 4 MiB. Entries are read one by one: a malformed
 * one, or a rate of a currency gem_currency_service_currencies does not list, is dropped alone.
 * A payload that is not such an object is GEM_ERR_INVALID_INPUT and writes nothing. done receives
 * GemPriceTickResult.
 */
gem_status gem_price_service_apply_tick(gem_price_service *_Nullable service, const char *_Nullable payload_json,
                                        gem_completion_fn _Nullable done, void *_Nullable context);

/** The stored prices of asset_ids_json ([asset_id]). done receives [GemAssetPrice] (stored ones only). */
gem_status gem_price_service_get_prices(gem_price_service *_Nullable service, const char *_Nullable asset_ids_json,
                                        gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * The conversion the stored prices are at and the selected currency's stored rate. done receives
 * GemPriceState; a list's rows read their prices in conversion.currency (USD before any rate of the
 * selected currency is known).
 */
gem_status gem_price_service_get_price_state(gem_price_service *_Nullable service,
                                             gem_completion_fn _Nullable done, void *_Nullable context);

typedef struct gem_currency_service gem_currency_service;

/** Creates the currency service; `preferences` and `prices` are retained. */
gem_status gem_currency_service_new(gem_preferences_service *_Nullable preferences, gem_price_service *_Nullable prices,
                                    gem_currency_service *_Nullable *_Nullable out_service,
                                    gem_buffer *_Nullable out_error);

/** Releases the host's reference. NULL-safe. */
void gem_currency_service_free(gem_currency_service *_Nullable service);

/** *out holds GemCurrencies (the currencies sorted), or the error record. */
gem_status gem_currency_service_currencies(gem_currency_service *_Nullable service, gem_buffer *_Nullable out);

/**
 * Selects a currency the list holds (anything else: GEM_ERR_INVALID_INPUT, nothing written), then
 * reprices the stored prices at its stored rate. The preference is written first; when the
 * repricing fails done receives the error and the next tick repairs the prices. done receives
 * GemPriceTickResult.
 */
gem_status gem_currency_service_set_currency(gem_currency_service *_Nullable service, const char *_Nullable currency,
                                             gem_completion_fn _Nullable done, void *_Nullable context);

typedef struct gem_wallet_home_service gem_wallet_home_service;

/**
 * GemWalletHomeService: the wallet's home screen over the price service (retained). Its answers are
 * GemWalletHome: the total of the shown assets at the stored prices (fiat style),
 * its 24-hour move (signed, toned) and the rows of gem_wallet_asset_rows.
 */
gem_status gem_wallet_home_service_new(gem_price_service *_Nullable prices,
                                       gem_wallet_home_service *_Nullable *_Nullable out_service,
                                       gem_buffer *_Nullable out_error);

/** Releases the host's reference. NULL-safe. */
void gem_wallet_home_service_free(gem_wallet_home_service *_Nullable service);

/**
 * The home from the stored prices, no request. request_json GemWalletHomeRequest: the assets are the
 * wallet's assets and balances as the host's stores hold them (their prices are replaced by the
 * stored ones), previous the home shown now (absent on first load).
 * done receives GemWalletHome: state data, or, when the store fails, the previous home kept as shown
 * (state error only when nothing was shown).
 */
gem_status gem_wallet_home_service_load(gem_wallet_home_service *_Nullable service, const char *_Nullable request_json,
                                        gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * As _load (request_json GemWalletHomeRequest; done receives GemWalletHome), after syncing the assets'
 * prices (gem_price_service_sync_prices). A failed sync keeps what is shown: done receives the previous
 * home unchanged (state data), or state error with the failure when nothing was shown. done never
 * receives a failure status for a failed refresh.
 */
gem_status gem_wallet_home_service_refresh(gem_wallet_home_service *_Nullable service, const char *_Nullable request_json,
                                           gem_completion_fn _Nullable done, void *_Nullable context);

typedef struct gem_chart_service gem_chart_service;

/**
 * GemChartService: loads a chart for a chart session's request over the API (GET
 * /v1/charts/{asset_id}?period=P&currency=USD, docs/services.md "Charts") and converts its USD points
 * once at the stored rate of the request's currency, read through `prices` (retained), as the price
 * service converts its prices (USD at 1 while no rate of that currency is stored). config_json
 * GemChartServiceConfig (cleartext only to loopback; timeout 1 to 600000 ms). `transport` is copied;
 * its release is called once, when the service is gone. On failure *out_error holds the error record
 * and no release is called.
 */
gem_status gem_chart_service_new(const char *_Nullable config_json,
                                 const gem_http_transport *_Nullable transport,
                                 gem_price_service *_Nullable prices,
                                 gem_chart_service *_Nullable *_Nullable out_service,
                                 gem_buffer *_Nullable out_error);

/** Releases the host's reference; in-flight loads complete with GEM_ERR_CANCELLED. NULL-safe. */
void gem_chart_service_free(gem_chart_service *_Nullable service);

/**
 * Loads the chart request_json asks for: GemChartRequest (a chart session's "request", at most
 * 4096 bytes, else GEM_ERR_INVALID_ARGUMENT before parsing). done is called once, on a core thread,
 * with GEM_OK and GemChartResult (its request as given): state data when the API answered (points
 * oldest first, at most GEM_CHART_MAX_POINTS, possibly empty), error otherwise (an API
 * refusal, a malformed answer, offline, a timeout, a currency that is not three upper-case letters).
 * A load never fails its completion for a failed request: the host folds the result into its session
 * with gem_chart_session_apply (event result), which drops it when the session has moved on.
 */
gem_status gem_chart_service_load(gem_chart_service *_Nullable service, const char *_Nullable request_json,
                                  gem_completion_fn _Nullable done, void *_Nullable context);

/* ---------------------------------------------------------------------------------------------
 * The price stream's subscription: GemStreamSubscriptionService tells the host's stream connection
 * (its WebSocket) which assets' prices to carry; gem_price_service_apply_tick commits what arrives.
 * The shapes are the specification's (gemwalletcom/core: the gemstone crate's GemStreamConnection and
 * GemStreamSubscriptionService, services/stream; the primitives crate's StreamMessage, stream.rs).
 * Records: docs/records.md#gemstreammessage, #gemstreamsubscription.
 * ------------------------------------------------------------------------------------------- */

/**
 * The host's price-stream connection (GemStreamConnection). Async, on a core dispatch thread; each
 * call is bounded by the service's store timeout (see "Store timeouts").
 */
typedef struct gem_stream_connection {
    uint32_t struct_size;            /* sizeof(gem_stream_connection) */
    void *_Nullable context;
    gem_release_fn _Nullable release;
    /** args {}; answers bool: true when the socket is open, false when it is not. */
    gem_port_fn _Nullable /* required */ is_connected;
    /**
     * args GemStreamMessage (type subscribePrices or addPrices, with the asset ids): write it to the
     * socket as it is (it is the stream server's message). Answer null, or fail (GEM_ERR_OFFLINE
     * when the socket is closed): the core then remembers nothing and sends it again on the next subscribe.
     */
    gem_port_fn _Nullable /* required */ send;
} gem_stream_connection;

typedef struct gem_stream_subscription_service gem_stream_subscription_service;

/**
 * Creates the service over a copy of *connection, retaining assets (the wallet's shown assets) and
 * alerts (the stored price alerts). config_json GemStreamSubscriptionServiceConfig (NULL: every
 * default): the bound on each connection call (see "Store timeouts"). On failure *out_error holds the
 * error record and no release is called.
 */
gem_status gem_stream_subscription_service_new(const char *_Nullable config_json,
                                               gem_assets_service *_Nullable assets,
                                               gem_price_alert_service *_Nullable alerts,
                                               const gem_stream_connection *_Nullable connection,
                                               gem_stream_subscription_service *_Nullable *_Nullable out_service,
                                               gem_buffer *_Nullable out_error);

/** Releases the host's reference; in-flight subscribes complete with GEM_ERR_CANCELLED. NULL-safe. */
void gem_stream_subscription_service_free(gem_stream_subscription_service *_Nullable service);

/**
 * Subscribes the stream to the assets of wallet_id: its shown assets (gem_assets_service_wallet_assets'
 * order), then the stored price alerts' assets not among them, each once. Asks is_connected first; when
 * connected, sends a full subscribePrices message when nothing was sent yet or the wallet changed;
 * otherwise an unsubscribePrices message with the subscribed assets no longer wanted, then an addPrices
 * message with only the assets not yet subscribed, each only when not empty; nothing when the stream
 * carries exactly these. Not connected sends nothing and forgets what was sent (the next subscribe
 * sends it whole). What each message sent moves is remembered as it is sent; a failed read or send
 * fails done, so a retry sends what the stream was not told. Subscribes run one at a time. done
 * receives GemStreamSubscription (GEM_ERR_NOT_FOUND: no such wallet).
 */
gem_status gem_stream_subscription_service_subscribe(gem_stream_subscription_service *_Nullable service,
                                                     const char *_Nullable wallet_id,
                                                     gem_completion_fn _Nullable done, void *_Nullable context);

/**
 * Forgets what was sent, after the subscribes started before it: call it when the host's socket
 * reconnected (a new socket carries nothing), so the next subscribe sends a full subscribePrices
 * message. Sends nothing itself. done receives null.
 */
gem_status gem_stream_subscription_service_reset(gem_stream_subscription_service *_Nullable service,
                                                 gem_completion_fn _Nullable done, void *_Nullable context);

/* ---------------------------------------------------------------------------------------------
 * Addresses
 * ------------------------------------------------------------------------------------------- */

/**
 * Checks an address the user typed or pasted for a chain (chain: its id, e.g. "ethereum",
 * "bitcoin", "cosmos"). Synchronous and pure. *out holds, on GEM_OK, GemAddressValidation
 * (untagged): case valid, with chain and address (the form to send to: whitespace trimmed, EIP-55
 * case, lower-case bech32, CashAddr without its prefix), or case invalid, with chain and a
 * GemAddressError whose type is a GemAddressErrorType.
 * A rejected address is an answer, not an error. GEM_ERR_INVALID_ARGUMENT: NULL arguments, invalid
 * UTF-8 or an unknown chain id.
 * Limits: surrounding spaces, tabs, CRs and LFs are trimmed first; text longer than its family's
 * longest address is invalid_length before any decoding, so any input is answered in time linear
 * in its length. The maxima, in bytes: EVM 42, Bitcoin family 90 (bech32's limit), Solana 44,
 * Cosmos 90, TON 69, Tron 35, Aptos 66, Sui 66, XRP 48, Near 64, Stellar 69, Algorand 58,
 * Polkadot 50, Cardano 1023.
 */
gem_status gem_address_validate(const char *_Nullable chain, const char *_Nullable address, gem_buffer *_Nullable out);

/* ---------------------------------------------------------------------------------------------
 * Presentation answers: what a screen shows, decided once in the core.
 *
 * Every function below is synchronous and pure: it reads one request record and answers one
 * record, on the calling thread, before returning; no clock, no I/O, no state between calls (a
 * session is a value the host keeps and passes back). Each takes
 *     (const char *request_json, gem_buffer *out)
 * and returns GEM_OK with the answer in *out, or an error status with the error record in *out:
 *   GEM_ERR_INVALID_ARGUMENT  request_json is NULL, not JSON, not UTF-8, a key is missing, a value
 *                             has the wrong type or is an unknown case ("invalid_argument");
 *   GEM_ERR_INVALID_INPUT     the record is well formed but breaks a rule the function names
 *                             ("invalid_input").
 * `out` may be NULL when only the status matters. Each comment names the request record and the
 * answer ("Reading a function's JSON" at the top; docs/records.md and include/gemstone.schema.json
 * describe them key by key). Rules every function below holds wherever these appear in a request:
 *
 *  GemServiceError     an "api" error carries "status"
 *  GemFormattedNumber  a value and its settled style; render it, never re-decide it
 *  GemNumberFormat     the device's decimal separator, one character that is not a digit ("" reads
 *                      as "."); anything else is GEM_ERR_INVALID_INPUT
 *  Asset               decimals 0 to GEM_MAX_ASSET_DECIMALS, else GEM_ERR_INVALID_INPUT
 *  a currency          three upper-case letters ("USD"), else GEM_ERR_INVALID_INPUT.
 * Big integers (atomic amounts) are decimal strings; times are Unix seconds.
 * ------------------------------------------------------------------------------------------- */

/* BEGIN GENERATED: constants (scripts/generate.py from schema/constants.json) */
/** The most points a chart answer or a chart session holds; a longer API answer is an api error. */
#define GEM_CHART_MAX_POINTS 5000
/** The fewest points a zoomed chart draws (all of them when fewer are held). */
#define GEM_CHART_MIN_VISIBLE_POINTS 10
/** The longest link URL the chart screen's link section shows, in UTF-8 bytes. */
#define GEM_CHART_MAX_LINK_BYTES 2048
/** The longest request_json the chart projections (gem_chart_session_*, gem_chart_view_state, gem_chart_index_at, gem_chart_selection) read, in bytes; longer is GEM_ERR_INVALID_ARGUMENT before parsing. */
#define GEM_CHART_MAX_REQUEST_BYTES 1048576
/** Rows a long list observes first, and how many more it observes each time its end is reached. */
#define GEM_LIST_PAGE_SIZE 50
/** A long list asks gem_list_window_on_end_reached for more when a row this close to its end appears. */
#define GEM_LIST_PREFETCH_ROWS 10
/** The most rows a long list observes at once. */
#define GEM_LIST_MAX_ROWS 1000
/** Seconds a copied secret (phrase, private key) may stay on the clipboard. */
#define GEM_SECRET_CLIPBOARD_SECONDS 60
/** The most decimal places an asset may have (an ERC-20 token's decimals() is a uint8, EIP-20). */
#define GEM_MAX_ASSET_DECIMALS 255
/** The widest UTC offset a device may report, in seconds either way (18 hours, as ISO 8601 allows). */
#define GEM_MAX_UTC_OFFSET_SECONDS 64800
/** The longest request_json gem_price_alert_rows reads, in bytes (about two thousand alerts with their assets); longer is GEM_ERR_INVALID_ARGUMENT before parsing. */
#define GEM_PRICE_ALERT_MAX_REQUEST_BYTES 1048576
/** The longest request_json the typed-amount answers (gem_plain_number, gem_value_from_input, gem_input_text, gem_value_text, gem_amount_session_new/_apply/_view_state) read, in bytes: their text is at most 1024 bytes and a value 78 digits; longer is GEM_ERR_INVALID_ARGUMENT before parsing, in time independent of its length. */
#define GEM_AMOUNT_MAX_REQUEST_BYTES 16384
/** The longest message gem_sign_message_service_preview and _sign take, in bytes, as given and as decoded (typed data's JSON text included). */
#define GEM_SIGN_MESSAGE_MAX_BYTES 65536
/** The longest app name or app URL a sign-message request takes, in bytes. */
#define GEM_SIGN_MESSAGE_MAX_APP_BYTES 2048
/* END GENERATED: constants */

/**
 * A sync's outcome folded into what a screen shows. request GemLoadStateRefreshRequest (sync_error
 * absent when the sync succeeded); answers GemLoadState: data on success, and on failure data again
 * while a value is shown (the screen keeps it), error when nothing is.
 */
gem_status gem_load_state_refreshed(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * What a list shows, from its load state and whether it has rows (never the rows).
 * request GemListPhaseRequest; answers GemListPhase? (rows, empty with its state, or error):
 * rows whenever there are rows; without rows, synced shows the error of a failed load and the
 * empty state otherwise; local (a store-only list) never shows an error; once_loaded answers null
 * while the first sync is pending (no_data or loading) and then behaves as synced.
 */
gem_status gem_list_phase(const char *_Nullable request_json, gem_buffer *_Nullable out);

/** The empty state of a list. request GemEmptyStateRequest; answers GemEmptyState. */
gem_status gem_empty_state(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The next window of a long list, asked when a row within GEM_LIST_PREFETCH_ROWS of its end appears.
 * request GemListWindowRequest; answers the next GemListWindow (limit 50, maximum 1000, 50 rows
 * give limit 100): one GEM_LIST_PAGE_SIZE more, capped at maximum, only when the rows
 * fill the window (otherwise every stored row shows and the window is unchanged); a window whose
 * limit is already above its maximum answers limit = maximum. Start a
 * transaction list at limit GEM_LIST_PAGE_SIZE, maximum GEM_LIST_MAX_ROWS.
 * GEM_ERR_INVALID_INPUT: a negative limit, maximum or row_count.
 */
gem_status gem_list_window_on_end_reached(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * Money as a number. request GemCurrencyNumberRequest (style a GemCurrencyStyle); answers
 * GemFormattedNumber. currency: at least two places, four significant digits below 0.99 ($0.0008382);
 * fiat: always two places; abbreviated: compact from 100 000 up. signed adds a forced sign and the
 * tone of the sign. The number's rounding is to_nearest. GEM_ERR_INVALID_INPUT: the code.
 */
gem_status gem_formatted_currency(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * An asset amount as a number. request GemAmountNumberRequest (symbol absent: a bare number; style a
 * GemValueStyle); answers GemFormattedNumber. full: every place; short (lists): two places from 0.1 up, four
 * below, compact from 100 000, and a non-zero value below 0.0001 reads "below_threshold"; auto: two
 * places from one up, four significant digits below. The number's rounding is toward_zero.
 */
gem_status gem_formatted_amount(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * A duration as its largest parts. request GemDurationPartsRequest; answers [GemDurationPart]
 * (3725 seconds in 2 parts: 1 hours, 2 minutes; units days, hours, minutes, seconds; the smallest
 * part truncated; zero or negative seconds is one part, 0 seconds).
 * GEM_ERR_INVALID_INPUT: max_parts below 1.
 */
gem_status gem_duration_parts(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * Typed text as a machine decimal. request GemPlainNumberRequest; answers string?: "1.234,5" (with
 * "," as the separator) is "1234.5", "" when the text holds no digit (no amount), or null when it is
 * not a number. Reads the digits
 * of Arabic-Indic, Persian, Devanagari, Bengali and full-width scripts, and grouping marks other
 * than the decimal separator (checked: "1.5" with "," as the separator is null, not 15).
 * Limit: text of more than 1024 UTF-8 bytes is GEM_ERR_INVALID_INPUT, refused before it is read.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_plain_number(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * Typed text as an exact atomic value. request GemValueFromInputRequest; answers GemInputValue:
 * value ("1,5" at 6 decimals is "1500000") or error, a GemAmountError (invalid_number, or
 * too_many_decimals when the text has more places than the asset).
 * GEM_ERR_INVALID_INPUT: decimals outside 0 to GEM_MAX_ASSET_DECIMALS, or text of more than 1024
 * UTF-8 bytes. Limit: an amount is a uint256, so a number whose whole digits and decimals make
 * more than 78 digits, or above 2^256 - 1, is invalid_number, decided by counting digits first.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_value_from_input(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * An exact atomic value written for an editable field. request GemInputTextRequest; answers string
 * ("1500000" at 6 decimals is "1,5": every place kept, no grouping).
 * GEM_ERR_INVALID_INPUT: decimals outside 0 to GEM_MAX_ASSET_DECIMALS. Limit: value, like every
 * amount a record carries, is at most 2^256 - 1 (78 digits); a longer or larger one is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_input_text(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * An approximate value (a fiat suggestion) written for an editable field. request
 * GemValueTextRequest; answers string (1e-05 is "0,00001"): the shortest digits that read back as
 * the same double, never in exponent form.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_value_text(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * What an amount error shows. request GemAmountErrorDisplayRequest; answers GemAmountErrorDisplay: none
 * (a zero amount is silent), invalid_amount, too_many_decimals, below_minimum (a title such as
 * "Ethereum (ETH)" and the minimum, a GemFormattedNumber) or insufficient_balance (a title: an asset is
 * titled "Name (SYMBOL)" unless its name is its symbol). GEM_ERR_INVALID_INPUT: the asset's decimals.
 */
gem_status gem_amount_error_display(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The copy model of an address. request GemAddressCopyRequest; answers GemCopy
 * of kind address (display: the toast text, shortened once).
 * GEM_ERR_INVALID_INPUT: an empty address.
 */
gem_status gem_address_copy(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * How the clipboard treats a copy kind. request GemCopyPolicyRequest; answers GemCopyPolicy: for a
 * secret is_sensitive (mark the item sensitive, never toast it) and clipboard_expiry_seconds
 * GEM_SECRET_CLIPBOARD_SECONDS; otherwise not sensitive, with no expiry.
 */
gem_status gem_copy_kind_policy(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * An address as a screen shows it. request GemFormatAddressRequest; answers string: the address
 * shortened, "0x1234...5678" (short: 6 characters, "...", 4 characters; an address that would not get
 * shorter is whole) or the whole address.
 */
gem_status gem_format_address(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The chains the core supports: request GemChainsRequest ({} for every chain, in the core's order, or
 * the chains listed, in that order); answers [GemChainInfo]: the chain id, its family and its native
 * coin (asset id, name, symbol, decimals). The same data is generated for hosts: GEM_CHAIN_LIST below,
 * gemstone.CHAINS (Python), Chains.all (Kotlin). An unknown chain id is GEM_ERR_INVALID_ARGUMENT naming
 * it and its index.
 */
gem_status gem_chains(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * Today and yesterday, once per list build; the clock and time zone are the host's. request
 * GemDayBoundariesRequest (utc_offset_seconds: the device's offset east of UTC at now); answers
 * GemDayBoundaries.
 * GEM_ERR_INVALID_INPUT: an offset beyond GEM_MAX_UTC_OFFSET_SECONDS either way.
 */
gem_status gem_day_boundaries(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The header of each section day, one call per list build. request GemDayLabelsRequest (boundaries
 * as gem_day_boundaries answered them); answers [GemDayLabel], one per day (today, yesterday or
 * date: the host prints the date). GEM_ERR_INVALID_INPUT: a day that
 * is not a calendar date.
 */
gem_status gem_day_labels(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * A page of transaction rows in one call. request GemTransactionRowsRequest; answers
 * [GemTransactionRow], one per transaction, in order (the fiat is absent without a price or an amount).
 * The amount is signed, toned and in the short style; the fiat is in the currency's fiat style.
 * GEM_ERR_INVALID_INPUT: a transaction whose asset is not among the assets, or the currency.
 */
gem_status gem_transaction_rows(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * A transaction's details screen in one call. request GemTransactionDetailRequest; answers
 * GemTransactionDetailRows: the identity, title and signed,
 * toned value of the list row (gem_transaction_rows), the value with every place and its worth, and the rows in
 * order: date, status, the sender (incoming) or the recipient, the network, the fee the wallet paid in the fee
 * asset with its worth (none for an incoming transaction), the memo (when not empty), the hash shortened.
 * GEM_ERR_INVALID_INPUT: an asset whose id is not the transaction's asset_id or fee_asset_id, an asset's
 * decimals, the currency.
 */
gem_status gem_transaction_detail_rows(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The texts an asset row style resolves to for one asset. request GemAssetRowTextRequest; answers
 * GemAssetRowText (Tether: title "Tether", symbol "USDT", network "Ethereum"): the title is the asset's
 * name, a native coin's canonical name or its network's name (style.title); the symbol is absent when
 * the style hides it or it equals the title; the network is present only under a token when
 * style.subtitle is "network". GEM_ERR_INVALID_INPUT: the asset's decimals.
 */
gem_status gem_asset_row_text(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The rows of an asset list in one call. request GemAssetListRowsRequest; answers [GemAssetItemRow],
 * one per asset, in order: the title and symbol as gem_asset_row_text; under it the price
 * in the currency's price style (at least two places: 0.9 reads 0.90) with its signed, toned 24-hour
 * change, or the network name; trailing the balance (short style, every kind added up) over its worth
 * (fiat style; absent without a price), the enabled switch, the address to copy (none without one) or
 * nothing; masks_balance on a balance row. GEM_ERR_INVALID_INPUT: the currency, an asset's decimals.
 */
gem_status gem_asset_list_rows(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The rows of the wallet's asset list in one call. request GemWalletAssetRowsRequest; answers
 * [GemAssetItemRow] as gem_asset_list_rows in the wallet style
 * (the asset's name, its price and change, its balance and worth), leaving out the assets whose
 * is_enabled is false. GEM_ERR_INVALID_INPUT: the currency, an asset's decimals.
 */
gem_status gem_wallet_asset_rows(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The rows of a price alert list in one call (spec: alert_kind). request GemPriceAlertRowsRequest
 * (each alert as a GemPriceAlertData: the PriceAlert joined with its GemAssetData; the currency of the
 * assets' prices); answers [GemPriceAlertRow], one per alert, in order. id is the alert's store key
 * (as gem_price_alert_service writes it); kind (GemPriceAlertKind) is price with a target price,
 * price_percent_change with a percent change, else auto. row is a GemAssetItemRow titled as an asset
 * list's (the name, the symbol beside it) whose subtitle says the alert: auto, the price and its
 * signed, toned 24-hour change as gem_asset_list_rows shows them (nothing without a price); price,
 * the GemLocalizedText price_alert_direction ("Over"/"Under") then the target price in the alert's
 * currency (price style), toned positive over and negative under (the price alone, plain, without a
 * direction); price_percent_change, the percent, signed and toned by its direction (unsigned and
 * plain without one). A target alert with a known price trails that price over its 24-hour change;
 * an auto alert trails nothing; masks_balance is false.
 * GEM_ERR_INVALID_INPUT: the currency, an alert that fails the add's checks (its asset id,
 * currency, a price or percent not above zero, both, a direction without either), an alert whose
 * asset_id is not its asset's id, an asset's decimals. request_json of more than
 * GEM_PRICE_ALERT_MAX_REQUEST_BYTES (1048576) bytes is GEM_ERR_INVALID_ARGUMENT before parsing.
 */
gem_status gem_price_alert_rows(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The wallet list in one call. request GemWalletSectionsRequest (current_wallet_id optional); answers
 * [GemWalletSection]: the pinned section then the wallets section, each by order, then index, then
 * id; an empty section is left out. A row (GemWalletRow) is subtitled by its wallet type
 * (multicoin) or, for a one-chain wallet, by the network name as text; the placeholder is the name's first
 * character upper-cased; a watch-only wallet shows the watch badge.
 */
gem_status gem_wallet_sections(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * A wallet's details screen. request GemWalletDetailsRequest (current_wallet_id optional); answers
 * GemWalletDetails (secret_kind absent for a watch-only wallet; address only when the wallet has
 * exactly one account).
 */
gem_status gem_wallet_details(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The chart screen (GemChartSession, docs/records.md#gemchartsession). Each of the five functions below
 * reads request_json of at most GEM_CHART_MAX_REQUEST_BYTES (longer: GEM_ERR_INVALID_ARGUMENT before
 * parsing). The session is a value the host keeps and passes back; its phase is derived, never stored.
 *
 * gem_chart_session_new: request GemChartSessionRequest; answers a GemChartSession whose request
 * (generation 1) is in flight: pass it to gem_chart_service_load. GEM_ERR_INVALID_INPUT: the currency.
 */
gem_status gem_chart_session_new(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The session after one event. request GemChartEventRequest; answers the next GemChartSession. The
 * GemChartEvent is period or currency (a new request: nothing held, unzoomed; load session.request
 * again) | refresh (a new generation; the chart stays shown) | result, a GemChartResult (folded only
 * when result.request equals session.request; an older answer is dropped) | zoom (the drawn count
 * divided by scale about the anchor, a fraction of the plot width, clamped to
 * GEM_CHART_MIN_VISIBLE_POINTS…all points held) | pan (delta in plot widths; positive shows older
 * points; clamped to the points held). GEM_ERR_INVALID_INPUT: a scale not finite and above
 * zero, an anchor or delta not finite, a currency, points not strictly increasing by date or not finite
 * or more than GEM_CHART_MAX_POINTS, a negative window.
 */
gem_status gem_chart_session_apply(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The chart screen in one record. request GemChartViewStateRequest (its GemChartInput's price
 * optional); answers GemChartView, whose GemChartPhase is loading | no_data (fewer than two points) |
 * failed (nothing held, the last load failed) | data, a GemChartData. The header is the newest point,
 * or the input's price (price_usd at the session's rate) when it is of the session's asset and updated
 * after that point: a price older than the last chart point leaves the header where it is. The
 * same answer carries the screen's sections from the same input: market (GemChartMarketRow, from the
 * input's GemAssetMarket in USD at the session's rate), alerts (GemPriceAlertRow, the input's alerts
 * of its asset, as gem_price_alert_rows builds them) and links (GemChartLinkRow, the known
 * GemAssetLink names with an https URL of at most GEM_CHART_MAX_LINK_BYTES).
 * GEM_ERR_INVALID_INPUT: as gem_chart_session_apply.
 */
gem_status gem_chart_view_state(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The drawn point under a finger. request GemChartIndexAtRequest (fraction 0 is data.start, 1 is
 * data.end); answers int?: the index in data.points of the point nearest that date (the earlier on a tie),
 * or null for a fraction outside 0…1. GEM_ERR_INVALID_INPUT: data.points as gem_chart_session_apply.
 */
gem_status gem_chart_index_at(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The header for a drawn point. request GemChartSelectionRequest; answers GemChartSelection (the change
 * against data.points[0], in percent; 0 when that point is 0). GEM_ERR_INVALID_INPUT: an index outside
 * data.points, data.points as above.
 */
gem_status gem_chart_selection(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * A new amount session (the amount screen's state; the host keeps it and passes it back). request
 * GemAmountSessionRequest (minimum optional, atomic); answers GemAmountSession (its text "", is_max
 * false).
 * GEM_ERR_INVALID_INPUT: the currency, the format, the asset's decimals.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_amount_session_new(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The session after one event. request GemAmountSessionEventRequest; answers the next GemAmountSession.
 * The GemAmountEvent is typed (the text) | max_toggled (on: the field holds the whole balance; off:
 * cleared) | balance_changed (a max amount follows it). GEM_ERR_INVALID_INPUT: as
 * gem_amount_session_new. Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384)
 * bytes is GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_amount_session_apply(const char *_Nullable request_json, gem_buffer *_Nullable out);

/**
 * The amount screen in one record. request GemAmountViewStateRequest (price per whole unit in the
 * session's currency; absent when unknown); answers GemAmountViewState (value absent when the text
 * reads as no amount; check a GemAmountCheck; error a GemAmountErrorDisplay as
 * gem_amount_error_display answers; fiat absent without a price).
 * GEM_ERR_INVALID_INPUT: a negative price, or as gem_amount_session_new.
 * Request limit: request_json of more than GEM_AMOUNT_MAX_REQUEST_BYTES (16384) bytes is
 * GEM_ERR_INVALID_ARGUMENT, refused before it is parsed.
 */
gem_status gem_amount_session_view_state(const char *_Nullable request_json, gem_buffer *_Nullable out);

#ifdef __cplusplus
}
#endif

#endif /* GEMSTONE_H */
