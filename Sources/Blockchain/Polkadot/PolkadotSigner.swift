import GemCrypto
import Primitives

/// `balances.transfer_keep_alive` on Polkadot Asset Hub as a signed extrinsic of version 4, ed25519.
///
/// Layout (sp_runtime `UncheckedExtrinsic` v4; the extension order is Asset Hub Polkadot's `TxExtension`:
/// CheckNonZeroSender, CheckSpecVersion, CheckTxVersion, CheckGenesis, CheckEra, CheckNonce, CheckWeight,
/// ChargeAssetTxPayment, CheckMetadataHash — polkadot-fellows/runtimes asset-hub-polkadot/src/lib.rs):
/// - call: pallet index ‖ call index ‖ MultiAddress::Id (0x00 ‖ 32-byte account) ‖ Compact<u128> value
/// - extra (what the extrinsic carries, in extension order): CheckEra's mortal era (2 bytes), CheckNonce's
///   Compact nonce, ChargeAssetTxPayment's Compact tip and `Option<Location>` asset id (None, 0x00: fees in DOT),
///   CheckMetadataHash's mode (0x00, disabled)
/// - additional signed (signed, not carried): spec_version u32, transaction_version u32, genesis hash, the era's
///   birth block hash, CheckMetadataHash's `Option<[u8; 32]>` (None, 0x00)
/// - signed payload = call ‖ extra ‖ additional, blake2b-256-hashed first when longer than 256 bytes
/// - extrinsic = Compact(length) ‖ 0x84 (signed, v4) ‖ MultiAddress::Id signer ‖ MultiSignature::Ed25519
///   (0x00 ‖ 64 bytes) ‖ extra ‖ call
///
/// `encoded` is the 0x-hex extrinsic (`author_submitExtrinsic`, Sidecar `POST /transaction`), `hash` its 0x-hex
/// blake2b-256 (the extrinsic hash explorers and Sidecar's `/blocks` print).
public enum PolkadotSigner {
    static let signedExtrinsicV4: UInt8 = 0x84
    static let multiAddressId: UInt8 = 0x00
    static let multiSignatureEd25519: UInt8 = 0x00
    static let optionNone: UInt8 = 0x00
    static let metadataHashDisabled: UInt8 = 0x00
    static let maxUnhashedPayload = 256

    public static func sign(_ input: PolkadotSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let publicKey = key.publicKey.bytes
        let sender = try account(input.sender, field: "sender", prefix: input.runtime.ss58Prefix)
        guard sender == publicKey else { throw .invalidField("sender", reason: "is not the address of the signing key") }
        return try build(input, signer: publicKey, checkBalance: true) { payload in key.sign(payload) }
    }

    /// The extrinsic of `input` as `sign` builds it, with an all-zero signature in place of the sender's: what a
    /// fee estimate (`payment_queryInfo`, Sidecar `POST /transaction/fee-estimate`) weighs before any key is
    /// opened. The same length and call as the signed one; the balance is not checked (its fee is what is asked).
    public static func estimationExtrinsic(_ input: PolkadotSignerInput) throws(SignerError) -> SignedTransaction {
        let sender = try account(input.sender, field: "sender", prefix: input.runtime.ss58Prefix)
        return try build(input, signer: sender, checkBalance: false) { _ in [UInt8](repeating: 0, count: 64) }
    }

    private static func build(_ input: PolkadotSignerInput, signer publicKey: [UInt8], checkBalance: Bool,
                              sign: ([UInt8]) -> [UInt8]) throws(SignerError) -> SignedTransaction {
        let runtime = input.runtime
        let recipient = try account(input.recipient, field: "recipient", prefix: runtime.ss58Prefix)

        guard !input.value.isZero else { throw .invalidField("value", reason: "must be above zero") }
        guard input.value < SCALE.u128Limit else { throw .amountOutOfRange("value") }
        guard input.tip < SCALE.u128Limit else { throw .amountOutOfRange("tip") }
        guard let nonce = input.nonce else { throw .missingField("nonce") }
        guard let blockNumber = input.blockNumber else { throw .missingField("block_number") }
        guard let period = input.eraPeriod else { throw .missingField("era_period") }
        guard (4...65_536).contains(period) else { throw .invalidField("era_period", reason: "must be 4...65536 blocks") }
        let blockHash = try hash32(input.blockHash, field: "block_hash")
        let genesisHash = try hash32(input.genesisHash, field: "genesis_hash")
        guard genesisHash == runtime.genesisHash else {
            throw .invalidField("genesis_hash", reason: "is not the genesis of the runtime the call is built for (0x\(Hex.encode(runtime.genesisHash)))")
        }
        guard let specVersion = input.specVersion else { throw .missingField("spec_version") }
        guard specVersion >= runtime.minimumSpecVersion else {
            throw .invalidField("spec_version", reason: "is older than \(runtime.minimumSpecVersion), whose extensions the signer writes")
        }
        guard let transactionVersion = input.transactionVersion else { throw .missingField("transaction_version") }

        // transfer_keep_alive refuses to take the sender below the existential deposit; fee and tip come first.
        if checkBalance {
            guard let balance = input.balance else { throw .missingField("balance") }
            let required = input.value + input.fee + input.tip + runtime.existentialDeposit
            guard required <= balance else { throw .insufficientBalance(required: required, available: balance) }
        }

        let call = [runtime.balancesPallet, runtime.transferKeepAliveCall, multiAddressId] + recipient
            + SCALE.compact(input.value)
        let era = SCALE.MortalEra(period: period, current: blockNumber)
        let extra = era.encoded + SCALE.compact(UInt64(nonce)) + SCALE.compact(input.tip) + [optionNone, metadataHashDisabled]
        let additional = SCALE.littleEndian(specVersion) + SCALE.littleEndian(transactionVersion) + genesisHash
            + blockHash + [optionNone]
        let signature = sign(try signingPayload(call + extra + additional))

        let body = [signedExtrinsicV4, multiAddressId] + publicKey + [multiSignatureEd25519] + signature + extra + call
        let extrinsic = SCALE.compact(UInt64(body.count)) + body
        return SignedTransaction(bytes: extrinsic, encoded: "0x" + Hex.encode(extrinsic), hash: "0x" + Hex.encode(try blake256(extrinsic)))
    }

    /// What the key signs: the payload itself, or its blake2b-256 when it is longer than 256 bytes
    /// (sp_runtime `SignedPayload::using_encoded`).
    static func signingPayload(_ payload: [UInt8]) throws(SignerError) -> [UInt8] {
        payload.count > maxUnhashedPayload ? try blake256(payload) : payload
    }

    static func blake256(_ bytes: [UInt8]) throws(SignerError) -> [UInt8] {
        do {
            return try Hash.blake2b(bytes, length: 32)
        } catch {
            throw .unsupported("blake2b-256 unavailable")
        }
    }

    /// The 32-byte account id of an SS58 address on the runtime's network.
    static func account(_ address: String, field: String, prefix: UInt16) throws(SignerError) -> [UInt8] {
        guard !address.isEmpty else { throw .missingField(field) }
        do {
            _ = try PolkadotAddress.validate(address, network: prefix)
            let bytes = try Base58.decode(address)
            return Array(bytes.dropFirst(prefix < 64 ? 1 : 2).prefix(32))
        } catch {
            throw .invalidAddress(field)
        }
    }

    static func hash32(_ bytes: [UInt8], field: String) throws(SignerError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .missingField(field) }
        guard bytes.count == 32 else { throw .invalidField(field, reason: "must be 32 bytes") }
        return bytes
    }
}
