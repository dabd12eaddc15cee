/// The bound on one call to an async store port (gemstone.h, "Store timeouts"): a store method that has
/// not answered within it fails its command with `timeout`, and its later answer is stale. A service's
/// config sets it in milliseconds ("store_timeout_ms", 1 to 600000); a service without a config, or a
/// config without the field, gets the default. The port adapters apply it to every store call; the
/// keystore password and the notification permission, which may wait for the user, are not bounded.
public enum GemStoreTimeout {
    public static let defaultMilliseconds = 30_000
    public static let range = 1...600_000
    public static let defaultDuration = Duration.milliseconds(defaultMilliseconds)

    /// The bound a config asks for (nil: the default), or nil when it is out of range.
    public static func duration(milliseconds: Int?) -> Duration? {
        let value = milliseconds ?? defaultMilliseconds
        return range.contains(value) ? .milliseconds(value) : nil
    }
}
