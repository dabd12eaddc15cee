import GemCrypto
import Primitives

/// Algorand payment (`pay`) and ASA transfer (`axfer`) signer. The transaction is canonical msgpack
/// (`AlgorandMsgpack`); the signature is ed25519 over "TX" ‖ msgpack(txn) (go-algorand `protocol.TxnTag`), and
/// the signed form is msgpack `{sig, txn}`. `bytes` are what `POST /v2/transactions` takes as its raw
/// `application/x-binary` body; `encoded` is their lower-case hex (the spec's app hands hex to its client, which
/// decodes it; base64 of `bytes` is what algosdk's `send_raw_transaction` takes). `hash` is the transaction id
/// explorers print: base32 without padding of SHA-512/256("TX" ‖ msgpack(txn)).
public enum AlgorandSigner {
    /// The protocol's longest transaction life in rounds (consensus `MaxTxnLife`).
    static let maxLifetime: UInt64 = 1000
    /// The protocol's minimum fee in microAlgos (consensus `MinTxnFee`).
    static let minimumFee: UInt64 = 1000
    /// The protocol's longest note (consensus `MaxTxnNoteBytes`).
    static let maxNoteBytes = 1024

    public static func sign(_ input: AlgorandSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let transaction = AlgorandMsgpack.encode(try fields(input, sender: key.publicKey.bytes))
        let message = Array("TX".utf8) + transaction
        let signature = key.sign(message)
        // {sig, txn} (keys sorted): a two-member fixmap whose txn value is the exact bytes signed.
        let bytes = [0x82] + AlgorandMsgpack.encode(.string("sig")) + AlgorandMsgpack.encode(.bytes(signature))
            + AlgorandMsgpack.encode(.string("txn")) + transaction
        return SignedTransaction(bytes: bytes, encoded: Hex.encode(bytes), hash: Base32.encode(Hash.sha512_256(message)))
    }

    static func fields(_ input: AlgorandSignerInput, sender: [UInt8]) throws(SignerError) -> AlgorandMsgpack.Value {
        let receiver: [UInt8]
        do {
            _ = try AlgorandAddress.validate(input.receiver)
            receiver = Array(try Base32.decode(input.receiver).prefix(32))
        } catch {
            throw .invalidAddress("receiver")
        }
        // The zero address is valid but nobody holds its key: what is sent there is lost.
        guard receiver.contains(where: { $0 != 0 }) else { throw .invalidAddress("receiver") }
        guard let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard let fee = input.fee else { throw .missingField("fee") }
        guard fee >= minimumFee else { throw .invalidField("fee", reason: "below the minimum fee of 1000 microAlgos") }
        guard let firstValid = input.firstValid, firstValid > 0 else { throw .missingField("first_valid") }
        let (lastDefault, overflow) = firstValid.addingReportingOverflow(maxLifetime)
        let lastValid = input.lastValid ?? (overflow ? UInt64.max : lastDefault)
        guard lastValid >= firstValid, lastValid - firstValid <= maxLifetime else {
            throw .invalidField("last_valid", reason: "must be within 1000 rounds from first_valid")
        }
        guard let genesisId = input.genesisId, !genesisId.isEmpty else { throw .missingField("genesis_id") }
        guard let genesisHash = input.genesisHash, !genesisHash.isEmpty else { throw .missingField("genesis_hash") }
        guard genesisHash.count == 32 else { throw .invalidField("genesis_hash", reason: "must be 32 bytes") }
        guard input.note.count <= maxNoteBytes else { throw .memoTooLong(maxBytes: maxNoteBytes) }

        let algoSpent = BigUInt(fee) + (input.asset == .native ? input.amount : .zero)
        if let balance = input.balance, balance < algoSpent {
            throw .insufficientBalance(required: algoSpent, available: balance)
        }
        var members: [(String, AlgorandMsgpack.Value)] = [
            ("fee", .uint(fee)), ("fv", .uint(firstValid)), ("gen", .string(genesisId)), ("gh", .bytes(genesisHash)),
            ("lv", .uint(lastValid)), ("snd", .bytes(sender)),
        ]
        if !input.note.isEmpty { members.append(("note", .bytes(input.note))) }
        switch input.asset {
        case .native:
            members.append(("type", .string("pay")))
            members.append(("rcv", .bytes(receiver)))
            if amount > 0 { members.append(("amt", .uint(amount))) }
        case .asset(let id):
            guard id > 0 else { throw .invalidField("asset_id", reason: "must be above 0") }
            if let held = input.assetBalance, held < input.amount {
                throw .insufficientBalance(required: input.amount, available: held)
            }
            members.append(("type", .string("axfer")))
            members.append(("arcv", .bytes(receiver)))
            members.append(("xaid", .uint(id)))
            if amount > 0 { members.append(("aamt", .uint(amount))) }
        }
        return .map(members)
    }
}
