// The Bitcoin family (BTC, LTC, DOGE, BCH, ZEC) for gem-sign-harness.
//
// op "sign": {"chain", "private_key" (hex), "sender_address", "destination_address", "amount" (decimal or "max"),
//             "change_address"?, "fee_rate" (decimal), "utxos": [{"txid", "vout", "value" (decimal)}],
//             "consensus_branch_id"? (number), "expiry_height"? (number)}
//   -> {"raw", "encoded", "hash", "amount", "change" (or null), "fee", "inputs": ["txid:vout", ...]}
// op "sign_message": {"chain", "private_key", "address", "message" (UTF-8) or "message_hex"}
//   -> {"signature" (hex), "encoded" (base64)}
import Blockchain
import GemCrypto
import Primitives

func bitcoinHarness(_ op: String, _ input: JSON) throws -> JSON {
    let key = try bitcoinKey(input)
    guard let chainId = input["chain"]?.stringValue, let chain = Chain(rawValue: chainId) else {
        throw HarnessError("chain missing or unknown")
    }
    switch op {
    case "sign":
        let signerInput = try bitcoinSignerInput(input, chain: chain)
        let prepared = try BitcoinSigner.prepare(signerInput, publicKey: key.publicKey)
        let signed = try BitcoinSigner.sign(signerInput, key: key)
        return .object([
            ("raw", .string(Hex.encode(signed.bytes))),
            ("encoded", .string(signed.encoded)),
            ("hash", .string(signed.hash)),
            ("amount", .string(String(prepared.plan.amount))),
            ("change", prepared.plan.change.map { .string(String($0)) } ?? .null),
            ("fee", .string(String(prepared.plan.fee))),
            ("inputs", .array(prepared.plan.inputs.map { .string("\($0.txid):\($0.vout)") })),
        ])
    case "sign_message":
        let message: [UInt8]
        if let hex = input["message_hex"]?.stringValue {
            message = try Hex.decode(hex)
        } else if let text = input["message"]?.stringValue {
            message = Array(text.utf8)
        } else {
            throw HarnessError("message missing")
        }
        let signed = try BitcoinSigner.signMessage(
            BitcoinMessageInput(chain: chain, address: input["address"]?.stringValue ?? "", message: message), key: key)
        return .object([("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded))])
    default:
        throw HarnessError("unknown op \(op)")
    }
}

private func bitcoinKey(_ input: JSON) throws -> Secp256k1PrivateKey {
    guard let hex = input["private_key"]?.stringValue else { throw HarnessError("private_key missing") }
    do {
        return try Secp256k1PrivateKey(bytes: try Hex.decode(hex))
    } catch {
        throw SignerError.invalidPrivateKey
    }
}

private func bitcoinSignerInput(_ input: JSON, chain: Chain) throws -> BitcoinSignerInput {
    func decimal(_ name: String) throws -> BigUInt {
        guard let text = input[name]?.stringValue else { throw SignerError.missingField(name) }
        guard let value = BigUInt(text) else { throw HarnessError("\(name) is not a decimal") }
        return value
    }
    let amount: BitcoinSendAmount = input["amount"]?.stringValue == "max" ? .max : .exact(try decimal("amount"))
    let utxos = try (input["utxos"]?.arrayValue ?? []).map { item -> BitcoinUTXO in
        guard let txid = item["txid"]?.stringValue, let vout = item["vout"]?.int64Value,
              let valueText = item["value"]?.stringValue, let value = UInt64(valueText), let index = UInt32(exactly: vout)
        else { throw HarnessError("utxo needs txid, vout and a decimal value") }
        return BitcoinUTXO(txid: txid, vout: index, value: value)
    }
    return BitcoinSignerInput(
        chain: chain,
        senderAddress: input["sender_address"]?.stringValue ?? "",
        destinationAddress: input["destination_address"]?.stringValue ?? "",
        amount: amount,
        changeAddress: input["change_address"]?.stringValue,
        feeRate: try decimal("fee_rate"),
        utxos: utxos,
        consensusBranchId: input["consensus_branch_id"]?.int64Value.flatMap { UInt32(exactly: $0) },
        expiryHeight: input["expiry_height"]?.int64Value.flatMap { UInt32(exactly: $0) })
}
