// The Polkadot (Asset Hub) signer driven from JSON for tests/signing/polkadot.
// op "transfer": input {private_key (hex ed25519 seed), sender, recipient, value, balance, fee, tip (decimal
// strings), nonce, block_number, era_period, spec_version, transaction_version (integers), block_hash,
// genesis_hash (0x-hex)}; absent optional fields stay absent so the signer's refusals are reachable.
// Answer {raw, encoded, hash}.
import Blockchain
import GemCrypto
import Primitives

func polkadotHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "transfer" else { throw HarnessError("polkadot: unknown op \(op)") }
    let key: Ed25519PrivateKey
    do {
        key = try Ed25519PrivateKey(seed: try Hex.decode(input["private_key"]?.stringValue ?? "", allowPrefix: true))
    } catch {
        throw SignerError.invalidPrivateKey
    }
    let signed = try PolkadotSigner.sign(
        PolkadotSignerInput(
            sender: input["sender"]?.stringValue ?? "",
            recipient: input["recipient"]?.stringValue ?? "",
            value: try big(input, "value") ?? 0,
            balance: try big(input, "balance"),
            fee: try big(input, "fee") ?? 0,
            tip: try big(input, "tip") ?? 0,
            nonce: try integer(input, "nonce").map { try u32($0, "nonce") },
            blockNumber: try integer(input, "block_number"),
            blockHash: try bytes(input, "block_hash"),
            eraPeriod: try integer(input, "era_period"),
            genesisHash: try bytes(input, "genesis_hash"),
            specVersion: try integer(input, "spec_version").map { try u32($0, "spec_version") },
            transactionVersion: try integer(input, "transaction_version").map { try u32($0, "transaction_version") }
        ),
        key: key
    )
    return .object([
        ("raw", .string(Hex.encode(signed.bytes))),
        ("encoded", .string(signed.encoded)),
        ("hash", .string(signed.hash)),
    ])
}

private func big(_ input: JSON, _ name: String) throws -> BigUInt? {
    guard let value = input[name], !value.isNull else { return nil }
    guard let text = value.stringValue, let number = BigUInt(text) else { throw HarnessError("polkadot: \(name) must be a decimal string") }
    return number
}

private func integer(_ input: JSON, _ name: String) throws -> UInt64? {
    guard let value = input[name], !value.isNull else { return nil }
    guard let number = value.int64Value, number >= 0 else { throw HarnessError("polkadot: \(name) must be a non-negative integer") }
    return UInt64(number)
}

private func u32(_ value: UInt64, _ name: String) throws -> UInt32 {
    guard let narrow = UInt32(exactly: value) else { throw SignerError.amountOutOfRange(name) }
    return narrow
}

private func bytes(_ input: JSON, _ name: String) throws -> [UInt8] {
    guard let text = input[name]?.stringValue else { return [] }
    do {
        return try Hex.decode(text, allowPrefix: true)
    } catch {
        throw HarnessError("polkadot: \(name) is not hex")
    }
}
