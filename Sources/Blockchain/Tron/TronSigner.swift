import GemCrypto
import Primitives

/// Tron TRX and TRC-20 transfers, and TIP-191 message signatures.
///
/// Layout (java-tron protocol/src/main/protos/core/Tron.proto, contract/balance_contract.proto,
/// smart_contract.proto): Transaction.raw{ref_block_bytes 1, ref_block_hash 4, expiration 8, data 10,
/// contract 11 [Contract{type 1, parameter 2: Any}], timestamp 14, fee_limit 18}. TransferContract{owner_address 1,
/// to_address 2, amount 3}; TriggerSmartContract{owner_address 1, contract_address 2, data 4}. Addresses are
/// 21 bytes (0x41 ‖ account). txID = sha256(raw bytes); the signature is secp256k1 recoverable over the txID,
/// 65 bytes r ‖ s ‖ v with v the recovery id (java-tron accepts 0/1 and 27/28).
public enum TronSigner {
    /// java-tron's limit on how far expiration may lie after the head block (Constant
    /// MAXIMUM_TIME_UNTIL_EXPIRATION = 24 h).
    public static let maxExpirationMilliseconds: Int64 = 24 * 60 * 60 * 1000
    /// keccak256("transfer(address,uint256)")[0..<4].
    static let transferSelector: [UInt8] = [0xa9, 0x05, 0x9c, 0xbb]
    static let transferContractType: UInt64 = 1
    static let triggerSmartContractType: UInt64 = 31
    static let typeURLPrefix = "type.googleapis.com/protocol."

    /// Signs `input` with `key`. `encoded` is the JSON `/wallet/broadcasttransaction` takes (`visible` false:
    /// addresses and bytes in hex; `raw_data` is what the node re-serializes, `raw_data_hex` its bytes),
    /// `hash` the txID in hex. `bytes` is the serialized `Transaction{raw_data, signature}` (`/wallet/broadcasthex`).
    public static func sign(_ input: TronSignerInput, key: Secp256k1PrivateKey) throws(SignerError) -> SignedTransaction {
        guard let blockId = input.referenceBlockId else { throw .missingField("reference_block_id") }
        guard blockId.count == 32 else { throw .invalidField("reference_block_id", reason: "must be 32 bytes") }
        guard let timestamp = input.timestamp else { throw .missingField("timestamp") }
        guard let expiration = input.expiration else { throw .missingField("expiration") }
        guard timestamp > 0 else { throw .invalidField("timestamp", reason: "must be positive") }
        guard expiration > timestamp else { throw .invalidField("expiration", reason: "must be after timestamp") }
        guard expiration - timestamp <= maxExpirationMilliseconds else {
            throw .invalidField("expiration", reason: "more than 24 hours after timestamp")
        }
        guard !input.amount.isZero else { throw .invalidField("amount", reason: "must be positive") }
        let recipient = try address(input.recipient, field: "recipient")
        let owner = [TronAddress.prefix] + key.publicKey.keccakAccount

        let contractType: UInt64
        let contractName: String
        let parameter: [UInt8]
        let parameterJSON: JSON
        var feeLimit: UInt64?
        switch input.asset {
        case .trx:
            guard let amount = input.amount.uint64, amount <= UInt64(Int64.max) else { throw .amountOutOfRange("amount") }
            guard recipient != owner else { throw .invalidField("recipient", reason: "is the sender") }
            let required = input.amount + input.fee
            guard required <= input.balance else { throw .insufficientBalance(required: required, available: input.balance) }
            contractType = transferContractType
            contractName = "TransferContract"
            parameter = ProtobufWriter.encode { transfer in
                transfer.bytes(1, owner)
                transfer.bytes(2, recipient)
                transfer.varint(3, amount)
            }
            parameterJSON = .object([
                ("amount", .int(Int64(amount))),
                ("owner_address", .string(Hex.encode(owner))),
                ("to_address", .string(Hex.encode(recipient))),
            ])
        case .trc20(let contractText):
            let contract = try address(contractText, field: "contract")
            guard input.amount.bitLength <= 256 else { throw .amountOutOfRange("amount") }
            guard let limit = input.feeLimit else { throw .missingField("fee_limit") }
            guard limit > 0 else { throw .invalidField("fee_limit", reason: "must be positive") }
            guard limit <= UInt64(Int64.max) else { throw .amountOutOfRange("fee_limit") }
            guard let tokenBalance = input.tokenBalance else { throw .missingField("token_balance") }
            guard input.amount <= tokenBalance else {
                throw .insufficientBalance(required: input.amount, available: tokenBalance)
            }
            guard input.fee <= input.balance else { throw .insufficientBalance(required: input.fee, available: input.balance) }
            feeLimit = limit
            // ABI: selector ‖ address as a 32-byte word (20 account bytes, left-padded) ‖ uint256 amount.
            let callData = transferSelector + [UInt8](repeating: 0, count: 12) + recipient.dropFirst()
                + leftPadded(input.amount.bigEndianBytes, to: 32)
            contractType = triggerSmartContractType
            contractName = "TriggerSmartContract"
            parameter = ProtobufWriter.encode { trigger in
                trigger.bytes(1, owner)
                trigger.bytes(2, contract)
                trigger.bytes(4, callData)
            }
            parameterJSON = .object([
                ("data", .string(Hex.encode(callData))),
                ("owner_address", .string(Hex.encode(owner))),
                ("contract_address", .string(Hex.encode(contract))),
            ])
        }

        let refBlockBytes = Array(blockId[6..<8])
        let refBlockHash = Array(blockId[8..<16])
        let memo = Array(input.memo.utf8)
        let typeURL = typeURLPrefix + contractName
        let raw = ProtobufWriter.encode { raw in
            raw.bytes(1, refBlockBytes)
            raw.bytes(4, refBlockHash)
            raw.varint(8, UInt64(expiration))
            raw.bytes(10, memo)
            raw.message(11) { contract in
                contract.varint(1, contractType)
                contract.message(2) { any in
                    any.string(1, typeURL)
                    any.bytes(2, parameter)
                }
            }
            raw.varint(14, UInt64(timestamp))
            if let feeLimit { raw.varint(18, feeLimit) }
        }
        let txID = Hash.sha256(raw)
        let signature = try signRecoverable(txID, key: key)
        let signatureBytes = signature.compact + [signature.recoveryId]
        let transaction = ProtobufWriter.encode { tx in
            tx.message(1, raw)
            tx.bytes(2, signatureBytes)
        }

        var rawJSON: [(String, JSON)] = [
            ("contract", .array([.object([
                ("parameter", .object([("value", parameterJSON), ("type_url", .string(typeURL))])),
                ("type", .string(contractName)),
            ])])),
            ("ref_block_bytes", .string(Hex.encode(refBlockBytes))),
            ("ref_block_hash", .string(Hex.encode(refBlockHash))),
            ("expiration", .int(expiration)),
        ]
        if !memo.isEmpty { rawJSON.append(("data", .string(Hex.encode(memo)))) }
        if let feeLimit { rawJSON.append(("fee_limit", .int(Int64(feeLimit)))) }
        rawJSON.append(("timestamp", .int(timestamp)))
        let encoded = JSON.object([
            ("visible", .bool(false)),
            ("txID", .string(Hex.encode(txID))),
            ("raw_data", .object(rawJSON)),
            ("raw_data_hex", .string(Hex.encode(raw))),
            ("signature", .array([.string(Hex.encode(signatureBytes))])),
        ])
        return SignedTransaction(bytes: transaction, encoded: JSONWriter.string(encoded), hash: Hex.encode(txID))
    }

