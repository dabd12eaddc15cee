// The Cardano signer driven from JSON for tests/signing/cardano.
// op "transfer": input {mnemonic, path (default m/1852'/1815'/0'/0/0), sender, recipient, amount (decimal
// string), ttl (integer), utxos [{tx_hash (hex), index, lovelace (decimal string), has_tokens}], optional
// parameters {min_fee_a, min_fee_b, coins_per_utxo_byte, max_tx_size}}. Answer {raw, encoded, hash, fee,
// change (decimal strings, change null without a change output), inputs (how many UTxOs are spent)}.
import Blockchain
import GemCrypto
import Primitives

func cardanoHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "transfer" else { throw HarnessError("cardano: unknown op \(op)") }
    let key: CardanoHDKey
    do {
        let mnemonic = try Mnemonic(input["mnemonic"]?.stringValue ?? "")
        key = try CardanoHDKey(mnemonic: mnemonic).derive(try DerivationPath(input["path"]?.stringValue ?? "m/1852'/1815'/0'/0/0"))
    } catch {
        throw SignerError.invalidPrivateKey
    }
    var parameters = CardanoProtocolParameters.mainnet
    if let given = input["parameters"], !given.isNull {
        parameters = CardanoProtocolParameters(
            minFeeA: try number(given, "min_fee_a") ?? parameters.minFeeA,
            minFeeB: try number(given, "min_fee_b") ?? parameters.minFeeB,
            coinsPerUTxOByte: try number(given, "coins_per_utxo_byte") ?? parameters.coinsPerUTxOByte,
            maxTxSize: Int(try number(given, "max_tx_size") ?? UInt64(parameters.maxTxSize))
        )
    }
    var utxos: [CardanoUTXO] = []
    for utxo in input["utxos"]?.arrayValue ?? [] {
        guard let id = try? Hex.decode(utxo["tx_hash"]?.stringValue ?? "", allowPrefix: true),
              let index = try number(utxo, "index"), let index32 = UInt32(exactly: index),
              let lovelace = BigUInt(utxo["lovelace"]?.stringValue ?? "")
        else { throw HarnessError("cardano: a utxo needs tx_hash, index and lovelace") }
        utxos.append(CardanoUTXO(transactionId: id, index: index32, lovelace: lovelace, hasTokens: utxo["has_tokens"]?.boolValue ?? false))
    }
    guard let amount = BigUInt(input["amount"]?.stringValue ?? "") else { throw HarnessError("cardano: amount must be a decimal string") }
    let transfer = CardanoSignerInput(
        sender: input["sender"]?.stringValue ?? "",
        recipient: input["recipient"]?.stringValue ?? "",
        amount: amount,
        utxos: utxos,
        ttl: try number(input, "ttl"),
        parameters: parameters
    )
    let plan = try CardanoSigner.plan(transfer, publicKey: key.publicKey)
    let signed = try CardanoSigner.sign(transfer, key: key)
    return .object([
        ("raw", .string(Hex.encode(signed.bytes))),
        ("encoded", .string(signed.encoded)),
        ("hash", .string(signed.hash)),
        ("fee", .string(plan.fee.description)),
        ("change", plan.change.map { .string($0.description) } ?? .null),
        ("inputs", .int(Int64(plan.inputs.count))),
    ])
}

private func number(_ input: JSON, _ name: String) throws -> UInt64? {
    guard let value = input[name], !value.isNull else { return nil }
    guard let number = value.int64Value, number >= 0 else { throw HarnessError("cardano: \(name) must be a non-negative integer") }
    return UInt64(number)
}
