import GemCrypto

/// Zcash TEX addresses (ZIP-320): bech32m under `tex` of the 20-byte P2PKH key hash; the receiver only accepts
/// funds from transparent inputs, which is all this wallet sends on Zcash.
enum ZcashTex {
    static func validate(_ address: String, hrp: String) throws(AddressError) -> String {
        let hash = try decoding { () throws(EncodingError) in
            try Bech32.decodeBytes(address, humanReadablePart: hrp, variant: .bech32m)
        }
        guard hash.count == 20 else { throw .invalidLength }
        return address.lowercased()
    }
}
