// The HyperCore signer driven from JSON (tests/signing/hypercore).
import Blockchain
import Primitives

func hyperCoreHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "sign" else { throw HarnessError("unknown op \(op)") }
    let key = try harnessSecp256k1Key(input)
    let action: HyperCoreSignerInput.Action
    switch input["action"]?.stringValue ?? "" {
    case "usdSend": action = .usdSend
    case "spotSend": action = .spotSend(token: input["token"]?.stringValue ?? "")
    case let other: throw HarnessError("unknown action \(other)")
    }
    let signed = try HyperCoreSigner.sign(HyperCoreSignerInput(
        action: action, destination: input["destination"]?.stringValue ?? "",
        amount: try harnessBigUInt(input["amount"], "amount") ?? .zero,
        decimals: Int(input["decimals"]?.int64Value ?? 0),
        time: try harnessUInt64(input["time"], "time"),
        balance: try harnessBigUInt(input["balance"], "balance"),
        signatureChainId: try harnessUInt64(input["signature_chain_id"], "signature_chain_id")
            ?? HyperCoreSignerInput.defaultSignatureChainId
    ), key: key)
    return .object([("encoded", .string(signed.encoded)), ("hash", .string(signed.hash))])
}
