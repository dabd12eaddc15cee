import GemCrypto

/// A Zcash v5 transaction with a transparent bundle only (ZIP-225 format), its txid and transparent signature
/// hash (ZIP-244, BLAKE2b-256 with the ZIP's 16-byte personalizations).
struct ZcashTransaction: Sendable, Equatable {
    /// ZIP-225: nVersion 5 with fOverwintered set.
    static let versionHeader: UInt32 = 0x8000_0005
    /// ZIP-225: nVersionGroupId of v5 transactions.
    static let versionGroupId: UInt32 = 0x26A7_270A

    var consensusBranchId: UInt32
    var lockTime: UInt32
    var expiryHeight: UInt32
    var inputs: [BitcoinTxInput]
    var outputs: [BitcoinTxOutput]
    /// The digests of the Sapling and Orchard bundles; a transparent-only transaction has empty bundles, whose
    /// digests are BLAKE2b of nothing under "ZTxIdSaplingHash" / "ZTxIdOrchardHash" (ZIP-244 T.3, T.4). Settable so
    /// the ZIP-244 test vectors (which have shielded parts) can check the transparent and root digests.
    var saplingDigest: [UInt8]? = nil
    var orchardDigest: [UInt8]? = nil

    /// ZIP-225 serialization: header, transparent bundle, then zero Sapling spends, zero Sapling outputs and zero
    /// Orchard actions.
    func serialized() -> [UInt8] {
        var w = BitcoinWriter(capacity: 32 + inputs.count * 150 + outputs.count * 34)
        writeHeader(to: &w)
        w.compactSize(inputs.count)
        for input in inputs {
            input.writeOutpoint(to: &w)
            w.varBytes(input.scriptSig)
            w.u32(input.sequence)
        }
        w.compactSize(outputs.count)
        for output in outputs { output.write(to: &w) }
        w.compactSize(0)  // nSpendsSapling
        w.compactSize(0)  // nOutputsSapling
        w.compactSize(0)  // nActionsOrchard
        return w.bytes
    }

    private func writeHeader(to w: inout BitcoinWriter) {
        w.u32(Self.versionHeader)
        w.u32(Self.versionGroupId)
        w.u32(consensusBranchId)
        w.u32(lockTime)
        w.u32(expiryHeight)
    }

    static func blake2b(_ personal: String, _ data: [UInt8]) throws(SignerError) -> [UInt8] {
        do {
            return try Hash.blake2b(data, length: 32, personal: Array(personal.utf8))
        } catch {
            throw .unsupported("BLAKE2b personalization \(personal)")
        }
    }

    /// The digests ZIP-244 T.2 and S.2 share.
    struct TransparentHashes {
        let prevouts: [UInt8]
        let sequences: [UInt8]
        let outputs: [UInt8]
    }

    func transparentHashes() throws(SignerError) -> TransparentHashes {
        var prevouts = BitcoinWriter(capacity: inputs.count * 36)
        var sequences = BitcoinWriter(capacity: inputs.count * 4)
        for input in inputs {
            input.writeOutpoint(to: &prevouts)
            sequences.u32(input.sequence)
        }
        var outs = BitcoinWriter(capacity: outputs.count * 34)
        for output in outputs { output.write(to: &outs) }
        return TransparentHashes(prevouts: try Self.blake2b("ZTxIdPrevoutHash", prevouts.bytes),
                                 sequences: try Self.blake2b("ZTxIdSequencHash", sequences.bytes),
                                 outputs: try Self.blake2b("ZTxIdOutputsHash", outs.bytes))
    }

    /// BLAKE2b-256 under "ZcashTxHash_" ‖ branch id (LE) of header ‖ transparent ‖ sapling ‖ orchard digests.
    private func root(transparent: [UInt8]) throws(SignerError) -> [UInt8] {
        var header = BitcoinWriter(capacity: 20)
        writeHeader(to: &header)
        var w = BitcoinWriter(capacity: 128)
        w.append(try Self.blake2b("ZTxIdHeadersHash", header.bytes))
        w.append(transparent)
        if let saplingDigest { w.append(saplingDigest) } else { w.append(try Self.blake2b("ZTxIdSaplingHash", [])) }
        if let orchardDigest { w.append(orchardDigest) } else { w.append(try Self.blake2b("ZTxIdOrchardHash", [])) }
        var personal = BitcoinWriter(capacity: 16)
        personal.append(Array("ZcashTxHash_".utf8))
        personal.u32(consensusBranchId)
        do {
            return try Hash.blake2b(w.bytes, length: 32, personal: personal.bytes)
        } catch {
            throw .unsupported("BLAKE2b personalization ZcashTxHash_")
        }
    }

    /// The txid in internal order (ZIP-244 T); explorers print it reversed.
    func txidDigest(hashes: TransparentHashes) throws(SignerError) -> [UInt8] {
        let transparent: [UInt8]
        if inputs.isEmpty && outputs.isEmpty {
            transparent = try Self.blake2b("ZTxIdTranspaHash", [])
        } else {
            transparent = try Self.blake2b("ZTxIdTranspaHash", hashes.prevouts + hashes.sequences + hashes.outputs)
        }
        return try root(transparent: transparent)
    }

    /// The digests of the spent outputs' amounts and scriptPubKeys (ZIP-244 S.2b, S.2c), shared by every input.
    struct SpentHashes {
        let amounts: [UInt8]
        let scripts: [UInt8]
    }

    static func spentHashes(_ spent: [(amount: UInt64, script: [UInt8])]) throws(SignerError) -> SpentHashes {
        var amounts = BitcoinWriter(capacity: spent.count * 8)
        var scripts = BitcoinWriter(capacity: spent.count * 26)
        for output in spent {
            amounts.u64(output.amount)
            scripts.varBytes(output.script)
        }
        return SpentHashes(amounts: try blake2b("ZTxTrAmountsHash", amounts.bytes),
                           scripts: try blake2b("ZTxTrScriptsHash", scripts.bytes))
    }

    /// The ZIP-244 S.2 signature hash of transparent input `index` with SIGHASH_ALL (0x01), given the amount and
    /// scriptPubKey of every spent output (in input order) and their digests.
    func transparentSighash(index: Int, spent: [(amount: UInt64, script: [UInt8])], spentHashes: SpentHashes,
                            hashes: TransparentHashes) throws(SignerError) -> [UInt8] {
        var txin = BitcoinWriter(capacity: 80)
        if inputs.indices.contains(index), spent.indices.contains(index) {
            inputs[index].writeOutpoint(to: &txin)
            txin.u64(spent[index].amount)
            txin.varBytes(spent[index].script)
            txin.u32(inputs[index].sequence)
        }
        var w = BitcoinWriter(capacity: 1 + 32 * 7)
        w.u8(0x01)  // SIGHASH_ALL
        w.append(hashes.prevouts)
        w.append(spentHashes.amounts)
        w.append(spentHashes.scripts)
        w.append(hashes.sequences)
        w.append(hashes.outputs)
        w.append(try Self.blake2b("Zcash___TxInHash", txin.bytes))
        return try root(transparent: try Self.blake2b("ZTxIdTranspaHash", w.bytes))
    }
}
