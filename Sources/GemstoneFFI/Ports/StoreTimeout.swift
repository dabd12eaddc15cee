import Gemstone

/// A config's "store_timeout_ms" read as the store-call bound (GemStoreTimeout holds the rule).
func storeCallTimeout(_ milliseconds: Int?, _ field: String) throws(ABIError) -> Duration {
    guard let duration = GemStoreTimeout.duration(milliseconds: milliseconds) else {
        throw ABIError(message: "\(field) must be between \(GemStoreTimeout.range.lowerBound) and \(GemStoreTimeout.range.upperBound)")
    }
    return duration
}

/// A config's HTTP timeout or poll interval in milliseconds: `fallback` when absent, else 1…600000 (ten minutes).
func boundedMilliseconds(_ milliseconds: Int?, default fallback: Int, _ field: String) throws(ABIError) -> Int {
    let value = milliseconds ?? fallback
    guard (1...600_000).contains(value) else { throw ABIError(message: "\(field) must be between 1 and 600000") }
    return value
}
