import Foundation
import GemCrypto
import Primitives

/// Loads Tests/BlockchainTests/Vectors/signing/<name>.json (Cosmos, Tron and Xrp signer vectors) with the
/// library's JSON codec. A missing or malformed file traps: the test bundle itself is broken.
enum CTXVectorLoader {
    static func load<T: Decodable>(_ name: String) -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url)
        else { fatalError("missing signing vector file \(name).json") }
        do {
            return try JSONCodec.decode(T.self, from: Array(data))
        } catch {
            fatalError("malformed signing vector file \(name).json: \(error)")
        }
    }

    static func big(_ text: String?) throws -> BigUInt? {
        guard let text else { return nil }
        guard let value = BigUInt(text) else { throw VectorError("not a decimal: \(text)") }
        return value
    }

    static func key(_ hex: String) throws -> Secp256k1PrivateKey {
        try Secp256k1PrivateKey(bytes: try Hex.decode(hex))
    }
}

struct VectorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
