import CGemstone
import Gemstone
import Primitives

/// The record gem_preferences_service_get answers and _update applies.
struct PreferencesRecord: Codable {
    var currency: String
    var deviceId: String?
    var priceAlertsEnabled: Bool

    init(_ service: GemPreferencesService) {
        currency = service.currency()
        deviceId = service.deviceId()
        priceAlertsEnabled = service.isPriceAlertsEnabled()
    }
}

struct PreferencesPatch: Decodable {
    var currency: String?
    var deviceId: String?
}

@c @implementation
public func gem_preferences_service_new(_ store: UnsafePointer<gem_preferences_store>?,
                                        _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let construction = Construction()
        let service = GemPreferencesService(store: try PreferencesStoreAdapter(store, construction: construction))
        construction.commit()
        return ServiceHandle(service).retainedPointer()
    }
}

@c @implementation
public func gem_preferences_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemPreferencesService>.release(service)
}

@c @implementation
public func gem_preferences_service_get(_ service: OpaquePointer?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemPreferencesService>.require(service)
        return try JSONCodec.encode(PreferencesRecord(handle.service))
    }.deliver(out)
}

@c @implementation
public func gem_preferences_service_update(_ service: OpaquePointer?, _ patchJSON: UnsafePointer<CChar>?,
                                           _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemPreferencesService>.require(service)
        let patch = try decodeArgument(PreferencesPatch.self, patchJSON, "patch_json")
        if let currency = patch.currency { try handle.service.setCurrency(currency) }
        if let deviceId = patch.deviceId { try handle.service.setDeviceId(deviceId) }
        return try JSONCodec.encode(PreferencesRecord(handle.service))
    }.deliver(out)
}
