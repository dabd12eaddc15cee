import GemCrypto

/// Little-endian and CompactSize writing for Bitcoin-family serialization.
struct BitcoinWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u32(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// CompactSize (Bitcoin's "varint").
    mutating func compactSize(_ value: Int) {
        let n = UInt64(value)
        switch n {
        case ..<0xFD: bytes.append(UInt8(n))
        case ...0xFFFF:
            bytes.append(0xFD)
            bytes.append(UInt8(truncatingIfNeeded: n))
            bytes.append(UInt8(truncatingIfNeeded: n >> 8))
        case ...0xFFFF_FFFF:
            bytes.append(0xFE)
            u32(UInt32(truncatingIfNeeded: n))
        default:
            bytes.append(0xFF)
            u64(n)
        }
    }

    mutating func append(_ data: [UInt8]) { bytes.append(contentsOf: data) }

    /// CompactSize length then the bytes.
    mutating func varBytes(_ data: [UInt8]) {
        compactSize(data.count)
        bytes.append(contentsOf: data)
    }

    static func compactSizeLength(_ value: Int) -> Int {
        switch value {
        case ..<0xFD: 1
        case ...0xFFFF: 3
        case ...0xFFFF_FFFF: 5
        default: 9
        }
    }
}

/// One input: the outpoint it spends (txid in internal byte order), its scriptSig, sequence and witness stack.
struct BitcoinTxInput: Sendable, Equatable {
    var prevTxid: [UInt8]
    var vout: UInt32
    var sequence: UInt32
    var scriptSig: [UInt8] = []
    var witness: [[UInt8]] = []

    func writeOutpoint(to w: inout BitcoinWriter) {
        w.append(prevTxid)
        w.u32(vout)
    }
}

struct BitcoinTxOutput: Sendable, Equatable {
    var value: UInt64
    var script: [UInt8]

    func write(to w: inout BitcoinWriter) {
        w.u64(value)
        w.varBytes(script)
    }
}

/// A Bitcoin-serialized transaction (BTC, LTC, DOGE, BCH), with the BIP-144 witness serialization when an input has
/// a witness.
struct BitcoinTransaction: Sendable, Equatable {
    var version: UInt32
    var inputs: [BitcoinTxInput]
    var outputs: [BitcoinTxOutput]
    var lockTime: UInt32

    /// The size of an output paying to a script of `scriptLength` bytes: value, CompactSize length, script.
    static func outputSize(scriptLength: Int) -> Int { 8 + BitcoinWriter.compactSizeLength(scriptLength) + scriptLength }

    var hasWitness: Bool { inputs.contains { !$0.witness.isEmpty } }

    /// The serialization nodes take (`sendrawtransaction`): BIP-144 (marker 0x00, flag 0x01, witnesses) when an
    /// input has a witness, the legacy form otherwise.
    func serialized() -> [UInt8] { serialize(witness: hasWitness) }

    func serialize(witness: Bool) -> [UInt8] {
        var w = BitcoinWriter(capacity: 16 + inputs.count * 180 + outputs.count * 44)
        w.u32(version)
        if witness {
            w.u8(0x00)
            w.u8(0x01)
        }
        w.compactSize(inputs.count)
        for input in inputs {
            input.writeOutpoint(to: &w)
            w.varBytes(input.scriptSig)
            w.u32(input.sequence)
        }
        w.compactSize(outputs.count)
        for output in outputs { output.write(to: &w) }
        if witness {
            for input in inputs {
                w.compactSize(input.witness.count)
                for item in input.witness { w.varBytes(item) }
            }
        }
        w.u32(lockTime)
        return w.bytes
    }

    /// The txid in display order: the reversed double SHA-256 of the serialization without witnesses.
    var txid: [UInt8] { Array(Hash.sha256d(serialize(witness: false)).reversed()) }

    // MARK: Signature hashes

    /// The original (pre-segwit) signature hash, SIGHASH_ALL: the transaction with every scriptSig empty except
    /// input `index`'s, which is `scriptCode` (the spent output's script), then the hash type as 4 bytes.
    func legacySighash(index: Int, scriptCode: [UInt8], hashType: UInt32) -> [UInt8] {
        var w = BitcoinWriter(capacity: 16 + inputs.count * 41 + scriptCode.count + outputs.count * 44)
        w.u32(version)
        w.compactSize(inputs.count)
        for (i, input) in inputs.enumerated() {
            input.writeOutpoint(to: &w)
            w.varBytes(i == index ? scriptCode : [])
            w.u32(input.sequence)
        }
        w.compactSize(outputs.count)
        for output in outputs { output.write(to: &w) }
        w.u32(lockTime)
        w.u32(hashType)
        return Hash.sha256d(w.bytes)
    }

