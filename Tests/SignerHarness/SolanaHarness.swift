// Solana requests: op "sign" (SolanaSignerInput fields, snake_case; amounts as decimal strings) and
// op "sign_message" ({"private_key", "message": hex}).
import Blockchain
import GemCrypto
import Primitives

func solanaHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = EdFields(input)
    let key = try fields.ed25519Key()
    switch op {
    case "sign":
        return edSignedJSON(try SolanaSigner.sign(try solanaInput(fields), key: key))
    case "sign_message":
        return edSignedMessageJSON(try SolanaSigner.signMessage(try fields.bytes("message"), key: key))
    default:
        throw HarnessError("unknown op \(op)")
    }
}

func solanaInput(_ fields: EdFields) throws -> SolanaSignerInput {
    let asset: SolanaSignerInput.Asset
    if fields.has("token") {
        let token = try fields.object("token")
        guard let program = SolanaSignerInput.TokenProgram(rawValue: try token.string("program")) else {
            throw HarnessError("token.program: token or token2022")
        }
        asset = .token(.init(
            mint: try token.string("mint"), program: program, decimals: try token.integer("decimals"),
            tokenBalance: try token.big("token_balance"),
            senderTokenAccount: try token.optionalString("sender_token_account"),
            recipientTokenAccount: try token.optionalString("recipient_token_account"),
            createRecipientAccount: try token.bool("create_recipient_account"),
            accountCreationLamports: try token.optionalBig("account_creation_lamports")
        ))
    } else {
        asset = .native
    }
    guard let version = SolanaSignerInput.MessageVersion(rawValue: try fields.optionalString("version") ?? "v0") else {
        throw HarnessError("version: legacy or v0")
    }
    return SolanaSignerInput(
        asset: asset, recipient: try fields.string("recipient"), amount: try fields.big("amount"),
        balance: try fields.big("balance"), recentBlockhash: try fields.string("recent_blockhash"),
        computeUnitLimit: try fields.optionalInteger("compute_unit_limit"),
        computeUnitPrice: try fields.optionalInteger("compute_unit_price"),
        memo: try fields.optionalString("memo"), version: version
    )
}
