import Gemstone

/// A config's "store_timeout_ms" read as the store-call bound (GemStoreTimeout holds the rule).
func storeCallTimeout(_ milliseconds: Int?, _ field: String) throws(ABIError) -> Duration {
    guard let duration = GemStoreTimeout.duration(milliseconds: milliseconds) else {
        throw ABIError(message: "\(field) must be between \(GemStoreTimeout.range.lowerBound) and \(GemStoreTimeout.range.upperBound)")
    }
    return duration
}
