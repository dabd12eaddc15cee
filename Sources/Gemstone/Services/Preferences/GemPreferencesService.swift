/// The one owner of the values the user set (spec "Choose the persistence owner"). Named keys and
/// typed accessors; hosts never read or write the raw keys. Reads are synchronous and cannot fail:
/// a missing or unreadable value reads as its default. Writes validate their input.
public final class GemPreferencesService: Sendable {
    /// The stored keys. Their values are the strings the store holds.
    public enum Key {
        /// `"true"` or `"false"`; anything else reads as off.
        public static let priceAlertsEnabled = "price_alerts_enabled"
        /// The id the remote API knows this device by.
        public static let deviceId = "device_id"
        /// A three-letter uppercase currency code.
        public static let currency = "currency"
    }

    /// The currency read when none is stored (or the stored one is not a currency code).
    public static let defaultCurrency = "USD"

    private let store: any GemPreferencesStore

    public init(store: any GemPreferencesStore) {
        self.store = store
    }

    // MARK: price alerts

    public func isPriceAlertsEnabled() -> Bool {
        store.get(key: Key.priceAlertsEnabled) == "true"
    }

    /// Writes only when the stored value differs, so observers see real changes only.
    public func setPriceAlertsEnabled(_ enabled: Bool) {
        let value = enabled ? "true" : "false"
        guard store.get(key: Key.priceAlertsEnabled) != value else { return }
        store.set(key: Key.priceAlertsEnabled, value: value)
    }

    // MARK: device

    /// The device id, or nil when none is stored (an empty stored value counts as none).
    public func deviceId() -> String? {
        guard let value = store.get(key: Key.deviceId), !value.isEmpty else { return nil }
        return value
    }

    /// A device id is a non-empty string without control characters or spaces; it becomes a URL
    /// path segment (percent-encoded there).
    public func setDeviceId(_ deviceId: String) throws(GemServiceError) {
        try update(GemPreferencesPatch(deviceId: deviceId))
    }

    static func isValidDeviceId(_ deviceId: String) -> Bool {
        !deviceId.isEmpty && !deviceId.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }

    // MARK: currency

    /// The selected currency; `defaultCurrency` when none is stored or the stored value is not a
    /// three-letter uppercase code.
    public func currency() -> String {
        guard let value = store.get(key: Key.currency), CurrencyCode.isValid(value) else { return Self.defaultCurrency }
        return value
    }

    public func setCurrency(_ currency: String) throws(GemServiceError) {
        try update(GemPreferencesPatch(currency: currency))
    }

    // MARK: the record

    /// Every preference in one record (`gem_preferences_service_get`).
    public func preferences() -> GemPreferences {
        GemPreferences(currency: currency(), priceAlertsEnabled: isPriceAlertsEnabled(), deviceId: deviceId())
    }

    /// Applies a patch all or nothing: every present field is checked before any is written, so a
    /// patch with one valid and one invalid field throws and leaves the store as it was. Answers
    /// the preferences after the write.
    @discardableResult
    public func update(_ patch: GemPreferencesPatch) throws(GemServiceError) -> GemPreferences {
        if let currency = patch.currency, !CurrencyCode.isValid(currency) {
            throw .invalidInput(message: "a currency is three uppercase letters, like USD")
        }
        if let deviceId = patch.deviceId, !Self.isValidDeviceId(deviceId) {
            throw .invalidInput(message: "a device id is non-empty and has no spaces or control characters")
        }
        if let currency = patch.currency { store.set(key: Key.currency, value: currency) }
        if let deviceId = patch.deviceId { store.set(key: Key.deviceId, value: deviceId) }
        return preferences()
    }
}
