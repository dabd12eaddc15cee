// gem-sign-harness: TON v4R2.
// op "transfer": {private_key, destination, amount, comment?, seqno?, deployed?, valid_until?, balance?, workchain?,
//   sender_jetton_wallet? (a jetton transfer when present) + attached_amount, forward_amount?, query_id?,
//   jetton_balance?}. Answers raw (BoC hex), encoded (base64 BoC), hash (hex external message hash),
//   normalized_hash (TEP-467, hex).
// op "proof": {private_key, domain, timestamp, payload, workchain?}. Answers signature (hex), encoded (base64).
// op "state_init": {private_key, workchain?}. Answers encoded (base64 BoC of the wallet's StateInit).
import Blockchain
import GemCrypto
import Primitives

func tonHarness(_ op: String, _ input: JSON) throws -> JSON {
    let key = try EdHarness.key(input)
    var workchain: Int8 = 0
    if let value = input["workchain"]?.int64Value {
        guard let chain = Int8(exactly: value) else { throw HarnessError("workchain: out of range") }
        workchain = chain
    }
    switch op {
    case "transfer":
        var asset = TonSignerInput.Asset.native
        if let jettonWallet = try EdHarness.optionalString(input, "sender_jetton_wallet") {
            asset = .jetton(
                TonSignerInput.JettonTransfer(
                    senderJettonWallet: jettonWallet, attachedAmount: try EdHarness.big(input, "attached_amount"),
                    forwardAmount: try EdHarness.optionalBig(input, "forward_amount") ?? BigUInt(1),
                    queryId: try EdHarness.optionalUInt(input, "query_id", as: UInt64.self) ?? 0,
                    jettonBalance: try EdHarness.optionalBig(input, "jetton_balance")))
        }
        let signerInput = TonSignerInput(
            destination: try EdHarness.string(input, "destination"), asset: asset,
            amount: try EdHarness.big(input, "amount"), comment: try EdHarness.optionalString(input, "comment"),
            seqno: try EdHarness.optionalUInt(input, "seqno", as: UInt32.self),
            deployed: try EdHarness.optionalBool(input, "deployed"),
            validUntil: try EdHarness.optionalUInt(input, "valid_until", as: UInt32.self),
            balance: try EdHarness.optionalBig(input, "balance"), workchain: workchain)
        let signed = try TonSigner.signTransfer(signerInput, key: key)
        return EdHarness.result(signed.transaction, extra: [("normalized_hash", .string(signed.normalizedHash))])
    case "proof":
        let proof = TonProofInput(
            domain: try EdHarness.string(input, "domain"),
            timestamp: try EdHarness.optionalUInt(input, "timestamp", as: UInt64.self) ?? 0,
            payload: try EdHarness.string(input, "payload"), workchain: workchain)
        let signed = try TonSigner.signProof(proof, key: key)
        return .object([("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded))])
    case "state_init":
        return .object([
            ("encoded", .string(try TonSigner.walletStateInit(publicKey: key.publicKey.bytes, workchain: workchain)))
        ])
    default:
        throw HarnessError("unknown op \(op)")
    }
}
