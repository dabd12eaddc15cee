// gem-sign-harness: Algorand. op "transfer": {private_key, receiver, amount, asset_id? (absent: ALGO), fee,
// first_valid, last_valid?, genesis_id, genesis_hash (hex), note (hex)?, balance?, asset_balance?}.
// Answers raw (hex), encoded (hex, as the signer gives it), base64 (algosdk send_raw_transaction), hash (txid).
import Blockchain
import GemCrypto
import Primitives

func algorandHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "transfer" else { throw HarnessError("unknown op \(op)") }
    let asset: AlgorandSignerInput.Asset =
        if let id = try EdHarness.optionalUInt(input, "asset_id", as: UInt64.self) { .asset(id: id) } else { .native }
    let signerInput = AlgorandSignerInput(
        receiver: try EdHarness.string(input, "receiver"), asset: asset, amount: try EdHarness.big(input, "amount"),
        fee: try EdHarness.optionalUInt(input, "fee", as: UInt64.self),
        firstValid: try EdHarness.optionalUInt(input, "first_valid", as: UInt64.self),
        lastValid: try EdHarness.optionalUInt(input, "last_valid", as: UInt64.self),
        genesisId: try EdHarness.optionalString(input, "genesis_id"),
        genesisHash: try EdHarness.optionalHex(input, "genesis_hash"),
        note: try EdHarness.optionalHex(input, "note") ?? [],
        balance: try EdHarness.optionalBig(input, "balance"),
        assetBalance: try EdHarness.optionalBig(input, "asset_balance"))
    let signed = try AlgorandSigner.sign(signerInput, key: try EdHarness.key(input))
    return EdHarness.result(signed, extra: [("base64", .string(Base64.encode(signed.bytes)))])
}
