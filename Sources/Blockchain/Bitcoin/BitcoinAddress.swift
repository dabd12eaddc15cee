import GemCrypto
import Primitives

/// Bitcoin-family addresses: SegWit v0 (P2WPKH/P2WSH) and Taproot (P2TR) in bech32/bech32m, legacy P2PKH/P2SH in
/// base58check with the chain's version bytes, Bitcoin Cash CashAddr, Zcash transparent and TEX addresses.
public enum BitcoinAddress {
    /// The address of `key` in the form `kind`.
    public static func derive(_ key: Secp256k1PublicKey, kind: UTXOAddressKind, network: UTXONetwork)
        throws(AddressError) -> String
    {
        let encoded: String?
        switch kind {
        case .p2wpkh:
            encoded = network.segwitHrp.flatMap {
                Bech32.encodeSegwit(humanReadablePart: $0, Bech32.WitnessProgram(version: 0, program: key.hash160))
            }
        case .p2tr:
            encoded = try network.segwitHrp.flatMap { hrp throws(AddressError) in
                Bech32.encodeSegwit(humanReadablePart: hrp, Bech32.WitnessProgram(version: 1, program: try taprootOutputKey(key)))
            }
        case .p2pkh:
            encoded = Base58.encodeCheck(network.p2pkhPrefix + key.hash160)
        case .cashAddrP2PKH:
            // Stored without the `bitcoincash:` prefix, as the specification's apps store it (chains.md § 3).
            encoded = network.cashAddrPrefix.map { CashAddr.encodeShort(prefix: $0, type: .p2pkh, hash: key.hash160) }
        }
        // Only a chain table without the prefix this kind needs leaves nothing to encode.
        guard let encoded else { throw .unsupportedFormat }
        return encoded
    }

    /// BIP86 key-path-only output key: the internal key tweaked by hashTapTweak(x(P)) (BIP341).
    static func taprootOutputKey(_ key: Secp256k1PublicKey) throws(AddressError) -> [UInt8] {
        do {
            return try key.xOnly.taprootOutputKey().key.bytes
        } catch {
            throw .invalidPublicKey
        }
    }

    /// Validates `address` for the chain `network` describes; returns it lower-cased if bech32, as CashAddr without
    /// prefix for Bitcoin Cash, unchanged otherwise.
    public static func validate(_ address: String, network: UTXONetwork) throws(AddressError) -> String {
        if let prefix = network.cashAddrPrefix {
            return try validateBitcoinCash(address, prefix: prefix, network: network)
        }
        if let hrp = network.segwitHrp, let separator = address.lastIndex(of: "1"),
           address[..<separator].lowercased() == hrp
        {
            return try validateSegwit(address, hrp: hrp)
        }
        if let hrp = network.texHrp, address.lowercased().hasPrefix(hrp + "1") {
            return try ZcashTex.validate(address, hrp: hrp)
        }
        // A bech32 string of another network (tb1… on bitcoin, bc1… on litecoin) names the wrong prefix. Base58
        // text essentially never passes a bech32 checksum, so this cannot misreport a legacy address.
        if let expected = network.segwitHrp, let decoded = try? Bech32.decode(address) {
            throw .wrongPrefix(expected: expected, found: decoded.humanReadablePart)
        }
        try validateBase58(address, network: network)
        return address
    }

    static func validateSegwit(_ address: String, hrp: String) throws(AddressError) -> String {
        let witness = try decoding { () throws(EncodingError) in try Bech32.decodeSegwit(humanReadablePart: hrp, address) }
        switch (witness.version, witness.program.count) {
        case (0, 20), (0, 32), (1, 32): return address.lowercased()
        // Versions 2...16 are reserved for future soft forks; funds sent there today are not protected.
        default: throw .unsupportedFormat
        }
    }

    static func validateBase58(_ address: String, network: UTXONetwork) throws(AddressError) {
        let payload = try decoding { () throws(EncodingError) in try Base58.decodeCheck(address) }
        let prefixLength = network.p2pkhPrefix.count
        let version = Array(payload.prefix(prefixLength))
        let ownVersion = version == network.p2pkhPrefix || version == network.p2shPrefix
        guard payload.count == prefixLength + 20 else {
            // 21 or 22 bytes under a foreign version is another chain's address (one- or two-byte version).
            if !ownVersion && (payload.count == 21 || payload.count == 22) { throw .wrongNetwork }
            throw .invalidLength
        }
        guard ownVersion else { throw .wrongNetwork }
    }

    static func validateBitcoinCash(_ address: String, prefix: String, network: UTXONetwork) throws(AddressError)
        -> String
    {
        // Legacy base58 P2PKH/P2SH addresses are still valid on Bitcoin Cash; they are returned as CashAddr.
        if !address.contains(":"), let payload = try? Base58.decodeCheck(address), payload.count == 21 {
            let hash = Array(payload[1...])
            switch [payload[0]] {
            case network.p2pkhPrefix: return CashAddr.encodeShort(prefix: prefix, type: .p2pkh, hash: hash)
            case network.p2shPrefix: return CashAddr.encodeShort(prefix: prefix, type: .p2sh, hash: hash)
            default: throw .wrongNetwork
            }
        }
        let decoded = try CashAddr.decode(address, defaultPrefix: prefix)
        guard decoded.prefix == prefix else { throw .wrongPrefix(expected: prefix, found: decoded.prefix) }
        return CashAddr.encodeShort(prefix: prefix, type: decoded.type, hash: decoded.hash)
    }
}
