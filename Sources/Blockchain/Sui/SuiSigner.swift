import GemCrypto
import Primitives

/// Signs Sui transfers as programmable transactions (`TransactionData::V1`, BCS) and personal messages.
///
/// SUI: inputs [Pure(amount: u64), Pure(recipient: address)], commands SplitCoins(GasCoin, [Input 0]),
/// TransferObjects([NestedResult(0, 0)], Input 1). Another coin: inputs [its coin objects…, amount, recipient],
/// MergeCoins(Input 0, [Input 1…]) when there are several, then SplitCoins + TransferObjects as above, or
/// TransferObjects([Input 0], recipient) when the amount is all of them.
/// The signature: ed25519 over BLAKE2b-256(intent ‖ BCS bytes) — intent [0, 0, 0] (TransactionData, V0, Sui)
/// for a transaction, [3, 0, 0] (PersonalMessage) over the BCS `vector<u8>` of a message; serialized as
/// flag 0x00 ‖ signature ‖ public key (Sui docs, "Signatures" and "Transaction Authentication").
public enum SuiSigner {
    /// ProtocolConfig max_gas_payment_objects.
    static let maxGasObjects = 256
    /// A bound on the coin objects merged in one transfer (ProtocolConfig max_arguments is 512).
    static let maxCoinObjects = 256

    public static func sign(_ input: SuiSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let sender = try address(key.publicKey)
        let data = try transactionData(input, sender: sender)
        let signature = key.sign(try blake2b256([0, 0, 0] + data))
        let serialized = [0x00] + signature + key.publicKey.bytes
        let txBytes = Base64.encode(data)
        // executeTransactionBlock's parameters by name: tx_bytes and signatures (both base64).
        let encoded = "{\"tx_bytes\":\"\(txBytes)\",\"signatures\":[\"\(Base64.encode(serialized))\"]}"
        let digest = try blake2b256(Array("TransactionData::".utf8) + data)
        return SignedTransaction(bytes: data, encoded: encoded, hash: Base58.encode(digest))
    }

    /// `signPersonalMessage`: `signature` is the 64-byte ed25519 signature, `encoded` the base64 serialized
    /// signature (flag ‖ signature ‖ public key) that wallets return and `verifyPersonalMessageSignature` takes.
    public static func signPersonalMessage(_ message: [UInt8], key: Ed25519PrivateKey) throws(SignerError) -> SignedMessage {
        guard !message.isEmpty else { throw .missingField("message") }
        var bcs = BCSWriter(capacity: message.count + 8)
        bcs.fixed([3, 0, 0])
        bcs.vector(message)
        let signature = key.sign(try blake2b256(bcs.bytes))
        return SignedMessage(signature: signature, encoded: Base64.encode([0x00] + signature + key.publicKey.bytes))
    }

    /// The BCS `TransactionData` (checked first: every refusal happens here).
    static func transactionData(_ input: SuiSignerInput, sender: [UInt8]) throws(SignerError) -> [UInt8] {
        let recipient = try account(input.recipient, field: "recipient")
        guard let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard amount > 0 else { throw .invalidField("amount", reason: "must be greater than zero") }
        guard input.gasPrice > 0 else { throw .invalidField("gas_price", reason: "must be greater than zero") }
        guard input.gasBudget > 0 else { throw .invalidField("gas_budget", reason: "must be greater than zero") }
        guard !input.gasCoins.isEmpty else { throw .missingField("gas_coins") }
        guard input.gasCoins.count <= maxGasObjects else {
            throw .invalidField("gas_coins", reason: "more than \(maxGasObjects) objects")
        }
        let gas = try objects(input.gasCoins, field: "gas_coins")
        let gasTotal = input.gasCoins.reduce(BigUInt.zero) { $0 + $1.balance }

        var bcs = BCSWriter(capacity: 512)
        bcs.variant(0)  // TransactionData::V1
        bcs.variant(0)  // TransactionKind::ProgrammableTransaction
        switch input.asset {
        case .sui:
            let required = input.amount + BigUInt(input.gasBudget)
            guard required <= gasTotal else { throw .insufficientBalance(required: required, available: gasTotal) }
            bcs.length(2)  // inputs
            pure(&bcs, u64: amount)
            pure(&bcs, address: recipient)
            bcs.length(2)  // commands
            bcs.variant(2)  // SplitCoins(GasCoin, [Input 0])
            bcs.variant(0)
            bcs.length(1)
            argumentInput(&bcs, 0)
            transfer(&bcs, nestedResultOf: 0, recipientInput: 1)
        case .coin(let coins):
            guard !coins.isEmpty else { throw .missingField("coins") }
            guard coins.count <= maxCoinObjects else { throw .invalidField("coins", reason: "more than \(maxCoinObjects) objects") }
            let refs = try objects(coins, field: "coins")
            for ref in refs where gas.contains(where: { $0.id == ref.id }) {
                throw .invalidField("coins", reason: "an object is also a gas coin")
            }
            let total = coins.reduce(BigUInt.zero) { $0 + $1.balance }
            guard input.amount <= total else { throw .insufficientBalance(required: input.amount, available: total) }
            guard BigUInt(input.gasBudget) <= gasTotal else {
                throw .insufficientBalance(required: BigUInt(input.gasBudget), available: gasTotal)
            }
            let whole = input.amount == total
            bcs.length(refs.count + (whole ? 1 : 2))  // inputs
            for ref in refs {
                bcs.variant(1)  // CallArg::Object
                bcs.variant(0)  // ObjectArg::ImmOrOwnedObject
                write(&bcs, ref)
            }
            if !whole { pure(&bcs, u64: amount) }
            pure(&bcs, address: recipient)
            let recipientInput = UInt16(truncatingIfNeeded: refs.count + (whole ? 0 : 1))
            let merge = refs.count > 1
            bcs.length((merge ? 1 : 0) + (whole ? 1 : 2))  // commands
            if merge {
                bcs.variant(3)  // MergeCoins(Input 0, [Input 1…])
                argumentInput(&bcs, 0)
                bcs.length(refs.count - 1)
                for index in 1..<refs.count { argumentInput(&bcs, UInt16(truncatingIfNeeded: index)) }
            }
            if whole {
                bcs.variant(1)  // TransferObjects([Input 0], recipient)
                bcs.length(1)
                argumentInput(&bcs, 0)
                argumentInput(&bcs, recipientInput)
            } else {
                bcs.variant(2)  // SplitCoins(Input 0, [amount])
                argumentInput(&bcs, 0)
                bcs.length(1)
                argumentInput(&bcs, UInt16(truncatingIfNeeded: refs.count))
                transfer(&bcs, nestedResultOf: merge ? 1 : 0, recipientInput: recipientInput)
            }
        }
        bcs.fixed(sender)
        // GasData { payment, owner, price, budget }
        bcs.length(gas.count)
        for ref in gas { write(&bcs, ref) }
        bcs.fixed(sender)
        bcs.u64(input.gasPrice)
        bcs.u64(input.gasBudget)
        bcs.variant(0)  // TransactionExpiration::None
        return bcs.bytes
    }