    /// The BIP-143 midstate shared by every input of one transaction (SIGHASH_ALL).
    struct SegwitV0Hashes {
        let prevouts: [UInt8]
        let sequences: [UInt8]
        let outputs: [UInt8]
    }

    func segwitV0Hashes() -> SegwitV0Hashes {
        var prevouts = BitcoinWriter(capacity: inputs.count * 36)
        var sequences = BitcoinWriter(capacity: inputs.count * 4)
        for input in inputs {
            input.writeOutpoint(to: &prevouts)
            sequences.u32(input.sequence)
        }
        var outs = BitcoinWriter(capacity: outputs.count * 44)
        for output in outputs { output.write(to: &outs) }
        return SegwitV0Hashes(prevouts: Hash.sha256d(prevouts.bytes), sequences: Hash.sha256d(sequences.bytes),
                              outputs: Hash.sha256d(outs.bytes))
    }

    /// BIP-143 signature hash of input `index` spending `amount` with `scriptCode` (for P2WPKH the P2PKH script of
    /// the key hash), hash type `hashType` (SIGHASH_ALL 0x01; Bitcoin Cash signs the same digest with
    /// SIGHASH_ALL | SIGHASH_FORKID 0x41 and fork id 0, per its 2017 replay-protected sighash specification).
    func segwitV0Sighash(index: Int, scriptCode: [UInt8], amount: UInt64, hashType: UInt32,
                         hashes: SegwitV0Hashes) -> [UInt8] {
        var w = BitcoinWriter(capacity: 156 + scriptCode.count)
        w.u32(version)
        w.append(hashes.prevouts)
        w.append(hashes.sequences)
        if inputs.indices.contains(index) {
            inputs[index].writeOutpoint(to: &w)
            w.varBytes(scriptCode)
            w.u64(amount)
            w.u32(inputs[index].sequence)
        }
        w.append(hashes.outputs)
        w.u32(lockTime)
        w.u32(hashType)
        return Hash.sha256d(w.bytes)
    }

    /// The BIP-341 hashes shared by every input (single SHA-256 each): prevouts, amounts, scriptPubKeys,
    /// sequences, outputs.
    struct TaprootHashes {
        let prevouts: [UInt8]
        let amounts: [UInt8]
        let scriptPubKeys: [UInt8]
        let sequences: [UInt8]
        let outputs: [UInt8]
    }

    /// `spent` holds the amount and scriptPubKey of the output each input spends, in input order.
    func taprootHashes(spent: [(amount: UInt64, script: [UInt8])]) -> TaprootHashes {
        var prevouts = BitcoinWriter(capacity: inputs.count * 36)
        var sequences = BitcoinWriter(capacity: inputs.count * 4)
        for input in inputs {
            input.writeOutpoint(to: &prevouts)
            sequences.u32(input.sequence)
        }
        var amounts = BitcoinWriter(capacity: spent.count * 8)
        var scripts = BitcoinWriter(capacity: spent.count * 35)
        for output in spent {
            amounts.u64(output.amount)
            scripts.varBytes(output.script)
        }
        var outs = BitcoinWriter(capacity: outputs.count * 44)
        for output in outputs { output.write(to: &outs) }
        return TaprootHashes(prevouts: Hash.sha256(prevouts.bytes), amounts: Hash.sha256(amounts.bytes),
                             scriptPubKeys: Hash.sha256(scripts.bytes), sequences: Hash.sha256(sequences.bytes),
                             outputs: Hash.sha256(outs.bytes))
    }

    /// BIP-341 key-path signature hash of input `index` for hash type SIGHASH_DEFAULT (0x00) or SIGHASH_ALL (0x01),
    /// no annex: TapSighash(0x00 ‖ hash_type ‖ nVersion ‖ nLockTime ‖ sha_prevouts ‖ sha_amounts ‖
    /// sha_scriptpubkeys ‖ sha_sequences ‖ sha_outputs ‖ spend_type 0 ‖ input_index).
    func taprootKeyPathSighash(index: Int, hashType: UInt8, hashes: TaprootHashes) -> [UInt8] {
        var w = BitcoinWriter(capacity: 175)
        w.u8(0x00)  // epoch
        w.u8(hashType)
        w.u32(version)
        w.u32(lockTime)
        w.append(hashes.prevouts)
        w.append(hashes.amounts)
        w.append(hashes.scriptPubKeys)
        w.append(hashes.sequences)
        w.append(hashes.outputs)
        w.u8(0x00)  // spend_type: key path, no annex
        w.u32(UInt32(truncatingIfNeeded: index))
        return Hash.taggedSHA256(tag: "TapSighash", w.bytes)
    }
}
