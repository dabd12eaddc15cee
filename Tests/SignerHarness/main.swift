// gem-sign-harness: the signers of Blockchain/<Family>/ driven from JSON, for the oracle tests in
// tests/signing/ (Python, pinned SDKs and virtual machines) that decode, verify and execute what they sign.
// Test tooling only: not part of libgemstone.so, never shipped.
//
// stdin: a JSON array of requests {"family": "...", "op": "...", "input": {...}}
// stdout: a JSON array of results in the same order, each {"ok": {...}} or {"error": "<SignerError>"}.
// A family's requests are decoded and answered by its <Family>Harness.swift beside this file.
import Blockchain
import Primitives

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One family's entry point: answers `op` for `input` with a JSON object, or throws (a `SignerError`
/// to report, a `HarnessError` when the request itself is malformed).
typealias FamilyHarness = (_ op: String, _ input: JSON) throws -> JSON

/// The harness of each family, by the name requests give it. A family adds one line here.
func harness(for family: String) -> FamilyHarness? {
    switch family {
    case "harness": echoHarness
    case "polkadot": polkadotHarness
    case "cardano": cardanoHarness
    case "cosmos": cosmosHarness
    case "tron": tronHarness
    case "xrp": xrpHarness
    case "ethereum": ethereumHarness
    case "hypercore": hyperCoreHarness
    case "near": nearHarness
    case "algorand": algorandHarness
    case "stellar": stellarHarness
    case "ton": tonHarness
    case "solana": solanaHarness
    case "sui": suiHarness
    case "aptos": aptosHarness
    case "bitcoin": bitcoinHarness
    default: nil
    }
}

/// The harness's own self-check: echoes its input so the Python side can test the pipe.
func echoHarness(_ op: String, _ input: JSON) throws -> JSON {
    guard op == "echo" else { throw HarnessError("unknown op \(op)") }
    return input
}

func answer(_ request: JSON) -> JSON {
    guard let family = request["family"]?.stringValue, let op = request["op"]?.stringValue else {
        return .object([("error", .string("harness: request needs family and op"))])
    }
    guard let run = harness(for: family) else {
        return .object([("error", .string("harness: unknown family \(family)"))])
    }
    do {
        return .object([("ok", try run(op, request["input"] ?? .null))])
    } catch let error as SignerError {
        return .object([("error", .string(String(describing: error)))])
    } catch {
        return .object([("error", .string("harness: \(error)"))])
    }
}

var input: [UInt8] = []
while let line = readLine(strippingNewline: false) { input.append(contentsOf: line.utf8) }
do {
    guard let requests = try JSONParser.parse(input).arrayValue else { throw HarnessError("stdin is not a JSON array") }
    let results = JSON.array(requests.map(answer))
    print(String(decoding: JSONWriter.bytes(results), as: UTF8.self))
} catch {
    print("{\"harness_error\":\"\(error)\"}")
}
