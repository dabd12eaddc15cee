import GemCrypto
import Primitives

/// Signs Bitcoin-family transfers and BIP-137 messages.
///
/// - Bitcoin, Litecoin: P2WPKH inputs (BIP-143, SIGHASH_ALL), P2TR key-path inputs (BIP-341, SIGHASH_DEFAULT,
///   BIP-86 tweak, BIP-340 Schnorr with 32 zero bytes of auxiliary randomness, as Bitcoin Core's tests and the
///   BIP-341 wallet vectors do: deterministic, and BIP-340 § "Default signing" allows it), P2PKH inputs (legacy).
/// - Dogecoin: P2PKH, the original signature hash, SIGHASH_ALL.
/// - Bitcoin Cash: P2PKH, SIGHASH_ALL | SIGHASH_FORKID (0x41): the BIP-143 digest with fork id 0.
/// - Zcash: transparent P2PKH in a v5 transaction (ZIP-225), ZIP-244 signature hash, SIGHASH_ALL.
///
/// ECDSA signatures are RFC 6979 with low S (libsecp256k1); no low-R grinding. Version 2 (v5 on Zcash), lock time
/// 0, sequence 0xFFFFFFFF on every input; the recipient output first, then change (see `BitcoinCoinSelection`).
public enum BitcoinSigner {
    /// Zcash consensus branch ids of the upgrades before NU5 (Sprout 0, Overwinter, Sapling, Blossom, Heartwood,
    /// Canopy; ZIP-200 and the upgrade ZIPs), under which a v5 transaction cannot be mined: refused. Any later id
    /// is taken as the preload read it from the node (`getblockchaininfo` consensus.nextblock: NU5 0xC2D6D0B4, NU6
    /// 0xC8E71055, NU6.1 0x4DEC4DF0, and upgrades after them); the signature commits to it, so a wrong one makes a
    /// transaction every node refuses, never one valid elsewhere.
    public static let zcashPreV5BranchIds: [UInt32] = [0, 0x5BA8_1B19, 0x76B8_09BB, 0x2BB4_0E60, 0xF5B9_230B, 0xE9FF_75A6]
    /// ZIP-317 marginal fee.
    public static let zcashMarginalFee: UInt64 = 5_000
    /// Zcash consensus: nExpiryHeight is below 500,000,000 (ZIP-203).
    static let zcashMaxExpiryHeight: UInt32 = 499_999_999

    static let sequence: UInt32 = 0xFFFF_FFFF

    /// Everything `sign` decides before it signs: the scripts, the input kind and the coin selection.
    public struct Prepared: Sendable, Equatable {
        public let inputKind: BitcoinInputKind
        public let senderScript: BitcoinScript
        public let recipientScript: BitcoinScript
        public let changeScript: BitcoinScript
        public let plan: BitcoinCoinSelection.Plan
    }

    /// Checks the input against the key and selects the coins. The same checks `sign` makes, without signing.
    public static func prepare(_ input: BitcoinSignerInput, publicKey: Secp256k1PublicKey)
        throws(SignerError) -> Prepared
    {
        guard case let .utxo(network, _) = input.chain.config.addressFormat,
              let dust = BitcoinDustRule.of(input.chain)
        else { throw .unsupported("\(input.chain.id) is not a Bitcoin-family chain") }
        if input.chain == .zcash {
            guard let branch = input.consensusBranchId else { throw .missingField("consensus_branch_id") }
            guard !zcashPreV5BranchIds.contains(branch) else {
                throw .invalidField("consensus_branch_id", reason: "an upgrade before NU5, which has no v5 transactions")
            }
            guard let expiry = input.expiryHeight else { throw .missingField("expiry_height") }
            guard expiry <= zcashMaxExpiryHeight else { throw .amountOutOfRange("expiry_height") }
        }
        let senderScript = try BitcoinScript.from(address: input.senderAddress, network: network, field: "sender_address")
        let kind = try inputKind(of: senderScript, publicKey: publicKey, hash: publicKey.hash160)
        let recipient = try BitcoinScript.from(address: input.destinationAddress, network: network,
                                               field: "destination_address")
        let change = try input.changeAddress.map { address throws(SignerError) in
            try BitcoinScript.from(address: address, network: network, field: "change_address")
        } ?? senderScript
        guard let rate = input.feeRate.uint64 else { throw .amountOutOfRange("fee_rate") }
        let model: BitcoinFeeModel
        if input.chain == .zcash {
            guard rate >= zcashMarginalFee else {
                throw .invalidField("fee_rate", reason: "below the ZIP-317 marginal fee of \(zcashMarginalFee) zatoshis")
            }
            model = .zip317(marginalFee: rate)
        } else {
            guard rate > 0 else { throw .invalidField("fee_rate", reason: "zero") }
            model = .perVirtualByte(rate)
        }
        for utxo in input.utxos where (try? Hex.decode(utxo.txid))?.count != 32 {
            throw .invalidField("utxos", reason: "txid \(utxo.txid) is not 64 hex digits")
        }
        let plan = try BitcoinCoinSelection.select(utxos: input.utxos, amount: input.amount, inputKind: kind,
                                                   recipient: recipient, change: change, fee: model, dust: dust)
        return Prepared(inputKind: kind, senderScript: senderScript, recipientScript: recipient, changeScript: change,
                        plan: plan)
    }