    /// TIP-191 (TronWeb `signMessageV2`): keccak256("\u{19}TRON Signed Message:\n" ‖ decimal byte length ‖
    /// message), recoverable secp256k1, 65 bytes r ‖ s ‖ v with v = 27 + recovery id; `encoded` is "0x" + hex.
    public static func signMessage(_ message: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> SignedMessage {
        let signature = try signRecoverable(messageDigest(message), key: key)
        let bytes = signature.compact + [signature.recoveryId + 27]
        return SignedMessage(signature: bytes, encoded: "0x" + Hex.encode(bytes))
    }

    /// The digest `signMessage` signs: keccak256("\u{19}TRON Signed Message:\n" ‖ decimal byte length ‖ message).
    public static func messageDigest(_ message: [UInt8]) -> [UInt8] {
        Hash.keccak256(Array("\u{19}TRON Signed Message:\n\(message.count)".utf8) + message)
    }

    private static func address(_ text: String, field: String) throws(SignerError) -> [UInt8] {
        do {
            _ = try TronAddress.validate(text)
            return try Base58.decodeCheck(text)
        } catch {
            throw .invalidAddress(field)
        }
    }

    private static func signRecoverable(_ digest: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> RecoverableSignature {
        do {
            return try key.signRecoverable(digest: digest)
        } catch {
            throw .invalidPrivateKey
        }
    }

    private static func leftPadded(_ bytes: [UInt8], to width: Int) -> [UInt8] {
        [UInt8](repeating: 0, count: max(0, width - bytes.count)) + bytes
    }
}
