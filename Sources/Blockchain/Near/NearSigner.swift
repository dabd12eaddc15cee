import GemCrypto
import Primitives

/// NEAR transfer signer. The transaction is borsh-serialized (NEAR protocol `Transaction` V0: signer id, public
/// key, nonce, receiver id, block hash, actions) with one `Transfer { deposit: u128 }` action; the signature is
/// ed25519 over sha256(borsh(tx)). `encoded` is base64 of borsh(SignedTransaction) — what `send_tx`
/// (`signed_tx_base64`) and `broadcast_tx_commit` take — and `hash` is base58 of sha256(borsh(tx)), the id
/// NEAR explorers print.
public enum NearSigner {
    /// The borsh variant index of `Action::Transfer` (CreateAccount 0, DeployContract 1, FunctionCall 2,
    /// Transfer 3; nearcore `core/primitives/src/action/mod.rs`).
    static let transferAction: UInt8 = 3
    /// `KeyType::ED25519` in borsh (nearcore `core/crypto`).
    static let ed25519KeyType: UInt8 = 0

    public static func sign(_ input: NearSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let payload = try transaction(input, publicKey: key.publicKey.bytes)
        let digest = Hash.sha256(payload)
        let signature = key.sign(digest)
        let bytes = payload + [ed25519KeyType] + signature
        return SignedTransaction(bytes: bytes, encoded: Base64.encode(bytes), hash: Base58.encode(digest))
    }

    /// borsh(Transaction) for `input`, signed by the implicit account of `publicKey`.
    static func transaction(_ input: NearSignerInput, publicKey: [UInt8]) throws(SignerError) -> [UInt8] {
        do {
            _ = try NearAddress.validate(input.receiver)
        } catch {
            throw .invalidAddress("receiver")
        }
        guard let nonce = input.nonce else { throw .missingField("nonce") }
        guard nonce > 0 else { throw .invalidField("nonce", reason: "must be the access key nonce + 1, above 0") }
        guard let blockHash = input.blockHash, !blockHash.isEmpty else { throw .missingField("block_hash") }
        guard blockHash.count == 32 else { throw .invalidField("block_hash", reason: "must be 32 bytes") }
        guard input.amount.bitLength <= 128 else { throw .amountOutOfRange("amount") }
        if let balance = input.balance, balance < input.amount {
            throw .insufficientBalance(required: input.amount, available: balance)
        }
        var out: [UInt8] = []
        borshString(NearAddress.derive(publicKey), into: &out)
        out.append(ed25519KeyType)
        out += publicKey
        littleEndian(nonce, into: &out)
        borshString(input.receiver, into: &out)
        out += blockHash
        littleEndian(UInt32(1), into: &out)  // actions: Vec of one
        out.append(transferAction)
        let deposit = input.amount.bigEndianBytes
        out += deposit.reversed()
        out += [UInt8](repeating: 0, count: 16 - deposit.count)
        return out
    }

    private static func borshString(_ text: String, into out: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        littleEndian(UInt32(utf8.count), into: &out)
        out += utf8
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T, into out: inout [UInt8]) {
        for index in 0..<(T.bitWidth / 8) { out.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