    /// Signs the transfer. Throws before any signature for an input it cannot sign faithfully.
    public static func sign(_ input: BitcoinSignerInput, key: Secp256k1PrivateKey) throws(SignerError)
        -> SignedTransaction
    {
        try sign(input, key: key, publicKey: key.publicKey)
    }

    /// Signs with a key the wallet derived (BIP32): its public key, computed by the derivation, is the one the
    /// witnesses and scripts need, which saves the point multiplication `sign(_:key:)` makes for it.
    public static func sign(_ input: BitcoinSignerInput, key: ExtendedPrivateKey) throws(SignerError)
        -> SignedTransaction
    {
        try sign(input, key: key.privateKey, publicKey: key.publicKey)
    }

    /// `publicKey` is `key`'s (both callers guarantee it).
    private static func sign(_ input: BitcoinSignerInput, key: Secp256k1PrivateKey, publicKey: Secp256k1PublicKey)
        throws(SignerError) -> SignedTransaction
    {
        let prepared = try prepare(input, publicKey: publicKey)
        let plan = prepared.plan
        var inputs: [BitcoinTxInput] = []
        inputs.reserveCapacity(plan.inputs.count)
        for utxo in plan.inputs {
            guard let txid = try? Hex.decode(utxo.txid), txid.count == 32 else {
                throw .invalidField("utxos", reason: "txid \(utxo.txid) is not 64 hex digits")
            }
            inputs.append(BitcoinTxInput(prevTxid: txid.reversed(), vout: utxo.vout, sequence: sequence))
        }
        var outputs = [BitcoinTxOutput(value: plan.amount, script: prepared.recipientScript.bytes)]
        if let change = plan.change { outputs.append(BitcoinTxOutput(value: change, script: prepared.changeScript.bytes)) }
        let spent = plan.inputs.map { (amount: $0.value, script: prepared.senderScript.bytes) }

        if input.chain == .zcash {
            var tx = ZcashTransaction(consensusBranchId: input.consensusBranchId ?? 0, lockTime: 0,
                                      expiryHeight: input.expiryHeight ?? 0, inputs: inputs, outputs: outputs)
            let hashes = try tx.transparentHashes()
            let spentHashes = try ZcashTransaction.spentHashes(spent)
            for index in tx.inputs.indices {
                let digest = try tx.transparentSighash(index: index, spent: spent, spentHashes: spentHashes, hashes: hashes)
                tx.inputs[index].scriptSig = scriptSig(try ecdsa(key, digest) + [0x01], publicKey)
            }
            let bytes = tx.serialized()
            let txid = try tx.txidDigest(hashes: hashes)
            return SignedTransaction(bytes: bytes, encoded: Hex.encode(bytes), hash: Hex.encode(txid.reversed()))
        }

        var tx = BitcoinTransaction(version: 2, inputs: inputs, outputs: outputs, lockTime: 0)
        switch (prepared.inputKind, input.chain) {
        case (.p2pkh, .bitcoinCash):
            let hashes = tx.segwitV0Hashes()
            for (index, utxo) in plan.inputs.enumerated() {
                let digest = tx.segwitV0Sighash(index: index, scriptCode: prepared.senderScript.bytes, amount: utxo.value,
                                                hashType: 0x41, hashes: hashes)
                tx.inputs[index].scriptSig = scriptSig(try ecdsa(key, digest) + [0x41], publicKey)
            }
        case (.p2pkh, _):
            let unsigned = tx
            for index in tx.inputs.indices {
                let digest = unsigned.legacySighash(index: index, scriptCode: prepared.senderScript.bytes, hashType: 1)
                tx.inputs[index].scriptSig = scriptSig(try ecdsa(key, digest) + [0x01], publicKey)
            }
        case (.p2wpkh, _):
            let hashes = tx.segwitV0Hashes()
            // The sender script is P2WPKH here: its program is the key hash the scriptCode needs.
            guard case let .p2wpkh(hash) = prepared.senderScript else { throw .invalidField("sender_address", reason: "not P2WPKH") }
            let scriptCode = BitcoinScript.p2pkh(hash: hash).bytes
            for (index, utxo) in plan.inputs.enumerated() {
                let digest = tx.segwitV0Sighash(index: index, scriptCode: scriptCode, amount: utxo.value, hashType: 1,
                                                hashes: hashes)
                tx.inputs[index].witness = [try ecdsa(key, digest) + [0x01], publicKey.compressed]
            }
        case (.p2tr, _):
            let tweaked: Secp256k1PrivateKey
            do { tweaked = try key.taprootTweaked() } catch { throw .invalidPrivateKey }
            let hashes = tx.taprootHashes(spent: spent)
            let auxRand = [UInt8](repeating: 0, count: 32)
            for index in tx.inputs.indices {
                let digest = tx.taprootKeyPathSighash(index: index, hashType: 0x00, hashes: hashes)
                do {
                    tx.inputs[index].witness = [try tweaked.signSchnorr(message: digest, auxRand: auxRand)]
                } catch {
                    throw .invalidPrivateKey
                }
            }
        }
        let bytes = tx.serialized()
        return SignedTransaction(bytes: bytes, encoded: Hex.encode(bytes), hash: Hex.encode(tx.txid))
    }

