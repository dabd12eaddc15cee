// The Xrp family in gem-sign-harness: "sign" (Payment in XRP or an issued currency).
// sign: {private_key (hex), destination, amount (drops) | currency + issuer + value, destination_tag?,
//        memos? [{type?, data?, format?} hex], fee, sequence?, last_ledger_sequence?, flags?, balance,
//        token_balance?} -> {raw (hex blob), encoded (upper-case hex tx_blob), hash}
import Blockchain
import Primitives

func xrpHarness(_ op: String, _ input: JSON) throws -> JSON {
    let fields = try CTXFields(input)
    let key = try fields.secp256k1Key()
    guard op == "sign" else { throw HarnessError("xrp: unknown op \(op)") }
    let amount: XrpSignerInput.Amount
    if let currency = try fields.optionalString("currency") {
        amount = .issued(currency: currency, issuer: try fields.string("issuer"), value: try fields.string("value"))
    } else {
        amount = .xrp(drops: try fields.big("amount"))
    }
    var memos: [XrpSignerInput.Memo] = []
    for memo in input["memos"]?.arrayValue ?? [] {
        let memoFields = try CTXFields(memo)
        memos.append(XrpSignerInput.Memo(type: try memoFields.optionalHex("type") ?? [],
                                         data: try memoFields.optionalHex("data") ?? [],
                                         format: try memoFields.optionalHex("format") ?? []))
    }
    let signerInput = XrpSignerInput(
        amount: amount,
        destination: try fields.string("destination"),
        destinationTag: try fields.optionalUInt32("destination_tag"),
        memos: memos,
        fee: try fields.big("fee"),
        sequence: try fields.optionalUInt32("sequence"),
        lastLedgerSequence: try fields.optionalUInt32("last_ledger_sequence"),
        flags: try fields.optionalUInt32("flags") ?? 0,
        balance: try fields.big("balance"),
        tokenBalance: try fields.optionalString("token_balance")
    )
    return CTXFields.transaction(try XrpSigner.sign(signerInput, key: key))
}
