import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_price_service_new(_ configJSON: UnsafePointer<CChar>?,
                                  _ transport: UnsafePointer<gem_http_transport>?,
                                  _ preferences: OpaquePointer?,
                                  _ store: UnsafePointer<gem_price_store>?,
                                  _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                  _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = try decodeArgument(GemPriceServiceConfig.self, configJSON, "config_json")
        let timeoutMs = try boundedMilliseconds(config.timeoutMs, default: 30_000, "config_json.timeout_ms")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let preferencesService = try ServiceHandle<GemPreferencesService>.require(preferences, "preferences").service
        let lifetime = Lifetime()
        let construction = Construction()
        let service = try GemPriceService(
            baseURL: config.apiUrl,
            transport: try HTTPTransportAdapter(transport, lifetime: lifetime, timeout: .milliseconds(timeoutMs), construction: construction),
            preferences: preferencesService,
            store: try PriceStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction)
        )
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_price_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemPriceService>.release(service)
}

@c @implementation
public func gem_price_service_sync_prices(_ service: OpaquePointer?, _ assetIdsJSON: UnsafePointer<CChar>?,
                                          _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceService.self, done, context) { service in
        let assetIds = try decodeArgument([AssetId].self, assetIdsJSON, "asset_ids_json")
        return { try JSONCodec.encode(try await service.syncPrices(assetIds: assetIds)) }
    }
}

@c @implementation
public func gem_price_service_apply_tick(_ service: OpaquePointer?, _ payloadJSON: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceService.self, done, context) { service in
        let payload = Array(try requireString(payloadJSON, "payload_json").utf8)
        return { try JSONCodec.encode(try await service.applyTick(payload)) }
    }
}

@c @implementation
public func gem_price_service_get_prices(_ service: OpaquePointer?, _ assetIdsJSON: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceService.self, done, context) { service in
        let assetIds = try decodeArgument([AssetId].self, assetIdsJSON, "asset_ids_json")
        return { try JSONCodec.encode(try await service.getPrices(assetIds: assetIds)) }
    }
}

@c @implementation
public func gem_price_service_get_price_state(_ service: OpaquePointer?,
                                              _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceService.self, done, context) { service in
        { try JSONCodec.encode(try await service.getPriceState()) }
    }
}

@c @implementation
public func gem_currency_service_new(_ preferences: OpaquePointer?, _ prices: OpaquePointer?,
                                     _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                     _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let preferencesService = try ServiceHandle<GemPreferencesService>.require(preferences, "preferences").service
        let priceService = try ServiceHandle<GemPriceService>.require(prices, "prices").service
        return ServiceHandle(GemCurrencyService(preferences: preferencesService, prices: priceService), lifetime: Lifetime()).retainedPointer()
    }
}

@c @implementation
public func gem_currency_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemCurrencyService>.release(service)
}

@c @implementation
public func gem_currency_service_currencies(_ service: OpaquePointer?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemCurrencyService>.require(service)
        return try JSONCodec.encode(GemCurrencies(selected: handle.service.currency(), currencies: handle.service.currencies()))
    }.deliver(out)
}

@c @implementation
public func gem_currency_service_set_currency(_ service: OpaquePointer?, _ currency: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemCurrencyService.self, done, context) { service in
        let code = try requireString(currency, "currency")
        return { try JSONCodec.encode(try await service.setCurrency(code)) }
    }
}

@c @implementation
public func gem_wallet_home_service_new(_ prices: OpaquePointer?,
                                        _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let priceService = try ServiceHandle<GemPriceService>.require(prices, "prices").service
        return ServiceHandle(GemWalletHomeService(prices: priceService), lifetime: Lifetime()).retainedPointer()
    }
}

@c @implementation
public func gem_wallet_home_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemWalletHomeService>.release(service)
}

@c @implementation
public func gem_wallet_home_service_load(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletHomeService.self, done, context) { service in
        let request = try decodeArgument(GemWalletHomeRequest.self, requestJSON, "request_json")
        return { try JSONCodec.encode(await service.load(assets: request.assets, previous: request.previous)) }
    }
}

@c @implementation
public func gem_wallet_home_service_refresh(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                            _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletHomeService.self, done, context) { service in
        let request = try decodeArgument(GemWalletHomeRequest.self, requestJSON, "request_json")
        return { try JSONCodec.encode(await service.refresh(assets: request.assets, previous: request.previous)) }
    }
}
