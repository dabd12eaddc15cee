// Aptos requests: op "sign" (AptosSignerInput fields, snake_case; "coin_type" + "token_balance" for a coin,
// "metadata" + "token_balance" for a fungible asset; amounts as decimal strings).
import Blockchain
import GemCrypto
import Primitives

func aptosHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = EdFields(input)
    let key = try fields.ed25519Key()
    guard op == "sign" else { throw HarnessError("unknown op \(op)") }
    let asset: AptosSignerInput.Asset
    if fields.has("coin_type") {
        asset = .coin(type: try fields.string("coin_type"), balance: try fields.big("token_balance"))
    } else if fields.has("metadata") {
        asset = .fungibleAsset(metadata: try fields.string("metadata"), balance: try fields.big("token_balance"))
    } else {
        asset = .apt
    }
    let signerInput = AptosSignerInput(
        asset: asset, recipient: try fields.string("recipient"), amount: try fields.big("amount"),
        balance: try fields.big("balance"), sequenceNumber: try fields.integer("sequence_number"),
        maxGasAmount: try fields.integer("max_gas_amount"), gasUnitPrice: try fields.integer("gas_unit_price"),
        expirationTimestampSecs: try fields.integer("expiration_timestamp_secs"), chainId: try fields.integer("chain_id")
    )
    return edSignedJSON(try AptosSigner.sign(signerInput, key: key))
}
