import CGemstone
import Gemstone
import Primitives

/// Reads a required wallet id argument.
func requireWalletId(_ pointer: UnsafePointer<CChar>?, _ name: String = "wallet_id") throws(ABIError) -> WalletId {
    let text = try requireString(pointer, name)
    do {
        return try WalletId(parsing: text)
    } catch {
        throw ABIError(message: "\(name) is not a wallet id (multicoin_<address>, <type>_<chain>_<address>): \(error)")
    }
}

/// A record or null, as the ABI answers an optional.
func encodeOptional(_ value: (some Encodable)?) throws -> [UInt8] {
    guard let value else { return Array("null".utf8) }
    return try JSONCodec.encode(value)
}

@c @implementation
public func gem_wallet_session_service_new(_ configJSON: UnsafePointer<CChar>?, _ store: UnsafePointer<gem_wallet_store>?,
                                           _ sessionStore: UnsafePointer<gem_wallet_session_store>?,
                                           _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                           _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil
            ? GemWalletSessionServiceConfig() : try decodeArgument(GemWalletSessionServiceConfig.self, configJSON, "config_json")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let lifetime = Lifetime()
        let construction = Construction()
        let service = GemWalletSessionService(
            walletStore: try WalletStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction),
            sessionStore: try WalletSessionStoreAdapter(sessionStore, construction: construction)
        )
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_wallet_session_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemWalletSessionService>.release(service)
}

@c @implementation
public func gem_wallet_session_service_get_wallets(_ service: OpaquePointer?, _ done: gem_completion_fn?,
                                                   _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletSessionService.self, done, context) { service in
        { try JSONCodec.encode(try await service.getWallets()) }
    }
}

@c @implementation
public func gem_wallet_session_service_get_wallet(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                                  _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletSessionService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try encodeOptional(try await service.getWallet(walletId: walletId)) }
    }
}

@c @implementation
public func gem_wallet_session_service_require_wallet(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                                      _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletSessionService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.requireWallet(walletId: walletId)) }
    }
}

@c @implementation
public func gem_wallet_session_service_get_current_wallet_id(_ service: OpaquePointer?,
                                                             _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemWalletSessionService>.require(service)
        return try encodeOptional(handle.service.getCurrentWalletId())
    }.deliver(out)
}

@c @implementation
public func gem_wallet_session_service_get_current_wallet(_ service: OpaquePointer?, _ done: gem_completion_fn?,
                                                          _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletSessionService.self, done, context) { service in
        { try encodeOptional(try await service.getCurrentWallet()) }
    }
}
