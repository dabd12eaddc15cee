// Sui requests: op "sign" (SuiSignerInput fields, snake_case; coins as {object_id, version, digest, balance})
// and op "sign_personal_message" ({"private_key", "message": hex}).
import Blockchain
import GemCrypto
import Primitives

func suiHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = EdFields(input)
    let key = try fields.ed25519Key()
    switch op {
    case "sign":
        let signed = try SuiSigner.sign(try suiInput(fields), key: key)
        return .object([("raw", .string(Hex.encode(signed.bytes))), ("encoded", .string(signed.encoded)), ("hash", .string(signed.hash))])
    case "sign_personal_message":
        return edSignedMessageJSON(try SuiSigner.signPersonalMessage(try fields.bytes("message"), key: key))
    default:
        throw HarnessError("unknown op \(op)")
    }
}

private func suiCoins(_ list: [EdFields]) throws -> [SuiSignerInput.Coin] {
    try list.map { coin in
        SuiSignerInput.Coin(
            objectId: try coin.string("object_id"), version: try coin.integer("version"),
            digest: try coin.string("digest"), balance: try coin.big("balance")
        )
    }
}

func suiInput(_ fields: EdFields) throws -> SuiSignerInput {
    let asset: SuiSignerInput.Asset = fields.has("coins") ? .coin(coins: try suiCoins(try fields.array("coins"))) : .sui
    return SuiSignerInput(
        asset: asset, recipient: try fields.string("recipient"), amount: try fields.big("amount"),
        gasCoins: try suiCoins(try fields.array("gas_coins")), gasPrice: try fields.integer("gas_price"),
        gasBudget: try fields.integer("gas_budget")
    )
}
