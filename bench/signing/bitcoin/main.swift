// Bitcoin signing benchmark. In one run:
//   signer: BitcoinSigner.sign of a two-input P2WPKH Bitcoin transfer with change (address checks, coin
//           selection, the two BIP-143 sighashes, two RFC 6979 signatures, DER, serialization, txid, hex);
//   raw:    the floor under it: the same two BIP-143 sighashes (hashPrevouts, hashSequence, hashOutputs and each
//           input's preimage, double SHA-256 through libsodium) and two secp256k1_ecdsa_sign calls of libsecp256k1.
// Prints the medians, the signer/raw ratio against its bound (at most 1.3x), and one JSON line.
//
// Run: swift run -c release bench-signing-bitcoin [rounds]
import Blockchain
import CSecp256k1
import CSodium
import Dispatch
import Glibc
import GemCrypto
import Primitives

let rounds = CommandLine.arguments.count > 1 ? max(5, Int(CommandLine.arguments[1]) ?? 201) : 201
let iterations = 200

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Microseconds per call of each body: the median over `rounds` of the mean of `iterations` calls, the bodies'
/// batches taken in turn within each round.
func measureAlternating(_ bodies: [() throws -> Void]) throws -> [Double] {
    for body in bodies { for _ in 0..<iterations { try body() } }
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            let start = nanoseconds()
            for _ in 0..<iterations { try body() }
            samples[index].append(Double(nanoseconds() - start) / 1e3 / Double(iterations))
        }
    }
    return samples.map { $0.sorted()[$0.count / 2] }
}

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

// The wallet's key as the keystore derives it (BIP84 m/84'/0'/0'/0/0): derived once, outside the timing, as the
// raw side's key is.
let account = try ExtendedPrivateKey(seed: Mnemonic(
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about").seed())
    .derive(DerivationPath("m/84'/0'/0'/0/0"))
let key = account.privateKey
let keyBytes = key.secret.revealBytes()
let publicKey = account.publicKey
let sender = try BitcoinAddress.derive(publicKey, kind: .p2wpkh, network: UTXONetwork(
    segwitHrp: "bc", cashAddrPrefix: nil, p2pkhPrefix: [0x00], p2shPrefix: [0x05], extendedPublicKey: .zpub))
let utxos = [
    BitcoinUTXO(txid: String(repeating: "a1", count: 32), vout: 0, value: 60_000),
    BitcoinUTXO(txid: String(repeating: "b2", count: 32), vout: 1, value: 50_000),
]
let input = BitcoinSignerInput(chain: .bitcoin, senderAddress: sender,
                               destinationAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
                               amount: .exact(BigUInt(90_000)), feeRate: BigUInt(12), utxos: utxos)
let signed = try BitcoinSigner.sign(input, key: account)
let plan = try BitcoinSigner.prepare(input, publicKey: publicKey).plan
guard plan.inputs.count == 2, let change = plan.change else { fatalError("benchmark transfer must spend two inputs with change") }

// The raw floor: the same transaction's BIP-143 data, laid out once.
func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
let outpoints = try plan.inputs.map { try Array(Hex.decode($0.txid).reversed()) + le32($0.vout) }
let amounts = plan.inputs.map(\.value)
let recipientScript: [UInt8] = [0x00, 0x14] + (try Bech32.decodeSegwit(humanReadablePart: "bc", input.destinationAddress).program)
let changeScript: [UInt8] = [0x00, 0x14] + Hash.hash160(publicKey.compressed)
let outputsBytes = le64(plan.amount) + [UInt8(recipientScript.count)] + recipientScript
    + le64(change) + [UInt8(changeScript.count)] + changeScript
let scriptCode: [UInt8] = [0x19, 0x76, 0xA9, 0x14] + Hash.hash160(publicKey.compressed) + [0x88, 0xAC]
guard let ctx = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else { fatalError("no secp256k1 context") }
let seed32 = [UInt8](repeating: 7, count: 32)
_ = secp256k1_context_randomize(ctx, seed32)

@MainActor func sha256d(_ data: [UInt8]) -> [UInt8] {
    var once = [UInt8](repeating: 0, count: 32)
    var twice = [UInt8](repeating: 0, count: 32)
    _ = crypto_hash_sha256(&once, data, UInt64(data.count))
    _ = crypto_hash_sha256(&twice, once, 32)
    return twice
}

/// The two signatures' first bytes, summed, so the work cannot be dropped.
@MainActor func rawTwoSignatures() -> UInt8 {
    var sink: UInt8 = 0
    let hashPrevouts = sha256d(outpoints[0] + outpoints[1])
    let hashSequence = sha256d([UInt8](repeating: 0xFF, count: 8))
    let hashOutputs = sha256d(outputsBytes)
    for index in 0..<2 {
        let preimage = le32(2) + hashPrevouts + hashSequence + outpoints[index] + scriptCode + le64(amounts[index])
            + [0xFF, 0xFF, 0xFF, 0xFF] + hashOutputs + le32(0) + le32(1)
        let digest = sha256d(preimage)
        var signature = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_sign(ctx, &signature, digest, keyBytes, nil, nil)
        sink &+= signature.data.0
    }
    return sink
}

var signerSink = 0
// `--only signer|raw N`: N calls of one side and nothing else, for instruction counts
// (valgrind --tool=callgrind .build/release/bench-signing-bitcoin --only signer 100).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--only", let n = Int(CommandLine.arguments[3]) {
    var rawSink: UInt8 = 0
    for _ in 0..<n {
        if CommandLine.arguments[2] == "raw" { rawSink &+= rawTwoSignatures() } else if CommandLine.arguments[2] == "bare" { signerSink &+= try BitcoinSigner.sign(input, key: key).bytes.count }
        else { signerSink &+= try BitcoinSigner.sign(input, key: account).bytes.count }
    }
    print(signerSink &+ Int(rawSink))
    exit(0)
}
var rawSink: UInt8 = 0
// The three sides alternate batch by batch, so a change in the machine's load falls on all of them alike.
let medians = try measureAlternating([
    { signerSink &+= try BitcoinSigner.sign(input, key: account).bytes.count },
    { rawSink &+= rawTwoSignatures() },
    { signerSink &+= try BitcoinSigner.sign(input, key: key).bytes.count },
])
let (signerUs, rawUs, bareUs) = (medians[0], medians[1], medians[2])
let ratio = signerUs / rawUs

print("bitcoin p2wpkh, 2 inputs, 2 outputs (\(signed.bytes.count) bytes, txid \(signed.hash.prefix(16))…)")
print("  signer, derived key (sign(_:key: ExtendedPrivateKey))   \(format(signerUs)) us")
print("  raw (2 BIP-143 sighashes + 2 libsecp256k1 ECDSA)        \(format(rawUs)) us")
print("  signer, bare key (+1 point multiplication for the public key) \(format(bareUs)) us, \(format(bareUs / rawUs))x")
print("  ratio \(format(ratio))x (bound: at most 1.3x) \(ratio <= 1.3 ? "ok" : "OVER")")
print("{\"bench\":\"signing-bitcoin\",\"signer_us\":\(format(signerUs)),\"raw_us\":\(format(rawUs)),\"ratio\":\(format(ratio)),\"bare_key_us\":\(format(bareUs)),\"bound\":1.3,\"sinks\":\(signerSink &+ Int(rawSink))}")
