import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_stream_subscription_service_new(_ configJSON: UnsafePointer<CChar>?, _ assets: OpaquePointer?, _ alerts: OpaquePointer?,
                                                _ connection: UnsafePointer<gem_stream_connection>?,
                                                _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                                _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil
            ? GemStreamSubscriptionServiceConfig()
            : try decodeArgument(GemStreamSubscriptionServiceConfig.self, configJSON, "config_json")
        let timeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let assets = try ServiceHandle<GemAssetsService>.require(assets, "assets").service
        let alerts = try ServiceHandle<GemPriceAlertService>.require(alerts, "alerts").service
        let lifetime = Lifetime()
        let construction = Construction()
        let connection = try StreamConnectionAdapter(connection, lifetime: lifetime, timeout: timeout, construction: construction)
        let service = GemStreamSubscriptionService(assets: assets, alerts: alerts, connection: connection)
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_stream_subscription_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemStreamSubscriptionService>.release(service)
}

@c @implementation
public func gem_stream_subscription_service_subscribe(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                                      _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemStreamSubscriptionService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.subscribe(walletId: walletId)) }
    }
}

@c @implementation
public func gem_stream_subscription_service_reset(_ service: OpaquePointer?, _ done: gem_completion_fn?,
                                                  _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemStreamSubscriptionService.self, done, context) { service in
        return {
            await service.reset()
            return Array("null".utf8)
        }
    }
}
