import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_price_alert_service_new(_ configJSON: UnsafePointer<CChar>?,
                                        _ transport: UnsafePointer<gem_http_transport>?,
                                        _ preferences: OpaquePointer?,
                                        _ store: UnsafePointer<gem_price_alert_store>?,
                                        _ permissions: UnsafePointer<gem_notification_permissions>?,
                                        _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = try decodeArgument(GemPriceAlertServiceConfig.self, configJSON, "config_json")
        let timeoutMs = try boundedMilliseconds(config.timeoutMs, default: 30_000, "config_json.timeout_ms")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let preferencesService = try ServiceHandle<GemPreferencesService>.require(preferences, "preferences").service
        let lifetime = Lifetime()
        let construction = Construction()
        let service = try GemPriceAlertService(
            baseURL: config.apiUrl,
            transport: try HTTPTransportAdapter(transport, lifetime: lifetime, timeout: .milliseconds(timeoutMs), construction: construction),
            preferences: preferencesService,
            store: try PriceAlertStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction),
            permissions: try NotificationPermissionsAdapter(permissions, lifetime: lifetime, construction: construction)
        )
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_price_alert_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemPriceAlertService>.release(service)
}

@c @implementation
public func gem_price_alert_service_get_price_alerts(_ service: OpaquePointer?, _ assetId: UnsafePointer<CChar>?,
                                                     _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceAlertService.self, done, context) { service in
        let assetId = try optionalString(assetId, "asset_id")
        return {
            let alerts = try await service.getPriceAlerts(assetId: assetId)
            return try JSONCodec.encode(alerts)
        }
    }
}

@c @implementation
public func gem_price_alert_service_sync(_ service: OpaquePointer?, _ assetId: UnsafePointer<CChar>?,
                                         _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceAlertService.self, done, context) { service in
        let assetId = try optionalString(assetId, "asset_id")
        return { try JSONCodec.encode(try await service.sync(assetId: assetId)) }
    }
}

@c @implementation
public func gem_price_alert_service_add(_ service: OpaquePointer?, _ alertJSON: UnsafePointer<CChar>?,
                                        _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceAlertService.self, done, context) { service in
        let alert = try decodeArgument(PriceAlert.self, alertJSON, "alert_json")
        return { try JSONCodec.encode(try await service.add(alert)) }
    }
}

@c @implementation
public func gem_price_alert_service_delete(_ service: OpaquePointer?, _ idsJSON: UnsafePointer<CChar>?,
                                          _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceAlertService.self, done, context) { service in
        let ids = try decodeArgument([String].self, idsJSON, "ids_json")
        return { try JSONCodec.encode(try await service.delete(ids: ids)) }
    }
}

@c @implementation
public func gem_price_alert_service_set_enabled(_ service: OpaquePointer?, _ enabled: Int32,
                                                _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemPriceAlertService.self, done, context) { service in
        { try JSONCodec.encode(try await service.setEnabled(enabled != 0)) }
    }
}

@c @implementation
public func gem_price_alert_service_is_enabled(_ service: OpaquePointer?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemPriceAlertService>.require(service)
        return JSONWriter.bytes(.bool(handle.service.isEnabled()))
    }.deliver(out)
}
