// The Cosmos family in gem-sign-harness: "sign" (bank send) and "sign_message" (ADR-036).
// sign: {chain, private_key (hex), recipient, denom, amount, memo?, fee, gas_limit, account_number?, sequence?,
//        balance, token_balance?} (integers as decimal strings) -> {raw (hex TxRaw), encoded (broadcast JSON), hash}
// sign_message: {chain, private_key, message (hex)} -> {signature (hex r||s), encoded (base64)}
import Blockchain
import Primitives

func cosmosHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = try CTXFields(input)
    let key = try fields.secp256k1Key()
    switch op {
    case "sign":
        let signerInput = CosmosSignerInput(
            chain: try fields.chain(),
            recipient: try fields.string("recipient"),
            denom: try fields.string("denom"),
            amount: try fields.big("amount"),
            memo: try fields.optionalString("memo") ?? "",
            fee: try fields.big("fee"),
            gasLimit: try fields.uint64("gas_limit"),
            accountNumber: try fields.optionalUInt64("account_number"),
            sequence: try fields.optionalUInt64("sequence"),
            balance: try fields.big("balance"),
            tokenBalance: try fields.optionalBig("token_balance")
        )
        return CTXFields.transaction(try CosmosSigner.sign(signerInput, key: key))
    case "sign_message":
        return CTXFields.message(try CosmosSigner.signMessage(try fields.hex("message"), chain: try fields.chain(), key: key))
    default:
        throw HarnessError("cosmos: unknown op \(op)")
    }
}
