import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_assets_service_new(_ configJSON: UnsafePointer<CChar>?, _ nodes: OpaquePointer?, _ wallets: OpaquePointer?, _ store: UnsafePointer<gem_asset_store>?,
                                   _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemAssetsServiceConfig() : try decodeArgument(GemAssetsServiceConfig.self, configJSON, "config_json")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let nodes = try ServiceHandle<GemNodeService>.require(nodes, "nodes").service
        let wallets = try ServiceHandle<GemWalletSessionService>.require(wallets, "wallets").service
        let lifetime = Lifetime()
        let construction = Construction()
        let store = try AssetStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction)
        let service = GemAssetsService(store: store, wallets: wallets, clients: nodes)
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_assets_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemAssetsService>.release(service)
}

@c @implementation
public func gem_assets_service_wallet_assets(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemAssetsService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.walletAssets(walletId: walletId)) }
    }
}

@c @implementation
public func gem_assets_service_add_token(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?, _ assetId: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemAssetsService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        let assetId = try requireAssetId(assetId)
        return { try JSONCodec.encode(try await service.addToken(walletId: walletId, assetId: assetId)) }
    }
}

@c @implementation
public func gem_assets_service_remove_token(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?, _ assetId: UnsafePointer<CChar>?,
                                            _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemAssetsService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        let assetId = try requireAssetId(assetId)
        return {
            try await service.removeToken(walletId: walletId, assetId: assetId)
            return Array("null".utf8)
        }
    }
}
