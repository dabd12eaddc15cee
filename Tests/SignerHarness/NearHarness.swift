// gem-sign-harness: NEAR. op "transfer": {private_key, receiver, amount, nonce, block_hash (hex), balance?}.
import Blockchain
import Primitives

func nearHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "transfer" else { throw HarnessError("unknown op \(op)") }
    let signerInput = NearSignerInput(
        receiver: try EdHarness.string(input, "receiver"),
        amount: try EdHarness.big(input, "amount"),
        nonce: try EdHarness.optionalUInt(input, "nonce", as: UInt64.self),
        blockHash: try EdHarness.optionalHex(input, "block_hash"),
        balance: try EdHarness.optionalBig(input, "balance"))
    return EdHarness.result(try NearSigner.sign(signerInput, key: try EdHarness.key(input)))
}
