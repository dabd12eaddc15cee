// The Tron family in gem-sign-harness: "sign" (TRX or TRC-20 transfer) and "sign_message" (TIP-191).
// sign: {private_key (hex), recipient, amount, contract? (TRC-20), fee_limit?, memo?, reference_block_id (hex, 32
//        bytes), timestamp, expiration (ms), fee?, balance, token_balance?} -> {raw (hex Transaction), encoded
//        (broadcasttransaction JSON), hash (txID)}
// sign_message: {private_key, message (hex)} -> {signature (hex r||s||v, v 27/28), encoded ("0x" hex)}
import Blockchain
import Primitives

func tronHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = try CTXFields(input)
    let key = try fields.secp256k1Key()
    switch op {
    case "sign":
        let asset: TronSignerInput.Asset = try fields.optionalString("contract").map { .trc20(contract: $0) } ?? .trx
        func int64(_ name: String) throws -> Int64? {
            guard let value = try fields.optionalUInt64(name) else { return nil }
            guard let number = Int64(exactly: value) else { throw HarnessError("input.\(name) does not fit int64") }
            return number
        }
        let signerInput = TronSignerInput(
            asset: asset,
            recipient: try fields.string("recipient"),
            amount: try fields.big("amount"),
            referenceBlockId: try fields.optionalHex("reference_block_id"),
            timestamp: try int64("timestamp"),
            expiration: try int64("expiration"),
            feeLimit: try fields.optionalUInt64("fee_limit"),
            memo: try fields.optionalString("memo") ?? "",
            fee: try fields.optionalBig("fee") ?? .zero,
            balance: try fields.big("balance"),
            tokenBalance: try fields.optionalBig("token_balance")
        )
        return CTXFields.transaction(try TronSigner.sign(signerInput, key: key))
    case "sign_message":
        return CTXFields.message(try TronSigner.signMessage(try fields.hex("message"), key: key))
    default:
        throw HarnessError("tron: unknown op \(op)")
    }
}
