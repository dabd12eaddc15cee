package com.gemwallet.gemstone.ffi

import com.sun.jna.Library
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference

/**
 * Every function of `include/gemstone.h`, one method each, named and ordered as the header
 * declares them. Handles are `Pointer`s; `const char *` is a `String` (the library is loaded
 * with UTF-8 string encoding); `gem_buffer *` is a [GemBuffer] passed by reference.
 *
 * This is the raw ABI: the classes of `com.gemwallet.gemstone` wrap it with ownership, error
 * and lifetime handling. The completeness test fails when a header function is missing here.
 */
@Suppress("FunctionName")
interface GemstoneLibrary : Library {
    // Version
    fun gem_abi_version(): Int

    // Buffers
    fun gem_buffer_free(buffer: GemBuffer?)

    // Port calls
    fun gem_call_ok(call: Pointer?, data: ByteArray?, len: SizeT): Int
    fun gem_call_fail(call: Pointer?, status: Int, message: String?): Int

    // GemPreferencesService
    fun gem_preferences_service_new(
        store: GemPreferencesStoreTable?,
        outService: PointerByReference?,
        outError: GemBuffer?
    ): Int
    fun gem_preferences_service_free(service: Pointer?)
    fun gem_preferences_service_get(service: Pointer?, out: GemBuffer?): Int
    fun gem_preferences_service_update(service: Pointer?, patchJson: String?, out: GemBuffer?): Int

    // GemPriceAlertService
    fun gem_price_alert_service_new(
        configJson: String?,
        transport: GemHttpTransportTable?,
        preferences: Pointer?,
        store: GemPriceAlertStoreTable?,
        permissions: GemNotificationPermissionsTable?,
        outService: PointerByReference?,
        outError: GemBuffer?
    ): Int
    fun gem_price_alert_service_free(service: Pointer?)
    fun gem_price_alert_service_get_price_alerts(
        service: Pointer?, assetId: String?, done: GemCompletionFn?, context: Pointer?
    ): Int
    fun gem_price_alert_service_sync(service: Pointer?, assetId: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_price_alert_service_add(service: Pointer?, alertJson: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_price_alert_service_delete(service: Pointer?, idsJson: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_price_alert_service_set_enabled(service: Pointer?, enabled: Int, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_price_alert_service_is_enabled(service: Pointer?, out: GemBuffer?): Int

    // Wallets: GemWalletSessionService
    fun gem_wallet_session_service_new(
        store: GemWalletStoreTable?,
        sessionStore: GemWalletSessionStoreTable?,
        outService: PointerByReference?,
        outError: GemBuffer?
    ): Int
    fun gem_wallet_session_service_free(service: Pointer?)
    fun gem_wallet_session_service_get_wallets(service: Pointer?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_session_service_get_wallet(service: Pointer?, walletId: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_session_service_require_wallet(
        service: Pointer?, walletId: String?, done: GemCompletionFn?, context: Pointer?
    ): Int
    fun gem_wallet_session_service_get_current_wallet_id(service: Pointer?, out: GemBuffer?): Int
    fun gem_wallet_session_service_get_current_wallet(service: Pointer?, done: GemCompletionFn?, context: Pointer?): Int

    // Wallets: GemWalletService
    fun gem_wallet_service_new(
        configJson: String?,
        store: GemWalletStoreTable?,
        sessionStore: GemWalletSessionStoreTable?,
        secureStore: GemSecureStoreTable?,
        password: GemKeystorePasswordTable?,
        outService: PointerByReference?,
        outError: GemBuffer?
    ): Int
    fun gem_wallet_service_free(service: Pointer?)
    fun gem_wallet_service_create_wallet(service: Pointer?, requestJson: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_service_import_wallet(service: Pointer?, importJson: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_service_preview_import(service: Pointer?, importJson: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_service_rename_wallet(
        service: Pointer?, walletId: String?, name: String?, done: GemCompletionFn?, context: Pointer?
    ): Int
    fun gem_wallet_service_set_pinned(service: Pointer?, walletId: String?, pinned: Int, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_service_delete_wallet(service: Pointer?, walletId: String?, done: GemCompletionFn?, context: Pointer?): Int
    fun gem_wallet_service_set_current_wallet_id(
        service: Pointer?, walletId: String?, done: GemCompletionFn?, context: Pointer?
    ): Int
    fun gem_wallet_service_export_secret(service: Pointer?, walletId: String?, done: GemCompletionFn?, context: Pointer?): Int

    // Addresses
    fun gem_address_validate(chain: String?, address: String?, out: GemBuffer?): Int

    // Presentation answers: synchronous and pure, one request record in, one record out
    fun gem_load_state_refreshed(requestJson: String?, out: GemBuffer?): Int
    fun gem_list_phase(requestJson: String?, out: GemBuffer?): Int
    fun gem_empty_state(requestJson: String?, out: GemBuffer?): Int
    fun gem_list_window_on_end_reached(requestJson: String?, out: GemBuffer?): Int
    fun gem_formatted_currency(requestJson: String?, out: GemBuffer?): Int
    fun gem_formatted_amount(requestJson: String?, out: GemBuffer?): Int
    fun gem_duration_parts(requestJson: String?, out: GemBuffer?): Int
    fun gem_plain_number(requestJson: String?, out: GemBuffer?): Int
    fun gem_value_from_input(requestJson: String?, out: GemBuffer?): Int
    fun gem_input_text(requestJson: String?, out: GemBuffer?): Int
    fun gem_value_text(requestJson: String?, out: GemBuffer?): Int
    fun gem_amount_error_display(requestJson: String?, out: GemBuffer?): Int
    fun gem_address_copy(requestJson: String?, out: GemBuffer?): Int
    fun gem_copy_kind_policy(requestJson: String?, out: GemBuffer?): Int
    fun gem_format_address(requestJson: String?, out: GemBuffer?): Int
    fun gem_day_boundaries(requestJson: String?, out: GemBuffer?): Int
    fun gem_day_labels(requestJson: String?, out: GemBuffer?): Int
    fun gem_transaction_rows(requestJson: String?, out: GemBuffer?): Int
    fun gem_amount_session_new(requestJson: String?, out: GemBuffer?): Int
    fun gem_amount_session_apply(requestJson: String?, out: GemBuffer?): Int
    fun gem_amount_session_view_state(requestJson: String?, out: GemBuffer?): Int
}
