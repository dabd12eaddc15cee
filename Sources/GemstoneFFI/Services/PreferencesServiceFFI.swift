import CGemstone
import Gemstone
import Primitives

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
        return try JSONCodec.encode(handle.service.preferences())
    }.deliver(out)
}

@c @implementation
public func gem_preferences_service_update(_ service: OpaquePointer?, _ patchJSON: UnsafePointer<CChar>?,
                                           _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let handle = try ServiceHandle<GemPreferencesService>.require(service)
        let patch = try decodeArgument(GemPreferencesPatch.self, patchJSON, "patch_json")
        return try JSONCodec.encode(handle.service.update(patch))
    }.deliver(out)
}
