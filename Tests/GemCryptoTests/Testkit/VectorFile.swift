// Loads the JSON vector files of Tests/GemCryptoTests/Vectors (each names its source in a "source" field; they are
// written by VectorTools/make_vectors.py). Foundation is used here, in tests only, for JSON and resource lookup.
import Foundation
import GemCrypto

enum VectorFile {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "vector file \(name) not found in the test bundle" }
    }

    static func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors") else {
            throw Missing(name: name)
        }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}

/// Hex to bytes for test data; a malformed vector fails the test through the thrown error.
func hex(_ text: String) throws -> [UInt8] { try Hex.decode(text) }
