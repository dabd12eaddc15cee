import CGemstone
import Gemstone
import Primitives

/// GemPreferencesStore over a host's gem_preferences_store table. SYNC: each method runs on
/// the calling thread and the host answers before returning. A get the host fails or does not
/// answer reads as absent (the port's get cannot fail); a failed set or remove is dropped.
final class PreferencesStoreAdapter: GemPreferencesStore {
    private let get: PortMethod
    private let set: PortMethod
    private let remove: PortMethod
    private let release: TableRelease

    init(_ pointer: UnsafePointer<gem_preferences_store>?, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        get = try requireMethod(table.get, "store.get", release)
        set = try requireMethod(table.set, "store.set", release)
        remove = try requireMethod(table.remove, "store.remove", release)
    }

    func get(key: String) -> String? {
        let args = JSONWriter.bytes(.object([("key", .string(key))]))
        guard case let .success(bytes)? = get.callSync(args), let value = try? JSONParser.parse(bytes) else { return nil }
        return value.stringValue
    }

    func set(key: String, value: String) {
        _ = set.callSync(JSONWriter.bytes(.object([("key", .string(key)), ("value", .string(value))])))
    }

    func remove(key: String) {
        _ = remove.callSync(JSONWriter.bytes(.object([("key", .string(key))])))
    }
}
