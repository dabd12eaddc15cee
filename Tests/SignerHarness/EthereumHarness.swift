// The EVM signer driven from JSON (tests/signing/ethereum). Big integers are decimal strings (or JSON integers),
// bytes are hex (0x optional); an absent metadata field reaches the signer as nil, which refuses it by name.
import Blockchain
import GemCrypto
import Primitives

func ethereumHarness(_ op: String, _ input: JSON) throws -> JSON {
    let key = try harnessSecp256k1Key(input)
    switch op {
    case "sign":
        let signed = try EthereumSigner.sign(try ethereumInput(input), key: key)
        return .object([("raw", .string(Hex.encode(signed.bytes))), ("encoded", .string(signed.encoded)), ("hash", .string(signed.hash))])
    case "personal_sign":
        let message = try harnessHex(input["message"], "message") ?? []
        let signed = try EthereumSigner.signPersonalMessage(message, key: key)
        return .object([("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded))])
    case "sign_typed_data":
        guard let typedData = input["typed_data"] else { throw HarnessError("typed_data missing") }
        let text = typedData.stringValue ?? JSONWriter.string(typedData)
        let signed = try EthereumSigner.signTypedData(text, key: key)
        return .object([
            ("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded)),
            ("digest", .string(Hex.encode(try EIP712.digest(json: text)))),
        ])
    default:
        throw HarnessError("unknown op \(op)")
    }
}

func ethereumInput(_ input: JSON) throws -> EthereumSignerInput {
    var chain: Chain?
    if let id = input["chain"]?.stringValue {
        guard let known = Chain(rawValue: id) else { throw HarnessError("unknown chain \(id)") }
        chain = known
    }
    let type: EthereumSignerInput.TransactionType
    switch input["type"]?.stringValue ?? "eip1559" {
    case "eip1559": type = .eip1559
    case "legacy": type = .legacy
    case let other: throw HarnessError("unknown type \(other)")
    }
    let to = input["to"]?.stringValue ?? ""
    let operation: EthereumSignerInput.Operation
    switch input["operation"]?.stringValue ?? "transfer" {
    case "transfer":
        operation = .transfer(to: to, value: try harnessBigUInt(input["value"], "value") ?? .zero)
    case "contract_call":
        operation = .contractCall(to: to, value: try harnessBigUInt(input["value"], "value") ?? .zero,
                                  data: try harnessHex(input["data"], "data") ?? [])
    case "token_transfer":
        operation = .tokenTransfer(token: input["token"]?.stringValue ?? "", to: to,
                                   amount: try harnessBigUInt(input["amount"], "amount") ?? .zero)
    case "token_approve":
        operation = .tokenApprove(token: input["token"]?.stringValue ?? "", spender: input["spender"]?.stringValue ?? "",
                                  amount: try harnessBigUInt(input["amount"], "amount") ?? .zero)
    case let other: throw HarnessError("unknown operation \(other)")
    }
    return EthereumSignerInput(
        chain: chain, type: type, operation: operation,
        nonce: try harnessUInt64(input["nonce"], "nonce"), gasLimit: try harnessUInt64(input["gas_limit"], "gas_limit"),
        maxFeePerGas: try harnessBigUInt(input["max_fee_per_gas"], "max_fee_per_gas"),
        maxPriorityFeePerGas: try harnessBigUInt(input["max_priority_fee_per_gas"], "max_priority_fee_per_gas"),
        gasPrice: try harnessBigUInt(input["gas_price"], "gas_price"),
        balance: try harnessBigUInt(input["balance"], "balance"),
        tokenBalance: try harnessBigUInt(input["token_balance"], "token_balance")
    )
}

/// "key": the 32-byte secp256k1 private key in hex.
func harnessSecp256k1Key(_ input: JSON) throws -> Secp256k1PrivateKey {
    guard let bytes = try harnessHex(input["key"], "key") else { throw HarnessError("key missing") }
    do {
        return try Secp256k1PrivateKey(bytes: bytes)
    } catch {
        throw SignerError.invalidPrivateKey
    }
}

func harnessHex(_ value: JSON?, _ field: String) throws -> [UInt8]? {
    guard let value, !value.isNull else { return nil }
    guard let text = value.stringValue else { throw HarnessError("\(field) is not a hex string") }
    return try Hex.decode(text, allowPrefix: true)
}

func harnessBigUInt(_ value: JSON?, _ field: String) throws -> BigUInt? {
    guard let value, !value.isNull else { return nil }
    if let number = value.int64Value, number >= 0 { return BigUInt(UInt64(number)) }
    guard let text = value.stringValue, let parsed = BigUInt(text) else { throw HarnessError("\(field) is not a decimal integer") }
    return parsed
}

func harnessUInt64(_ value: JSON?, _ field: String) throws -> UInt64? {
    guard let big = try harnessBigUInt(value, field) else { return nil }
    guard let small = big.uint64 else { throw HarnessError("\(field) does not fit 64 bits") }
    return small
}
