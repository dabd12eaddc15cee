/// A value the user set (spec "Choose the persistence owner"): synchronous; `get` answers an
/// optional string and cannot fail. Owned by `GemPreferencesService`; apps never use raw keys.
public protocol GemPreferencesStore: Sendable {
    func get(key: String) -> String?
    func set(key: String, value: String)
    func remove(key: String)
}
