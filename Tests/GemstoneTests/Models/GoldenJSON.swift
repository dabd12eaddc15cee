@testable import Gemstone
import Primitives
import Testing

/// Encodes `value` with the ABI's codec, checks the bytes against `golden`, and decodes them back
/// to the same value: one call pins a record's JSON shape in both directions.
func expectGolden<T: Codable & Equatable>(_ value: T, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let encoded = try JSONCodec.encodeString(value)
    #expect(encoded == golden, sourceLocation: sourceLocation)
    let decoded = try JSONCodec.decode(T.self, from: Array(golden.utf8))
    #expect(decoded == value, sourceLocation: sourceLocation)
}
