import CGemstone
import Gemstone
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// request_json's bound, checked before it is parsed: the message may be escaped in JSON (\uXXXX is 6 bytes for
/// 1), so 8 bytes of request per byte of message, the app fields and the keys included.
let signMessageRequestMaxBytes = 8 * GemConstants.signMessageMaxBytes

/// Decodes a sign-message request after checking its length (strnlen never reads past the bound).
func signMessageRequest(_ pointer: UnsafePointer<CChar>?) throws(ABIError) -> GemSignMessageRequest {
    guard let pointer else { throw ABIError.null("request_json") }
    // Ownership: `pointer` is the host's NUL-terminated string, borrowed for this call.
    guard strnlen(pointer, signMessageRequestMaxBytes + 1) <= signMessageRequestMaxBytes else {
        throw ABIError(message: "request_json is longer than \(signMessageRequestMaxBytes) bytes")
    }
    return try decodeArgument(GemSignMessageRequest.self, pointer, "request_json")
}

@c @implementation
public func gem_sign_message_service_new(_ wallets: OpaquePointer?, _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                         _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let wallets = try ServiceHandle<GemWalletService>.require(wallets, "wallets").service
        return ServiceHandle(GemSignMessageService(wallets: wallets), lifetime: Lifetime()).retainedPointer()
    }
}

@c @implementation
public func gem_sign_message_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemSignMessageService>.release(service)
}

@c @implementation
public func gem_sign_message_service_preview(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                             _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome(catching: {
        let handle = try ServiceHandle<GemSignMessageService>.require(service)
        let request = try signMessageRequest(requestJSON)
        return try JSONCodec.encode(try handle.service.preview(request))
    }).deliver(out)
}

@c @implementation
public func gem_sign_message_service_sign(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                          _ requestJSON: UnsafePointer<CChar>?, _ done: gem_completion_fn?,
                                          _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemSignMessageService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        let request = try signMessageRequest(requestJSON)
        return { try JSONCodec.encode(try await service.sign(walletId: walletId, request: request)) }
    }
}