    struct ObjectRef: Equatable {
        let id: [UInt8]
        let version: UInt64
        let digest: [UInt8]
    }

    private static func objects(_ coins: [SuiSignerInput.Coin], field: String) throws(SignerError) -> [ObjectRef] {
        var refs: [ObjectRef] = []
        refs.reserveCapacity(coins.count)
        for coin in coins {
            let id = try account(coin.objectId, field: "\(field).object_id")
            guard coin.digest.utf8.count <= 44, let digest = try? Base58.decode(coin.digest), digest.count == 32 else {
                throw .invalidField("\(field).digest", reason: "not 32 bytes of base58")
            }
            if refs.contains(where: { $0.id == id }) { throw .invalidField(field, reason: "an object is listed twice") }
            refs.append(ObjectRef(id: id, version: coin.version, digest: digest))
        }
        return refs
    }

    private static func write(_ bcs: inout BCSWriter, _ ref: ObjectRef) {
        bcs.fixed(ref.id)
        bcs.u64(ref.version)
        bcs.vector(ref.digest)  // ObjectDigest: BCS bytes of a 32-byte digest
    }

    private static func pure(_ bcs: inout BCSWriter, u64 value: UInt64) {
        var inner = BCSWriter(capacity: 8)
        inner.u64(value)
        bcs.variant(0)  // CallArg::Pure
        bcs.vector(inner.bytes)
    }

    private static func pure(_ bcs: inout BCSWriter, address: [UInt8]) {
        bcs.variant(0)
        bcs.vector(address)
    }

    private static func argumentInput(_ bcs: inout BCSWriter, _ index: UInt16) {
        bcs.variant(1)  // Argument::Input
        bcs.u16(index)
    }

    private static func transfer(_ bcs: inout BCSWriter, nestedResultOf command: UInt16, recipientInput: UInt16) {
        bcs.variant(1)  // TransferObjects([NestedResult(command, 0)], Input recipient)
        bcs.length(1)
        bcs.variant(3)  // Argument::NestedResult
        bcs.u16(command)
        bcs.u16(0)
        argumentInput(&bcs, recipientInput)
    }

    static func address(_ key: Ed25519PublicKey) throws(SignerError) -> [UInt8] {
        try blake2b256([0x00] + key.bytes)
    }

    static func blake2b256(_ data: [UInt8]) throws(SignerError) -> [UInt8] {
        guard let digest = try? Hash.blake2b(data, length: 32) else { throw .unsupported("BLAKE2b-256 failed") }
        return digest
    }

    /// `0x` + 64 hex digits (a Sui address or object id).
    private static func account(_ text: String, field: String) throws(SignerError) -> [UInt8] {
        guard !text.isEmpty else { throw .missingField(field) }
        guard let valid = try? SuiAddress.validate(text), let bytes = try? Hex.decode(valid, allowPrefix: true), bytes.count == 32 else {
            throw .invalidAddress(field)
        }
        return bytes
    }
}
