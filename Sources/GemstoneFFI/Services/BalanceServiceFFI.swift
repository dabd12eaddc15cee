import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_balance_service_new(_ configJSON: UnsafePointer<CChar>?, _ nodes: OpaquePointer?, _ assets: OpaquePointer?, _ wallets: OpaquePointer?,
                                    _ store: UnsafePointer<gem_balance_store>?, _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                    _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemBalanceServiceConfig() : try decodeArgument(GemBalanceServiceConfig.self, configJSON, "config_json")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let nodes = try ServiceHandle<GemNodeService>.require(nodes, "nodes").service
        let assets = try ServiceHandle<GemAssetsService>.require(assets, "assets").service
        let wallets = try ServiceHandle<GemWalletSessionService>.require(wallets, "wallets").service
        let lifetime = Lifetime()
        let construction = Construction()
        let store = try BalanceStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction)
        let service = GemBalanceService(store: store, assets: assets, wallets: wallets, clients: nodes)
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_balance_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemBalanceService>.release(service)
}

@c @implementation
public func gem_balance_service_update(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                       _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemBalanceService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.update(walletId: walletId)) }
    }
}

@c @implementation
public func gem_balance_service_balances(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemBalanceService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.balances(walletId: walletId)) }
    }
}