    /// BIP-137 signed message: base64 of header ‖ r ‖ s over SHA-256d("\x18Bitcoin Signed Message:\n" ‖
    /// CompactSize(length) ‖ message); header 31 + recid for compressed P2PKH, 35 + recid for P2SH-P2WPKH, 39 + recid
    /// for P2WPKH. A taproot address has no BIP-137 header (BIP-322 signs those) and is refused.
    public static func signMessage(_ input: BitcoinMessageInput, key: Secp256k1PrivateKey) throws(SignerError)
        -> SignedMessage
    {
        guard input.chain == .bitcoin, case let .utxo(network, _) = input.chain.config.addressFormat else {
            throw .unsupported("BIP-137 message signing on \(input.chain.id)")
        }
        let publicKey = key.publicKey
        let hash = publicKey.hash160
        let header: UInt8
        switch try BitcoinScript.from(address: input.address, network: network, field: "address") {
        case .p2pkh(hash): header = 31
        case .p2wpkh(hash): header = 39
        case let .p2sh(scriptHash) where scriptHash == Hash.hash160(BitcoinScript.p2wpkh(hash: hash).bytes): header = 35
        case .p2tr: throw .unsupported("BIP-137 message signing for a taproot address (BIP-322)")
        default: throw .invalidField("address", reason: "not an address of the signing key")
        }
        let signature: RecoverableSignature
        do { signature = try key.signRecoverable(digest: messageDigest(input.message)) } catch { throw .invalidPrivateKey }
        let bytes = [header + signature.recoveryId] + signature.compact
        return SignedMessage(signature: bytes, encoded: Base64.encode(bytes))
    }

    /// SHA-256d of the BIP-137 message preimage.
    public static func messageDigest(_ message: [UInt8]) -> [UInt8] {
        var w = BitcoinWriter(capacity: 34 + message.count)
        w.varBytes(Array("Bitcoin Signed Message:\n".utf8))
        w.varBytes(message)
        return Hash.sha256d(w.bytes)
    }

    // MARK: -

    static func inputKind(of script: BitcoinScript, publicKey: Secp256k1PublicKey, hash keyHash: [UInt8])
        throws(SignerError) -> BitcoinInputKind
    {
        switch script {
        case let .p2pkh(hash) where hash == keyHash: return .p2pkh
        case let .p2wpkh(hash) where hash == keyHash: return .p2wpkh
        case let .p2tr(outputKey):
            guard let tweaked = try? publicKey.xOnly.taprootOutputKey().key.bytes, tweaked == outputKey else { break }
            return .p2tr
        default: break
        }
        throw .invalidField("sender_address", reason: "not a P2PKH, P2WPKH or P2TR address of the signing key")
    }

    private static func ecdsa(_ key: Secp256k1PrivateKey, _ digest: [UInt8]) throws(SignerError) -> [UInt8] {
        do {
            return try key.sign(digest: digest).der
        } catch {
            throw .invalidPrivateKey
        }
    }

    /// <sig> <pubkey> pushes (both under 76 bytes: one length byte each).
    private static func scriptSig(_ signature: [UInt8], _ publicKey: Secp256k1PublicKey) -> [UInt8] {
        [UInt8(signature.count)] + signature + [UInt8(publicKey.compressed.count)] + publicKey.compressed
    }
}
