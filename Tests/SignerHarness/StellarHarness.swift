// gem-sign-harness: Stellar. op "transfer": {private_key, destination, amount, fee, account_sequence,
// destination_exists (bool), asset_code? + asset_issuer? (absent: XLM), memo_text? | memo_id?, valid_after?,
// valid_until, balance?, network_passphrase?}.
import Blockchain
import Primitives

func stellarHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "transfer" else { throw HarnessError("unknown op \(op)") }
    let asset: StellarSignerInput.Asset =
        if let code = try EdHarness.optionalString(input, "asset_code") {
            .credit(code: code, issuer: try EdHarness.string(input, "asset_issuer"))
        } else { .native }
    let memo: StellarSignerInput.Memo =
        if let text = try EdHarness.optionalString(input, "memo_text") {
            .text(text)
        } else if let id = try EdHarness.optionalUInt(input, "memo_id", as: UInt64.self) {
            .id(id)
        } else { .none }
    var sequence: Int64?
    if let text = try EdHarness.optionalString(input, "account_sequence") {
        guard let value = Int64(text) else { throw HarnessError("account_sequence: not an int64") }
        sequence = value
    }
    let signerInput = StellarSignerInput(
        destination: try EdHarness.string(input, "destination"), asset: asset, amount: try EdHarness.big(input, "amount"),
        fee: try EdHarness.optionalUInt(input, "fee", as: UInt32.self), accountSequence: sequence,
        destinationExists: try EdHarness.optionalBool(input, "destination_exists"), memo: memo,
        validAfter: try EdHarness.optionalUInt(input, "valid_after", as: UInt64.self) ?? 0,
        validUntil: try EdHarness.optionalUInt(input, "valid_until", as: UInt64.self),
        balance: try EdHarness.optionalBig(input, "balance"),
        networkPassphrase: try EdHarness.optionalString(input, "network_passphrase")
            ?? StellarSignerInput.publicNetworkPassphrase)
    return EdHarness.result(try StellarSigner.sign(signerInput, key: try EdHarness.key(input)))
}
