package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Message signing (`GemSignMessageService`): a dApp's [SignMessageRequest] (EIP-191, EIP-712, Solana, Sui, Tron,
 * TON proof, Cosmos ADR-036, Bitcoin BIP-137) previewed as the rows its confirmation screen shows, then signed
 * inside the core with the wallet's key after one keystore password read. Made over a [WalletService] (its
 * session and keystore), which the core retains: it may be closed first. A key never crosses to Kotlin.
 *
 * [sign] has a blocking form that throws [GemException] and a [CompletableFuture] form that completes on a
 * binding thread. Do not call the blocking form from inside a port method.
 */
class SignMessageService(wallets: WalletService) : Closeable {
    private val library = Gemstone.library
    private val handle: NativeHandle

    init {
        val out = PointerByReference()
        wallets.handle.use { walletService ->
            bufferCall { library.gem_sign_message_service_new(walletService, out, it) }
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_sign_message_service_new gave no service")
        handle = NativeHandle(pointer, "SignMessageService") { Gemstone.library.gem_sign_message_service_free(it) }
    }

    /**
     * The confirmation screen's rows (synchronous, no I/O). [GemException.InvalidInput]: a request that breaks a
     * rule (another family's chain, an undecodable message, malformed typed data, a typed-data domain for another
     * chain); [GemException.InvalidArgument]: request JSON over the size limit or malformed.
     */
    fun preview(request: SignMessageRequest): SignMessagePreview = previewJson(request.toJson().toString())

    fun previewJson(requestJson: String?): SignMessagePreview = handle.use { service ->
        val bytes = bufferCall { library.gem_sign_message_service_preview(service, requestJson, it) }
        decodeResult("sign-message preview", bytes) { SignMessagePreview.fromJson(parseObject(it)) }
    }

    /** Signs [request] with [walletId]'s key on the request's chain. */
    fun sign(walletId: String, request: SignMessageRequest): SignMessageSignature = signAsync(walletId, request).await()

    fun signAsync(walletId: String?, request: SignMessageRequest): CompletableFuture<SignMessageSignature> =
        signJsonAsync(walletId, request.toJson().toString())

    fun signJsonAsync(walletId: String?, requestJson: String?): CompletableFuture<SignMessageSignature> =
        handle.walletCommand("signature", { SignMessageSignature.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_sign_message_service_sign(service, walletId, requestJson, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    override fun close() = handle.close()
}
