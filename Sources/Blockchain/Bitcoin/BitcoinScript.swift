import GemCrypto
import Primitives

/// The output scripts (scriptPubKeys) the Bitcoin-family signer pays to and spends from.
public enum BitcoinScript: Sendable, Equatable {
    /// OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG.
    case p2pkh(hash: [UInt8])
    /// OP_HASH160 <20> OP_EQUAL.
    case p2sh(hash: [UInt8])
    /// OP_0 <20>.
    case p2wpkh(hash: [UInt8])
    /// OP_0 <32>.
    case p2wsh(hash: [UInt8])
    /// OP_1 <32>.
    case p2tr(outputKey: [UInt8])

    /// The serialized script.
    public var bytes: [UInt8] {
        switch self {
        case let .p2pkh(hash): [0x76, 0xA9, 0x14] + hash + [0x88, 0xAC]
        case let .p2sh(hash): [0xA9, 0x14] + hash + [0x87]
        case let .p2wpkh(hash): [0x00, 0x14] + hash
        case let .p2wsh(hash): [0x00, 0x20] + hash
        case let .p2tr(key): [0x51, 0x20] + key
        }
    }

    /// Whether spending this output needs a witness (its spend size counts witness bytes at a quarter).
    var isWitness: Bool {
        switch self {
        case .p2pkh, .p2sh: false
        case .p2wpkh, .p2wsh, .p2tr: true
        }
    }

    /// The script `address` pays to on the chain `network` describes. The address is checked by
    /// `BitcoinAddress.validate` first, so every refusal there is `SignerError.invalidAddress(field)`.
    static func from(address: String, network: UTXONetwork, field: String) throws(SignerError) -> BitcoinScript {
        // Fast path for the common case, with BitcoinAddress.validateSegwit's checks: a bech32/bech32m address
        // under the chain's own prefix, decoded once.
        if let hrp = network.segwitHrp, address.utf8.count > hrp.utf8.count + 1,
           address.lowercased().hasPrefix(hrp + "1"),
           let witness = try? Bech32.decodeSegwit(humanReadablePart: hrp, address)
        {
            switch (witness.version, witness.program.count) {
            case (0, 20): return .p2wpkh(hash: witness.program)
            case (0, 32): return .p2wsh(hash: witness.program)
            case (1, 32): return .p2tr(outputKey: witness.program)
            default: throw .invalidAddress(field)
            }
        }
        let normalized: String
        do {
            normalized = try BitcoinAddress.validate(address, network: network)
        } catch {
            throw .invalidAddress(field)
        }
        if let prefix = network.cashAddrPrefix {
            guard let decoded = try? CashAddr.decode(normalized, defaultPrefix: prefix) else { throw .invalidAddress(field) }
            return decoded.type == .p2pkh ? .p2pkh(hash: decoded.hash) : .p2sh(hash: decoded.hash)
        }
        if let hrp = network.segwitHrp, normalized.hasPrefix(hrp + "1") {
            guard let witness = try? Bech32.decodeSegwit(humanReadablePart: hrp, normalized) else {
                throw .invalidAddress(field)
            }
            switch (witness.version, witness.program.count) {
            case (0, 20): return .p2wpkh(hash: witness.program)
            case (0, 32): return .p2wsh(hash: witness.program)
            case (1, 32): return .p2tr(outputKey: witness.program)
            default: throw .invalidAddress(field)
            }
        }
        if let hrp = network.texHrp, normalized.hasPrefix(hrp + "1") {
            // ZIP-320: a TEX address wraps the 20-byte P2PKH hash; the transparent-only spend this signer makes is
            // exactly what its receiver accepts.
            guard let hash = try? Bech32.decodeBytes(normalized, humanReadablePart: hrp, variant: .bech32m),
                  hash.count == 20
            else { throw .invalidAddress(field) }
            return .p2pkh(hash: hash)
        }
        guard let payload = try? Base58.decodeCheck(normalized) else { throw .invalidAddress(field) }
        let version = Array(payload.prefix(network.p2pkhPrefix.count))
        let hash = Array(payload.dropFirst(network.p2pkhPrefix.count))
        guard hash.count == 20 else { throw .invalidAddress(field) }
        if version == network.p2pkhPrefix { return .p2pkh(hash: hash) }
        if version == network.p2shPrefix { return .p2sh(hash: hash) }
        throw .invalidAddress(field)
    }
}

/// The dust rule of each chain: the smallest output value its nodes relay.
///
/// Bitcoin Core `GetDustThreshold` (src/policy/policy.cpp): an output is dust when its value is below the fee, at
/// the dust relay rate, of the output plus the input that would spend it (148 bytes, or 67 vbytes for a witness
/// program: 32 + 4 + 1 + 107/4 + 4). With Bitcoin's DUST_RELAY_TX_FEE 3,000 sat/kvB (src/policy/policy.h) this is
/// 546 sat for P2PKH, 540 for P2SH, 294 for P2WPKH and 330 for P2WSH/P2TR. Bitcoin Cash has no witness outputs
/// and the same 3 × (size + 148) (bitcash 1.2.1 `_calculate_dust_value`: 546 for P2PKH, 540 for P2SH). Litecoin Core's DUST_RELAY_TX_FEE is 30,000 (litecoin-project/litecoin src/policy/policy.h):
/// 5,460 for P2PKH, 2,940 for P2WPKH. Zcash (zcashd `CTxOut::GetDustThreshold`, src/primitives/transaction.cpp):
/// 3 × floor(ONE_THIRD_DUST_THRESHOLD_RATE 100 zat/kB × (size + 148) / 1000), 54 zat for P2PKH. Dogecoin Core
/// (dogecoin/dogecoin src/policy/policy.h) has a flat DEFAULT_DUST_LIMIT of RECOMMENDED_MIN_TX_FEE = 0.01 DOGE:
/// an output below it must pay 0.01 DOGE more fee, so the signer treats it as dust.
public enum BitcoinDustRule: Sendable, Equatable {
    /// Bitcoin Core's formula at `relayFeePerKvB` sat per 1,000 vbytes.
    case relayFee(perKvB: UInt64)
    /// zcashd's formula: 3 × floor(rate × (size + 148) / 1000).
    case oneThirdRate(perKB: UInt64)
    /// One flat threshold for every output.
    case flat(UInt64)

    /// The rule of `chain`, nil for a chain outside the Bitcoin family.
    public static func of(_ chain: Chain) -> BitcoinDustRule? {
        switch chain {
        case .bitcoin, .bitcoinCash: .relayFee(perKvB: 3_000)
        case .litecoin: .relayFee(perKvB: 30_000)
        case .doge: .flat(1_000_000)
        case .zcash: .oneThirdRate(perKB: 100)
        default: nil
        }
    }

    /// The smallest value of an output paying to `script` that is not dust.
    public func threshold(for script: BitcoinScript) -> UInt64 {
        let outputSize = UInt64(BitcoinTransaction.outputSize(scriptLength: script.bytes.count))
        switch self {
        case let .relayFee(rate):
            let spend: UInt64 = script.isWitness ? 32 + 4 + 1 + 107 / 4 + 4 : 32 + 4 + 1 + 107 + 4
            return (outputSize + spend) * rate / 1_000
        case let .oneThirdRate(rate):
            return 3 * ((outputSize + 148) * rate / 1_000)
        case let .flat(value):
            return value
        }
    }
}
